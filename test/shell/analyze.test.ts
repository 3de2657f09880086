import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const argvs = (command: string, shell?: 'bash' | 'zsh') => analyzeShell(command, shell ? { shell } : {}).commands.map((c) => c.argv);

describe('limits', () => {
  it('refuses commands over 10,000 characters', () => {
    const a = analyzeShell(`echo ${'a'.repeat(10_001)}`);
    expect(a.unknown[0]).toMatch(/longer than 10000/);
    expect(a.commands).toEqual([]);
  });
  it('caps nesting depth without throwing', () => {
    const a = analyzeShell(`${'$('.repeat(2000)}rm x${')'.repeat(2000)}`.slice(0, 9000));
    expect(a.unknown.length).toBeGreaterThan(0);
  });
  it('caps bash -c recursion', () => {
    let cmd = 'rm x';
    for (let i = 0; i < 8; i++) cmd = `bash -c ${JSON.stringify(cmd)}`;
    expect(analyzeShell(cmd).unknown.some((u) => /deeper than/.test(u))).toBe(true);
  });
  it('treats a non-string as unknown', () => {
    expect(analyzeShell(42 as unknown as string).unknown).toEqual(['command is not a string']);
  });
});

describe('wrappers', () => {
  it('marks transparent wrappers and links the inner command', () => {
    const a = analyzeShell('timeout 5 npm test');
    expect(a.commands[0]).toMatchObject({ argv: ['timeout', '5', 'npm', 'test'], transparentWrapper: true });
    expect(a.commands[1]).toMatchObject({ argv: ['npm', 'test'], parent: 0, context: 'exec' });
  });
  it('bare xargs is transparent, xargs with flags is not', () => {
    expect(analyzeShell('xargs grep x').commands[0]!.transparentWrapper).toBe(true);
    expect(analyzeShell('xargs -n1 grep x').commands[0]!.transparentWrapper).toBe(false);
  });
  it('marks exec wrappers and find -exec/-delete as exact-only', () => {
    for (const cmd of ['watch ls', 'setsid ls', 'ionice ls', 'flock f ls', 'find . -delete', 'find . -exec ls {} +']) {
      expect(analyzeShell(cmd).commands[0]!.exactOnly, cmd).toBe(true);
    }
    expect(analyzeShell('find . -name x').commands[0]!.exactOnly).toBe(false);
  });
  it('command -v does not run the command', () => {
    expect(argvs('command -v rm')).toEqual([['command', '-v', 'rm']]);
  });
  it("env assignments become the inner command's assignments", () => {
    const a = analyzeShell('env A=1 B=2 make');
    expect(a.commands[1]).toMatchObject({ argv: ['make'], assignments: ['A=1', 'B=2'] });
  });
  it('nested scripts are marked nested and point at their shell', () => {
    const a = analyzeShell("bash -c 'ls && rm x'");
    expect(a.commands.slice(1).map((c) => [c.argv, c.context, c.parent])).toEqual([
      [['ls'], 'nested', 0],
      [['rm', 'x'], 'nested', 0],
    ]);
  });
});

describe('context and subshells', () => {
  it('marks substitution commands', () => {
    const a = analyzeShell('echo $(whoami)');
    expect(a.commands.find((c) => c.argv[0] === 'whoami')).toMatchObject({ context: 'substitution', inSubshell: true });
  });
  it('marks pipeline parts, subshells and background jobs as subshells', () => {
    const a = analyzeShell('cd a | ls; (cd b); cd c & cd d');
    expect(a.commands.map((c) => [c.argv.join(' '), c.inSubshell])).toEqual([
      ['cd a', true],
      ['ls', true],
      ['cd b', true],
      ['cd c', true],
      ['cd d', false],
    ]);
  });
  it('gives a redirection after a pipeline to its last command only', () => {
    const a = analyzeShell('a | b > out');
    expect(a.commands[0]!.redirects).toEqual([]);
    expect(a.commands[1]!.redirects).toEqual([{ op: '>', target: 'out', targetLiteral: true, kind: 'file' }]);
  });
  it("copies a compound command's redirection to the commands inside", () => {
    const a = analyzeShell('{ ls; pwd; } > out');
    expect(a.commands.every((c) => c.redirects.some((r) => r.kind === 'file'))).toBe(true);
    expect(a.redirects).toEqual([{ op: '>', target: 'out', targetLiteral: true, kind: 'file' }]);
  });
});

describe('words', () => {
  it('decodes quotes and escapes to the name bash runs', () => {
    for (const cmd of ['"r"m x', '\\rm x', "$'\\x72m' x", "$'\\162m' x", "r''m x", 'r\\\nm x']) {
      expect(argvs(cmd)[0], cmd).toEqual(['rm', 'x']);
    }
  });
  it('keeps non-literal words as written and flags them', () => {
    const a = analyzeShell('ls *.ts ~/x "$HOME" {a,b}');
    expect(a.commands[0]).toMatchObject({ argv: ['ls', '*.ts', '~/x', '"$HOME"', '{a,b}'], literal: [true, false, false, false, false] });
  });
  it('walks every part of a word the grammar splits, after an expansion too', () => {
    // The grammar reads `$$`, `{x:=` and `` `rm y`} `` as separate nodes of one word; bash runs rm.
    for (const cmd of ['echo $${x:=`rm y`}', 'echo $$`rm y`', 'echo $${x:=$(rm y)}']) {
      expect(argvs(cmd), cmd).toContainEqual(['rm', 'y']);
      expect(analyzeShell(cmd).hasSubstitution, cmd).toBe(true);
    }
  });
  it('zsh =cmd is unknown under zsh anywhere', () => {
    expect(analyzeShell('ls =ls').unknown).toEqual([]);
    expect(analyzeShell('echo =ls', { shell: 'zsh' }).commands[0]!.literal).toEqual([true, false]);
    expect(analyzeShell('=ls', { shell: 'zsh' }).unknown.length).toBeGreaterThan(0);
  });
});

describe('command names on case-insensitive file systems and Windows', () => {
  it.each([['RM -rf build'], ['rm.exe -rf build'], ['Rm.EXE x']])('%j keeps argv[0] as written', (command) => {
    const a = analyzeShell(command);
    expect(a.commands[0]!.argv[0]).toBe(command.split(' ')[0]);
    expect(a.unknown).toEqual([]);
  });
  it('looks through wrappers whatever their case, without looking through them for allow rules', () => {
    expect(argvs('SUDO rm x')).toEqual([
      ['SUDO', 'rm', 'x'],
      ['rm', 'x'],
    ]);
    expect(argvs('Bash -c "rm -rf build"')).toEqual([
      ['Bash', '-c', 'rm -rf build'],
      ['rm', '-rf', 'build'],
    ]);
    const t = analyzeShell('TIMEOUT 5 rm x');
    expect(t.commands.map((c) => c.argv)).toEqual([
      ['TIMEOUT', '5', 'rm', 'x'],
      ['rm', 'x'],
    ]);
    expect(t.commands[0]!.transparentWrapper).toBe(false);
    expect(analyzeShell('timeout 5 rm x').commands[0]!.transparentWrapper).toBe(true);
  });
  it('treats EVAL and GIT -c alias the same as their lower-case names (the alias is read)', () => {
    expect(analyzeShell('EVAL "rm x"').unknown.length).toBeGreaterThan(0);
    expect(analyzeShell("GIT -c alias.x='!rm x' x").commands.map((c) => c.argv)).toContainEqual(['rm', 'x']);
  });
});

describe('onlyProcessInputs: every substitution is a word that is one <(…)', () => {
  const only = (command: string, shell: 'bash' | 'zsh' = 'bash') => analyzeShell(command, { shell }).onlyProcessInputs === true;
  it('holds for whole <(…) words, as operands or a redirection target, in bash and zsh and a nested script', () => {
    expect(only('diff <(sort a.txt) <(sort b.txt)')).toBe(true);
    expect(only('diff <(sort a.txt) <(sort b.txt)', 'zsh')).toBe(true);
    expect(only('cat < <(sort a.txt)')).toBe(true);
    expect(only(`bash -c 'diff <(sort a) b'`)).toBe(true);
  });
  it('fails for >(…), a <(…) inside a longer word, a substitution inside one, and any $(…) or backticks', () => {
    for (const c of ['tee >(sh)', 'diff x<(a) b', 'diff <(a)<(b) c', 'diff <(sort $(x)) b', 'echo $(diff <(a) b)', 'diff <(a) `b`', `bash -c 'diff <(a) $(b)'`])
      expect(only(c)).toBe(false);
    expect(analyzeShell('diff a b').onlyProcessInputs).toBeUndefined();
  });
});
