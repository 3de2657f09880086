import { beforeAll, describe, expect, it } from 'vitest';
import { acceptEditsCommand, analyzeShell, criticalRemovals, prepareShell, shellPathEffects } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

/** CDPATH known unset unless a test says otherwise: a relative `cd` goes below the working directory. */
const ctx = { cwd: '/home/user/project', home: '/home/user', platform: 'linux' as const, cdPath: null };
const effects = (command: string) => shellPathEffects(analyzeShell(command), ctx);
const ops = (command: string) => effects(command).effects.map((e) => `${e.op} ${e.path}`);

describe('shellPathEffects', () => {
  it.each([
    ['cat a b', ['read /home/user/project/a', 'read /home/user/project/b']],
    ['head -n 5 a', ['read /home/user/project/a']],
    ['grep -e x a', ['read /home/user/project/a']],
    ['grep x a', ['read /home/user/project/a']],
    ['grep -f pats a', ['read /home/user/project/pats', 'read /home/user/project/a']],
    ['echo x > out.txt', ['write /home/user/project/out.txt']],
    ['echo x >> ~/.bashrc', ['write /home/user/.bashrc']],
    ['wc -l < in', ['read /home/user/project/in']],
    ['ls >/dev/null 2>&1', []],
    ['tee a b', ['write /home/user/project/a', 'write /home/user/project/b']],
    ['cp a b', ['write /home/user/project/b', 'read /home/user/project/a', 'write /home/user/project/b/a']],
    [
      'mv a dir/',
      ['write /home/user/project/dir', 'read /home/user/project/a', 'remove /home/user/project/a', 'write /home/user/project/dir/a'],
    ],
    ['rm -rf build dist', ['remove /home/user/project/build', 'remove /home/user/project/dist']],
    ['rmdir x', ['remove /home/user/project/x']],
    ['mkdir -p a/b', ['write /home/user/project/a/b']],
    ['touch -r ref new', ['read /home/user/project/ref', 'write /home/user/project/new']],
    // A link is an alias: writes through it reach the target, resolved from the folder the link is
    // made in — without a view, `link` may be a directory the link goes into, or the link's name.
    [
      'ln -s target link',
      [
        'write /home/user/project/link',
        'read /home/user/project/target',
        'read /home/user/project/link/target',
        'write /home/user/project/target',
        'write /home/user/project/link/target',
        'write /home/user/project/link/target',
      ],
    ],
    ['sed -i s/a/b/ f', ['write /home/user/project/f']],
    ['sed -n p f', ['read /home/user/project/f']],
    ['chmod 600 key', ['write /home/user/project/key']],
    ['truncate -s 0 log', ['write /home/user/project/log']],
    ['dd if=/dev/zero of=disk.img', ['read /dev/zero', 'write /home/user/project/disk.img']],
    ['sort -o out in', ['write /home/user/project/out', 'read /home/user/project/in']],
    ['find src -delete', ['read /home/user/project/src', 'remove /home/user/project/src']],
    ['timeout 5 rm x', ['remove /home/user/project/x']],
    ['echo $(cat ~/.ssh/id_rsa)', ['read /home/user/.ssh/id_rsa']],
    ['{ cat foo.txt; }', ['read /home/user/project/foo.txt']],
    ['curl -o out.html https://x', ['write /home/user/project/out.html']],
  ] as const)('%j', (command, expected) => {
    expect(ops(command)).toEqual(expected);
  });

  it("resolves a symbolic link's relative target from the folder the link is made in, as the view shows it (GNU ln(1))", () => {
    // src is a directory; src/readme-link and b/ do not exist; vendor/keys -> /home/user/.ssh.
    const dirs = new Set(['/home/user/project', '/home/user/project/src', '/home/user/.ssh', '/home/user']);
    const links: Record<string, string> = { '/home/user/project/vendor/keys': '/home/user/.ssh' };
    const real = (p: string) =>
      Object.entries(links).reduce((q, [from, to]) => (q === from || q.startsWith(`${from}/`) ? to + q.slice(from.length) : q), p);
    const view = { ...ctx, realpath: (p: string) => real(p), isDirectory: (p: string) => (dirs.has(real(p)) ? true : undefined) };
    const reads = (command: string) =>
      shellPathEffects(analyzeShell(command), view)
        .effects.filter((e) => e.op === 'read')
        .map((e) => e.path);
    expect(reads('ln -s ../README.md src/readme-link')).toEqual(['/home/user/project/README.md']);
    expect(reads('ln -s ../../.ssh/id_rsa src/k')).toEqual(['/home/user/.ssh/id_rsa']);
    expect(reads('ln -s ../../.ssh/id_rsa src')).toEqual(['/home/user/.ssh/id_rsa']);
    expect(reads('ln -s ../../.ssh/id_rsa src/')).toEqual(['/home/user/.ssh/id_rsa']);
    expect(reads('ln -s -t src ../x ../y')).toEqual(['/home/user/project/x', '/home/user/project/y']);
    expect(reads('ln -s --target-directory=src ../x')).toEqual(['/home/user/project/x']);
    expect(reads('ln -sT ../x src')).toEqual(['/home/user/x']);
    // -r/--relative takes the target from the cwd (and rewrites it); one operand makes the link in the cwd.
    expect(reads('ln -sr ../x src/k')).toEqual(['/home/user/x']);
    expect(reads('ln -s ../x')).toEqual(['/home/user/x']);
    // An absolute target and a hard link's target are as written.
    expect(reads('ln -s /etc/passwd src/p')).toEqual(['/etc/passwd']);
    expect(reads('ln ../x src/k')).toEqual(['/home/user/x']);
    // The folder the link is made in is where its path leads: vendor/keys/c's target resolves from ~/.ssh.
    expect(reads('ln -s ../.aws/credentials vendor/keys/c')).toContain('/home/user/.aws/credentials');
  });

  it('follows cd for later parts', () => {
    expect(ops('cd config && cat .env')).toEqual(['read /home/user/project/config', 'read /home/user/project/config/.env']);
    expect(effects('cd sub && cd .. && cd other').cwdAfter).toBe('/home/user/project/other');
    expect(ops('cd ~ && cat .ssh/id_rsa')).toContain('read /home/user/.ssh/id_rsa');
    expect(ops('cd && cat .ssh/id_rsa')).toContain('read /home/user/.ssh/id_rsa');
  });

  it("follows zsh's CDABLE_VARS: a relative cd to no directory here may go where a named directory points", () => {
    // zsh 5.9 (`zsh -f -o cdablevars -c`): `s=$HOME/.ssh; cd s` goes to ~/.ssh when ./s is no directory,
    // `h=$HOME; cd h/.ssh` to ~/.ssh, `cd root` to /root; ./s first when it is one; `cd ./s` never looks up.
    const dirs = new Set(['/home/user/project', '/home/user/project/src']);
    const paths = (command: string, shell: 'zsh' | 'bash' | 'unknown', view: boolean) =>
      shellPathEffects(analyzeShell(command), {
        ...ctx,
        shell,
        ...(view ? { isDirectory: (p: string) => dirs.has(p) || undefined } : {}),
      }).effects.map((e) => `${e.op} ${e.path}${e.glob ? ' (pattern)' : ''}`);
    expect(paths('cd s && cat id_rsa', 'zsh', true)).toEqual([
      'read /home/user/project/s',
      'read /** (pattern)',
      'read /home/user/project/s/id_rsa',
      'read /**/id_rsa (pattern)',
    ]);
    expect(paths('cd h/.ssh && cat id_rsa', 'unknown', true)).toContain('read /**/.ssh/id_rsa (pattern)');
    expect(paths('cd src && cat a', 'zsh', true)).toEqual(['read /home/user/project/src', 'read /home/user/project/src/a']);
    // No view: judged lexically unless the name may be a variable of the command's or the environment's.
    expect(paths('cd src && cat a', 'zsh', false)).toEqual(['read /home/user/project/src', 'read /home/user/project/src/a']);
    expect(paths('c=$PWD/.claude; cd c && cat a', 'zsh', false)).toContain('read /**/a (pattern)');
    expect(paths('cd HOME/.ssh && cat a', 'zsh', false)).toContain('read /**/.ssh/a (pattern)');
    expect(paths('cd ./s && cat id_rsa', 'zsh', true)).toEqual(['read /home/user/project/s', 'read /home/user/project/s/id_rsa']);
    // bash's cdable_vars reads a whole name as a variable (bash 5.2 -O cdable_vars, leads24), not NAME/rest.
    expect(paths('cd s && cat id_rsa', 'bash', true)).toContain('read /**/id_rsa (pattern)');
    expect(paths('cd h/.ssh && cat id_rsa', 'bash', true)).not.toContain('read /**/.ssh/id_rsa (pattern)');
  });

  it('follows every place CDPATH may send a relative cd', () => {
    const at = (command: string, cdPath: string | null | undefined) => shellPathEffects(analyzeShell(command), { ...ctx, cdPath });
    const paths = (command: string, cdPath: string | null | undefined) =>
      at(command, cdPath).effects.map((e) => `${e.op} ${e.path}${e.glob ? ' (pattern)' : ''}`);
    // Known: each entry, then the directory below the working directory (an empty entry is the working directory).
    expect(paths('cd .ssh && cat id_rsa', '/home/user')).toEqual([
      'read /home/user/.ssh',
      'read /home/user/project/.ssh',
      'read /home/user/.ssh/id_rsa',
      'read /home/user/project/.ssh/id_rsa',
    ]);
    expect(paths('cd src && cat a', ':/opt')).toEqual([
      'read /home/user/project/src',
      'read /opt/src',
      'read /home/user/project/src/a',
      'read /opt/src/a',
    ]);
    // Unknown: a directory of that name anywhere, as a pattern under /**.
    expect(paths('cd .ssh && cat id_rsa', undefined)).toEqual([
      'read /home/user/project/.ssh',
      'read /**/.ssh (pattern)',
      'read /home/user/project/.ssh/id_rsa',
      'read /**/.ssh/id_rsa (pattern)',
    ]);
    // An assignment before the cd is its search path, whatever the environment says.
    expect(paths('CDPATH=/home/user cd .ssh && cat id_rsa', null)).toContain('read /home/user/.ssh/id_rsa');
    expect(paths('CDPATH="$X" cd .ssh && cat id_rsa', null)).toContain('read /**/.ssh/id_rsa (pattern)');
    // ./X, ../X and absolute directories are not looked up.
    expect(paths('cd ./src && cat a', undefined)).toEqual(['read /home/user/project/src', 'read /home/user/project/src/a']);
    expect(paths('cd ../x && cat a', undefined)).toEqual(['read /home/user/x', 'read /home/user/x/a']);
    // A `..` that climbs above the unknown part stays unknown; an absolute path does not depend on it.
    expect(paths('cd .ssh && cat ../../x', undefined)).toContain('read /**/x (pattern)');
    expect(paths('cd .ssh && cat /etc/hosts', undefined)).toContain('read /etc/hosts');
    expect(at('cd src && ls', undefined).unresolved).toEqual([]);
  });

  it('resolves ~- to each directory it may name in the shells the command may run in', () => {
    type Shell = 'bash' | 'sh' | 'zsh' | 'unknown';
    const at = (command: string, shell: Shell, oldPwd: string | null | undefined) =>
      shellPathEffects(analyzeShell(command, { shell }), { ...ctx, shell, oldPwd });
    const reads = (command: string, shell: Shell, oldPwd: string | null | undefined) =>
      at(command, shell, oldPwd).effects.map((e) => `${e.path}${e.glob ? ' (pattern)' : ''}`);
    // bash: OLDPWD unset leaves the word as written (a folder named ~-); inherited, it is that directory.
    expect(reads('cat ~-/a', 'bash', null)).toEqual(['/home/user/project/~-/a']);
    expect(reads('cat ~-/a', 'bash', '/etc')).toEqual(['/etc/a', '/home/user/project/~-/a']);
    // dash never expands it; zsh sets OLDPWD to the directory it starts in.
    expect(reads('cat ~-/a', 'sh', null)).toEqual(['/home/user/project/~-/a']);
    expect(reads('cat ~-/a', 'zsh', '/etc')).toEqual(['/home/user/project/a']);
    // Not known in the environment: somewhere unknown, and said so.
    expect(reads('cat ~-/a', 'bash', undefined)).toEqual(['/**/a (pattern)']);
    expect(at('cat ~-/a', 'bash', undefined).unresolved.join()).toContain('$OLDPWD');
    // After a cd of the command, the directory it left (bash, zsh); dash keeps the word.
    expect(reads('cd src && cat ~-/a', 'bash', undefined)).toContain('/home/user/project/a');
    expect(reads('cd src && cd ~- && cat .env', 'bash', undefined)).toEqual([
      '/home/user/project/src',
      '/home/user/project',
      '/home/user/project/.env',
    ]);
    expect(reads('cd src && cat ~-/a', 'sh', null)).toEqual([
      '/home/user/project/src',
      '/home/user/project/src/~-/a',
      '/home/user/project/a',
    ]);
    // A subshell's cd may or may not have happened: both.
    expect(reads('(cd src); cat ~-/a', 'bash', null)).toEqual([
      '/home/user/project/src',
      '/home/user/project/~-/a',
      '/home/user/project/a',
      '/home/user/project/src/~-/a',
    ]);
    // cd ~- goes where ~- names: later relative paths follow it.
    expect(reads('cd ~- && cat b', 'bash', '/etc')).toEqual(['/etc', '/home/user/project/~-', '/etc/b', '/home/user/project/~-/b']);
    expect(at('cd ~- && cat b', 'bash', undefined).unresolved.join()).toContain('$OLDPWD');
    // A value the command assigns is one more place.
    expect(reads('OLDPWD=/opt; cat ~-/a', 'bash', null)).toContain('/opt/a');
    // Quoted, ~- is a name.
    expect(reads("cat '~-'/a", 'bash', undefined)).toEqual(['/home/user/project/~-/a']);
  });

  it('takes ~N, ~+N and ~-N to an entry of the directory stack, somewhere toolgate cannot tell', () => {
    // bash 5.2 and zsh 5.9: `pushd .claude; pushd ..; echo x > ~1/settings.json` wrote .claude/settings.json (red team 19 R19-4).
    const at = (command: string, shell: 'bash' | 'sh' | 'zsh' | 'unknown') =>
      shellPathEffects(analyzeShell(command, { shell }), { ...ctx, shell });
    const seen = (command: string, shell: 'bash' | 'sh' | 'zsh' | 'unknown' = 'bash') =>
      at(command, shell).effects.map((e) => `${e.op} ${e.path}${e.glob ? ' (pattern)' : ''}`);
    for (const shell of ['bash', 'sh', 'zsh', 'unknown'] as const) {
      expect(seen('pushd .claude; pushd ..; echo x > ~1/settings.json', shell)).toContain('write /**/settings.json (pattern)');
      expect(at('echo x > ~1/settings.json', shell).unresolved.join()).toContain('~1 is an entry of the shell');
    }
    expect(seen('cp README.md ~+1/settings.json')).toContain('write /**/settings.json (pattern)');
    expect(seen('truncate -s0 ~-12/settings.json')).toEqual(['write /**/settings.json (pattern)']);
    expect(seen('rm -rf ~1/hooks')).toEqual(['remove /**/hooks (pattern)']);
    expect(seen('cat ~0')).toEqual(['read /** (pattern)']);
    // Quoted, or followed by more than digits, it is a name as written (zsh refuses `~1x`: no such user).
    expect(seen('echo x > "~1"/settings.json')).toEqual(['write /home/user/project/~1/settings.json']);
    expect(seen('echo x > ~1x/settings.json')).toEqual(['write /home/user/project/~1x/settings.json']);
  });

  it("takes zsh's =NAME to the file of a program on PATH, somewhere toolgate cannot tell; bash and sh keep the word", () => {
    // zsh 5.9 (EQUALS, on by default): `cp README.md =mytool` replaced the program file on PATH (red team 19 R19-5).
    const seen = (command: string, shell: 'bash' | 'sh' | 'zsh' | 'unknown') =>
      shellPathEffects(analyzeShell(command, { shell }), { ...ctx, shell }).effects.map(
        (e) => `${e.op} ${e.path}${e.glob ? ' (pattern)' : ''}`,
      );
    for (const shell of ['zsh', 'unknown'] as const) {
      expect(seen('echo x > =mytool', shell)).toContain('write /**/mytool (pattern)');
      expect(seen('cp README.md =mytool', shell)).toContain('write /**/mytool (pattern)');
      expect(seen('tee =mytool < README.md', shell)).toContain('write /**/mytool (pattern)');
    }
    // The unknown shell may be bash as well: the name as written too.
    expect(seen('echo x > =mytool', 'unknown')).toContain('write /home/user/project/=mytool');
    expect(seen('echo x > =mytool', 'zsh')).toEqual(['write /**/mytool (pattern)']);
    for (const shell of ['bash', 'sh'] as const) expect(seen('echo x > =mytool', shell)).toEqual(['write /home/user/project/=mytool']);
    // Quoted, it is a name in every shell.
    expect(seen('echo x > "=mytool"', 'zsh')).toEqual(['write /home/user/project/=mytool']);
    expect(seen('echo x > \\=mytool', 'zsh')).toEqual(['write /home/user/project/=mytool']);
  });

  it('reports both directories after a cd in a subshell or pipeline', () => {
    const r = effects('(cd sub); cat x');
    expect(r.effects.map((e) => e.path)).toEqual(expect.arrayContaining(['/home/user/project/x', '/home/user/project/sub/x']));
    expect(r.unresolved.length).toBeGreaterThan(0);
  });

  it('lists what it cannot resolve', () => {
    expect(effects('cat "$V"').unresolved).toEqual(['read "$V"']);
    expect(effects('cd $X && cat a').unresolved.some((u) => /not literal/.test(u))).toBe(true);
    expect(effects('cd - && ls').unresolved[0]).toMatch(/previous directory/);
    expect(effects("sed -n '1e' README.md").unresolved[0]).toMatch(/runs the pattern space/);
    // It says why the command is not understood, not only its text.
    expect(effects('$CMD x').unresolved[0]).toBe('$CMD x: command name is not literal: $CMD');
  });

  it('marks globs', () => {
    const e = effects('rm -rf dir/*').effects[0]!;
    expect(e).toMatchObject({ op: 'remove', path: '/home/user/project/dir/*', glob: true, literal: false });
  });

  it('resolves redirections on compound commands against every directory seen', () => {
    expect(ops('if true; then cd sub; fi > out')).toEqual(
      expect.arrayContaining(['write /home/user/project/out', 'write /home/user/project/sub/out']),
    );
  });

  it('normalises Windows paths like the path rules do', () => {
    const r = shellPathEffects(analyzeShell('cat a.txt'), { cwd: 'C:\\Users\\me\\proj', home: 'C:\\Users\\me', platform: 'windows' });
    expect(r.effects[0]!.path).toBe('/c/Users/me/proj/a.txt');
  });
});

describe('red-team: reads through options and input', () => {
  it.each([
    ['date --file=.env', ['read /home/user/project/.env']],
    ['date -f .env', ['read /home/user/project/.env']],
    ['wc --files0-from=.env', ['read /home/user/project/.env']],
    ['git blame --contents=.env README.md', ['read /home/user/project/.env', 'read /home/user/project/README.md']],
    ['git blame --contents .env README.md', ['read /home/user/project/.env', 'read /home/user/project/README.md']],
    ['diff --from-file=/home/user/.ssh/id_rsa x', ['read /home/user/.ssh/id_rsa', 'read /home/user/project/x']],
    ['diff --to-file ~/.netrc x', ['read /home/user/.netrc', 'read /home/user/project/x']],
    ['git config --file ~/.pypirc --list', ['read /home/user/.pypirc']],
    ['git config -f ~/.pypirc --get x.y', ['read /home/user/.pypirc']],
    ['tree --fromfile=/etc/shadow', ['read /etc/shadow']],
    // The script's own w commands are names toolgate does not read: an unseen write below the
    // folder (decision 0092), beside the reads.
    ['sed -f script f', ['write /home/user/project', 'read /home/user/project/script', 'read /home/user/project/f']],
    ["sed 'R /etc/passwd' f", ['read /etc/passwd', 'read /home/user/project/f']],
    ["sed -n '1r secret' f", ['read /home/user/project/secret', 'read /home/user/project/f']],
    // sed expands no tilde in its script: GNU sed 4.9 reads ./~/.ssh/id_rsa.
    ["sed -e '$r ~/.ssh/id_rsa' f", ['read /home/user/project/~/.ssh/id_rsa', 'read /home/user/project/f']],
    ["sed -e '$r /home/user/.ssh/id_rsa' f", ['read /home/user/.ssh/id_rsa', 'read /home/user/project/f']],
    ['grep -f patterns f', ['read /home/user/project/patterns', 'read /home/user/project/f']],
    ['jq -f prog.jq data.json', ['read /home/user/project/prog.jq', 'read /home/user/project/data.json']],
    ['file -f names', ['read /home/user/project/names']],
  ])('%j', (command, expected) => {
    expect(ops(command)).toEqual(expected);
  });
  it.each([
    ['wc --files0-from=.env', /files named in a file/],
    ['echo .env | xargs cat', /cat gets paths from xargs input/],
    ['find . -name .env | xargs cat', /cat gets paths from xargs input/],
    ['find . -name "*.ts" | xargs grep foo', /grep gets paths from xargs input/],
    ['ls | xargs -I{} cp {} out/', /cp gets paths from xargs input/],
    ['sha256sum -c sums', /reads the files named/],
  ])('%j reports what it cannot resolve', (command, why) => {
    expect(effects(command).unresolved.join('\n')).toMatch(why);
  });
});

describe('red-team: writes through options', () => {
  it.each([
    ['git log -1 --format=%H --output=/home/user/.bashrc', ['write /home/user/.bashrc']],
    // Each also prints the tracked files it compares: the whole work tree (decision 0082).
    ['git diff --output=.git/hooks/pre-commit', ['write /home/user/project/.git/hooks/pre-commit', 'read /home/user/project']],
    ['git show --output x HEAD', ['write /home/user/project/x', 'read /home/user/project']],
    ['git format-patch -o out HEAD~1', ['write /home/user/project/out', 'read /home/user/project']],
    ['git config user.name x', ['write /home/user/project/.git/config']],
    ['git config --unset user.name', ['write /home/user/project/.git/config']],
    ['git config set user.name x', ['write /home/user/project/.git/config']],
    ['git config --global core.pager less', ['write /home/user/.gitconfig']],
    ['git config --file ~/.pypirc a.b c', ['read /home/user/.pypirc', 'write /home/user/.pypirc']],
    ['git config user.name', []],
    ['git config --get user.name', []],
    ['git config --list', []],
    ['npm config set registry x', ['write /home/user/.npmrc']],
    ['npm set registry x', ['write /home/user/.npmrc']],
    ['npm config set --location project registry x', ['write /home/user/project/.npmrc']],
    ['npm config get registry', []],
    ['tar xzf a.tar.gz -C /home/user/.ssh', ['read /home/user/project/a.tar.gz', 'write /home/user/.ssh']],
    ['tar -x -f a.tar --directory=out', ['read /home/user/project/a.tar', 'write /home/user/project/out']],
    ['tar -xf a.tar', ['read /home/user/project/a.tar', 'write /home/user/project']],
    ['tar czf out.tar.gz src', ['write /home/user/project/out.tar.gz', 'read /home/user/project/src']],
    ['tar -tf a.tar', ['read /home/user/project/a.tar']],
    ['patch src/a.c < fix.diff', ['read /home/user/project/fix.diff', 'write /home/user/project/src/a.c']],
    ['patch -i fix.diff src/a.c', ['read /home/user/project/fix.diff', 'write /home/user/project/src/a.c']],
  ])('%j', (command, expected) => {
    expect(ops(command)).toEqual(expected);
  });
  it.each([
    ['npm config set --location=global registry x', /global npmrc/],
    ['patch -p1 < fix.diff', /patch writes the files named in the diff/],
  ])('%j reports what it cannot resolve', (command, why) => {
    expect(effects(command).unresolved.join('\n')).toMatch(why);
  });
  it('keeps a glob write target as a write effect marked glob', () => {
    expect(effects('cp x .gi?/hooks/post-checkout').effects).toContainEqual(
      expect.objectContaining({ op: 'write', path: '/home/user/project/.gi?/hooks/post-checkout', glob: true }),
    );
  });
});

describe('criticalRemovals', () => {
  const cctx = { ...ctx, workingDirectories: ['/home/user/project', '/home/user/shared'] };
  const crit = (command: string) => criticalRemovals(analyzeShell(command), cctx);
  // `~user` is a user's home in bash and sh, and may be a named directory in zsh (any parameter
  // holding a path): read with bash it is critical, with the shell unknown the word is unreadable
  // (a firm ask, 36619a4a).
  it.each([
    ['rm -rf ~user', /another user's home directory/],
    ['rm -rf ~root/', /another user's home directory/],
  ] as const)('bash: %j is critical', (command, why) => {
    expect(criticalRemovals(analyzeShell(command, { shell: 'bash' }), cctx).join(' ')).toMatch(why);
    expect(analyzeShell(command).unknown.length, command).toBeGreaterThan(0);
  });
  it.each([
    'rm -rf /',
    'rm -rf /usr',
    'rm -rf ~',
    'rm -rf ~/',
    'rm -rf /home/user',
    'rm -rf .',
    'rm -rf ..',
    'rm -rf /home',
    'rmdir /home/user/project',
    'rm -rf /home/user/shared/*',
    'rm -rf *',
    'rm -rf "$DIR"/*',
    'rm -rf $DIR/',
    'rm -rf "$HOME"',
    'echo $(rm -rf /)',
    'sudo rm -rf /',
    'cd .. && rm -rf project',
    'cd / && rm -rf usr',
    'bash -c "rm -rf ~"',
    'find / -delete',
  ])('%j is critical', (command) => {
    expect(crit(command).length).toBeGreaterThan(0);
  });
  it.each(['rm -rf build', 'rm -rf ./dist/*.js', 'rm x', 'rm -rf "$DIR/sub"', 'rmdir empty', 'ls /'])('%j is not critical', (command) => {
    expect(crit(command)).toEqual([]);
  });
  it.each([
    ['rm -rf /home/user/{project,x}', /\(\/home\/user\/project\): the working directory/],
    ['rm -rf ~/{,x}', /\(~\/\): the home directory/],
    ['rm -rf /home/{user,x}', /\(\/home\/user\): the home directory/],
    ['rm -rf --no-preserve-root {/,x}', /\(\/\): the filesystem root/],
    ['rm -rf `pwd`', /substitution that may name any directory/],
    ['rm -rf "$(pwd)"', /substitution that may name any directory/],
    ['rm -rf /home/$(whoami)', /substitution that may name any directory/],
    ['pwd | xargs rm -rf', /xargs input may name any directory/],
    ['echo /home/user | xargs rm -rf', /xargs input may name any directory/],
    ['ls | xargs -I{} rm -rf {}', /xargs input may name any directory/],
    ['find /home/user/project -maxdepth 0 -exec rm -rf {} +', /find start \/home\/user\/project\): the working directory/],
    ['find ~ -maxdepth 0 -exec rm -rf {} \\;', /the home directory/],
    ['RM -rf ~', /the home directory/],
    ['rm.exe -rf /', /the filesystem root/],
  ])('red-team: %j is critical', (command, why) => {
    expect(crit(command).join('\n')).toMatch(why);
  });
  it.each(['rm -rf build/{a,b}', 'rm -f log-$(date +%F).txt', "find build -name '*.o' -exec rm {} +", 'rm -rf ~/project/{a,b}'])(
    'red-team: %j is not critical',
    (command) => {
      expect(crit(command)).toEqual([]);
    },
  );
  it('spells out brace words in shellPathEffects (one effect per alternative)', () => {
    expect(effects('rm -rf /home/{user,x}').effects).toMatchObject([
      { op: 'remove', path: '/home/user', literal: true },
      { op: 'remove', path: '/home/x', literal: true },
    ]);
  });
  it('handles Windows drive roots', () => {
    const w = { cwd: 'C:\\proj', home: 'C:\\Users\\me', platform: 'windows' as const, workingDirectories: ['C:\\proj'] };
    expect(criticalRemovals(analyzeShell('rm -rf C:/'), w).length).toBeGreaterThan(0);
  });
});

describe('acceptEditsCommand', () => {
  const first = (command: string) => analyzeShell(command).commands[0]!;
  it.each(['mkdir build', 'touch a', 'rm -rf build', 'rmdir x', 'mv a b', 'cp a b', 'sed -i s/a/b/ f', 'rm *.tmp'])('%j qualifies', (c) => {
    expect(acceptEditsCommand(first(c))).toBe(true);
  });
  it.each(['npm install', 'rm "$X"', 'cp ~/a b', "sed -i '1w x' f", 'sed -i 1d f', 'gsed -i s/a/b/ f', 'chmod 600 a', 'tee a', '$CMD'])(
    '%j does not',
    (c) => {
      expect(acceptEditsCommand(first(c))).toBe(false);
    },
  );
});

describe('a glob written through, with a view that lists (globMatches)', () => {
  const P = '/home/user/project';
  const links: Record<string, string> = { [`${P}/build/y.sh`]: `${P}/.git/hooks/pre-commit` };
  const view = {
    ...ctx,
    realpath: (p: string) => links[p] ?? p,
    globMatches: (g: string) =>
      g.startsWith(`${P}/slow/`)
        ? { unknown: 'more than 10000 entries to look through' }
        : { paths: g === `${P}/build/*.sh` ? [`${P}/build/a.sh`, `${P}/build/y.sh`] : [] },
  };
  const fx = (command: string) => shellPathEffects(analyzeShell(command), view).effects;
  it('reports each name it matches and where that name leads', () => {
    expect(
      fx('echo x > build/*.sh').map((e) => `${e.op} ${e.path}${e.literal ? '' : ' (pattern)'}${e.viaSymlink ? ' (link)' : ''}`),
    ).toEqual([
      `write ${P}/build/*.sh (pattern)`,
      `write ${P}/build/a.sh`,
      `write ${P}/build/y.sh`,
      `write ${P}/.git/hooks/pre-commit (link)`,
    ]);
  });
  it('reads and removals are left to their own checks (a removal takes the link, not its target)', () => {
    expect(fx('cat build/*.sh; rm build/*.sh').map((e) => `${e.op} ${e.path}`)).toEqual([`read ${P}/build/*.sh`, `remove ${P}/build/*.sh`]);
  });
  it('what the view cannot settle is said on the pattern, and so is a .. after a wild component', () => {
    expect(fx('echo x > slow/*.sh')[0]?.unsettled).toBe('more than 10000 entries to look through');
    expect(fx('echo x > build/*/../x')[0]?.unsettled).toContain('goes up from wherever');
  });
});

describe('a glob that may name a file its program takes as an option (replay 18 NEW-6)', () => {
  const P = '/home/user/project';
  const withFiles = (...names: string[]) => ({
    ...ctx,
    // The folder's names the pattern matches (its brackets read as a regular expression's).
    globMatches: (g: string) => {
      const re = new RegExp(
        `^${g
          .replace(/[.+^${}()|\\/-]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]')}$`,
      );
      return { paths: names.map((n) => `${P}/${n}`).filter((p) => re.test(p)) };
    },
  });
  const writes = (command: string, view: ReturnType<typeof withFiles>) =>
    shellPathEffects(analyzeShell(command), view)
      .effects.filter((e) => e.op !== 'read')
      .map((e) => `${e.op} ${e.path}${e.because !== undefined ? ` (${e.because})` : ''}`);
  it('reads a command sed refuses as written with each name the glob can match', () => {
    // sed refuses `-[n]`; with a file `-n` bash hands it -n, and the script's w writes the hook.
    expect(writes("sed -[n] 'w .git/hooks/pre-push' README.md", withFiles('-n'))).toEqual([
      `write ${P}/.git/hooks/pre-push (-[n] may name a file -n, which sed takes as its option)`,
    ]);
    expect(writes("sed -[i]s 's/exit/touch/' .git/hooks/pre-commit", withFiles('-is'))).toEqual([
      `write ${P}/.git/hooks/pre-commit (-[i]s may name a file -is, which sed takes as its option)`,
      `write ${P}/.git/hooks/pre-commits (-[i]s may name a file -is, which sed takes as its option)`,
    ]);
  });
  it('adds nothing where the view shows no such name', () => {
    expect(writes("sed -[n] 'w .git/hooks/pre-push' README.md", withFiles())).toEqual([]);
    expect(writes('sort -[o] out in', withFiles('README.md'))).toEqual([]);
  });
});
