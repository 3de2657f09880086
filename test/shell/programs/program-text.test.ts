import { describe, expect, it } from 'vitest';
import { programTextOf } from '../../../src/shell/programs/index.js';

/** The files (as text) and the input a command reads its program from, as its model says. */
function text(command: string): { files: string[]; input: boolean } | undefined {
  const argv = command.split(' ');
  const got = programTextOf(argv);
  return got === undefined ? undefined : { files: got.files.map((f) => f.value ?? argv[f.index]!), input: got.input === true };
}

describe('programText: where a program reads its program (each verified with the real program, #37)', () => {
  it.each([
    ['awk -f x.awk in', ['x.awk'], false],
    ['awk -fx.awk in', ['x.awk'], false],
    ['gawk --file=x.awk in', ['x.awk'], false],
    ['mawk -W exec x.awk in', ['x.awk'], false],
    ['awk -f - in', [], true],
    ['gawk -i lib in', ['lib', 'lib.awk'], false],
    ['sed -f s.sed f', ['s.sed'], false],
    ['sed -nf s.sed f', ['s.sed'], false],
    ['sed -f /dev/stdin f', [], true],
    ['m4 a.m4 b.m4', ['a.m4', 'b.m4'], false],
    ['m4 -D a=b', [], true],
    ['m4 -R f.frz a.m4', ['f.frz', 'a.m4'], false],
    ['dc -f x.dc', ['x.dc'], false],
    ['dc x.dc', ['x.dc'], false],
    ['dc', [], true],
    ['ed -s notes.txt', [], true],
    ['sqlite3 db', [], true],
    ['sqlite3 -init x.sql db .quit', ['x.sql'], false],
    ['git -c include.path=/x.cfg status', ['/x.cfg'], false],
    ['git -c includeIf.gitdir:/.path=~/x.cfg status', ['~/x.cfg'], false],
    ['tmux source-file x.conf', ['x.conf'], false],
    ['tmux -f x.conf new-session -d', ['x.conf'], false],
    ['tmux start-server ; source x.conf', ['x.conf'], false],
  ])('%s', (command, files, input) => {
    expect(text(command)).toEqual({ files, input });
  });

  it.each([
    'awk {print} in',
    'sed -e p f',
    'dc -e 1',
    'ed --version',
    'sqlite3 db .tables',
    'm4 --version',
    'git -c include.path=x.cfg status',
    'tmux source-file -n x.conf',
    'tmux ls',
    'cat x',
  ])('%s reads none', (command) => {
    expect(text(command)).toBeUndefined();
  });

  // fix33-text, GNU sed 4.9 and mawk 1.3.4 from a bash -i start-up line: each ran the lines it read.
  it.each([
    ['sed -n s/.*/&/ep f', ['f'], false],
    ['sed -n e a b', ['a', 'b'], false],
    ['sed s/^//e', [], true],
    ['sed -i s/x/y/e - f', ['f'], true],
    ['awk {system($0)} f', ['f'], false],
    ['awk {system($0)}', [], true],
    ['awk -v x=1 {print|"sh"} a v=2 b', ['a', 'b'], false],
  ])('%s runs the lines it reads', (command, files, input) => {
    const argv = command.split(' ');
    const got = programTextOf(argv)?.dataRuns;
    expect(got === undefined ? undefined : { files: got.files.map((f) => f.value ?? argv[f.index]!), input: got.input }).toEqual({
      files,
      input,
    });
  });

  it('awk: the commands its program shows and the file getline reads', () => {
    expect(programTextOf(['awk', 'BEGIN{system("sh " ENVIRON["HOME"] "/bin/x.sh")}'])).toEqual({
      files: [],
      commands: ['sh $HOME/bin/x.sh'],
    });
    expect(programTextOf(['awk', 'BEGIN{while ((getline l < (ENVIRON["HOME"] "/.cmds")) > 0) system(l)}'])?.dataRuns).toEqual({
      files: [{ index: 1, value: '~/.cmds', home: true }],
      input: true,
    });
    expect(programTextOf(['sed', '-n', 'p', 'f'])).toBeUndefined();
    expect(programTextOf(['awk', '{print $1}', 'f'])).toBeUndefined();
  });

  it("sqlite3's .read in its words names the file", () => {
    const got = programTextOf(['sqlite3', 'db', '.read x.sql']);
    expect(got?.files).toEqual([{ index: 2, value: 'x.sql' }]);
  });
});
