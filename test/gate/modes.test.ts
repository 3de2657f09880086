import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { autoModeGuidance, createGate, DEFAULT_AUTO_MODE_GUIDANCE, type Classifier, type GateResult } from '../../src/gate/index.js';
import { bash, edit, gateFor, CWD } from './helpers.js';

beforeAll(() => prepare());
type Ask = Extract<GateResult, { behavior: 'ask' }>;

describe('modes at run time', () => {
  it('setMode emits modeChange; bypassPermissions is refused when disabled', () => {
    const gate = gateFor({ settings: { permissions: { disableBypassPermissionsMode: 'disable' } } });
    const changes: unknown[] = [];
    gate.on('modeChange', (c) => changes.push(c));
    expect(gate.setMode('acceptEdits')).toMatchObject({ ok: true, previous: 'default' });
    expect(gate.setMode('bypassPermissions')).toMatchObject({ ok: false, mode: 'acceptEdits' });
    expect(gate.mode).toBe('acceptEdits');
    expect(changes).toEqual([{ from: 'default', to: 'acceptEdits' }]);
  });

  it('sub-agents start in the caller mode; a definition mode applies only from default-like modes, and never above the caller', async () => {
    const gate = gateFor({ mode: 'plan' });
    const sub = gate.forAgent({ id: 'a1', type: 'general-purpose', permissionMode: 'acceptEdits' });
    expect(sub.mode).toBe('plan');
    expect((await sub.check(edit(`${CWD}/src/app.ts`))).behavior).toBe('ask');
    // Stricter than Claude Code (sub-agent ceilings): a default caller's sub-agent does not get acceptEdits.
    expect(gateFor().forAgent({ id: 'a2', permissionMode: 'acceptEdits' }).mode).toBe('default');
    expect(gateFor().forAgent({ id: 'a2', permissionMode: 'plan' }).mode).toBe('plan');
    expect(gateFor({ mode: 'acceptEdits' }).forAgent({ id: 'a2', permissionMode: 'default' }).mode).toBe('acceptEdits');
    expect(gateFor({ mode: 'auto' }).forAgent({ id: 'a3', permissionMode: 'default' }).mode).toBe('auto');
  });

  it('hook inputs carry the agent', async () => {
    const seen: Record<string, unknown>[] = [];
    const gate = gateFor({ pre: [async (input) => (seen.push(input), {})] });
    await gate.forAgent({ id: 'a1', type: 'Explore' }).check(bash('ls'));
    await gate.check(bash('ls'), { agent: { id: 'a2' } });
    expect(seen.map((i) => i['agent_id'])).toEqual(['a1', 'a2']);
    expect(seen[0]?.['agent_type']).toBe('Explore');
  });
});

describe('plan mode lifecycle', () => {
  const planFile = '/home/user/.claude/plans/p.md';

  it('EnterPlanMode asks (except in auto); once approved it saves the mode and enters plan', async () => {
    const gate = gateFor({ mode: 'acceptEdits', planFilePath: planFile });
    const r = (await gate.check({ tool: 'EnterPlanMode', input: {} })) as Ask;
    expect(r.behavior).toBe('ask');
    expect((await gate.answer(r.pending, { behavior: 'allow' })).behavior).toBe('allow');
    expect(gate.mode).toBe('plan');
    expect(gate.planSavedMode).toBe('acceptEdits');
    const auto = gateFor({ mode: 'auto' });
    expect((await auto.check({ tool: 'EnterPlanMode', input: {} })).behavior).toBe('allow');
    expect(auto.mode).toBe('plan');
  });

  it('in plan only reads, read-only commands and the plan file run', async () => {
    // An ordinary environment (git's variables unset), so a read-only git command can allow.
    const gate = gateFor({
      mode: 'plan',
      planFilePath: planFile,
      settings: { permissions: { allow: ['Edit', 'Bash(npm *)'] } },
      environment: { values: {}, complete: true },
    });
    expect((await gate.check({ tool: 'Read', input: { file_path: `${CWD}/a.ts` } })).behavior).toBe('allow');
    expect((await gate.check(bash('git log'))).behavior).toBe('allow');
    expect((await gate.check({ tool: 'Write', input: { file_path: planFile, content: '# plan' } })).behavior).toBe('allow');
    expect((await gate.check(edit(`${CWD}/a.ts`))).behavior).toBe('ask');
    expect((await gate.check(bash('npm install'))).behavior).toBe('ask');
  });

  it("a change in plan mode is a plan block: no PreToolUse or PermissionRequest hook's allow approves it; reads still run", async () => {
    const hookAllow = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const prAllow = async () => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
    const gate = gateFor({
      mode: 'plan',
      planFilePath: planFile,
      pre: [hookAllow],
      permissionRequest: [prAllow],
      environment: { values: {}, complete: true },
    });
    for (const call of [
      edit(`${CWD}/a.ts`),
      { tool: 'Write', input: { file_path: `${CWD}/new.txt`, content: 'x' } },
      bash('echo x > out.txt'),
      edit(`${CWD}/.git/config`),
    ]) {
      const r = (await gate.check(call)) as Ask;
      expect(r.behavior, JSON.stringify(call)).toBe('ask');
      expect(r.pending.askKind).toBe('planBlock');
      expect(r.pending.reason.message).toMatch(/plan mode/);
    }
    expect((await gate.check(bash('cat README.md'))).behavior).toBe('allow');
    expect((await gate.check({ tool: 'Write', input: { file_path: planFile, content: '# plan' } })).behavior).toBe('allow');
    // Outside plan mode the same hook approves the edit (a plain ask).
    gate.setMode('default');
    expect((await gate.check(edit(`${CWD}/a.ts`))).behavior).toBe('allow');
  });

  it('ExitPlanMode is a firm ask; approval restores the saved mode or switches to the chosen one', async () => {
    const gate = gateFor({ mode: 'default' });
    gate.setMode('plan');
    const hookAllow = gateFor({
      mode: 'plan',
      pre: [async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })],
    });
    expect((await hookAllow.check({ tool: 'ExitPlanMode', input: { plan: 'x' } })).behavior).toBe('ask');
    const r = (await gate.check({ tool: 'ExitPlanMode', input: { plan: 'x' } })) as Ask;
    expect(r.pending.askKind).toBe('firm');
    await gate.answer(r.pending, { behavior: 'allow' });
    expect(gate.mode).toBe('default');
    gate.setMode('plan');
    const r2 = (await gate.check({ tool: 'ExitPlanMode', input: { plan: 'x' } })) as Ask;
    await gate.answer(r2.pending, { behavior: 'allow', mode: 'acceptEdits' });
    expect(gate.mode).toBe('acceptEdits');
  });

  it("a plan's allowedPrompts become session authorizations that deny rules still veto", async () => {
    const gate = gateFor({ mode: 'plan', settings: { permissions: { deny: ['Bash(go test ./secret/*)'] } } });
    const r = (await gate.check({
      tool: 'ExitPlanMode',
      input: {
        plan: 'x',
        allowedPrompts: [
          { tool: 'Bash', prompt: 'go test *' },
          { tool: 'Bash', prompt: 'go build' },
        ],
      },
    })) as Ask;
    await gate.answer(r.pending, { behavior: 'allow' });
    expect(gate.mode).toBe('default');
    expect(await gate.check(bash('go test ./...'))).toMatchObject({ behavior: 'allow', decidedBy: 'allowedPrompt' });
    expect((await gate.check(bash('go build'))).behavior).toBe('allow');
    expect((await gate.check(bash('go test ./secret/x'))).behavior).toBe('deny');
    expect((await gate.check(bash('go vet'))).behavior).toBe('ask');
  });

  it('a host matcher handles free-text prompts', async () => {
    const gate = gateFor({
      mode: 'plan',
      matchAllowedPrompt: (p, call) => p.prompt === 'run tests' && /^go test\b/.test(String(call.input['command'])),
    });
    const r = (await gate.check({
      tool: 'ExitPlanMode',
      input: { plan: 'x', allowedPrompts: [{ tool: 'Bash', prompt: 'run tests' }] },
    })) as Ask;
    await gate.answer(r.pending, { behavior: 'allow' });
    expect((await gate.check(bash('go test ./...'))).behavior).toBe('allow');
  });
});

describe('auto mode', () => {
  const allowAll: Classifier = async () => ({ decision: 'allow', reason: 'fine' });
  const denyAll: Classifier = async () => ({ decision: 'deny', reason: 'risky' });

  it('the classifier judges what would ask; firm asks still go to a person', async () => {
    const gate = gateFor({ mode: 'auto', classifier: allowAll, settings: { permissions: { ask: ['Bash(git push *)'] } } });
    expect(await gate.check(bash('mkdir build'))).toMatchObject({ behavior: 'allow', decidedBy: 'classifier' });
    expect((await gate.check(bash('git push origin main'))).behavior).toBe('ask');
    expect((await gate.check(bash('rm -rf ~'))).behavior).toBe('ask');
    // Package scripts are opaque code: under an ask rule naming a program, auto gives them to a person.
    expect((await gate.check(bash('npm install'))).behavior).toBe('ask');
  });

  it('broad allow rules are set aside while the classifier judges', async () => {
    const seen: string[] = [];
    const gate = gateFor({
      mode: 'auto',
      settings: { permissions: { allow: ['Bash', 'Bash(npm test)'] } },
      classifier: async (c) => (seen.push(String(c.input['command'])), { decision: 'deny', reason: 'no' }),
    });
    expect((await gate.check(bash('curl x | bash'))).behavior).toBe('deny');
    expect((await gate.check(bash('npm test'))).behavior).toBe('allow');
    expect(seen).toEqual(['curl x | bash']);
  });

  it('the classifier gets the guidance with "$defaults" expanded', async () => {
    let guidance: unknown;
    const gate = createGate({
      policy: [
        {
          kind: 'userSettings',
          settings: { autoMode: { allow: ['$defaults', 'Running the test suite'], soft_deny: ['Pushing to any remote'] } },
        },
      ],
      cwd: CWD,
      home: '/home/user',
      mode: 'auto',
      classifier: async (_c, ctx) => ((guidance = ctx.guidance), { decision: 'allow' }),
    });
    expect((await gate.check(bash('npm install'))).behavior).toBe('allow');
    expect(guidance).toEqual({
      allow: [...DEFAULT_AUTO_MODE_GUIDANCE.allow, 'Running the test suite'],
      soft_deny: ['Pushing to any remote'],
      hard_deny: [],
      environment: [],
    });
    expect(autoModeGuidance(undefined).soft_deny).toEqual(DEFAULT_AUTO_MODE_GUIDANCE.soft_deny);
  });

  it('no usable verdict counts as a refusal (throws, malformed, timeout)', async () => {
    for (const classifier of [
      async () => {
        throw new Error('down');
      },
      async () => ({ decision: 'perhaps' }) as never,
      () => new Promise<never>(() => {}),
    ] as Classifier[]) {
      const gate = gateFor({ mode: 'auto', classifier, classifierTimeoutMs: 20 });
      const r = await gate.check(bash('npm install'));
      expect(r.behavior).toBe('deny');
      expect(gate.session.breaker.consecutive).toBe(1);
    }
  });

  it('circuit breaker: after 3 refusals in a row asks go to a person until one approves', async () => {
    const gate = gateFor({ mode: 'auto', classifier: denyAll });
    const paused: boolean[] = [];
    gate.on('autoModePaused', (e) => paused.push(e.paused));
    for (let i = 0; i < 3; i++) expect((await gate.check(bash(`npm install a${i}`))).behavior).toBe('deny');
    expect(paused).toEqual([true]);
    const r = (await gate.check(bash('npm install b'))) as Ask;
    expect(r.behavior).toBe('ask');
    await gate.answer(r.pending, { behavior: 'allow' });
    expect(paused).toEqual([true, false]);
    expect((await gate.check(bash('npm install c'))).behavior).toBe('deny');
  });

  it('circuit breaker: 20 refusals in a session, allows in between', async () => {
    let n = 0;
    const gate = gateFor({ mode: 'auto', classifier: async () => (n++ % 2 === 0 ? { decision: 'deny' } : { decision: 'allow' }) });
    let asked = false;
    for (let i = 0; i < 40 && !asked; i++) asked = (await gate.check(bash(`npm install x${i}`))).behavior === 'ask';
    expect(asked).toBe(true);
    expect(n).toBe(39);
  });

  it('PermissionDenied hooks can say retry', async () => {
    const gate = gateFor({
      mode: 'auto',
      classifier: denyAll,
      permissionDenied: [async () => ({ hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } })],
    });
    expect(await gate.check(bash('npm install'))).toMatchObject({ behavior: 'deny', retry: true, decidedBy: 'classifier' });
  });

  it('without a classifier, auto asks a person', async () => {
    expect((await gateFor({ mode: 'auto' }).check(bash('npm install'))).behavior).toBe('ask');
  });

  it('a plan begun in auto keeps the classifier for shell commands; edits come to a person', async () => {
    const gate = gateFor({ mode: 'auto', classifier: allowAll });
    gate.setMode('plan');
    expect(await gate.check(bash('npm install'))).toMatchObject({ behavior: 'allow', decidedBy: 'classifier' });
    expect((await gate.check(edit(`${CWD}/a.ts`))).behavior).toBe('ask');
  });
});
