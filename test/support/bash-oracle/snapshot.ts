/**
 * Before and after: a digest of every file, directory and symlink under a run's areas, keyed by
 * its path inside the sandbox, so created, changed and removed files are seen — `.git/config`
 * and `.claude/settings.json` included.
 *
 * Contents, modes and link targets count; times do not. `.git/index` is compared by its entries
 * (mode, object id, stage, path), not its stat cache: git rewrites the stat cache on its own,
 * and that is not a change anyone asked for.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, type Area } from './fixture.js';

/** Sandbox path → digest. */
export type Snapshot = Map<string, string>;

/** One difference between two snapshots. */
export interface FileChange {
  /** The path inside the sandbox, e.g. `/home/user/project/.git/config`. */
  path: string;
  kind: 'created' | 'modified' | 'removed';
}

/** Mount points inside an area (another area is mounted there): not part of the area itself. */
const MOUNT_POINTS = new Set(['/home/user', '/home/user/project', '/opt/outside']);

/** Take a snapshot of the run directory `runDir` (one subdirectory per area). */
export function snapshot(runDir: string): Snapshot {
  const out: Snapshot = new Map();
  for (const area of Object.keys(AREAS) as Area[]) walk(join(runDir, area), AREAS[area], out);
  return out;
}

function walk(dir: string, at: string, out: Snapshot): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    out.set(at, 'unreadable-dir');
    return;
  }
  const st = lstatSync(dir);
  out.set(at, `dir ${(st.mode & 0o7777).toString(8)}`);
  for (const name of names) {
    const path = join(dir, name);
    const inside = at === '/' ? `/${name}` : `${at}/${name}`;
    if (MOUNT_POINTS.has(inside)) continue;
    let s;
    try {
      s = lstatSync(path);
    } catch {
      continue;
    }
    const mode = (s.mode & 0o7777).toString(8);
    if (s.isDirectory()) walk(path, inside, out);
    else if (s.isSymbolicLink()) out.set(inside, `link ${readlinkSync(path)}`);
    else if (s.isFile()) out.set(inside, `file ${mode} ${digestFile(path, inside)}`);
    else out.set(inside, `special ${mode} ${s.isFIFO() ? 'fifo' : s.isSocket() ? 'socket' : 'device'}`);
  }
}

function digestFile(path: string, inside: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return 'unreadable';
  }
  if (inside.endsWith('/.git/index')) {
    const entries = gitIndexEntries(bytes);
    if (entries !== undefined) return `index ${sha1(Buffer.from(entries))}`;
  }
  return sha1(bytes);
}

function sha1(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('hex');
}

/**
 * The entries of a git index (versions 2 and 3) as text: `mode oid stage path` a line. Stat data
 * and extensions (cache tree, untracked cache) are left out. `undefined` when the file is not an
 * index this reader knows — then the raw bytes count.
 */
export function gitIndexEntries(b: Buffer): string | undefined {
  if (b.length < 12 || b.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = b.readUInt32BE(4);
  if (version !== 2 && version !== 3) return undefined;
  const count = b.readUInt32BE(8);
  let at = 12;
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = at;
    if (at + 62 > b.length) return undefined;
    const mode = b.readUInt32BE(at + 24);
    const oid = b.toString('hex', at + 40, at + 60);
    const flags = b.readUInt16BE(at + 60);
    at += 62;
    if (version === 3 && flags & 0x4000) at += 2;
    const end = b.indexOf(0, at);
    if (end < 0) return undefined;
    const path = b.toString('utf8', at, end);
    lines.push(`${mode.toString(8)} ${oid} ${(flags >> 12) & 3} ${path}`);
    // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
    const len = end - start;
    at = start + Math.ceil((len + 1) / 8) * 8;
  }
  return lines.join('\n');
}

/** What changed from `before` to `after`, sorted by path. */
export function diffSnapshots(before: Snapshot, after: Snapshot): FileChange[] {
  const out: FileChange[] = [];
  for (const [path, digest] of after) {
    const was = before.get(path);
    if (was === undefined) out.push({ path, kind: 'created' });
    else if (was !== digest) out.push({ path, kind: 'modified' });
  }
  for (const path of before.keys()) if (!after.has(path)) out.push({ path, kind: 'removed' });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
