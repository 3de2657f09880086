/**
 * Replaying biu's conformance cases: decision cases through `evaluate` in the biu dialect;
 * predicate cases (rule parsing, mode names, containment, plan prompts, destructive warnings,
 * hook outputs, the plan lifecycle) through biu's own functions.
 * @packageDocumentation
 */
import type { ConformanceCase, DialectCaseRunner } from '../../cases/index.js';
import type { Dialect } from '../../evaluate/index.js';
import { dialectCaseRunner, hookGroups, str, type CaseCheck } from '../shared/cases.js';
import { biuHookDecision, biuHookTypeSupport, biuHooksMayRun, biuMatcherMatches } from './hooks.js';
import { biuModeFromString } from './modes.js';
import { pathInWorkingPath } from './paths.js';
import { biuEnterPlan, biuExitPlan, biuExitPlanModeToolCheck, type BiuPlanState } from './plan.js';
import { biuPolicy } from './policy.js';
import { matchPromptToCommand } from './prompts.js';
import { parseBiuRule } from './rules.js';
import { biuDestructiveWarning } from './warnings.js';

const BIU_SKIPS: Readonly<Record<string, string>> = {
  'biu-116':
    'checks that the PermissionDenied hook fired: replayed through the gate (test/gate/dialects.test.ts), where biu tells PermissionDenied hooks of every refusal',
  'biu-118': 'the hook registry the test builds is not in the shared case: replayed with it as own/biu-upstream.jsonl biu-up-118',
  'biu-119': 'the hook registry the test builds is not in the shared case: replayed with it as own/biu-upstream.jsonl biu-up-119',
};

function biuPredicate(c: ConformanceCase): CaseCheck | undefined {
  const body = (c.case ?? {}) as Record<string, unknown>;
  const e = c.expected;
  if (typeof c['rule'] === 'string' && e['parsed'] !== undefined) {
    return () => {
      const r = parseBiuRule(c['rule'] as string);
      return {
        got: r.ok
          ? { toolName: r.rule.toolName, ...(r.rule.ruleContent !== undefined ? { ruleContent: r.rule.ruleContent } : {}) }
          : { error: r.message },
        want: e['parsed'],
      };
    };
  }
  if (typeof c['modeString'] === 'string') return () => ({ got: biuModeFromString(c['modeString'] as string), want: e['mode'] });
  if (typeof c['path'] === 'string' && typeof c['workingPath'] === 'string') {
    return () => ({ got: pathInWorkingPath(c['path'] as string, c['workingPath'] as string), want: e['inside'] });
  }
  if (typeof c['allowedPrompt'] === 'string')
    return () => ({ got: matchPromptToCommand(c['allowedPrompt'] as string, str(c['command']) ?? ''), want: e['matches'] });
  if (c.kind === 'destructive-warning') {
    return () => ({
      got: biuDestructiveWarning(str((body['call'] as { input?: Record<string, unknown> })?.input?.['command']) ?? ''),
      want: e['warning'],
    });
  }
  if (Array.isArray(body['scenario'])) return () => biuScenario(body['scenario'] as unknown[][], e);
  if (body['event'] !== undefined || body['hook_output'] !== undefined) return biuHookCheck(body, e);
  if (e['toolError'] === true)
    return () => ({ got: !biuExitPlanModeToolCheck(biuModeFromString(String(body['mode'] ?? 'default'))).ok, want: true });
  return undefined;
}

function biuScenario(steps: unknown[][], e: Record<string, unknown>): { got: unknown; want: unknown } {
  let state: BiuPlanState = { mode: 'default' };
  let returned: string | undefined;
  for (const [op, arg] of steps) {
    if (op === 'setMode') state = { mode: biuModeFromString(String(arg)) };
    else if (op === 'enterPlanMode') state = biuEnterPlan(state);
    else if (op === 'exitPlanMode') {
      const r = biuExitPlan(state);
      state = r.state;
      returned = r.returned;
    }
  }
  const got: Record<string, unknown> = { returned };
  const want: Record<string, unknown> = { returned: e['returned'] };
  if (e['mode'] !== undefined) {
    got['mode'] = state.mode;
    want['mode'] = e['mode'];
  }
  if (e['prePlanMode'] !== undefined) {
    got['prePlanMode'] = state.prePlanMode ?? '';
    want['prePlanMode'] = e['prePlanMode'];
  }
  return { got, want };
}

function biuHookCheck(body: Record<string, unknown>, e: Record<string, unknown>): CaseCheck | undefined {
  const event = String(body['event'] ?? '');
  if (e['matchedHooks'] !== undefined && body['settings'] !== undefined) {
    // Hooks of an untrusted directory never run (biu's trust gate): none matches.
    const mayRun = body['trusted'] === undefined || biuHooksMayRun(body['trusted'] === true);
    return () => ({
      got: mayRun
        ? hookGroups(body['settings'], event).filter((g) => biuMatcherMatches(g.matcher, String(body['matchKey'] ?? ''))).length
        : 0,
      want: e['matchedHooks'],
    });
  }
  if (e['combined'] === 'error') {
    return () => {
      const types = hookGroups(body['settings'], event).flatMap((g) => g.hooks.map((h) => String(h.type)));
      const errors = types.map(biuHookTypeSupport).filter((s) => !s.ok);
      return { got: errors.some((s) => !s.ok && s.error.includes(String(e['errorContains']))), want: true };
    };
  }
  const out = body['hook_output'] as { exitCode?: number; stdout?: string; stderr?: string } | undefined;
  if (out !== undefined) {
    return () => {
      const d = biuHookDecision({ exitCode: out.exitCode ?? 0, stdout: out.stdout ?? '', stderr: out.stderr ?? '' });
      if (e['prompt'] !== undefined) return { got: d.replacePrompt ?? body['prompt'], want: e['prompt'] };
      return {
        got: { block: d.block, result: d.block ? 'deny' : 'continue', reason: d.reason?.includes(String(e['stderrContains'] ?? '')) },
        want: { block: true, result: e['result'], reason: true },
      };
    };
  }
  return undefined;
}

/** biu's case runner, for the dialect object to carry. @internal */
export function biuCaseRunner(dialect: () => Dialect): DialectCaseRunner {
  return dialectCaseRunner({ dialect, policy: biuPolicy, skips: BIU_SKIPS, predicate: biuPredicate });
}
