import { describe, expect, it } from 'vitest';
import { updateSettingsFile, type SettingsChange } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const FILE = '/p/.claude/settings.local.json';
const addAllow = (...values: string[]): SettingsChange => ({ op: 'add', path: ['permissions', 'allow'], values });

describe('updateSettingsFile', () => {
  it('creates a missing file and its directory', async () => {
    const fs = createMemoryFileSystem();
    expect(await updateSettingsFile(fs, FILE, [addAllow('Bash(npm test *)')])).toEqual({ ok: true, file: FILE, changed: true });
    expect(await fs.readText(FILE)).toBe('{\n  "permissions": {\n    "allow": [\n      "Bash(npm test *)"\n    ]\n  }\n}\n');
  });

  it('edits in place: order, unknown keys, indentation (spaces, tabs) and CRLF line ends stay', async () => {
    const spaces =
      '{\n    "$schema": "https://json.schemastore.org/claude-code-settings.json",\n    "permissions": {\n        "allow": ["Read"],\n        "deny": ["Bash(rm *)"]\n    },\n    "env": {"A": "1"}\n}\n';
    const tabs = '{\r\n\t"model": "opus",\r\n\t"permissions": {\r\n\t\t"allow": [\r\n\t\t\t"Read"\r\n\t\t]\r\n\t}\r\n}\r\n';
    const fs = createMemoryFileSystem({ '/a.json': spaces, '/b.json': tabs });
    await updateSettingsFile(fs, '/a.json', [addAllow('Bash(ls *)')]);
    expect(await fs.readText('/a.json')).toBe(
      '{\n    "$schema": "https://json.schemastore.org/claude-code-settings.json",\n    "permissions": {\n        "allow": [\n            "Read",\n            "Bash(ls *)"\n        ],\n        "deny": ["Bash(rm *)"]\n    },\n    "env": {"A": "1"}\n}\n',
    );
    await updateSettingsFile(fs, '/b.json', [addAllow('Bash(ls *)')]);
    expect(await fs.readText('/b.json')).toBe(
      '{\r\n\t"model": "opus",\r\n\t"permissions": {\r\n\t\t"allow": [\r\n\t\t\t"Read",\r\n\t\t\t"Bash(ls *)"\r\n\t\t]\r\n\t}\r\n}\r\n',
    );
  });

  it('adds only what is missing, removes every copy, sets and deletes values; no change, no write', async () => {
    const fs = createMemoryFileSystem({ [FILE]: '{"permissions": {"allow": ["A", "B", "A", 7], "defaultMode": "plan"}}' });
    expect(await updateSettingsFile(fs, FILE, [addAllow('A', 'B')])).toMatchObject({ ok: true, changed: false });
    await updateSettingsFile(fs, FILE, [
      { op: 'remove', path: ['permissions', 'allow'], values: ['A'] },
      addAllow('C', 'C'),
      { op: 'set', path: ['permissions', 'defaultMode'], value: undefined },
      { op: 'add', path: ['permissions', 'additionalDirectories'], values: ['../lib'] },
    ]);
    expect(JSON.parse(await fs.readText(FILE))).toEqual({ permissions: { allow: ['B', 7, 'C'], additionalDirectories: ['../lib'] } });
  });

  it('never writes over a file it cannot parse, or a value of the wrong shape; the file stays byte for byte', async () => {
    const cases: Record<string, string | Uint8Array> = {
      '/comment.json': '{\n  // mine\n  "permissions": {}\n}',
      '/comma.json': '{"permissions": {"allow": ["Read"],}}',
      '/empty.json': '',
      '/array.json': '[]',
      '/utf16.json': new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x7d, 0]),
      '/perms.json': '{"permissions": ["Read"]}',
      '/allow.json': '{"permissions": {"allow": "Read"}}',
      // Readers take the last of two equal keys; jsonc-parser's modify edits the first, so the rule would be lost.
      '/twice.json': '{"permissions": {"allow": ["A"]}, "permissions": {"deny": ["B"]}}',
      '/twice-inner.json': '{"permissions": {"allow": ["A"], "allow": ["B"]}}',
    };
    const fs = createMemoryFileSystem({ ...cases, '/dir.json': { directory: true } });
    const messages: Record<string, string> = {};
    for (const file of [...Object.keys(cases), '/dir.json']) {
      const r = await updateSettingsFile(fs, file, [addAllow('Bash')]);
      expect(r.ok, file).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe('TG_SETTINGS_WRITE');
        messages[file] = r.message;
      }
    }
    for (const [file, content] of Object.entries(cases))
      expect(await fs.readFile(file)).toEqual(typeof content === 'string' ? new TextEncoder().encode(content) : content);
    expect(messages['/comment.json']).toBe(
      '/comment.json was not written: it is not valid JSON at line 2, column 3 (a comment: Claude Code reads settings files as strict JSON and skips a file that has one); fix it by hand first; it is unchanged',
    );
    expect(messages['/comma.json']).toContain('a trailing comma');
    expect(messages['/empty.json']).toContain('the file is empty');
    expect(messages['/array.json']).toContain('does not hold a JSON object');
    expect(messages['/utf16.json']).toContain('UTF-16');
    expect(messages['/perms.json']).toContain('permissions is not an object');
    expect(messages['/allow.json']).toContain('permissions.allow is not a list');
    expect(messages['/dir.json']).toContain('it is a directory');
    expect(messages['/twice.json']).toContain('it has the key permissions twice');
    expect(messages['/twice-inner.json']).toContain('it has the key permissions.allow twice');
  });

  it('writes through a symbolic link (a dotfiles setup keeps its link) and keeps the file mode', async () => {
    const fs = createMemoryFileSystem({
      '/dotfiles/claude.json': { content: '{}', mode: 0o600 },
      '/h/.claude/settings.json': { symlink: '../../dotfiles/claude.json' },
    });
    expect((await updateSettingsFile(fs, '/h/.claude/settings.json', [addAllow('Read')])).ok).toBe(true);
    expect(await fs.stat('/h/.claude/settings.json')).toMatchObject({ kind: 'symlink' });
    expect(JSON.parse(await fs.readText('/dotfiles/claude.json'))).toEqual({ permissions: { allow: ['Read'] } });
    expect((await fs.stat('/dotfiles/claude.json'))?.mode).toBe(0o600);
  });

  it('concurrent writers in one process (no lock in the port) keep every rule', async () => {
    const fs = createMemoryFileSystem({ [FILE]: '{}' });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => updateSettingsFile(fs, FILE, [addAllow(`Bash(r${i})`)])));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((JSON.parse(await fs.readText(FILE)) as { permissions: { allow: string[] } }).permissions.allow).toHaveLength(50);
  });

  it('a lock that cannot be taken fails the write without touching the file', async () => {
    const base = createMemoryFileSystem({ [FILE]: '{}' });
    const fs = {
      ...base,
      lock: async () => Promise.reject(Object.assign(new Error('Lock file is already being held'), { code: 'ELOCKED' })),
    };
    const r = await updateSettingsFile(fs, FILE, [addAllow('Read')]);
    expect(r).toMatchObject({
      ok: false,
      message: expect.stringContaining('the lock on it could not be taken (Lock file is already being held)'),
    });
    expect(await base.readText(FILE)).toBe('{}');
  });
});
