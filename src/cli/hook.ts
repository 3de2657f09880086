import { escapeBidi } from '../core/text.js';
import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import type { Decision } from '../core/types.js';
import { callAndContext, environmentFromProcess, readToolEvent, shellFromPath, type ProjectFinding, type SessionFacts } from '../evaluate/door/index.js';
import { evaluateAsync } from '../evaluate/prepare.js';
import { loadSessionFacts } from '../node/session-facts.js';
import { sessionSettingsFiles } from '../node/session-files.js';
import type { Policy } from '../settings/types.js';
import { cacheDir, cacheInputs, cacheKeyOf, readCachedPolicy, writeCachedPolicy } from './policy-cache.js';

/** The flags of `toolgate hook`. */
export interface HookFlags {
  settings?: string[];
  project?: string;
  home?: string;
  mode?: string;
  decisions?: string;
  cache?: boolean;
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

function denyReply(event: HookEventName, message: string): Record<string, unknown> {
  return event === 'PermissionRequest'
    ? { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: `toolgate: ${escapeBidi(message)}` } } }
    : { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `toolgate: ${escapeBidi(message)}` } };
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

/**
 * `toolgate hook`: a drop-in Claude Code command hook for PreToolUse and PermissionRequest.
 * Reads the event JSON on stdin, decides the call against the project's settings (plus any
 * `--settings` files) and prints the hook JSON. Anything it cannot read is denied: a guard that
 * fails must not open the door. A settings file that exists but cannot be read (not JSON, not
 * UTF-8, a directory, no permission) denies every call, with the file and the reason on stderr and
 * in `permissionDecisionReason`.
 */
export async function runHook(flags: HookFlags): Promise<number> {
  try {
    return await runHookUnguarded(flags);
  } catch (e) {
    // Claude Code treats a hook's exit 1 as "go ahead": a guard that breaks must deny instead.
    process.stdout.write(`${JSON.stringify(denyReply('PreToolUse', `internal error: ${e instanceof Error ? e.message : String(e)}`))}\n`);
    return 0;
  }
}

async function runHookUnguarded(flags: HookFlags): Promise<number> {
  const answer = await answerHookEvent(await readStdin(), flags, process.env, process.cwd());
  if (answer.log !== undefined) process.stderr.write(`${answer.log}\n`);
  process.stdout.write(`${JSON.stringify(answer.reply)}\n`);
  return 0;
}

/**
 * The answer of `toolgate hook` to one event's JSON text, given the process's environment (where
 * `CLAUDE_PROJECT_DIR`, the shell and the environment facts come from) and its directory (the cwd
 * of an event that names none).
 */
export async function answerHookEvent(text: string, flags: HookFlags, env: Readonly<Record<string, string | undefined>>, processCwd: string): Promise<HookAnswer> {
  let body: Record<string, unknown>;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('the event is not a JSON object');
    body = value as Record<string, unknown>;
  } catch (e) {
    return { reply: denyReply('PreToolUse', `could not read the hook event: ${(e as Error).message}`) };
  }
  const name = body['hook_event_name'] === 'PermissionRequest' ? 'PermissionRequest' : 'PreToolUse';
  if (body['hook_event_name'] !== undefined && body['hook_event_name'] !== 'PreToolUse' && body['hook_event_name'] !== 'PermissionRequest') return { reply: {} };
  const read = readToolEvent(body);
  if (!read.ok) return { reply: denyReply(name, read.message) };
  const event = { ...read.event, cwd: resolve(processCwd, read.event.cwd ?? processCwd) };
  const home = resolve(flags.home ?? homedir());
  const settings = (flags.settings ?? []).map((f) => resolve(f));
  // A settings file named on the command line must exist: a typo must not become an empty policy.
  const missing = settings.find((f) => !existsSync(f));
  if (missing !== undefined) return refuse(name, `the settings file ${missing} does not exist`);
  let facts: SessionFacts;
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
      loadPolicy: (project) => hookPolicy({ project, home, settings, cache: flags.cache !== false }),
    });
  } catch (e) {
    return refuse(name, `the settings cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
  // A settings file that cannot be read may hold the deny rule this call needs: refuse until it is fixed.
  const broken = facts.policy.brokenFiles ?? [];
  if (broken.length > 0) {
    const files = broken.map((b) => `the settings file ${b.source.file ?? b.source.kind} cannot be read (${b.message})`);
    return refuse(name, `${files.join('; ')}; every call is refused until ${files.length === 1 ? 'it is' : 'they are'} fixed`);
  }
  const { call, context } = callAndContext(event, facts);
  const decision = await evaluateAsync(call, context);
  const emit = new Set((flags.decisions ?? 'allow,ask,deny').split(',').map((s) => s.trim()));
  return { reply: hookReply(name, decision, emit) };
}

/**
 * The policy for a hook call: from the cache when no settings file changed, else loaded (which
 * imports the schema library) and cached.
 */
async function hookPolicy(o: { project: ProjectFinding; home: string; settings: string[]; cache: boolean }): Promise<Policy> {
  const options = { home: o.home, settingsFiles: o.settings };
  const dir = cacheDir();
  const inputs = cacheInputs(sessionSettingsFiles(o.project, options), { project: o.project.known ? o.project.dir : null, home: o.home });
  const key = cacheKeyOf(inputs);
  if (o.cache) {
    const hit = readCachedPolicy(dir, key, inputs);
    if (hit) return hit;
  }
  const { loadSessionPolicy } = await import('../node/session-policy.js');
  const policy = await loadSessionPolicy(o.project, options);
  if (o.cache) writeCachedPolicy(dir, key, policy, inputs);
  return policy;
}

/** `toolgate hook ARGS`, parsed without loading the full command line program (it starts once per tool call). */
export async function hookMain(args: string[]): Promise<number> {
  // One process per tool call parses at most a few commands: V8's baseline WebAssembly compiler
  // is enough for them. Without this flag V8 also compiles the 1.4 MB bash grammar with its
  // optimising compiler on background threads (≈ 0.4 s of CPU, ≈ 10× the parse) and the process
  // waits for that before it exits. The parse, and so the decision, is the same either way.
  setFlagsFromString('--liftoff-only');
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        settings: { type: 'string', short: 's', multiple: true },
        project: { type: 'string', short: 'p' },
        home: { type: 'string' },
        mode: { type: 'string', short: 'm' },
        decisions: { type: 'string' },
        'no-cache': { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (e) {
    process.stderr.write(`toolgate hook: ${(e as Error).message}\n`);
    return 2;
  }
  return runHook({
    ...(values.settings ? { settings: values.settings } : {}),
    ...(values.project !== undefined ? { project: values.project } : {}),
    ...(values.home !== undefined ? { home: values.home } : {}),
    ...(values.mode !== undefined ? { mode: values.mode } : {}),
    ...(values.decisions !== undefined ? { decisions: values.decisions } : {}),
    cache: values['no-cache'] !== true,
  });
}

/** Register `toolgate hook` on the program. */
export function registerHookCommand(program: Command, collect: (v: string, p?: string[]) => string[]): void {
  program
    .command('hook')
    .description('act as a Claude Code PreToolUse / PermissionRequest command hook: event JSON on stdin, hook JSON on stdout')
    .option('-s, --settings <file>', 'extra settings file to load with the project layers (repeatable)', collect)
    .option('-p, --project <dir>', "the project when $CLAUDE_PROJECT_DIR is not set and the transcript's folder names none: used when the event's cwd is inside it")
    .option('--home <dir>', 'home directory (default: the real one)')
    .option('-m, --mode <mode>', "permission mode (default: the event's permission_mode)")
    .option('--decisions <list>', 'which decisions to emit (comma-separated allow,ask,deny); others print {} and leave the call to Claude Code', 'allow,ask,deny')
    .option('--no-cache', 'do not use the compiled-policy cache ($TOOLGATE_CACHE_DIR or ~/.cache/toolgate)')
    .action(async (flags: HookFlags) => {
      process.exitCode = await runHook(flags);
    });
}
