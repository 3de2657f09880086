/**
 * Replays the `modes` and `hooks` field reports (copied into test/fixtures/gate) through the gate.
 * Command hooks are played back by a transport that returns each case's recorded result, so the
 * whole decision — hooks, rules, mode — is checked without spawning processes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { createGate, type GateResult } from '../../src/gate/index.js';
import { createTransports, type TransportReply } from '../../src/hooks/index.js';
import type { SettingsObject } from '../../src/settings/index.js';

interface FieldCase {
  id: string;
  kind: string;
  case: {
    settings?: Record<string, unknown>;
    layers?: Record<string, Record<string, unknown>>;
    mode: PermissionMode;
    event?: string;
    call?: { tool: string; input: Record<string, unknown> };
    cwd?: string;
    home?: string;
    subagent?: { type: string };
    hook_result?: { exit_code?: number; stdout?: unknown; stderr?: string; timed_out?: boolean };
  };
  expected: { result: string; acceptable?: string[]; executed_input?: Record<string, unknown>; mode_after?: string; ask_kind?: string };
}

const file = fileURLToPath(new URL('../fixtures/gate/field-reports.jsonl', import.meta.url));
const lines = (path: string): FieldCase[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as FieldCase);
/** toolgate's own cases that need a hook's result (the conformance runner skips them): observed on the CLI, and from 2026's field reports. */
const own = ['../cases/own/cli-2.1.332.jsonl', '../cases/own/field-reports-2026.jsonl'].map((f) =>
  fileURLToPath(new URL(f, import.meta.url)),
);
const cases: FieldCase[] = [...lines(file), ...own.flatMap(lines).filter((c) => c.case.hook_result !== undefined)];

/** Cases that are not a gate decision, with the reason. */
const SKIP: Record<string, string> = {
  'BUG-080': 'a Stop hook: decided by the hook dispatcher, not the gate (test/hooks/field-reports.test.ts)',
  'BUG-083': 'a Stop hook continuation loop: decided by the hook dispatcher, not the gate (test/hooks/field-reports.test.ts)',
};

const LAYER_KIND: Record<string, SettingsObject['kind']> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
};

function gateFor(c: FieldCase, ran: string[]) {
  const cwd = c.case.cwd ?? '/home/user/project';
  const home = c.case.home ?? '/home/user';
  const policy: SettingsObject[] = c.case.layers
    ? Object.entries(c.case.layers).map(([k, settings]) => ({ kind: LAYER_KIND[k] ?? 'projectSettings', settings }))
    : [{ kind: 'projectSettings', settings: c.case.settings ?? {}, file: `${cwd}/.claude/settings.json` }];
  const hr = c.case.hook_result ?? {};
  const replay = {
    async run(handler: Record<string, unknown>): Promise<TransportReply> {
      ran.push(String(handler['command']));
      if (hr.timed_out) return { status: 'timedOut' };
      const stdout = typeof hr.stdout === 'string' ? hr.stdout : hr.stdout !== undefined ? JSON.stringify(hr.stdout) : '';
      return { status: 'exited', exitCode: hr.exit_code ?? 0, signal: null, stdout, stderr: hr.stderr ?? '' };
    },
  };
  return createGate({ policy, cwd, home, mode: c.case.mode, transports: createTransports().registerTransport('command', replay as never) });
}

beforeAll(() => prepare());

describe('field reports through the gate', () => {
  for (const c of cases) {
    const skip = SKIP[c.id];
    if (skip !== undefined) {
      it.skip(`${c.id} (${c.kind}) — skipped: ${skip}`, () => {});
      continue;
    }
    it(`${c.id} (${c.kind}): ${c.expected.result}`, async () => {
      const ran: string[] = [];
      let gate = gateFor(c, ran);
      if (c.case.subagent) gate = gate.forAgent({ id: 'sub-1', type: c.case.subagent.type });
      const call = c.case.call ?? { tool: 'Bash', input: {} };
      const r: GateResult = await gate.check(call);
      const expected = c.expected.result;
      if (expected.startsWith('hooks_run:')) {
        const want = expected.slice('hooks_run:'.length);
        expect(ran).toEqual(want === 'none' ? [] : want.split(','));
        return;
      }
      expect([expected, ...(c.expected.acceptable ?? [])]).toContain(r.behavior);
      if (c.expected.ask_kind !== undefined && r.behavior === 'ask') expect(r.pending.askKind).toBe(c.expected.ask_kind);
      if (c.expected.executed_input) expect(r.call.input).toEqual(c.expected.executed_input);
      if (c.expected.mode_after) expect(gate.mode).toBe(c.expected.mode_after);
    });
  }
});
