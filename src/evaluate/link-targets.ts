/**
 * Where the protected files and folders lead when they are links. A protected file is protected by
 * its name (`.claude/settings.json`, `~/.bashrc`, `.git/hooks/pre-commit`), but dotfile managers
 * (stow, chezmoi, yadm), shared configurations and shared git hooks make it a link:
 * `~/.bashrc -> ~/dotfiles/bashrc`, `.claude -> shared/claude`,
 * `.git/hooks/pre-commit -> ../../scripts/pre-commit`. A write to the target is a write to the
 * protected file; the file system view says where each link goes (decision 0030: a link is an
 * alias). Red team 24 (RT24-A): only the settings were resolved, so `echo … >> ~/dotfiles/bashrc`
 * ran at the next `bash -i` and a hook written as `scripts/pre-commit` at the next commit.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside, protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import type { Policy } from '../settings/types.js';
import { resolveAsKernel, whereLinkLeads, writtenNames } from '../paths/real.js';
import { linkLook, type LinkLook } from './link-look.js';

/** A name toolgate protects and where the file system view resolves it. */
export interface LinkedProtected {
  /** The protected name (`/home/user/project/.claude/settings.json`). */
  name: string;
  /** What it resolves to, another path (`/home/user/project/config/claude-settings.json`). */
  target: string;
  /** What the name is, as a person reads it (`a protected path (.bashrc)`, `a git hook`); absent for a settings file or folder. */
  entry?: string;
  /** The other links met on the way from the name to the target (`scripts` of `.git/hooks/pre-commit -> ../../scripts/pre-commit`, `scripts -> tools/hooks`): putting another link or folder there changes where the name leads. */
  via?: readonly string[];
  /** The first name on the way that does not exist yet (`conf` of `.claude -> conf/claude`): making it decides what the name is. */
  missing?: string;
}

/**
 * Where `name` leads, with the links met and the first missing name on the way
 * ({@link resolveAsKernel}); `undefined` when it leads nowhere else. A name that exists and is
 * its own real path is no link and has none on its way: one `realpath`. A missing name is asked
 * whether it is itself a link (a missing name below a dangling link is that link's own entry).
 */
function leadOf(name: string, view: ReadonlyFsView): Omit<LinkedProtected, 'entry'> | undefined {
  const real = view.realpath(name);
  if (real === name || (real === undefined && view.isSymlink?.(name) !== true)) return undefined;
  const k = view.isSymlink !== undefined && view.readlink !== undefined ? resolveAsKernel(name, view) : undefined;
  const target = real ?? k?.path ?? whereLinkLeads(name, view);
  if (target === undefined || target === name) return undefined;
  const via = k?.via.filter((v) => v !== name) ?? [];
  return { name, target, ...(via.length > 0 ? { via } : {}), ...(k?.missing !== undefined ? { missing: k.missing } : {}) };
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
  const h = trimmed(home);
  names.add(`${h}/.claude`).add(`${h}/.claude/settings.json`).add(`${h}/.claude/settings.local.json`).add(`${h}/.claude.json`);
  if (projectDir !== undefined) {
    const p = trimmed(projectDir);
    names.add(`${p}/.claude`).add(`${p}/.claude/settings.json`).add(`${p}/.claude/settings.local.json`).add(`${p}/.mcp.json`);
  }
  for (const r of policy.rules) if (r.source.file !== undefined) names.add(r.source.file);
  for (const g of policy.hooks) if (g.source.file !== undefined) names.add(g.source.file);
  for (const b of policy.brokenFiles ?? []) if (b.source.file !== undefined) names.add(b.source.file);
  const out: LinkedProtected[] = [];
  for (const name of names) {
    const lead = leadOf(name, view);
    if (lead !== undefined) out.push(lead);
  }
  return out;
}

/**
 * The protected files and folders (by `spec`) that are links, where a user keeps them: directly in
 * the home directory and the project (`~/.bashrc`, `~/.config/git`, `.envrc`, `.vscode`), one level
 * inside a protected folder there (`.git/config`, `~/.config/git/config`), and `folders` and their
 * entries, each said by its own entry (the folders git takes hooks from: `.git/hooks/pre-commit`;
 * `~/.ssh`, whose files are guarded apart from the list: `~/.ssh/config`). Deeper
 * links are not looked for: the view is asked a few directory listings, not a walk. Without a
 * view, none.
 */
export function linkedProtected(
  spec: ProtectedPathSpec,
  bases: readonly string[],
  folders: readonly { path: string; entry: string }[],
  view: ReadonlyFsView | undefined,
  look: LinkLook | undefined = view && linkLook(view),
): LinkedProtected[] {
  if (view === undefined || look === undefined) return [];
  const out: LinkedProtected[] = [];
  const seen = new Set<string>();
  const files = new Set(spec.files.map((f) => f.toLowerCase()));
  const dirsByFirst = new Map<string, string[]>();
  for (const d of spec.dirs) {
    const first = d.split('/')[0]!.toLowerCase();
    dirsByFirst.set(first, [...(dirsByFirst.get(first) ?? []), d.slice(d.indexOf('/') + 1 || d.length)]);
  }
  const consider = (name: string, listInside: boolean): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const entry = protectedPathMatch(name, spec);
    if (entry === undefined) return;
    // A folder is resolved whole (its parent may be the link: `~/go -> /data/go` for `go/bin`); a
    // file is asked whether it is a link first, one lstat where most are not.
    if (listInside || isLink(view, name)) {
      const lead = leadOf(name, view);
      if (lead !== undefined) return void out.push({ ...lead, entry: `a protected path (${entry})` });
    }
    if (listInside) for (const child of view.list?.(name) ?? []) consider(`${name}/${child}`, false);
  };
  for (const base of [...new Set(bases.map(trimmed))]) {
    const present = view.list?.(base || '/');
    const firsts = present ?? [...new Set([...spec.files, ...spec.dirs.map((d) => d.split('/')[0]!)])];
    for (const e of firsts) {
      const lower = e.toLowerCase();
      if (files.has(lower)) consider(`${base}/${e}`, false);
      for (const rest of dirsByFirst.get(lower) ?? []) consider(rest === '' ? `${base}/${e}` : `${base}/${e}/${rest}`, true);
    }
  }
  for (const { path, entry } of folders) {
    const folder = trimmed(path);
    const lead = leadOf(folder, view);
    if (lead !== undefined) out.push({ ...lead, entry });
    else
      for (const { name } of look.linksIn(folder, undefined, (n) => look.realpath(n) ?? whereLinkLeads(n, view))) {
        if (seen.has(name)) continue;
        seen.add(name);
        const l = leadOf(name, view);
        if (l !== undefined) out.push({ ...l, entry });
      }
  }
  return out;
}

/**
 * Why writing `written` (resolved: `real`) rewrites a protected file or folder through a link, or
 * `undefined`: it is a link's target or inside a linked folder's target; or, for a write that
 * `holder` says removes or fills a folder (`mv scripts scripts.old`, `cp -r x/. conf`, `tar -C`),
 * a folder holding the target — the next write there, or what is moved in, becomes the protected
 * file (replay 24, RP24-L1); or it replaces a link on the way to the target, or makes the first
 * missing name on the way from a source (`madeFromSource`: a link, a copy) — the name then leads
 * into what is put there (replay 25, RP25-L2).
 */
export function linkTargetWrite(
  written: string,
  real: string | undefined,
  linked: readonly LinkedProtected[],
  holder?: 'removes' | 'fills',
  madeFromSource = false,
): string | undefined {
  for (const p of writtenNames(written, real)) {
    const hit = linked.find((l) => isInside(p, l.target));
    if (hit !== undefined)
      return `${hit.name} is a link to ${hit.target}: writing ${p === hit.target ? 'the target' : 'inside the target'} ${changes(hit)}`;
    const held = holder === undefined ? undefined : linked.find((l) => isInside(l.target, p));
    if (held !== undefined)
      return `${held.name} is a link to ${held.target}: ${holder === 'removes' ? 'moving or removing' : 'filling'} ${p}, which holds the target, ${changes(held)}`;
    // A link on the way replaced (`ln -sfn evil scripts`), or the missing name on the way made
    // (`ln -s staged conf` with `.claude -> conf/claude`): the name then leads into what is put there (replay 25, RP25-L2).
    const onWay = linked.find((l) => l.via?.some((v) => v === p || (holder !== undefined && isInside(v, p))) === true);
    if (onWay !== undefined)
      return `${onWay.name} leads to ${onWay.target} through the link ${onWay.via!.find((v) => v === p || isInside(v, p))}: ${holder === 'removes' ? 'moving or removing' : 'writing'} ${p} ${changes(onWay)}`;
    // An empty folder or a file made there leaves the name dangling or broken (`mkdir -p scripts`);
    // a link, a moved or copied tree gives it the content of another (`ln -s staged conf`).
    const made =
      holder === 'fills' || holder === 'removes' || madeFromSource
        ? linked.find((l) => l.missing !== undefined && (p === l.missing || (holder === 'removes' && isInside(l.missing, p))))
        : undefined;
    if (made !== undefined)
      return `${made.name} leads to ${made.target}, and ${made.missing} does not exist yet: making ${p} ${changes(made)}`;
  }
  return undefined;
}

function changes(l: LinkedProtected): string {
  return l.entry === undefined ? 'rewrites the settings' : `changes ${l.entry}`;
}

function isLink(view: ReadonlyFsView, name: string): boolean {
  return view.isSymlink !== undefined ? view.isSymlink(name) : (view.realpath(name) ?? name) !== name;
}

function trimmed(dir: string): string {
  return dir === '/' ? '' : dir.replace(/\/+$/, '');
}
