import type { FileSystem } from '../core/ports.js';

/**
 * A file system that reads `replacement` wherever `path` is read (its content, its `stat`), and
 * is `fs` everywhere else: a policy loaded through it has that settings file in place of the
 * other (`toolgate serve --shadow FILE`: the file in place of a project's `.claude/settings.json`).
 * Writes are refused: it is for reading policies.
 */
export function fileInPlace(fs: FileSystem, path: string, replacement: string): FileSystem {
  const at = (p: string) => (p === path ? replacement : p);
  const refuse = (): Promise<never> => Promise.reject(new Error(`${path} is read from ${replacement} here; nothing is written`));
  return {
    readFile: (p) => fs.readFile(at(p)),
    readText: (p) => fs.readText(at(p)),
    stat: (p) => fs.stat(at(p)),
    readdir: (p) => fs.readdir(p),
    readlink: (p) => fs.readlink(at(p)),
    writeFile: refuse,
    writeFileAtomic: refuse,
    rename: refuse,
    remove: refuse,
    mkdir: refuse,
    symlink: refuse,
    chmod: refuse,
  };
}

/**
 * `value` (plain data: a policy loaded through {@link fileInPlace}) with every `file` that names
 * `path` naming `replacement` instead: its rules, settings and broken-file reports were read from
 * the replacement, and a reason must name the file a rule is in.
 */
export function renamedFile<T>(value: T, path: string, replacement: string): T {
  if (Array.isArray(value)) return value.map((v: unknown) => renamedFile(v, path, replacement)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'file' && v === path ? replacement : renamedFile(v, path, replacement);
  return out as T;
}
