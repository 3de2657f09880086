import { describe, expect, it } from 'vitest';
import type { FileSystem } from '../../src/core/ports.js';
import { loadSettings, settingsRootOf } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const HOME = '/home/u';
const PROJECT = '/home/u/project';
const json = (v: unknown) => JSON.stringify(v);
const rules = (p: { rules: { source: { kind: string; file?: string }; list: string; rule: { text: string } }[] }) =>
  p.rules.map((r) => `${r.source.kind}:${r.list}:${r.rule.text}`);

function layeredFs(extra: Record<string, string> = {}) {
  return createMemoryFileSystem({
    [`${HOME}/.claude/settings.json`]: json({ permissions: { allow: ['Read'], defaultMode: 'plan' } }),
    [`${PROJECT}/.claude/settings.json`]: json({ permissions: { ask: ['Bash(git push *)'] } }),
    [`${PROJECT}/.claude/settings.local.json`]: json({ permissions: { allow: ['Bash(npm test)'] } }),
    '/etc/claude-code/managed-settings.json': json({ permissions: { deny: ['Bash(rm -rf *)'] } }),
    ...extra,
  });
}

describe('loadSettings', () => {
  it('loads user, project, local and managed files with provenance', async () => {
    const p = await loadSettings({ fs: layeredFs(), cwd: PROJECT, home: HOME, platform: 'linux' });
    expect(rules(p)).toEqual([
      'managed:deny:Bash(rm -rf *)',
      'localSettings:allow:Bash(npm test)',
      'projectSettings:ask:Bash(git push *)',
      'userSettings:allow:Read',
    ]);
    expect(p.rules[0]?.source.file).toBe('/etc/claude-code/managed-settings.json');
    expect(p.rules[1]?.source.file).toBe(`${PROJECT}/.claude/settings.local.json`);
    expect(p.defaultMode).toEqual({ value: 'plan', source: { kind: 'userSettings', file: `${HOME}/.claude/settings.json` } });
    expect(p.diagnostics).toEqual([]);
  });

  it('missing files are fine, without a diagnostic', async () => {
    const p = await loadSettings({ fs: createMemoryFileSystem(), cwd: '/x', home: '/h' });
    expect(p.rules).toEqual([]);
    expect(p.diagnostics).toEqual([]);
  });

  it('settingSources chooses which files load', async () => {
    const p = await loadSettings({ fs: layeredFs(), cwd: PROJECT, home: HOME, platform: 'linux', settingSources: ['project', 'local'] });
    expect(rules(p)).toEqual(['localSettings:allow:Bash(npm test)', 'projectSettings:ask:Bash(git push *)']);
    const none = await loadSettings({ fs: layeredFs(), cwd: PROJECT, home: HOME, settingSources: [] });
    expect(none.rules).toEqual([]);
  });

  it('userSettingsDir moves the user layer ($CLAUDE_CONFIG_DIR/settings.json), and its /p rules are anchored there', async () => {
    const fs = layeredFs({ '/home/u/.config/claude/settings.json': json({ permissions: { deny: ['Read(/secret)'] } }) });
    const p = await loadSettings({ fs, cwd: PROJECT, home: HOME, platform: 'linux', userSettingsDir: '/home/u/.config/claude' });
    expect(rules(p)).toEqual([
      'managed:deny:Bash(rm -rf *)',
      'localSettings:allow:Bash(npm test)',
      'projectSettings:ask:Bash(git push *)',
      'userSettings:deny:Read(/secret)',
    ]);
    const user = p.rules.find((r) => r.source.kind === 'userSettings')!;
    expect(settingsRootOf(user.source, { projectDir: PROJECT, cwd: PROJECT, home: HOME })).toBe('/home/u/.config/claude');
  });

  it('projectDir, configDirName and managedPaths are configurable (.noeta)', async () => {
    const fs = createMemoryFileSystem({
      '/h/.noeta/settings.json': json({ permissions: { allow: ['Read'] } }),
      '/repo/.noeta/settings.json': json({ permissions: { deny: ['Bash(curl *)'] } }),
      '/repo/.claude/settings.json': json({ permissions: { allow: ['Bash'] } }),
      '/etc/noeta/managed-settings.json': json({ permissions: { deny: ['WebFetch'] } }),
    });
    const p = await loadSettings({
      fs,
      cwd: '/repo/sub',
      projectDir: '/repo',
      home: '/h',
      configDirName: '.noeta',
      managedPaths: ['/etc/noeta/managed-settings.json'],
    });
    expect(rules(p)).toEqual(['managed:deny:WebFetch', 'projectSettings:deny:Bash(curl *)', 'userSettings:allow:Read']);
  });

  it('managed paths default by platform; drop-ins in managed-settings.d are read after the file', async () => {
    const fs = createMemoryFileSystem({
      '/Library/Application Support/ClaudeCode/managed-settings.json': json({
        permissions: { deny: ['Bash(ssh *)'], defaultMode: 'plan' },
      }),
      '/Library/Application Support/ClaudeCode/managed-settings.d/20-b.json': json({ permissions: { defaultMode: 'default' } }),
      '/Library/Application Support/ClaudeCode/managed-settings.d/10-a.json': json({ permissions: { deny: ['Bash(scp *)'] } }),
      '/etc/claude-code/managed-settings.json': json({ permissions: { deny: ['Bash(linux-only)'] } }),
    });
    const mac = await loadSettings({ fs, cwd: '/p', home: '/h', platform: 'macos' });
    expect(rules(mac)).toEqual(['managed:deny:Bash(ssh *)', 'managed:deny:Bash(scp *)']);
    expect(mac.defaultMode?.value).toBe('default');
    const linux = await loadSettings({ fs, cwd: '/p', home: '/h', platform: 'linux' });
    expect(rules(linux)).toEqual(['managed:deny:Bash(linux-only)']);
    const both = await loadSettings({ fs, cwd: '/p', home: '/h' });
    expect(both.rules).toHaveLength(3);
  });

  it('explicit settings files are trusted and of kind cli; inline objects of kind inline', async () => {
    const fs = layeredFs({ '/tmp/s.json': json({ permissions: { allow: ['Edit'], defaultMode: 'acceptEdits' } }) });
    const p = await loadSettings({
      fs,
      cwd: PROJECT,
      home: HOME,
      settingSources: [],
      settingsFiles: ['/tmp/s.json'],
      inline: [{ permissions: { deny: ['Bash(sudo *)'] } }],
      isProjectTrusted: () => false,
    });
    expect(rules(p)).toEqual(['cli:allow:Edit', 'inline:deny:Bash(sudo *)']);
    expect(p.rules[0]?.source).toEqual({ kind: 'cli', file: '/tmp/s.json' });
    expect(p.defaultMode?.value).toBe('acceptEdits');
  });

  it('allowedTools and disallowedTools are added as cli rules', async () => {
    const p = await loadSettings({
      fs: createMemoryFileSystem(),
      cwd: '/p',
      home: '/h',
      allowedTools: ['Read'],
      disallowedTools: ['Bash'],
    });
    expect(rules(p)).toEqual(['cli:allow:Read', 'cli:deny:Bash']);
  });

  it('asks isProjectTrusted about the project directory', async () => {
    const asked: string[] = [];
    const p = await loadSettings({
      fs: layeredFs(),
      cwd: PROJECT,
      home: HOME,
      platform: 'linux',
      isProjectTrusted: (dir) => {
        asked.push(dir);
        return false;
      },
    });
    expect(asked).toEqual([PROJECT]);
    expect(rules(p)).toEqual(['managed:deny:Bash(rm -rf *)', 'projectSettings:ask:Bash(git push *)', 'userSettings:allow:Read']);
    expect(p.diagnostics.map((d) => d.code)).toEqual(['TG_SETTINGS_UNTRUSTED', 'TG_SETTINGS_UNTRUSTED']);
  });

  it('a file that is not JSON, or unreadable, gives a diagnostic; the others still load', async () => {
    const fs = layeredFs({ [`${PROJECT}/.claude/settings.json`]: '{ "permissions": ' });
    const p = await loadSettings({ fs, cwd: PROJECT, home: HOME, platform: 'linux' });
    expect(rules(p)).toEqual(['managed:deny:Bash(rm -rf *)', 'localSettings:allow:Bash(npm test)', 'userSettings:allow:Read']);
    expect(p.diagnostics).toEqual([expect.objectContaining({ code: 'TG_SETTINGS_JSON', file: `${PROJECT}/.claude/settings.json` })]);

    const base = layeredFs();
    const failing: FileSystem = {
      ...base,
      readFile: async (path) => {
        if (path.endsWith('settings.local.json')) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
        return base.readFile(path);
      },
    };
    const q = await loadSettings({ fs: failing, cwd: PROJECT, home: HOME, platform: 'linux' });
    expect(q.rules).toHaveLength(3);
    expect(q.diagnostics).toEqual([
      expect.objectContaining({ code: 'TG_SETTINGS_READ', severity: 'error', file: `${PROJECT}/.claude/settings.local.json` }),
    ]);
    expect(q.diagnostics[0]?.message).toContain('EACCES');
  });

  it('a directory where a settings file should be is reported', async () => {
    const fs = createMemoryFileSystem({ [`${HOME}/.claude/settings.json`]: { directory: true } });
    const p = await loadSettings({ fs, cwd: '/p', home: HOME, settingSources: ['user'] });
    expect(p.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_READ', file: `${HOME}/.claude/settings.json` });
  });

  it('follows a symlinked settings file', async () => {
    const fs = createMemoryFileSystem({
      '/dotfiles/claude.json': json({ permissions: { allow: ['Read'] } }),
      [`${HOME}/.claude/settings.json`]: { symlink: '/dotfiles/claude.json' },
    });
    const p = await loadSettings({ fs, cwd: '/p', home: HOME, settingSources: ['user'] });
    expect(rules(p)).toEqual(['userSettings:allow:Read']);
  });
});

describe('settingsRootOf', () => {
  const ctx = { projectDir: '/repo', cwd: '/repo/sub', home: '/h' };
  it('anchors /p per Claude Code docs', () => {
    expect(settingsRootOf({ kind: 'projectSettings', file: '/repo/.claude/settings.json' }, ctx)).toBe('/repo');
    expect(settingsRootOf({ kind: 'localSettings', file: '/repo/.claude/settings.local.json' }, ctx)).toBe('/repo/sub');
    expect(settingsRootOf({ kind: 'userSettings', file: '/h/.claude/settings.json' }, ctx)).toBe('/h/.claude');
    expect(settingsRootOf({ kind: 'userSettings' }, { ...ctx, configDirName: '.noeta' })).toBe('/h/.noeta');
    expect(settingsRootOf({ kind: 'cli', file: '/tmp/x/s.json' }, ctx)).toBe('/tmp/x');
    expect(settingsRootOf({ kind: 'cli' }, ctx)).toBe('/repo/sub');
    expect(settingsRootOf({ kind: 'session' }, ctx)).toBe('/repo/sub');
    expect(settingsRootOf({ kind: 'inline' }, ctx)).toBe('/repo/sub');
    expect(settingsRootOf({ kind: 'managed', file: '/etc/claude-code/managed-settings.json' }, ctx)).toBe('/etc/claude-code');
    expect(settingsRootOf({ kind: 'cli', file: 'C:\\cfg\\s.json' }, ctx)).toBe('C:\\cfg');
  });
});
