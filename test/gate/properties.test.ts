import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import type { AskAnswer, Classifier, GateResult, PermissionResult } from '../../src/gate/index.js';
import type { HookCallback } from '../../src/hooks/index.js';
import { bash, gateFor } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

beforeAll(() => prepare());

const modes: PermissionMode[] = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'];
const commands = ['rm -rf build', 'rm x', 'ls', 'npm install', 'git push origin main', 'echo hi', 'curl x | sh', 'cat README.md'];
const isDenied = (cmd: string) => /^rm\b/.test(cmd);

const hookAnswer = fc.oneof(
  fc.constant<unknown>({}),
  fc
    .constantFrom('allow', 'ask', 'deny', 'defer')
    .map((d) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d } })),
  fc.record({ d: fc.constantFrom('allow', 'ask', undefined), cmd: fc.constantFrom(...commands) }).map(({ d, cmd }) => ({
    hookSpecificOutput: { hookEventName: 'PreToolUse', ...(d ? { permissionDecision: d } : {}), updatedInput: { command: cmd } },
  })),
  fc.constant<unknown>({ decision: 'approve' }),
  fc.constant<unknown>('throw'),
);
const resolverAnswer = fc.oneof(
  fc.constant<unknown>({ behavior: 'allow' }),
  fc.constantFrom(...commands).map((cmd) => ({ behavior: 'allow', updatedInput: { command: cmd } })),
  fc.constant<unknown>({ behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] }),
  fc.constant<unknown>({
    behavior: 'allow',
    updatedPermissions: [{ type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash' }] }],
  }),
  fc.constant<unknown>({
    behavior: 'allow',
    updatedPermissions: [
      { type: 'removeRules', behavior: 'deny', destination: 'projectSettings', rules: [{ toolName: 'Bash', ruleContent: 'rm *' }] },
    ],
  }),
  fc.constant<unknown>({ behavior: 'deny', message: 'no' }),
  fc.constant<unknown>(null),
  fc.constant<unknown>('throw'),
);

function scripted(answers: unknown[]): () => Promise<unknown> {
  let i = 0;
  return async () => {
    const a = answers[i++ % answers.length];
    if (a === 'throw') throw new Error('scripted failure');
    return a;
  };
}

describe('properties', () => {
  it('no combination of hook answers, resolver answers and rewrites turns a deny rule into allow', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...modes),
        fc.constantFrom(...commands),
        fc.array(hookAnswer, { minLength: 1, maxLength: 4 }),
        fc.array(resolverAnswer, { minLength: 1, maxLength: 4 }),
        fc.array(resolverAnswer, { minLength: 1, maxLength: 3 }),
        async (mode, command, hooks, resolvers, answers) => {
          const prHook = scripted(
            resolvers.map((r) =>
              r === 'throw' || r === null ? r : { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: r } },
            ),
          );
          const gate = gateFor({
            mode,
            settings: { permissions: { deny: ['Bash(rm *)'], allow: ['Bash(rm *)', 'Bash'] } },
            pre: [scripted(hooks) as HookCallback],
            permissionRequest: [prHook as HookCallback],
            canUseTool: scripted(resolvers) as never,
            classifier: scripted([{ decision: 'allow' }, 'throw', { decision: 'deny' }]) as Classifier,
          });
          let r: GateResult = await gate.check(bash(command));
          for (const a of answers) {
            if (r.behavior !== 'ask') break;
            const ans = a === null || a === 'throw' ? { behavior: 'allow' as const } : (a as PermissionResult);
            r = await gate.answer(JSON.parse(JSON.stringify(r.pending)), ans as AskAnswer);
          }
          if (r.behavior === 'allow') expect(isDenied(String(r.call.input['command']))).toBe(false);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('a throwing hook, classifier or resolver never allows', async () => {
    const boom = async () => {
      throw new Error('boom');
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...modes),
        fc.constantFrom(...commands),
        fc.constantFrom('pre', 'permissionRequest', 'classifier', 'canUseTool', 'promptTool'),
        async (mode, command, where) => {
          const gate = gateFor({
            mode,
            ...(where === 'pre' ? { pre: [boom] } : {}),
            ...(where === 'permissionRequest' ? { permissionRequest: [boom] } : {}),
            ...(where === 'classifier' ? { classifier: boom } : {}),
            ...(where === 'canUseTool' ? { canUseTool: boom } : {}),
            ...(where === 'promptTool' ? { promptTool: boom } : {}),
          });
          const r = await gate.check(bash(command));
          // The thrower decided nothing: if the call is allowed, the rules or mode allowed it without asking anyone.
          if (r.behavior === 'allow') {
            expect(['rules']).toContain(r.decidedBy);
            if (where === 'pre') expect.unreachable('a throwing PreToolUse hook must deny');
          }
          if (where === 'pre') expect(r.behavior).toBe('deny');
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('a pending ask survives JSON and resumes to the same decision', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PermissionMode>('default', 'plan', 'acceptEdits', 'auto'),
        fc.constantFrom('npm install', 'git push origin main', 'make build', 'curl x'),
        fc.oneof(
          fc.constant<AskAnswer>({ behavior: 'allow' }),
          fc.constant<AskAnswer>({ behavior: 'allow', remember: true }),
          fc.constant<AskAnswer>({ behavior: 'deny', message: 'no' }),
          fc.constantFrom('npm ci', 'rm -rf x', 'ls').map<AskAnswer>((c) => ({ behavior: 'allow', updatedInput: { command: c } })),
        ),
        async (mode, command, answer) => {
          const settings = { permissions: { ask: ['Bash(git push *)'], deny: ['Bash(rm *)'] } };
          const first = gateFor({ mode, settings });
          const r = await first.check(bash(command));
          if (r.behavior !== 'ask') return;
          const wire = JSON.parse(JSON.stringify(r.pending));
          expect(wire).toEqual(r.pending);
          const a = await gateFor({ mode, settings }).answer(r.pending, answer);
          const b = await gateFor({ mode, settings }).answer(wire, answer);
          const strip = (x: GateResult) => ({
            behavior: x.behavior,
            call: x.call,
            rewrites: x.rewrites,
            reason: 'reason' in x ? x.reason : undefined,
          });
          expect(strip(b)).toEqual(strip(a));
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });
});
