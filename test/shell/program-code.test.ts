/**
 * Code a command runs besides its own words, as the analysis reports it: nested commands for
 * code toolgate can read, `opaque` for code it cannot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';
import { splitEnvString } from '../../src/shell/programs/env.js';
import { parseConfigParameters } from '../../src/shell/programs/git/runs.js';
import { embeddedShellStrings, interpreterName, interpreterOpaque } from '../../src/shell/programs/interpreters.js';
import { shellInvocation } from '../../src/shell/programs/shell-code.js';
import { sudoShellText } from '../../src/shell/programs/sudo.js';
import { tarWords } from '../../src/shell/programs/tar/options.js';

beforeAll(async () => {
  await prepareShell();
});

const argvs = (command: string) => analyzeShell(command).commands.map((c) => c.argv);
const opaque = (command: string) =>
  analyzeShell(command)
    .commands.map((c) => c.opaque)
    .filter((o) => o !== undefined);

describe('git', () => {
  it('reads -c keys and variables that name programs', () => {
    expect(argvs("git -c core.editor='vim -n' commit")).toContainEqual(['vim', '-n']);
    expect(argvs('git --config-env=core.pager=P log')).toEqual([['git', '--config-env=core.pager=P', 'log']]);
    // A program value toolgate cannot read is shell text it cannot see, as `sh -c "$X"`: a firm ask.
    expect(opaque('git --config-env=core.pager=P log')).toHaveLength(0);
    expect(analyzeShell('git --config-env=core.pager=P log').unseen).toHaveLength(1);
    expect(argvs("P='less -R' git --config-env=core.pager=P log")).toContainEqual(['less', '-R']);
    expect(argvs('GIT_SSH=/usr/bin/evil git fetch')).toContainEqual(['/usr/bin/evil']);
    expect(argvs('git -c credential.helper=store push')).toContainEqual(['git', 'credential-store']);
    expect(argvs("git -c 'diff.x.textconv=hexdump -C' diff")).toContainEqual(['hexdump', '-C']);
  });
  it('follows variables through the commands that run git', () => {
    expect(argvs("GIT_EDITOR='rm x' timeout 5 git commit")).toContainEqual(['rm', 'x']);
    expect(argvs("GIT_EDITOR='rm x' bash -c 'git commit'")).toContainEqual(['rm', 'x']);
    expect(argvs("env GIT_PAGER='rm x' git log")).toContainEqual(['rm', 'x']);
    expect(argvs("GIT_EDITOR='rm x' echo $(git commit)")).not.toContainEqual(['rm', 'x']);
  });
  it('reads GIT_CONFIG_PARAMETERS in both of its formats', () => {
    expect(parseConfigParameters(`'alias.x=!rm -rf src'`)).toEqual([{ key: 'alias.x', value: '!rm -rf src' }]);
    expect(parseConfigParameters(`'core.pager'='less' 'a.b'='it'\\''s'`)).toEqual([
      { key: 'core.pager', value: 'less' },
      { key: 'a.b', value: "it's" },
    ]);
    expect(parseConfigParameters(`'unterminated`)).toBeUndefined();
    // Unreadable, it may hold include.path: a file toolgate does not read, hidden code (#37).
    expect(analyzeShell(`GIT_CONFIG_PARAMETERS=x git log`).unseen).toHaveLength(1);
  });
  it('keeps keys it does not model unknown and leaves harmless ones alone', () => {
    expect(analyzeShell('git -c include.path=/tmp/x log').unknown).not.toEqual([]);
    expect(analyzeShell('git -c color.ui=always log').unknown).toEqual([]);
    expect(opaque('GIT_DIR=/tmp/x/.git git status')).toHaveLength(1);
  });
});

describe('shells told to run code', () => {
  it('reads how a shell was started', () => {
    expect(shellInvocation(['bash', '--rcfile', 'x', '-ic', ':'])).toMatchObject({ script: 4, interactive: true, rcfile: 'x' });
    expect(shellInvocation(['bash', 'x.sh', 'a'])).toMatchObject({ file: 1, stdin: false });
    expect(shellInvocation(['bash', '-s', 'a'])).toMatchObject({ stdin: true });
    expect(shellInvocation(['sh', '-eo', 'xtrace', '-c', 'ls'])).toMatchObject({ script: 4, xtrace: true });
  });
  it('reads here-strings fed to a shell, and calls other input opaque', () => {
    expect(argvs("bash <<< 'rm x'")).toContainEqual(['rm', 'x']);
    expect(argvs("bash -s <<< 'rm x'")).toContainEqual(['rm', 'x']);
    expect(opaque('echo rm x | bash')).toHaveLength(1);
    expect(opaque('bash x.sh')).toHaveLength(1);
    expect(opaque('bash --version')).toEqual([]);
  });
  it('reads what source and . run from a here-string on standard input', () => {
    expect(argvs("source /dev/stdin <<< 'rm x'")).toContainEqual(['rm', 'x']);
    expect(argvs(". /dev/fd/0 <<'EOF'\nrm x\nEOF")).toContainEqual(['rm', 'x']);
    expect(argvs('source x.sh <<< "rm x"')).not.toContainEqual(['rm', 'x']);
    expect(analyzeShell("source /dev/stdin <<< 'ls'").unknown).not.toEqual([]);
  });
  it('reads here-documents and what cat or echo pipe into a shell', () => {
    expect(argvs("sh <<'EOF'\nrm x\nEOF")).toContainEqual(['rm', 'x']);
    expect(argvs('bash <<-EOF\n\trm x\n\tEOF')).toContainEqual(['rm', 'x']);
    expect(argvs('cat <<EOF | sh\nrm x\nEOF')).toContainEqual(['rm', 'x']);
    expect(argvs("echo 'rm x' | bash -s")).toContainEqual(['rm', 'x']);
    expect(argvs('cat f | sh')).not.toContainEqual(['rm', 'x']);
  });
  it('reads prompt variables, PROMPT_COMMAND and exported functions', () => {
    expect(argvs("PS4='+$(rm x) '; set -x")).toContainEqual(['rm', 'x']);
    expect(argvs("export PS1='`rm x`'")).toContainEqual(['rm', 'x']);
    expect(argvs("PROMPT_COMMAND='rm x' bash -i")).toContainEqual(['rm', 'x']);
    expect(argvs("env 'BASH_FUNC_f%%=() { rm x; }' bash -c f")).toContainEqual(['rm', 'x']);
    expect(argvs("PS1='\\u@\\h$ '; ls")).toEqual([['ls']]);
  });
  it('reads trap actions and mapfile callbacks', () => {
    expect(argvs("trap -- 'rm x' EXIT INT")).toContainEqual(['rm', 'x']);
    expect(argvs('trap - EXIT')).toEqual([['trap', '-', 'EXIT']]);
    expect(argvs("readarray -tC'rm x' -c 1 a < f")).toContainEqual(['rm', 'x']);
    expect(analyzeShell('trap "$A" EXIT').unknown).not.toEqual([]);
  });
});

describe('env -S', () => {
  it('splits the way GNU env does', () => {
    expect(splitEnvString(`rm -rf 'a b' "c\\td"`)).toEqual([
      { text: 'rm', literal: true },
      { text: '-rf', literal: true },
      { text: 'a b', literal: true },
      { text: 'c\td', literal: true },
    ]);
    expect(splitEnvString('rm\\_x')?.map((w) => w.text)).toEqual(['rm', 'x']);
    expect(splitEnvString('a #b c')?.map((w) => w.text)).toEqual(['a']);
    expect(splitEnvString('a \\c b')?.map((w) => w.text)).toEqual(['a']);
    expect(splitEnvString('${HOME}/x')).toEqual([{ text: '${HOME}/x', literal: false }]);
    expect(splitEnvString('$HOME')).toBeUndefined();
    expect(splitEnvString("'open")).toBeUndefined();
  });
  it('reads the split words again as env words', () => {
    // getopt starts again at the split words: -c after them is sh's (replay 24 U2).
    expect(argvs("env -S sh -c 'rm -rf x'")).toContainEqual(['rm', '-rf', 'x']);
    expect(argvs("env -i -S sh -c 'rm -rf x'")).toContainEqual(['rm', '-rf', 'x']);
    expect(argvs("env -S'sh -c' -- 'rm y'")).toContainEqual(['rm', 'y']);
    expect(argvs("env -iS'rm -rf x'")).toContainEqual(['rm', '-rf', 'x']);
    expect(argvs("env --split-str='-u X rm\\_y' z")).toContainEqual(['rm', 'y', 'z']);
  });
});

describe('tmux', () => {
  it('runs several words as an argv and one word as shell text (tmux 3.3a spawn.c; replay 24 T1)', () => {
    expect(argvs("tmux new -d sh -c 'rm -rf x'")).toContainEqual(['rm', '-rf', 'x']);
    expect(argvs("tmux neww -d -- sh -c 'rm a' b")).toContainEqual(['sh', '-c', 'rm a', 'b']);
    expect(argvs("tmux new -d 'rm a; rm b'")).toContainEqual(['rm', 'b']);
    expect(argvs("tmux neww -d cat 'a b;' \\; neww -d ls")).toContainEqual(['cat', 'a b']);
    expect(argvs('tmux if true \'new -d sh -c "rm z"\'')).toContainEqual(['rm', 'z']);
  });
  it('reads the keys -H types and the buffer a line pastes (replay 24 T3)', () => {
    const embedded = (command: string) => analyzeShell(command).commands.flatMap((c) => c.embeddedShell ?? []);
    expect(embedded('tmux send -t s0 -H 72 6d 20 78 0d')).toEqual(['rm x']);
    expect(embedded('tmux send -t s0 -H 0x72 6d zz 20 78')).toEqual(['rm x']);
    expect(embedded("tmux setb 'rm y' \\; pasteb -t s0")).toEqual(['rm y']);
    // A line-editing key (^U), a buffer set before the line, `-s`: text toolgate cannot see.
    expect(analyzeShell('tmux send -t s0 -H 15 72 6d').unseen).toHaveLength(1);
    expect(analyzeShell('tmux pasteb -t s0').unseen).toHaveLength(1);
    expect(analyzeShell("tmux setb 'ls' \\; pasteb -s x").unseen).toHaveLength(1);
  });
});

describe('sudo -s', () => {
  it("escapes each word as sudo's parse_args.c does (replay 24 T2)", () => {
    expect(sudoShellText(['sh', '-c', 'cat .env > x'])).toBe('sh -c cat\\ \\.env\\ \\>\\ x');
    expect(sudoShellText(['echo', '$HOME'])).toBe('echo $HOME');
    expect(argvs("sudo -s sh -c 'rm -rf x'")).toContainEqual(['rm', '-rf', 'x']);
    expect(argvs("sudo -i cat 'a b'")).toContainEqual(['cat', 'a b']);
  });
});

describe('tar', () => {
  it('spells out the old style first word', () => {
    expect(tarWords(['tar', 'xIf', 'prog', 'a.tar', 'b'])).toEqual({
      words: ['tar', '-x', '-I', 'prog', '-f', 'a.tar', 'b'],
      from: [0, 1, 1, 2, 1, 3, 4],
    });
  });
  it('reads every option that runs a program', () => {
    expect(argvs("tar -c --to-com='rm x' -f a.tar .")).toContainEqual(['rm', 'x']);
    expect(argvs("tar --new-vol='rm x' -cMf a.tar .")).toContainEqual(['rm', 'x']);
    expect(argvs('tar --rsh-command=/usr/bin/evil -cf h:a.tar .')).toContainEqual(['/usr/bin/evil']);
    expect(analyzeShell('tar --to -xf a.tar').unknown).not.toEqual([]);
  });
});

describe('interpreters', () => {
  it('names versioned interpreters', () => {
    expect(interpreterName('python3.12')).toBe('python3');
    expect(interpreterName('perl5.36')).toBe('perl');
    expect(interpreterName('lua5.4')).toBe('lua');
    expect(interpreterName('pythonista')).toBeUndefined();
  });
  it('calls inline code and scripts opaque, informational calls not', () => {
    expect(interpreterOpaque('python3', ['python3', '-c', 'x'])).toBeDefined();
    expect(interpreterOpaque('node', ['node'])).toBeDefined();
    expect(interpreterOpaque('node', ['node', '--version'])).toBeUndefined();
    expect(interpreterOpaque('awk', ['awk', '-F:', '{print $1}'])).toBeUndefined();
    expect(interpreterOpaque('awk', ['awk', '-e', 'BEGIN{system("x")}'])).toBeDefined();
    expect(interpreterOpaque('awk', ['awk', '{print | "sh"}'])).toBeDefined();
  });
  it('calls an informational word opaque where the interpreter takes it otherwise and runs its input (verified, Debian 12)', () => {
    for (const argv of [
      ['python3', '-v'],
      ['python3.11', '-v'],
      ['node', '-help'],
      ['jshell', '-v'],
      ['vim', '-v'],
      ['vi', '-V'],
      ['ex', '-V'],
      ['tclsh', '--version'],
      ['tclsh', '-h'],
      ['tclsh8.6', '-help'],
    ])
      expect(interpreterOpaque(argv[0]!, argv), argv.join(' ')).toBeDefined();
    for (const argv of [
      ['python3', '-V'],
      ['python3', '--help'],
      ['node', '-v'],
      ['node', '-h'],
      ['jshell', '--version'],
      ['vim', '--version'],
      ['perl', '-v'],
    ])
      expect(interpreterOpaque(argv[0]!, argv), argv.join(' ')).toBeUndefined();
  });
  it('calls java opaque unless it only prints its version or help (red team 19, R19-8: each ran the code, OpenJDK 17)', () => {
    for (const words of [
      ['Main.java'],
      ['--source', '17', 'Main.java'],
      ['-jar', 'x.jar', '--help'],
      ['@args', '-version'],
      ['-javaagent:./a.jar', '-version'],
      ['-agentpath:./a.so', '-version'],
    ])
      expect(interpreterOpaque('java', ['java', ...words])).toBeDefined();
    for (const word of ['-version', '--version', '-help', '--help']) expect(interpreterOpaque('java', ['java', word])).toBeUndefined();
  });
  it('lists the command strings inline code holds', () => {
    expect(embeddedShellStrings(['perl', '-e', 'system("rm -rf ~")'])).toEqual(['rm -rf ~']);
    expect(embeddedShellStrings(['node', '-e', `require('child_process').execSync('git config core.pager x')`])).toEqual([
      'git config core.pager x',
    ]);
    expect(embeddedShellStrings(['python3', '-c', 'import subprocess; subprocess.run(["rm", "-rf", "~"])'])).toContain("rm -rf '~'");
    expect(embeddedShellStrings(['perl', '-e', 'print qx{rm -rf ..}'])).toEqual(['rm -rf ..']);
    expect(embeddedShellStrings(['ruby', '-e', '`rm -rf x`'])).toEqual(['rm -rf x']);
    expect(embeddedShellStrings(['python3', '-c', 'print(1)'])).toEqual([]);
    expect(analyzeShell(`perl -e 'system("rm -rf ~")'`).commands[0]!.embeddedShell).toEqual(['rm -rf ~']);
    expect(analyzeShell(`python3 --version`).commands[0]!.embeddedShell).toBeUndefined();
  });
});

describe('wrappers', () => {
  it.each([
    ['timeout -k1 --signal=KILL 5 rm x', ['rm', 'x']],
    ['timeout -- 5 rm x', ['rm', 'x']],
    ['nice -n5 rm x', ['rm', 'x']],
    ['nice -10 rm x', ['rm', 'x']],
    ['xargs -I{} --max-p=2 rm {}', ['rm', '{}']],
    ['chrt rm x', ['rm', 'x']],
    ['chrt --rr 5 rm x', ['rm', 'x']],
    ['flock -w 3 f -c "rm x"', ['rm', 'x']],
    ['watch -x rm x', ['rm', 'x']],
    ['watch rm "x y"', ['rm', 'x', 'y']],
    ['sudo -s rm x', ['rm', 'x']],
    ['su - root -c "rm x"', ['rm', 'x']],
    ['su root -- -c "rm x"', ['rm', 'x']],
    ['runuser -u nobody -- rm x', ['rm', 'x']],
    ['unbuffer -p rm x', ['rm', 'x']],
    ['parallel -j2 "rm {}" ::: x y', ['rm', 'y']],
    ['parallel ::: "rm x"', ['rm', 'x']],
    ['command -p -- rm x', ['rm', 'x']],
  ])('%s runs %j', (command, inner) => {
    expect(argvs(command)).toContainEqual(inner);
  });
  it('a wrapper option it does not know, or an ambiguous one, is unknown', () => {
    expect(analyzeShell('timeout --bogus 5 rm x').unknown).not.toEqual([]);
    expect(analyzeShell('env --i rm x').unknown).not.toEqual([]);
    expect(analyzeShell('timeout --k').unknown).not.toEqual([]);
  });
  it("reads bash's builtins with their own letters, stopping at the first operand", () => {
    expect(analyzeShell('command -x rm x').unknown).toEqual(['command: -x is not a known option']);
    expect(argvs('command -v rm x')).not.toContainEqual(['rm', 'x']);
    expect(argvs('command ls -v')).toContainEqual(['ls', '-v']);
    expect(analyzeShell("mapfile -x -C 'rm x' a").unknown).toContain('mapfile: -x is not a known option');
    expect(analyzeShell('pushd -2; ls').stateChanges).toEqual([
      'pushd -2 goes to a directory of the stack, so the commands after it cannot be judged',
    ]);
  });
});
