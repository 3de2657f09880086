/**
 * serve's answer token at its default path is made new at every start, never adopted: a token
 * file (or a link) a program left there before serve started answers nothing. A token file the
 * person names is read as given, with warnings when it is shared, a link, or another user's.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshTokenFile, readTokenFile } from '../../src/cli/serve-token.js';

const posix = process.platform !== 'win32';
let root: string;
let warnings: string[];
const warn = (l: string) => warnings.push(l);
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'toolgate-token-'));
  warnings = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the default token file: new at every start', () => {
  it('makes the directory (0700) and the file (0600) with a random token', () => {
    const file = join(root, 'state', 'toolgate', 'serve-token');
    const { token, made } = freshTokenFile(file, warn);
    expect(made).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    if (posix) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(root, 'state', 'toolgate')).mode & 0o777).toBe(0o700);
    }
    expect(warnings).toEqual([]);
  });

  it('never adopts a token left at the path: a planted file is replaced, and so is a link (not followed)', () => {
    const dir = join(root, 'toolgate');
    mkdirSync(dir, { mode: 0o700 });
    const file = join(dir, 'serve-token');
    const planted = 'tok-chosen-by-the-agent-0123456789';
    writeFileSync(file, `${planted}\n`, { mode: 0o600 });
    const first = freshTokenFile(file, warn).token;
    expect(first).not.toBe(planted);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    // A second start makes another token again.
    expect(freshTokenFile(file, warn).token).not.toBe(first);
    // A link to a file the agent reads: the link is replaced by serve's own file; its target is untouched.
    const elsewhere = join(root, 'agent-reads-this');
    writeFileSync(elsewhere, `${planted}\n`);
    rmSync(file);
    symlinkSync(elsewhere, file);
    const third = freshTokenFile(file, warn).token;
    expect(lstatSync(file).isSymbolicLink()).toBe(false);
    expect(readFileSync(file, 'utf8').trim()).toBe(third);
    expect(readFileSync(elsewhere, 'utf8').trim()).toBe(planted);
    // Nothing of the new file is left beside it.
    expect(readFileSync(file, 'utf8')).not.toContain(planted);
  });

  it.skipIf(!posix)('refuses a state directory that is a link, and narrows one others could enter to 0700', () => {
    const real = join(root, 'agents-dir');
    mkdirSync(real, { mode: 0o700 });
    const linked = join(root, 'linked');
    symlinkSync(real, linked);
    expect(() => freshTokenFile(join(linked, 'serve-token'), warn)).toThrow(/is a symbolic link, not a directory serve made: remove it/);
    const open = join(root, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    freshTokenFile(join(open, 'serve-token'), warn);
    expect(statSync(open).mode & 0o777).toBe(0o700);
    expect(warnings).toEqual([`warning: ${open} could be entered by other users: its mode is now 0700`]);
  });
});

describe('a token file the person names', () => {
  it('is read as given, with a warning when others can read it or it is a link', () => {
    const file = join(root, 'token');
    writeFileSync(file, 'a-token-of-enough-length\n', { mode: 0o600 });
    expect(readTokenFile(file, '--token-file', warn)).toBe('a-token-of-enough-length');
    expect(warnings).toEqual([]);
    if (!posix) return;
    chmodSync(file, 0o644);
    const link = join(root, 'link');
    symlinkSync(file, link);
    expect(readTokenFile(link, '--token-file', warn)).toBe('a-token-of-enough-length');
    expect(warnings).toEqual([
      `warning: ${link} can be read by other users (chmod 600 it)`,
      `warning: ${link} is a symbolic link: serve trusts whatever it points to; make sure only you can change the link and its target`,
    ]);
  });
});
