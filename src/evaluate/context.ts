import type { PermissionMode, Platform } from '../core/types.js';
import type { ReadonlyFsView } from '../core/ports.js';
import type { ProtectedPathSpec } from '../paths/index.js';
import type { CompiledRule, Policy } from '../settings/types.js';
import type { Dialect } from './dialect.js';

/**
 * Session state that outlives one call: rules granted with "Yes, and don't ask again" for this
 * session, and plan-approved prompts. Kept by the gate; `evaluate` only reads it.
 * @public
 */
export interface SessionState {
  /** Rules added for the session (source kind `session`). */
  rules?: CompiledRule[];
  /** Directories added for the session (`/add-dir`, `addDirectories` updates). */
  directories?: string[];
}

/**
 * Options whose defaults follow the toolgate spec, with switches for Claude Code's documented
 * behaviour where the two differ (see docs/decisions).
 * @public
 */
export interface EvaluateOptions {
  /**
   * Writes to protected paths under bypassPermissions: `ask` (toolgate spec, default) or `allow`
   * (Claude Code docs, "Permission modes › Protected paths").
   */
  protectedPathsUnderBypass?: 'ask' | 'allow';
  /**
   * What a `/p` path rule is anchored at: `projectRoot` (toolgate spec, default) or
   * `settingsRoot`, the rule's own settings file root (Claude Code docs, "Read and Edit").
   */
  slashAnchor?: 'projectRoot' | 'settingsRoot';
  /** The shell that runs Bash commands; `zsh` enables zsh-only checks. Default `bash`. */
  shell?: 'bash' | 'zsh' | 'sh';
  /** Absolute path of the current plan file: reads and writes of it are allowed in plan mode. */
  planFilePath?: string;
  /** Protected path list; default depends on the dialect (Claude Code's list). */
  protectedPaths?: ProtectedPathSpec;
  /**
   * Whether bypassPermissions could be switched on in this session. Plan mode does not enforce
   * its read-only blocks when it could (Claude Code docs, "Permission modes › plan"). Default false.
   */
  bypassAvailable?: boolean;
}

/**
 * Everything `evaluate` needs to decide a call. Paths are absolute (POSIX, or Windows with
 * `platform: 'windows'`).
 * @public
 */
export interface EvaluationContext {
  /** The permission mode; `manual` is accepted as `default`. */
  mode: PermissionMode | 'manual';
  /** The merged policy (from `loadSettings`, `mergePolicy` or `policyFromRules`). */
  policy: Policy;
  /** Current working directory. */
  cwd: string;
  /** Home directory. */
  home: string;
  /** Project root (where `.claude/` lives). Defaults to `cwd`. */
  projectDir?: string;
  /**
   * Working directories. Default: `cwd` plus the policy's `additionalDirectories` plus the
   * session's directories.
   */
  workingDirectories?: string[];
  session?: SessionState;
  /** The dialect: whose decision order and vocabulary to follow. Default `claudeCode`. */
  dialect?: Dialect;
  platform?: Platform;
  /** Synchronous file-system facts (symlink targets). Without it paths are judged lexically. */
  fs?: ReadonlyFsView;
  options?: EvaluateOptions;
  /**
   * Inputs only a non-default dialect reads (for example robota's `ceiling` or biu's per-call
   * `flags`); each dialect documents its keys. The default dialect ignores it.
   */
  dialectInput?: Readonly<Record<string, unknown>>;
}
