import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell, shellPathEffects } from '../../../src/shell/index.js';
import { variableWrite } from '../../../src/shell/programs/variable-writes.js';

beforeAll(async () => {
  await prepareShell();
});

const ctx = { cwd: '/home/user/project', home: '/home/user', platform: 'linux' as const };
const writes = (command: string) =>
  shellPathEffects(analyzeShell(command), ctx)
    .effects.filter((e) => e.op === 'write')
    .map((e) => ({ path: e.path, possible: e.possible !== undefined }));

describe('files a command environment makes it write', () => {
  it('a variable known to name a file git writes is a write of that file', () => {
    expect(writes('GIT_TRACE2_EVENT=/home/user/.ssh/authorized_keys git status')).toEqual([
      { path: '/home/user/.ssh/authorized_keys', possible: false },
    ]);
    expect(writes('env GIT_TRACE_REFS=/home/user/project/.git/config git status')).toContainEqual({
      path: '/home/user/project/.git/config',
      possible: false,
    });
    expect(writes('GIT_TRACE=~/t git log')).toEqual([{ path: '/home/user/t', possible: false }]);
  });

  it('the loader writes LD_DEBUG_OUTPUT plus a suffix only when LD_DEBUG is set', () => {
    expect(writes('LD_DEBUG=files LD_DEBUG_OUTPUT=.claude/log ls')).toEqual([
      { path: '/home/user/project/.claude/log.*', possible: false },
    ]);
    expect(writes('LD_DEBUG_OUTPUT=.claude/log ls')).toEqual([{ path: '/home/user/project/.claude/log.*', possible: true }]);
  });

  it('a program that does not read the variable, or a variable not listed, may write the path it names', () => {
    expect(writes('GIT_TRACE2_EVENT=/tmp/t ls')).toEqual([{ path: '/tmp/t', possible: true }]);
    expect(writes('FOO=.claude/settings.local.json make')).toEqual([
      { path: '/home/user/project/.claude/settings.local.json', possible: true },
    ]);
  });

  it('inert variables, values that name no path and builtins the shell runs write nothing', () => {
    expect(writes('NODE_ENV=test LANG=C npm test')).toEqual([]);
    expect(writes('GIT_TRACE=1 git status')).toEqual([]);
    expect(writes("NODE_OPTIONS='--max-old-space-size=4096' ls")).toEqual([]);
    expect(writes('IFS=/ read a b')).toEqual([]);
    expect(writes('CDPATH=/home cd user')).toEqual([]);
  });

  it('lists the writers by the programs that read them', () => {
    expect(variableWrite('GIT_TRACE_SETUP')?.readBy('git')).toBe(true);
    expect(variableWrite('GIT_TRACE_REDACT')).toBeUndefined();
    expect(variableWrite('NPM_CONFIG_CACHE')?.readBy('npm')).toBe(true);
    expect(variableWrite('PYTHONPYCACHEPREFIX')?.readBy('pip3')).toBe(true);
    expect(variableWrite('PYTHONPYCACHEPREFIX')?.readBy('git')).toBe(false);
    expect(variableWrite('NODE_ENV')).toBeUndefined();
  });
});
