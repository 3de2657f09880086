import type { WorkspaceStat } from './ports.js';
import type { Fingerprint } from './types.js';

/** The fingerprint of what `lstat` saw (`undefined`: nothing there). */
export function fingerprintOf(stat: WorkspaceStat | undefined): Fingerprint {
  if (stat === undefined) return { kind: 'absent' };
  return { kind: stat.kind, size: stat.size, mode: stat.mode & 0o7777, mtimeMs: stat.mtimeMs };
}

/** Whether two fingerprints describe the same kind, size, mode and modification time. */
export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  if (a.kind === 'absent' || b.kind === 'absent') return a.kind === b.kind;
  return a.kind === b.kind && a.size === b.size && a.mode === b.mode && a.mtimeMs === b.mtimeMs;
}
