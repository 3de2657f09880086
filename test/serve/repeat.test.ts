import { describe, expect, it } from 'vitest';
import { repeating } from '../../src/serve/repeat.js';

describe('repeating', () => {
  it('runs one run at a time: a tick during a run shares it', async () => {
    let runs = 0;
    let release!: () => void;
    const r = repeating(
      () => {
        runs += 1;
        return new Promise<void>((ok) => (release = ok));
      },
      1000,
      () => {},
    );
    const a = r.tick();
    const b = r.tick();
    expect(a).toBe(b);
    release();
    await a;
    const c = r.tick();
    expect(c).not.toBe(a);
    release();
    await c;
    expect(runs).toBe(2);
  });

  it('starts once, reports a run that throws, and stop waits for the run under way', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const r = repeating(
      async () => {
        runs += 1;
        throw new Error('store gone');
      },
      60_000,
      (e) => failures.push(e),
    );
    r.start();
    r.start();
    await r.stop();
    await new Promise((ok) => setImmediate(ok));
    expect(runs).toBe(1);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('store gone');
  });
});
