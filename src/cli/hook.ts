import { escapeBidi } from '../core/text.js';
import type { Command } from 'commander';
import { appendFileSync, existsSync, readFileSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Decision, PermissionMode, ToolCall } from '../core/types.js';
import {
  callAndContext,
  environmentFromProcess,
  modeFor,
  readToolEvent,
  shellFromPath,
  type ProjectFinding,
  type SessionFacts,
  type ToolEvent,
} from '../evaluate/door/index.js';
import { policyDigest } from '../provenance/digest.js';
import { decisionEvent, emitDecision, monotonicMs, outcomeOf, sourceOfDecision } from '../provenance/event.js';
import type { DecisionEvent, DecisionListener } from '../provenance/types.js';
import { evaluateAsync, needsShellParser, prepare, withParserWhenNeeded } from '../evaluate/prepare.js';
import { evaluate } from '../evaluate/evaluate.js';
import { loadSessionFacts } from '../node/session-facts.js';
import { sessionSettingsFiles, userSettingsDirFromEnv, type SessionPolicyOptions } from '../node/session-files.js';
import type { Policy } from '../settings/types.js';
import { shadowPolicyOf, type ShadowPolicy } from '../settings/shadow.js';
import { runShadow, type ShadowOutcome } from '../shadow/outcome.js';
import { decisionShadow } from '../provenance/event.js';
import { cacheDir, cacheInputs, cacheKeyOf, readCachedPolicy, writeCachedPolicy } from './policy-cache.js';
import { readSessionMode, writeSessionMode } from './session-modes.js';
import { setWasmFlags } from './wasm-flags.js';

/** The flags of `toolgate hook`. */
export interface HookFlags {
  settings?: string[];
  project?: string;
  home?: string;
  mode?: string;
  decisions?: string;
  cache?: boolean;
  /** Append each decision's event (`DecisionEvent`) to this file, one JSON line each. */
  decisionLog?: string;
  /**
   * A shadow settings file: the shadow policy is the project's settings with this file in place of
   * its `.claude/settings.json` (else the policy's `$toolgate.shadow`). Decided only for the
   * decision log, never enforced.
   */
  shadow?: string;
  /**
   * Called once before the shell grammar is loaded, for a call whose command needs the full
   * parser: `toolgate hook` sets V8's `--liftoff-only` there (see {@link hookMain}).
   */
  beforeShellParser?: () => Promise<void>;
  /**
   * Called when the call read the settings files instead of the compiled-policy cache (which the
   * next call then reads): the loader of the built hook keeps no code cache from such a call, whose
   * compiled code (the settings schema, the rule parser) later calls do not run (`hook-loader.ts`).
   */
  onPolicyLoad?: () => void;
}

type HookEventName = 'PreToolUse' | 'PermissionRequest';

/** The hook JSON toolgate prints for a decision (Claude Code docs, "Hooks reference › PreToolUse / PermissionRequest"). */
export function hookReply(event: HookEventName, d: Decision, emit: ReadonlySet<string>): Record<string, unknown> {
  if (!emit.has(d.behavior)) return {};
  const reason = escapeBidi(`toolgate: ${d.reason.message}${d.rule ? ` (${d.rule.list} rule ${d.rule.text})` : ''}`);
  if (event === 'PermissionRequest') {
    if (d.behavior === 'ask') return {};
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: d.behavior === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: reason },
      },
    };
  }
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d.behavior, permissionDecisionReason: reason } };
}

async function readStdin(): Promise<string> {
  try {
    // Reading the descriptor directly skips setting up the `process.stdin` stream (≈ 4 ms per call).
    return readFileSync(0, 'utf8');
  } catch {
    // A non-blocking descriptor (EAGAIN) or another oddity: the stream reads it, as before.
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Write `text` to stdout (1) or stderr (2) with a plain write to the descriptor, which skips
 * setting up `process.stdout`'s stream (≈ 4 ms per call, like reading stdin above). A
 * non-blocking descriptor (EAGAIN) or another oddity: the stream writes what is left.
 */
function writeOut(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(fd, bytes, done);
  } catch {
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(done));
  }
}

function denyReply(event: HookEventName, message: string): Record<string, unknown> {
  return event === 'PermissionRequest'
    ? {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'deny', message: `toolgate: ${escapeBidi(message)}` },
        },
      }
    : {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: `toolgate: ${escapeBidi(message)}`,
        },
      };
}

/** What the hook answers for one event: the reply on stdout, and a line for stderr (the hook's log) when it refuses. */
export interface HookAnswer {
  reply: Record<string, unknown>;
  log?: string;
}

/** Deny the call, saying why on stderr (the hook's log) and in the reply Claude Code shows. */
function refuse(event: HookEventName, message: string): HookAnswer {
  return { reply: denyReply(event, message), log: `toolgate hook: ${message}` };
}

/** What one event was decided as, for its decision event: the call, the outcome, what the hook knew. */
interface Decided {
  call: ToolCall;
  decision: Decision;
  event?: ToolEvent;
  mode?: PermissionMode;
  policy?: Policy;
  /** The shadow policy's decision of the same call, when there is a shadow (evaluated only when asked). */
  shadow?: () => Promise<Omit<ShadowOutcome, 'durationMs'>>;
}

/** A refusal made before `evaluate` ran, as a decision. */
const refusal = (message: string): Decision => ({
  behavior: 'deny',
  reason: { kind: 'checkFailed', message },
  trace: [{ step: 'hook', outcome: 'deny', detail: message }],
});

/**
 * `toolgate hook`: a drop-in Claude Code command hook for PreToolUse and PermissionRequest.
 * Reads the event JSON on stdin, decides the call against the project's settings (plus any
 * `--settings` files) and prints the hook JSON. Anything it cannot read is denied: a guard that
 * fails must not open the door. A settings file that exists but cannot be read (not JSON, not
 * UTF-8, a directory, no permission) denies every call, with the file and the reason on stderr and
 * in `permissionDecisionReason`. A sub-agent's event (`agent_id`) is capped at what the main agent
 * would get in its mode, which the hook keeps per session in its cache directory (`sessions/`).
 */
export async function runHook(flags: HookFlags, input?: string): Promise<number> {
  try {
    return await runHookUnguarded(flags, input);
  } catch (e) {
    // Claude Code treats a hook's exit 1 as "go ahead": a guard that breaks must deny instead.
    writeOut(1, `${JSON.stringify(denyReply('PreToolUse', `internal error: ${e instanceof Error ? e.message : String(e)}`))}\n`);
    return 0;
  }
}

async function runHookUnguarded(flags: HookFlags, input: string | undefined): Promise<number> {
  const log = flags.decisionLog;
  // One JSON line per decision; a log that cannot be written never changes the decision.
  const onDecision = log !== undefined ? (e: DecisionEvent) => appendFileSync(log, `${JSON.stringify(e)}\n`, { mode: 0o600 }) : undefined;
  const answer = await answerHookEvent(input ?? (await readStdin()), flags, process.env, process.cwd(), onDecision);
  if (answer.log !== undefined) writeOut(2, `${answer.log}\n`);
  writeOut(1, `${JSON.stringify(answer.reply)}\n`);
  return 0;
}

/**
 * The answer of `toolgate hook` to one event's JSON text, given the process's environment (where
 * `CLAUDE_PROJECT_DIR`, the shell and the environment facts come from) and its directory (the cwd
 * of an event that names none). `onDecision` receives one event for each tool call answered
 * (none for an event that names no call).
 */
export async function answerHookEvent(
  text: string,
  flags: HookFlags,
  env: Readonly<Record<string, string | undefined>>,
  processCwd: string,
  onDecision?: DecisionListener,
): Promise<HookAnswer> {
  if (onDecision === undefined) return (await answerEvent(text, flags, env, processCwd)).answer;
  const start = monotonicMs();
  const { answer, decided } = await answerEvent(text, flags, env, processCwd);
  if (decided !== undefined) {
    const totalMs = monotonicMs() - start;
    const { call, decision, event, mode, policy } = decided;
    // After the decision, before the reply is printed: a hook is a process per call, so the
    // shadow costs one more evaluation, and only when a decision log is kept.
    const shadow = decided.shadow !== undefined ? decisionShadow(await runShadow(decided.shadow)) : undefined;
    emitDecision(onDecision, () => ({
      ...decisionEvent(call, outcomeOf(decision), {
        frontEnd: 'hook',
        at: Date.now(),
        totalMs,
        decidedBy: sourceOfDecision(decision),
        ...(policy !== undefined ? { policyDigest: policyDigest(policy) } : {}),
        ...(mode !== undefined ? { mode } : {}),
        ...(event?.sessionId !== undefined ? { sessionId: event.sessionId } : {}),
        ...(event?.agent !== undefined ? { agent: event.agent } : {}),
      }),
      ...(shadow !== undefined ? { shadow } : {}),
    }));
  }
  return answer;
}

async function answerEvent(
  text: string,
  flags: HookFlags,
  env: Readonly<Record<string, string | undefined>>,
  processCwd: string,
): Promise<{ answer: HookAnswer; decided?: Decided }> {
  let body: Record<string, unknown>;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('the event is not a JSON object');
    body = value as Record<string, unknown>;
  } catch (e) {
    return { answer: { reply: denyReply('PreToolUse', `could not read the hook event: ${(e as Error).message}`) } };
  }
  const name = body['hook_event_name'] === 'PermissionRequest' ? 'PermissionRequest' : 'PreToolUse';
  if (body['hook_event_name'] !== undefined && body['hook_event_name'] !== 'PreToolUse' && body['hook_event_name'] !== 'PermissionRequest')
    return { answer: { reply: {} } };
  const read = readToolEvent(body);
  if (!read.ok) return { answer: { reply: denyReply(name, read.message) } };
  const event = { ...read.event, cwd: resolve(processCwd, read.event.cwd ?? processCwd) };
  const home = resolve(flags.home ?? homedir());
  const settings = (flags.settings ?? []).map((f) => resolve(f));
  // The user layer Claude Code reads: `$CLAUDE_CONFIG_DIR/settings.json` when that is set (red team 24, RT24-I).
  const userDir = userSettingsDirFromEnv(env, processCwd);
  const base = { home, settingsFiles: settings, ...(userDir !== undefined ? { userSettingsDir: userDir } : {}) };
  // A settings file named on the command line must exist: a typo must not become an empty policy.
  const missing = settings.find((f) => !existsSync(f));
  const refused = (message: string, policy?: Policy): { answer: HookAnswer; decided: Decided } => ({
    answer: refuse(name, message),
    decided: { call: event.call, decision: refusal(message), event, ...(policy !== undefined ? { policy } : {}) },
  });
  if (missing !== undefined) return refused(`the settings file ${missing} does not exist`);
  let facts: SessionFacts;
  let seen: ProjectFinding | undefined;
  try {
    // The one door: the project Claude Code names (CLAUDE_PROJECT_DIR), else the transcript's
    // folder, else a --project holding the cwd; the shell and the environment are this process's.
    facts = await loadSessionFacts(event, {
      home,
      ...(env['CLAUDE_PROJECT_DIR'] !== undefined ? { declared: env['CLAUDE_PROJECT_DIR'] } : {}),
      ...(flags.project !== undefined ? { trusted: [flags.project] } : {}),
      shell: shellFromPath(env['CLAUDE_CODE_SHELL'] || env['SHELL']),
      environment: environmentFromProcess(env),
      ...(flags.mode !== undefined ? { mode: flags.mode } : {}),
      loadPolicy: (project) => {
        seen = project;
        return hookPolicy({
          project,
          base,
          cache: flags.cache !== false,
          ...(flags.onPolicyLoad ? { onLoad: flags.onPolicyLoad } : {}),
        });
      },
    });
  } catch (e) {
    return refused(`the settings cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
  // A settings file that cannot be read may hold the deny rule this call needs: refuse until it is fixed.
  const broken = facts.policy.brokenFiles ?? [];
  if (broken.length > 0) {
    const files = broken.map((b) => `the settings file ${b.source.file ?? b.source.kind} cannot be read (${b.message})`);
    return refused(`${files.join('; ')}; every call is refused until ${files.length === 1 ? 'it is' : 'they are'} fixed`, facts.policy);
  }
  const parentMode = sessionParentMode(event, cacheDir(env as NodeJS.ProcessEnv));
  const { call, context } = callAndContext(event, parentMode !== undefined ? { ...facts, parentMode } : facts);
  if (needsShellParser(call, context)) {
    await flags.beforeShellParser?.();
    await prepare();
  }
  // A write that meets a hook's script outside the fast lexer's subset is decided again with the
  // parser loaded: the hook gives the answer the library gives once prepared (one door).
  const decision = await withParserWhenNeeded(() => evaluate(call, context), flags.beforeShellParser);
  const emit = new Set((flags.decisions ?? 'allow,ask,deny').split(',').map((s) => s.trim()));
  const shadow = async (): Promise<Omit<ShadowOutcome, 'durationMs'>> => {
    const sp = await shadowPolicyFor(flags, seen, base, facts.policy);
    if (sp === undefined) throw new Error('no shadow policy');
    const mode = sp.mode ?? context.mode;
    const shadowFacts = { ...facts, policy: sp.policy, ...(parentMode !== undefined ? { parentMode } : {}) };
    const { call: c, context: ctx } = callAndContext(sp.mode !== undefined ? { ...event, mode: sp.mode } : event, shadowFacts);
    const d = await evaluateAsync(c, ctx);
    return {
      behavior: d.behavior,
      reason: d.reason,
      ...(d.rule !== undefined ? { rule: d.rule } : {}),
      ...(d.askKind !== undefined ? { askKind: d.askKind } : {}),
      mode: modeFor(mode, shadowFacts),
      policyDigest: policyDigest(sp.policy),
    };
  };
  const hasShadow = flags.shadow !== undefined || facts.policy.shadow !== undefined;
  return {
    answer: { reply: hookReply(name, decision, emit) },
    decided: { call, decision, event, mode: modeFor(context.mode, facts), policy: facts.policy, ...(hasShadow ? { shadow } : {}) },
  };
}

/** The hook's shadow policy: `--shadow`'s file in place of the project's shared settings file, else `$toolgate.shadow`. */
async function shadowPolicyFor(
  flags: HookFlags,
  project: ProjectFinding | undefined,
  base: SessionPolicyOptions,
  live: Policy,
): Promise<ShadowPolicy | undefined> {
  if (flags.shadow === undefined) return shadowPolicyOf(live);
  // A mistyped file must not pass for a shadow that takes the project's settings away.
  if (!existsSync(resolve(flags.shadow))) throw new Error(`--shadow: settings file not found: ${resolve(flags.shadow)}`);
  const { loadSessionPolicy } = await import('../node/session-policy.js');
  const { nodeFileSystem } = await import('../node/fs.js');
  const { fileInPlace, renamedFile } = await import('../node/file-in-place.js');
  const { join } = await import('node:path');
  const finding = project ?? { known: false as const };
  if (!finding.known) return { policy: await loadSessionPolicy(finding, { ...base, fs: nodeFileSystem() }) };
  const shared = join(finding.dir, '.claude', 'settings.json');
  const fs = fileInPlace(nodeFileSystem(), shared, resolve(flags.shadow));
  return { policy: renamedFile(await loadSessionPolicy(finding, { ...base, fs }), shared, resolve(flags.shadow)) };
}

/**
 * The main agent's mode in the event's session, for a sub-agent's event (its ceiling; unknown:
 * `undefined`, which counts as `default`); a main agent's event records its own mode instead.
 */
function sessionParentMode(event: ToolEvent, dir: string): string | undefined {
  if (event.sessionId === undefined) return undefined;
  if (event.agent !== undefined) return readSessionMode(dir, event.sessionId);
  if (event.mode !== undefined) writeSessionMode(dir, event.sessionId, event.mode);
  return undefined;
}

/**
 * One process per tool call parses at most a few commands: V8's baseline WebAssembly compiler is
 * enough for them. Without `--liftoff-only` V8 also compiles the 1.4 MB bash grammar with its
 * optimising compiler on background threads (≈ 0.4 s of CPU, ≈ 10× the parse) and the process
 * waits for that before it exits. `--wasm-lazy-validation`: each function of the grammar is
 * validated when it is first compiled (V8 compiles them on first call), not all of them at load.
 * The parse, and so the decision, is the same either way. Set only before the grammar loads
 * (`wasm-flags.ts` says how).
 */
export async function liftoffOnly(): Promise<void> {
  await setWasmFlags();
}

/**
 * The policy for a hook call: from the cache when no settings file changed, else loaded (which
 * imports the schema library) and cached; `onLoad` is told when a policy is loaded for the cache.
 */
async function hookPolicy(o: {
  project: ProjectFinding;
  base: SessionPolicyOptions;
  cache: boolean;
  onLoad?: () => void;
}): Promise<Policy> {
  const options = o.base;
  const dir = cacheDir();
  const inputs = cacheInputs(sessionSettingsFiles(o.project, options), {
    project: o.project.known ? o.project.dir : null,
    home: o.base.home,
  });
  const key = cacheKeyOf(inputs);
  if (o.cache) {
    const hit = readCachedPolicy(dir, key, inputs);
    if (hit) return hit;
  }
  const { loadSessionPolicy } = await import('../node/session-policy.js');
  const policy = await loadSessionPolicy(o.project, options);
  if (o.cache) {
    writeCachedPolicy(dir, key, policy, inputs);
    o.onLoad?.();
  }
  return policy;
}

/**
 * `toolgate hook ARGS`, parsed without loading the full command line program (it starts once per
 * tool call). `input`: the event's text when the caller read stdin already. `beforeShellParser`:
 * what runs before the shell grammar loads, by default {@link liftoffOnly} (the loader of the
 * built hook passes its own, `hook-loader.ts`). `onPolicyLoad`: see {@link HookFlags}.
 */
export async function hookMain(
  args: string[],
  input?: string,
  beforeShellParser: () => Promise<void> = liftoffOnly,
  onPolicyLoad?: () => void,
): Promise<number> {
  // Claude Code's usual `toolgate hook` has no flags: skip `parseArgs`, whose modules Node loads
  // on first use (≈ 1 ms of each call); with no arguments it returns no values.
  let values: ReturnType<typeof parseHookArgs>['values'] = {};
  try {
    if (args.length > 0) ({ values } = parseHookArgs(args));
  } catch (e) {
    writeOut(2, `toolgate hook: ${(e as Error).message}\n`);
    return 2;
  }
  return runHook(
    {
      ...(values.settings ? { settings: values.settings } : {}),
      ...(values.project !== undefined ? { project: values.project } : {}),
      ...(values.home !== undefined ? { home: values.home } : {}),
      ...(values.mode !== undefined ? { mode: values.mode } : {}),
      ...(values.decisions !== undefined ? { decisions: values.decisions } : {}),
      cache: values['no-cache'] !== true,
      ...(values['decision-log'] !== undefined ? { decisionLog: values['decision-log'] } : {}),
      ...(values.shadow !== undefined ? { shadow: values.shadow } : {}),
      beforeShellParser,
      ...(onPolicyLoad ? { onPolicyLoad } : {}),
    },
    input,
  );
}

/** The flags of `toolgate hook` in `args`; throws on an unknown flag or a missing value. */
function parseHookArgs(args: string[]) {
  return parseArgs({
    args,
    options: {
      settings: { type: 'string', short: 's', multiple: true },
      project: { type: 'string', short: 'p' },
      home: { type: 'string' },
      mode: { type: 'string', short: 'm' },
      decisions: { type: 'string' },
      'no-cache': { type: 'boolean' },
      'decision-log': { type: 'string' },
      shadow: { type: 'string' },
    },
    strict: true,
  });
}

/** Register `toolgate hook` on the program. */
export function registerHookCommand(program: Command, collect: (v: string, p?: string[]) => string[]): void {
  program
    .command('hook')
    .description('act as a Claude Code PreToolUse / PermissionRequest command hook: event JSON on stdin, hook JSON on stdout')
    .option('-s, --settings <file>', 'extra settings file to load with the project layers (repeatable)', collect)
    .option(
      '-p, --project <dir>',
      "the project when $CLAUDE_PROJECT_DIR is not set and the transcript's folder names none: used when the event's cwd is inside it",
    )
    .option('--home <dir>', 'home directory (default: the real one)')
    .option('-m, --mode <mode>', "permission mode (default: the event's permission_mode)")
    .option(
      '--decisions <list>',
      'which decisions to emit (comma-separated allow,ask,deny); others print {} and leave the call to Claude Code',
      'allow,ask,deny',
    )
    .option('--no-cache', 'do not use the compiled-policy cache ($TOOLGATE_CACHE_DIR or ~/.cache/toolgate)')
    .option(
      '--shadow <file>',
      "a shadow policy for the decision log: the project's settings with this file in place of its .claude/settings.json (default: $toolgate.shadow); never enforced",
    )
    .option(
      '--decision-log <file>',
      'append each decision (rule, file, layer, mode, policy digest, trace; input redacted) to this file, one JSON line each',
    )
    .action(async (flags: HookFlags) => {
      process.exitCode = await runHook(flags);
    });
}
