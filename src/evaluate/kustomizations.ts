/**
 * What a kustomize build reads, where the file-system view shows its kustomization: the folder's
 * kustomization file (`kustomization.yaml`, `kustomization.yml` or `Kustomization`), the files it
 * names, and, for each folder its `resources`, `bases` or `components` name, that folder's own,
 * read the same way (kustomize v5, `programs/kustomization.ts`). Each is a read judged as any
 * other (a Read deny rule over one: a deny). Where the view cannot show one (no view, no file or
 * more than one, text toolgate does not read, a field that runs helm or names plugins, a remote
 * resource, a name that is not there, a chain too deep), the build stays as the model left it:
 * some of the folder's tree read and a reason what its kustomization names cannot be listed.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { KUSTOMIZATION_FILES, kustomizationNames } from '../shell/programs/kustomization.js';

/** How deep kustomizations that name other kustomizations are followed. */
const MAX_DEPTH = 8;
/** More files than this: not followed one by one. */
const MAX_FILES = 500;

/** What resolving the line's kustomize builds changes: the effects in place of the builds' reads, and the reasons that no longer hold. */
export interface KustomizationReads {
  readonly effects: PathEffect[];
  readonly settled: readonly string[];
}

/** The path `name` names from folder `dir` (kustomize joins and cleans it; no `~`). */
function join(dir: string, name: string): string {
  const parts = (name.startsWith('/') ? name : `${dir}/${name}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '' || p === '.') continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  return `/${out.join('/')}`;
}

/** The files a build of `dir` reads, or why they cannot be told. */
function buildOf(dir: string, view: ReadonlyFsView, depth: number, seen: Set<string>): { files: string[] } | { why: string } {
  if (depth > MAX_DEPTH) return { why: 'kustomizations nested too deep' };
  if (seen.has(dir)) return { why: `${dir} is built twice (a cycle)` };
  seen.add(dir);
  const present = KUSTOMIZATION_FILES.map((f) => `${dir}/${f}`).filter((p) => view.exists(p));
  if (present.length !== 1)
    return { why: present.length === 0 ? `the view shows no kustomization in ${dir}` : `${dir} holds more than one kustomization file` };
  const file = present[0]!;
  const source = view.readText?.(file);
  if (source === undefined) return { why: `the view cannot read ${file}` };
  const names = kustomizationNames(source);
  if (names.why !== undefined) return { why: `${file}: ${names.why}` };
  const files = [file, ...names.files.map((f) => join(dir, f))];
  for (const entry of names.entries) {
    const path = join(dir, entry);
    const folder = view.isDirectory?.(path);
    if (folder === false) files.push(path);
    else if (folder === true) {
      const inner = buildOf(path, view, depth + 1, seen);
      if ('why' in inner) return inner;
      files.push(...inner.files);
    } else return { why: `${file} names ${entry}, which the view does not show` };
    if (files.length > MAX_FILES) return { why: 'more files than toolgate follows' };
  }
  return { files };
}

/**
 * The reads of the line's kustomize builds the view shows (see the module comment): each build's
 * read of its folder's tree is replaced by reads of what it reads, and its reason is settled when
 * every build that gave it is.
 */
export function kustomizationReads(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  view: ReadonlyFsView | undefined,
): KustomizationReads {
  const out: PathEffect[] = [];
  const settled = new Set<string>();
  const open = new Set<string>();
  for (const e of effects) {
    if (e.kustomization === undefined) {
      out.push(e);
      continue;
    }
    const note = `${analysis.commands[e.command]?.source ?? ''}: ${e.kustomization}`;
    const built = view === undefined || e.literal !== true || e.viaSymlink === true ? undefined : buildOf(e.path, view, 0, new Set());
    if (built === undefined || 'why' in built) {
      out.push(e);
      open.add(note);
      continue;
    }
    settled.add(note);
    const { tree: _tree, kustomization: _k, ...folder } = e;
    out.push(folder);
    for (const path of built.files)
      out.push({
        op: 'read',
        path,
        raw: `${path} (read by the kustomize build of ${e.raw})`,
        literal: true,
        command: e.command,
        glob: false,
      });
  }
  return { effects: out, settled: [...settled].filter((n) => !open.has(n)) };
}
