/**
 * Where the settings files and the folders of settings lead when they are links. A settings file
 * is protected by its name (`.claude/settings.json`), but dotfile managers (stow, chezmoi) and
 * shared configurations make it a link: `~/.claude/settings.json -> ~/dotfiles/claude/settings.json`,
 * `.claude -> shared/claude`. A write to the target is a write to the settings file; the file
 * system view says where each link goes (decision 0030: a link is an alias).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import type { Policy } from '../settings/types.js';

/** A name toolgate protects and where the file system view resolves it. */
export interface LinkedProtected {
  /** The protected name (`/home/user/project/.claude/settings.json`). */
  name: string;
  /** What it resolves to, another path (`/home/user/project/config/claude-settings.json`). */
  target: string;
}

/**
 * The settings files and settings folders whose resolved path differs from their name: the
 * project's and the user's `.claude` folder and settings files, `~/.claude.json`, and every file
 * the policy's rules and hooks were read from (managed settings, `--settings` files). Without a
 * view, none.
 */
export function linkedSettings(
  policy: Policy,
  projectDir: string | undefined,
  home: string,
  view: ReadonlyFsView | undefined,
): LinkedProtected[] {
  if (view === undefined) return [];
  const names = new Set<string>();
  const h = home === '/' ? '' : home;
  names.add(`${h}/.claude`).add(`${h}/.claude/settings.json`).add(`${h}/.claude/settings.local.json`).add(`${h}/.claude.json`);
  if (projectDir !== undefined) {
    const p = projectDir === '/' ? '' : projectDir.replace(/\/+$/, '');
    names.add(`${p}/.claude`).add(`${p}/.claude/settings.json`).add(`${p}/.claude/settings.local.json`).add(`${p}/.mcp.json`);
  }
  for (const r of policy.rules) if (r.source.file !== undefined) names.add(r.source.file);
  for (const g of policy.hooks) if (g.source.file !== undefined) names.add(g.source.file);
  for (const b of policy.brokenFiles ?? []) if (b.source.file !== undefined) names.add(b.source.file);
  const out: LinkedProtected[] = [];
  for (const name of names) {
    const target = view.realpath(name);
    if (target !== undefined && target !== name) out.push({ name, target });
  }
  return out;
}

/**
 * Why writing `written` (resolved: `real`) rewrites a settings file or folder through a link, or
 * `undefined`: it is a link's target or inside a linked folder's target.
 */
export function linkTargetWrite(written: string, real: string | undefined, linked: readonly LinkedProtected[]): string | undefined {
  for (const p of real === undefined || real === written ? [written] : [written, real]) {
    const hit = linked.find((l) => isInside(p, l.target));
    if (hit !== undefined)
      return `${hit.name} is a link to ${hit.target}: writing ${p === hit.target ? 'the target' : 'inside the target'} rewrites the settings`;
  }
  return undefined;
}
