/** `toolgate check --what-if`: the decision, then what would change the answer. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/program.js';
import { captureOutput } from './support/output.js';

const io = captureOutput();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-what-if-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(
    join(dir, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { ask: ['Bash(git push *)'], deny: ['Bash(rm -rf *)'] } }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check --what-if', () => {
  it('says what would change the answer, and keeps the exit code of the decision', async () => {
    const run = (call: string, ...flags: string[]) =>
      main(['node', 'toolgate', 'check', '--project', dir, '--home', join(dir, 'home'), '--what-if', ...flags, call]);
    expect(await run('Bash(npm install lodash)')).toBe(EXIT.ask);
    expect(io.out).toContain('what would change the answer: add the allow rule "Bash(npm install lodash)"');
    io.out = '';
    expect(await run('Bash(git push origin main)')).toBe(EXIT.ask);
    expect(io.out).toMatch(/what would change the answer: only a person, each time, because ask rule Bash\(git push \*\)/);
    io.out = '';
    expect(await run('Bash(rm -rf dist)', '--json')).toBe(EXIT.deny);
    expect((JSON.parse(io.out) as { change: string }).change).toMatch(/^only changing the deny rule "Bash\(rm -rf \*\)"/);
  });
});
