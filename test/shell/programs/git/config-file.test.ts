import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parseGitConfig } from '../../../../src/shell/programs/git/config-file.js';
import { propertyRuns } from '../../../support/property-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-gitconfig-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What real git reads from the text: `key=value` lines (a bare key alone), or undefined when git refuses the file. */
function gitReads(text: string): string[] | undefined {
  const file = join(dir, 'config');
  writeFileSync(file, text);
  try {
    const out = execFileSync('git', ['config', '--file', file, '--list', '-z'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
    });
    return out
      .split('\0')
      .filter((x) => x !== '')
      .map((x) => (x.includes('\n') ? `${x.slice(0, x.indexOf('\n'))}=${x.slice(x.indexOf('\n') + 1)}` : x));
  } catch {
    return undefined;
  }
}
function ours(text: string): string[] | undefined {
  const p = parseGitConfig(text);
  return p.ok ? p.entries.map((e) => (e.value === null ? e.key : `${e.key}=${e.value}`)) : undefined;
}
const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const SAMPLES = [
  '[core]\n\tfsmonitor = evil\n',
  '[Diff "PDF"]\n\tTextConv = "pdf to text" ; comment\n',
  '[diff.X]\nexternal=a b  # c\n',
  '[core] pager = less\n',
  '[a]\n\tb = "x\\" ; y"\n\tc = one \\\n two\n\td\n',
  '[a "sub \\"q\\" \\\\ x"]\n\tk = \\t\\n\\b\n',
  '# comment\n; another\n\n[x]\n\ty = "  spaced  "  \n',
  '[a]\n\tb = "unclosed\n',
  '[a]\n\tb = bad \\q escape\n',
  'k = v\n',
  '[a\n',
  '\ufeff[a]\nb=1\n',
];

describe('git configuration files, read as git reads them', () => {
  it.runIf(hasGit).each(SAMPLES)('%j', (text) => {
    expect(ours(text)).toEqual(gitReads(text));
  });
  it.runIf(hasGit)('generated files agree with git', () => {
    const piece = fc.constantFrom(
      '[core]',
      '[diff "x y"]',
      '[a.B]',
      '[a "q\\"z"]',
      '\tkey = value',
      'name',
      'k=v;c',
      'k = "a;b" # c',
      'k = x \\',
      'k = \\"',
      'k = "',
      '#c',
      '',
      '  k2 =  a  b  ',
      'k3 = \\n\\t',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (lines) => {
        const text = `${lines.join('\n')}\n`;
        expect(ours(text)).toEqual(gitReads(text));
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
