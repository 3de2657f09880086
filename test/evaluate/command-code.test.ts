/**
 * What a command run with no tool call executes (decision 0128): one reader for the settings'
 * commands and git's hooks. Each form was run for real (bash 5.2, GNU make 4.3, Python 3.11, npm 10).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { caseFsView } from '../../src/cases/case-fs.js';
import { commandCode, scriptCode, simpleCommands } from '../../src/evaluate/command-code.js';

const H = '/home/user';
const P = `${H}/project`;
const world = (files: Record<string, string> = {}) => ({
  cwd: P,
  top: P,
  home: H,
  projectDir: P,
  view: caseFsView({ [H]: 'directory', [P]: 'directory', ...files }, { cwd: P, home: H, platform: 'linux' as const }),
});
const paths = (command: string, files?: Record<string, string>) => commandCode(command, world(files), true).map((c) => c.path);

describe('commandCode', () => {
  // fix33-given (decision 0163): each ran ~/bin/x.sh at bash 5.2 -i from ~/.bashrc.
  it("puts a shell text's arguments in for $0, $1, $@ and `for f;`, and reads values the other start-up texts give", () => {
    const home = (command: string, givenText?: string) =>
      commandCode(command, { ...world(), cwd: H, ...(givenText !== undefined ? { givenText } : {}) }, false).map((c) => c.path);
    for (const command of [`bash -c '"$0"' ~/bin/x.sh`, `sh -c '. "$1"' _ ~/bin/x.sh`, `bash -c '"$@"' _ ~/bin/x.sh`, `sh -c '"$0"' "$HOME/bin/x.sh"`, `bash -c 'for f; do "$f"; done' _ ~/bin/x.sh`])
      expect(home(command), command).toContain(`${H}/bin/x.sh`);
    expect(home(`sh -c 'echo "$1"' _ ~/bin/x.sh`)).not.toContain(`${H}/bin/x.sh`);
    expect(home('"$T"', 'T=~/bin/x.sh')).toContain(`${H}/bin/x.sh`);
    // A value another text gives is as likely as the text's own one.
    expect(home('T=/usr/bin/true; "$T"', 'T=~/bin/x.sh')).toContain(`${H}/bin/x.sh`);
    expect(home('"$T"')).toEqual([]);
  });

  // check30 class H/J, run for real with bash 5.2 and dash: each of these ran a file written in scripts/ (or the program).
  it('takes every source of the names a loop, a pipe or xargs runs, and the program named by a path', () => {
    const files = { [`${P}/scripts`]: 'directory', [`${P}/scripts/a.sh`]: 'text: true\n', [`${P}/src`]: 'directory' };
    const hit = (command: string, file: string) => commandCode(command, world(files), true).some((c) => (c.pattern === undefined ? file === c.path || file.startsWith(`${c.path}/`) : file.startsWith(`${c.path}/`) && c.pattern.test(file)));
    for (const command of [
      'for f in lib/*.sh scripts/*.sh; do . "$f"; done',
      'set -- scripts/*.sh; for f; do . "$f"; done',
      'for f in $(ls scripts); do sh scripts/$f; done',
      'ls scripts/*.sh | while read f; do . "./$f"; done',
      'ls scripts/*.sh | xargs -n1 sh',
      'cat scripts/*.sh | sh',
      'for g in scripts/new.sh scripts/a.sh; do . "$g"; done',
    ]) {
      expect(hit(command, `${P}/scripts/new.sh`), command).toBe(true);
      expect(hit(command, `${P}/src/app.js`), command).toBe(false);
    }
    expect(hit('.venv/bin/python scripts/check.py', `${P}/.venv/bin/python`)).toBe(true);
    expect(hit('for f in scripts/*.sh; do bash -n "$f"; done', `${P}/scripts/new.sh`)).toBe(false);
    expect(hit('sh -n scripts/new.sh', `${P}/scripts/new.sh`)).toBe(false);
    expect(hit('bash -n -c ". scripts/new.sh"', `${P}/scripts/new.sh`)).toBe(false);
    // A variable only inherited names nothing (decision 0136).
    expect(commandCode('. "$HOOK"', world(files), true)).toEqual([]);
  });

  it('reads make, python -m, npx and a lint tool', () => {
    expect(paths('make -s hook')).toEqual([`${P}/GNUmakefile`, `${P}/makefile`, `${P}/Makefile`]);
    expect(paths('make -C tools -f ci.mk lint')).toEqual([`${P}/tools/ci.mk`]);
    expect(paths('make hook', { [`${P}/Makefile`]: 'text: include rules.mk $(X).mk\n' })).toContain(`${P}/rules.mk`);
    expect(paths('python3 -m hooks.check')).toEqual([`${P}/hooks/__init__.py`, `${P}/hooks/check.py`, `${P}/hooks/check/__init__.py`, `${P}/hooks/check/__main__.py`]);
    expect(paths('npx -y eslint --fix .')).toContain(`${P}/node_modules/.bin/eslint`);
    expect(paths('npx -y eslint --fix .')).toContain(`${P}/eslint.config.js`);
    // `-c`: sys.path[0] is the working directory, where the modules it imports are found first (RT27-B7); not with -I.
    expect(paths('python3 -c "import x"')).toContain(`${P}/x.py`);
    expect(paths('python3 -I -c "import x"')).toEqual([]);
    expect(paths('python3 -c "print(1)"')).toEqual([]);
  });

  it("reads npm's scripts again, with node_modules/.bin first, and not what their scripts import", () => {
    const files = {
      [`${P}/package.json`]: 'text: {"scripts":{"pretest":"tsc","test":"node test/run.js"}}\n',
      [`${P}/test`]: 'directory',
      [`${P}/test/run.js`]: 'text: require("../src/index.js")\n',
    };
    const got = paths('npm test', files);
    expect(got).toEqual(expect.arrayContaining([`${P}/package.json`, `${P}/node_modules/.bin/tsc`, `${P}/test/run.js`]));
    expect(got).not.toContain(`${P}/src/index.js`);
  });

  it("follows a shell script's exec, bash and -c lines from its own folder", () => {
    const files = {
      [`${P}/scripts`]: 'directory',
      [`${P}/scripts/hook.sh`]: 'text: #!/bin/sh\nexec "$(dirname "$0")/impl.sh" "$@"\nbash -c "./tools/x.sh" >/dev/null\n. "$SOMETHING/y.sh"\n',
    };
    expect(paths('bash scripts/hook.sh', files)).toEqual([`${P}/scripts/hook.sh`, `${P}/scripts/impl.sh`, `${P}/tools/x.sh`]);
  });

  it("reads a git hook's lines from the work tree's top", () => {
    const files = { [`${P}/.git/hooks/pre-commit`]: 'text: #!/bin/sh\n"$(git rev-parse --show-toplevel)"/scripts/check.sh\npython3 tools/check.py # lint\n' };
    expect(scriptCode(`${P}/.git/hooks/pre-commit`, world(files)).map((c) => c.path)).toEqual([`${P}/scripts/check.sh`, `${P}/tools/check.py`]);
  });
});

describe('commandCode: links, ssh and other interpreters (decision 0135)', () => {
  it('a place reached through a link is also where the kernel takes it (bin -> tools, a script that is a link)', () => {
    const files = {
      [`${P}/tools`]: 'directory',
      [`${P}/tools/impl.sh`]: 'text: echo\n',
      [`${P}/bin`]: 'symlink -> tools',
      [`${P}/scripts`]: 'directory',
      [`${P}/scripts/hook.sh`]: 'symlink -> ../tools/impl.sh',
    };
    expect(paths('sh bin/impl.sh', files)).toEqual([`${P}/bin/impl.sh`, `${P}/tools/impl.sh`]);
    expect(paths('scripts/hook.sh', files)).toEqual([`${P}/scripts/hook.sh`, `${P}/tools/impl.sh`]);
  });

  it("ssh -F reads a configuration whose ProxyCommand, Match exec and Include run or read more; -o ProxyCommand is text", () => {
    const files = {
      [`${H}/bin`]: 'directory',
      [`${H}/bin/x.cfg`]: 'text: Include more.cfg\nHost *\n  ProxyCommand sh ~/bin/p.sh %h %p\nMatch exec "~/bin/m.sh %h"\n',
      [`${H}/.ssh`]: 'directory',
      [`${H}/.ssh/more.cfg`]: 'text: Host x\n  LocalCommand ./l.sh\n  KnownHostsCommand none\n',
    };
    expect(paths('ssh -F ~/bin/x.cfg', files)).toEqual([`${H}/bin/x.cfg`, `${H}/bin/p.sh`, `${H}/bin/m.sh`, `${H}/.ssh/more.cfg`, `${P}/l.sh`]);
    expect(paths('ssh -o ProxyCommand="sh $HOME/bin/p.sh" -p 22')).toEqual([`${H}/bin/p.sh`]);
    expect(paths('ssh -o ProxyCommand=none -F none -i ~/.ssh/id')).toEqual([]);
  });

  it("another interpreter's script is code, its text not read", () => {
    expect(paths('perl -w tools/check.pl', { [`${P}/tools/check.pl`]: 'text: system("./other.sh");\n' })).toEqual([`${P}/tools/check.pl`]);
  });
});

describe('simpleCommands', () => {
  it('splits outside quotes and substitutions', () => {
    expect(simpleCommands('a "$(b; c)" && d | e # f\ng')).toEqual(['a "$(b; c)"', 'd', 'e', 'g']);
  });
});

describe('commandCode through the shell analysis (decision 0136)', () => {
  beforeAll(async () => {
    await prepare();
  });
  const files = { [`${P}/scripts`]: 'directory', [`${P}/lib`]: 'directory' };

  it('resolves a script run after cd and pushd from the folder they moved to', () => {
    expect(paths('cd scripts && ./s.sh', files)).toEqual([`${P}/scripts/s.sh`]);
    expect(paths('pushd scripts >/dev/null; ./s.sh', files)).toEqual([`${P}/scripts/s.sh`]);
  });

  it('reads what runners run through their own models', () => {
    for (const c of ['nice -n 5 scripts/x.sh', 'timeout 60 scripts/x.sh', 'stdbuf -oL nohup scripts/x.sh', 'git diff --name-only | xargs scripts/x.sh'])
      expect(paths(c, files)).toEqual([`${P}/scripts/x.sh`]);
  });

  it('finds a module on the PYTHONPATH and a program on the PATH the text sets', () => {
    expect(paths('PYTHONPATH=lib:scripts python3 -m s', files)).toContain(`${P}/scripts/s.py`);
    expect(paths('PATH=scripts:$PATH s.sh', files)).toEqual([`${P}/scripts/s.sh`]);
  });

  // fix32-git, bash 5.2 -c from the project: each ran ~/bin/x.sh (dash took a quoted `~` as a folder of that name).
  it("searches a `~` entry of the PATH the text sets in the home, and looks `.`'s operand up there", () => {
    expect(paths('PATH=~/bin:$PATH; x.sh', files)).toEqual([`${H}/bin/x.sh`, `${P}/~/bin/x.sh`]);
    expect(paths('PATH="$PATH:~/bin" x.sh', files)).toContain(`${H}/bin/x.sh`);
    // And from the working directory when PATH has none (bash's sourcepath falls back to it).
    expect(paths(`PATH=${H}/bin:$PATH; . x.sh`, files)).toEqual([`${H}/bin/x.sh`, `${P}/x.sh`]);
    expect(paths(`PATH=${H}/bin:$PATH; source -- x.sh`, files)).toContain(`${H}/bin/x.sh`);
    expect(paths(`PATH=${H}/bin:$PATH; . x.sh`, files)).not.toContain(`${H}/bin`);
  });

  it('protects the files find hands to -exec, by their name when the expression gives one', () => {
    const [found] = commandCode("find scripts -name '*.sh' -exec sh {} \\;", world(files), true);
    expect(found?.path).toBe(`${P}/scripts`);
    expect(found?.pattern?.test(`${P}/scripts/sub/x.sh`)).toBe(true);
    expect(found?.pattern?.test(`${P}/scripts/notes.txt`)).toBe(false);
    expect(commandCode('find scripts -newer x -exec sh {} \\;', world(files), true)[0]?.pattern).toBeUndefined();
  });

  it('reads text a substitution takes from a file, a loop over a wildcard, run-parts, $PWD and loader prefixes (red team 27 RT27-B)', () => {
    const with_ = { ...files, [`${P}/scripts/s.sh`]: 'text: echo\n' };
    for (const c of ['eval "$(cat scripts/s.sh)"', 'sh -c "`cat scripts/s.sh`"', 'bash -c "$(< scripts/s.sh)"', 'bash -c "source <(cat scripts/s.sh)"', 'sh -s < scripts/s.sh', 'while read -r l; do eval "$l"; done < scripts/s.sh', '"$PWD/scripts/s.sh"', 'cd scripts && sh "${PWD}/s.sh"', 'BASH_ENV=scripts/s.sh bash -c true', 'ENV=scripts/s.sh sh -i', '"$SHELL" scripts/s.sh', 'npx --no-install sh scripts/s.sh', "node -e \"require('./scripts/s.sh')\""])
      expect(paths(c, with_), c).toContain(`${P}/scripts/s.sh`);
    for (const c of ['jq . < scripts/s.sh', 'while read -r l; do echo "$l"; done < scripts/s.sh', 'PYTHONPATH=lib true']) expect(paths(c, with_), c).toEqual([]);
    const loop = commandCode('for h in scripts/hooks.d/*; do [ -x "$h" ] && "$h"; done', world(files), true)[0];
    expect(loop?.pattern?.test(`${P}/scripts/hooks.d/a`)).toBe(true);
    expect(commandCode('for f in scripts/*.sh; do echo "$f"; done', world(files), true)).toEqual([]);
    const parts = commandCode('run-parts -u 022 scripts', world(files), true)[0];
    expect([parts?.path, parts?.pattern?.test(`${P}/scripts/s`), parts?.pattern?.test(`${P}/scripts/lib/s`)]).toEqual([`${P}/scripts`, true, false]);
    expect(commandCode('run-parts --test scripts', world(files), true)).toEqual([]);
    expect(paths('PATH="$CLAUDE_PROJECT_DIR/tools:$PATH" lint', files)).toEqual([`${P}/tools/lint`]);
  });

  it('splits text the parser cannot read whole, in each folder a cd before names (red team 27 RT27-P)', () => {
    // tree-sitter-bash cannot parse `\<` in a test; bash and dash run it, and the lines after it.
    expect(paths('[ "$1" \\< b ] || true\nscripts/x.sh', files)).toContain(`${P}/scripts/x.sh`);
    expect(paths('[ a \\< b ]; cd scripts && ./s.sh', files)).toContain(`${P}/scripts/s.sh`);
    expect(paths('if true; then scripts/x.sh; fi\n(', files)).toContain(`${P}/scripts/x.sh`);
  });
});

describe("a runner's shell text (fix32-runners)", () => {
  it('reads the text script -c, watch, flock -c and mapfile -C hand a shell, whether or not its words are literal', () => {
    for (const command of ['script -qc ~/bin/x.sh /dev/null', 'watch -n1 ~/bin/x.sh', "watch -n1 '~/bin/x.sh a'", "flock /tmp/l -c '~/bin/x.sh'", 'mapfile -C ~/bin/x.sh -c 1 a'])
      expect(paths(command), command).toContain(`${H}/bin/x.sh`);
    expect(paths('script -q /dev/null')).toEqual([]);
  });
  it('takes the shared object `enable -f` loads, with a `/` in its name', () => {
    expect(paths('enable -f ~/bin/x.so x')).toEqual([`${H}/bin/x.so`]);
    expect(paths('enable -nf ./x.so x')).toEqual([`${P}/x.so`]);
    expect(paths('enable -f x.so x')).toEqual([]);
    expect(paths('enable -n echo')).toEqual([]);
  });
});

// fix33-text (decision 0165): each ran the file at bash 5.2 -i from a start-up line, HOME a sandbox.
describe('program text a line builds and hands a runner (fix33-text)', () => {
  beforeAll(async () => {
    await prepare();
  });
  const home = {
    [`${H}/bin`]: 'directory',
    [`${H}/bin/x.sh`]: 'text: true\n',
    [`${H}/.cmds`]: 'text: true\n',
    [`${H}/.runlist`]: `text: ${H}/bin/x.sh\n`,
    [`${H}/.shrc.d`]: 'directory',
  };
  const covers = (command: string, file: string) =>
    commandCode(command, world(home), false).some((c) => (c.pattern !== undefined ? file.startsWith(`${c.path}/`) && c.pattern.test(file) : file === c.path || file.startsWith(`${c.path}/`)));

  it('places find start points, redirection targets and assigned values with a `~`', () => {
    for (const c of ['find ~/.shrc.d -type f -exec sh {} \\;', 'find ~/.shrc.d -type f -execdir sh {} +', 'find "$HOME/.shrc.d" -type f -exec bash {} +'])
      expect(covers(c, `${H}/.shrc.d/b`), c).toBe(true);
    expect(covers('find ~/bin -name x.sh -exec {} \\;', `${H}/bin/x.sh`)).toBe(true);
    expect(covers('find ~/bin -name x.sh -exec {} \\;', `${H}/bin/y.sh`)).toBe(false);
    for (const c of ['sh < ~/bin/x.sh', 'bash 0< ~/bin/x.sh', 'bash -s < ~/bin/x.sh', 'T=~/bin/x.sh; xargs sh <<< "$T"', 'xargs sh <<< ~/bin/x.sh'])
      expect(covers(c, `${H}/bin/x.sh`), c).toBe(true);
    for (const c of ['while read -r l; do eval "$l"; done < ~/.cmds', 'while read l; do $l; done < ~/.cmds']) expect(covers(c, `${H}/.cmds`), c).toBe(true);
    expect(covers('T="~/bin/x.sh"; xargs sh <<< "$T"', `${H}/bin/x.sh`)).toBe(false);
    expect(covers('cat < ~/bin/x.sh', `${H}/bin/x.sh`)).toBe(false);
  });

  it("reads what sed's e and awk's system() run: the lines they read, and the commands they show", () => {
    for (const c of ["sed -n 's/.*/&/ep' ~/.cmds", 'sed -n e ~/.cmds', "sed 's/^//e' < ~/.cmds", "awk '{system($0)}' ~/.cmds", "awk '{print | \"sh\"}' < ~/.cmds"])
      expect(covers(c, `${H}/.cmds`), c).toBe(true);
    for (const c of ["awk 'BEGIN{system(\"sh \" ENVIRON[\"HOME\"] \"/bin/x.sh\")}'", "awk 'BEGIN{\"sh ~/bin/x.sh\" | getline}'", "awk '{system(\"sh \" $0)}' ~/.runlist"])
      expect(covers(c, `${H}/bin/x.sh`), c).toBe(true);
    expect(covers("awk 'BEGIN{while ((getline l < (ENVIRON[\"HOME\"] \"/.cmds\")) > 0) system(l)}'", `${H}/.cmds`)).toBe(true);
    for (const c of ['sed -n p ~/.cmds', "awk '{print}' ~/.cmds", "awk '/a|b/ {print $1}' ~/.cmds"]) expect(covers(c, `${H}/.cmds`), c).toBe(false);
  });

  it('takes a list a runner of names reads, and each name it holds now', () => {
    for (const c of ['xargs -a ~/.runlist -n1 sh', 'xargs -n1 sh < ~/.runlist', 'cat ~/.runlist | xargs -n1 sh', 'xargs -a ~/.runlist -I{} sh {}']) {
      expect(covers(c, `${H}/.runlist`), c).toBe(true);
      expect(covers(c, `${H}/bin/x.sh`), c).toBe(true);
    }
    expect(covers('xargs -a ~/.runlist -n1 echo', `${H}/bin/x.sh`)).toBe(false);
  });

  // left34 (decision 0170): bash 5.2 -i, zsh 5.9 -i ran ~/bin/x.sh from each.
  it("takes find's {} as the positional parameter of a shell text it fills: each file find finds", () => {
    for (const c of [
      `find ~/bin -name '*.sh' -exec sh -c '. "$1"' _ {} \\;`,
      `find ~/bin -name '*.sh' -exec sh -c 'for f; do . "$f"; done' _ {} +`,
      `find ~/bin -type f -exec sh -c 'for f in "$@"; do "$f"; done' sh {} +`,
      `find ~/bin -name '*.sh' -exec bash -c 'source "$0"' {} \\;`,
      `find ~/bin -type f -exec sh -c 'sh "$2"' sh x {} \\;`,
      `find ~/bin -name '*.sh' -exec sh -c '. {}' \\;`,
      `find ~/bin -name '*.sh' -execdir sh -c '. ./"$1"' _ {} \\;`,
    ])
      expect(covers(c, `${H}/bin/x.sh`), c).toBe(true);
    expect(covers(`find ~/bin -type f -exec sh -c 'echo "$1"' _ {} \\;`, `${H}/bin/x.sh`)).toBe(false);
    expect(covers(`find ~/bin -name '*.sh' -exec sh -c '. "$1"' _ {} \\;`, `${H}/bin/x.txt`)).toBe(false);
  });

  it("reads gcc's places on a command's own line by the names gcc takes from them", () => {
    const dirs = { ...home, [`${H}/lib`]: 'directory', [`${H}/t`]: 'directory' };
    const hits = (command: string, file: string) =>
      commandCode(command, world(dirs), false).some((c) => (c.pattern !== undefined ? c.pattern.test(file) : file === c.path || file.startsWith(`${c.path}/`)));
    expect(hits('LIBRARY_PATH=~/lib gcc m.c -o m', `${H}/lib/specs`)).toBe(true);
    expect(hits('LIBRARY_PATH=~/lib gcc m.c -o m', `${H}/lib/x86_64-linux-gnu/12/crti.o`)).toBe(true);
    expect(hits('LIBRARY_PATH=~/lib gcc m.c -o m', `${H}/lib/notes.txt`)).toBe(false);
    expect(hits('GCC_EXEC_PREFIX=~/t/lib/gcc/ gcc -c m.c', `${H}/t/x86_64-linux-gnu/bin/as`)).toBe(true);
    expect(hits('GCC_EXEC_PREFIX=~/t/lib/gcc/ gcc -c m.c', `${H}/t/x86_64-linux-gnu/share/notes`)).toBe(false);
    // A search path of modules stays read by name (SearchPaths), not as a loader place.
    expect(hits('PYTHONPATH=~/lib python3 -c pass', `${H}/lib/notes.txt`)).toBe(false);
  });

  it("places ~NAME at the home /etc/passwd gives NAME, and below any folder for a user it does not list", () => {
    const passwd = { '/etc': 'directory', '/etc/passwd': `text: user:x:1000:1000::${H}:/bin/bash\nalice:x:1001:1001::/home/alice:/bin/bash\n` };
    // No /etc/passwd in view: the file of that name below any folder.
    expect(commandCode('~user/bin/x.sh', world(home), false).some((c) => c.pattern?.test(`${H}/bin/x.sh`) === true)).toBe(true);
    const withPasswd = (command: string) => commandCode(command, world({ ...home, ...passwd }), false);
    expect(withPasswd('. ~user/bin/x.sh').map((c) => c.path)).toContain(`${H}/bin/x.sh`);
    expect(withPasswd('~alice/bin/x.sh').map((c) => c.path)).toEqual(['/home/alice/bin/x.sh']);
    expect(withPasswd('"~alice/bin/x.sh"').map((c) => c.path)).not.toContain('/home/alice/bin/x.sh');
    const unknown = commandCode('~bob/bin/x.sh', world(home), false);
    expect(unknown.some((c) => c.pattern?.test('/srv/bob/bin/x.sh') === true)).toBe(true);
    expect(unknown.some((c) => c.pattern?.test(`${H}/bin/y.sh`) === true)).toBe(false);
  });
});
