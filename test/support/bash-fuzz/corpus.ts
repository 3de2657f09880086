/**
 * The differential's fixed inputs: the shared bypass corpus, the shell batteries (under every
 * settings combination), the field reports' Bash calls, the everyday commands and toolgate's own
 * found cases.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetNamed, type PlacedFile } from '../bash-oracle/index.js';
import { COMBOS, splitCombo } from './vocabulary.js';

/** One Bash call the differential decides (and runs, when allowed). */
export interface DiffCall {
  /** Stable id: the case's own, or derived from its source (`battery:<id>@<combo>`, `fuzz-<family>-<hash>`). */
  id: string;
  /** What it is counted under in the summary: a family, or `corpus:<file>`. */
  group: string;
  settings: unknown;
  /** Settings layers (field reports), when the case gives several files. */
  layers?: Record<string, unknown>;
  mode: string;
  command: string;
  cwd?: string;
  setup?: string;
  /** Generated calls: the family's variant; corpus cases: their `class`. */
  variant?: string;
  caseClass?: string;
  /** The settings preset's name, when it is one. */
  preset?: string;
  /** The user's shell; bash when absent. */
  shell?: 'bash' | 'sh' | 'zsh';
  /** The user's environment (not told to toolgate). */
  env?: Record<string, string>;
  /** Environment facts told to toolgate (a case's `environment`); the shell has the same values. */
  environment?: Record<string, string>;
  /** A scenario: the commands of several calls, in order (`command` then names them all). */
  calls?: string[];
  /** Files the world holds before the call, placed by the oracle. */
  files?: readonly PlacedFile[];
  /** Judge a held call again by the next terminal (decision 0169). */
  nextShell?: true;
}

const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const CASES = here('../../cases/');
/** Where new fail-opens are written (the own corpus). */
export const FOUND_FILE = here('../../cases/own/shell-fuzz-found.jsonl');

function jsonl(path: string): Record<string, unknown>[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

type Call = { tool?: string; input?: { command?: unknown } };
type Body = {
  settings?: unknown;
  layers?: Record<string, unknown>;
  mode?: string;
  call?: Call;
  steps?: { call?: Call; prompt?: unknown }[];
  cwd?: string;
  shell?: unknown;
  env?: Record<string, string>;
  environment?: Record<string, unknown>;
  hook_result?: unknown;
  event?: unknown;
};

/** The commands of a case's Bash calls: one call, or a scenario's steps (every one a Bash call). */
function commandsOf(body: Body): string[] | undefined {
  if (body.call) return body.call.tool === 'Bash' && typeof body.call.input?.command === 'string' ? [body.call.input.command] : undefined;
  if (!Array.isArray(body.steps) || body.steps.length === 0) return undefined;
  const out: string[] = [];
  for (const s of body.steps) {
    if (s.prompt !== undefined || s.call?.tool !== 'Bash' || typeof s.call.input?.command !== 'string') return undefined;
    out.push(s.call.input.command);
  }
  return out;
}

/**
 * Bash calls of a case file (claude-code dialect, a tool call, no hooks). With `byFamily`, a case
 * that names its generator `family` is counted (and classified) under it.
 */
export function bashCases(file: string, group: string, opts: { byFamily?: boolean } = {}): DiffCall[] {
  const out: DiffCall[] = [];
  for (const c of jsonl(file)) {
    const body = c['case'] as Body | undefined;
    if ((c['dialect'] ?? 'claude-code') !== 'claude-code' || !body) continue;
    const commands = commandsOf(body);
    if (commands === undefined || body.hook_result !== undefined || body.event !== undefined) continue;
    const family = opts.byFamily && typeof c['family'] === 'string' ? c['family'] : undefined;
    const call: DiffCall = {
      id: String(c['id']),
      group: family ?? group,
      settings: body.settings ?? mergedSettings(body.layers),
      mode: body.mode ?? 'default',
      command: commands.join(' ;; '),
    };
    if (!body.call) call.calls = commands;
    if (body.shell === 'sh' || body.shell === 'zsh') call.shell = body.shell;
    if (body.env && typeof body.env === 'object') call.env = body.env;
    // Told values the shell can have too (a value told unset is left unknown: the sandbox's PATH stays).
    if (body.environment && typeof body.environment === 'object')
      call.environment = Object.fromEntries(
        Object.entries(body.environment).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    if (family === 'brace-expansion' && typeof c['class'] === 'string')
      call.variant = /^brace-expansion-(\w+):/.exec(c['class'])?.[1] ?? 'operand';
    if (body.layers) call.layers = body.layers;
    if (body.cwd && body.cwd !== '/home/user/project') call.cwd = body.cwd;
    if (typeof c['setup'] === 'string') call.setup = c['setup'];
    if (Array.isArray(c['files'])) call.files = c['files'] as PlacedFile[];
    if (c['nextShell'] === true) call.nextShell = true;
    if (typeof c['class'] === 'string' && !family) call.caseClass = c['class'];
    out.push(call);
  }
  return out;
}

/** The allow and deny lists of several settings layers, together (for the oracle's own reading). */
function mergedSettings(layers: Record<string, unknown> | undefined): unknown {
  const allow: unknown[] = [];
  const deny: unknown[] = [];
  for (const s of Object.values(layers ?? {})) {
    const p = (s as { permissions?: { allow?: unknown[]; deny?: unknown[] } } | undefined)?.permissions;
    allow.push(...(p?.allow ?? []));
    deny.push(...(p?.deny ?? []));
  }
  return { permissions: { allow, deny } };
}

/** Structure-battery commands, each under every settings combination. */
function battery(file: string, group: string): DiffCall[] {
  const out: DiffCall[] = [];
  for (const c of jsonl(file)) {
    if (typeof c['command'] !== 'string' || (c['shell'] !== undefined && c['shell'] !== 'bash')) continue;
    for (const combo of COMBOS) {
      const { preset, mode } = splitCombo(combo);
      out.push({
        id: `battery:${String(c['id'])}@${combo}`,
        group,
        settings: presetNamed(preset)!.settings,
        mode,
        command: c['command'],
        preset,
      });
    }
  }
  return out;
}

/** Every fixed input, in a stable order. */
export function corpusCalls(): DiffCall[] {
  return [
    ...bashCases(`${CASES}shared/shell-bypasses.jsonl`, 'corpus:shell-bypasses'),
    ...bashCases(`${CASES}shared/field-reports.jsonl`, 'corpus:field-reports'),
    ...bashCases(`${CASES}shared/cc-benign.jsonl`, 'corpus:cc-benign'),
    ...battery(`${CASES}shared/shell-battery.jsonl`, 'corpus:shell-battery'),
    ...battery(here('../../fixtures/shell/own-battery.jsonl'), 'corpus:own-battery'),
    ...bashCases(FOUND_FILE, 'corpus:shell-fuzz-found'),
    ...bashCases(`${CASES}own/shell-bypasses-3.jsonl`, 'corpus:shell-bypasses-3'),
  ];
}

/** The everyday commands with the answer the real CLI gave. */
export function everydayCases(): { id: string; command: string; cli: string }[] {
  return jsonl(`${CASES}shared/cc-benign.jsonl`).map((c) => ({
    id: String(c['id']),
    command: String((c['case'] as Body).call?.input?.command),
    cli: String((c['expected'] as { result?: unknown }).result),
  }));
}

/** Commands of the corpus the mutation family starts from. */
export function mutationSeeds(): string[] {
  // The world's own cases (several calls, other shells) are not mutated: the mutation family's commands run in bash, one call each.
  return [
    ...new Set(
      corpusCalls()
        .filter((c) => c.group !== 'corpus:shell-fuzz-found' && c.group !== 'corpus:shell-bypasses-3')
        .map((c) => c.command),
    ),
  ];
}
