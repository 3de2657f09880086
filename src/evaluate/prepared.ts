import type { Platform } from '../core/types.js';
import { normalizePath } from '../paths/index.js';
import type { ProtectedPathSpec } from '../paths/index.js';
import type { CompiledRule, Policy } from '../settings/types.js';
import type { EvaluationContext } from './context.js';
import type { MatchEnv } from './rule-match.js';

/**
 * What every call under one context shares: the normalised cwd, home, project directory and
 * working directories, and the matching environment (with its compiled path patterns). Worked
 * out once per policy and context values, not once per call.
 */
export interface PreparedContext {
  cwd: string;
  home: string;
  projectDir: string;
  workingDirectories: string[];
  env: MatchEnv;
  /** The protected paths the last call under this context was decided with (`protectedSpecOf` in `pipeline.ts`). */
  protectedSpec?: PreparedProtectedSpec;
}

/**
 * A call's protected paths and what they were made from besides the prepared context's own values:
 * the base list (the options' or the dialect's), the dialect, and the environment values read.
 */
export interface PreparedProtectedSpec {
  base: ProtectedPathSpec;
  dialectVariables: readonly string[] | undefined;
  /** The variables read, and the value each had (`environmentValue`'s answer). */
  names: readonly string[];
  values: readonly (string | null | undefined)[];
  spec: ProtectedPathSpec;
}

/** The context values a prepared context was made from (copied, so a caller's later change is seen). */
interface Key {
  cwd: string;
  home: string;
  projectDir: string | undefined;
  platform: Platform;
  slashAnchor: 'projectRoot' | 'settingsRoot';
  workingDirectories: readonly string[] | undefined;
  additional: readonly string[];
  session: readonly string[] | undefined;
}

interface Entry {
  key: Key;
  prepared: PreparedContext;
}

const byPolicy = new WeakMap<Policy, Entry>();

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameAdditional(key: readonly string[], policy: Policy): boolean {
  const dirs = policy.additionalDirectories;
  if (dirs.length !== key.length) return false;
  for (let i = 0; i < dirs.length; i++) if (dirs[i]!.value !== key[i]) return false;
  return true;
}

function matches(key: Key, ctx: EvaluationContext, platform: Platform, slashAnchor: Key['slashAnchor']): boolean {
  return (
    key.cwd === ctx.cwd &&
    key.home === ctx.home &&
    key.projectDir === ctx.projectDir &&
    key.platform === platform &&
    key.slashAnchor === slashAnchor &&
    sameList(key.workingDirectories, ctx.workingDirectories) &&
    (ctx.workingDirectories !== undefined ||
      (sameAdditional(key.additional, ctx.policy) && sameList(key.session, ctx.session?.directories)))
  );
}

/**
 * The prepared context of `ctx`: the last one made for its policy when every value it was made
 * from is unchanged (compared by value, so a context object changed between calls is seen),
 * otherwise a new one.
 */
export function preparedContext(ctx: EvaluationContext, platform: Platform): PreparedContext {
  const slashAnchor = ctx.options?.slashAnchor ?? 'projectRoot';
  const entry = byPolicy.get(ctx.policy);
  if (entry !== undefined && matches(entry.key, ctx, platform, slashAnchor)) return entry.prepared;
  const key: Key = {
    cwd: ctx.cwd,
    home: ctx.home,
    projectDir: ctx.projectDir,
    platform,
    slashAnchor,
    workingDirectories: ctx.workingDirectories?.slice(),
    additional: ctx.policy.additionalDirectories.map((d) => d.value),
    session: ctx.session?.directories?.slice(),
  };
  const prepared = prepare(ctx, platform, slashAnchor);
  byPolicy.set(ctx.policy, { key, prepared });
  return prepared;
}

function prepare(ctx: EvaluationContext, platform: Platform, slashAnchor: Key['slashAnchor']): PreparedContext {
  const norm = (p: string) => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform });
  const cwd = norm(ctx.cwd);
  const home = norm(ctx.home);
  const projectDir = norm(ctx.projectDir ?? ctx.cwd);
  const workingDirectories = (
    ctx.workingDirectories ?? [ctx.cwd, ...ctx.policy.additionalDirectories.map((d) => d.value), ...(ctx.session?.directories ?? [])]
  ).map(norm);
  const env: MatchEnv = {
    cwd,
    // Relative rules anchor where the session started (the project), wherever an earlier call's
    // `cd` left the shell inside it; a shell outside the project keeps its own directory.
    ruleCwd: cwd === projectDir || cwd.startsWith(projectDir === '/' ? '/' : `${projectDir}/`) ? projectDir : cwd,
    home,
    platform,
    // Every rule of the policy, and as many again from sessions and sandbox credentials.
    patternsLimit: ctx.policy.rules.length + 4096,
    slashAnchorOf: slashAnchor === 'projectRoot' ? () => projectDir : (cr: CompiledRule) => settingsRoot(cr, { cwd, home, projectDir }),
  };
  return { cwd, home, projectDir, workingDirectories, env };
}

/** Claude Code's `/p` anchoring: the root of the settings file a rule came from (Claude Code docs, "Read and Edit"). */
function settingsRoot(cr: CompiledRule, ctx: { cwd: string; home: string; projectDir: string }): string {
  const file = cr.source.file;
  switch (cr.source.kind) {
    case 'projectSettings':
      return ctx.projectDir;
    case 'userSettings':
      return file !== undefined ? file.replace(/\/[^/]*$/, '') : `${ctx.home}/.claude`;
    case 'managed':
      return file !== undefined ? file.replace(/\/[^/]*$/, '') : ctx.cwd;
    case 'inline':
    case 'cli':
      return file !== undefined ? file.replace(/\/[^/]*$/, '') : ctx.cwd;
    default:
      return ctx.cwd;
  }
}
