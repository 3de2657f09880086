import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { captureOutput } from './support/output.js';

// A module graph of this file's own (the unit suite's files share one per worker): the shell
// grammar is not loaded until a lint needs it.
vi.resetModules();
const { main } = await import('../../src/cli/program.js');
const { isShellPrepared } = await import('../../src/shell/index.js');
const { analysesWithoutParser } = await import('../../src/shell/analyze.js');

const io = captureOutput();
const dir = mkdtempSync(join(tmpdir(), 'toolgate-lint-unprepared-'));
function file(name: string, permissions: Record<string, string[]>): string {
  writeFileSync(join(dir, name), JSON.stringify({ permissions }, null, 2));
  return join(dir, name);
}
async function lint(f: string): Promise<string> {
  io.out = '';
  await main(['node', 'toolgate', 'lint', '--json', '--home', '/nonexistent-home', f]);
  return io.out;
}

// Rules whose samples and probes the fast lexer reads, and rules whose samples need the grammar.
const plain = file('plain.json', { allow: ['Bash(npm test *)', 'Bash(git status)', 'Read(./src/**)'], deny: ['Bash(rm *)'] });
const full = file('full.json', { allow: ['Bash(for f in *; do echo $f; done)', 'Bash(echo $(date))'], deny: ['Bash(rm *)'] });

describe('toolgate lint loads the shell grammar only when an analysis needs it', () => {
  let plainBefore = '';
  let fullBefore = '';
  it('lints rules the fast lexer reads without loading the grammar', async () => {
    const count = analysesWithoutParser();
    plainBefore = await lint(plain);
    expect(JSON.parse(plainBefore)).toHaveProperty('counts');
    expect(isShellPrepared()).toBe(false);
    expect(analysesWithoutParser()).toBe(count);
  });

  it('loads it and lints again when an analysis needed it', async () => {
    const count = analysesWithoutParser();
    fullBefore = await lint(full);
    expect(analysesWithoutParser()).toBeGreaterThan(count);
    expect(isShellPrepared()).toBe(true);
    expect(fullBefore).not.toMatch(/shell parser not prepared/);
  });

  it('gives the reports a lint with the grammar loaded from the start gives', async () => {
    expect(isShellPrepared()).toBe(true);
    const count = analysesWithoutParser();
    expect(await lint(full)).toBe(fullBefore);
    expect(await lint(plain)).toBe(plainBefore);
    expect(analysesWithoutParser()).toBe(count);
  });
});
