import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  biuExitPlan,
  biuEnterPlan,
  biuHeadlessAction,
  biuHookDecision,
  biuHooksMayRun,
  biuMatcherMatches,
  biuReadJsonDecision,
  matchBiuCommand,
  matchPromptToCommand,
  parseBiuRule,
  pathInWorkingPath,
} from '../../src/dialects/biu/index.js';
import { decideIn } from './helpers.js';

describe('biu rules', () => {
  it('parses the documented forms', () => {
    const p = (t: string) => {
      const r = parseBiuRule(t);
      return r.ok ? [r.rule.toolName, r.rule.ruleContent] : ['error'];
    };
    expect(p('Bash')).toEqual(['Bash', undefined]);
    expect(p('Bash(*)')).toEqual(['Bash', undefined]);
    expect(p('bash:ls')).toEqual(['bash', 'ls:*']);
    expect(p('read:**')).toEqual(['read', undefined]);
    expect(p('Bash(echo \\(x\\))')).toEqual(['Bash', 'echo (x)']);
    expect(p('Bash(echo (x))')).toEqual(['error']);
  });
  it('matches Bash content against the whole command', () => {
    expect(matchBiuCommand('go:*', 'go')).toBe(true);
    expect(matchBiuCommand('go:*', 'go test ./...')).toBe(true);
    expect(matchBiuCommand('go:*', 'gofmt x')).toBe(false);
    expect(matchBiuCommand('git push *', 'git push')).toBe(true);
    expect(matchBiuCommand('go test', 'go test ./...')).toBe(false);
  });
  it('never throws on any rule text', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        parseBiuRule(t);
      }),
    );
  });
});

describe('biu decision order', () => {
  it('bypass comes first, before deny rules', () => {
    expect(
      decideIn(
        'biu',
        { tool: 'Bash', input: { command: 'rm -rf x' } },
        { mode: 'bypassPermissions', settings: { permissions: { deny: ['Bash'] } } },
      ).behavior,
    ).toBe('allow');
  });
  it('plan denies what is not read-only, except the plan switches', () => {
    expect(decideIn('biu', { tool: 'Write', input: { file_path: '/w/project/a' } }, { mode: 'plan' }).behavior).toBe('deny');
    expect(decideIn('biu', { tool: 'ExitPlanMode', input: {} }, { mode: 'plan' }).behavior).toBe('ask');
    expect(decideIn('biu', { tool: 'Bash', input: { command: 'ls' } }, { mode: 'plan' }).behavior).toBe('allow');
  });
  it('the working-directory gate asks outside and opens with no working directory', () => {
    const read = { tool: 'Read', input: { file_path: '/etc/hosts' } };
    expect(decideIn('biu', read, { mode: 'default' }).reason.kind).toBe('outsideWorkingDirectory');
    expect(decideIn('biu', read, { mode: 'default', input: { workingDirectoryGate: false } }).behavior).toBe('allow');
  });
  it('reads legacy mode names', () => {
    expect(decideIn('biu', { tool: 'Write', input: { file_path: '/w/project/a' } }, { mode: 'auto_edit' }).behavior).toBe('allow');
    expect(decideIn('biu', { tool: 'Bash', input: { command: 'make' } }, { mode: 'full_access' }).behavior).toBe('allow');
  });
});

describe('biu predicates', () => {
  it('matches plan prompts by keywords', () => {
    expect(matchPromptToCommand('run tests', 'go test ./...')).toBe(true);
    expect(matchPromptToCommand('run all the', 'go test')).toBe(false);
    expect(matchPromptToCommand('deploy', 'git push deploy main')).toBe(true);
    expect(matchPromptToCommand('build', '')).toBe(false);
  });
  it('checks containment lexically, without case, failing closed', () => {
    expect(pathInWorkingPath('/Repo/A', '/repo')).toBe(true);
    expect(pathInWorkingPath('/repo2/a', '/repo')).toBe(false);
    expect(pathInWorkingPath('', '/repo')).toBe(false);
    expect(pathInWorkingPath('/private/tmp/x', '/tmp', 'macos')).toBe(true);
  });
  it('reads hook results', () => {
    expect(biuHookDecision({ exitCode: 2, stderr: 'no\n' })).toEqual({ block: true, reason: 'no' });
    expect(biuHookDecision({ exitCode: 0, stdout: '{"block":true,"reason":"r"}' })).toEqual({ block: true, reason: 'r' });
    expect(biuHookDecision({ exitCode: 0, stdout: '{"additionalContext":"c"}' })).toEqual({ block: false, additionalContext: 'c' });
    expect(biuHookDecision({ exitCode: 1, stderr: 'oops' })).toEqual({ block: false, warning: 'oops' });
    expect(biuHookDecision({ exitCode: null, timedOut: true }).block).toBe(false);
    expect(biuMatcherMatches('Edit\\|Write', 'Write')).toBe(true);
    expect(biuMatcherMatches('(', '(')).toBe(true);
    expect(biuMatcherMatches('Bash', 'Glob')).toBe(false);
  });
  it('runs hooks only in trusted directories or with BIU_TRUST=1', () => {
    expect(biuHooksMayRun(false)).toBe(false);
    expect(biuHooksMayRun(false, { BIU_TRUST: '1' })).toBe(true);
    expect(biuHooksMayRun(true)).toBe(true);
  });
  it('headless policies deny by default and never read garbage as allow', () => {
    expect(biuHeadlessAction(undefined)).toEqual({ kind: 'answer', behavior: 'deny' });
    expect(biuHeadlessAction('stdin-json')).toEqual({ kind: 'prompt', channel: 'json' });
    expect(biuHeadlessAction('bogus')).toEqual({ kind: 'answer', behavior: 'deny' });
    expect(biuReadJsonDecision('{"decision":"always"}')).toBe('always');
    expect(biuReadJsonDecision('yes')).toBe('deny');
  });
  it('restores the mode saved on entering plan', () => {
    const inPlan = biuEnterPlan({ mode: 'acceptEdits' });
    expect(inPlan).toEqual({ mode: 'plan', prePlanMode: 'acceptEdits' });
    expect(biuExitPlan(inPlan).returned).toBe('acceptEdits');
    expect(biuExitPlan({ mode: 'default' }).returned).toBe('default');
  });
});
