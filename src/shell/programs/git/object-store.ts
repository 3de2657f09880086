/**
 * git's object database read through the file-system view (gitformat-pack(5), gitrepository-layout(5)):
 * loose objects (`objects/xx/…`, zlib-deflated `TYPE SIZE\0DATA`) and packs (`objects/pack/*.idx`
 * version 2 beside their `.pack`, with offset and reference deltas). SHA-1 repositories only.
 * Anything unexpected — an alternate object store, an index of another version, a delta chain
 * too deep, a view that cannot read or inflate — is no object, so that a caller counts what it
 * needed as unknown.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';

/** An object's type and content. */
export interface GitObject {
  type: 'commit' | 'tree' | 'blob' | 'tag';
  data: Uint8Array;
}

/** Reads objects by their id (40 lower-case hex digits); `undefined` when it cannot. */
export interface ObjectStore {
  read(id: string): GitObject | undefined;
}

const TYPES = ['', 'commit', 'tree', 'blob', 'tag'] as const;
/** How many deltas deep a packed object may be built (git's default depth is 50). */
const MAX_DELTA_DEPTH = 100;
const IDX_MAGIC = 0xff744f63;
const ascii = new TextDecoder('latin1');

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A loose object's bytes as `TYPE SIZE\0DATA`, split. */
function looseObject(raw: Uint8Array): GitObject | undefined {
  const nul = raw.indexOf(0);
  if (nul < 0 || nul > 32) return undefined;
  const m = /^(commit|tree|blob|tag) (\d+)$/.exec(ascii.decode(raw.subarray(0, nul)));
  if (!m || Number(m[2]) !== raw.length - nul - 1) return undefined;
  return { type: m[1] as GitObject['type'], data: raw.subarray(nul + 1) };
}

/** One pack: its index's sorted ids and offsets, and the pack's bytes (read when an object is taken from it). */
interface Pack {
  ids: Uint8Array;
  count: number;
  offsets: (k: number) => number;
  bytes: () => Uint8Array | undefined;
}

/** A version 2 pack index and its pack, or `undefined`. */
function readPack(view: ReadonlyFsView, idxPath: string): Pack | undefined {
  const idx = view.readBytes?.(idxPath);
  if (idx === undefined || idx.length < 8 + 1024) return undefined;
  const dv = new DataView(idx.buffer, idx.byteOffset, idx.byteLength);
  if (dv.getUint32(0) !== IDX_MAGIC || dv.getUint32(4) !== 2) return undefined;
  const count = dv.getUint32(8 + 255 * 4);
  const idsAt = 8 + 1024;
  const offsetsAt = idsAt + count * 20 + count * 4;
  const largeAt = offsetsAt + count * 4;
  if (largeAt > idx.length) return undefined;
  let bytes: Uint8Array | undefined | null = null;
  const packBytes = (): Uint8Array | undefined => {
    if (bytes === null) {
      const b = view.readBytes?.(idxPath.replace(/\.idx$/, '.pack'));
      bytes = b !== undefined && b.length >= 12 && ascii.decode(b.subarray(0, 4)) === 'PACK' ? b : undefined;
    }
    return bytes;
  };
  const offsets = (k: number): number => {
    const o = dv.getUint32(offsetsAt + k * 4);
    if ((o & 0x80000000) === 0) return o;
    const at = largeAt + (o & 0x7fffffff) * 8;
    if (at + 8 > idx.length || dv.getUint32(at) !== 0) return -1;
    return dv.getUint32(at + 4);
  };
  return { ids: idx.subarray(idsAt, idsAt + count * 20), count, offsets, bytes: packBytes };
}

/** The position of `id` in a pack's sorted ids, or -1. */
function findIn(pack: Pack, id: Uint8Array): number {
  let lo = 0;
  let hi = pack.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    let c = 0;
    for (let i = 0; i < 20 && c === 0; i++) c = pack.ids[mid * 20 + i]! - id[i]!;
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** `base` with a git delta applied (gitformat-pack(5) "Deltified representation"), or `undefined`. */
export function applyDelta(base: Uint8Array, delta: Uint8Array): Uint8Array | undefined {
  let at = 0;
  const size = (): number => {
    let n = 0;
    let shift = 0;
    let c: number;
    do {
      c = delta[at++] ?? 0;
      n += (c & 0x7f) * 2 ** shift;
      shift += 7;
    } while (c & 0x80 && at < delta.length);
    return n;
  };
  if (size() !== base.length) return undefined;
  const out = new Uint8Array(size());
  let o = 0;
  while (at < delta.length) {
    const c = delta[at++]!;
    if (c & 0x80) {
      let off = 0;
      let len = 0;
      for (let b = 0; b < 4; b++) if (c & (1 << b)) off += (delta[at++] ?? 0) * 2 ** (8 * b);
      for (let b = 0; b < 3; b++) if (c & (1 << (4 + b))) len += (delta[at++] ?? 0) * 2 ** (8 * b);
      if (len === 0) len = 0x10000;
      if (off + len > base.length || o + len > out.length) return undefined;
      out.set(base.subarray(off, off + len), o);
      o += len;
    } else if (c !== 0) {
      if (at + c > delta.length || o + c > out.length) return undefined;
      out.set(delta.subarray(at, at + c), o);
      o += c;
      at += c;
    } else return undefined;
  }
  return o === out.length ? out : undefined;
}

/** The object store of a repository whose shared directory is `commonDir`, or `undefined` when the view cannot read one. */
export function objectStore(view: ReadonlyFsView, commonDir: string): ObjectStore | undefined {
  const inflate = view.inflate;
  if (inflate === undefined || view.readBytes === undefined) return undefined;
  const objects = join(commonDir, 'objects');
  // Objects kept elsewhere are not followed.
  if (view.exists(join(objects, 'info/alternates'))) return undefined;
  const packDir = join(objects, 'pack');
  let packs: Pack[] | undefined;
  const loadPacks = (): Pack[] | undefined => {
    if (packs !== undefined) return packs;
    if (!view.exists(packDir)) return (packs = []);
    const names = view.list?.(packDir);
    if (names === undefined) return undefined;
    const found: Pack[] = [];
    for (const n of names.filter((x) => x.endsWith('.idx'))) {
      const p = readPack(view, join(packDir, n));
      if (p === undefined) return undefined;
      found.push(p);
    }
    return (packs = found);
  };

  // Objects built from a pack, by pack and offset: a delta chain's bases are shared by many objects.
  const built = new Map<Pack, Map<number, GitObject | undefined>>();
  /** The packed object at `offset` of `pack`, its deltas applied (remembered). */
  const packed = (pack: Pack, offset: number, depth: number): GitObject | undefined => {
    let seen = built.get(pack);
    if (seen === undefined) built.set(pack, (seen = new Map()));
    if (seen.has(offset)) return seen.get(offset);
    const o = unpack(pack, offset, depth);
    seen.set(offset, o);
    return o;
  };
  /** The packed object at `offset` of `pack`, its deltas applied. */
  const unpack = (pack: Pack, offset: number, depth: number): GitObject | undefined => {
    const b = pack.bytes();
    if (b === undefined || offset < 12 || offset >= b.length || depth > MAX_DELTA_DEPTH) return undefined;
    let at = offset;
    let c = b[at++]!;
    const type = (c >> 4) & 7;
    let size = c & 15;
    for (let shift = 4; c & 0x80; shift += 7) {
      if (at >= b.length) return undefined;
      c = b[at++]!;
      size += (c & 0x7f) * 2 ** shift;
    }
    let base: GitObject | undefined;
    if (type === 6) {
      c = b[at++] ?? 0;
      let rel = c & 0x7f;
      while (c & 0x80) {
        c = b[at++] ?? 0;
        rel = (rel + 1) * 128 + (c & 0x7f);
      }
      base = packed(pack, offset - rel, depth + 1);
    } else if (type === 7) {
      base = read(hex(b.subarray(at, at + 20)), depth + 1);
      at += 20;
    } else if (type < 1 || type > 4) return undefined;
    // At most what deflate can make of `size` bytes (stored blocks: 5 bytes per 16 KiB, and the stream's own).
    const data = inflate(b.subarray(at, at + size + 5 * Math.ceil(size / 16384) + 64));
    if (data === undefined || data.length !== size) return undefined;
    if (type <= 4) return { type: TYPES[type] as GitObject['type'], data };
    if (base === undefined) return undefined;
    const whole = applyDelta(base.data, data);
    return whole === undefined ? undefined : { type: base.type, data: whole };
  };

  const read = (id: string, depth: number): GitObject | undefined => {
    if (!/^[0-9a-f]{40}$/.test(id)) return undefined;
    const loose = join(objects, `${id.slice(0, 2)}/${id.slice(2)}`);
    if (view.exists(loose)) {
      const raw = view.readBytes?.(loose);
      const data = raw === undefined ? undefined : inflate(raw);
      return data === undefined ? undefined : looseObject(data);
    }
    const all = loadPacks();
    if (all === undefined) return undefined;
    const want = Uint8Array.from(id.match(/../g)!, (h) => parseInt(h, 16));
    for (const p of all) {
      const k = findIn(p, want);
      if (k >= 0) return packed(p, p.offsets(k), depth);
    }
    return undefined;
  };
  const cache = new Map<string, GitObject | undefined>();
  return {
    read(id) {
      if (!cache.has(id)) cache.set(id, read(id, 0));
      return cache.get(id);
    },
  };
}
