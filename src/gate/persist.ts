import type { FileSystem } from '../core/ports.js';
import type { PermissionUpdate } from '../core/types.js';
import { updateSettingsFile, type SettingsChange } from '../settings/index.js';
import { mkdirp } from '../settings/mkdirp.js';
import { ruleValueText } from './session.js';

/** Where a file destination lives. */
export interface SettingsPaths {
  projectDir: string;
  home: string;
  configDirName: string;
}

/** The settings file a destination writes to (Agent SDK `PermissionUpdateDestination`). */
export function settingsFileFor(destination: PermissionUpdate['destination'], p: SettingsPaths): string | undefined {
  const dir = p.configDirName;
  switch (destination) {
    case 'localSettings':
      return `${trimSlash(p.projectDir)}/${dir}/settings.local.json`;
    case 'projectSettings':
      return `${trimSlash(p.projectDir)}/${dir}/settings.json`;
    case 'userSettings':
      return `${trimSlash(p.home)}/${dir}/settings.json`;
    default:
      return undefined;
  }
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

type Json = Record<string, unknown>;

/**
 * Apply one update to a settings file's JSON, keeping every other key. Returns the new object, or
 * a reason it cannot be applied to a file.
 */
export function applyToSettingsJson(json: Json, update: PermissionUpdate): Json | string {
  const out: Json = { ...json };
  const perms: Json = isObject(out['permissions']) ? { ...(out['permissions'] as Json) } : {};
  const list = (key: string): string[] =>
    Array.isArray(perms[key]) ? (perms[key] as unknown[]).filter((x): x is string => typeof x === 'string') : [];
  const keepOthers = (key: string): unknown[] =>
    Array.isArray(perms[key]) ? (perms[key] as unknown[]).filter((x) => typeof x !== 'string') : [];
  switch (update.type) {
    case 'addRules': {
      const current = list(update.behavior);
      for (const r of update.rules.map(ruleValueText)) if (!current.includes(r)) current.push(r);
      perms[update.behavior] = [...keepOthers(update.behavior), ...current];
      break;
    }
    case 'replaceRules':
      perms[update.behavior] = update.rules.map(ruleValueText);
      break;
    case 'removeRules': {
      const drop = new Set(update.rules.map(ruleValueText));
      perms[update.behavior] = [...keepOthers(update.behavior), ...list(update.behavior).filter((r) => !drop.has(r))];
      break;
    }
    case 'addDirectories': {
      const current = list('additionalDirectories');
      for (const d of update.directories) if (!current.includes(d)) current.push(d);
      perms['additionalDirectories'] = current;
      break;
    }
    case 'removeDirectories': {
      const drop = new Set(update.directories);
      perms['additionalDirectories'] = list('additionalDirectories').filter((d) => !drop.has(d));
      break;
    }
    case 'setMode':
      if (update.mode === 'bypassPermissions') return 'bypassPermissions is never saved as defaultMode';
      perms['defaultMode'] = update.mode;
      break;
  }
  out['permissions'] = perms;
  return out;
}

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The settings-file changes an update makes (the session part is applied by the gate). */
export function settingsChangesFor(update: PermissionUpdate): SettingsChange[] | string {
  switch (update.type) {
    case 'addRules':
      return [{ op: 'add', path: ['permissions', update.behavior], values: update.rules.map(ruleValueText) }];
    case 'replaceRules':
      return [{ op: 'set', path: ['permissions', update.behavior], value: update.rules.map(ruleValueText) }];
    case 'removeRules':
      return [{ op: 'remove', path: ['permissions', update.behavior], values: update.rules.map(ruleValueText) }];
    case 'addDirectories':
      return [{ op: 'add', path: ['permissions', 'additionalDirectories'], values: update.directories }];
    case 'removeDirectories':
      return [{ op: 'remove', path: ['permissions', 'additionalDirectories'], values: update.directories }];
    case 'setMode':
      if (update.mode === 'bypassPermissions') return 'bypassPermissions is never saved as defaultMode';
      return [{ op: 'set', path: ['permissions', 'defaultMode'], value: update.mode }];
  }
}

/**
 * Write an update into a settings file through the FileSystem port with
 * {@link updateSettingsFile}: under a cross-process lock, re-read, edited in place (order,
 * formatting and unknown keys kept), written to a temporary file, fsynced and renamed. A file that
 * cannot be parsed is left alone and the update reports why.
 */
export async function persistUpdate(
  fs: FileSystem,
  file: string,
  update: PermissionUpdate,
): Promise<{ ok: true } | { ok: false; note: string }> {
  const changes = settingsChangesFor(update);
  if (typeof changes === 'string') return { ok: false, note: changes };
  const written = await updateSettingsFile(fs, file, changes);
  return written.ok ? { ok: true } : { ok: false, note: written.message };
}

/**
 * Keep the local settings file out of git: add its project-relative path to `.git/info/exclude`
 * when the project has a `.git` directory and the line is not there yet.
 */
export async function excludeFromGit(fs: FileSystem, projectDir: string, relativePath: string): Promise<void> {
  const root = trimSlash(projectDir);
  if ((await fs.stat(`${root}/.git`))?.kind !== 'directory') return;
  const file = `${root}/.git/info/exclude`;
  await mkdirp(fs, `${root}/.git/info`);
  // Read-modify-write under the same lock as settings files: two processes adding lines keep both.
  const release = fs.lock !== undefined ? await fs.lock(file) : undefined;
  try {
    let text = '';
    if ((await fs.stat(file)) !== undefined) text = await fs.readText(file);
    const lines = text.split(/\r?\n/).map((l) => l.trim());
    if (lines.includes(relativePath) || lines.includes(`/${relativePath}`)) return;
    const sep = text === '' || text.endsWith('\n') ? '' : '\n';
    await fs.writeFileAtomic(file, `${text}${sep}${relativePath}\n`);
  } finally {
    await release?.().catch(() => undefined);
  }
}
