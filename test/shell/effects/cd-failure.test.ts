import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { cdMayFailAnyway, redirectionMayFail } from '../../../src/shell/effects/cd-failure.js';

await prepareShell();

/** The first command of `command` (bash). */
const first = (command: string) => analyzeShell(command, { shell: 'bash' }).commands[0]!;

describe('a cd that may fail where its directory exists (replay of red team 20, NEW-R1)', () => {
  it('takes every redirection but /dev/null as one that may fail', () => {
    for (const c of ['cd .. < /nonexistent', 'cd .. > src', 'cd .. 2>&7', 'cd .. >&2', 'cd .. <<< x', 'cd .. > "$F"'])
      expect(redirectionMayFail(first(c).redirects), c).toBe(true);
    for (const c of ['cd ..', 'cd .. > /dev/null', 'cd .. 2>/dev/null', 'cd .. &>/dev/null < /dev/null'])
      expect(redirectionMayFail(first(c).redirects), c).toBe(false);
  });
  it('counts the redirections of the compound command the cd is in', () => {
    const a = analyzeShell('{ cd ..; } < /nonexistent', { shell: 'bash' });
    expect(cdMayFailAnyway(a.commands[0]!, 1, () => true)).toBe(true);
  });
  it('checks each part before a `..` against the view', () => {
    const seen = new Set(['src', 'src/lib']);
    const shown = (p: string) => seen.has(posix.normalize(p));
    expect(cdMayFailAnyway(first('cd ./nonexist/../..'), 1, shown)).toBe(true);
    expect(cdMayFailAnyway(first('cd README.md/../..'), 1, shown)).toBe(true);
    expect(cdMayFailAnyway(first('cd src/lib/../..'), 1, shown)).toBe(false);
    expect(cdMayFailAnyway(first('cd ../..'), 1, () => false)).toBe(false);
    expect(cdMayFailAnyway(first('cd src'), 1, () => false)).toBe(false);
    expect(cdMayFailAnyway(first('cd'), undefined, () => false)).toBe(false);
    // A word toolgate cannot read may name anything before its `..`.
    expect(cdMayFailAnyway(first('cd ~/x/..'), 1, () => true)).toBe(true);
  });
});
