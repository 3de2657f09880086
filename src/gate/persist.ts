import type { FileSystem } from '../core/ports.js';
import type { PermissionUpdate } from '../core/types.js';
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

function dirOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

async function mkdirp(fs: FileSystem, dir: string): Promise<void> {
  if ((await fs.stat(dir)) !== undefined) return;
  const parent = dirOf(dir);
  if (parent !== dir) await mkdirp(fs, parent);
  try {
    await fs.mkdir(dir);
  } catch (e) {
    if ((await fs.stat(dir))?.kind !== 'directory') throw e;
  }
}

type Json = Record<string, unknown>;

/**
 * Apply one update to a settings file's JSON, keeping every other key. Returns the new object, or
 * a reason it cannot be applied to a file.
 */
export function applyToSettingsJson(json: Json, update: PermissionUpdate): Json | string {
  const out: Json = { ...json };
  const perms: Json = isObject(out['permissions']) ? { ...(out['permissions'] as Json) } : {};
  const list = (key: string): string[] => (Array.isArray(perms[key]) ? (perms[key] as unknown[]).filter((x): x is string => typeof x === 'string') : []);
  const keepOthers = (key: string): unknown[] => (Array.isArray(perms[key]) ? (perms[key] as unknown[]).filter((x) => typeof x !== 'string') : []);
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

/**
 * Write an update into a settings file through the FileSystem port, atomically (temporary file
 * and rename), keeping every other key. A file that exists but is not a JSON object is left alone.
 */
export async function persistUpdate(fs: FileSystem, file: string, update: PermissionUpdate): Promise<{ ok: true } | { ok: false; note: string }> {
  try {
    let json: Json = {};
    const stat = await fs.stat(file);
    if (stat !== undefined) {
      const text = await fs.readText(file);
      if (text.trim() !== '') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return { ok: false, note: `${file} is not valid JSON; it was left unchanged` };
        }
        if (!isObject(parsed)) return { ok: false, note: `${file} does not hold a JSON object; it was left unchanged` };
        json = parsed;
      }
    }
    const next = applyToSettingsJson(json, update);
    if (typeof next === 'string') return { ok: false, note: next };
    await mkdirp(fs, dirOf(file));
    await fs.writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
    return { ok: true };
  } catch (e) {
    return { ok: false, note: `could not write ${file}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * Keep the local settings file out of git: add its project-relative path to `.git/info/exclude`
 * when the project has a `.git` directory and the line is not there yet.
 */
export async function excludeFromGit(fs: FileSystem, projectDir: string, relativePath: string): Promise<void> {
  const root = trimSlash(projectDir);
  if ((await fs.stat(`${root}/.git`))?.kind !== 'directory') return;
  const file = `${root}/.git/info/exclude`;
  let text = '';
  if ((await fs.stat(file)) !== undefined) text = await fs.readText(file);
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines.includes(relativePath) || lines.includes(`/${relativePath}`)) return;
  await mkdirp(fs, `${root}/.git/info`);
  const sep = text === '' || text.endsWith('\n') ? '' : '\n';
  await fs.writeFileAtomic(file, `${text}${sep}${relativePath}\n`);
}
