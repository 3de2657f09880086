/**
 * The permission updates of an answer that toolgate serve does not keep. serve keeps what an
 * answer remembers as grants, which are allow rules; the other updates the Agent SDK knows (a mode,
 * directories, deny or ask rules, replacing or removing rules) apply, at most, to the re-check of
 * the call the answer releases, and to no later call. Said back to whoever answered and in the
 * audit, so none is dropped silently.
 */
import type { PermissionUpdate } from '../core/types.js';

const ruleTexts = (rules: unknown): string =>
  Array.isArray(rules)
    ? rules
        .map((r) =>
          r !== null && typeof r === 'object' && typeof (r as { toolName?: unknown }).toolName === 'string'
            ? `${(r as { toolName: string }).toolName}${typeof (r as { ruleContent?: unknown }).ruleContent === 'string' ? `(${(r as { ruleContent: string }).ruleContent})` : ''}`
            : '?',
        )
        .join(', ')
    : '?';

/** One update in words, as `setMode acceptEdits (session)`. */
function describe(u: PermissionUpdate): string {
  const where = typeof u.destination === 'string' ? ` (${u.destination})` : '';
  switch (u.type) {
    case 'setMode':
      return `setMode ${String(u.mode)}${where}`;
    case 'addDirectories':
    case 'removeDirectories':
      return `${u.type} ${Array.isArray(u.directories) ? u.directories.join(', ') : '?'}${where}`;
    default:
      return `${String(u.type)} ${String((u as { behavior?: unknown }).behavior ?? '?')} ${ruleTexts((u as { rules?: unknown }).rules)}${where}`;
  }
}

/**
 * The updates of `updatedPermissions` serve does not keep — everything but `addRules` of allow
 * rules (which it keeps as grants, when the answer remembers) — each in words. Empty when all are
 * kept, or there are none.
 */
export function unkeptUpdates(updates: unknown): string[] {
  if (!Array.isArray(updates)) return [];
  return (updates as PermissionUpdate[])
    .filter((u) => u !== null && typeof u === 'object' && !(u.type === 'addRules' && u.behavior === 'allow'))
    .map(describe);
}

/** The sentence that reports them, or `undefined` when there are none. */
export function unkeptMessage(updates: unknown): string | undefined {
  const unkept = unkeptUpdates(updates);
  if (unkept.length === 0) return undefined;
  return `not kept for later calls: ${unkept.join('; ')} — toolgate serve keeps only allow rules, as grants; these applied at most to the call this answer released`;
}
