import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, isReadOnlyCommand, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const verdict = (command: string, set: 'claudeCode' | 'robota') => isReadOnlyCommand(analyzeShell(command), { set });

const CLAUDE_YES = [
  'ls',
  'ls -la src',
  'ls *.ts',
  'wc -l src/*.py',
  'cat README.md',
  'head -n 5 a',
  'tail -f log',
  'grep -rn TODO src',
  'echo done',
  'pwd',
  'which node',
  'diff a b',
  'stat a',
  'du -sh .',
  'cd packages/api && ls',
  'find . -name "*.ts"',
  'file a.bin',
  'sort a',
  'git status',
  'git log --oneline -5',
  'git diff HEAD~1',
  'git show HEAD',
  'git branch',
  'git branch -a',
  'git branch --list "feat/*"',
  'git remote -v',
  'git rev-parse HEAD',
  'git tag',
  'git stash list',
  'git config --get user.name',
  'git --no-pager log',
  'git -P diff --stat',
  'ls | wc -l',
  'cat a.txt | grep x | head -3',
  'ls > /dev/null 2>&1',
  'cat < input.txt',
  'timeout 5 ls',
  'sort a | uniq -c',
  'cat <<EOF\nx\nEOF',
  'grep -rn x --include=*.ts src',
  // A glob that may name an option is harmless where no option of the program does more than read its operands.
  'cat [-]*',
  'head -n 3 *',
  'wc -l -- [-]*',
  'grep -n TODO src/*',
  'grep -e* src/a.ts',
];
const CLAUDE_NO: Array<[string, RegExp]> = [
  ['rm -rf build', /rm is not a read-only command/],
  ['echo hi > out.txt', /redirects output to a file/],
  ['echo $(rm -rf ~)', /substitution/],
  ['find . -delete', /find -delete/],
  ['find . -name x -exec rm {} +', /find -exec|not a read-only command/],
  ['find . -fprint out', /find -fprint/],
  ['find . -name *.ts', /unquoted glob/],
  ['sort -o out a', /sort -o is not an option known to be read-only/],
  ['sort --out=x a', /sort --out=x \(--output\) is not an option known to be read-only/],
  ['sort *.txt', /unquoted glob/],
  // Red team 18 F1: a file `--files0-from=.env`, `-r`, `--format-file=.env` the glob may name (the view settles it in the evaluator).
  ['wc -c [-]*', /unquoted glob \[-\]\* may name a file that wc reads as an option \(--files0-from=…/],
  ['wc -l *.ts', /may name a file that wc reads as an option/],
  ['du -sh *=*', /may name a file that du reads as an option/],
  ['grep SECRET [-]*', /may name a file that grep reads as an option/],
  ['grep -n* x a', /may name a file that grep reads as an option/],
  ['egrep SECRET ?-*', /may name a file that egrep reads as an option/],
  ['hexdump [-]*', /may name a file that hexdump reads as an option \(-f…/],
  ['git -c core.pager=sh log', /global option -c|can run a program/],
  ['git -C ../other status', /global option -C/],
  ['git show --output=notes.txt HEAD', /--output/],
  ['git diff --ext-diff', /--ext-diff/],
  ['git log *.ts', /unquoted glob/],
  ['git push', /git push is not a read-only/],
  ['git branch new-feature', /creates a branch/],
  ['git branch -D old', /changes branches/],
  ['git remote add x url', /not a listing form/],
  ['cd ../other && git status', /git after cd/],
  ['file -m magic a', /file -m/],
  ['rg --pre ./helper.sh TODO src', /rg --pre/],
  ['uniq a b', /uniq with a file operand \(a\) may write it/],
  ['uniq a', /uniq with a file operand/],
  ['git -p log', /global option -p is not known to be read-only/],
  ['git --exec-path=/tmp/x log', /global option --exec-path/],
  ['cat "$V"', /variable/],
  ['$CMD', /not understood/],
  ['', /no command/],
  ['a=1', /no command/],
  ['sudo cat x', /sudo is not a read-only/],
  ['env A=1 ls', /env is not a read-only/],
  ['xargs -n1 cat', /xargs -n1 is not an option known to be read-only/],
  ['node -e "x"', /node is read-only only as node --version/],
  ['date -s now', /date -s/],
];

const ROBOTA_YES = [
  'cat package.json',
  'grep -rn "TODO" src',
  'git status',
  'git log --oneline -5',
  'git --no-pager show HEAD',
  'git branch',
  'git branch --list "feat/*"',
  'git remote -v',
  'ls | wc -l',
  'cat a.txt | grep x | head -3',
  'ls > /dev/null 2>&1',
  'cat < input.txt',
  "grep -n 'foo$' src/a.ts",
  'git log --author=me@example.com',
  "cat 'file with spaces.txt'",
  'grep -rn x --include=*.ts src',
  'echo done',
  'cd src && ls',
];
const ROBOTA_NO: Array<[string, RegExp]> = [
  ['cat <<EOF\nx\nEOF', /here-document/],
  ['find . -name *.ts', /unquoted glob/],
  ['find . $ARGS', /variable/],
  ['git diff --ext-diff', /--ext-diff/],
  ['git diff --no-index a b', /--no-index/],
  ['./ls', /by path/],
  ['PAGER=x git log', /variable assignment/],
  ['ls \\; touch x', /escape/],
  ['cat .[.]/secret', /glob/],
  ['cat ~/.ssh/id_rsa', /~/],
  ['grep -r x ..', /climbs out/],
  ['cat src/../../secret', /climbs out/],
  ['cat /etc/passwd', /absolute path/],
  ['cat </dev/tcp/example.com/80', /outside the working directory/],
  ['grep -R x .', /grep -R/],
  ['grep -rnR x .', /grep -R/],
  ['find -L . -name x', /follows symlinks/],
  ['ls -L link2', /ls -L/],
  ['du -L .', /du -L/],
  ['wc --files0=list', /files0-from/],
  ['echo "x“; y"', /non-ASCII/],
  ['ls Env:', /provider/],
  ['echo %PATH%', /escape|grouping|comment/],
  ['cd && cat .ssh/id_rsa', /home directory/],
  ['cd - && ls', /previous directory/],
  ['git branch -a newb', /creates a branch/],
  ['git log -1 {--output=pwned,--oneline}', /brace|variable|not understood/],
  ['sort a', /sort is not a read-only/],
  ['timeout 5 ls', /not in the read-only set/],
];

describe('claudeCode read-only set', () => {
  it.each(CLAUDE_YES.map((c) => [c]))('%j is read-only', (c) => {
    expect(verdict(c, 'claudeCode')).toEqual({ readOnly: true });
  });
  it.each(CLAUDE_NO)('%j is not read-only', (c, why) => {
    const v = verdict(c, 'claudeCode');
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(why);
  });
});

describe('robota read-only set', () => {
  it.each(ROBOTA_YES.map((c) => [c]))('%j is read-only', (c) => {
    expect(verdict(c, 'robota')).toEqual({ readOnly: true });
  });
  it.each(ROBOTA_NO)('%j is not read-only', (c, why) => {
    const v = verdict(c, 'robota');
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(why);
  });
});

describe('red-team: reads toolgate must see', () => {
  it.each([
    ['find . -name "*.ts" | xargs grep foo', /grep gets file names from xargs input/],
    ['echo .env | xargs cat', /cat gets file names from xargs input/],
    ['ls | xargs -I{} cat {}', /xargs/],
    ['wc --files0-from=.env', /files0-from/],
    ['du --files0-from=list', /files0-from/],
    ['sort --files0-from=list', /files0-from/],
    ['sha256sum -c sums.txt', /sha256sum -c/],
    ['md5sum --check sums.txt', /--check/],
  ])('%j is not read-only', (c, why) => {
    const v = verdict(c, 'claudeCode');
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(why);
  });
  it.each(['date -f dates.txt', 'date --file=dates.txt', 'ps -o pid,comm', 'ps --format pid'])(
    '%j asks, as the Claude Code CLI does (not in its read-only table)',
    (c) => {
      expect(verdict(c, 'claudeCode').readOnly).toBe(false);
    },
  );
  it.each(['date -r package.json', 'date -d yesterday +%F', 'git blame --contents=x.ts x.ts'])(
    '%j stays read-only (its read is a path effect)',
    (c) => {
      expect(verdict(c, 'claudeCode')).toEqual({ readOnly: true });
    },
  );
});

describe('red-team: read-only commands with side effects', () => {
  it.each([
    ['git branch --abbrev 7', /creates a branch/],
    ['git branch --column foo', /creates a branch/],
    ['git branch -v newname', /creates a branch/],
    ['hostname newname', /with an operand/],
    ['hostname --file=x', /hostname --file/],
    ['hostname -F x', /hostname -F|with an operand/],
    ['hostname -b', /hostname -b/],
    ['rg --hostname-bin=./evil.sh foo', /--hostname-bin/],
    ['rg --pre=./evil.sh foo', /--pre/],
    ['git log -1 --output=/home/user/.bashrc', /--output/],
    ['git diff --output .git/hooks/pre-commit', /--output/],
    ['git log --ext-diff -p', /--ext-diff/],
    ['git cat-file --filters HEAD:x', /--filters/],
    ['git help -w log', /browser/],
    ['git help log', /manual page/],
    ['tree -R', /tree -R/],
    ['sort --output=x a', /--output/],
    ['date --set=now', /--set/],
    ['file -C -m x', /file -C|file -m/],
    ['find . -fls out', /-fls/],
    ['less README.md', /less is not a read-only/],
    ['man -P sh ls', /man is not a read-only command/],
    ['awk "BEGIN{system(\\"rm x\\")}"', /awk is not a read-only/],
    ['tee out', /tee is not a read-only/],
  ])('%j is not read-only', (c, why) => {
    const v = verdict(c, 'claudeCode');
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(why);
  });
  it.each([
    'git branch --abbrev=7',
    'git branch -a --abbrev',
    'git branch --contains HEAD',
    'git branch --show-current',
    'hostname -f',
    'git help -a',
  ])('%j stays read-only', (c) => {
    expect(verdict(c, 'claudeCode')).toEqual({ readOnly: true });
  });
});

describe('git options by allowlist (claudeCode)', () => {
  it.each([
    'git log -n 5',
    "git log --format='%h %s' -5",
    'git log --since 2020-01-01 --oneline',
    'git blame -L 1,3 README.md',
    'git status -uno',
    'git status --porcelain=v2',
    'git diff --stat HEAD~1 -- src',
    'git show -s --format=%H',
    'git log -M90% --stat',
    'git grep -n TODO',
    "git log --format='%%G? is literal'",
    "git log --format='%h %gs'",
    'git log --pretty=raw -1',
    // --no-index: the paths named / the tree below the cwd are its reads, judged by the path check (red team 21).
    'git diff --no-index README.md src/data.txt',
    'git grep --no-index hello',
  ])('%j is read-only', (c) => {
    expect(verdict(c, 'claudeCode')).toEqual({ readOnly: true });
  });
  it.each([
    ['git log -M --output=x', /--output/],
    ['git log -n --output=x', /--output/],
    ['git log --show-signature', /--show-signature is not an option known to be read-only/],
    ['git diff --textconv', /--textconv/],
    ['git log --no-index', /--no-index is not an option known to be read-only/],
    ['git diff --no-ind a b', /--no-ind is not an option known to be read-only/],
    ['git diff --no-index --output=x a b', /--output/],
    ['git grep --open x', /--open/],
    ['git log -O order.txt', /-O is not an option known to be read-only/],
    ['git log --stdin', /--stdin is not an option known to be read-only/],
    ['git show --ext-diff', /--ext-diff/],
    ["git log --format='%G?'", /verifies signatures/],
    ["git log --pretty='format:%h %GS'", /verifies signatures/],
    ["git show -s --pretty='tformat:%GK'", /verifies signatures/],
    ['git rev-list --format=%GF HEAD', /verifies signatures/],
    ['git reflog --format=%GG', /verifies signatures/],
    ["git log --format '%GT'", /verifies signatures/],
    ["git for-each-ref --format='%(signature)'", /verifies signatures/],
    ["git branch --format='%(signature:key)'", /verifies signatures/],
    ["git stash list --format='%G?'", /verifies signatures/],
  ])('%j is not read-only', (c, why) => {
    const v = verdict(c, 'claudeCode');
    expect(v.readOnly).toBe(false);
    if (!v.readOnly) expect(v.reason).toMatch(why);
  });
});
