/**
 * An ask parked, serialized with JSON, answered and resumed — as a worker that gives up the call
 * and another one that picks the answer up later would do.
 * Run: npx tsx examples/park-and-answer.ts
 */
import { createGate, type GateOptions } from '../src/gate/index.js';

const options: GateOptions = {
  policy: [{ kind: 'projectSettings', settings: { permissions: { ask: ['Bash(git push *)'], deny: ['Bash(rm -rf *)'] } } }],
  cwd: '/home/user/project',
  home: '/home/user',
  mode: 'default',
};

async function main(): Promise<void> {
  // Worker 1: gate the call. No resolver answers an ask rule, so the call parks.
  const worker1 = createGate(options);
  worker1.on('park', (p) => console.log(`parked ${p.id}: ${p.reason.message} (${p.askKind} ask)`));
  const result = await worker1.check({ tool: 'Bash', input: { command: 'git push origin main' }, id: 'toolu_01' });
  if (result.behavior !== 'ask') throw new Error(`expected an ask, got ${result.behavior}`);

  // The pending ask is plain JSON: store it, send it to a UI, put it in a queue.
  const stored = JSON.stringify(result.pending);
  console.log(`stored ${stored.length} bytes of JSON`);

  // Worker 2, later, maybe another process: a person approved with an edited command.
  const worker2 = createGate(options);
  const pending = JSON.parse(stored);
  const resumed = await worker2.answer(pending, { behavior: 'allow', updatedInput: { command: 'git push origin main --dry-run' } });
  console.log(`resumed: ${resumed.behavior} — runs ${JSON.stringify(resumed.call.input)}`);

  // An edit the person makes is gated again: a deny rule still wins.
  const refused = await worker2.answer(pending, { behavior: 'allow', updatedInput: { command: 'rm -rf /tmp/repo' } });
  console.log(`edited to rm -rf: ${refused.behavior}${refused.behavior === 'deny' ? ` (${refused.message})` : ''}`);
}

void main();
