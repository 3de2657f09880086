import type { Decision, Platform, SettingsSourceKind } from '../core/types.js';
import { normalizeMode } from '../core/types.js';
import { evaluate } from '../evaluate/index.js';
import type { EvaluationContext } from '../evaluate/index.js';
import { mergePolicy, parseSettingsFile, parseSettingsObject } from '../settings/index.js';
import type { ParsedSettingsFile, Policy } from '../settings/types.js';
import { caseEnvironment, caseFsView, caseShell, judgeDecision, type CaseOutcome, type ConformanceCase } from '../cases/index.js';
import { dialectByName } from '../dialects/index.js';

export type { CaseOutcome, ConformanceCase } from '../cases/index.js';

const LAYER_KIND: Record<string, SettingsSourceKind> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
  cli: 'cli',
};

/** Why a case cannot be replayed by `evaluate` alone yet; `undefined` when it can. */
export function skipReason(c: ConformanceCase): string | undefined {
  if (typeof c.skip === 'string' && c.skip !== '') return c.skip;
  const dialect = c.dialect ?? 'claude-code';
  if (dialect !== 'claude-code') {
    const d = dialectByName(dialect);
    if (d === undefined) return `unknown dialect "${dialect}"`;
    return d.cases === undefined ? `the ${d.name} dialect has no case runner` : d.cases.skipReason(c);
  }
  const kind = c.kind ?? '';
  if (kind === 'hooks')
    return 'a hook case: evaluate alone runs no hooks; replayed through the gate (test/gate/field-reports.test.ts) and the hook dispatcher (test/hooks/field-reports.test.ts)';
  if (kind === 'hook-if') return 'a hook `if` case: replayed through the gate in test/gate/hook-if-cases.test.ts';
  if (kind === 'checkpoint-rewind') return 'a rewind case, not a decision: replayed against real files in test/checkpoints/cases.test.ts';
  if (kind === 'auto-mode') return 'an auto-mode case: needs a classifier, which only the gate has (see test/gate/modes.test.ts)';
  if (kind === 'plan') return 'a plan-lifecycle case: needs the gate (see test/gate/modes.test.ts)';
  const body = c.case;
  if (!body) return 'the case has no inputs';
  const result = c.expected.result;
  if (result === 'project_autoMode_ignored') return undefined;
  if (body['call'] === undefined && !isCallSteps(body['steps'])) return 'the case has no tool call to decide';
  if (result !== 'allow' && result !== 'ask' && result !== 'deny') return `expected result "${String(result)}" is not a decision`;
  if (body['hook_result'] !== undefined || body['event'] !== undefined) return 'needs hook results combined by the gate (issue 5)';
  return undefined;
}

/**
 * Build the policy of a case: `settings` is a trusted project's own file; `layers` names several.
 * A layer (or `settings`) given as a string is the file's text as written — how a case states a
 * settings file that is not valid JSON.
 */
export function casePolicy(body: Record<string, unknown>): Policy {
  const trusted = body['project_trusted'] !== false;
  const cwd = typeof body['cwd'] === 'string' ? body['cwd'] : '/home/user/project';
  const home = typeof body['home'] === 'string' ? body['home'] : '/home/user';
  const fileOf: Record<string, string> = {
    user: `${home}/.claude/settings.json`,
    project: `${cwd}/.claude/settings.json`,
    local: `${cwd}/.claude/settings.local.json`,
    managed: '/etc/claude-code/managed-settings.json',
    cli: `${cwd}/cli-settings.json`,
  };
  const files: ParsedSettingsFile[] = [];
  const add = (layer: string, settings: unknown) => {
    const kind = LAYER_KIND[layer] ?? 'inline';
    const file = fileOf[layer];
    const source = file !== undefined ? { kind, file } : { kind };
    files.push(typeof settings === 'string' ? parseSettingsFile(settings, source) : parseSettingsObject(settings, source));
  };
  if (body['layers'] && typeof body['layers'] === 'object') {
    for (const [layer, settings] of Object.entries(body['layers'] as Record<string, unknown>)) add(layer, settings);
  }
  if (body['settings'] !== undefined) add('project', body['settings']);
  return mergePolicy(files, { projectTrusted: trusted });
}

/** Replay one case through `evaluate`. Never throws. @public */
export function runCase(c: ConformanceCase): CaseOutcome {
  const dialect = c.dialect ?? 'claude-code';
  if (dialect !== 'claude-code') {
    const d = dialectByName(dialect);
    if (d?.cases === undefined) return { status: 'skip', reason: skipReason(c) ?? 'no case runner' };
    return d.cases.run(c);
  }
  const reason = skipReason(c);
  if (reason !== undefined) return { status: 'skip', reason };
  const body = c.case as Record<string, unknown>;
  try {
    const policy = casePolicy(body);
    if (c.expected.result === 'project_autoMode_ignored') {
      const allow = policy.autoMode?.allow ?? [];
      const leaked = allow.some((a) => a === 'Pushing to any remote');
      return leaked
        ? {
            status: 'fail',
            got: 'project autoMode used',
            expected: 'project_autoMode_ignored',
            message: 'autoMode from a project file was applied',
          }
        : { status: 'pass', got: 'project_autoMode_ignored' };
    }
    const platform = (body['platform'] as Platform | undefined) ?? 'linux';
    const cwd = (body['cwd'] as string | undefined) ?? '/home/user/project';
    const home =
      (body['home'] as string | undefined) ??
      (platform === 'windows' ? 'C:\\Users\\user' : platform === 'macos' ? '/Users/user' : '/home/user');
    const ctx: EvaluationContext = {
      mode: normalizeMode(String(body['mode'] ?? 'default')) ?? 'default',
      policy,
      cwd,
      home,
      platform,
      shell: caseShell(body),
    };
    const environment = caseEnvironment(body);
    if (environment !== undefined) ctx.environment = environment;
    if (body['sandboxed'] === true) ctx.sandboxed = true;
    if (body['fs'] && typeof body['fs'] === 'object') ctx.fs = caseFsView(body['fs'] as Record<string, unknown>, { cwd, home, platform });
    if (Array.isArray(body['additionalDirectories'])) ctx.workingDirectories = [cwd, ...(body['additionalDirectories'] as string[])];
    if (body['call'] === undefined && isCallSteps(body['steps'])) return runSteps(c, body['steps'], ctx);
    return judgeDecision(c, evaluate(body['call'] as never, ctx));
  } catch (e) {
    return {
      status: 'fail',
      got: 'threw',
      expected: String(c.expected.result),
      message: `${c.id}: threw ${(e as Error).stack ?? String(e)}`,
    };
  }
}

/** One call of a several-call case: the call, and the working directory it is made in (default: the case's). */
interface CallStep {
  call: unknown;
  cwd?: string;
}

/** Whether `steps` is a list of tool calls (a several-call decision case, not a rewind case). */
function isCallSteps(steps: unknown): steps is CallStep[] {
  return (
    Array.isArray(steps) &&
    steps.length > 0 &&
    steps.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        (s as { call?: unknown }).call !== undefined &&
        (s as { prompt?: unknown }).prompt === undefined,
    )
  );
}

/**
 * Several calls in one session: each decided with its own working directory (the one the earlier
 * calls left, as the case states it) and the case's `cwd` as the launch directory. The session
 * stops at the first call not allowed, which `expected` judges; every call allowed is judged as
 * an allow of the last one.
 */
function runSteps(c: ConformanceCase, steps: CallStep[], ctx: EvaluationContext): CaseOutcome {
  let decision: ReturnType<typeof evaluate> | undefined;
  for (const [i, step] of steps.entries()) {
    const cwd = step.cwd ?? ctx.cwd;
    const stepCtx: EvaluationContext =
      cwd === ctx.cwd ? ctx : { ...ctx, cwd, projectDir: ctx.cwd, workingDirectories: ctx.workingDirectories ?? [ctx.cwd] };
    decision = evaluate(step.call as never, stepCtx);
    if (decision.behavior !== 'allow') {
      const outcome = judgeDecision(c, decision, ` at call ${i + 1} of ${steps.length}`);
      return outcome;
    }
  }
  return judgeDecision(c, decision!, ` (every one of the ${steps.length} calls)`);
}

/** Parse a JSONL case file's text. Blank lines are skipped; a bad line is reported, not dropped. @public */
export function parseCaseFile(text: string): { cases: ConformanceCase[]; errors: string[] } {
  const cases: ConformanceCase[] = [];
  const errors: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      cases.push(JSON.parse(line) as ConformanceCase);
    } catch (e) {
      errors.push(`line ${i + 1}: ${(e as Error).message}`);
    }
  });
  return { cases, errors };
}
