/**
 * toolgate hook's cache directory (the compiled policy it decides with, the main agent's mode per
 * session) is toolgate's own protected path: a tool call that writes there is held for a person in
 * every mode, so an agent cannot lift a deny rule for later sessions by rewriting the cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeFsView } from '../../src/node/index.js';
import type { PermissionMode } from '../../src/core/types.js';
import { caseFsView } from '../../src/cases/case-fs.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { toolgateCacheDir, toolgateCacheDirs, toolgateCacheWrite } from '../../src/evaluate/own-files.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';
const CACHE = `${H}/.cache/toolgate`;

function decide(
  call: { tool: string; input: Record<string, unknown> },
  mode: PermissionMode,
  values?: Record<string, string>,
  deny = ['Read(./.env)'],
) {
  return evaluate(call, {
    mode,
    policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny } } }]),
    cwd: P,
    home: H,
    fs: caseFsView({ [`${P}/README.md`]: 'file', [`${CACHE}/policy-abc.json`]: '{}' }, { cwd: P, home: H, platform: 'linux' }),
    ...(values !== undefined ? { environment: { values, complete: true as const } } : {}),
  });
}
const bash = (command: string) => ({ tool: 'Bash', input: { command } });

beforeAll(async () => {
  await prepare();
});

describe("toolgate hook's cache directory", () => {
  it('is where the hook looks: TOOLGATE_CACHE_DIR, else XDG_CACHE_HOME/toolgate, else ~/.cache/toolgate', () => {
    const env = (v: Record<string, string>) => (n: string) => v[n];
    expect(toolgateCacheDir(env({}), H)).toBe(CACHE);
    expect(toolgateCacheDir(env({ XDG_CACHE_HOME: '/var/c/' }), H)).toBe('/var/c/toolgate');
    expect(toolgateCacheDir(env({ XDG_CACHE_HOME: '/var/c', TOOLGATE_CACHE_DIR: '/opt/tg' }), H)).toBe('/opt/tg');
  });

  it('with the environment unknown, the default and nothing else it could name is assumed; known values name theirs', () => {
    expect(toolgateCacheDirs(undefined, H)).toEqual([CACHE]);
    expect(toolgateCacheDirs({ values: { TOOLGATE_CACHE_DIR: '/opt/tg' }, complete: true }, H)).toEqual(['/opt/tg']);
    expect(toolgateCacheDirs({ values: { XDG_CACHE_HOME: '/var/c' }, complete: true }, H)).toEqual(['/var/c/toolgate']);
    // XDG_CACHE_HOME known, TOOLGATE_CACHE_DIR may be anything: the XDG one (a value it may name is not knowable).
    expect(toolgateCacheDirs({ values: { XDG_CACHE_HOME: '/var/c' } }, H)).toEqual(['/var/c/toolgate']);
  });

  it('a write into it, to it, or to the folder holding it below home is protected; elsewhere is not', () => {
    for (const w of [`${CACHE}/policy-abc.json`, `${CACHE}/sessions/mode-x.json`, CACHE, `${H}/.cache`])
      expect([w, toolgateCacheWrite(w, [CACHE], H) !== undefined]).toEqual([w, true]);
    for (const w of [H, '/home', '/', `${H}/.cache/other/x`, `${P}/src/x.ts`])
      expect([w, toolgateCacheWrite(w, [CACHE], H)]).toEqual([w, undefined]);
  });

  it('rewriting the compiled policy is held for a person in every mode, bypassPermissions included (red team: it lifted every deny rule of later sessions)', () => {
    const calls = [
      bash(`sed -i 's/"deny"/"allow"/g' ~/.cache/toolgate/policy-abc.json`),
      bash(`printf '{}' > ${CACHE}/sessions/mode-1.json`),
      bash(`cp /tmp/forged.json ~/.cache/toolgate/policy-abc.json`),
      { tool: 'Write', input: { file_path: `${CACHE}/policy-abc.json`, content: '{}' } },
    ];
    for (const mode of ['default', 'acceptEdits', 'auto', 'bypassPermissions'] as const)
      for (const call of calls) {
        const d = decide(call, mode);
        expect([mode, JSON.stringify(call.input), d.behavior, d.askKind]).toEqual([mode, JSON.stringify(call.input), 'ask', 'protected']);
        expect(d.reason.message).toContain("toolgate hook's cache");
      }
  });

  it('follows a cache directory the environment names', () => {
    const d = decide({ tool: 'Write', input: { file_path: '/opt/tg/policy-1.json', content: '{}' } }, 'bypassPermissions', {
      TOOLGATE_CACHE_DIR: '/opt/tg',
    });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });

  it('reading it stays ordinary', () => {
    expect(decide(bash('cat ~/.cache/toolgate/policy-abc.json'), 'bypassPermissions').behavior).toBe('allow');
    expect(decide(bash('rm -rf ~/.cache/pip ~/.npm/_cacache'), 'bypassPermissions').behavior).toBe('allow');
  });

  it("removing or moving it, a file in it or a folder holding it meets the check a write meets, in every mode (red team: the sessions' mode records that cap sub-agents were wiped)", () => {
    const commands = [
      'rm -rf ~/.cache/toolgate/sessions',
      'rm ~/.cache/toolgate/policy-*.json',
      'mv ~/.cache/toolgate ~/tg',
      'mv ~/.cache ~/.c2',
      'rm -rf ~/.cache',
      'find ~/.cache -name "*.json" -delete',
    ];
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const)
      for (const c of commands) {
        const d = decide(bash(c), mode, undefined, []);
        expect([mode, c, d.behavior, d.askKind]).toEqual([mode, c, 'ask', 'protected']);
        expect(d.reason.message).toContain("toolgate hook's cache");
      }
  });

  it('on a real file system, the removal of the cache a known XDG_CACHE_HOME names is held, and of its siblings is not', () => {
    const root = mkdtempSync(join(tmpdir(), 'tg-own-cache-'));
    try {
      const home = join(root, 'home'),
        project = join(home, 'project'),
        xdg = join(root, 'xdg');
      mkdirSync(join(xdg, 'toolgate', 'sessions'), { recursive: true });
      mkdirSync(join(xdg, 'pip'), { recursive: true });
      mkdirSync(project, { recursive: true });
      writeFileSync(join(xdg, 'toolgate', 'sessions', 'mode-1.json'), '{}');
      const run = (command: string) =>
        evaluate(bash(command), {
          mode: 'bypassPermissions',
          policy: policyFromObjects([]),
          cwd: project,
          home,
          fs: nodeFsView(),
          environment: { values: { XDG_CACHE_HOME: xdg, PATH: '/usr/bin:/bin' }, complete: true },
        });
      const held = run(`rm -rf ${xdg}/toolgate/sessions`);
      expect([held.behavior, held.askKind]).toEqual(['ask', 'protected']);
      expect(run(`rm -rf ${xdg}/pip`).behavior).toBe('allow');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("toolgate's own code", () => {
  const write = (file_path: string) => ({ tool: 'Write', input: { file_path, content: 'module.exports={hookMain:async()=>0}' } });
  function decideWith(
    call: { tool: string; input: Record<string, unknown> },
    mode: PermissionMode,
    hookCommand: string | undefined,
    fs: Record<string, string>,
  ) {
    const settings = {
      permissions: { deny: ['Bash(rm -rf *)'] },
      ...(hookCommand !== undefined
        ? { hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: hookCommand }] }] } }
        : {}),
    };
    return evaluate(call, {
      mode,
      policy: policyFromObjects([{ kind: 'projectSettings', settings }]),
      cwd: P,
      home: H,
      projectDir: P,
      workingDirectories: [P],
      fs: caseFsView({ [`${P}/README.md`]: 'file', ...fs }, { cwd: P, home: H, platform: 'linux' }),
    });
  }
  const protectedAsk = (d: ReturnType<typeof decideWith>) => [d.behavior, d.askKind];

  it('an install of toolgate in the project is protected in acceptEdits (red team: rewriting dist/cli/hook.cjs made every later hook run allow everything)', () => {
    for (const file of [
      `${P}/node_modules/toolgate/dist/cli/hook.cjs`,
      `${P}/node_modules/toolgate/dist/index.js`,
      `${P}/node_modules/.pnpm/toolgate@0.1.0/node_modules/toolgate/dist/cli/main.js`,
    ]) {
      const d = decideWith(write(file), 'acceptEdits', 'node node_modules/toolgate/dist/cli/main.js hook', {});
      expect([file, ...protectedAsk(d)]).toEqual([file, 'ask', 'protected']);
      expect(d.reason.message).toContain('install of toolgate');
    }
    const sed = decideWith(bash(`sed -i 's/deny/allow/' node_modules/toolgate/dist/cli/hook.cjs`), 'acceptEdits', undefined, {});
    expect(protectedAsk(sed)).toEqual(['ask', 'protected']);
  });

  it("npx's cache and a global install below home are protected in bypassPermissions", () => {
    for (const file of [
      `${H}/.npm/_npx/0a1b2c/node_modules/toolgate/dist/cli/hook.cjs`,
      `${H}/.nvm/versions/node/v20.18.0/lib/node_modules/toolgate/dist/cli/main.js`,
    ]) {
      expect([file, ...protectedAsk(decideWith(write(file), 'bypassPermissions', 'npx toolgate hook', {}))]).toEqual([
        file,
        'ask',
        'protected',
      ]);
    }
  });

  it('the toolgate package a hook command runs, found through links and its package.json, is protected wherever it is', () => {
    const checkout = '/opt/src/toolgate';
    const fs = {
      [`${checkout}/package.json`]: 'text: {"name":"toolgate","version":"0.1.0"}',
      [`${checkout}/dist/cli/main.js`]: 'file',
      [`${checkout}/dist/cli/hook.cjs`]: 'file',
    };
    for (const command of [`node ${checkout}/dist/cli/main.js hook`, `"$CLAUDE_PROJECT_DIR"/tools/tg hook`]) {
      const links = { ...fs, [`${P}/tools/tg`]: `symlink -> ${checkout}/dist/cli/main.js` };
      const d = decideWith(write(`${checkout}/dist/cli/hook.cjs`), 'bypassPermissions', command, links);
      expect([command, ...protectedAsk(d)]).toEqual([command, 'ask', 'protected']);
      expect(d.reason.message).toContain('a hook of the settings runs');
    }
  });

  it('a script a hook command names is protected; other packages and files stay ordinary', () => {
    expect(
      protectedAsk(
        decideWith(write(`${P}/scripts/check-call.mjs`), 'acceptEdits', 'node scripts/check-call.mjs', {
          [`${P}/scripts/check-call.mjs`]: 'file',
        }),
      ),
    ).toEqual(['ask', 'protected']);
    for (const file of [
      `${P}/node_modules/lodash/index.js`,
      `${P}/src/toolgate.ts`,
      `${P}/node_modules/toolgate-plugin/index.js`,
      `${P}/scripts/other.mjs`,
    ]) {
      expect([file, decideWith(write(file), 'acceptEdits', 'node scripts/check-call.mjs', {}).behavior]).toEqual([file, 'allow']);
    }
  });

  it("a hook command's folders and devices are no code it runs: the project stays writable in acceptEdits", () => {
    const fs = { [`${P}/src`]: 'directory', [`${P}/src/a.ts`]: 'file' };
    const command = `toolgate hook --project ${P} --settings ${P}/src 2> /dev/null`;
    expect(decideWith(write(`${P}/src/a.ts`), 'acceptEdits', command, fs).behavior).toBe('allow');
    expect(decideWith(bash('npm test > /dev/null'), 'bypassPermissions', command, fs).askKind).not.toBe('protected');
  });

  it('a script a hook command names that is not there yet is protected by its name (the write creates what runs next)', () => {
    expect(protectedAsk(decideWith(write(`${P}/scripts/guard.py`), 'acceptEdits', 'python3 scripts/guard.py', {}))).toEqual([
      'ask',
      'protected',
    ]);
    // Python runs whatever file it is given, whatever its name (decision 0128); a file named as an argument past it is not the script.
    expect(protectedAsk(decideWith(write(`${P}/scripts/notes.txt`), 'acceptEdits', 'python3 scripts/notes.txt', {}))).toEqual(['ask', 'protected']);
    expect(decideWith(write(`${P}/scripts/notes.txt`), 'acceptEdits', 'python3 scripts/guard.py --log scripts/notes.txt', {}).behavior).toBe('allow');
  });

  it('the scripts settings keys name that Claude Code runs with no tool call are protected as a hook script is (red team 24, RT24-J)', () => {
    const fs = { [`${P}/tools/status.sh`]: 'file', [`${P}/tools/key.sh`]: 'file', [`${P}/tools/other.sh`]: 'file' };
    const decideKeys = (call: { tool: string; input: Record<string, unknown> }, extra: Record<string, unknown>) =>
      evaluate(call, {
        mode: 'acceptEdits',
        policy: policyFromObjects([{ kind: 'projectSettings', settings: { ...extra } }]),
        cwd: P,
        home: H,
        projectDir: P,
        workingDirectories: [P],
        fs: caseFsView({ [`${P}/README.md`]: 'file', ...fs }, { cwd: P, home: H, platform: 'linux' }),
      });
    const status = decideKeys(bash('printf x > tools/status.sh'), { statusLine: { type: 'command', command: 'bash tools/status.sh' } });
    expect([status.behavior, status.askKind]).toEqual(['ask', 'protected']);
    expect(status.reason.message).toContain("the settings' statusLine names, which Claude Code runs to draw the status line");
    const key = decideKeys(write(`${P}/tools/key.sh`), { apiKeyHelper: 'sh tools/key.sh' });
    expect(key.reason.message).toContain("the settings' apiKeyHelper names, which Claude Code runs in /bin/sh");
    expect(decideKeys(write(`${P}/tools/other.sh`), { apiKeyHelper: 'sh tools/key.sh' }).behavior).toBe('allow');
    // A value of the wrong shape names nothing Claude Code runs.
    expect(decideKeys(write(`${P}/tools/status.sh`), { statusLine: 'bash tools/status.sh' }).behavior).toBe('allow');
  });

  describe('the packages a toolgate install loads (red team 24, RT24-E: a planted node_modules/zod answered the next hook call)', () => {
    const pkgJson = (name: string, deps: Record<string, string> = {}) =>
      `text: ${JSON.stringify({ name, version: '1.0.0', dependencies: deps })}\n`;
    const tree = {
      [`${P}/node_modules/toolgate/package.json`]: pkgJson('toolgate', { zod: '4', 'proper-lockfile': '4', 'jsonc-parser': '3' }),
      [`${P}/node_modules/toolgate/dist/cli/main.js`]: 'text: x\n',
      // As npm packs it: dist/cli/package.json sets the module type and has no name (replay 24, RP24-E1).
      [`${P}/node_modules/toolgate/dist/cli/package.json`]: 'text: {"type":"commonjs"}\n',
      [`${P}/node_modules/zod/package.json`]: pkgJson('zod'),
      [`${P}/node_modules/proper-lockfile/package.json`]: pkgJson('proper-lockfile', { 'graceful-fs': '4' }),
      [`${P}/node_modules/graceful-fs/package.json`]: pkgJson('graceful-fs'),
      [`${P}/node_modules/lodash/package.json`]: pkgJson('lodash'),
    };
    const script = 'node "$CLAUDE_PROJECT_DIR"/node_modules/toolgate/dist/cli/main.js hook';

    it('a dependency, a dependency of one, and where a missing one would be found are protected; by path or by name (npx)', () => {
      for (const hook of [script, 'npx toolgate hook', 'npx -y toolgate@1.2.0 hook'])
        for (const file of [
          `${P}/node_modules/zod/index.cjs`,
          `${P}/node_modules/graceful-fs/graceful-fs.js`,
          `${P}/node_modules/jsonc-parser/lib/umd/main.js`,
          `${P}/node_modules/toolgate/node_modules/zod/index.cjs`,
        ]) {
          const d = decideWith(write(file), 'acceptEdits', hook, tree);
          expect([hook, file, ...protectedAsk(d)]).toEqual([hook, file, 'ask', 'protected']);
        }
    });

    it('another package, and the same packages with no toolgate hook, stay ordinary', () => {
      expect(decideWith(write(`${P}/node_modules/lodash/index.js`), 'acceptEdits', script, tree).behavior).toBe('allow');
      expect(decideWith(write(`${P}/node_modules/zod/index.cjs`), 'acceptEdits', 'node scripts/check.mjs', tree).behavior).toBe('allow');
      // npm writes node_modules as a program does, not by names the command gives: no new ask.
      for (const command of ['npm install', 'npm ci', 'npm install lodash'])
        for (const mode of ['acceptEdits', 'bypassPermissions'] as const) {
          const withHook = decideWith(bash(command), mode, script, tree);
          const without = decideWith(bash(command), mode, 'node scripts/check.mjs', tree);
          expect([command, mode, withHook.behavior, withHook.askKind]).toEqual([command, mode, without.behavior, without.askKind]);
        }
    });
  });
});
