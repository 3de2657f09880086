/**
 * What a command run with no tool call runs from files (`unattended-runs.ts`): the forms red team
 * 27 ran for real from a hook and a git hook (bash 5.2, dash, debianutils 5.7, Python 3.11).
 */
import { describe, expect, it } from 'vitest';
import { runsItsInput, textFromFiles, unattendedRuns } from '../../../src/shell/programs/unattended-runs.js';

describe('unattendedRuns', () => {
  it('reads run-parts: every file of its folder, not with --test or --list', () => {
    expect(unattendedRuns(['run-parts', 'scripts'])).toEqual([{ kind: 'folder', dir: 'scripts' }]);
    expect(unattendedRuns(['run-parts', '-u', '022', '--arg', 'x', '--', 'd'])).toEqual([{ kind: 'folder', dir: 'd' }]);
    expect(unattendedRuns(['run-parts', '--regex=^a', 'd'])).toEqual([{ kind: 'folder', dir: 'd' }]);
    expect(unattendedRuns(['run-parts', '--te', 'd'])).toEqual([]);
    expect(unattendedRuns(['run-parts', '--list', 'd'])).toEqual([]);
  });

  it('reads eval and the modules python -c imports (not with -I or -P)', () => {
    expect(unattendedRuns(['eval', 'echo', 'x'])).toEqual([{ kind: 'text', text: 'echo x' }]);
    expect(unattendedRuns(['python3', '-c', 'import a, b.c as d; from e import f'])).toEqual(['a', 'b.c', 'e'].map((module) => ({ kind: 'module', module })));
    expect(unattendedRuns(['python3', '-I', '-c', 'import a'])).toEqual([]);
    expect(unattendedRuns(['python3', '-Pc', 'import a'])).toEqual([]);
  });
});

describe('a shell that only parses', () => {
  // bash 5.2 and dash: `sh -n F`, `bash -o noexec F`, `bash -n -c '. F'` ran nothing of F (check30 rows 39, 40).
  it('runs no script and no input with -n or -o noexec', () => {
    expect(unattendedRuns(['sh', '-n', 'scripts/new.sh'])).toEqual([]);
    expect(unattendedRuns(['bash', '-o', 'noexec', 'x.sh'])).toEqual([]);
    expect(unattendedRuns(['bash', '-n', '-c', '. x.sh'])).toEqual([]);
    expect(unattendedRuns(['sh', 'scripts/new.sh'])).toEqual([{ kind: 'script', file: 'scripts/new.sh', language: 'shell-script' }]);
    expect(runsItsInput(['sh', '-n'])).toBe(false);
    expect(runsItsInput(['xargs', '-n1', 'bash', '-n'])).toBe(false);
    expect(runsItsInput(['xargs', '-n1', 'sh'])).toBe(true);
  });
});

describe('textFromFiles', () => {
  it('finds the files a substitution reads as text', () => {
    expect(textFromFiles('$(cat scripts/s.sh)')).toEqual(['scripts/s.sh']);
    expect(textFromFiles('`cat -- "a b"` $(< c)')).toEqual(['c', 'a b']);
    expect(textFromFiles('$(cat a b)')).toEqual([]);
  });
});

describe('runsItsInput', () => {
  it('is a shell with no script, . /dev/stdin, eval, xargs running a shell, an interpreter with no script', () => {
    for (const w of [['sh', '-s'], ['bash'], ['.', '/dev/stdin'], ['eval', '$l'], ['xargs', '-I{}', 'sh', '-c', '{}'], ['python3', '-'], ['node']])
      expect(runsItsInput(w), w.join(' ')).toBe(true);
    for (const w of [['sh', 'x.sh'], ['bash', '-c', 'true'], ['jq', '.'], ['python3', '-c', 'print(1)'], ['node', '-e', '1'], ['xargs', 'wc'], ['.', 'x.sh']])
      expect(runsItsInput(w), w.join(' ')).toBe(false);
  });
});
