import { beforeAll, describe, expect, it } from 'vitest';
import { createCheckpoints, createMemoryCheckpointStorage, createMemoryWorkspace, type Checkpoints } from '../../src/checkpoints/index.js';
import { prepare } from '../../src/evaluate/index.js';
import { bash, edit, gateFor, CWD } from './helpers.js';

beforeAll(() => prepare());

async function store(): Promise<Checkpoints> {
  const cp = createCheckpoints({
    storage: createMemoryCheckpointStorage(),
    workspace: createMemoryWorkspace({ [`${CWD}/src/a.ts`]: 'old' }),
    sessionId: 's1',
    workingDirectories: [CWD],
  });
  await cp.beginPrompt('p1', 'fix it');
  return cp;
}

describe('checkpoints wiring', () => {
  it('an allowed edit is recorded inside check() when a promptId is given', async () => {
    const gate = gateFor({ mode: 'acceptEdits', checkpoints: await store() });
    const r = await gate.check(edit(`${CWD}/src/a.ts`), { promptId: 'p1' });
    expect(r.behavior).toBe('allow');
    if (r.behavior === 'allow') expect(r.checkpoint?.kind).toBe('recorded');
    const again = await gate.check(edit(`${CWD}/src/a.ts`), { promptId: 'p1' });
    if (again.behavior === 'allow') expect(again.checkpoint?.kind).toBe('alreadyRecorded');
  });

  it('asks and denies record nothing; Bash is not tracked', async () => {
    const cp = await store();
    const gate = gateFor({ checkpoints: cp });
    const r = await gate.check(edit(`${CWD}/src/a.ts`), { promptId: 'p1' });
    expect(r.behavior).toBe('ask');
    const b = await gate.check(bash('ls'), { promptId: 'p1' });
    expect(b.behavior === 'allow' && b.checkpoint).toBe(undefined);
    // Approving the parked edit records it then.
    if (r.behavior === 'ask') {
      const a = await gate.answer(r.pending, { behavior: 'allow' });
      expect(a.behavior === 'allow' && a.checkpoint?.kind).toBe('recorded');
    }
  });

  it('a failed record denies the edit by default', async () => {
    const failing = { recordBeforeEdit: async () => ({ kind: 'failed', code: 'io', message: 'disk full' }) } as unknown as Checkpoints;
    const gate = gateFor({ mode: 'acceptEdits', checkpoints: failing });
    expect(await gate.check(edit(`${CWD}/src/a.ts`), { promptId: 'p1' })).toMatchObject({
      behavior: 'deny',
      reason: { kind: 'checkFailed' },
    });
    const lenient = gateFor({ mode: 'acceptEdits', checkpoints: failing, onCheckpointFailure: 'allow' });
    expect(await lenient.check(edit(`${CWD}/src/a.ts`), { promptId: 'p1' })).toMatchObject({
      behavior: 'allow',
      checkpoint: { kind: 'failed' },
    });
  });
});
