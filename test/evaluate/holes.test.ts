/**
 * A glob word's literal prefix bounds what a deny rule's hole may stand for: `tmp/*.tmp` never
 * expands to `-rf`, so `Bash(rm -rf *)` cannot apply to `rm tmp/*.tmp`. Checked against real bash
 * and zsh under the options a user's rc may set.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { globPrefix } from '../../src/evaluate/holes.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny: ['Bash(rm -rf *)'] } } }]);
const decide = (command: string) => evaluate({ tool: 'Bash', input: { command } }, { mode: 'default', policy, cwd: P, home: '/home/user' });

beforeAll(async () => {
  await prepare();
});

describe('Bash(rm -rf *) and glob words', () => {
  it.each(['rm tmp/*.tmp', 'rm T*', 'rm build/*.o dist/*.map'])('%s cannot become rm -rf: a plain ask', (command) => {
    expect([decide(command).behavior, decide(command).askKind]).toEqual(['ask', 'plain']);
  });
  it.each(['rm -*', 'rm -r* x', 'rm [-]rf x', 'rm tmp/*.tmp -rf x', 'rm $X*', 'rm "$D"/*'])(
    '%s may become rm -rf: a firm ask naming the rule',
    (command) => {
      const d = decide(command);
      expect([d.behavior, d.askKind, d.rule?.text]).toEqual(['ask', 'firm', 'Bash(rm -rf *)']);
    },
  );
});

describe('globPrefix', () => {
  it.each([
    ['tmp/*.tmp', 'tmp/'],
    ['src/**/x.js', 'src/'],
    ['T*', 'T'],
    ['*.js', undefined],
    ['[-]rf', undefined],
    ['tmp/$X*', undefined],
    ["'a b'*", undefined],
    ['~/x*', undefined],
    ['x@(a|b)*', undefined],
    ['plain', undefined],
  ])('%s → %s', (word, prefix) => {
    expect(globPrefix(word)).toBe(prefix);
  });
});

const shells = [
  {
    shell: 'bash',
    script: (w: string) => `shopt -s nullglob nocaseglob dotglob extglob globstar; for x in ${w}; do printf '%s\\n' "$x"; done`,
  },
  { shell: 'zsh', script: (w: string) => `setopt nullglob nocaseglob globdots extendedglob; for x in ${w}; do printf '%s\\n' "$x"; done` },
];
const available = (shell: string): boolean => {
  try {
    execFileSync(shell, ['-c', 'true']);
    return true;
  } catch {
    return false;
  }
};

describe('every word a glob expands to starts with its prefix (real shells, every rc option on)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolgate-holes-'));
    for (const d of ['tmp', 'TMP', 'Tmp/sub', 'src/deep']) mkdirSync(join(dir, d), { recursive: true });
    for (const f of ['-rf', 'tmp/a.tmp', 'tmp/.b.tmp', 'TMP/-rf.tmp', 'Tmp/c.TMP', 'src/deep/x.js', 'Tx', 'tail'])
      writeFileSync(join(dir, f), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const { shell, script } of shells) {
    it.skipIf(!available(shell))(`${shell}`, () => {
      for (const word of ['tmp/*.tmp', 'src/**/*.js', 'T*', 't?il']) {
        const prefix = globPrefix(word)!;
        const words = execFileSync(shell, ['-c', script(word)], { cwd: dir, encoding: 'utf8' })
          .split('\n')
          .filter((w) => w !== '');
        expect(words.length, `${shell} ${word}`).toBeGreaterThan(0);
        for (const w of words) expect(w.toLowerCase().startsWith(prefix.toLowerCase()), `${shell}: ${word} → ${w}`).toBe(true);
      }
    });
  }
});
