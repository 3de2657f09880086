import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../core/canonical-json.js';

export { canonicalJson };

/**
 * Lowercase hex SHA-256 of the canonical JSON of `value` (see {@link canonicalJson}). Hashed
 * without `node:crypto`: `toolgate hook` reaches this module through the decision log's redaction
 * (`redact.ts`), and loading `node:crypto` there cost every hook call about 9 ms of CPU.
 * @public
 */
export function inputSha256(value: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(value))));
}
