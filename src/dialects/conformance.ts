/**
 * Replaying conformance cases in the noeta, biu and robota dialects: decision cases go through
 * `evaluate` with the dialect's extra inputs mapped to `dialectInput`; predicate cases (rule
 * parsing, read-only commands, plan prompts, containment, mode names, hook outputs) call the
 * dialect's predicate functions.
 * @packageDocumentation
 */
import type { Decision, PermissionMode, Platform, SettingsSourceKind } from '../core/types.js';
import { evaluate, type EvaluationContext } from '../evaluate/index.js';
import type { ConformanceCase, CaseOutcome } from '../testing/conformance.js';
import { caseFsView } from '../testing/case-fs.js';
import { judgeDecision } from '../testing/judge.js';
import {
  biuDestructiveWarning, biuEnterPlan, biuExitPlan, biuExitPlanModeToolCheck, biuHookDecision, biuHookTypeSupport, biuMatcherMatches,
  biuModeFromString, matchPromptToCommand, parseBiuRule, pathInWorkingPath, type BiuPlanState,
} from './biu/index.js';
import { dialectByName, policyForDialect } from './index.js';
import {
  allowRulesForAutoMode, isBroadExecutionAllowRule, robotaCombinePreToolUse, robotaDecodeHookVerdict, robotaMatcherMatches, robotaOutcome,
  robotaProtectedPaths, type RobotaHookOutput,
} from './robota/index.js';

const LAYER_KIND: Record<string, SettingsSourceKind> = { user: 'userSettings', project: 'projectSettings', local: 'localSettings', managed: 'managed', cli: 'cli' };

/**
 * Cases whose expectation the dialect's documentation contradicts, or that need what a case file
 * cannot carry. The documentation wins; each entry says why.
 */
const SKIPS: Readonly<Record<string, string>> = {
  'biu-116': 'checks that the PermissionDenied hook fired, which needs the gate (issue 5); the decision itself is checked by own cases',
  'biu-118': 'the hook registry of the test is not in the case (only the trust flag is); the trust gate is tested through biuHooksMayRun',
  'biu-119': 'the hook registry of the test is not in the case (only the trust flag is); the trust gate is tested through biuHooksMayRun',
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Why a dialect case cannot be replayed, or `undefined`. @public */
export function dialectSkipReason(c: ConformanceCase): string | undefined {
  const dialect = c.dialect ?? 'claude-code';
  if (dialectByName(dialect) === undefined) return `unknown dialect "${dialect}"`;
  if (SKIPS[c.id] !== undefined) return SKIPS[c.id];
  if (predicate(c) !== undefined) return undefined;
  const body = c.case;
  if (!body) return 'the case has no inputs';
  if (body['call'] === undefined) return 'the case has no tool call to decide';
  const r = c.expected.result;
  if (r !== 'allow' && r !== 'ask' && r !== 'deny') return `expected result "${String(r)}" is not a decision`;
  if (body['hook_result'] !== undefined) return 'needs hook results combined by the gate (issue 5)';
  return undefined;
}

type Check = () => { got: unknown; want: unknown };

/** A predicate check for a case, when the case is one. */
function predicate(c: ConformanceCase): Check | undefined {
  const body = (c.case ?? {}) as Record<string, unknown>;
  const e = c.expected;
  if (c.dialect === 'biu') {
    if (typeof c['rule'] === 'string' && e['parsed'] !== undefined) {
      return () => {
        const r = parseBiuRule(c['rule'] as string);
        return { got: r.ok ? { toolName: r.rule.toolName, ...(r.rule.ruleContent !== undefined ? { ruleContent: r.rule.ruleContent } : {}) } : { error: r.message }, want: e['parsed'] };
      };
    }
    if (typeof c['modeString'] === 'string') return () => ({ got: biuModeFromString(c['modeString'] as string), want: e['mode'] });
    if (typeof c['path'] === 'string' && typeof c['workingPath'] === 'string') {
      return () => ({ got: pathInWorkingPath(c['path'] as string, c['workingPath'] as string), want: e['inside'] });
    }
    if (typeof c['allowedPrompt'] === 'string') return () => ({ got: matchPromptToCommand(c['allowedPrompt'] as string, str(c['command']) ?? ''), want: e['matches'] });
    if (c.kind === 'destructive-warning') {
      return () => ({ got: biuDestructiveWarning(str((body['call'] as { input?: Record<string, unknown> })?.input?.['command']) ?? ''), want: e['warning'] });
    }
    if (Array.isArray(body['scenario'])) return () => biuScenario(body['scenario'] as unknown[][], e);
    if (body['event'] !== undefined || body['hook_output'] !== undefined) return biuHookCheck(body, e);
    if (e['toolError'] === true) return () => ({ got: !biuExitPlanModeToolCheck(biuModeFromString(String(body['mode'] ?? 'default'))).ok, want: true });
  }
  if (c.dialect === 'robota') {
    if (typeof c['rule'] === 'string' && e['broadExecutionAllowRule'] !== undefined) {
      return () => ({ got: isBroadExecutionAllowRule(c['rule'] as string), want: e['broadExecutionAllowRule'] });
    }
    if (Array.isArray(c['rules'])) return () => ({ got: allowRulesForAutoMode(c['rules'] as string[]), want: e['allowRulesForAutoMode'] });
    if (c.kind === 'hooks') return robotaHookCheck(body, e);
  }
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

function hookGroups(settings: unknown, event: string): { matcher?: string; hooks: { type?: string }[] }[] {
  const hooks = (settings as { hooks?: Record<string, unknown> } | undefined)?.hooks;
  const groups = hooks?.[event];
  return Array.isArray(groups) ? (groups as { matcher?: string; hooks: { type?: string }[] }[]) : [];
}

function biuHookCheck(body: Record<string, unknown>, e: Record<string, unknown>): Check | undefined {
  const event = String(body['event'] ?? '');
  if (e['matchedHooks'] !== undefined && body['settings'] !== undefined) {
    return () => ({ got: hookGroups(body['settings'], event).filter((g) => biuMatcherMatches(g.matcher, String(body['matchKey'] ?? ''))).length, want: e['matchedHooks'] });
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
      return { got: { block: d.block, result: d.block ? 'deny' : 'continue', reason: d.reason?.includes(String(e['stderrContains'] ?? '')) }, want: { block: true, result: e['result'], reason: true } };
    };
  }
  return undefined;
}

function robotaHookCheck(body: Record<string, unknown>, e: Record<string, unknown>): Check | undefined {
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
      return { got: { blocked: c.blocked, reasonContains: (c.reason ?? '').includes('denied') }, want: { blocked: true, reasonContains: true } };
    };
  }
  if (e['matched'] !== undefined) {
    return () => {
      const call = body['call'] as { tool: string };
      return { got: hookGroups(body['settings'], String(body['event'])).some((g) => robotaMatcherMatches(g.matcher, call.tool)), want: e['matched'] };
    };
  }
  return undefined;
}

/** The evaluation context of a dialect decision case. */
function caseContext(c: ConformanceCase, body: Record<string, unknown>): EvaluationContext {
  const dialect = dialectByName(c.dialect ?? 'claude-code')!;
  const objects: { kind: SettingsSourceKind; settings: unknown }[] = [];
  if (body['layers'] && typeof body['layers'] === 'object') {
    for (const [layer, settings] of Object.entries(body['layers'] as Record<string, unknown>)) objects.push({ kind: LAYER_KIND[layer] ?? 'inline', settings });
  }
  if (body['settings'] !== undefined) objects.push({ kind: 'projectSettings', settings: body['settings'] });
  const policy = policyForDialect(dialect, objects, { projectTrusted: body['project_trusted'] !== false });
  const platform = (body['platform'] as Platform | undefined) ?? 'linux';
  const noCwd = body['cwd'] === null;
  const cwd = str(body['cwd']) ?? (noCwd ? '/' : '/home/user/project');
  const home = str(body['home']) ?? '/home/user';
  const input: Record<string, unknown> = {};
  for (const k of ['flags', 'sessionGrants', 'allowedPrompts', 'ceiling', 'askAll', 'peerTurn', 'sandboxAutoApproved', 'allowBypass', 'memoryDir', 'toolOutputDir', 'approver']) {
    if (body[k] !== undefined) input[k] = body[k];
  }
  const ctx: EvaluationContext = {
    mode: String(body['mode'] ?? dialect.defaultMode) as PermissionMode,
    policy,
    cwd,
    home,
    platform,
    dialect,
    dialectInput: input,
    options: { shell: (body['shell'] as 'bash' | 'zsh' | undefined) ?? 'bash' },
  };
  const extra = Array.isArray(body['additionalDirectories']) ? (body['additionalDirectories'] as string[]) : [];
  if (noCwd) ctx.workingDirectories = extra;
  else if (extra.length > 0 || c.dialect === 'robota') ctx.workingDirectories = [cwd, ...extra];
  const pp = body['pathProtection'] as { protectedDirectoryNames?: string[]; writableWorktreeContainers?: string[] } | undefined;
  if (pp) ctx.options = { ...ctx.options, protectedPaths: robotaProtectedPaths(pp) };
  if (typeof body['planFilePath'] === 'string') ctx.options = { ...ctx.options, planFilePath: body['planFilePath'] };
  let fs = body['fs'] as Record<string, unknown> | undefined;
  // robota's read-only tests run in a workspace where `link` and `link2` lead outside (the note says so).
  if (fs === undefined && c.dialect === 'robota' && /'link' is a symlink/.test(String(c['note'] ?? ''))) fs = { [`${cwd}/link`]: 'symlink -> /outside', [`${cwd}/link2`]: 'symlink -> /outside2' };
  if (fs) ctx.fs = caseFsView(fs, { cwd, home, platform });
  return ctx;
}

/** Replay one noeta, biu or robota case. Never throws. @public */
export function runDialectCase(c: ConformanceCase): CaseOutcome {
  const reason = dialectSkipReason(c);
  if (reason !== undefined) return { status: 'skip', reason };
  try {
    const check = predicate(c);
    if (check) {
      const { got, want } = check();
      const g = JSON.stringify(got);
      const w = JSON.stringify(want);
      return g === w ? { status: 'pass', got: g } : { status: 'fail', got: g, expected: w, message: `${c.id}: expected ${w}, got ${g}` };
    }
    const body = c.case as Record<string, unknown>;
    const decision: Decision = evaluate(body['call'] as never, caseContext(c, body));
    return judgeDecision(c, decision, c.dialect === 'robota' ? ` [${robotaOutcome(decision)}]` : '');
  } catch (error) {
    return { status: 'fail', got: 'threw', expected: String(c.expected.result), message: `${c.id}: threw ${(error as Error).stack ?? String(error)}` };
  }
}
