/** `toolgate check --what-if`: the decision, then what would change the answer. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXIT, main } from '../../src/cli/program.js';

let out = '';
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-what-if-'));
  mkdirSync(join(dir, '.claude'));
  writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ permissions: { ask: ['Bash(git push *)'], deny: ['Bash(rm -rf *)'] } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
  out = '';
  process.exitCode = undefined;
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('check --what-if', () => {
  it('says what would change the answer, and keeps the exit code of the decision', async () => {
    const run = (call: string, ...flags: string[]) => main(['node', 'toolgate', 'check', '--project', dir, '--home', join(dir, 'home'), '--what-if', ...flags, call]);
    expect(await run('Bash(npm install lodash)')).toBe(EXIT.ask);
    expect(out).toContain('what would change the answer: add the allow rule "Bash(npm install lodash)"');
    out = '';
    expect(await run('Bash(git push origin main)')).toBe(EXIT.ask);
    expect(out).toMatch(/what would change the answer: only a person, each time, because ask rule Bash\(git push \*\)/);
    out = '';
    expect(await run('Bash(rm -rf dist)', '--json')).toBe(EXIT.deny);
    expect((JSON.parse(out) as { change: string }).change).toMatch(/^only changing the deny rule "Bash\(rm -rf \*\)"/);
  });
});
