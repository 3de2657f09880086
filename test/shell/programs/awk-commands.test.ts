import { describe, expect, it } from 'vitest';
import { awkCommands } from '../../../src/shell/programs/awk-commands.js';

describe('awkCommands: the shell commands an awk program runs (each run with mawk 1.3.4, fix33-text)', () => {
  it.each([
    ['BEGIN{system("sh ~/bin/x.sh")}', ['sh ~/bin/x.sh']],
    ['BEGIN{system("sh " ENVIRON["HOME"] "/bin/x.sh")}', ['sh $HOME/bin/x.sh']],
    ['BEGIN{system(("sh " ENVIRON["HOME"]) "/x")}', ['sh $HOME/x']],
    ['BEGIN{"sh ~/bin/x.sh" | getline}', ['sh ~/bin/x.sh']],
    ['BEGIN{while (("ls ~" | getline l) > 0) print l}', ['ls ~']],
    ['BEGIN{print "~/bin/x.sh" | "sh"}', ['sh', '~/bin/x.sh']],
    ['{print $1 | "sort"}', ['sort']],
  ])('%s shows %j', (program, texts) => {
    expect(awkCommands(program)).toEqual({ texts, fromData: false, reads: [] });
  });

  it.each([
    '{system($0)}',
    '{system("sh " $0)}',
    '{print | "sh"}',
    '{print $0 |& "sh"}',
    '{$0 | getline x}',
    'BEGIN{system(c)}',
    '{system(sprintf("sh %s", $1))}',
  ])('%s builds a command from its data', (program) => {
    expect(awkCommands(program).fromData).toBe(true);
  });

  it('names the files getline reads by a name the program shows', () => {
    expect(awkCommands('BEGIN{while ((getline l < (ENVIRON["HOME"] "/.cmds")) > 0) system(l)}')).toEqual({
      texts: [],
      fromData: true,
      reads: ['$HOME/.cmds'],
    });
    expect(awkCommands('BEGIN{getline l < "list.txt"; print l}').reads).toEqual(['list.txt']);
  });

  it.each([
    '{print $1}',
    '/a|b/ {print}',
    '$0 ~ /x|y/',
    '{ if (a || b) print }',
    'BEGIN{FS="|"} {print $2 "|" $3}',
    '{print $1 > "/dev/stderr"}',
    '{n = a / b / c; print n}',
  ])('%s runs nothing', (program) => {
    expect(awkCommands(program)).toEqual({ texts: [], fromData: false, reads: [] });
  });
});
