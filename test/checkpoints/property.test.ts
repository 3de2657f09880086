/**
 * Property: for random file trees and random edit sequences across prompts, rewinding the code
 * to before prompt k gives back exactly the bytes (and absence) as they were before prompt k —
 * also for further rewinds to earlier prompts, and after new prompts following a rewind.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCheckpoints, type WorkspaceFs } from '../../src/checkpoints/index.js';
import { backends, type Backend } from './backends.js';
import { readAll, writeBytes } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

const NAMES = ['a.txt', 'b', 'dir/c.bin', 'dir/sub/d', 'with space.md', 'é/ü.txt', 'dir/e'];
const content = fc.uint8Array({ maxLength: 300 });
const tree = fc.dictionary(fc.constantFrom(...NAMES), content);
const editsOfPrompt = fc.array(
  fc.record({ name: fc.constantFrom(...NAMES), data: content, tool: fc.constantFrom('Write', 'Edit', 'MultiEdit') }),
  { maxLength: 6 },
);
const scenario = fc.record({
  initial: tree,
  prompts: fc.array(editsOfPrompt, { minLength: 1, maxLength: 6 }),
  targets: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  later: editsOfPrompt,
});

type Snapshot = Map<string, string | null>;
async function snapshot(ws: WorkspaceFs, root: string): Promise<Snapshot> {
  const s: Snapshot = new Map();
  for (const name of NAMES) {
    const bytes = await readAll(ws, `${root}/${name}`);
    s.set(name, bytes === undefined ? null : Buffer.from(bytes).toString('hex'));
  }
  return s;
}

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function check(b: Backend, sc: Scenario): Promise<void> {
  try {
    const { root, workspace } = b;
    for (const [name, data] of Object.entries(sc.initial)) await writeBytes(workspace, `${root}/${name}`, data);
    const cp = createCheckpoints({ storage: b.storage, workspace, sessionId: 'prop', workingDirectories: [root] });
    const before: Snapshot[] = [];
    for (const [i, edits] of sc.prompts.entries()) {
      before.push(await snapshot(workspace, root));
      expect((await cp.beginPrompt(`p${i}`, `prompt ${i}`)).ok).toBe(true);
      for (const e of edits) {
        const r = await cp.recordBeforeEdit({ tool: e.tool, input: { file_path: `${root}/${e.name}` } }, `p${i}`);
        expect(['recorded', 'alreadyRecorded']).toContain(r.kind);
        await writeBytes(workspace, `${root}/${e.name}`, e.data);
      }
    }
    // Rewind to earlier and earlier prompts.
    const ks = [...new Set(sc.targets.map((t) => t % sc.prompts.length))].sort((x, y) => y - x);
    for (const k of ks) {
      const r = await cp.rewindCode(`p${k}`);
      expect(r).toMatchObject({ ok: true, errors: [], notRestored: [] });
      expect(await snapshot(workspace, root)).toEqual(before[k]);
    }
    // A new prompt after the rewind, rewound in turn, gives back the state it started from.
    const afterRewind = await snapshot(workspace, root);
    await cp.beginPrompt('later', 'again');
    for (const e of sc.later) {
      await cp.recordBeforeEdit({ tool: e.tool, input: { file_path: `${root}/${e.name}` } }, 'later');
      await writeBytes(workspace, `${root}/${e.name}`, e.data);
    }
    expect(await cp.rewindCode('later')).toMatchObject({ ok: true, errors: [], notRestored: [] });
    expect(await snapshot(workspace, root)).toEqual(afterRewind);
  } finally {
    await b.cleanup();
  }
}

describe('rewind gives back exactly the state before prompt k', () => {
  const [memory, node] = backends;
  it('in memory (many runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => check(await memory!.make(), sc)),
      { numRuns: propertyRuns(300) },
    );
  }, 60_000);

  it('on real temporary directories (a few runs)', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => check(await node!.make(), sc)),
      { numRuns: propertyRuns(8) },
    );
  }, 60_000);
});
