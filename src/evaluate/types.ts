/**
 * The types the evaluate layer shares: what `evaluate` is given (`EvaluationContext`), what a
 * dialect is (`Dialect`) and what its steps see (`EvalState`). One module, so that the modules that
 * build on them import downwards only.
 * @packageDocumentation
 */
import type { AskKind, Behavior, Decision, PermissionMode, Platform, ReasonKind, RuleRef, Step, ToolCall } from '../core/types.js';
import type { ReadonlyFsView } from '../core/ports.js';
import type { ConfiguredProgram } from './git-configured-programs.js';
import type { CodePlace } from './command-code.js';
import type { ReadPlace } from './sourced-files.js';
import type { CodePlaces } from './code-below.js';
import type { ProtectedPathSpec } from '../paths/index.js';
import type { DialectCaseRunner } from '../cases/index.js';
import type { CompiledRule, MergeOptions, Policy } from '../settings/types.js';
import type { Rule } from '../rules/types.js';
import type { SettingsObject } from '../settings/merge.js';
import type { CallFacts } from './facts.js';
import type { PolicyIndex } from './policy-index.js';
import type { MatchEnv } from './rule-match.js';
import type { GitReads } from '../shell/programs/git/reads.js';
import type { SimpleCommand } from '../shell/types.js';

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
  /**
   * The shell that runs Bash commands, for hosts that set it here; {@link EvaluationContext.shell}
   * wins when both are given. Neither given: `unknown`.
   */
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
  /**
   * With `permissions.denyInsteadOfPrompting`: leave asks as asks, because the host refuses what
   * still asks after its hooks and resolvers had their turn (the gate sets it). Default false:
   * `evaluate` refuses them itself.
   */
  promptsDeniedLater?: boolean;
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
  /**
   * The shell that runs Bash commands, as the front end learned it (`toolgate hook`:
   * `$CLAUDE_CODE_SHELL`, else `$SHELL`; `toolgate serve`: the `X-Toolgate-Shell` header; the CLI:
   * `--shell`). Default `unknown` (unless {@link EvaluateOptions.shell} names one): the command is
   * judged for bash and zsh at once, and a construct whose meaning differs between them (zsh's
   * special parameters, a statement of redirections alone, `=cmd`, the triple-star glob) is not seen.
   */
  shell?: ContextShell;
  /**
   * Whether an OS sandbox runs the agent's shell commands (the host says so; default false: a
   * library sandboxes nothing). With it, or with `sandbox.enabled` in the settings (Claude Code
   * runs its sandbox), `sandbox.credentials` entries of mode `deny` are refused: their files as
   * Read deny rules, their variables in any command that expands or prints them. toolgate never
   * auto-allows a command because a sandbox may run it.
   */
  sandboxed?: boolean;
  /**
   * What is known of the environment the agent's commands run in (`CDPATH`,
   * `RIPGREP_CONFIG_PATH`, …). Default: nothing is known, so any variable may be set. Decisions
   * read `CDPATH`: unless it is known to be unset, a relative `cd DIR` (not `./DIR`, `../DIR`) may
   * go to a directory named DIR anywhere, and the paths after it are judged for every place it may go.
   */
  environment?: EnvironmentFacts;
  /**
   * The session's project could not be established (toolgate docs, "The session's project"):
   * every call that would be allowed asks instead (a plain ask, a deny in dontAsk), with a reason
   * saying so and how to name the project. The front ends set it with only the user and managed
   * settings loaded and no working directories. Default false.
   */
  projectUnknown?: boolean;
  /**
   * Why the agent's home directory is not known, when a front end that does not run as the agent
   * could not establish it (`agentHome`): `home` is then a stand-in, and a call that would be
   * allowed and names a path through `~` or `$HOME` asks instead (decision 0043). Default: known.
   */
  homeUnknown?: string;
  /**
   * The sub-agent the call is made for (toolgate docs, "Sub-agent ceilings"). The call is then
   * decided with the policy's rules plus `$toolgate.agents.<type>`'s and `$toolgate.agents["*"]`'s,
   * in `mode` as capped by `agentModeFor`, and the outcome is never more permissive than the one
   * the parent would get in `agent.parentMode` (allow < ask < deny). Absent: the main agent.
   */
  agent?: AgentCeiling;
}

/**
 * The sub-agent a call is made for, and its parent's mode. @public
 */
export interface AgentCeiling {
  /** The sub-agent's id (hook input `agent_id`, the Agent SDK's `agentID`), when known. */
  id?: string;
  /** Its type (`agent_type`, e.g. `Explore`): selects `$toolgate.agents.<type>`. */
  type?: string;
  /** The parent's (main agent's) mode as sent; a mode toolgate does not know, and none, count as `default`. */
  parentMode?: string;
}

/**
 * The shell a context names: one of the shells toolgate models, or `unknown`.
 * @public
 */
export type ContextShell = 'bash' | 'sh' | 'zsh' | 'unknown';

/**
 * Environment variables whose values are known, as a front end learned them. A name in `values`
 * maps to its value, or to `null` when it is known to be unset (or empty). A name not in `values`
 * may be set to anything unless `complete` is true.
 * @public
 */
export interface EnvironmentFacts {
  values: Readonly<Record<string, string | null>>;
  /** Every variable not in `values` is known to be unset. Default false. */
  complete?: boolean;
}

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
  /**
   * Environment variables naming the user settings folder in place of `~/<configDirName>` (Claude
   * Code: `CLAUDE_CONFIG_DIR`, whose `settings.json` is then the user layer). Where the environment
   * facts give one a value, that folder is protected as `~/<configDirName>` is.
   */
  userConfigDirEnv?: readonly string[];
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
  /**
   * Which refusals PermissionDenied hooks hear of: `classifier` (Claude Code: the auto-mode
   * classifier's, where a hook may say retry) or `every` (biu: a deny rule or mode, a blocking
   * PreToolUse hook and a person's no as well, informational only). Default `classifier`.
   */
  permissionDeniedHooks?: 'classifier' | 'every';
  /**
   * How the dialect replays its own conformance cases (`runCase` in `toolgate/testing` hands it every
   * case of the dialect). The default dialect has none: `runCase` replays Claude Code's cases itself.
   */
  cases?: DialectCaseRunner;
  /**
   * The dialect's own load check of a permission rule in a list: why the dialect cannot read it,
   * or `undefined` (robota: its `validatePermissionPattern`). `toolgate lint --dialect` reports each
   * rule it refuses instead of Claude Code's rule checks. Absent: Claude Code's rule syntax.
   */
  checkRule?: (text: string, list: 'allow' | 'ask' | 'deny') => string | undefined;
  /**
   * How the dialect builds a policy from settings objects when it reads rules its own way (biu's
   * `tool:detail`, robota's URL patterns: forms Claude Code's parser rejects). Loaders hand such a
   * dialect the raw settings objects. Absent: Claude Code's reader, `policyFromObjects`.
   */
  policyFromObjects?: (objects: readonly SettingsObject[], options?: MergeOptions) => Policy;
  /** The dialect's managed settings files (noeta: under `/etc/noeta`). Absent: Claude Code's. */
  managedSettingsPaths?: readonly string[];
  /**
   * The base-name glob the host's own Grep tool hands rg to leave out, at every depth and before
   * any other choice, for one of the user's deny rules, or `undefined` (Claude Code: one per
   * relative Read deny pattern, `--glob '!**\/NAME'`; decision 0155). Absent: the host leaves
   * nothing out for its rules, and a Grep on a folder meets them through every file it may open
   * (decision 0150).
   */
  grepToolLeavesOut?: (denyRule: Rule) => string | undefined;
}

/** Whether a shell call is read-only as a whole, and per part. */
export interface ShellReadOnly {
  ok: boolean;
  why?: string;
  /**
   * Whether a part reads outside the working directories (where a Read allow rule allows, or a
   * device that holds nothing): the reason of a read-only allow then says so.
   */
  readsOutside: boolean;
  perCommand: Map<SimpleCommand, boolean>;
  reasons: Map<SimpleCommand, string>;
}

/** Whether a PowerShell call is read-only as a whole, and per command: read-only or why not. */
export interface PowerShellReadOnly {
  ok: boolean;
  why?: string;
  perCommand: boolean[];
  reasons: string[];
}

/** Everything the steps share while deciding one call. */
export interface EvalState {
  call: ToolCall;
  ctx: EvaluationContext;
  mode: PermissionMode;
  facts: CallFacts;
  index: PolicyIndex;
  env: MatchEnv;
  workingDirectories: string[];
  protectedSpec: ProtectedPathSpec;
  dialect: Dialect;
  trace: Step[];
  /** An ask found by an earlier step, waiting for the mode step. */
  pendingAsk?: {
    kind: AskKind;
    reason: ReasonKind;
    message: string;
    rule?: RuleRef;
    blockedPath?: string;
    /**
     * A protected ask that an allow rule naming the command answers (not `Bash(*)`): git writing
     * the files of commits toolgate does not read (`git checkout REV`, `git pull`, `git stash`) —
     * a rule such as `Bash(git stash *)` is a person's standing answer for them; no mode is.
     */
    namingRuleAnswers?: true;
  };
  /**
   * A deny or ask rule naming a program that code the command runs but toolgate cannot read
   * could run: the opaque-code table decides at the allow step (consent by name allows).
   */
  opaqueUnder?: { rule: CompiledRule; detail: string };
  /**
   * The call's reads of git's repositories through the context's view (discovery, configuration),
   * made for this call and shared by its git checks: the hook lookup, the read-only check, the
   * hooks directories. Absent without a view (or in a state made by hand: each check reads afresh).
   */
  git?: GitReads;
  /**
   * Whether the shell call is read-only (`shellReadOnly` of shell-read-only.ts), worked out when
   * a step first asks and kept for the call's other steps. Absent until then.
   */
  shellReadOnly?: ShellReadOnly;
  /** The same for a PowerShell call (`powerShellReadOnly` of powershell.ts). Absent until a step asks. */
  powerShellReadOnly?: PowerShellReadOnly;
  /**
   * The files and folders the settings' commands run from (`hookCodePaths` of own-files.ts: the
   * hook scripts and those of the keys Claude Code runs by itself, the toolgate package and the
   * packages it loads), each with what runs it, read from the view when a write is first judged
   * and kept for the call's other written names. Absent until then.
   */
  hookCode?: readonly { path: string; python?: true; pattern?: RegExp; runBy: string }[];
  /** The program files the git configuration names (`configuredPrograms` of git-configured-programs.ts), read when a write is first judged. */
  gitPrograms?: readonly ConfiguredProgram[];
  /** The programs GnuPG's configuration names (`gnupgPrograms` of gnupg-programs.ts), read when a write is first judged. */
  gnupgPrograms?: readonly { path: string; key: string; file: string }[];
  /** The programs npm's configuration names (`npmPrograms` of npm-configured-programs.ts), read when a write is first judged. */
  npmPrograms?: readonly { path: string; key: string; file: string | undefined; what: string; by: string }[];
  /** The ssh configurations an inherited variable's `ssh -F` reads (`variableSshConfigPlaces` of variable-commands.ts), read when a write is first judged. */
  variableSshPlaces?: readonly (CodePlace & { name: string })[];
  /** What each other repository a write lands in runs (`writtenRepositoryRuns` of written-repository.ts), by its git directory. */
  otherRepositories?: Map<string, { programs: readonly ConfiguredProgram[]; places: readonly ReadPlace[] }>;
  /**
   * The files the user's start-up files run and git's configuration includes (`userReadPlaces` of
   * code-writes.ts, `sourced-files.ts`), with the places the loader variables those files set name:
   * read from the view when a write is first judged.
   */
  userPlaces?: readonly ReadPlace[];
  /** The places the readers name as code that runs later (`codePlaces` of code-writes.ts), gathered when a folder put whole is first judged. */
  codePlaces?: CodePlaces;
}

/** What a step concluded: a final decision, or nothing (go on). */
export type StepResult = Decision | undefined;

/** A named step of the decision pipeline. @public */
export interface PipelineStep {
  name: string;
  run(state: EvalState): StepResult;
}
