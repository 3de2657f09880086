import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/canonical-json.js';

export { canonicalJson };

/** Lowercase hex SHA-256 of the canonical JSON of `value` (see {@link canonicalJson}). @public */
export function inputSha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
