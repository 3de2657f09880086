import type { BrokenSettingsFile, ParsedSettingsFile, SettingsDiagnostic } from './types.js';
import { formatJsonPath } from './parse.js';

/** Rule lists of `permissions` that only ever take something away (the disable flags fail closed on their own). */
const RESTRICTIVE_KEYS = new Set(['deny', 'ask']);

/**
 * Whether a diagnostic is about something that may restrict: `permissions` itself, a deny or ask
 * list or rule — or a key that is one of those spelt another way (`Deny`).
 */
function isRestrictive(d: SettingsDiagnostic): boolean {
  const path = d.path ?? [];
  if (path[0] !== 'permissions') return false;
  if (path.length === 1) return d.severity === 'error';
  const key = path[1];
  if (typeof key !== 'string' || !RESTRICTIVE_KEYS.has(key.toLowerCase())) return false;
  return d.severity === 'error' || !RESTRICTIVE_KEYS.has(key);
}

/**
 * A file that is valid JSON but holds a deny or ask rule toolgate cannot read counts as broken for
 * decisions: the rule may be the one a call needs. Claude Code ignores such a file entirely
 * (anthropics/claude-code#12468, #10096), so its deny rules silently stop existing there; here
 * its readable rules apply and nothing is allowed without a person until it is fixed.
 */
export function unreadableRestriction(file: ParsedSettingsFile): BrokenSettingsFile | undefined {
  const first = file.diagnostics.find(isRestrictive);
  if (first === undefined) return undefined;
  return {
    source: file.settings.source,
    code: first.code,
    message: `a deny or ask rule cannot be read at ${formatJsonPath(first.path ?? [])}`,
  };
}
