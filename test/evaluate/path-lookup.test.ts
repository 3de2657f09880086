/**
 * A bare command name is looked up along PATH in the world's facts: found in a directory the
 * agent may write, it is opaque code; a write into a PATH directory, or ssh's configuration, is a
 * protected ask (red-team H6).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { caseFsView } from '../../src/cases/case-fs.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { pathDirectoryWrite, writableProgram, type PathWorld } from '../../src/evaluate/path-lookup.js';
import { parseEnvironmentHeader } from '../../src/evaluate/door/environment.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';
const VENV = `${P}/.venv/bin`;
const fsWith = (files: Record<string, string>) => caseFsView(files, { cwd: P, home: H, platform: 'linux' });
const world = (path: string | null | undefined, files: Record<string, string> = {}): PathWorld => ({
  path,
  cwd: P,
  home: H,
  platform: 'linux',
  workingDirectories: [P],
  view: fsWith(files),
});

function decide(
  call: { tool: string; input: Record<string, unknown> },
  opts: { mode?: PermissionMode; path?: string | null; files?: Record<string, string>; permissions?: Record<string, string[]> } = {},
) {
  const environment = opts.path === undefined ? undefined : { values: { PATH: opts.path }, complete: true as const };
  return evaluate(call, {
    mode: opts.mode ?? 'default',
    policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: opts.permissions ?? {} } }]),
    cwd: P,
    home: H,
    fs: fsWith({ [`${P}/README.md`]: 'file', ...(opts.files ?? {}) }),
    ...(environment !== undefined ? { environment } : {}),
  });
}
const bash = (command: string) => ({ tool: 'Bash', input: { command } });

beforeAll(async () => {
  await prepare();
});

describe('writableProgram', () => {
  it('finds a name in a working-directory PATH entry before the system one', () => {
    expect(writableProgram('cat', world(`${VENV}:/usr/bin:/bin`, { [`${VENV}/cat`]: 'file' }))).toMatch(
      /found along PATH at \/home\/user\/project\/\.venv\/bin\/cat, in the working directories/,
    );
  });
  it('takes the first entry that holds the name: a system program before the project directory is the system one', () => {
    expect(writableProgram('cat', world(`/usr/bin:${VENV}`, { '/usr/bin/cat': 'file', [`${VENV}/cat`]: 'file' }))).toBeUndefined();
  });
  it('a relative entry is the directory the command runs in', () => {
    expect(writableProgram('ls', world(`.:/usr/bin`, { [`${P}/ls`]: 'file' }))).toMatch(/relative PATH entry/);
    expect(writableProgram('ls', world(`:/usr/bin`, { [`${P}/ls`]: 'file' }))).toMatch(/relative PATH entry/);
  });
  it('a temporary directory on PATH is one anyone may write', () => {
    expect(writableProgram('git', world(`/tmp/bin:/usr/bin`, { '/tmp/bin/git': 'file' }))).toMatch(/anyone may write/);
  });
  it('a directory of the same name is passed over', () => {
    expect(writableProgram('cat', world(`${VENV}:/usr/bin`, { [`${VENV}/cat`]: 'directory', '/usr/bin/cat': 'file' }))).toBeUndefined();
  });
  it('builtins and names with a slash are never looked up', () => {
    for (const name of ['echo', 'printf', 'cd', 'test', '[', 'pwd', 'read', './x']) {
      expect(writableProgram(name, world(`${VENV}:/usr/bin`, { [`${VENV}/${name}`]: 'file' }))).toBeUndefined();
    }
  });
  it("bash's and zsh's own builtins are files on PATH for dash (sh)", () => {
    for (const name of ['declare', 'source', 'let', 'typeset', 'pushd']) {
      const w = world(`${VENV}:/usr/bin`, { [`${VENV}/${name}`]: 'file' });
      expect(writableProgram(name, { ...w, shell: 'sh' })).toMatch(/in the working directories/);
      for (const shell of ['bash', 'zsh', 'unknown'] as const) expect(writableProgram(name, { ...w, shell })).toBeUndefined();
    }
    expect(writableProgram('echo', { ...world(`${VENV}:/usr/bin`, { [`${VENV}/echo`]: 'file' }), shell: 'sh' })).toBeUndefined();
  });
  it("a builtin's name run by another program is a file looked up along PATH (execvp)", () => {
    for (const name of ['echo', 'test', '[', 'pwd', 'true']) {
      expect(writableProgram(name, world(`${VENV}:/usr/bin`, { [`${VENV}/${name}`]: 'file' }), true)).toMatch(/in the working directories/);
    }
  });
  it("the home directory's program directories hold installed programs", () => {
    expect(writableProgram('rg', world(`${H}/.cargo/bin:/usr/bin`, { [`${H}/.cargo/bin/rg`]: 'file' }))).toBeUndefined();
  });
  it('PATH known unset is the system default search path', () => {
    expect(writableProgram('cat', world(null, { [`${VENV}/cat`]: 'file' }))).toBeUndefined();
  });
  it('PATH unknown: a project program directory holding the name may be on it', () => {
    expect(writableProgram('cat', world(undefined, { [`${VENV}/cat`]: 'file' }))).toMatch(/may be found along PATH.*PATH is not known/);
    expect(writableProgram('cat', world(undefined, { [`${P}/node_modules/.bin/cat`]: 'file' }))).toBeDefined();
    expect(writableProgram('cat', world(undefined, {}))).toBeUndefined();
  });
  it('without a view, a writable directory on PATH may hold any name', () => {
    expect(writableProgram('cat', { ...world(`${VENV}:/usr/bin`), view: undefined })).toMatch(/where any file may answer to its name/);
    expect(writableProgram('cat', { ...world('/usr/bin:/bin'), view: undefined })).toBeUndefined();
  });
  it('property: a name found first in a working-directory entry is always opaque, whatever follows', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9_-]{0,8}$/),
        fc.array(fc.constantFrom('/usr/bin', '/bin', `${H}/.local/bin`, '/opt/x/bin'), { maxLength: 4 }),
        (name, rest) => {
          fc.pre(
            ![
              'echo',
              'printf',
              'cd',
              'test',
              'pwd',
              'read',
              'kill',
              'true',
              'false',
              'type',
              'hash',
              'set',
              'let',
              'wait',
              'local',
              'trap',
              'times',
              'exec',
              'eval',
              'exit',
              'fc',
              'fg',
              'bg',
              'jobs',
              'alias',
              'enable',
              'source',
              'shift',
              'dirs',
              'popd',
              'pushd',
              'unset',
              'umask',
              'ulimit',
              'return',
              'break',
              'continue',
              'export',
              'declare',
              'typeset',
              'readonly',
              'getopts',
              'history',
              'logout',
              'suspend',
              'unalias',
              'builtin',
              'command',
              'disown',
            ].includes(name),
          );
          const files = Object.fromEntries([VENV, ...rest].map((d) => [`${d}/${name}`, 'file']));
          expect(writableProgram(name, world([VENV, ...rest].join(':'), files))).toBeDefined();
        },
      ),
    );
  });
});

describe('a program the same command writes where PATH finds it', () => {
  it('a bare name run after a write into a PATH directory the agent may write is the written file (PATH known or not)', () => {
    const deny = { allow: ['Bash(*)'], deny: ['Bash(rm *)'] };
    for (const path of [undefined, `${P}/bin:/usr/bin`, '.:/usr/bin']) {
      const dir = path === '.:/usr/bin' ? '.' : 'bin';
      const d = decide(bash(`printf x > t && install -m 755 t ${dir}/wc; env wc --version`), {
        permissions: deny,
        ...(path !== undefined ? { path } : {}),
      });
      expect(d.behavior, String(path)).toBe('ask');
    }
    // An archive extracted into one may hold any name.
    expect(decide(bash('tar -xf a.tar -C bin; ls'), { permissions: deny }).reason.message).toMatch(
      /ls may be a file this command puts in \/home\/user\/project\/bin/,
    );
    // Not into a PATH directory, or the writer itself: as before.
    expect(decide(bash('cp t src/cat && cat README.md'), { permissions: deny }).behavior).toBe('allow');
    expect(decide(bash('cp t bin/cp'), { permissions: deny }).behavior).toBe('allow');
  });
});

describe('pathDirectoryWrite', () => {
  it('a file directly in a PATH directory', () => {
    expect(pathDirectoryWrite(`${VENV}/cat`, world(`${VENV}:/usr/bin`))).toMatch(/is on PATH/);
    expect(pathDirectoryWrite(`${VENV}/sub/cat`, world(`${VENV}:/usr/bin`))).toBeUndefined();
    expect(pathDirectoryWrite(`${P}/src/cat`, world(`${VENV}:/usr/bin`))).toBeUndefined();
  });
  it('PATH unknown: the project and home program directories commonly on it', () => {
    expect(pathDirectoryWrite(`${H}/.local/bin/git`, world(undefined))).toMatch(/commonly on PATH/);
    expect(pathDirectoryWrite(`${P}/node_modules/.bin/ls`, world(undefined))).toMatch(/commonly on PATH/);
    expect(pathDirectoryWrite(`${P}/bin/setup`, world(undefined))).toBeUndefined();
    expect(pathDirectoryWrite(`${H}/n/bin/node`, world(undefined))).toMatch(/commonly on PATH/);
  });
  it('the PATH directory itself or a folder holding it, outside the working directories and below the home level', () => {
    const acme = `${H}/.acme/bin`;
    expect(pathDirectoryWrite(acme, world(`${acme}:/usr/bin`))).toMatch(/makes that directory/);
    expect(pathDirectoryWrite(`${H}/.acme`, world(`${acme}:/usr/bin`))).toMatch(/holds it/);
    expect(pathDirectoryWrite(`${H}/.local/bin`, world(undefined))).toMatch(/makes that directory/);
    expect(pathDirectoryWrite(H, world(`${acme}:/usr/bin`))).toBeUndefined();
    expect(pathDirectoryWrite(`${P}/.venv`, world(`${VENV}:/usr/bin`))).toBeUndefined();
    expect(pathDirectoryWrite(`${H}/.acme/lib`, world(`${acme}:/usr/bin`))).toBeUndefined();
  });
});

describe('decisions (red-team H6)', () => {
  const path = `${VENV}:/usr/local/bin:/usr/bin:/bin`;
  it('a read-only command found in the project virtualenv is not read-only', () => {
    const d = decide(bash('cat README.md'), { path, files: { [`${VENV}/cat`]: 'file' } });
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toMatch(/\.venv\/bin\/cat, in the working directories, whose code toolgate cannot see/);
  });
  it('the same command with no such file is read-only, as before', () => {
    expect(decide(bash('cat README.md'), { path }).behavior).toBe('allow');
  });
  it("a builtin's name behind a program that runs it (nice, timeout, xargs, nohup, stdbuf) is the file PATH finds, not the builtin", () => {
    const files = { [`${P}/test`]: 'file', [`${P}/echo`]: 'file', [`${P}/true`]: 'file' };
    for (const command of ['nice test', 'timeout 5 test', 'echo x | xargs echo', 'nohup true', 'stdbuf -o0 test']) {
      const d = decide(bash(command), { path: '.:/usr/bin:/bin', files });
      expect(d.behavior, command).toBe('ask');
      expect(d.reason.message, command).toMatch(/a relative PATH entry/);
    }
    // zsh's `command` runs an external file, and dash's `time` is a program: the name may be the file.
    for (const command of ['command test -f README.md', 'time test -f README.md']) {
      expect(decide(bash(command), { path: '.:/usr/bin:/bin', files }).behavior, command).toBe('ask');
    }
    // The shell runs the builtin itself when nothing else runs it, and after `builtin`.
    for (const command of ['test -f README.md', 'builtin test -f README.md', 'echo x']) {
      expect(decide(bash(command), { path: '.:/usr/bin:/bin', files }).behavior, command).toBe('allow');
    }
  });
  it('under a program ask rule, bypassPermissions does not answer it (the opaque-code table)', () => {
    const d = decide(bash('cat README.md'), {
      path,
      mode: 'bypassPermissions',
      files: { [`${VENV}/cat`]: 'file' },
      permissions: { ask: ['Bash(git push *)'] },
    });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
  });
  it.each(['acceptEdits', 'bypassPermissions'] as const)('%s: writing a program into the project virtualenv is a protected ask', (mode) => {
    for (const call of [
      { tool: 'Write', input: { file_path: `${VENV}/cat`, content: '#!/bin/sh\n' } },
      bash('cp .git/hooks/pre-commit.sample .venv/bin/cat'),
    ]) {
      const d = decide(call, { path, mode });
      expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
    }
  });
  it('bypassPermissions: writing ~/.local/bin/git or ~/.ssh/config is a protected ask', () => {
    for (const file of [`${H}/.local/bin/git`, `${H}/.ssh/config`]) {
      const d = decide(
        { tool: 'Write', input: { file_path: file, content: 'x' } },
        { path: `${H}/.local/bin:/usr/bin`, mode: 'bypassPermissions' },
      );
      expect([file, d.behavior, d.askKind]).toEqual([file, 'ask', 'protected']);
    }
  });
  it('an ordinary project file stays an edit acceptEdits allows', () => {
    expect(decide({ tool: 'Write', input: { file_path: `${P}/src/x.ts`, content: '' } }, { path, mode: 'acceptEdits' }).behavior).toBe(
      'allow',
    );
  });
});

describe('X-Toolgate-Env', () => {
  it('a header from an older --print-hook-config, without PATH, still gives its names; PATH stays unknown', () => {
    const names = ['CDPATH', 'HOME', 'PATH'];
    const facts = parseEnvironmentHeader('CDPATH=; HOME=/home/u', names);
    expect(facts?.values).toEqual({ CDPATH: null, HOME: '/home/u' });
    expect(parseEnvironmentHeader('CDPATH=; HOME=/home/u; PATH=/p/.venv/bin:/usr/bin', names)?.values['PATH']).toBe(
      '/p/.venv/bin:/usr/bin',
    );
  });
});
