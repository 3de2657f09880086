/**
 * The differential's fixed inputs: the shared bypass corpus, the shell batteries (under every
 * settings combination), the field reports' Bash calls, the everyday commands and toolgate's own
 * found cases.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetNamed } from '../bash-oracle/index.js';
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

type Body = { settings?: unknown; layers?: Record<string, unknown>; mode?: string; call?: { tool?: string; input?: { command?: unknown } }; cwd?: string; hook_result?: unknown; event?: unknown };

/**
 * Bash calls of a case file (claude-code dialect, a tool call, no hooks). With `byFamily`, a case
 * that names its generator `family` is counted (and classified) under it.
 */
export function bashCases(file: string, group: string, opts: { byFamily?: boolean } = {}): DiffCall[] {
  const out: DiffCall[] = [];
  for (const c of jsonl(file)) {
    const body = c['case'] as Body | undefined;
    if ((c['dialect'] ?? 'claude-code') !== 'claude-code' || !body || body.call?.tool !== 'Bash') continue;
    if (body.hook_result !== undefined || body.event !== undefined || typeof body.call.input?.command !== 'string') continue;
    const family = opts.byFamily && typeof c['family'] === 'string' ? c['family'] : undefined;
    const call: DiffCall = { id: String(c['id']), group: family ?? group, settings: body.settings ?? mergedSettings(body.layers), mode: body.mode ?? 'default', command: body.call.input.command };
    if (family === 'brace-expansion' && typeof c['class'] === 'string') call.variant = /^brace-expansion-(\w+):/.exec(c['class'])?.[1] ?? 'operand';
    if (body.layers) call.layers = body.layers;
    if (body.cwd && body.cwd !== '/home/user/project') call.cwd = body.cwd;
    if (typeof c['setup'] === 'string') call.setup = c['setup'];
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
      out.push({ id: `battery:${String(c['id'])}@${combo}`, group, settings: presetNamed(preset)!.settings, mode, command: c['command'], preset });
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
  return [...new Set(corpusCalls().filter((c) => c.group !== 'corpus:shell-fuzz-found').map((c) => c.command))];
}
