import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { applyToSettingsJson, createGate, type GateResult } from '../../src/gate/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { bash, gateFor, CWD, HOME } from './helpers.js';

beforeAll(() => prepare());

type Ask = Extract<GateResult, { behavior: 'ask' }>;

describe('"Yes, and don\'t ask again"', () => {
  it('adds the suggested rule for the session and sub-agents, and to .claude/settings.local.json in a trusted project', async () => {
    const fs = createMemoryFileSystem({
      [`${CWD}/.claude/settings.local.json`]: JSON.stringify({ env: { A: '1' }, permissions: { allow: ['Read(./x)'] } }),
      [`${CWD}/.git/info/exclude`]: '# git ls-files --others --exclude-from=.git/info/exclude\n',
    });
    const gate = gateFor({ fs, isProjectTrusted: () => true });
    const r = (await gate.check(bash('npm run build'))) as Ask;
    expect(r.pending.suggestions[0]).toMatchObject({ type: 'addRules', destination: 'localSettings' });
    const updates: unknown[] = [];
    gate.on('permissionUpdate', (u) => updates.push(u));
    expect((await gate.answer(r.pending, { behavior: 'allow', remember: true })).behavior).toBe('allow');
    expect(updates).toHaveLength(1);
    expect((await gate.check(bash('npm run build -- --prod'))).behavior).toBe('allow');
    expect((await gate.forAgent({ id: 'a1', type: 'general-purpose' }).check(bash('npm run build'))).behavior).toBe('allow');
    const json = JSON.parse(await fs.readText(`${CWD}/.claude/settings.local.json`));
    expect(json).toEqual({ env: { A: '1' }, permissions: { allow: ['Read(./x)', 'Bash(npm run build *)'] } });
    expect(await fs.readText(`${CWD}/.git/info/exclude`)).toMatch(/\n\.claude\/settings\.local\.json\n$/);
  });

  it('creates the file when missing; the exclude line is added once', async () => {
    const fs = createMemoryFileSystem({ [`${CWD}/.git/HEAD`]: 'ref: refs/heads/main\n' });
    const gate = gateFor({ fs });
    for (const cmd of ['npm run a', 'npm run b']) {
      const r = (await gate.check(bash(cmd))) as Ask;
      await gate.answer(r.pending, { behavior: 'allow', remember: true });
    }
    expect(JSON.parse(await fs.readText(`${CWD}/.claude/settings.local.json`)).permissions.allow).toEqual([
      'Bash(npm run a *)',
      'Bash(npm run b *)',
    ]);
    expect(await fs.readText(`${CWD}/.git/info/exclude`)).toBe('.claude/settings.local.json\n');
  });

  it('an untrusted project gets the rule for the session only', async () => {
    const fs = createMemoryFileSystem({});
    const gate = gateFor({ fs, isProjectTrusted: () => false });
    const r = (await gate.check(bash('npm run build'))) as Ask;
    const applied: { applied: string; note?: string }[] = [];
    gate.on('permissionUpdate', (u) => applied.push(u));
    await gate.answer(r.pending, { behavior: 'allow', remember: true });
    expect(applied[0]).toMatchObject({ applied: 'session' });
    expect(await fs.stat(`${CWD}/.claude/settings.local.json`)).toBeUndefined();
    expect((await gate.check(bash('npm run build'))).behavior).toBe('allow');
  });

  it('a settings file that is not JSON is left alone', async () => {
    const fs = createMemoryFileSystem({ [`${CWD}/.claude/settings.local.json`]: '{ broken' });
    const gate = gateFor({ fs });
    const [a] = await gate.applyUpdates([
      { type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
    ]);
    expect(a).toMatchObject({ applied: 'session' });
    expect(await fs.readText(`${CWD}/.claude/settings.local.json`)).toBe('{ broken');
  });

  it('the note says which file and why; a comment counts as not JSON, as in Claude Code', async () => {
    const text = '{\n  // mine\n  "permissions": {}\n}\n';
    const fs = createMemoryFileSystem({ [`${CWD}/.claude/settings.local.json`]: text });
    const gate = gateFor({ fs });
    const r = (await gate.check(bash('npm run build'))) as Ask;
    const done = await gate.answer(r.pending, { behavior: 'allow', remember: true });
    expect(done.behavior).toBe('allow');
    expect(done.trace.find((s) => s.step === 'permissionUpdate')?.detail).toBe(
      `addRules (localSettings): session — ${CWD}/.claude/settings.local.json was not written: it is not valid JSON at line 2, column 3 (a comment: Claude Code reads settings files as strict JSON and skips a file that has one); fix it by hand first; it is unchanged`,
    );
    expect(await fs.readText(`${CWD}/.claude/settings.local.json`)).toBe(text);
  });

  it('every kind of file update edits in place: the hand-written layout and unknown keys stay', async () => {
    const file = `${CWD}/.claude/settings.json`;
    const fs = createMemoryFileSystem({
      [file]: '{\n    "model": "opus",\n    "permissions": { "deny": ["Bash(rm *)"] },\n    "x-team": [1, 2]\n}\n',
    });
    const gate = gateFor({ fs });
    const applied = await gate.applyUpdates([
      { type: 'addRules', behavior: 'ask', destination: 'projectSettings', rules: [{ toolName: 'Bash', ruleContent: 'git push *' }] },
      { type: 'addDirectories', destination: 'projectSettings', directories: ['../shared'] },
      { type: 'setMode', mode: 'acceptEdits', destination: 'projectSettings' },
      { type: 'removeRules', behavior: 'deny', destination: 'projectSettings', rules: [{ toolName: 'Bash', ruleContent: 'rm *' }] },
    ]);
    expect(applied.map((a) => a.applied)).toEqual(['sessionAndFile', 'sessionAndFile', 'sessionAndFile', 'sessionAndFile']);
    const out = await fs.readText(file);
    expect(out.startsWith('{\n    "model": "opus",\n    "permissions": {')).toBe(true);
    expect(out.endsWith('    "x-team": [1, 2]\n}\n')).toBe(true);
    expect(JSON.parse(out)).toEqual({
      model: 'opus',
      permissions: { deny: [], ask: ['Bash(git push *)'], additionalDirectories: ['../shared'], defaultMode: 'acceptEdits' },
      'x-team': [1, 2],
    });
  });
});

describe('permission update variants', () => {
  it('addRules / removeRules / replaceRules on the session', async () => {
    const gate = gateFor();
    await gate.applyUpdates([
      { type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
    ]);
    expect((await gate.check(bash('make x'))).behavior).toBe('allow');
    await gate.applyUpdates([
      { type: 'removeRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
    ]);
    expect((await gate.check(bash('make x'))).behavior).toBe('ask');
    await gate.applyUpdates([
      { type: 'replaceRules', behavior: 'deny', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
    ]);
    expect((await gate.check(bash('make x'))).behavior).toBe('deny');
  });

  it('addDirectories / removeDirectories', async () => {
    const gate = gateFor();
    const read = { tool: 'Read', input: { file_path: '/srv/data/a.txt' } };
    expect((await gate.check(read)).behavior).toBe('ask');
    await gate.applyUpdates([{ type: 'addDirectories', directories: ['/srv/data'], destination: 'session' }]);
    expect((await gate.check(read)).behavior).toBe('allow');
    await gate.applyUpdates([{ type: 'removeDirectories', directories: ['/srv/data'], destination: 'session' }]);
    expect((await gate.check(read)).behavior).toBe('ask');
  });

  it('removeRules with a file destination removes the loaded rule and writes the file', async () => {
    const fs = createMemoryFileSystem({ [`${HOME}/.claude/settings.json`]: JSON.stringify({ permissions: { deny: ['Bash(make *)'] } }) });
    const g2 = createGate({
      policy: [{ kind: 'userSettings', settings: { permissions: { deny: ['Bash(make *)'] } }, file: `${HOME}/.claude/settings.json` }],
      cwd: CWD,
      home: HOME,
      fs,
    });
    expect((await g2.check(bash('make x'))).behavior).toBe('deny');
    await g2.applyUpdates([
      { type: 'removeRules', behavior: 'deny', destination: 'userSettings', rules: [{ toolName: 'Bash', ruleContent: 'make *' }] },
    ]);
    expect((await g2.check(bash('make x'))).behavior).toBe('ask');
    expect(JSON.parse(await fs.readText(`${HOME}/.claude/settings.json`))).toEqual({ permissions: { deny: [] } });
  });

  it('an answer cannot remove deny rules', async () => {
    const gate = gateFor({ settings: { permissions: { deny: ['Bash(curl *)'] } } });
    const r = (await gate.check(bash('npm install'))) as Ask;
    await gate.answer(r.pending, {
      behavior: 'allow',
      updatedPermissions: [{ type: 'replaceRules', behavior: 'deny', destination: 'projectSettings', rules: [] }],
    });
    expect((await gate.check(bash('curl x'))).behavior).toBe('deny');
  });

  it('setMode through an update; bypassPermissions is never saved as defaultMode', () => {
    expect(applyToSettingsJson({}, { type: 'setMode', mode: 'bypassPermissions', destination: 'localSettings' })).toMatch(/never saved/);
    expect(applyToSettingsJson({ x: 1 }, { type: 'setMode', mode: 'acceptEdits', destination: 'localSettings' })).toEqual({
      x: 1,
      permissions: { defaultMode: 'acceptEdits' },
    });
  });

  it('a PermissionRequest hook cannot switch to bypass when it is disabled; the call is still approved', async () => {
    const gate = gateFor({
      settings: { permissions: { disableBypassPermissionsMode: 'disable' } },
      permissionRequest: [
        async () => ({
          hookSpecificOutput: {
            hookEventName: 'PermissionRequest',
            decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] },
          },
        }),
      ],
    });
    expect((await gate.check(bash('npm install'))).behavior).toBe('allow');
    expect(gate.mode).toBe('default');
  });
});
