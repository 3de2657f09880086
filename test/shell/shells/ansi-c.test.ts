/**
 * `$'…'` as each shell reads it, checked against the real bash, zsh and dash when installed: the
 * shell prints each form with its builtin printf (zsh keeps a NUL there, bash cuts the word) and
 * toolgate's reading must be those bytes, or not one known text where the shell gives a NUL or a
 * byte above 0x7f. Harmless to run (printf only), in a fresh folder with a fresh HOME.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnsiCDialect, type AnsiCText, BASH_ANSI_C, DASH_ANSI_C, decodeAnsiC, ZSH_ANSI_C } from '../../../src/shell/shells/ansi-c.js';
import { decodeWord } from '../../../src/shell/syntax/words.js';

/** Bodies of `$'…'`. */
const FORMS = [
  'a\\x{2e}b',
  'a\\x{2E}b',
  'a\\x{000002e}b',
  'a\\x{}b',
  'a\\x{g}b',
  'a\\x{2eb',
  'a\\x{0}b',
  'a\\x{41}b',
  'a\\x{1F600}b',
  'a\\x{100}b',
  'a\\x{141}b',
  'a\\x41b',
  'a\\x4g',
  'a\\xg',
  'a\\x',
  'a\\xA',
  'a\\x7fb',
  'a\\x80b',
  'a\\xc3\\xa9',
  'a\\u{2e}b',
  'a\\u2eb',
  'a\\u0041b',
  'a\\u7fb',
  'a\\u00e9b',
  'a\\u{0}b',
  'a\\U{0}b',
  'a\\U{2e}b',
  'a\\U0001F600b',
  'a\\U00000000b',
  'a\\u0000b',
  'a\\U0000002eb',
  'a\\cAb',
  'a\\c b',
  'a\\c`b',
  'a\\c@b',
  'a\\c?b',
  'a\\caz',
  'a\\c[b',
  'a\\c\\\\b',
  'a\\c\\b',
  'a\\c\\qb',
  'a\\c~b',
  'a\\c1b',
  'a\\c_b',
  'a\\C-@b',
  'a\\C-ab',
  'a\\C-`b',
  'a\\C-?b',
  'a\\C-[b',
  'a\\C-1b',
  'a\\Cb',
  'a\\C-\\x41b',
  'a\\M-ab',
  'a\\M-\\C-ab',
  'a\\Mb',
  'a\\eb',
  'a\\Eb',
  'a\\0b',
  'a\\101b',
  'a\\0101b',
  'a\\400b',
  'a\\777b',
  'a\\8b',
  'a\\qb',
  'a\\"b',
  'a\\?b',
  "a\\'b",
  'a\\\\b',
  'a\\ab\\bc\\fd\\ne\\rf\\tg\\vh',
  'a\\ \\b',
  'a\\NAb',
  '.env\\c ',
  '\\x{2e}env',
  'r\\x{6d}',
  '%s\\n',
  '\\t',
  '\\x1b[0m',
];

const DIALECTS: readonly { dialect: AnsiCDialect; paths: string[]; argv: string[] }[] = [
  { dialect: BASH_ANSI_C, paths: ['/bin/bash', '/usr/bin/bash'], argv: ['--norc', '--noprofile', '-c'] },
  { dialect: ZSH_ANSI_C, paths: ['/bin/zsh', '/usr/bin/zsh'], argv: ['-f', '-c'] },
  { dialect: DASH_ANSI_C, paths: ['/bin/dash', '/usr/bin/dash'], argv: ['-c'] },
];

const home = mkdtempSync(join(tmpdir(), 'tg-ansic-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/**
 * Each form's bytes as the shell's builtin printf prints it, as lowercase hex, with a `Z` after
 * the string: `cut` when the shell cut the word at a NUL (bash), `error` when it refused the script.
 */
function realBytes(shell: string, argv: string[], form: string): string {
  const r = spawnSync(shell, [...argv, `printf '%s' $'${form}'Z | od -An -tx1 -v | tr -d ' \\n'`], {
    cwd: home,
    env: { PATH: '/usr/bin:/bin', HOME: home, LC_ALL: 'C.UTF-8' },
    encoding: 'utf8',
  });
  if (r.status !== 0 || r.stderr !== '') return 'error';
  return r.stdout.endsWith('5a') ? r.stdout.slice(0, -2) : 'cut';
}

/** Forms toolgate leaves unread though the shell gives text: zsh's control of an escape. */
const UNREAD = new Set(['a\\C-\\x41b']);

const hex = (s: string): string => Buffer.from(s, 'utf8').toString('hex');

/** The one text toolgate reads, or null. */
const text = (d: AnsiCText): string | null => (d.error === undefined && d.unknown === undefined ? d.value : null);

describe.each(DIALECTS)("$'…' read as $dialect.name reads it", ({ dialect, paths, argv }) => {
  const shell = paths.find((p) => existsSync(p));
  it.skipIf(shell === undefined)('agrees with the real shell byte for byte, or is not one known text', () => {
    const wrong: string[] = [];
    // dash's string ends at the first quote, `\'` included (a unit row below checks the end).
    for (const form of FORMS.filter((f) => dialect.ansiC || !f.includes("\\'"))) {
      const d = decodeAnsiC(`$'${form}'`, 2, [dialect]);
      const bytes = realBytes(shell!, argv, form);
      // Not one known text: only where the shell cuts the word, refuses it, or makes a NUL or a byte above 0x7f.
      const problem = d.error ?? d.unknown;
      if (problem !== undefined) {
        const pairs = bytes.match(/../g) ?? [];
        const unreadable = bytes === 'cut' || bytes === 'error' || pairs.some((p) => p === '00' || parseInt(p, 16) > 0x7f);
        if (!unreadable && !UNREAD.has(form)) wrong.push(`${form}: toolgate ${problem}, ${dialect.name} ${bytes}`);
      } else if (hex(d.value) !== bytes) wrong.push(`${form}: toolgate ${hex(d.value)}, ${dialect.name} ${bytes}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('decodeAnsiC', () => {
  it.each([
    // [body, bash, zsh]; null: not one known text
    ['\\x{2e}env', '.env', null],
    ['.env\\c ', '.env', '.envc '],
    ['.env\\c@', '.env', '.envc@'],
    ['rm\\c \\u00e9', 'rm', null],
    ['\\cA', '\x01', 'cA'],
    ['\\C-a', '\\C-a', '\x01'],
    ['.env\\u{0}', '.env\\u{0}', null],
    ['.env\\x{0}junk', '.env', null],
    ['\\qx', '\\qx', 'qx'],
    ['a\\tb', 'a\tb', 'a\tb'],
    ['\\e[0m', '\x1b[0m', '\x1b[0m'],
    ['\\u00e9', null, null],
    ['\\xc3', null, null],
  ])('%j: bash %j, zsh %j', (body, bash, zsh) => {
    const raw = `$'${body}'`;
    for (const [dialect, want] of [
      [BASH_ANSI_C, bash],
      [ZSH_ANSI_C, zsh],
    ] as const) {
      const d = decodeAnsiC(raw, 2, [dialect]);
      expect(text(d)).toBe(want);
    }
    // Every shell at once: one text only where both read the same.
    const both = decodeAnsiC(raw, 2);
    expect(text(both)).toBe(bash !== null && bash === zsh ? bash : null);
  });

  it('dash reads a `$` and a single-quoted string; sh is dash or bash, so it is not one known text', () => {
    expect(decodeAnsiC("$'a\\tb'", 2, [DASH_ANSI_C])).toEqual({ value: '$a\\tb', end: 7 });
    expect(decodeWord("$'a\\tb'", 'sh', [DASH_ANSI_C, BASH_ANSI_C]).literal).toBe(false);
    expect(decodeWord("$'a\\tb'", 'bash', [BASH_ANSI_C])).toMatchObject({ literal: true, value: 'a\tb' });
    // dash's string ends at the escaped quote: the word ends elsewhere.
    expect(decodeAnsiC("$'a\\'b'", 2, [DASH_ANSI_C, BASH_ANSI_C]).error).toBeDefined();
  });

  it('bash ends the text at a NUL, the word goes on; zsh keeps the NUL', () => {
    expect(decodeWord("$'.env\\c 'x", 'bash', [BASH_ANSI_C])).toMatchObject({ literal: true, value: '.envx' });
    expect(decodeWord("$'.env\\x{0}'", 'zsh', [ZSH_ANSI_C]).literal).toBe(false);
  });
});
