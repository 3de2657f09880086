import type { Dialect } from '../evaluate/dialect.js';
import type { FileSystem, ReadonlyFsView } from '../core/ports.js';
import type { AskKind, Decision, PermissionMode, PermissionUpdate, Platform, ReasonKind, RuleRef, Step, ToolCall } from '../core/types.js';
import type { ContextShell, EnvironmentFacts, EvaluateOptions } from '../evaluate/index.js';
import type { Checkpoints, RecordResult } from '../checkpoints/index.js';
import type { HookCallbackMatcher, HookGroupInput, HookRegistry, HookRunResult, TransportRegistry } from '../hooks/index.js';
import type { Policy, SettingsObject } from '../settings/index.js';
import type { DecisionEvent, DecisionListener } from '../provenance/types.js';

/** A sub-agent a call is made for (Agent SDK `agent_id` / `agent_type`). @public */
export interface AgentRef {
  id: string;
  type?: string;
}

/** Per-call options of {@link Gate.check}. @public */
export interface CheckOptions {
  /** Cancels hooks, the classifier and resolvers; an aborted check is denied. */
  signal?: AbortSignal;
  /** The model's tool-use id; default `call.id`, else a generated one. */
  toolUseId?: string;
  /**
   * The sub-agent making the call (hook input `agent_id` / `agent_type`, `canUseTool`'s `agentID`).
   * Its call is decided with `$toolgate.agents` rules for its type and never more permissive than
   * this view's (its parent's) would be (toolgate docs, "Sub-agent ceilings").
   */
  agent?: AgentRef;
  /**
   * The mode the sub-agent named by {@link CheckOptions.agent} asks for (a sub-agent's hook event's
   * `permission_mode`), capped at this view's mode; an unknown name counts as `default`. Default:
   * this view's mode. Ignored without `agent`.
   */
  agentMode?: string;
  /** The prompt the call belongs to: with a `checkpoints` store, an allowed edit is recorded under it. */
  promptId?: string;
  /**
   * Where the agent's shell is for this call (a hook event's `cwd`): relative paths are read from
   * it. The working directories stay the project's wherever the shell has gone. Default the gate's `cwd`.
   */
  cwd?: string;
  /**
   * What is known of the environment this call's commands run in, when the front end knows it
   * (the Agent SDK adapter: the environment of the Claude Code process it starts). Default the
   * gate's {@link GateOptions.environment}.
   */
  environment?: EnvironmentFacts;
}

/** Who settled a call. @public */
export type DecidedBy =
  'rules' | 'preToolUseHook' | 'permissionRequestHook' | 'classifier' | 'canUseTool' | 'promptTool' | 'answer' | 'allowedPrompt' | 'gate';

/**
 * An ask waiting for a person, as plain JSON: it survives `JSON.parse(JSON.stringify(…))` and can
 * be answered with {@link Gate.answer} in another process that holds the same policy.
 * @public
 */
export interface PendingAsk {
  /** Format version of this record. */
  version: 1;
  /** Unique id (also the Agent SDK's `requestId`). */
  id: string;
  /** The call as it will run if approved (after any hook rewrites). */
  call: ToolCall;
  /** The call as the model made it. */
  originalCall: ToolCall;
  toolUseId: string;
  /** Rewrites already applied (at most 3 in all). */
  rewrites: number;
  askKind: AskKind;
  reason: { kind: ReasonKind; message: string };
  rule?: RuleRef;
  blockedPath?: string;
  /** What "Yes, and don't ask again" would add. */
  suggestions: PermissionUpdate[];
  /** The mode the call was gated in. */
  mode: PermissionMode;
  agent?: AgentRef;
  promptId?: string;
  /** The full trace up to parking. */
  trace: Step[];
}

/** A person's (or host's) answer to a {@link PendingAsk}. Agent SDK `PermissionResult` plus `remember` and `mode`. @public */
export type AskAnswer =
  | {
      behavior: 'allow';
      /** Run this input instead: it is gated again from the top (counts as a rewrite). */
      updatedInput?: Record<string, unknown>;
      /** Applied before the call runs (Agent SDK `updatedPermissions`). */
      updatedPermissions?: PermissionUpdate[];
      /** "Yes, and don't ask again": apply the pending ask's suggestions. */
      remember?: boolean;
      /** For ExitPlanMode: the mode to continue in ("Yes, and use auto mode", "…auto-accept edits"). */
      mode?: PermissionMode;
    }
  | { behavior: 'deny'; message?: string; interrupt?: boolean };

interface ResultBase {
  /** The call as it was finally gated (rewrites applied). */
  call: ToolCall;
  toolUseId: string;
  /** The last `evaluate` decision, when evaluation ran. */
  decision?: Decision;
  /** Every step consulted, hooks and resolvers included, in order. */
  trace: Step[];
  rewrites: number;
  /** `additionalContext` strings from PreToolUse hooks, for the model. */
  additionalContext?: string[];
  /** `systemMessage`s from hooks, for the user. */
  systemMessages?: string[];
}

/** The call runs. `call.input` is what must run (it may have been rewritten). @public */
export interface GateAllow extends ResultBase {
  behavior: 'allow';
  decidedBy: DecidedBy;
  reason: { kind: ReasonKind; message: string };
  /** What the checkpoint store did, when one is configured and the tool is tracked. */
  checkpoint?: RecordResult;
}

/** The call is refused; `message` goes to the model as the tool result. @public */
export interface GateDeny extends ResultBase {
  behavior: 'deny';
  decidedBy: DecidedBy;
  reason: { kind: ReasonKind; message: string };
  message: string;
  /** Stop the whole run (a PermissionRequest hook's or a resolver's `interrupt`). */
  interrupt?: boolean;
  /** A PermissionDenied hook said the model may try again. */
  retry?: boolean;
  /** A hook answered `continue: false`: the agent stops. */
  stop?: { reason?: string };
}

/** The call waits for a person; answer it with {@link Gate.answer}. @public */
export interface GateAsk extends ResultBase {
  behavior: 'ask';
  pending: PendingAsk;
}

/** A PreToolUse hook deferred the call: the host ends the turn and resumes later (Agent SDK `tool_deferred`). @public */
export interface GateDeferred extends ResultBase {
  behavior: 'deferred';
  reason?: string;
}

/** What {@link Gate.check} returns. @public */
export type GateResult = GateAllow | GateDeny | GateAsk | GateDeferred;

/** A call of a batch after an ask: not gated yet. @public */
export interface GateWaiting {
  behavior: 'waiting';
  call: ToolCall;
}

/** Agent SDK `PermissionResult`, as `canUseTool` and a prompt tool return it. @public */
export type PermissionResult =
  | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[]; toolUseID?: string }
  | { behavior: 'deny'; message: string; interrupt?: boolean; toolUseID?: string };

/** Options `canUseTool` receives (Agent SDK `CanUseTool`). @public */
export interface CanUseToolOptions {
  signal: AbortSignal;
  suggestions?: PermissionUpdate[];
  blockedPath?: string;
  decisionReason?: string;
  toolUseID: string;
  agentID?: string;
  requestId: string;
  matchedAskRule?: { source: string; toolName: string; ruleContent?: string };
}

/**
 * The Agent SDK's `canUseTool`: answers what nothing else decided. Never called in dontAsk or for
 * a call already decided. `null` means "no answer here": the call parks.
 * @public
 */
export type CanUseTool = (toolName: string, input: Record<string, unknown>, options: CanUseToolOptions) => Promise<PermissionResult | null>;

/**
 * An MCP permission-prompt tool (`--permission-prompt-tool`): called with
 * `{ tool_name, input, tool_use_id }`, returns a `PermissionResult` (or its JSON text).
 * @public
 */
export type PromptTool = (
  request: { tool_name: string; input: Record<string, unknown>; tool_use_id: string },
  options: { signal: AbortSignal },
) => Promise<unknown>;

/** Guidance handed to the classifier: the `autoMode` lists with `"$defaults"` expanded. @public */
export interface AutoModeGuidance {
  allow: string[];
  soft_deny: string[];
  hard_deny: string[];
  environment: string[];
}

/** What the classifier is given besides the call. @public */
export interface ClassifierContext {
  signal: AbortSignal;
  mode: PermissionMode;
  guidance: AutoModeGuidance;
  /** The evaluation that handed the call over. */
  decision: Decision;
  cwd: string;
  agent?: AgentRef;
}

/** A classifier verdict. `ask` hands the call to a person. @public */
export interface ClassifierVerdict {
  decision: 'allow' | 'deny' | 'ask';
  reason?: string;
}

/** The host's auto-mode classifier (toolgate never calls a model itself). @public */
export type Classifier = (call: ToolCall, context: ClassifierContext) => Promise<ClassifierVerdict>;

/** A plan's pre-approved action (ExitPlanMode `allowedPrompts`). @public */
export interface AllowedPrompt {
  tool: string;
  prompt: string;
}

/** Options of {@link createGate}. @public */
export interface GateOptions {
  /** The merged policy, or settings objects to merge (`policyFromObjects`). */
  policy: Policy | readonly SettingsObject[];
  /** Starting mode; default the policy's `defaultMode`, else `default`. */
  mode?: PermissionMode | 'manual';
  cwd: string;
  home: string;
  /** Project root (where `.claude/` lives). Default `cwd`. */
  projectDir?: string;
  platform?: Platform;
  /** Options passed to `evaluate` (`planFilePath` is filled from {@link GateOptions.planFilePath}). */
  evaluate?: EvaluateOptions;
  /** Synchronous FS facts for `evaluate` (symlinks). */
  fsView?: ReadonlyFsView;
  /**
   * Extra hooks: a compiled registry (then the policy's hooks are NOT added: the registry is all
   * there is), or matcher groups added to the policy's own hooks.
   */
  hooks?: HookRegistry | readonly HookGroupInput[];
  /** Agent SDK `options.hooks` (callbacks), added to the policy's hooks. */
  hookCallbacks?: Record<string, readonly HookCallbackMatcher[] | undefined>;
  /** Hook transports; default the built-in ones. */
  transports?: TransportRegistry;
  /** Session id handed to hooks. Default a generated one. */
  sessionId?: string;
  transcriptPath?: string;
  /** Resolvers tried in order for an ask. */
  canUseTool?: CanUseTool;
  promptTool?: PromptTool;
  classifier?: Classifier;
  /** Milliseconds the classifier may take before its verdict counts as unusable. Default 60 000. */
  classifierTimeoutMs?: number;
  /**
   * Matches a plan's `allowedPrompts` entry against a call (semantic matching, e.g. "run tests").
   * Default: the prompt is read as the content of a rule for its tool (`Bash(npm test *)`).
   */
  matchAllowedPrompt?: (prompt: AllowedPrompt, call: ToolCall) => boolean;
  /** A checkpoint store: allowed Edit/Write/MultiEdit/NotebookEdit calls are recorded inside `check` when `promptId` is given. */
  checkpoints?: Checkpoints;
  /** What an allowed edit becomes when recording fails: `deny` (default) or `allow` (with the failure attached). */
  onCheckpointFailure?: 'deny' | 'allow';
  /** File system for persisting permission updates (settings files, `.git/info/exclude`). Without one, updates are session-only. */
  fs?: FileSystem;
  /** Is the project trusted? Untrusted: nothing is written to its settings files. Default: trusted. */
  isProjectTrusted?: () => boolean | Promise<boolean>;
  /** Whether bypassPermissions may be switched to at run time (Agent SDK `allowDangerouslySkipPermissions`). Default true. */
  allowBypassPermissions?: boolean;
  /** Absolute path of the plan file: reads and writes of it run in plan mode. */
  planFilePath?: string;
  /** The configuration directory name: `.claude` (default), `.noeta`, ... */
  configDirName?: string;
  /** Whose decision semantics to follow (`toolgate/dialects`). Default `claudeCode`. */
  dialect?: Dialect;
  /** Inputs only a dialect reads (robota's `ceiling`, noeta's `allowBypass`, ...). */
  dialectInput?: Readonly<Record<string, unknown>>;
  /** The shell that runs Bash commands (`EvaluationContext.shell`). Default `unknown`. */
  shell?: ContextShell;
  /**
   * What is known of the commands' environment (`EvaluationContext.environment`). Default: nothing,
   * so every variable may be set: a relative `cd DIR` may go anywhere `CDPATH` leads, and a
   * read-only `git` command asks (`GIT_DIR` and the like may move its repository or name a program).
   * When the host runs tools in its own environment, pass `environmentFromProcess(process.env)`;
   * a call's {@link CheckOptions.environment} (the Agent SDK adapter gives one) takes its place.
   */
  environment?: EnvironmentFacts;
  /**
   * The session's project could not be established (a front end's `findProject` found none): no
   * working directories, and every call that would be allowed asks (`EvaluationContext.projectUnknown`).
   */
  projectUnknown?: boolean;
  /** Why the agent's home directory is not known (`home` is then a stand-in): `EvaluationContext.homeUnknown`. */
  homeUnknown?: string;
  /**
   * Called once per decision with its {@link DecisionEvent}: each result of `check` (an ask when
   * it parks) and of `answer` (front end `gate`). `checkBatch` reports each call it gates; calls
   * left `waiting` are not decided. The adapters decide through the gate, so this is where their
   * decisions are reported.
   */
  onDecision?: DecisionListener;
  /**
   * A shadow policy decided beside this one for every call `check` decides, and never enforced
   * (README, "Shadow policies"): its would-be decision — the policy's own, without hooks or
   * resolvers — rides on the call's `onDecision` event as `shadow`, which is then emitted a turn
   * later, once the shadow is decided. Default: the policy's `$toolgate.shadow`, when it has one.
   * Only evaluated when there is an `onDecision` listener.
   */
  shadow?: Policy | readonly SettingsObject[];
}

/** The result of {@link Gate.setMode}. @public */
export type SetModeResult =
  { ok: true; mode: PermissionMode; previous: PermissionMode } | { ok: false; mode: PermissionMode; reason: string };

/** The result of applying one permission update. @public */
export interface AppliedUpdate {
  update: PermissionUpdate;
  /** Where it took effect. */
  applied: 'session' | 'sessionAndFile' | 'refused';
  /** The file written, when one was. */
  file?: string;
  /** Why the file was not written or the update was refused. */
  note?: string;
  /** For an update an answer made: the ask it answered. */
  askId?: string;
  /** For an update an answer made: who answered, as the host named them (`answeredBy`). */
  answeredBy?: string;
}

/** Events a gate emits (eventemitter3). @public */
export interface GateEvents {
  /** Every final result of `check`, `answer` and `checkBatch`. */
  decision: (result: GateResult, call: ToolCall) => void;
  /** Every hook run the gate made. */
  hook: (run: HookRunResult) => void;
  /** An ask about to go to resolvers. */
  ask: (decision: Decision, call: ToolCall) => void;
  /** An ask parked for a person. */
  park: (pending: PendingAsk) => void;
  modeChange: (change: { from: PermissionMode; to: PermissionMode; agent?: AgentRef }) => void;
  permissionUpdate: (applied: AppliedUpdate) => void;
  /** A classifier verdict (or its absence). */
  classifier: (event: { call: ToolCall; verdict?: ClassifierVerdict; problem?: string }) => void;
  /** Auto mode paused (circuit breaker) or resumed. */
  autoModePaused: (event: { paused: boolean; consecutive: number; total: number }) => void;
}
