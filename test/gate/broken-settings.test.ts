import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { createGate, type Classifier, type GateOptions } from '../../src/gate/index.js';
import type { HookCallback } from '../../src/hooks/index.js';
import { mergePolicy, parseSettingsFile, parseSettingsObject } from '../../src/settings/index.js';
import { bash, CWD, HOME, preToolUse } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

beforeAll(() => prepare());

const LOCAL = `${CWD}/.claude/settings.local.json`;

function brokenPolicy() {
  return mergePolicy([
    parseSettingsObject(
      { permissions: { allow: ['Bash', 'Read', 'Edit', '*'], deny: ['Bash(rm *)'] } },
      { kind: 'projectSettings', file: `${CWD}/.claude/settings.json` },
    ),
    parseSettingsFile('{ "permissions": { "allow": ["WebFetch"], } }', { kind: 'localSettings', file: LOCAL }),
  ]);
}

function gate(extra: Partial<GateOptions> & { pre?: HookCallback[]; permissionRequest?: HookCallback[] } = {}) {
  const { pre, permissionRequest, ...rest } = extra;
  return createGate({
    policy: brokenPolicy(),
    cwd: CWD,
    home: HOME,
    hookCallbacks: {
      ...(pre ? { PreToolUse: [{ hooks: pre }] } : {}),
      ...(permissionRequest ? { PermissionRequest: [{ hooks: permissionRequest }] } : {}),
    },
    ...rest,
  });
}

describe('the gate while a settings file is broken', () => {
  it('a PreToolUse allow does not answer; the call parks for a person, naming the file', async () => {
    const r = await gate({ pre: [preToolUse('allow')] }).check(bash('ls'));
    expect(r.behavior).toBe('ask');
    if (r.behavior !== 'ask') return;
    expect(r.pending.askKind).toBe('firm');
    expect(r.pending.reason.message).toContain(LOCAL);
  });

  it('a PermissionRequest hook allow is not taken (and its updates are not applied); the auto classifier is not asked', async () => {
    let classified = 0;
    const g = gate({
      mode: 'auto',
      permissionRequest: [
        async () => ({
          hookSpecificOutput: {
            hookEventName: 'PermissionRequest',
            decision: {
              behavior: 'allow',
              updatedPermissions: [{ type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash' }] }],
            },
          },
        }),
      ],
      classifier: (async () => {
        classified++;
        return { decision: 'allow' };
      }) as Classifier,
    });
    const r = await g.check(bash('make'));
    expect(r.behavior).toBe('ask');
    expect(r.trace.some((s) => s.detail.includes("PermissionRequest hook's allow is not taken"))).toBe(true);
    expect(g.session.rules).toEqual([]);
    expect(classified).toBe(0);
  });

  it('a person can still answer: canUseTool, or answering the parked ask', async () => {
    const viaCallback = await gate({ canUseTool: async () => ({ behavior: 'allow' }) }).check(bash('make'));
    expect(viaCallback.behavior).toBe('allow');
    const g = gate();
    const r = await g.check(bash('make'));
    if (r.behavior !== 'ask') throw new Error('expected an ask');
    expect((await g.answer(r.pending, { behavior: 'allow' })).behavior).toBe('allow');
  });

  it('deny rules still deny, and dontAsk refuses', async () => {
    expect((await gate({ mode: 'bypassPermissions' }).check(bash('rm -rf x'))).behavior).toBe('deny');
    expect((await gate({ mode: 'dontAsk' }).check(bash('ls'))).behavior).toBe('deny');
  });
});

const commands = ['ls', 'make', 'npm test', 'cat README.md', 'rm -rf x', 'echo hi > out.txt', 'git status'];
const preAnswer = fc.oneof(
  fc.constant<unknown>({}),
  fc
    .constantFrom('allow', 'ask', 'deny', 'defer')
    .map((d) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d } })),
  fc.record({ d: fc.constantFrom('allow', undefined), cmd: fc.constantFrom(...commands) }).map(({ d, cmd }) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', ...(d ? { permissionDecision: d } : {}), updatedInput: { command: cmd } },
  })),
  fc.constant<unknown>({ decision: 'approve' }),
);
const prAnswer = fc.oneof(
  fc.constant<unknown>({}),
  fc.constant<unknown>({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } }),
  fc.constantFrom(...commands).map((cmd) => ({
    hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', updatedInput: { command: cmd } } },
  })),
  fc.constant<unknown>({
    hookSpecificOutput: {
      hookEventName: 'PermissionRequest',
      decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] },
    },
  }),
  fc.constant<unknown>({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'no' } } }),
);
const scripted = (answers: unknown[]): HookCallback => {
  let i = 0;
  return (async () => answers[i++ % answers.length]) as HookCallback;
};

describe('property', () => {
  it('with a broken file in force, no call is ever allowed without a person — any mode, any hook answer, the classifier saying allow', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PERMISSION_MODES),
        fc.constantFrom(...commands),
        fc.array(preAnswer, { minLength: 1, maxLength: 4 }),
        fc.array(prAnswer, { minLength: 1, maxLength: 3 }),
        async (mode, command, pre, pr) => {
          const g = gate({
            mode,
            allowBypassPermissions: true,
            pre: [scripted(pre)],
            permissionRequest: [scripted(pr)],
            classifier: (async () => ({ decision: 'allow' })) as Classifier,
          });
          const first = await g.check(bash(command));
          const again = await g.check(bash(command));
          expect(first.behavior).not.toBe('allow');
          expect(again.behavior).not.toBe('allow');
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
