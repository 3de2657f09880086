import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Decision, ToolCall } from '../core/types.js';
import { normalizeMode } from '../core/types.js';
import { evaluateAsync } from '../evaluate/prepare.js';
import { loadPolicyFromFlags } from './load.js';

interface HookFlags {
  settings?: string[];
  project?: string;
  home?: string;
  mode?: string;
  decisions?: string;
}

type HookEventName = 'PreToolUse' | 'PermissionRequest';

/** The hook JSON toolgate prints for a decision (Claude Code docs, "Hooks reference › PreToolUse / PermissionRequest"). */
export function hookReply(event: HookEventName, d: Decision, emit: ReadonlySet<string>): Record<string, unknown> {
  if (!emit.has(d.behavior)) return {};
  const reason = `toolgate: ${d.reason.message}${d.rule ? ` (${d.rule.list} rule ${d.rule.text})` : ''}`;
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
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function denyReply(event: HookEventName, message: string): Record<string, unknown> {
  return event === 'PermissionRequest'
    ? { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: `toolgate: ${message}` } } }
    : { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `toolgate: ${message}` } };
}

/**
 * `toolgate hook`: a drop-in Claude Code command hook for PreToolUse and PermissionRequest.
 * Reads the event JSON on stdin, decides the call against the project's settings (plus any
 * `--settings` files) and prints the hook JSON. Anything it cannot read is denied: a guard that
 * fails must not open the door.
 */
export async function runHook(flags: HookFlags): Promise<number> {
  const text = await readStdin();
  let event: Record<string, unknown>;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('the event is not a JSON object');
    event = value as Record<string, unknown>;
  } catch (e) {
    process.stdout.write(`${JSON.stringify(denyReply('PreToolUse', `could not read the hook event: ${(e as Error).message}`))}\n`);
    return 0;
  }
  const name = event['hook_event_name'] === 'PermissionRequest' ? 'PermissionRequest' : 'PreToolUse';
  if (event['hook_event_name'] !== undefined && event['hook_event_name'] !== 'PreToolUse' && event['hook_event_name'] !== 'PermissionRequest') {
    process.stdout.write('{}\n');
    return 0;
  }
  const tool = event['tool_name'];
  const input = event['tool_input'];
  if (typeof tool !== 'string' || !input || typeof input !== 'object' || Array.isArray(input)) {
    process.stdout.write(`${JSON.stringify(denyReply(name, 'the event has no tool_name / tool_input'))}\n`);
    return 0;
  }
  const cwd = typeof event['cwd'] === 'string' ? event['cwd'] : process.cwd();
  const project = flags.project ?? process.env['CLAUDE_PROJECT_DIR'] ?? cwd;
  const loaded = await loadPolicyFromFlags({
    project: resolve(project),
    cwd,
    ...(flags.settings ? { settings: flags.settings } : {}),
    ...(flags.home !== undefined ? { home: flags.home } : {}),
  });
  const modeName = flags.mode ?? (typeof event['permission_mode'] === 'string' ? event['permission_mode'] : undefined) ?? loaded.policy.defaultMode?.value ?? 'default';
  const mode = normalizeMode(modeName) ?? 'default';
  const call: ToolCall = { tool, input: input as Record<string, unknown>, ...(typeof event['tool_use_id'] === 'string' ? { id: event['tool_use_id'] } : {}) };
  const decision = await evaluateAsync(call, { mode, policy: loaded.policy, cwd: loaded.cwd, home: loaded.home, projectDir: loaded.projectDir });
  const emit = new Set((flags.decisions ?? 'allow,ask,deny').split(',').map((s) => s.trim()));
  process.stdout.write(`${JSON.stringify(hookReply(name, decision, emit))}\n`);
  return 0;
}

/** Register `toolgate hook` on the program. */
export function registerHookCommand(program: Command, collect: (v: string, p?: string[]) => string[]): void {
  program
    .command('hook')
    .description('act as a Claude Code PreToolUse / PermissionRequest command hook: event JSON on stdin, hook JSON on stdout')
    .option('-s, --settings <file>', 'extra settings file to load with the project layers (repeatable)', collect)
    .option('-p, --project <dir>', 'project directory (default: $CLAUDE_PROJECT_DIR, else the event cwd)')
    .option('--home <dir>', 'home directory (default: the real one)')
    .option('-m, --mode <mode>', "permission mode (default: the event's permission_mode)")
    .option('--decisions <list>', 'which decisions to emit (comma-separated allow,ask,deny); others print {} and leave the call to Claude Code', 'allow,ask,deny')
    .action(async (flags: HookFlags) => {
      process.exitCode = await runHook(flags);
    });
}
