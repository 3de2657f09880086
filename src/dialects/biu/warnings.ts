/**
 * The warning biu shows in a prompt for a destructive command. It never changes the decision by
 * itself; a caller may pass `isDestructive` from it.
 * @packageDocumentation
 */

const WARNINGS: readonly { test: RegExp; warning: string }[] = [
  { test: /\bgit\s+push\b.*(\s--force\b|\s-f\b|\s--force-with-lease\b)/, warning: 'may overwrite remote history' },
  { test: /\bgit\s+reset\s+--hard\b/, warning: 'may discard uncommitted changes' },
  { test: /\bgit\s+checkout\s+--\s+\.(\s|$)/, warning: 'may discard all working tree changes' },
  { test: /\bgit\s+clean\b.*\s-[a-zA-Z]*f/, warning: 'may permanently delete untracked files' },
  { test: /\bgit\s+branch\s+(.*\s)?-D\b/, warning: 'may force-delete a branch' },
  { test: /\bgit\s+commit\b.*\s--amend\b/, warning: 'may rewrite the last commit' },
  { test: /\brm\s+(.*\s)?-(rf|fr|[a-zA-Z]*r[a-zA-Z]*f|[a-zA-Z]*f[a-zA-Z]*r)\b/, warning: 'may recursively force-remove files' },
  { test: /\brm\s+(.*\s)?-[a-zA-Z]*[rR]\b/, warning: 'may recursively remove files' },
  { test: /\brm\s+(.*\s)?-[a-zA-Z]*f\b/, warning: 'may force-remove files' },
  { test: /\b(drop|truncate)\s+(table|database)\b/i, warning: 'may drop or truncate database objects' },
  { test: /\bdelete\s+from\s+[\w."]+\s*(;|'|"|$)/i, warning: 'may delete all rows from a database table' },
  { test: /\bkubectl\s+delete\b/, warning: 'may delete Kubernetes resources' },
  { test: /\bterraform\s+destroy\b/, warning: 'may destroy infrastructure' },
];

/**
 * biu's warning for a destructive command, or `''` when it has none.
 * @public
 */
export function biuDestructiveWarning(command: string): string {
  return WARNINGS.find((w) => w.test.test(command))?.warning ?? '';
}
