import { describe, expect, it } from 'vitest';
import type { FileSystem } from '../../src/core/ports.js';
import { loadSettings, mergePolicy, parseSettingsFile, readSettingsText } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const HOME = '/home/u';
const PROJECT = '/home/u/project';
const USER_FILE = `${HOME}/.claude/settings.json`;
const PROJECT_FILE = `${PROJECT}/.claude/settings.json`;
const LOCAL_FILE = `${PROJECT}/.claude/settings.local.json`;
const MANAGED_FILE = '/etc/claude-code/managed-settings.json';
const SRC = { kind: 'projectSettings' as const, file: PROJECT_FILE };
const json = (v: unknown) => JSON.stringify(v);
const texts = (p: { rules: { list: string; rule: { text: string } }[] }) => p.rules.map((r) => `${r.list}:${r.rule.text}`);

function utf16le(text: string, bom: boolean): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  if (bom) out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) out[(bom ? 2 : 0) + i * 2] = text.charCodeAt(i);
  return out;
}

describe('what counts as a broken settings file', () => {
  it('a comment is not valid: Claude Code reads strict JSON; the message names line, column and why', () => {
    const p = parseSettingsFile('{\n  // keep secrets out\n  "permissions": { "deny": ["Read(./.env)"], "allow": ["Bash"] }\n}', SRC);
    expect(p.diagnostics).toHaveLength(1);
    expect(p.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_JSON', severity: 'error', file: PROJECT_FILE, line: 2, column: 3 });
    expect(p.diagnostics[0]?.message).toContain('a comment: Claude Code reads settings files as strict JSON');
    expect(p.settings.broken).toMatchObject({ code: 'TG_SETTINGS_JSON', line: 2, column: 3, source: SRC });
    // The deny rule still protects; the allow rule is not read.
    expect(texts(p.settings)).toEqual(['deny:Read(./.env)']);
  });

  it('a trailing comma is not valid either, pointed at the comma', () => {
    const p = parseSettingsFile('{\n  "permissions": {\n    "ask": ["Bash(git push *)",],\n    "allow": ["Read"]\n  }\n}', SRC);
    expect(p.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_JSON', line: 3, column: 31 });
    expect(p.diagnostics[0]?.message).toContain('a trailing comma');
    expect(texts(p.settings)).toEqual(['ask:Bash(git push *)']);
  });

  it('a truncated file keeps the deny rules written before the cut, and the restrictive keys', () => {
    const p = parseSettingsFile(
      '{"disableAutoMode": "disable", "permissions": {"disableBypassPermissionsMode": "disable", "deny": ["Bash(rm *)", "WebFetch"], "allow": ["Bash"',
      SRC,
    );
    expect(texts(p.settings)).toEqual(['deny:Bash(rm *)', 'deny:WebFetch']);
    expect(p.settings.disableBypassPermissionsMode).toBe(true);
    expect(p.settings.disableAutoMode).toBe(true);
    expect(p.diagnostics[0]?.message).toContain('2 deny and ask rules could still be read from it and apply');
  });

  it('an empty file and JSON that is not an object are broken', () => {
    expect(parseSettingsFile('', SRC).settings.broken?.message).toContain('the file is empty');
    expect(parseSettingsFile('  \n', SRC).settings.broken?.code).toBe('TG_SETTINGS_JSON');
    const arr = parseSettingsFile('["Bash"]', SRC);
    expect(arr.settings.broken).toMatchObject({ code: 'TG_SETTINGS_TYPE' });
    expect(arr.diagnostics[0]?.message).toContain('expected a JSON object at the top level, got array');
  });

  it('a UTF-8 byte-order mark is fine; strict JSON is fine', () => {
    const p = parseSettingsFile('\ufeff{"permissions": {"allow": ["Read"]}}', SRC);
    expect(p.settings.broken).toBeUndefined();
    expect(p.diagnostics).toEqual([]);
    expect(texts(p.settings)).toEqual(['allow:Read']);
  });

  it('UTF-16 (with or without a byte-order mark) and invalid UTF-8 are unreadable, with where', async () => {
    const fs = createMemoryFileSystem({
      '/a.json': utf16le('{"permissions":{}}', true),
      '/b.json': utf16le('{"permissions":{}}', false),
      '/c.json': new Uint8Array([...new TextEncoder().encode('{\n  "x": "'), 0xe9, ...new TextEncoder().encode('"\n}')]),
    });
    expect(await readSettingsText(fs, '/a.json')).toMatchObject({
      kind: 'unreadable',
      code: 'TG_SETTINGS_ENCODING',
      message: expect.stringContaining('UTF-16 (byte-order mark FF FE'),
    });
    expect(await readSettingsText(fs, '/b.json')).toMatchObject({
      kind: 'unreadable',
      code: 'TG_SETTINGS_ENCODING',
      message: expect.stringContaining('UTF-16 without a byte-order mark'),
    });
    expect(await readSettingsText(fs, '/c.json')).toMatchObject({
      kind: 'unreadable',
      code: 'TG_SETTINGS_ENCODING',
      line: 2,
      column: 9,
      message: expect.stringContaining('0xe9'),
    });
  });

  it('a directory, a dangling symbolic link and a permission error are unreadable; a missing file is not', async () => {
    const base = createMemoryFileSystem({
      '/dir.json': { directory: true },
      '/link.json': { symlink: '/nowhere.json' },
      '/locked.json': '{}',
    });
    const fs: FileSystem = {
      ...base,
      readFile: async (path) => {
        if (path === '/locked.json') throw Object.assign(new Error('EACCES: open'), { code: 'EACCES' });
        return base.readFile(path);
      },
    };
    expect(await readSettingsText(fs, '/dir.json')).toMatchObject({
      kind: 'unreadable',
      code: 'TG_SETTINGS_READ',
      message: 'it is a directory, not a file',
    });
    expect(await readSettingsText(fs, '/link.json')).toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('symbolic link to a file that does not exist'),
    });
    expect(await readSettingsText(fs, '/locked.json')).toMatchObject({ kind: 'unreadable', message: 'permission denied (EACCES)' });
    expect(await readSettingsText(fs, '/missing.json')).toEqual({ kind: 'missing' });
  });
});

describe('a broken file in the merged policy', () => {
  it('is listed in brokenFiles from every source, with a diagnostic naming it; other files load', async () => {
    const fs = createMemoryFileSystem({
      [USER_FILE]: '{ "permissions": { "allow": ["Read"], } }',
      [PROJECT_FILE]: json({ permissions: { deny: ['Bash(rm *)'], allow: ['Bash(npm test)'] } }),
      [LOCAL_FILE]: utf16le('{}', true),
      [MANAGED_FILE]: { directory: true },
    });
    const p = await loadSettings({ fs, cwd: PROJECT, home: HOME, platform: 'linux' });
    expect(p.brokenFiles?.map((b) => [b.source.kind, b.source.file, b.code])).toEqual([
      ['userSettings', USER_FILE, 'TG_SETTINGS_JSON'],
      ['localSettings', LOCAL_FILE, 'TG_SETTINGS_ENCODING'],
      ['managed', MANAGED_FILE, 'TG_SETTINGS_READ'],
    ]);
    expect(p.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file)).toEqual([USER_FILE, LOCAL_FILE, MANAGED_FILE]);
    for (const d of p.diagnostics) expect(d.message).toContain('no call is allowed without a person');
    expect(texts(p)).toEqual(['allow:Bash(npm test)', 'deny:Bash(rm *)']);
  });

  it('a sound policy has no brokenFiles', async () => {
    const fs = createMemoryFileSystem({ [PROJECT_FILE]: json({ permissions: { allow: ['Read'] } }) });
    expect((await loadSettings({ fs, cwd: PROJECT, home: HOME, settingSources: ['project'] })).brokenFiles).toBeUndefined();
  });

  it('an untrusted project: deny and ask rules and restrictive keys stay, and a broken file still fails closed', async () => {
    const fs = createMemoryFileSystem({
      [PROJECT_FILE]: json({
        permissions: {
          deny: ['Bash(rm *)'],
          ask: ['Bash(git push *)'],
          allow: ['Bash'],
          disableBypassPermissionsMode: 'disable',
          defaultMode: 'bypassPermissions',
          additionalDirectories: ['/'],
        },
        disableAutoMode: 'disable',
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }] },
      }),
      [LOCAL_FILE]: '{"permissions": {"deny": ["WebFetch"], "allow": ["Read"]} // mine',
    });
    const p = await loadSettings({ fs, cwd: PROJECT, home: HOME, settingSources: ['project', 'local'], isProjectTrusted: () => false });
    expect(texts(p)).toEqual(['deny:WebFetch', 'ask:Bash(git push *)', 'deny:Bash(rm *)']);
    expect(p.disableBypassPermissionsMode).toBe(true);
    expect(p.disableAutoMode).toBe(true);
    expect(p.defaultMode).toBeUndefined();
    expect(p.additionalDirectories).toEqual([]);
    expect(p.hooks).toEqual([]);
    expect(p.brokenFiles?.map((b) => b.source.file)).toEqual([LOCAL_FILE]);
  });
});

describe('a deny or ask rule that cannot be read', () => {
  const cases: [string, unknown, string][] = [
    ['a deny list written as a string', { permissions: { deny: 'Read(./.env)', allow: ['Bash'] } }, 'permissions.deny'],
    ['a deny rule that does not parse', { permissions: { deny: ['Read(./.env', 'Bash(rm *)'] } }, 'permissions.deny[0]'],
    ['an ask rule that is not a string', { permissions: { ask: [{ rule: 'Bash(git push *)' }] } }, 'permissions.ask[0]'],
    ['a deny key spelt another way', { permissions: { Deny: ['Read(./.env)'] } }, 'permissions.Deny'],
    ['permissions that are not an object', { permissions: ['Read(./.env)'] }, 'permissions'],
  ];
  for (const [what, value, where] of cases) {
    it(`${what}: the merged policy lists the file as broken, naming ${where}`, () => {
      const parsed = parseSettingsFile(json(value), SRC);
      expect(parsed.diagnostics.some((d) => d.file === PROJECT_FILE && d.path?.[0] === 'permissions')).toBe(true);
      const policy = mergePolicy([parsed]);
      expect(policy.brokenFiles).toEqual([
        { source: SRC, code: expect.any(String), message: `a deny or ask rule cannot be read at ${where}` },
      ]);
    });
  }

  it('keeps the deny rules it could read in force', () => {
    const policy = mergePolicy([
      parseSettingsFile(json({ permissions: { deny: ['Read(./.env', 'Bash(rm *)'], allow: ['Bash(ls *)'] } }), SRC),
    ]);
    expect(texts(policy)).toEqual(['allow:Bash(ls *)', 'deny:Bash(rm *)']);
  });

  it('an allow rule that cannot be read only drops itself: nothing is lost by not allowing', () => {
    const policy = mergePolicy([parseSettingsFile(json({ permissions: { allow: ['Bash(ls', 3], deny: ['Bash(rm *)'] } }), SRC)]);
    expect(policy.brokenFiles).toBeUndefined();
    expect(texts(policy)).toEqual(['deny:Bash(rm *)']);
  });
});
