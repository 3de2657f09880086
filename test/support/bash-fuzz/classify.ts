/**
 * Which class a fail-open belongs to, and which issue fixes that class:
 *   #13 what toolgate cannot read never runs unseen (parsing, hidden code, shell state: cd, HOME,
 *       PATH, programs named by a path, globs and braces that change what runs or where);
 *   #14 read-only commands by allowlist (options of read-only programs that write, run or read);
 *   #15 program deny rules against every spelling (wrappers — whatever they then did —, interpreters,
 *       programs run by programs);
 *   #16 path deny rules and protected paths (writes and reads a path rule covers, recursive reads,
 *       protected files, critical removals);
 *   #37 what only a world like the user's shows (the world families: links, signed commits,
 *       embedded repositories, the user's environment and shell, several calls).
 */
import type { Decision } from '../../../src/core/types.js';
import { analyzeShell } from '../../../src/shell/index.js';
import type { Violation } from '../bash-oracle/index.js';
import { WORLD_FAMILIES } from './world-families.js';

/** The issue the world families' classes belong to. */
export const WORLD_ISSUE = 37;
const WORLD = new Set<string>(WORLD_FAMILIES.map((f) => f.name));

/** Families whose fail-opens are parsing or hidden-code faults (#13). */
const HIDDEN = new Set([
  'quoting',
  'line-continuation',
  'control-chars',
  'comments',
  'parameter-expansion',
  'arithmetic',
  'substitution',
  'heredoc',
  'assignment',
  'cd',
  'path-program',
]);

/**
 * A fail-open's class (`family:kind`, or the corpus case's own class) and its issue. A command
 * toolgate itself could not read (its analysis has unknown parts) that was allowed anyway is #13
 * whatever the family: what cannot be read must not run.
 */
export function classify(
  group: string,
  variant: string | undefined,
  violations: readonly Violation[],
  decision: Decision,
  caseClass?: string,
  command?: string,
  execs: readonly { argv: readonly string[]; path: string }[] = [],
): { class: string; issue: number } {
  const kind = primary(violations);
  const cls = caseClass ?? `${group.replace(/^corpus:/, '')}${variant && group === 'brace-expansion' ? `-${variant}` : ''}:${kind}`;
  if (WORLD.has(group) || group === 'corpus:shell-bypasses-3') return { class: cls, issue: WORLD_ISSUE };
  if (command !== undefined && unreadable(command)) return { class: cls, issue: 13 };
  // Code handed to an interpreter (sh reading a here-document, node -e, python3 -c): #15.
  if (
    !HIDDEN.has(group) &&
    execs.some((e) =>
      INTERPRETERS.has(
        e.path
          .split('/')
          .pop()!
          .replace(/[\d.]+$/, ''),
      ),
    )
  )
    return { class: cls, issue: 15 };
  return { class: cls, issue: issueFor(group, variant, kind, decision) };
}

const INTERPRETERS = new Set(['bash', 'sh', 'dash', 'zsh', 'node', 'python', 'python3', 'perl', 'ruby']);

function unreadable(command: string): boolean {
  try {
    return analyzeShell(command).unknown.length > 0;
  } catch {
    return true;
  }
}

/** The violation that says most: a denied or unlisted program first, then writes, then reads. */
function primary(violations: readonly Violation[]): Violation['kind'] {
  const order: Violation['kind'][] = [
    'denied-program',
    'unlisted-program',
    'critical-removal',
    'denied-write',
    'protected-write',
    'denied-read',
    'read-only-changed',
    'write-outside-attempted',
    'outside-read',
  ];
  for (const k of order) if (violations.some((v) => v.kind === k)) return k;
  return violations[0]?.kind ?? 'unlisted-program';
}

const PATH_KINDS = new Set<Violation['kind']>(['denied-write', 'protected-write', 'denied-read', 'critical-removal']);

function issueFor(group: string, variant: string | undefined, kind: Violation['kind'], decision: Decision): number {
  if (HIDDEN.has(group)) return 13;
  if (group === 'globs' || (group === 'brace-expansion' && variant !== 'option'))
    return PATH_KINDS.has(kind) && decision.reason.kind === 'rule' ? 16 : 13;
  if (group === 'wrapper' || group === 'deny-program') return 15;
  if (group === 'path-effects')
    return kind === 'denied-program'
      ? 15
      : PATH_KINDS.has(kind)
        ? 16
        : kind === 'unlisted-program' && decision.reason.kind === 'readOnly'
          ? 14
          : 16;
  if (group === 'read-only-options' || group === 'brace-expansion') {
    if (kind === 'denied-program') return 15;
    if (PATH_KINDS.has(kind) && decision.reason.kind === 'rule') return 16;
    return 14;
  }
  // corpus commands and their mutations: by what happened
  if (kind === 'denied-program') return 15;
  if (kind === 'unlisted-program') return decision.reason.kind === 'readOnly' ? 14 : 13;
  if (PATH_KINDS.has(kind)) return 16;
  return 14;
}
