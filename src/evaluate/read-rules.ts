/**
 * Read allow rules and a shell command's reads outside the working directories. Claude Code
 * checks what a command reads against the working directories and the Read allow rules: once
 * `Read(//tmp/**)` is added (what its dialog offers for `cd /tmp && ls`), that command runs (CLI
 * 2.1.332, observed). toolgate counts a read a Read allow rule covers as a read inside: a path the
 * rule names, or a directory the rule covers whole (`dir/**`) for a read of all it holds. Deny
 * rules have been met before (a Read allow rule never lifts one), and the read-only checks, links
 * and every other reason to ask still apply.
 */
import type { PermissionUpdate } from '../core/types.js';
import { isInsideAny } from '../paths/index.js';
import type { PathEffect } from '../shell/types.js';
import { PROGRAMS } from '../shell/programs/index.js';
import type { CompiledRule } from '../settings/types.js';
import { globBase, type CallFacts } from './facts.js';
import { rulesForTool } from './policy-index.js';
import { rulePathMatches } from './rule-match.js';
import type { EvalState } from './types.js';

/**
 * The allow rule that lets the call read `path` though it is outside the working directories:
 * one that names it, or — for a read of everything inside (`whole`) or a directory listing — one
 * that covers all of the directory (`//tmp/**`).
 */
export function readAllowRuleFor(state: EvalState, path: string, whole: boolean): CompiledRule | undefined {
  for (const cr of rulesForTool(state.index, 'allow', 'Read')) {
    const spec = cr.rule.specifier;
    if (cr.rule.family !== 'path' || spec === undefined) continue;
    if (!whole && rulePathMatches(cr, path, state.env)) return cr;
    const child = `${path === '/' ? '' : path}/x`;
    if (spec.endsWith('/**') && rulePathMatches(cr, child, state.env) && rulePathMatches(cr, `${child}/y/z`, state.env)) return cr;
  }
  return undefined;
}

/** Whether a read effect takes more than the path itself (a tree, a glob's matches, a lister that walks links). */
export function readsWhole(e: PathEffect): boolean {
  return e.tree !== undefined || e.glob || e.walksLinks === true;
}

/**
 * Devices that hold nothing of anyone's: `/dev/null` reads as empty, `/dev/zero` as zeros, the
 * random devices as fresh random bytes. Reading one discloses nothing, so it needs no working
 * directory or Read allow rule (`diff README.md /dev/null`, `head -c 16 /dev/urandom`); a Read
 * deny rule naming one is still a rule like any other (deny rules are checked before this).
 */
const EMPTY_DEVICES: ReadonlySet<string> = new Set(['/dev/null', '/dev/zero', '/dev/random', '/dev/urandom']);

/** Whether the call may read `path` as its working directories or a Read allow rule allow it, or it discloses nothing ({@link EMPTY_DEVICES}). */
export function mayReadAt(state: EvalState, path: string, whole: boolean): boolean {
  return (
    (state.env.platform !== 'windows' && EMPTY_DEVICES.has(path)) ||
    isInsideAny(path, state.workingDirectories) ||
    readAllowRuleFor(state, path, whole) !== undefined
  );
}

/**
 * The Read allow rules that answer an ask whose only cause is that read-only parts read outside
 * the working directories: `Read(//DIR/**)` for each directory read (the directory a `cd` enters
 * or a listing reads, a file's folder), for the session, as Claude Code's dialog offers them.
 * Nothing when another cause remains (a write, a path that is not literal) or the directory is the
 * root. `exactParts`: the exact allow rules the parts read after a `cd` under Read deny rules also
 * need, offered beside; `undefined` when one cannot be spelled (then nothing is offered).
 */
export function readRuleSuggestions(state: EvalState, exactParts: readonly string[] | undefined): PermissionUpdate[] {
  const f = state.facts as CallFacts;
  if (f.kind !== 'shell' || exactParts === undefined || state.env.platform === 'windows') return [];
  const dirs: string[] = [];
  for (const e of f.effects) {
    if (e.assumed !== undefined || e.fromHistory === true) continue;
    if (e.op !== 'read' || (!e.literal && !e.glob)) return [];
    const base = e.glob ? globBase(e.path) : e.path;
    if (isInsideAny(base, state.workingDirectories)) continue;
    const cmd = f.analysis.commands[e.command];
    // A program that changes the shell's directory (its model says) reads a directory it enters.
    const entered = PROGRAMS.get(cmd?.argv[0] ?? '')?.state?.directory !== undefined;
    const dir = readsWhole(e) || entered || state.ctx.fs?.isDirectory?.(base) === true ? base : base.slice(0, base.lastIndexOf('/')) || '/';
    // Never the root: its rule would grant every read on the machine.
    if (dir === '/') return [];
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  if (dirs.length === 0) return [];
  const updates: PermissionUpdate[] = [
    {
      type: 'addRules',
      behavior: 'allow',
      destination: 'session',
      rules: dirs.map((d) => ({ toolName: 'Read', ruleContent: `/${d}/**` })),
    },
  ];
  if (exactParts.length > 0)
    updates.push({
      type: 'addRules',
      behavior: 'allow',
      destination: 'localSettings',
      rules: exactParts.map((text) => ({ toolName: state.call.tool, ruleContent: text })),
    });
  return updates;
}
