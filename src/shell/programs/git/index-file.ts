/**
 * git's index file (gitformat-index(5)): the paths it tracks. Versions 2, 3 and 4 (4 compresses
 * each path against the one before); SHA-1 or SHA-256 object names. Anything unexpected is no
 * answer, so that a caller counts every file as possibly tracked.
 */

/** The paths an index tracks, and the directories a sparse index tracks whole. */
export interface TrackedPaths {
  paths: ReadonlySet<string>;
  /** Sparse directory entries (`dir/`): everything below is tracked. */
  dirs: readonly string[];
  /** Each file entry's path and blob id (lower-case hex), in index order (a conflicted path has one per stage). */
  blobs: readonly { path: string; id: string }[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const SIGNATURE = 0x44495243; // "DIRC"
/** ctime, mtime (8 bytes each), dev, ino, mode, uid, gid, size (4 bytes each). */
const STAT_BYTES = 40;

/**
 * Reads an index (`hashBytes`: 20 for SHA-1 repositories, 32 for SHA-256), or `undefined` when it
 * is not one toolgate can read whole.
 */
export function readIndexPaths(bytes: Uint8Array, hashBytes: 20 | 32): TrackedPaths | undefined {
  if (bytes.length < 12) return undefined;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0) !== SIGNATURE) return undefined;
  const version = dv.getUint32(4);
  if (version !== 2 && version !== 3 && version !== 4) return undefined;
  const count = dv.getUint32(8);
  const paths = new Set<string>();
  const dirs: string[] = [];
  const blobs: { path: string; id: string }[] = [];
  let off = 12;
  let previous: Uint8Array = new Uint8Array(0);
  try {
    for (let k = 0; k < count; k++) {
      const start = off;
      const flagsAt = start + STAT_BYTES + hashBytes;
      if (flagsAt + 2 > bytes.length) return undefined;
      const mode = dv.getUint32(start + 24);
      const flags = dv.getUint16(flagsAt);
      let at = flagsAt + 2;
      if (flags & 0x4000) {
        if (version < 3) return undefined;
        at += 2;
      }
      let name: Uint8Array;
      if (version === 4) {
        // The number of bytes to drop from the previous path, in git's offset varint.
        let c = bytes[at++];
        if (c === undefined) return undefined;
        let drop = c & 127;
        while (c & 128) {
          c = bytes[at++];
          if (c === undefined) return undefined;
          drop = ((drop + 1) << 7) + (c & 127);
        }
        if (drop > previous.length) return undefined;
        const end = bytes.indexOf(0, at);
        if (end < 0) return undefined;
        const kept = previous.subarray(0, previous.length - drop);
        const joined = new Uint8Array(kept.length + end - at);
        joined.set(kept, 0);
        joined.set(bytes.subarray(at, end), kept.length);
        name = joined;
        off = end + 1;
      } else {
        const end = bytes.indexOf(0, at);
        if (end < 0) return undefined;
        name = bytes.subarray(at, end);
        // Entries are padded with 1 to 8 NULs to a multiple of 8 bytes.
        off = start + ((end - start + 8) & ~7);
      }
      if (off > bytes.length) return undefined;
      previous = name;
      const path = decoder.decode(name);
      if ((mode & 0o170000) === 0o040000) dirs.push(path.endsWith('/') ? path : `${path}/`);
      else {
        paths.add(path);
        const id = Array.from(bytes.subarray(start + STAT_BYTES, start + STAT_BYTES + hashBytes), (b) => b.toString(16).padStart(2, '0'));
        blobs.push({ path, id: id.join('') });
      }
    }
  } catch {
    return undefined;
  }
  return { paths, dirs, blobs };
}
