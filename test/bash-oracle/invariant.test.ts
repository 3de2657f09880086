import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/core/types.js';
import { makeCanaries } from '../support/bash-oracle/fixture.js';
import { checkInvariant } from '../support/bash-oracle/invariant.js';
import type { OracleRun } from '../support/bash-oracle/oracle.js';
import type { Exec } from '../support/bash-oracle/trace.js';

const canaries = makeCanaries();
const P = '/home/user/project';

function run(part: Partial<OracleRun>): OracleRun {
  return {
    status: 'ran',
    command: 'x',
    cwd: P,
    shell: 'bash',
    cwdAfter: P,
    exitCode: 0,
    timedOut: false,
    stdout: '',
    stderr: '',
    execs: [],
    changes: [],
    leaks: [],
    writeOutsideAttempted: false,
    ms: { total: 1, sandbox: 1 },
    ...part,
  };
}
function exec(path: string, argv: string[], pid = 2, parent: number | undefined = 1, cwd = P): Exec {
  return { pid, parent, path, argv, cwd };
}
function allow(kind: Decision['reason']['kind']): Decision {
  return { behavior: 'allow', reason: { kind, message: '' }, trace: [] };
}
const NONE = { permissions: {} };
const NARROW = { permissions: { allow: ['Bash(echo *)', 'Bash(git log *)', 'Edit(src/**)'] } };
const ALL_BUT = { permissions: { allow: ['Bash(*)'], deny: ['Bash(rm *)', 'Read(./.env)', 'Edit(secrets/**)'] } };
const kinds = (settings: unknown, mode: string, decision: Decision, r: OracleRun) =>
  checkInvariant({ settings, mode, decision, run: r }).map((v) => v.kind);

describe('bash oracle: the invariant', () => {
  it('1: a program outside the allow rules and the read-only set', () => {
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [exec('/usr/local/bin/evil', ['evil'])] }))).toEqual([
      'unlisted-program',
    ]);
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [exec('/home/user/project/sub/ls', ['sub/ls'])] }))).toEqual([
      'unlisted-program',
    ]);
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [exec('/usr/bin/ls', ['ls', '-la'])] }))).toEqual([]);
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [exec('/usr/bin/node', ['node', '--version'])] }))).toEqual([]);
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [exec('/usr/bin/node', ['node', '-e', 'x'])] }))).toEqual([
      'unlisted-program',
    ]);
  });

  it('1: what a rule-covered program starts is covered; what a read-only one starts is judged itself', () => {
    const git = exec('/usr/bin/git', ['git', 'log'], 3, 2);
    const pager = exec('/usr/bin/sh', ['sh', '-c', 'pager'], 4, 3);
    expect(kinds(NARROW, 'default', allow('rule'), run({ execs: [git, pager] }))).toEqual([]);
    const rg = exec('/usr/bin/rg', ['rg', '--pre=evil', 'x'], 3, 2);
    const evil = exec('/usr/local/bin/evil', ['evil', 'README.md'], 4, 3);
    expect(kinds(NONE, 'default', allow('readOnly'), run({ execs: [rg, evil] }))).toEqual(['unlisted-program']);
  });

  it('2: a denied program in any spelling, in every mode', () => {
    const r = run({
      execs: [exec('/usr/bin/nice', ['nice', '--adj', '5', 'rm', '-rf', 'src']), exec('/usr/bin/rm', ['RM', '-rf', 'src'])],
    });
    expect(kinds(ALL_BUT, 'default', allow('rule'), r)).toEqual(['denied-program']);
    expect(kinds({ permissions: { deny: ['Bash(rm *)'] } }, 'bypassPermissions', allow('mode'), r)).toEqual(['denied-program']);
  });

  it('3: Edit-denied and protected paths', () => {
    const r = run({
      changes: [
        { path: `${P}/secrets/a`, kind: 'created' },
        { path: `${P}/.git/config`, kind: 'modified' },
        { path: `${P}/src/x`, kind: 'created' },
      ],
    });
    expect(kinds(ALL_BUT, 'default', allow('rule'), r)).toEqual(['denied-write', 'protected-write']);
    expect(kinds(NONE, 'bypassPermissions', allow('mode'), r)).toEqual(['protected-write']);
  });

  it('4: the canary of a Read-denied file in the output', () => {
    const r = run({
      leaks: [
        { canary: canaries.envSecret, stream: 'stdout' },
        { canary: canaries.keySecret, stream: 'stdout' },
      ],
    });
    expect(kinds(ALL_BUT, 'default', allow('rule'), r)).toEqual(['denied-read']);
  });

  it('5: a read-only allow that changed something, tried to write outside, or read outside', () => {
    const r = run({
      changes: [{ path: '/opt/outside/tree.txt', kind: 'created' }],
      writeOutsideAttempted: true,
      stderr: 'touch: Read-only file system',
      leaks: [{ canary: canaries.names[1]!, stream: 'stdout' }],
    });
    expect(kinds(NONE, 'default', allow('readOnly'), r)).toEqual(['read-only-changed', 'write-outside-attempted', 'outside-read']);
    // …but not when a rule's program ran (Bash(*)), nor in bypassPermissions
    const ruled = { ...r, execs: [exec('/usr/bin/tree', ['tree', '-o', '/opt/outside/tree.txt'])] };
    expect(kinds(ALL_BUT, 'default', allow('rule'), ruled)).toEqual([]);
    expect(kinds(NONE, 'bypassPermissions', allow('mode'), r)).toEqual([]);
  });

  it('5: a rule allow of builtins alone may write only where Edit allow rules say', () => {
    const r = run({
      changes: [
        { path: `${P}/src/new.txt`, kind: 'created' },
        { path: `${P}/README.md`, kind: 'modified' },
      ],
    });
    expect(checkInvariant({ settings: NARROW, mode: 'default', decision: allow('rule'), run: r }).map((v) => v.evidence)).toEqual([
      `modified ${P}/README.md, though the allow rests on read-only classification`,
    ]);
  });

  it('6: critical removals in bypassPermissions', () => {
    const r = run({
      execs: [
        exec('/usr/bin/rm', ['rm', '-rf', '..']),
        exec('/usr/bin/rm', ['rm', '-rf', 'src'], 3),
        exec('/usr/bin/rm', ['rm', '-rf', '--', '/'], 4),
      ],
    });
    expect(checkInvariant({ settings: NONE, mode: 'bypassPermissions', decision: allow('mode'), run: r }).map((v) => v.evidence)).toEqual([
      'ran /usr/bin/rm ["rm","-rf",".."]: removes /home/user',
      'ran /usr/bin/rm ["rm","-rf","--","/"]: removes /',
    ]);
  });

  it('acceptEdits: its file programs and changes inside the project pass; protected and denied paths do not', () => {
    const r = run({ execs: [exec('/usr/bin/cp', ['cp', '-l', '.git/config', 'c'])], changes: [{ path: `${P}/c`, kind: 'created' }] });
    expect(kinds(NONE, 'acceptEdits', allow('mode'), r)).toEqual([]);
    expect(kinds(NONE, 'default', allow('readOnly'), r)).toEqual(['unlisted-program', 'read-only-changed']);
    const through = run({ execs: r.execs, changes: [...r.changes, { path: `${P}/.git/config`, kind: 'modified' }] });
    expect(kinds(NONE, 'acceptEdits', allow('mode'), through)).toEqual(['protected-write']);
    expect(kinds(NONE, 'acceptEdits', allow('mode'), run({ execs: [exec('/usr/local/bin/evil', ['evil'])] }))).toEqual([
      'unlisted-program',
    ]);
  });

  it('consented opaque code: a denied program below a program an allow rule names literally is counted apart', () => {
    const settings = { permissions: { allow: ['Bash(./build.sh *)'], deny: ['Bash(rm *)'] } };
    const build = exec('/home/user/project/build.sh', ['./build.sh', 'x'], 3, 2);
    const rm = exec('/usr/bin/rm', ['rm', '-rf', 'src'], 4, 3);
    const v = checkInvariant({ settings, mode: 'default', decision: allow('rule'), run: run({ execs: [build, rm] }) });
    expect(v.map((x) => [x.kind, x.consented ?? false])).toEqual([['denied-program', true]]);
    // Under a wildcard rule nothing is consented: Bash(*) is not consent to what a script runs.
    const wild = checkInvariant({ settings: ALL_BUT, mode: 'default', decision: allow('rule'), run: run({ execs: [build, rm] }) });
    expect(wild.map((x) => [x.kind, x.consented ?? false])).toEqual([['denied-program', false]]);
    // The named program itself is never consented when a deny rule names it.
    const direct = checkInvariant({
      settings: { permissions: { allow: ['Bash(rm -rf src)'], deny: ['Bash(rm *)'] } },
      mode: 'default',
      decision: allow('rule'),
      run: run({ execs: [rm] }),
    });
    expect(direct.map((x) => x.consented ?? false)).toEqual([false]);
  });
});
