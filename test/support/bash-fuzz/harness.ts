/**
 * The bash differential: decide every call with toolgate, run every `allow` in the bash oracle,
 * check the invariant, and count per group (family or corpus file).
 */
import { createHash } from 'node:crypto';
import type { Decision } from '../../../src/core/types.js';
import {
  decide,
  describeRun,
  judge,
  judgeScenario,
  presetNamed,
  type BashOracle,
  type Verdict,
  type Violation,
} from '../bash-oracle/index.js';
import type { KnownFailure } from '../known-failures.js';
import { classify } from './classify.js';
import type { DiffCall } from './corpus.js';
import { splitCombo, type Combo } from './vocabulary.js';
import type { Generated } from './families.js';

/** Counts of one group. */
export interface Tally {
  commands: number;
  allowed: number;
  run: number;
  failOpen: number;
  known: number;
  /** Allowed runs where only consented opaque code broke rules 1–2 (counted apart, not fail-opens). */
  consented: number;
  /** Scenarios (several calls) among the commands. */
  scenarios: number;
}

/** One fail-open: the call, toolgate's decision, what bash did, and where it belongs (plain data: it crosses processes). */
export interface Finding {
  call: DiffCall;
  decision: { behavior: Decision['behavior']; reason: Decision['reason']; rule?: { text: string } };
  /** What bash did, a line each (programs, files, canaries). */
  bash: string[];
  violations: Violation[];
  /** A scenario's calls as decided: the working directory each was decided and run in. */
  stepCwds?: string[];
  known: boolean;
  class: string;
  issue: number;
}

/** What a differential run found. */
export interface DifferentialResult {
  total: Tally;
  groups: Map<string, Tally>;
  /** The same counts per shell. */
  shells: Map<string, Tally>;
  findings: Finding[];
  /** Allowed calls bash did not run, by reason. */
  notRun: Map<string, number>;
  /** Wall time of each bash run (ms), the sandbox alone and the whole run. */
  bashMs: { total: number[]; sandbox: number[] };
}

const empty = (): Tally => ({ commands: 0, allowed: 0, run: 0, failOpen: 0, known: 0, consented: 0, scenarios: 0 });

/** The id of a generated call: family and a hash of (combination, command). */
export function generatedId(g: Generated): string {
  const world = g.shell !== undefined || g.env !== undefined ? `\0${g.shell ?? 'bash'}\0${JSON.stringify(g.env ?? {})}` : '';
  // What the world holds before (a setup) and what toolgate is told are part of the call too.
  const facts = g.setup !== undefined || g.environment !== undefined ? `\0${g.setup ?? ''}\0${JSON.stringify(g.environment ?? {})}` : '';
  // So are the files it holds (the start-up files' shape); the next terminal is always judged with them.
  const placed = g.files !== undefined ? `\0${JSON.stringify(g.files)}` : '';
  return `fuzz-${g.family}-${createHash('sha1').update(`${g.combo}\0${g.command}${world}${facts}${placed}`).digest('hex').slice(0, 10)}`;
}

/** A generated call as a differential call. */
export function fromGenerated(g: Generated): DiffCall {
  const { preset, mode } = splitCombo(g.combo as Combo);
  return {
    id: generatedId(g),
    group: g.family,
    settings: presetNamed(preset)!.settings,
    mode,
    command: g.command,
    preset,
    ...(g.variant !== undefined ? { variant: g.variant } : {}),
    ...(g.shell !== undefined ? { shell: g.shell } : {}),
    ...(g.env !== undefined && Object.keys(g.env).length > 0 ? { env: g.env } : {}),
    ...(g.calls !== undefined ? { calls: g.calls } : {}),
    ...(g.setup !== undefined ? { setup: g.setup } : {}),
    ...(g.environment !== undefined ? { environment: g.environment } : {}),
    ...(g.files !== undefined ? { files: g.files } : {}),
    ...(g.nextShell ? { nextShell: g.nextShell } : {}),
  };
}

/**
 * Decide every call; run the allowed ones in the oracle (none without one); check. `onFinding`
 * sees each fail-open as it is found.
 */
export function runDifferential(
  calls: readonly DiffCall[],
  opts: {
    oracle: BashOracle | undefined;
    known: Map<string, KnownFailure>;
    onFinding?: (f: Finding) => void;
    onProgress?: (done: number) => void;
  },
): DifferentialResult {
  const total = empty();
  const groups = new Map<string, Tally>();
  const shells = new Map<string, Tally>();
  const findings: Finding[] = [];
  const notRun = new Map<string, number>();
  const bashMs = { total: [] as number[], sandbox: [] as number[] };
  calls.forEach((call, i) => {
    const t = groups.get(call.group) ?? empty();
    groups.set(call.group, t);
    const s = shells.get(call.shell ?? 'bash') ?? empty();
    shells.set(call.shell ?? 'bash', s);
    const bump = (k: keyof Tally) => {
      t[k] += 1;
      s[k] += 1;
      total[k] += 1;
    };
    bump('commands');
    if (call.calls) bump('scenarios');
    const bashCall = {
      settings: call.settings,
      mode: call.mode,
      command: call.command,
      ...(call.layers ? { layers: call.layers } : {}),
      ...(call.cwd ? { cwd: call.cwd } : {}),
      ...(call.setup ? { setup: call.setup } : {}),
      ...(call.shell ? { shell: call.shell } : {}),
      ...(call.env ? { env: call.env } : {}),
      ...(call.environment ? { environment: call.environment } : {}),
      ...(call.files ? { files: call.files } : {}),
      ...(call.nextShell ? { nextShell: true } : {}),
    };
    // The calls done so far, whatever their outcome (the line counted only the allowed ones, so a
    // run of mostly refused calls looked stalled).
    opts.onProgress?.(i);
    if (!opts.oracle) {
      // Without a sandbox only the first call of a scenario can be decided (the rest needs the cwd it leaves).
      const d = decide(call.calls ? { ...bashCall, command: call.calls[0]! } : bashCall);
      if (d.behavior === 'allow') {
        bump('allowed');
        notRun.set('no sandbox', (notRun.get('no sandbox') ?? 0) + 1);
      }
      return;
    }
    const { verdict: v, cwds } = verdictFor(opts.oracle, bashCall, call.calls);
    if (v.outcome === 'not-allowed') return;
    bump('allowed');
    if (v.outcome === 'not-run') {
      notRun.set(v.reason, (notRun.get(v.reason) ?? 0) + 1);
      return;
    }
    bump('run');
    bashMs.total.push(v.run.ms.total);
    bashMs.sandbox.push(v.run.ms.sandbox);
    if (v.outcome === 'consented') bump('consented');
    if (v.outcome === 'fail-open') {
      bump('failOpen');
      const known = opts.known.has(call.id) && opts.known.get(call.id)!.kind === 'fail-open';
      if (known) bump('known');
      const { class: cls, issue } = classify(call.group, call.variant, v.violations, v.decision, call.caseClass, call.command, v.run.execs);
      const decision = {
        behavior: v.decision.behavior,
        reason: v.decision.reason,
        ...(v.decision.rule ? { rule: { text: v.decision.rule.text } } : {}),
      };
      const f: Finding = {
        call,
        decision,
        bash: describeRun(v.run),
        violations: v.violations,
        known,
        class: cls,
        issue: opts.known.get(call.id)?.issue ?? issue,
        ...(cwds ? { stepCwds: cwds } : {}),
      };
      findings.push(f);
      opts.onFinding?.(f);
    }
  });
  return { total, groups, shells, findings, notRun, bashMs };
}

/**
 * The verdict of a call, or of a scenario as one verdict: the first call not allowed stops it
 * (then it counts as not allowed, though earlier calls ran and held), else the call that broke
 * the invariant, else the last call.
 */
function verdictFor(
  oracle: BashOracle,
  call: Parameters<typeof judge>[1],
  calls: readonly string[] | undefined,
): { verdict: Verdict; cwds?: string[] } {
  if (!calls) return { verdict: judge(oracle, call) };
  const { command: _joined, cwd: _cwd, ...common } = call;
  const v = judgeScenario(oracle, { ...common, calls });
  const cwds = v.steps.map((s) => s.cwd);
  const last = v.steps[v.steps.length - 1]!.verdict;
  if (last.outcome !== 'held' && last.outcome !== 'consented') return { verdict: last, cwds };
  // Held or consented: the last call's run stands for the scenario, with the outcome of the whole.
  return { verdict: v.outcome === 'consented' && last.outcome === 'held' ? { ...last, outcome: 'consented', violations: [] } : last, cwds };
}

/** Add one differential result into another (parallel jobs). */
export function mergeInto(into: DifferentialResult, part: DifferentialResult): void {
  const add = (a: Tally, b: Tally) => {
    for (const k of Object.keys(a) as (keyof Tally)[]) a[k] += b[k];
  };
  add(into.total, part.total);
  for (const [from, to] of [
    [part.groups, into.groups],
    [part.shells, into.shells],
  ] as const) {
    for (const [g, t] of from) {
      const mine = to.get(g) ?? empty();
      add(mine, t);
      to.set(g, mine);
    }
  }
  into.findings.push(...part.findings);
  for (const [r, n] of part.notRun) into.notRun.set(r, (into.notRun.get(r) ?? 0) + n);
  into.bashMs.total.push(...part.bashMs.total);
  into.bashMs.sandbox.push(...part.bashMs.sandbox);
}

/** An empty result. */
export function emptyResult(): DifferentialResult {
  return { total: empty(), groups: new Map(), shells: new Map(), findings: [], notRun: new Map(), bashMs: { total: [], sandbox: [] } };
}

/** A result as JSON text (Maps as entry lists), and back. */
export function resultToJson(r: DifferentialResult): string {
  return JSON.stringify({ ...r, groups: [...r.groups], shells: [...r.shells], notRun: [...r.notRun] });
}
export function resultFromJson(text: string): DifferentialResult {
  const o = JSON.parse(text) as Omit<DifferentialResult, 'groups' | 'shells' | 'notRun'> & {
    groups: [string, Tally][];
    shells: [string, Tally][];
    notRun: [string, number][];
  };
  return { ...o, groups: new Map(o.groups), shells: new Map(o.shells), notRun: new Map(o.notRun) };
}
