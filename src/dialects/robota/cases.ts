/**
 * Replaying robota's conformance cases: decision cases through `evaluate` in the robota dialect
 * (its `dialectInput` keys and protected-path settings mapped from the case); predicate cases
 * (auto-mode allow rules, hook verdicts and their combination, matchers, the load check of a
 * pattern) through robota's own functions. A line may say why it cannot be replayed (`skip`).
 * @packageDocumentation
 */
import type { ConformanceCase, DialectCaseRunner } from '../../cases/index.js';
import type { RuleList } from '../../core/types.js';
import type { Dialect } from '../../evaluate/index.js';
import { dialectCaseRunner, hookGroups, type CaseCheck } from '../shared/cases.js';
import { allowRulesForAutoMode, isBroadExecutionAllowRule } from './auto-mode.js';
import { robotaCombinePreToolUse, robotaDecodeHookVerdict, robotaMatcherMatches, type RobotaHookOutput } from './hooks.js';
import { robotaPolicy } from './policy.js';
import { robotaRuleProblem } from './rules.js';
import { robotaOutcome, robotaProtectedPaths } from './words.js';

function robotaPredicate(c: ConformanceCase, dialect: () => Dialect): CaseCheck | undefined {
  const body = (c.case ?? {}) as Record<string, unknown>;
  const e = c.expected;
  if (typeof c['rule'] === 'string' && e['broadExecutionAllowRule'] !== undefined) {
    return () => ({ got: isBroadExecutionAllowRule(c['rule'] as string), want: e['broadExecutionAllowRule'] });
  }
  if (Array.isArray(c['rules'])) return () => ({ got: allowRulesForAutoMode(c['rules'] as string[]), want: e['allowRulesForAutoMode'] });
  if (c.kind === 'hooks') return robotaHookCheck(body, e);
  if (typeof c['pattern'] === 'string' && 'patternProblem' in e)
    return () => patternCheck(c['pattern'] as string, listOf(c['list']), e['patternProblem']);
  if (Array.isArray(c['patterns']) && Array.isArray(e['invalidPatterns'])) {
    return () => {
      const list = listOf(c['list']);
      const problems = (c['patterns'] as string[])
        .map((pattern) => ({ pattern, reason: robotaRuleProblem(pattern, list) }))
        .filter((p) => p.reason !== undefined);
      const first = typeof e['firstReason'] === 'string' ? e['firstReason'] : undefined;
      return {
        got: {
          invalidPatterns: problems.map((p) => p.pattern),
          ...(first !== undefined ? { firstReason: problems[0]?.reason?.includes(first) ? first : problems[0]?.reason } : {}),
        },
        want: { invalidPatterns: e['invalidPatterns'], ...(first !== undefined ? { firstReason: first } : {}) },
      };
    };
  }
  if (body['peerTurnMatrix'] !== undefined && e['samePeerAndOwn'] === true) return () => peerTurnMatrix(c, body, dialect);
  return undefined;
}

const listOf = (v: unknown): RuleList => (v === 'allow' || v === 'ask' ? v : 'deny');

/**
 * robota's load check of one pattern (`validatePermissionPattern`): `want` is `null` when the
 * pattern loads, else words the reason must contain.
 */
function patternCheck(pattern: string, list: RuleList, want: unknown): { got: unknown; want: unknown } {
  const reason = robotaRuleProblem(pattern, list);
  if (reason === undefined) return { got: null, want };
  return { got: typeof want === 'string' && reason.includes(want) ? want : reason, want };
}

/**
 * robota's peer-turn matrix: every call (mode × rule lists × call) is decided the same inside a turn
 * a peer's message started as in the session's own turn. What differs is reported.
 */
function peerTurnMatrix(c: ConformanceCase, body: Record<string, unknown>, dialect: () => Dialect): { got: unknown; want: unknown } {
  const m = body['peerTurnMatrix'] as {
    modes: string[];
    rules: Record<string, string[]>[];
    calls: { tool: string; input: Record<string, unknown> }[];
  };
  const differ: string[] = [];
  const runner = robotaCaseRunner(dialect);
  for (const mode of m.modes) {
    for (const rules of m.rules) {
      for (const call of m.calls) {
        const one = (peerTurn: boolean) => {
          const sub: ConformanceCase = {
            ...c,
            id: `${c.id}/${mode}`,
            expected: { result: 'allow' },
            case: {
              cwd: body['cwd'],
              home: body['home'],
              mode,
              settings: { permissions: rules },
              call,
              ...(peerTurn ? { peerTurn: true } : {}),
            },
          };
          const o = runner.run(sub);
          return o.status === 'pass' ? 'allow' : o.status === 'fail' ? o.got : 'skip';
        };
        const own = one(false);
        const peer = one(true);
        if (own !== peer) differ.push(`${call.tool} in ${mode} with ${JSON.stringify(rules)}: own ${own}, peer ${peer}`);
      }
    }
  }
  return { got: differ, want: [] };
}

function robotaHookCheck(body: Record<string, unknown>, e: Record<string, unknown>): CaseCheck | undefined {
  if (Array.isArray(body['hook_outputs'])) {
    return () => {
      const c = robotaCombinePreToolUse(body['hook_outputs'] as RobotaHookOutput[]);
      const want = e['combined'] as Record<string, unknown>;
      const got: Record<string, unknown> = {};
      for (const k of Object.keys(want)) got[k] = (c as unknown as Record<string, unknown>)[k];
      return { got, want };
    };
  }
  const out = body['hook_output'] as Record<string, unknown> | undefined;
  if (out?.['source'] !== undefined) {
    return () => {
      const v = robotaDecodeHookVerdict(String(out['body']), out['source'] as 'http');
      const got: Record<string, unknown> = { outcome: v.outcome };
      if (e['reason'] !== undefined) got['reason'] = v.outcome === 'deny' ? v.reason : undefined;
      if (e['kind'] !== undefined) got['kind'] = v.outcome === 'error' ? v.kind : undefined;
      const want: Record<string, unknown> = { outcome: e['outcome'] };
      if (e['reason'] !== undefined) want['reason'] = e['reason'];
      if (e['kind'] !== undefined) want['kind'] = e['kind'];
      return { got, want };
    };
  }
  if (out?.['exitCode'] !== undefined) {
    return () => {
      const c = robotaCombinePreToolUse([{ type: 'command', exitCode: Number(out['exitCode']), stderr: String(out['stderr'] ?? '') }]);
      return {
        got: { blocked: c.blocked, reasonContains: (c.reason ?? '').includes('denied') },
        want: { blocked: true, reasonContains: true },
      };
    };
  }
  if (e['matched'] !== undefined) {
    return () => {
      const call = body['call'] as { tool: string };
      return {
        got: hookGroups(body['settings'], String(body['event'])).some((g) => robotaMatcherMatches(g.matcher, call.tool)),
        want: e['matched'],
      };
    };
  }
  return undefined;
}

/** robota's case runner, for the dialect object to carry. @internal */
export function robotaCaseRunner(dialect: () => Dialect): DialectCaseRunner {
  return dialectCaseRunner({
    dialect,
    policy: robotaPolicy,
    predicate: (c) => robotaPredicate(c, dialect),
    note: (d) => ` [${robotaOutcome(d)}]`,
    protectedPaths: robotaProtectedPaths,
    linkWorkspace: true,
  });
}
