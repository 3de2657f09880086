import { applyEdits, modify, parseTree, type FormattingOptions, type Node as JsonNode } from 'jsonc-parser';
import type { FileSystem } from '../core/ports.js';
import { SETTINGS_CODES as C } from './codes.js';
import { parseJsonText } from './json.js';
import { formatJsonPath } from './parse.js';
import { dirnameOf } from './paths.js';
import { mkdirp } from './mkdirp.js';
import { readSettingsText } from './read.js';

/**
 * One change to a settings file. `add` appends the values missing from the string list at `path`
 * (created when absent); `remove` removes every string equal to one of the values; `set` sets (or,
 * with `value: undefined`, deletes) the value at `path`.
 * @public
 */
export type SettingsChange =
  | { op: 'add'; path: readonly string[]; values: readonly string[] }
  | { op: 'remove'; path: readonly string[]; values: readonly string[] }
  | { op: 'set'; path: readonly string[]; value: unknown };

/** Result of {@link updateSettingsFile}. @public */
export type SettingsWriteResult =
  { ok: true; file: string; changed: boolean } | { ok: false; file: string; code: typeof C.write; message: string };

const MAX_LINKS = 40;

/**
 * Change a settings file without losing anything (toolgate docs, "Writing settings files"):
 *
 * 1. Symbolic links are followed, so the file they point to is written, not replaced by a copy.
 * 2. A cross-process lock is taken on the file (`FileSystem.lock`: proper-lockfile in
 *    `nodeFileSystem`); without one, writes are only serialised inside this process.
 * 3. The file is read again under the lock, so rules other processes and people wrote meanwhile
 *    are the base of the change.
 * 4. The text is edited with jsonc-parser's `modify` + `applyEdits`: only the values that change are
 *    touched; key order, formatting, unknown keys and everything else stay as written.
 * 5. It is written to a temporary file in the same directory, fsynced and renamed over the old one
 *    (`FileSystem.writeFileAtomic`), keeping the old file's mode.
 *
 * A file that cannot be read, is not strict JSON, or is not a JSON object is never written over:
 * the result is `ok: false` with the reason, and the file is unchanged. So is a value on the way
 * that is not what the change needs (`permissions` not an object, `permissions.allow` not a list).
 * A missing file is created with its directory. Never throws.
 * @public
 */
export async function updateSettingsFile(fs: FileSystem, file: string, changes: readonly SettingsChange[]): Promise<SettingsWriteResult> {
  const fail = (message: string): SettingsWriteResult => ({
    ok: false,
    file,
    code: C.write,
    message: `${file} was not written: ${message}; it is unchanged`,
  });
  let target: string;
  try {
    target = await followLinks(fs, file);
    await mkdirp(fs, dirnameOf(target));
  } catch (e) {
    return fail(errorText(e));
  }
  let release: () => Promise<void>;
  try {
    release = await (fs.lock ?? inProcessLock)(target);
  } catch (e) {
    return fail(`the lock on it could not be taken (${errorText(e)})`);
  }
  try {
    const read = await readSettingsText(fs, target);
    if (read.kind === 'unreadable') return fail(`it cannot be read (${read.message})`);
    const old = read.kind === 'text' ? read.text : undefined;
    let text = old ?? '{}\n';
    const parsed = parseJsonText(text);
    if (!parsed.ok)
      return fail(
        `it is not valid JSON at line ${parsed.location.line}, column ${parsed.location.column} (${parsed.message}); fix it by hand first`,
      );
    if (!isObject(parsed.value)) return fail('it does not hold a JSON object; fix it by hand first');
    const twice = duplicateKey(text);
    if (twice !== undefined)
      return fail(`it has the key ${twice} twice (readers take the last one, an edit may land in the first); fix it by hand first`);
    const options = { formattingOptions: formattingOf(text) };
    for (const change of changes) {
      const edited = applyChange(text, change, options);
      if (typeof edited !== 'string') return fail(edited.problem);
      text = edited;
    }
    if (text === old) return { ok: true, file, changed: false };
    const check = parseJsonText(text);
    if (!check.ok || !isObject(check.value)) return fail('the edit did not give a JSON object (a bug in toolgate)');
    const stat = old !== undefined ? await fs.stat(target) : undefined;
    await fs.writeFileAtomic(target, text, stat !== undefined && stat.mode !== 0 ? { mode: stat.mode } : undefined);
    return { ok: true, file, changed: true };
  } catch (e) {
    return fail(errorText(e));
  } finally {
    await release().catch(() => undefined);
  }
}

function applyChange(
  text: string,
  change: SettingsChange,
  options: { formattingOptions: FormattingOptions },
): string | { problem: string } {
  const path = [...change.path];
  const current = valueAt(text, path);
  for (let i = 1; i < path.length; i++) {
    const parent = valueAt(text, path.slice(0, i));
    if (parent !== undefined && !isObject(parent)) return { problem: `${formatJsonPath(path.slice(0, i))} is not an object` };
  }
  if (change.op === 'set') return applyEdits(text, modify(text, path, change.value, options));
  if (current !== undefined && !Array.isArray(current)) return { problem: `${formatJsonPath(path)} is not a list` };
  const list = (current ?? []) as unknown[];
  if (change.op === 'add') {
    const missing = [...new Set(change.values)].filter((v) => !list.includes(v));
    if (current === undefined) return missing.length === 0 ? text : applyEdits(text, modify(text, path, missing, options));
    for (const value of missing) text = applyEdits(text, modify(text, [...path, -1], value, { ...options, isArrayInsertion: true }));
    return text;
  }
  const drop = new Set(change.values);
  for (let i = list.length - 1; i >= 0; i--) {
    const v = list[i];
    if (typeof v === 'string' && drop.has(v)) text = applyEdits(text, modify(text, [...path, i], undefined, options));
  }
  return text;
}

function valueAt(text: string, path: readonly string[]): unknown {
  const parsed = parseJsonText(text);
  let v: unknown = parsed.ok ? parsed.value : undefined;
  for (const key of path) {
    if (!isObject(v)) return undefined;
    v = v[key];
  }
  return v;
}

/** The file's own indentation and line ends, so inserted lines look like the rest. */
function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent !== undefined ? indent.length : 2, eol };
}

/** Where a chain of symbolic links ends (the path itself when it is not a link). */
async function followLinks(fs: FileSystem, path: string): Promise<string> {
  let current = path;
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    if ((await fs.stat(current))?.kind !== 'symlink') return current;
    const target = await fs.readlink(current);
    current = target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(target) ? target : `${dirnameOf(current)}/${target}`;
  }
  throw new Error(`more than ${MAX_LINKS} symbolic links from ${path}`);
}

const held = new Map<string, Promise<void>>();

/** Serialise writers of one path inside this process (for ports without `lock`). */
async function inProcessLock(path: string): Promise<() => Promise<void>> {
  const before = held.get(path) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const chained = before.then(() => mine);
  held.set(path, chained);
  await before;
  return async () => {
    release();
    if (held.get(path) === chained) held.delete(path);
  };
}

/** The JSON path of the first key an object holds twice, if any (`permissions`, `permissions.deny`). */
function duplicateKey(text: string): string | undefined {
  const root = parseTree(text, [], { allowTrailingComma: false, disallowComments: true });
  const walk = (node: JsonNode | undefined, path: (string | number)[]): string | undefined => {
    if (node === undefined) return undefined;
    if (node.type === 'object') {
      const seen = new Set<string>();
      for (const prop of node.children ?? []) {
        const key = prop.children?.[0]?.value;
        if (typeof key !== 'string') continue;
        if (seen.has(key)) return formatJsonPath([...path, key]);
        seen.add(key);
        const found = walk(prop.children?.[1], [...path, key]);
        if (found !== undefined) return found;
      }
    } else if (node.type === 'array') {
      for (const [i, child] of (node.children ?? []).entries()) {
        const found = walk(child, [...path, i]);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return walk(root, []);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
