import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isolatedGitEnv } from '../../../support/git.js';
import {
  consultedFormats,
  formatOptionValues,
  formatVerifiesSignatures,
  signatureFormat,
} from '../../../../src/shell/programs/git/formats.js';
import { propertyRuns } from '../../../support/property-runs.js';

describe('git formats that verify signatures', () => {
  it.each([
    '%G?',
    '%GS',
    '%GK',
    '%GF',
    '%GP',
    '%GT',
    '%GG',
    'format:%h %G?',
    'tformat:%H%n%GG',
    '%%%G?',
    '%(signature)',
    '%( signature:grade)',
    '%+G?',
    '%-GS',
    '% GK',
    '%+GX',
    'format:%h %+GS',
    'tformat:%-GK',
    '%<(5)%+G?',
    '%C(auto)%+G?',
    '%+%G?',
    '%C(%G?',
    '%C(red)%G?',
    '%C()%G?',
    '%C(%G?)%G?',
    '%C(%(signature))',
  ])('%j verifies', (f) => {
    expect(formatVerifiesSignatures(f)).toBe(true);
  });
  it.each([
    '%h %s',
    '%%G?',
    'oneline',
    'raw',
    '%gs %gd',
    '%(refname)',
    '%C(yellow)%h',
    '%%%%G',
    '%+s',
    '%-h',
    '% an',
    '%+-G?',
    '%++G?',
    '%%+G?',
    '%*G?',
    '%C(%G?)',
    '%+C(%G?)',
    '%C(auto,%G?)',
    'format:%h %C(bold %GK)%s',
  ])('%j does not', (f) => {
    expect(formatVerifiesSignatures(f)).toBe(false);
  });
  it('a %G placeholder anywhere after an even run of % verifies, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('%')),
        fc.string().filter((s) => !s.includes('%')),
        fc.nat(3),
        (before, after, pairs) => {
          expect(formatVerifiesSignatures(`${before}${'%%'.repeat(pairs)}%G${after}`)).toBe(true);
          expect(formatVerifiesSignatures(`${before}${'%%'.repeat(pairs + 1)}G${after}`)).toBe(false);
        },
      ),
    );
  });
  it('reads --format/--pretty values attached or as the next word, never after --', () => {
    expect(formatOptionValues(['--format=%G?', '--pretty', 'x', '-1', '--', '--format=%GK'])).toEqual(['%G?', 'x']);
    expect(signatureFormat(['-1', '--pretty=format:%GS'])).toBe('format:%GS');
    expect(signatureFormat(['--grep=%G?'])).toBeUndefined();
  });
});

/**
 * The installed git is the oracle: a repository whose HEAD carries a signature header, and
 * gpg.program a script that leaves a mark. Every format git verifies with is one toolgate says
 * verifies; the formats listed as exact are judged the same both ways.
 */
describe('git formats that verify signatures, against the installed git', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-formats-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const env = isolatedGitEnv(root);
  const repo = join(root, 'r');
  const mark = join(root, 'mark');
  const gpg = join(root, 'gpg');
  const git = (args: string[], input?: string) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', input, stdio: 'pipe' });
  execFileSync('git', ['init', '-q', repo], { env });
  writeFileSync(join(repo, 'a'), 'a\n');
  git(['add', 'a']);
  git(['commit', '-q', '-m', 'one']);
  const tree = git(['write-tree']).trim();
  const parent = git(['rev-parse', 'HEAD']).trim();
  const signed = git(
    ['hash-object', '-t', 'commit', '-w', '--stdin'],
    `tree ${tree}\nparent ${parent}\nauthor t <t@e> 1700000000 +0000\ncommitter t <t@e> 1700000000 +0000\n` +
      'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n',
  ).trim();
  git(['update-ref', 'HEAD', signed]);
  writeFileSync(gpg, `#!/bin/sh\necho ran >> '${mark}'\n`);
  chmodSync(gpg, 0o755);
  /** Whether `git log -1 --format=F` ran gpg.program. */
  const gitVerifies = (format: string): boolean => {
    rmSync(mark, { force: true });
    try {
      git(['-c', `gpg.program=${gpg}`, 'log', '-1', `--format=${format}`]);
    } catch {
      // A format git refuses (it dies) may still have run the program first; the mark says.
    }
    return existsSync(mark);
  };
  const exact = [
    '%G?',
    '%+G?',
    '%-G?',
    '% G?',
    '%GX',
    '%+GX',
    '%+-G?',
    '%++G?',
    '%+%G?',
    '%<(5)%+G?',
    '%>>(3)% GS',
    '%>|(5)%-GK',
    '%C(auto)%+G?',
    '%x%G?',
    '%+w(1)%G?',
    '%w(10)%+G?',
    '%%G?',
    '%%+G?',
    '%h %s',
    '%+s',
    '%*G?',
    '%_G?',
    '%:G?',
  ];
  it.each(exact)('%j: toolgate and git agree', (f) => {
    expect(formatVerifiesSignatures(f)).toBe(gitVerifies(f));
  });
  it('every format git verifies with is one toolgate says verifies (generated around the magic characters)', () => {
    const part = fc.constantFrom('%', '+', '-', ' ', 'G', '?', 'h', '(', ')', '<', 'C', 'x', 'w', '%%');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
        const f = parts.join('');
        if (gitVerifies(f)) expect(formatVerifiesSignatures(f)).toBe(true);
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});

describe('the pretty.<name> formats a command may use', () => {
  const user = new Map([
    ['sig', '%G? %h'],
    ['al', 'sig'],
    ['short', '%G?'],
  ]);
  it.each([
    [[], undefined, []],
    [['--oneline'], undefined, []],
    [['--pretty=oneline'], undefined, []],
    [['--format=short'], undefined, []],
    [['--format=%h'], undefined, []],
    [['--pretty=sig'], undefined, ['sig']],
    [['--pretty=s'], undefined, ['sig']],
    [['--pretty=al'], undefined, ['al', 'sig']],
    [['--pretty=a'], undefined, ['al', 'sig']],
    [['--pretty', 'sig'], undefined, ['sig']],
    [[], 'al', ['al', 'sig']],
    [['--', '--pretty=sig'], undefined, []],
  ] as const)('%j with format.pretty %j uses %j', (words, formatPretty, used) => {
    expect([...(consultedFormats(words, formatPretty, user) ?? ['?'])].sort()).toEqual([...used].sort());
  });
  it('an alias loop is followed once per name', () => {
    const loop = new Map([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    expect([...(consultedFormats(['--pretty=x'], undefined, loop) ?? [])].sort()).toEqual(['x', 'y']);
  });
});
