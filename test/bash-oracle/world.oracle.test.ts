/**
 * The oracle's world like the user's, its shells, environments and several-call scenarios,
 * against real shells (needs root and namespaces; skipped elsewhere, a failure under CI=true).
 * Decisions are involved only in the scenario runner's own mechanics (which call stops it).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithOracle, judgeScenario, nextCwd, WORLD, type OracleRun, type RunResult } from '../support/bash-oracle/index.js';
import { physicalPath } from '../support/bash-oracle/physical.js';

const ran = (r: RunResult): OracleRun => {
  if (r.status !== 'ran') throw new Error(`not run: ${r.reason}`);
  return r;
};
const programs = (r: OracleRun) => r.execs.map((e) => e.argv[0]);

describe('bash oracle: where a directory physically is', () => {
  it('follows links before `..`, as the kernel does', () => {
    const run = mkdtempSync(join(tmpdir(), 'toolgate-physical-'));
    try {
      for (const area of ['top', 'home', 'work', 'opt', 'outside', 'tmp']) mkdirSync(join(run, area));
      mkdirSync(join(run, 'work', 'vendor'), { recursive: true });
      mkdirSync(join(run, 'home', '.ssh'), { recursive: true });
      symlinkSync('/home/user/.ssh', join(run, 'work', 'vendor', 'keys'));
      writeFileSync(join(run, 'home', 'id_rsa'), 'x');
      expect(physicalPath(run, '/home/user/project/vendor/keys')).toBe('/home/user/.ssh');
      expect(physicalPath(run, '/home/user/project/vendor/keys/..')).toBe('/home/user');
      expect(physicalPath(run, '/home/user/project/vendor/../vendor')).toBe('/home/user/project/vendor');
      expect(physicalPath(run, '/home/user/project/missing')).toBeUndefined();
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  });

  it('starts the next call where the last one ended, or in the project when that left it', () => {
    expect(nextCwd('/home/user/project/sub')).toBe('/home/user/project/sub');
    expect(nextCwd('/home/user/.ssh')).toBe('/home/user/project');
    expect(nextCwd('/home/user/project-other')).toBe('/home/user/project');
    expect(nextCwd(undefined)).toBe('/home/user/project');
  });
});

describeWithOracle('bash oracle: a world like the user’s', (oracle) => {
  it('holds links that leave the project: reads through them reach HOME and outside', () => {
    const r = ran(
      oracle().run({ command: `cat ${WORLD.linksOut.sshDir}/../.ssh/id_rsa vendor/home-key docs/outside/notes.txt vendor/notes` }),
    );
    expect(r.leaks.map((l) => l.canary.file).sort()).toEqual(['/home/user/.ssh/id_rsa', '/home/user/id_rsa', '/opt/outside/notes.txt']);
    expect(ran(oracle().run({ command: 'cat lib/util.js' })).exitCode).toBe(0);
  });

  it('has signed commits: a signature placeholder runs gpg', () => {
    const r = ran(oracle().run({ command: "git log --format='%h %G?'" }));
    expect(r.execs.some((e) => e.path.endsWith('/gpg'))).toBe(true);
    expect(r.changes).toEqual([]);
  });

  it('has an embedded bare repository and a nested work tree whose config runs a program', () => {
    expect(programs(ran(oracle().run({ command: 'cd docs/api.git && git diff HEAD~1 HEAD' })))).toContain('/usr/local/bin/evil');
    expect(programs(ran(oracle().run({ command: 'git -C docs/api.git log -1' })))).toContain('/usr/local/bin/evil');
    expect(programs(ran(oracle().run({ command: 'cd vendor/lib && git status' })))).toContain('/usr/local/bin/evil');
    // The project's own git sees none of it.
    const plain = ran(oracle().run({ command: 'git status --porcelain; git log -1 --format=%s' }));
    expect(plain.execs.every((e) => e.argv[0] === 'git')).toBe(true);
    expect(plain.stdout.trim()).toBe('api docs repository');
  });

  it('has content that runs: package scripts (with npm_config_script_shell) and a Makefile', () => {
    expect(ran(oracle().run({ command: 'npm test' })).execs.some((e) => e.argv[0] === 'sh' && e.argv[2] === 'echo test')).toBe(true);
    expect(ran(oracle().run({ command: 'npm_config_script_shell=/usr/bin/rm npm test' })).execs.some((e) => e.path === '/usr/bin/rm')).toBe(
      true,
    );
    expect(ran(oracle().run({ command: 'make' })).stdout).toContain('built');
  });

  it('runs each shell: sh is dash, zsh ties cdpath and runs $READNULLCMD', () => {
    expect(ran(oracle().run({ command: 'echo ${BASH_VERSION:-none}', shell: 'sh' })).stdout.trim()).toBe('none');
    const z = ran(oracle().run({ command: 'cdpath=(/home/user); cd .ssh && cat id_rsa', shell: 'zsh' }));
    expect(z.shell).toBe('zsh');
    expect(z.cwdAfter).toBe('/home/user/.ssh');
    expect(z.leaks.map((l) => l.canary.file)).toEqual(['/home/user/.ssh/id_rsa']);
    const nul = ran(oracle().run({ command: '< .env', shell: 'zsh' }));
    expect(nul.leaks.map((l) => l.canary.file)).toEqual(['/home/user/project/.env']);
  });

  it('runs in the user’s environment: an inherited CDPATH moves cd', () => {
    const r = ran(oracle().run({ command: 'cd .ssh && cat id_rsa', env: { CDPATH: '.:/home/user' } }));
    expect(r.cwdAfter).toBe('/home/user/.ssh');
    expect(ran(oracle().run({ command: 'cd .ssh' })).cwdAfter).toBe('/home/user/project');
  });

  it('keeps files and the working directory between the calls of a session, not the environment', () => {
    const s = oracle().session();
    try {
      const first = ran(s.run({ command: 'mkdir -p d && echo one > d/f && cd d && export X=1' }));
      expect(first.cwdAfter).toBe('/home/user/project/d');
      const second = ran(s.run({ command: 'cat f; echo "x=${X:-unset}"', cwd: first.cwdAfter! }));
      expect(second.stdout).toBe('one\nx=unset\n');
      expect(second.changes).toEqual([]); // against what the first call left
    } finally {
      s.close();
    }
  });

  it('scenarios: decided with the cwd the last call left, stopped at the first call not allowed', () => {
    const settings = { permissions: { allow: ['Bash(*)'], deny: ['Bash(curl *)'] } };
    const held = judgeScenario(oracle(), { settings, mode: 'default', calls: ['cd sub', 'cat notes.txt'] });
    expect(held.outcome).toBe('held');
    expect(held.steps.map((s) => s.cwd)).toEqual(['/home/user/project', '/home/user/project/sub']);
    const left = judgeScenario(oracle(), { settings, mode: 'default', calls: ['cd vendor/keys', 'pwd'] });
    expect(left.steps[1]!.cwd).toBe('/home/user/project');
    const stopped = judgeScenario(oracle(), { settings, mode: 'default', calls: ['echo hi', 'curl x', 'echo never'] });
    expect(stopped.outcome).toBe('not-allowed');
    expect(stopped.steps.map((s) => s.verdict.outcome)).toEqual(['held', 'not-allowed']);
  });
});
