import type { Behavior, PermissionMode } from '../core/types.js';
import { CLAUDE_CODE_PROTECTED_PATHS, type ProtectedPathSpec } from '../paths/index.js';
import type { PipelineStep } from './pipeline.js';
import { CLAUDE_CODE_STEPS } from './pipeline.js';

/**
 * A dialect: the behaviour of one system (Claude Code, noeta, biu, robota) as data plus an
 * ordered list of named steps over shared matchers — not a separate engine.
 * @public
 */
export interface Dialect {
  /** Stable name, e.g. `claudeCode`, `noeta`, `biu`, `robota`. */
  name: string;
  /** The decision steps, in order. `evaluate` runs them until one decides. */
  steps: readonly PipelineStep[];
  /** Which paths are protected from writes. */
  protectedPaths: ProtectedPathSpec;
  /** Which read-only command table applies. */
  readOnlySet: 'claudeCode' | 'robota';
  /** Settings directory name (`.claude`, `.noeta`, `.biumind`, ...). */
  configDirName: string;
  /** Environment variables naming the project directory for hooks. */
  projectDirEnv: readonly string[];
  /** The mode a session starts in when nothing sets one. */
  defaultMode: PermissionMode;
  /** Extra mode names accepted on input, mapped to modes (`manual` → `default` is always accepted). */
  modeAliases: Readonly<Record<string, PermissionMode>>;
  /** The system's own words for allow / ask / deny, when they differ. */
  nativeWords?: Readonly<Record<Behavior, string>>;
  /** Compare tool names without case (biu). */
  caseInsensitiveTools?: boolean;
  /**
   * Whether a PreToolUse hook's `allow` may answer an ask (Claude Code: yes, for asks that are not
   * firm; robota: no — a hook's allow only lets evaluation continue). Default true.
   */
  hooksCanApprove?: boolean;
  /**
   * Whether the dialect's own steps decide dontAsk (biu: an ask rule still asks). When false
   * (Claude Code, noeta) the gate decides the call as `default` and refuses what would ask, after
   * hooks had their say. Default false.
   */
  ownsDontAsk?: boolean;
}

/**
 * The default dialect: the toolgate spec's decision semantics with Claude Code's file locations
 * and names (`.claude/`, `CLAUDE_PROJECT_DIR`, default mode `default`).
 * @public
 */
export const claudeCode: Dialect = {
  name: 'claudeCode',
  steps: CLAUDE_CODE_STEPS,
  protectedPaths: CLAUDE_CODE_PROTECTED_PATHS,
  readOnlySet: 'claudeCode',
  configDirName: '.claude',
  projectDirEnv: ['CLAUDE_PROJECT_DIR'],
  defaultMode: 'default',
  modeAliases: { manual: 'default' },
};
