import { describe, expect, it } from 'vitest';
import { parseSettingsFile, parseSettingsObject, SETTINGS_CODES } from '../../src/settings/index.js';
import type { SettingsSource } from '../../src/core/types.js';

const USER: SettingsSource = { kind: 'userSettings', file: '/home/u/.claude/settings.json' };
const parse = (value: unknown) => parseSettingsObject(value, USER);
const codes = (r: { diagnostics: { code: string }[] }) => r.diagnostics.map((d) => d.code);

describe('parseSettingsFile: JSON', () => {
  it('text that is not JSON gives TG_SETTINGS_JSON with file, line and column, and empty settings', () => {
    const text = '{\n  "permissions": {\n    "allow": ["Bash(ls)"]\n    "deny": []\n  }\n}';
    const { settings, diagnostics } = parseSettingsFile(text, USER);
    expect(settings.rules).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_JSON', severity: 'error', file: USER.file, line: 4, column: 5 });
    expect(diagnostics[0]?.message).toMatch(/line 4, column 5/);
    expect(diagnostics[0]?.range?.start).toBe(text.indexOf('"deny"'));
  });

  it('an empty file and a truncated file are not JSON', () => {
    expect(codes(parseSettingsFile('', USER))).toEqual(['TG_SETTINGS_JSON']);
    expect(codes(parseSettingsFile('{"permissions": {', USER))).toEqual(['TG_SETTINGS_JSON']);
  });

  it('a byte-order mark is skipped', () => {
    expect(parseSettingsFile('\uFEFF{"permissions":{"allow":["Read"]}}', USER).settings.rules).toHaveLength(1);
  });

  it('a top level that is not an object gives TG_SETTINGS_TYPE', () => {
    for (const text of ['[]', 'null', '42', '"x"']) {
      const r = parseSettingsFile(text, USER);
      expect(r.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_TYPE', path: [], expected: 'a JSON object' });
      expect(r.settings.json).toEqual({});
    }
  });
});

describe('parseSettingsObject: permissions', () => {
  it('reads rules with list and index, and keeps unknown top-level keys without a diagnostic', () => {
    const json = { model: 'opus', env: { A: '1' }, permissions: { deny: ['Read(./.env)'], allow: ['Bash(npm run test:*)', 'Read'] } };
    const { settings, diagnostics } = parse(json);
    expect(settings.json).toBe(json);
    expect(settings.rules.map((r) => [r.list, r.index, r.rule.text, r.source])).toEqual([
      ['allow', 0, 'Bash(npm run test:*)', USER],
      ['allow', 1, 'Read', USER],
      ['deny', 0, 'Read(./.env)', USER],
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a broken rule drops only that rule, with TG_RULE_* code, file and path', () => {
    const { settings, diagnostics } = parse({ permissions: { allow: ['Bash(ls)', 'Bash(unclosed', 'Read', 42, ''] } });
    expect(settings.rules.map((r) => [r.rule.text, r.index])).toEqual([
      ['Bash(ls)', 0],
      ['Read', 2],
    ]);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.path)).toEqual([
      ['permissions', 'allow', 1],
      ['permissions', 'allow', 3],
      ['permissions', 'allow', 4],
    ]);
    expect(errors[0]?.code).toMatch(/^TG_RULE_/);
    expect(errors[0]?.file).toBe(USER.file);
    expect(errors[0]?.message).toContain('permissions.allow[1]');
    expect(errors[1]).toMatchObject({ code: 'TG_SETTINGS_TYPE', expected: 'a rule string such as "Bash(npm run *)"' });
    expect(errors[1]?.message).toContain('got 42');
  });

  it('a rule read again (the same text in the same list) is the rule parsed before, with the same warnings at its new place', () => {
    const json = {
      permissions: { allow: ['Bash(npm run test:*)', 'Read(/etc/hosts)'], deny: ['Read(./.env)', 'Bash(npm run test:*)', 'Bash(x'] },
    };
    const first = parse(json);
    const again = parseSettingsObject(structuredClone(json), { kind: 'projectSettings', file: '/p/.claude/settings.json' });
    // The rule objects are shared (parsed once); each load has its own entries, places and findings.
    expect(again.settings.rules.map((r) => r.rule)).toEqual(first.settings.rules.map((r) => r.rule));
    first.settings.rules.forEach((r, i) => expect(again.settings.rules[i]?.rule).toBe(r.rule));
    expect(again.settings.rules.map((r) => [r.list, r.index, r.source.kind])).toEqual([
      ['allow', 0, 'projectSettings'],
      ['allow', 1, 'projectSettings'],
      ['deny', 0, 'projectSettings'],
      ['deny', 1, 'projectSettings'],
    ]);
    const place = (d: { code: string; path?: readonly (string | number)[] }) => [d.code, d.path];
    expect(again.diagnostics.map(place)).toEqual(first.diagnostics.map(place));
    expect(again.diagnostics.every((d) => d.file === '/p/.claude/settings.json')).toBe(true);
    // The same text in another list is read for that list (`ruleForList` reads a rule by its list).
    expect(first.settings.rules.find((r) => r.list === 'deny' && r.index === 1)?.rule).not.toBe(first.settings.rules[0]?.rule);
    expect(codes(first)).toContain('TG_RULE_UNBALANCED_PAREN');
  });

  it('a list that is not an array gives TG_SETTINGS_TYPE naming what was expected; other lists still load', () => {
    const { settings, diagnostics } = parse({ permissions: { allow: 'Bash(ls)', deny: ['Bash(rm *)'] } });
    expect(settings.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'TG_SETTINGS_TYPE',
        severity: 'error',
        file: USER.file,
        path: ['permissions', 'allow'],
        expected: 'an array',
      }),
    ]);
    expect(diagnostics[0]?.message).toMatch(/permissions\.allow: expected an array, got "Bash\(ls\)"/);
  });

  it('permissions that is not an object is reported and skipped', () => {
    const r = parse({ permissions: ['Bash'] });
    expect(r.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_TYPE', path: ['permissions'], expected: 'an object' });
  });

  it('unknown keys inside permissions are warnings, with a hint for misplaced and mistyped keys', () => {
    const r = parse({ permissions: { allowed: ['Bash'], allowManagedPermissionRulesOnly: true, Deny: [] } });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['TG_SETTINGS_UNKNOWN_KEY', 'warning', ['permissions', 'allowed']],
      ['TG_SETTINGS_UNKNOWN_KEY', 'warning', ['permissions', 'allowManagedPermissionRulesOnly']],
      ['TG_SETTINGS_UNKNOWN_KEY', 'warning', ['permissions', 'Deny']],
    ]);
    expect(r.diagnostics[0]?.message).toContain('Did you mean "allow"?');
    expect(r.diagnostics[1]?.message).toContain('belongs at the top level');
    expect(r.diagnostics[2]?.message).toContain('Did you mean "deny"?');
  });

  it('additionalDirectories: bad entries drop alone', () => {
    const r = parse({ permissions: { additionalDirectories: ['../docs', 7, '', '~/x'] } });
    expect(r.settings.additionalDirectories).toEqual(['../docs', '~/x']);
    expect(r.diagnostics.map((d) => d.path)).toEqual([
      ['permissions', 'additionalDirectories', 1],
      ['permissions', 'additionalDirectories', 2],
    ]);
  });

  it('defaultMode: manual is default; an unknown mode is TG_SETTINGS_MODE; delegate only warns', () => {
    expect(parse({ permissions: { defaultMode: 'manual' } }).settings.defaultMode).toBe('default');
    expect(parse({ permissions: { defaultMode: 'acceptEdits' } }).settings.defaultMode).toBe('acceptEdits');
    const bad = parse({ permissions: { defaultMode: 'acceptedits' } });
    expect(bad.settings.defaultMode).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_MODE', severity: 'error', path: ['permissions', 'defaultMode'] });
    expect(bad.diagnostics[0]?.message).toContain('Did you mean "acceptEdits"?');
    expect(parse({ permissions: { defaultMode: 'delegate' } }).diagnostics[0]).toMatchObject({
      code: 'TG_SETTINGS_MODE',
      severity: 'warning',
    });
    expect(parse({ permissions: { defaultMode: 3 } }).diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_TYPE' });
  });

  it('disableBypassPermissionsMode / disableAutoMode: a wrong value that means "on" fails closed', () => {
    const on = parse({ permissions: { disableBypassPermissionsMode: true, disableAutoMode: 'enabled' } });
    expect(on.settings.disableBypassPermissionsMode).toBe(true);
    expect(on.settings.disableAutoMode).toBe(true);
    expect(codes(on)).toEqual(['TG_SETTINGS_TYPE', 'TG_SETTINGS_TYPE']);
    expect(on.diagnostics[0]?.message).toContain('fail closed');
    const off = parse({ permissions: { disableBypassPermissionsMode: false } });
    expect(off.settings.disableBypassPermissionsMode).toBeUndefined();
    expect(parse({ disableAutoMode: 'disable' }).settings.disableAutoMode).toBe(true);
  });
});

describe('parseSettingsObject: commands Claude Code runs with no tool call', () => {
  it('reads statusLine, fileSuggestion, apiKeyHelper, otelHeadersHelper, awsAuthRefresh and awsCredentialExport with their source', () => {
    const r = parse({
      statusLine: { type: 'command', command: '~/.claude/statusline.sh', padding: 0 },
      fileSuggestion: { type: 'command', command: 'node tools/files.mjs' },
      apiKeyHelper: '/bin/key.sh',
      otelHeadersHelper: 'tools/otel.sh',
      awsAuthRefresh: 'aws sso login',
      awsCredentialExport: 'tools/creds.sh',
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.settings.commands).toEqual([
      { key: 'statusLine', command: '~/.claude/statusline.sh', source: USER },
      { key: 'fileSuggestion', command: 'node tools/files.mjs', source: USER },
      { key: 'apiKeyHelper', command: '/bin/key.sh', source: USER },
      { key: 'otelHeadersHelper', command: 'tools/otel.sh', source: USER },
      { key: 'awsAuthRefresh', command: 'aws sso login', source: USER },
      { key: 'awsCredentialExport', command: 'tools/creds.sh', source: USER },
    ]);
  });

  it('a value of the wrong shape is TG_SETTINGS_TYPE and names no command', () => {
    const r = parse({ statusLine: 'x.sh', apiKeyHelper: 3 });
    expect(codes(r)).toEqual([SETTINGS_CODES.type, SETTINGS_CODES.type]);
    expect(r.settings.commands).toBeUndefined();
  });
});

describe('parseSettingsObject: hooks', () => {
  const group = (hooks: unknown[], extra: Record<string, unknown> = {}) => ({
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks, ...extra }] },
  });

  it('reads groups with event, matcher, handlers, source and index', () => {
    const r = parse({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', timeout: 30 }] }],
        Stop: [{ hooks: [{ type: 'prompt', prompt: 'done?' }] }],
      },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.settings.hooks).toEqual([
      { event: 'PreToolUse', matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh', timeout: 30 }], source: USER, index: 0 },
      { event: 'Stop', hooks: [{ type: 'prompt', prompt: 'done?' }], source: USER, index: 0 },
    ]);
  });

  it('a broken handler drops only that handler', () => {
    const r = parse(
      group([{ type: 'command' }, { type: 'script', command: 'x' }, { type: 'command', command: 'ok' }, 'echo', { command: 'no type' }]),
    );
    expect(r.settings.hooks[0]?.hooks).toEqual([{ type: 'command', command: 'ok' }]);
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['TG_SETTINGS_REQUIRED', ['hooks', 'PreToolUse', 0, 'hooks', 0, 'command']],
      ['TG_SETTINGS_HOOK_TYPE', ['hooks', 'PreToolUse', 0, 'hooks', 1, 'type']],
      ['TG_SETTINGS_TYPE', ['hooks', 'PreToolUse', 0, 'hooks', 3]],
      ['TG_SETTINGS_REQUIRED', ['hooks', 'PreToolUse', 0, 'hooks', 4, 'type']],
    ]);
  });

  it('a wrong optional field is an error that drops the field, not the handler', () => {
    const r = parse(group([{ type: 'command', command: 'x', timeout: 0, async: 'true', shell: 'fish' }]));
    expect(r.settings.hooks[0]?.hooks).toEqual([{ type: 'command', command: 'x' }]);
    expect(r.diagnostics.map((d) => [d.code, d.path?.at(-1), d.expected])).toEqual([
      ['TG_SETTINGS_TYPE', 'timeout', 'a number > 0'],
      ['TG_SETTINGS_TYPE', 'async', 'a boolean'],
      ['TG_SETTINGS_TYPE', 'shell', 'one of "bash", "powershell"'],
    ]);
  });

  it('unknown keys in a handler or group are warnings; the handler keeps them', () => {
    const r = parse(group([{ type: 'command', command: 'x', unknownProperty: 1 }], { extraField: 'y' }));
    expect(r.settings.hooks[0]?.hooks).toEqual([{ type: 'command', command: 'x', unknownProperty: 1 }]);
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['TG_SETTINGS_UNKNOWN_KEY', 'warning', ['hooks', 'PreToolUse', 0, 'extraField']],
      ['TG_SETTINGS_UNKNOWN_KEY', 'warning', ['hooks', 'PreToolUse', 0, 'hooks', 0, 'unknownProperty']],
    ]);
  });

  it('an unknown event name is a warning with a suggestion; other events still load', () => {
    const r = parse({
      hooks: {
        userpromptsubmit: [{ hooks: [{ type: 'command', command: 'x' }] }],
        SessionStart: [{ hooks: [{ type: 'command', command: 'y' }] }],
      },
    });
    expect(r.settings.hooks.map((h) => h.event)).toEqual(['SessionStart']);
    expect(r.diagnostics[0]).toMatchObject({ code: 'TG_SETTINGS_HOOK_EVENT', severity: 'warning', path: ['hooks', 'userpromptsubmit'] });
    expect(r.diagnostics[0]?.message).toContain('Did you mean "UserPromptSubmit"?');
  });

  it('an invalid `if` rule is reported and the handler kept', () => {
    const r = parse(group([{ type: 'command', command: 'x', if: 'Bash(git *' }]));
    expect(r.settings.hooks[0]?.hooks).toHaveLength(1);
    expect(r.diagnostics[0]?.code).toMatch(/^TG_RULE_/);
    expect(r.diagnostics[0]?.path).toEqual(['hooks', 'PreToolUse', 0, 'hooks', 0, 'if']);
  });

  it('a group without hooks, or with a non-string matcher, is dropped', () => {
    const r = parse({ hooks: { PreToolUse: [{ matcher: 'Bash' }, { matcher: 3, hooks: [] }, 'x'] } });
    expect(r.settings.hooks).toEqual([]);
    expect(codes(r)).toEqual(['TG_SETTINGS_REQUIRED', 'TG_SETTINGS_TYPE', 'TG_SETTINGS_TYPE']);
  });

  it('accepts every handler type with its fields', () => {
    const r = parse({
      hooks: {
        PostToolUse: [
          {
            hooks: [
              {
                type: 'command',
                command: 'x',
                args: ['a'],
                async: true,
                asyncRewake: false,
                shell: 'powershell',
                if: 'Edit(*.ts)',
                statusMessage: 's',
                onFailure: 'block',
              },
              { type: 'http', url: 'http://h', headers: { A: '$T' }, allowedEnvVars: ['T'], timeout: 5 },
              { type: 'mcp_tool', server: 's', tool: 't', input: { f: '${tool_input.file_path}' } },
              { type: 'prompt', prompt: 'p', model: 'm', continueOnBlock: true },
              { type: 'agent', prompt: 'p', model: 'm', timeout: 60 },
            ],
          },
        ],
      },
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.settings.hooks[0]?.hooks).toHaveLength(5);
  });
});

describe('parseSettingsObject: other keys', () => {
  it('reads autoMode, dropping bad entries', () => {
    const r = parse({ autoMode: { allow: ['$defaults', 3], soft_deny: 'x', classifyAllShell: true, extra: 1 } });
    expect(r.settings.autoMode).toEqual({ allow: ['$defaults'], classifyAllShell: true });
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['TG_SETTINGS_TYPE', ['autoMode', 'allow', 1]],
      ['TG_SETTINGS_TYPE', ['autoMode', 'soft_deny']],
      ['TG_SETTINGS_UNKNOWN_KEY', ['autoMode', 'extra']],
    ]);
  });

  it('reads booleans and reports wrong types', () => {
    const r = parse({
      disableAllHooks: true,
      useAutoModeDuringPlan: false,
      allowManagedPermissionRulesOnly: 'yes',
      allowManagedMcpServersOnly: 'yes',
    });
    expect(r.settings).toMatchObject({ disableAllHooks: true, useAutoModeDuringPlan: false });
    expect(r.settings.allowManagedPermissionRulesOnly).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.path, d.expected])).toEqual([
      ['TG_SETTINGS_TYPE', ['allowManagedPermissionRulesOnly'], 'a boolean'],
      ['TG_SETTINGS_TYPE', ['allowManagedMcpServersOnly'], 'a boolean'],
    ]);
  });

  it('every diagnostic code used is a documented settings code or a rule code', () => {
    const documented = new Set<string>(Object.values(SETTINGS_CODES));
    const r = parse({
      permissions: { allow: [1, 'Bash('], x: 1, defaultMode: 'nope' },
      hooks: { Nope: [], PreToolUse: [{ hooks: [{ type: 'zzz' }] }] },
    });
    for (const d of r.diagnostics) expect(documented.has(d.code) || d.code.startsWith('TG_RULE_')).toBe(true);
  });
});

describe('sandbox', () => {
  const src: SettingsSource = { kind: 'userSettings', file: '/home/user/.claude/settings.json' };
  it('reads enabled, autoAllowBashIfSandboxed and the deny entries of credentials', () => {
    const { settings, diagnostics } = parseSettingsObject(
      {
        sandbox: {
          enabled: true,
          autoAllowBashIfSandboxed: false,
          network: { allowedDomains: ['example.com'] },
          credentials: {
            files: [
              { path: '~/.aws', mode: 'deny' },
              { path: '/etc/key', mode: 'deny' },
              { path: '~/.netrc', mode: 'mask', injectHosts: ['x'] },
            ],
            envVars: [
              { name: 'TOKEN', mode: 'deny' },
              { name: 'M', mode: 'mask' },
            ],
          },
        },
      },
      src,
    );
    expect(diagnostics).toEqual([]);
    expect(settings.sandbox).toMatchObject({ enabled: true, autoAllowBashIfSandboxed: false, credentialVariables: ['TOKEN'] });
    expect(settings.sandbox?.credentialRules.map((r) => r.rule.text)).toEqual([
      'Read(~/.aws)',
      'Read(~/.aws/**)',
      'Read(//etc/key)',
      'Read(//etc/key/**)',
    ]);
    expect(settings.sandbox?.credentialRules.every((r) => r.list === 'deny' && r.source === src)).toBe(true);
  });

  it('reports a credentials entry of the wrong shape and protects nothing from it', () => {
    const { settings, diagnostics } = parseSettingsObject({ sandbox: { credentials: { files: [{ path: '~/.aws', mode: 'hide' }] } } }, src);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(settings.sandbox?.credentialRules).toEqual([]);
  });
});
