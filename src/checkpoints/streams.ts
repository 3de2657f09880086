import type { ByteStream, Sha256 } from './ports.js';

/** Thrown inside a verifying stream when the bytes do not match the recorded hash or size. */
export class BlobMismatchError extends Error {
  readonly code = 'hashMismatch';
}

/**
 * Pass `source` through unchanged while hashing it; after the last chunk, throw
 * `BlobMismatchError` when the digest or size differs from what was recorded. A consumer that
 * writes to a temporary file only renames it into place once this stream ended without error.
 */
export async function* verified(source: ByteStream, hasher: Sha256, hash: string, size: number): ByteStream {
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.byteLength;
    if (seen > size) throw new BlobMismatchError(`blob ${hash} is longer than the recorded ${size} bytes`);
    hasher.update(chunk);
    yield chunk;
  }
  const got = await hasher.digest();
  if (seen !== size) throw new BlobMismatchError(`blob ${hash} has ${seen} bytes, ${size} were recorded`);
  if (got !== hash) throw new BlobMismatchError(`blob content hashes to ${got}, ${hash} was recorded`);
}

/** Hash a whole stream; resolves with the hex digest and size. */
export async function hashStream(source: ByteStream, hasher: Sha256): Promise<{ hash: string; size: number }> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    hasher.update(chunk);
  }
  return { hash: await hasher.digest(), size };
}
