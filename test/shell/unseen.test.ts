import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';
import { analyzeShellWith } from '../../src/shell/analyze.js';
import { unreadableInput } from '../../src/shell/syntax/unreadable.js';
import { substitutionStarts } from '../../src/shell/syntax/substitutions.js';

beforeAll(async () => {
  await prepareShell();
});

const unseen = (command: string) => analyzeShell(command).unseen;

describe('unreadable input is a firm ask (ShellAnalysis.unseen)', () => {
  it.each([
    ['ls \\\r\nevil', /U\+000D/],
    ['ls src\r# ; evil', /U\+000D/],
    ['ls src\v# ; rm -rf src', /U\+000B/],
    ['ls\f; evil', /U\+000C/],
    ['echo "a\rb"', /U\+000D/],
    ['ls\x1b[0m', /U\+001B/],
    ['ls\u0085x', /U\+0085/],
    ['ls\u00a0-la', /U\+00A0/],
    ['ls\u200b;evil', /U\+200B/],
    ['ls \u202e', /U\+202E/],
    ['ls\u2028evil', /U\+2028/],
    ['\ufeffls', /U\+FEFF/],
    ['ls\0', /NUL/],
    ['ls ' + 'a'.repeat(10_001), /longer than 10000/],
  ])('%j', (command, why) => {
    const a = analyzeShell(command);
    expect(a.unseen.join('; ')).toMatch(why);
    expect(a.unknown).toEqual(expect.arrayContaining(a.unseen));
    expect(a.commands).toEqual([]);
  });

  it('takes Unicode blanks inside quotes as data', () => {
    for (const c of ['echo "a\u00a0b"', "echo 'a\u200bb'", "echo $'a\u2028b'", 'git commit -m "x\u00a0y"', 'echo héllo wörld']) {
      expect(unreadableInput(c), c).toBeUndefined();
      expect(unseen(c), c).toEqual([]);
    }
  });

  it('finds Unicode blanks in comments and after a closing quote', () => {
    expect(unreadableInput("ls # it's\nls\u00a0x")).toMatch(/U\+00A0/);
    expect(unreadableInput("echo 'a'\u00a0x")).toMatch(/U\+00A0/);
  });

  it.each([
    ['rm -rf ~\nif', /parse error/],
    ['ls\nfi', /reserved word|parse error/],
    ['coproc { rm -rf ~; }', /coproc/],
    ['coproc NAME { evil; }', /coproc/],
    ['coproc (rm x)', /unsupported|parse error/],
    ['echo $(' + '('.repeat(250) + ')', /nested|parse/],
  ])('a parse error anywhere or an unhandled construct: %j', (command, why) => {
    expect(unseen(command).join('; ')).toMatch(why);
  });

  it('keeps `coproc cmd args` a wrapper (shell battery)', () => {
    const a = analyzeShell('coproc rm x');
    expect(a.unseen).toEqual([]);
    expect(a.commands.map((c) => c.argv)).toContainEqual(['rm', 'x']);
  });
});

describe('the second reading of substitutions', () => {
  it('finds what bash runs where the grammar sees none', () => {
    expect(unseen('[[ x =~ `evil` ]]; ls').join()).toMatch(/missed a substitution/);
    expect(unseen('echo "${x:-\'$(evil)\'}"').join()).toMatch(/missed a substitution/);
    expect(unseen("echo ${x:-'$(evil)'}")).toEqual([]);
  });

  it('lists the start of every substitution, skipping quotes, comments and ANSI-C strings', () => {
    const text = `echo "$(a)" \`b\` <(c) '$(no)' $'$(no)' # $(no)\necho "\${x:-'$(d)'}" $(( $(e) ))`;
    const at = substitutionStarts(text).map((i) => text.slice(i, i + 3));
    expect(at).toEqual(['$(a', '`b`', '<(c', '$(d', '$(e']);
  });
});

describe('hidden code is a firm ask', () => {
  it.each([
    "x='a[$(evil)]'; echo $[x]",
    "x='a[$(evil)]'; (( x )); ls",
    "x='a[$(evil)]'; echo ${HOME:x}",
    'echo $((x + 1))',
    'let x+1',
    '[[ $x -eq 1 ]]',
    'echo ${a[i]}',
    'echo $(( $(cat n) ))',
    'echo $(($1))',
    "x='a[$(evil)]'; echo {a[x]}>/dev/null",
    'echo ${!x}',
    'echo ${x@P}',
    "PS4='$(evil)'; set -x; ls",
    'mapfile -t -C evil -c 1 arr < f',
    "printf -v 'a[$i]' %s x",
    'unset a[i]',
    'declare -i n; n=x',
    'ENV=<(echo rm -rf ~) sh -i </dev/null',
    "BASH_ENV='$(evil)' bash -c :",
    'false && x=1; echo $((x))',
    'f() { x=1; }; echo $((x))',
    'for ((;0;)); do x=1; done; ((x))',
    '((x = x + 1))',
    // Output that may hold a name or text (bash 5.2: `wc -l f` prints "2 f"; f may be named `a[$(evil)]`).
    'n=$(wc -l f); echo $((n+1))',
    'n=$(wc -l < f 2>&1); echo $((n+1))',
    'n=$(wc -l < f)x; echo $((n+1))',
    'wc() { echo x; }; n=$(wc -l < f); echo $((n+1))',
    'n=$(LC_ALL=C wc -l < f); echo $((n+1))',
    'n=$(wc -l < f); n=$(cat f); echo $((n+1))',
    'echo $(( $(cat f) + $(wc -l < f) ))',
    'echo $(( a$(wc -l < f) ))',
    'n=$(date +%A); echo $((n))',
    'n=$(grep -c x f g); echo $((n))',
    'n=$(wc -l $f); echo $((n))',
  ])('%j', (command) => {
    expect(unseen(command).length, command).toBeGreaterThan(0);
  });

  it.each([
    'echo $((1 + 2))',
    'echo $((16#ff + 0x1f))',
    '[[ $# -eq 0 ]] && echo none',
    'for ((i=0;i<3;i++)); do echo $i; done',
    'i=0; while ((i<3)); do i=$((i+1)); done',
    'n=5; echo $((n*2))',
    'x=1; echo ${HOME:x}',
    '(( x = 1 + 2 ))',
    'echo ${!BASH*} ${!a[@]} ${a[0]} ${a[@]}',
    'read -r line < f',
    // Output of a command that prints only numbers (programs/numeric-output.ts).
    'n=$(wc -l < f); echo $((n+1))',
    'echo $(( $(wc -l < f) + 1 ))',
    'n=$(ls | wc -l); [[ $n -gt 3 ]] && echo many',
    'start=$(date +%s); sleep 1; end=$(date +%s); echo $((end - start))',
    "n=$(grep -c 'TODO' src/a.js 2>/dev/null); echo $((n * 2))",
    'echo $(( $(nproc) * 2 ))',
    'size=$(stat -c %s f); echo $((size / 1024))',
  ])('plain arithmetic on numbers and variables the command sets to numbers first: %j', (command) => {
    expect(unseen(command)).toEqual([]);
  });
});

describe('state changes make later parts unknown for auto-allow (ShellAnalysis.stateChanges)', () => {
  it.each([
    'PATH=sub:$PATH; ls',
    'HOME=sub; git status',
    'OLDPWD=$HOME; cd -; cat id_rsa',
    'IFS=/; ls',
    'GIT_DIR=x; git status',
    'LD_PRELOAD=x.so; ls',
    'FOO=1; ls',
    'export lower=1; ls',
    'cd; grep -r PRIVATE',
    'cd && ls -la',
    'cd -; ls',
    'cd $X; ls',
    'pushd +1; ls',
    'popd; ls',
    'set -x; ls',
    'set -k; ls',
    'shopt -s expand_aliases; ls',
    'f() { ls; }; f',
    'export -f f; ls',
    'declare -n r=PATH; ls',
    'read PATH < f; ls',
    'for PATH in x; do ls; done',
    'echo ${PATH:=x}; ls',
  ])('%j', (command) => {
    const a = analyzeShell(command);
    expect(a.stateChanges.length, command).toBeGreaterThan(0);
  });

  // `~user` is a user's home in bash, possibly a named directory in zsh: with the shell unknown the
  // word is unreadable (36619a4a), in bash the cd is a state change.
  it('"cd ~user; ls" in bash', () => {
    expect(analyzeShell('cd ~user; ls', { shell: 'bash' }).stateChanges.length).toBeGreaterThan(0);
    expect(analyzeShell('cd ~user; ls').unknown.length).toBeGreaterThan(0);
  });

  it.each([
    'x=1; ls',
    'NODE_ENV=test; ls',
    'ls; PATH=x',
    'cd src && ls',
    // ~ and ~/DIR are the home directory, which the path effects resolve as in any word.
    'cd ~; ls',
    'cd ~/src && ls',
    'set -euo pipefail; ls',
    'set -e; ls',
    'read -p "Name: " name; ls',
    'for f in a b; do echo $f; done',
    'PATH=x ls',
  ])('not for %j', (command) => {
    expect(analyzeShell(command).stateChanges).toEqual([]);
  });
});

describe('the lexer accepts only a conservative subset', () => {
  it.each(['let x+1', 'ls\u00a0-la', 'ls\rx', 'coproc ls', 'ls #x'])('hands %j to the parser', (command) => {
    expect(analyzeShellWith('lexer', command).parser).toBe('none');
  });
});
