/**
 * The invariant checked for every `allow`: what bash did must be within what the policy allows.
 *
 * In every mode but bypassPermissions:
 *  1. every program that ran is covered by an allow rule (or started by a program that is), or
 *     is a system program that a read-only command may run ({@link READ_ONLY_PROGRAMS});
 *  2. no program that a deny rule names ran, whatever the spelling (path, case, wrapper);
 *  3. no file covered by an Edit deny rule and no protected path changed, appeared or vanished;
 *  4. no canary of a file covered by a Read deny rule appeared in the output;
 *  5. when the allow rests on read-only classification (no program ran under an allow rule's
 *     authority, and no rule allows every command): nothing changed (outside what Edit allow
 *     rules cover), no write outside was attempted, and no canary from outside the working
 *     directory appeared. (So under `Bash(echo *)`, `echo x > README.md` must not be allowed;
 *     under `Bash(*)` it may.)
 * In acceptEdits, the file programs that mode approves (mkdir, touch, rm, rmdir, mv, cp, sed) pass
 * rule 1, and rule 5 accepts what changed inside the project (rules 2–4 still hold).
 * In bypassPermissions only 2–4 apply, plus: no critical removal (rm/rmdir of /, a top-level
 * directory, HOME, the working directory or a parent of it).
 *
 * Rule 1 judges which program ran; rules 3–5 judge what it did — so the read-only list names
 * programs, and the effects of the options they were called with are seen, not predicted.
 */
import { posix } from 'node:path';
import type { Decision } from '../../../src/core/types.js';
import { PROJECT } from './fixture.js';
import type { OracleRun } from './oracle.js';
import { bashRuleMatches, execLines, isProtected, pathMatches, policyView, type PolicyView } from './policy-view.js';
import type { Exec } from './trace.js';

/** Which part of the invariant broke. */
export type ViolationKind =
  | 'unlisted-program'
  | 'denied-program'
  | 'denied-write'
  | 'protected-write'
  | 'denied-read'
  | 'read-only-changed'
  | 'write-outside-attempted'
  | 'outside-read'
  | 'critical-removal'
  | 'next-shell-ran';

/** One broken part of the invariant, with its evidence. */
export interface Violation {
  kind: ViolationKind;
  /** The rule of the invariant (1–5; 6 = critical removal in bypassPermissions; 7 = the next interactive shell ran what the call wrote, `next-shell.ts`). */
  rule: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  /** One line: what happened. */
  evidence: string;
  /**
   * The program ran inside opaque code a person consented to by name (an allow rule whose first
   * word is the literal program, DESIGN's opaque-code table): counted as consented opaque code,
   * not as a fail-open. Only rules 1 and 2 can be consented; what the code did to files stands.
   */
  consented?: true;
}

/**
 * Programs whose running is not itself a policy event: read-only tools, the wrappers in front
 * of them (their children are judged one by one) and git. What they did with their options is
 * judged by rules 3–5. Interpreters (node, python3, perl, bash, sh, …) only as `--version` /
 * `--help`.
 */
export const READ_ONLY_PROGRAMS: ReadonlySet<string> = new Set([
  'ls',
  'dir',
  'vdir',
  'cat',
  'tac',
  'nl',
  'head',
  'tail',
  'wc',
  'sort',
  'uniq',
  'cut',
  'paste',
  'join',
  'tr',
  'fold',
  'fmt',
  'pr',
  'expand',
  'unexpand',
  'column',
  'rev',
  'od',
  'hexdump',
  'hd',
  'xxd',
  'strings',
  'base32',
  'base64',
  'basenc',
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'sum',
  'comm',
  'cmp',
  'diff',
  'diff3',
  'sdiff',
  'grep',
  'egrep',
  'fgrep',
  'rg',
  'find',
  'locate',
  'which',
  'whereis',
  'file',
  'stat',
  'du',
  'df',
  'tree',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'pwd',
  'echo',
  'printf',
  'true',
  'false',
  'test',
  '[',
  'expr',
  'seq',
  'yes',
  'sleep',
  'date',
  'cal',
  'whoami',
  'id',
  'groups',
  'users',
  'who',
  'w',
  'uname',
  'hostname',
  'hostid',
  'uptime',
  'nproc',
  'arch',
  'printenv',
  'env',
  'tty',
  'getconf',
  'locale',
  'numfmt',
  'shuf',
  'tsort',
  'factor',
  'look',
  'jq',
  'sed',
  'awk',
  'gawk',
  'mawk',
  'git',
  'ps',
  'lsof',
  'free',
  'lscpu',
  'lsblk',
  'findmnt',
  'timeout',
  'nice',
  'nohup',
  'stdbuf',
  'time',
  'xargs',
  'ionice',
  'chrt',
  'taskset',
  'setsid',
  'less',
  'more',
  'man',
  'info',
  'cd',
  'type',
  'command',
]);

/** The file programs acceptEdits approves on paths inside the working directories (Claude Code, "Permission modes"). */
const ACCEPT_EDITS_PROGRAMS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

function acceptEditsProgram(e: Exec): boolean {
  return SYSTEM_DIRS.some((d) => e.path.startsWith(d)) && ACCEPT_EDITS_PROGRAMS.has(posix.basename(e.path));
}

const INTERPRETERS = new Set([
  'node',
  'nodejs',
  'python',
  'python3',
  'perl',
  'ruby',
  'bash',
  'sh',
  'dash',
  'zsh',
  'java',
  'go',
  'rustc',
  'cargo',
  'gcc',
  'cc',
  'make',
  'npm',
  'tsc',
  'deno',
  'bun',
]);
const VERSION_ARGS = new Set(['--version', '-v', '-V', '--help', '-h', 'version', '-version']);
const SYSTEM_DIRS = ['/usr/bin/', '/bin/', '/usr/sbin/', '/sbin/', '/usr/lib/git-core/', '/usr/libexec/'];

function readOnlyAsCalled(e: Exec): boolean {
  if (!SYSTEM_DIRS.some((d) => e.path.startsWith(d))) return false;
  const name = posix.basename(e.path);
  if (READ_ONLY_PROGRAMS.has(name)) return true;
  if (name.startsWith('git-') && e.path.startsWith('/usr/lib/git-core/')) return true;
  return INTERPRETERS.has(name.replace(/[\d.]+$/, '')) && e.argv.length === 2 && VERSION_ARGS.has(e.argv[1]!);
}

/** What the invariant needs to judge one allowed call. */
export interface InvariantInput {
  settings: unknown;
  mode: string;
  decision: Decision;
  run: OracleRun;
}

/** Check the invariant for an allowed call; an empty list means it held. */
export function checkInvariant(input: InvariantInput): Violation[] {
  const { run, decision } = input;
  const view = policyView(input.settings);
  const bypass = input.mode === 'bypassPermissions';
  const acceptEdits = input.mode === 'acceptEdits';
  const out: Violation[] = [];
  const argvText = (e: Exec) => `${e.path} ${JSON.stringify(e.argv)}`;

  // Which execs an allow rule covers directly, and which inherit it from a covered ancestor.
  const covered = run.execs.map((e) => execLines(e.argv, e.path).some((line) => view.bashAllow.some((r) => bashRuleMatches(r, line))));
  const ancestors = ancestorIndex(run);
  const underRule = run.execs.map((_, i) => covered[i] || ancestors[i]!.some((j) => covered[j]));
  // Specific consent: an allow rule naming the program by its literal first word (not `*`, not a wildcard first word).
  const specificRules = view.bashAllow.filter((r) => !/\*/.test(r.trim().split(/\s+/)[0] ?? '*'));
  const specific = run.execs.map((e) => execLines(e.argv, e.path).some((line) => specificRules.some((r) => bashRuleMatches(r, line))));
  const consented = run.execs.map((_, i) => specific[i] || ancestors[i]!.some((j) => specific[j]));
  // A rule for every command (`Bash(*)`) also covers the builtins and redirections of any command.
  const ruleAuthority = covered.some(Boolean) || view.bashAllow.some((r) => r.trim() === '*');

  run.execs.forEach((e, i) => {
    // 2. deny-named programs, any spelling
    const denied = view.bashDeny.find((r) => execLines(e.argv, e.path).some((line) => bashRuleMatches(r, line, true)));
    if (denied !== undefined)
      out.push({
        kind: 'denied-program',
        rule: 2,
        evidence: `ran ${argvText(e)}, which Bash(${denied}) denies`,
        ...(consented[i] && !specific[i] ? { consented: true as const } : {}),
      });
    // 1. programs outside the allow rules and the read-only set
    else if (!bypass && !underRule[i] && !readOnlyAsCalled(e) && !(acceptEdits && acceptEditsProgram(e)))
      out.push({
        kind: 'unlisted-program',
        rule: 1,
        evidence: `ran ${argvText(e)}: no allow rule covers it and it is not a read-only program`,
      });
    // 6. critical removals in bypassPermissions
    if (bypass) {
      const target = criticalTarget(e);
      if (target !== undefined) out.push({ kind: 'critical-removal', rule: 6, evidence: `ran ${argvText(e)}: removes ${target}` });
    }
  });

  for (const c of run.changes) {
    // 3. Edit-denied and protected paths
    const denied = view.editDeny.find((g) => pathMatches(g, c.path));
    if (denied !== undefined)
      out.push({ kind: 'denied-write', rule: 3, evidence: `${c.kind} ${shown(c.path)}, which an Edit deny rule covers (${denied})` });
    else if (isProtected(c.path)) out.push({ kind: 'protected-write', rule: 3, evidence: `${c.kind} ${shown(c.path)}, a protected path` });
  }

  // 4. Read-denied canaries
  for (const leak of run.leaks) {
    if (leak.canary.kind === 'content' && view.readDeny.some((g) => pathMatches(g, leak.canary.file))) {
      out.push({
        kind: 'denied-read',
        rule: 4,
        evidence: `${leak.stream} held the canary of ${leak.canary.file}, which a Read deny rule covers`,
      });
    }
  }

  // 5. read-only-backed allows
  const readOnlyBacked = !bypass && (decision.reason.kind !== 'rule' || !ruleAuthority);
  if (readOnlyBacked) {
    for (const c of run.changes) {
      if (view.editAllow.some((g) => pathMatches(g, c.path))) continue;
      if (acceptEdits && c.path.startsWith(`${PROJECT}/`)) continue;
      if (view.editDeny.some((g) => pathMatches(g, c.path)) || isProtected(c.path)) continue; // reported by rule 3
      out.push({
        kind: 'read-only-changed',
        rule: 5,
        evidence: `${c.kind} ${shown(c.path)}, though the allow rests on read-only classification`,
      });
    }
    if (run.writeOutsideAttempted)
      out.push({
        kind: 'write-outside-attempted',
        rule: 5,
        evidence: `a write hit the read-only system (EROFS): ${firstLine(run.stderr, 'Read-only file system')}`,
      });
    for (const leak of run.leaks) {
      if (leak.canary.inside) continue;
      out.push({
        kind: 'outside-read',
        rule: 5,
        evidence: `${leak.stream} held ${leak.canary.kind === 'name' ? 'a file name listed in' : 'the canary of'} ${leak.canary.file}, outside the working directory`,
      });
    }
  }
  return out;
}

/** For each exec, the indexes of the execs it descends from (same process earlier, or an ancestor process). */
function ancestorIndex(run: OracleRun): number[][] {
  const parentOf = new Map<number, number | undefined>();
  for (const e of run.execs) if (!parentOf.has(e.pid) || e.parent !== undefined) parentOf.set(e.pid, e.parent);
  return run.execs.map((e, i) => {
    const chain = new Set<number>();
    for (let p: number | undefined = e.pid, guard = 0; p !== undefined && guard < 10_000; guard++) {
      chain.add(p);
      p = parentOf.get(p);
    }
    const out: number[] = [];
    for (let j = 0; j < i; j++) if (chain.has(run.execs[j]!.pid)) out.push(j);
    return out;
  });
}

const CRITICAL = ['/', '/home', '/home/user', PROJECT];

/** The critical path an rm/rmdir exec removes, if any. */
function criticalTarget(e: Exec): string | undefined {
  const name = posix.basename(e.argv[0] ?? e.path).toLowerCase();
  if (name !== 'rm' && name !== 'rmdir' && posix.basename(e.path) !== 'rm' && posix.basename(e.path) !== 'rmdir') return undefined;
  let options = true;
  for (const arg of e.argv.slice(1)) {
    if (options && arg === '--') {
      options = false;
      continue;
    }
    if (options && arg.startsWith('-') && arg !== '-') continue;
    const abs = posix.resolve(e.cwd ?? PROJECT, arg);
    if (CRITICAL.includes(abs) || /^\/[^/]+$/.test(abs)) return abs;
  }
  return undefined;
}

/** A path as printed: JSON-quoted when it holds control characters (a file named with a newline). */
function shown(path: string): string {
  return /[\x00-\x1f\x7f]/.test(path) ? JSON.stringify(path) : path;
}

function firstLine(text: string, needle: string): string {
  return (text.split('\n').find((l) => l.includes(needle)) ?? '').slice(0, 200);
}

/** Summarise what bash did, one line each, for reports. */
export function describeRun(run: OracleRun): string[] {
  const lines: string[] = [];
  if (run.execs.length > 0) lines.push(`programs: ${run.execs.map((e) => JSON.stringify(e.argv)).join(' ')}`);
  if (run.changes.length > 0) lines.push(`files: ${run.changes.map((c) => `${c.kind} ${c.path}`).join(', ')}`);
  if (run.leaks.length > 0) lines.push(`canaries: ${run.leaks.map((l) => `${l.canary.file} (${l.stream})`).join(', ')}`);
  if (run.timedOut) lines.push('killed at the time limit');
  return lines;
}
