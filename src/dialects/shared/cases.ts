/**
 * What every dialect's case runner shares: the evaluation context of a decision case (settings
 * layers, mode, cwd, the dialect's `dialectInput` keys, an FS view) and the runner built from a
 * dialect's predicate checks and skip list.
 * @packageDocumentation
 */
import type { Decision, PermissionMode, Platform, SettingsSourceKind } from '../../core/types.js';
import {
  caseEnvironment,
  caseFsView,
  caseShell,
  judgeDecision,
  type CaseOutcome,
  type ConformanceCase,
  type DialectCaseRunner,
} from '../../cases/index.js';
import { evaluate, type Dialect, type EvaluationContext } from '../../evaluate/index.js';
import type { ProtectedPathSpec } from '../../paths/index.js';
import type { SettingsObject } from '../../settings/index.js';
import type { MergeOptions, Policy } from '../../settings/types.js';

const LAYER_KIND: Record<string, SettingsSourceKind> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
  cli: 'cli',
};

/** A check a case runner makes instead of a decision: what came out and what the case expects. */
export type CaseCheck = () => { got: unknown; want: unknown };

/** A text field of a case, or `undefined`. */
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** How one dialect reads its cases. */
export interface DialectCaseSpec {
  /** The dialect the decision cases are evaluated in (a function: the dialect object carries the runner). */
  dialect: () => Dialect;
  /** The dialect's policy builder (its own rule reader). */
  policy: (objects: readonly SettingsObject[], options: MergeOptions) => Policy;
  /** Cases that cannot be replayed, with why. */
  skips?: Readonly<Record<string, string>>;
  /** A predicate check for a case that is not a decision, or `undefined`. */
  predicate?: (c: ConformanceCase) => CaseCheck | undefined;
  /** The dialect's own word for a decision, added to failure messages. */
  note?: (d: Decision) => string;
  /** The dialect's protected paths from a case's `pathProtection`, when it has such a setting. */
  protectedPaths?: (spec: {
    protectedDirectoryNames?: string[];
    writableWorktreeContainers?: string[];
    protectedPaths?: string[];
  }) => ProtectedPathSpec;
  /** Cases whose note says `link` and `link2` lead outside get that FS view (robota's read-only tests). */
  linkWorkspace?: boolean;
}

/** The evaluation context of a dialect decision case. */
function caseContext(c: ConformanceCase, body: Record<string, unknown>, spec: DialectCaseSpec): EvaluationContext {
  const dialect = spec.dialect();
  const objects: { kind: SettingsSourceKind; settings: unknown }[] = [];
  if (body['layers'] && typeof body['layers'] === 'object') {
    for (const [layer, settings] of Object.entries(body['layers'] as Record<string, unknown>))
      objects.push({ kind: LAYER_KIND[layer] ?? 'inline', settings });
  }
  if (body['settings'] !== undefined) objects.push({ kind: 'projectSettings', settings: body['settings'] });
  const policy = spec.policy(objects, { projectTrusted: body['project_trusted'] !== false });
  const platform = (body['platform'] as Platform | undefined) ?? 'linux';
  const noCwd = body['cwd'] === null;
  const cwd = str(body['cwd']) ?? (noCwd ? '/' : '/home/user/project');
  const home = str(body['home']) ?? '/home/user';
  const input: Record<string, unknown> = {};
  for (const k of [
    'flags',
    'sessionGrants',
    'allowedPrompts',
    'ceiling',
    'askAll',
    'peerTurn',
    'sandboxAutoApproved',
    'allowBypass',
    'memoryDir',
    'toolOutputDir',
    'approver',
    'toolProfiles',
    'riskClasses',
  ]) {
    if (body[k] !== undefined) input[k] = body[k];
  }
  if (noCwd) input['noCwd'] = true;
  const ctx: EvaluationContext = {
    mode: String(body['mode'] ?? dialect.defaultMode) as PermissionMode,
    policy,
    cwd,
    home,
    platform,
    dialect,
    dialectInput: input,
    shell: caseShell(body),
  };
  const environment = caseEnvironment(body);
  if (environment !== undefined) ctx.environment = environment;
  const extra = Array.isArray(body['additionalDirectories']) ? (body['additionalDirectories'] as string[]) : [];
  if (noCwd) ctx.workingDirectories = extra;
  else if (extra.length > 0 || spec.linkWorkspace === true) ctx.workingDirectories = [cwd, ...extra];
  const pp = body['pathProtection'] as
    { protectedDirectoryNames?: string[]; writableWorktreeContainers?: string[]; protectedPaths?: string[] } | undefined;
  if (pp && spec.protectedPaths) ctx.options = { ...ctx.options, protectedPaths: spec.protectedPaths(pp) };
  if (typeof body['planFilePath'] === 'string') ctx.options = { ...ctx.options, planFilePath: body['planFilePath'] };
  let fs = body['fs'] as Record<string, unknown> | undefined;
  // robota's read-only tests run in a workspace where `link`, `link2` and `-sl` lead outside (the note says so).
  if (fs === undefined && spec.linkWorkspace === true && /'link' is a symlink/.test(String(c['note'] ?? '')))
    fs = { [`${cwd}/link`]: 'symlink -> /outside', [`${cwd}/link2`]: 'symlink -> /outside2', [`${cwd}/-sl`]: 'symlink -> /outside3' };
  if (fs) ctx.fs = caseFsView(fs, { cwd, home, platform });
  return ctx;
}

/**
 * The case runner of a dialect: a case on the skip list is skipped with its reason; a predicate
 * case is checked by comparing JSON; a decision case goes through `evaluate`. Never throws.
 */
export function dialectCaseRunner(spec: DialectCaseSpec): DialectCaseRunner {
  const skipReason = (c: ConformanceCase): string | undefined => {
    if (typeof c.skip === 'string' && c.skip !== '') return c.skip;
    const skip = spec.skips?.[c.id];
    if (skip !== undefined) return skip;
    if (spec.predicate?.(c) !== undefined) return undefined;
    const body = c.case;
    if (!body) return 'the case has no inputs';
    if (body['call'] === undefined) return 'the case has no tool call to decide';
    const r = c.expected.result;
    if (r !== 'allow' && r !== 'ask' && r !== 'deny') return `expected result "${String(r)}" is not a decision`;
    if (body['hook_result'] !== undefined) return 'needs hook results combined by the gate (issue 5)';
    return undefined;
  };
  const run = (c: ConformanceCase): CaseOutcome => {
    const reason = skipReason(c);
    if (reason !== undefined) return { status: 'skip', reason };
    try {
      const check = spec.predicate?.(c);
      if (check) {
        const { got, want } = check();
        const g = JSON.stringify(got);
        const w = JSON.stringify(want);
        return g === w ? { status: 'pass', got: g } : { status: 'fail', got: g, expected: w, message: `${c.id}: expected ${w}, got ${g}` };
      }
      const body = c.case as Record<string, unknown>;
      const decision: Decision = evaluate(body['call'] as never, caseContext(c, body, spec));
      return judgeDecision(c, decision, spec.note?.(decision) ?? '');
    } catch (error) {
      return {
        status: 'fail',
        got: 'threw',
        expected: String(c.expected.result),
        message: `${c.id}: threw ${(error as Error).stack ?? String(error)}`,
      };
    }
  };
  return { skipReason, run };
}

/** The hook groups of one event in a case's settings. */
export function hookGroups(settings: unknown, event: string): { matcher?: string; hooks: { type?: string }[] }[] {
  const hooks = (settings as { hooks?: Record<string, unknown> } | undefined)?.hooks;
  const groups = hooks?.[event];
  return Array.isArray(groups) ? (groups as { matcher?: string; hooks: { type?: string }[] }[]) : [];
}
