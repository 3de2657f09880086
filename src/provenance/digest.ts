import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../core/canonical-json.js';
import type { Policy } from '../settings/types.js';

/**
 * Lowercase hex SHA-256 of a text's UTF-8 bytes, without `node:crypto` (the decision core runs
 * wherever JavaScript does).
 * @public
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

// A policy is immutable once built: its digest is computed once per policy object and trust.
const cache = new WeakMap<Policy, { trusted?: string; untrusted?: string }>();

/**
 * Lowercase hex SHA-256 of what a policy decides with: its rules (text, list, layer, file), its
 * additional directories, its default mode, the mode switches, its errors, its sub-agent rules and
 * modes (`$toolgate.agents`, when it has any), and whether the
 * project is trusted (default trusted). Two decisions with the same digest were made by the same
 * policy. `toolgate serve` records it with every audit entry; `onDecision` events carry it.
 * A host's built-in rules (`SettingsSource.builtIn`: serve's guard of its own token, store and
 * process) are left out: they name the running process and its files, so the same settings give
 * the same digest in every serve run, on every machine and in `toolgate check`.
 * @public
 */
export function policyDigest(policy: Policy, trusted = true): string {
  const seen = cache.get(policy);
  const hit = trusted ? seen?.trusted : seen?.untrusted;
  if (hit !== undefined) return hit;
  const body = {
    trusted,
    // serve's guard names its process id and state files: a digest that changed with them would
    // change at every restart and differ between machines running the same settings.
    rules: policy.rules.filter((r) => r.source.builtIn !== true).map((r) => [r.list, r.rule.text, r.source.kind, r.source.file ?? null]),
    additionalDirectories: policy.additionalDirectories.map((d) => d.value),
    defaultMode: policy.defaultMode?.value ?? null,
    disableBypassPermissionsMode: policy.disableBypassPermissionsMode,
    disableAutoMode: policy.disableAutoMode,
    errors: policy.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file ?? null]),
    // Only when there are any, so that a policy without them keeps the digest it had.
    ...(policy.agents !== undefined
      ? {
          agents: Object.entries(policy.agents).map(([type, a]) => [
            type,
            a.mode?.value ?? null,
            a.rules.map((r) => [r.list, r.rule.text, r.source.kind, r.source.file ?? null]),
          ]),
        }
      : {}),
  };
  const digest = sha256Hex(canonicalJson(body));
  cache.set(policy, { ...seen, [trusted ? 'trusted' : 'untrusted']: digest });
  return digest;
}
