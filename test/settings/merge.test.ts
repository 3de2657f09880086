import { describe, expect, it } from 'vitest';
import type { SettingsSource, SettingsSourceKind } from '../../src/core/types.js';
import { MANAGED_ONLY_KEYS, mergePolicy, parseSettingsObject, policyFromObjects, type MergeOptions } from '../../src/settings/index.js';

const FILES: Record<string, string> = {
  managed: '/etc/claude-code/managed-settings.json',
  cli: '/tmp/extra.json',
  localSettings: '/p/.claude/settings.local.json',
  projectSettings: '/p/.claude/settings.json',
  userSettings: '/h/.claude/settings.json',
};
const src = (kind: SettingsSourceKind): SettingsSource => (FILES[kind] ? { kind, file: FILES[kind] } : { kind });
const file = (kind: SettingsSourceKind, json: unknown) => parseSettingsObject(json, src(kind));
const merge = (files: [SettingsSourceKind, unknown][], options?: MergeOptions) =>
  mergePolicy(
    files.map(([k, j]) => file(k, j)),
    options,
  );
const texts = (p: ReturnType<typeof merge>) => p.rules.map((r) => `${r.source.kind}:${r.list}:${r.rule.text}`);

describe('mergePolicy: precedence and provenance', () => {
  it('rule lists add up, highest precedence first, each rule with file, list and index', () => {
    const p = merge([
      ['userSettings', { permissions: { allow: ['Read', 'Bash(ls)'], deny: ['Read(**/token)'] } }],
      ['projectSettings', { permissions: { ask: ['Bash(git push *)'] } }],
      ['localSettings', { permissions: { allow: ['Read(internal/**)'] } }],
      ['managed', { permissions: { deny: ['Bash(rm -rf *)'] } }],
    ]);
    expect(texts(p)).toEqual([
      'managed:deny:Bash(rm -rf *)',
      'localSettings:allow:Read(internal/**)',
      'projectSettings:ask:Bash(git push *)',
      'userSettings:allow:Read',
      'userSettings:allow:Bash(ls)',
      'userSettings:deny:Read(**/token)',
    ]);
    const userDeny = p.rules.find((r) => r.rule.text === 'Read(**/token)');
    expect(userDeny).toMatchObject({ list: 'deny', index: 0, source: { kind: 'userSettings', file: FILES['userSettings'] } });
    expect(p.rules.find((r) => r.rule.text === 'Bash(ls)')?.index).toBe(1);
  });

  it('additionalDirectories concatenate with their sources', () => {
    const p = merge([
      ['userSettings', { permissions: { additionalDirectories: ['~/notes'] } }],
      ['projectSettings', { permissions: { additionalDirectories: ['../lib', '*'] } }],
    ]);
    expect(p.additionalDirectories).toEqual([
      { value: '../lib', source: src('projectSettings') },
      { value: '*', source: src('projectSettings') },
      { value: '~/notes', source: src('userSettings') },
    ]);
  });

  it('defaultMode comes from the highest-precedence file that sets it', () => {
    const files: [SettingsSourceKind, unknown][] = [
      ['userSettings', { permissions: { defaultMode: 'plan' } }],
      ['projectSettings', { permissions: { defaultMode: 'acceptEdits' } }],
      ['localSettings', {}],
    ];
    expect(merge(files).defaultMode).toEqual({ value: 'acceptEdits', source: src('projectSettings') });
    expect(merge([...files, ['cli', { permissions: { defaultMode: 'dontAsk' } }]]).defaultMode?.value).toBe('dontAsk');
    expect(
      merge([...files, ['managed', { permissions: { defaultMode: 'default' } }], ['cli', { permissions: { defaultMode: 'dontAsk' } }]])
        .defaultMode?.value,
    ).toBe('default');
    expect(merge([['userSettings', { permissions: { defaultMode: 'manual' } }]]).defaultMode?.value).toBe('default');
  });

  it('among files of the same kind the later one wins', () => {
    const p = mergePolicy([
      parseSettingsObject({ permissions: { defaultMode: 'plan' } }, { kind: 'cli', file: '/a.json' }),
      parseSettingsObject({ permissions: { defaultMode: 'acceptEdits' } }, { kind: 'cli', file: '/b.json' }),
    ]);
    expect(p.defaultMode).toEqual({ value: 'acceptEdits', source: { kind: 'cli', file: '/b.json' } });
  });

  it('defaultMode "auto" from project or local is ignored with an info diagnostic; the built-in default applies', () => {
    for (const kind of ['projectSettings', 'localSettings'] as const) {
      const p = merge([
        ['userSettings', { permissions: { defaultMode: 'acceptEdits' } }],
        [kind, { permissions: { defaultMode: 'auto' } }],
      ]);
      expect(p.defaultMode).toBeUndefined();
      expect(p.diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'TG_SETTINGS_MODE_IGNORED',
          severity: 'info',
          file: FILES[kind],
          path: ['permissions', 'defaultMode'],
        }),
      );
    }
    expect(merge([['userSettings', { permissions: { defaultMode: 'auto' } }]]).defaultMode?.value).toBe('auto');
    expect(
      merge([
        ['projectSettings', { permissions: { defaultMode: 'auto' } }],
        ['managed', { permissions: { defaultMode: 'plan' } }],
      ]).defaultMode?.value,
    ).toBe('plan');
  });

  it('defaultMode "bypassPermissions" from project or local is ignored with a warning, as the Claude Code CLI 2.1.332 was observed to do; from user, command-line and managed files it holds', () => {
    for (const kind of ['projectSettings', 'localSettings'] as const) {
      const p = merge([
        ['userSettings', { permissions: { defaultMode: 'acceptEdits' } }],
        [kind, { permissions: { defaultMode: 'bypassPermissions' } }],
      ]);
      expect(p.defaultMode).toBeUndefined();
      expect(p.diagnostics).toContainEqual(
        expect.objectContaining({
          code: 'TG_SETTINGS_MODE_IGNORED',
          severity: 'warning',
          file: FILES[kind],
          path: ['permissions', 'defaultMode'],
        }),
      );
      // A mode that never runs a call without asking still comes from the project.
      expect(merge([[kind, { permissions: { defaultMode: 'acceptEdits' } }]]).defaultMode?.value).toBe('acceptEdits');
      expect(merge([[kind, { permissions: { defaultMode: 'dontAsk' } }]]).defaultMode?.value).toBe('dontAsk');
    }
    for (const kind of ['userSettings', 'cli', 'managed'] as const)
      expect(merge([[kind, { permissions: { defaultMode: 'bypassPermissions' } }]]).defaultMode?.value).toBe('bypassPermissions');
  });

  it('an invalid mode gives a diagnostic and a lower file decides', () => {
    const p = merge([
      ['userSettings', { permissions: { defaultMode: 'plan' } }],
      ['projectSettings', { permissions: { defaultMode: 'yolo' } }],
    ]);
    expect(p.defaultMode?.value).toBe('plan');
    expect(p.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'TG_SETTINGS_MODE', severity: 'error', file: FILES['projectSettings'] }),
    );
  });

  it('disableBypassPermissionsMode and disableAutoMode count from any file', () => {
    expect(merge([['userSettings', { permissions: { disableBypassPermissionsMode: 'disable' } }]]).disableBypassPermissionsMode).toBe(true);
    expect(merge([['projectSettings', { disableAutoMode: 'disable' }]]).disableAutoMode).toBe(true);
    expect(merge([['localSettings', { permissions: { disableAutoMode: 'disable' } }]]).disableAutoMode).toBe(true);
    const none = merge([['userSettings', {}]]);
    expect([none.disableBypassPermissionsMode, none.disableAutoMode, none.allowManagedPermissionRulesOnly]).toEqual([false, false, false]);
  });

  it('useAutoModeDuringPlan defaults to true; false from any file but the shared project file turns it off', () => {
    expect(merge([]).useAutoModeDuringPlan).toBe(true);
    expect(merge([['userSettings', { useAutoModeDuringPlan: false }]]).useAutoModeDuringPlan).toBe(false);
    expect(
      merge([
        ['managed', { useAutoModeDuringPlan: false }],
        ['userSettings', { useAutoModeDuringPlan: true }],
      ]).useAutoModeDuringPlan,
    ).toBe(false);
    const project = merge([['projectSettings', { useAutoModeDuringPlan: false }]]);
    expect(project.useAutoModeDuringPlan).toBe(true);
    expect(project.diagnostics).toContainEqual(expect.objectContaining({ code: 'TG_SETTINGS_SCOPE', path: ['useAutoModeDuringPlan'] }));
  });
});

describe('mergePolicy: autoMode', () => {
  it('is read from user, managed and cli/inline only; lists concatenate without duplicates', () => {
    const p = merge([
      ['userSettings', { autoMode: { soft_deny: ['$defaults'], allow: ['Running tests'] } }],
      ['projectSettings', { autoMode: { allow: ['Pushing to any remote'] } }],
      ['localSettings', { autoMode: { hard_deny: ['nothing'] } }],
      ['managed', { autoMode: { soft_deny: ['$defaults', 'Deploying'], classifyAllShell: true } }],
      ['inline', { autoMode: { environment: ['CI runner'] } }],
    ]);
    expect(p.autoMode).toEqual({
      allow: ['Running tests'],
      soft_deny: ['$defaults', 'Deploying'],
      hard_deny: [],
      environment: ['CI runner'],
      classifyAllShell: true,
    });
    expect(p.diagnostics.filter((d) => d.code === 'TG_SETTINGS_SCOPE').map((d) => d.file)).toEqual([
      FILES['projectSettings'],
      FILES['localSettings'],
    ]);
  });

  it('is absent when no allowed source sets it', () => {
    expect(merge([['projectSettings', { autoMode: { allow: ['x'] } }]]).autoMode).toBeUndefined();
  });
});

describe('mergePolicy: managed-only keys', () => {
  it('allowManagedPermissionRulesOnly from managed keeps only managed rules and --disallowedTools', () => {
    const p = merge(
      [
        ['managed', { allowManagedPermissionRulesOnly: true, permissions: { allow: ['Bash(git status)'], deny: ['Bash(rm *)'] } }],
        ['userSettings', { permissions: { allow: ['Bash'], deny: ['Read(~/.ssh/**)'] } }],
        ['projectSettings', { permissions: { ask: ['Bash(git push *)'] } }],
        ['cli', { permissions: { allow: ['WebFetch'] } }],
      ],
      { allowedTools: ['Edit'], disallowedTools: ['Bash(curl *)'] },
    );
    expect(p.allowManagedPermissionRulesOnly).toBe(true);
    expect(texts(p)).toEqual(['managed:allow:Bash(git status)', 'managed:deny:Bash(rm *)', 'cli:deny:Bash(curl *)']);
    expect(p.diagnostics).toContainEqual(expect.objectContaining({ code: 'TG_SETTINGS_MANAGED_POLICY', severity: 'info' }));
  });

  it('managed-only keys elsewhere are ignored with a warning', () => {
    const p = merge([
      [
        'userSettings',
        {
          allowManagedPermissionRulesOnly: true,
          allowManagedHooksOnly: true,
          sandbox: { network: { allowManagedDomainsOnly: true } },
          permissions: { allow: ['Read'] },
        },
      ],
    ]);
    expect(p.allowManagedPermissionRulesOnly).toBe(false);
    expect(p.rules).toHaveLength(1);
    const warnings = p.diagnostics.filter((d) => d.code === 'TG_SETTINGS_MANAGED_ONLY');
    expect(warnings.map((d) => [d.severity, d.file, d.path])).toEqual([
      ['warning', FILES['userSettings'], ['allowManagedPermissionRulesOnly']],
      ['warning', FILES['userSettings'], ['allowManagedHooksOnly']],
      ['warning', FILES['userSettings'], ['sandbox', 'network', 'allowManagedDomainsOnly']],
    ]);
  });

  it('allowManagedHooksOnly keeps only managed hooks', () => {
    const hook = (cmd: string) => ({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: cmd }] }] } });
    const p = merge([
      ['managed', { allowManagedHooksOnly: true, ...hook('managed.sh') }],
      ['userSettings', hook('user.sh')],
    ]);
    expect(p.allowManagedHooksOnly).toBe(true);
    expect(p.hooks.map((h) => h.hooks[0]?.['command'])).toEqual(['managed.sh']);
  });

  // Observed on Claude Code 2.1.332: a managed strictPluginOnlyCustomization of true or ["hooks"]
  // stops --settings and project hooks; false, ["skills"], or the key in a project file do not.
  it('strictPluginOnlyCustomization locking hooks in managed settings keeps only managed hooks', () => {
    const hook = (cmd: string) => ({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: cmd }] }] } });
    const run = (managed: unknown, where: 'managed' | 'projectSettings' = 'managed') =>
      merge([
        [where, { strictPluginOnlyCustomization: managed, ...hook('own.sh') }],
        ['projectSettings', hook('project.sh')],
        ['cli', hook('cli.sh')],
      ]).hooks.map((h) => h.hooks[0]?.['command']);
    expect(run(true)).toEqual(['own.sh']);
    expect(run(['hooks'])).toEqual(['own.sh']);
    expect(run(['skills']).sort()).toEqual(['cli.sh', 'own.sh', 'project.sh']);
    expect(run(false).sort()).toEqual(['cli.sh', 'own.sh', 'project.sh']);
    expect(run(['hooks'], 'projectSettings').sort()).toEqual(['cli.sh', 'own.sh', 'project.sh']);
  });

  it('every managed-only key the CLI 2.1.332 knows is ignored elsewhere with a warning', () => {
    for (const key of MANAGED_ONLY_KEYS) {
      const path = key.split('.');
      const settings: Record<string, unknown> = {};
      let at = settings;
      for (const part of path.slice(0, -1)) at = (at[part] = {}) as Record<string, unknown>;
      at[path.at(-1)!] = true;
      const warnings = merge([['projectSettings', settings]]).diagnostics.filter((d) => d.code === 'TG_SETTINGS_MANAGED_ONLY');
      expect(
        warnings.map((d) => d.path),
        key,
      ).toEqual([path]);
      expect(
        merge([['managed', settings]]).diagnostics.filter((d) => d.code === 'TG_SETTINGS_MANAGED_ONLY'),
        key,
      ).toEqual([]);
    }
  });

  it('prependPlugins and appendPlugins are honoured from managed or user settings only', () => {
    const warned = (kind: SettingsSourceKind) =>
      merge([[kind, { prependPlugins: ['a@m'], appendPlugins: ['b@m'] }]])
        .diagnostics.filter((d) => d.code === 'TG_SETTINGS_MANAGED_ONLY')
        .map((d) => d.path);
    expect(warned('projectSettings')).toEqual([['prependPlugins'], ['appendPlugins']]);
    expect(warned('cli')).toHaveLength(2);
    expect(warned('userSettings')).toEqual([]);
    expect(warned('managed')).toEqual([]);
  });
});

describe('mergePolicy: hooks', () => {
  const hook = (cmd: string, extra: Record<string, unknown> = {}) => ({
    ...extra,
    hooks: { Stop: [{ hooks: [{ type: 'command', command: cmd }] }] },
  });

  it('hook groups add up across files with their sources', () => {
    const p = merge([
      ['userSettings', hook('u')],
      ['projectSettings', hook('p')],
    ]);
    expect(p.hooks.map((h) => [h.source.kind, h.hooks[0]?.['command']])).toEqual([
      ['projectSettings', 'p'],
      ['userSettings', 'u'],
    ]);
  });

  it('disableAllHooks: the highest-precedence value wins; non-managed true keeps managed hooks', () => {
    const off = merge([
      ['userSettings', hook('u', { disableAllHooks: true })],
      ['managed', hook('m')],
    ]);
    expect(off.disableAllHooks).toEqual({ value: true, source: src('userSettings') });
    expect(off.hooks.map((h) => h.hooks[0]?.['command'])).toEqual(['m']);
    const projectWins = merge([
      ['userSettings', hook('u', { disableAllHooks: true })],
      ['projectSettings', { disableAllHooks: false }],
    ]);
    expect(projectWins.hooks).toHaveLength(1);
    const managedOff = merge([
      ['managed', hook('m', { disableAllHooks: true })],
      ['userSettings', hook('u')],
    ]);
    expect(managedOff.hooks).toEqual([]);
  });
});

describe('mergePolicy: trust', () => {
  const project = {
    permissions: {
      allow: ['Bash'],
      ask: ['Bash(git push *)'],
      deny: ['Read(./.env)'],
      additionalDirectories: ['/'],
      defaultMode: 'bypassPermissions',
    },
    hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x' }] }] },
    disableAllHooks: true,
  };

  it('from an untrusted project keeps only deny and ask rules, with an info diagnostic per file', () => {
    const p = merge(
      [
        [
          'userSettings',
          { permissions: { allow: ['Read'], defaultMode: 'plan' }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'u' }] }] } },
        ],
        ['projectSettings', project],
        ['localSettings', { permissions: { allow: ['Edit'], deny: ['Bash(rm *)'] } }],
      ],
      { projectTrusted: false },
    );
    expect(texts(p)).toEqual([
      'localSettings:deny:Bash(rm *)',
      'projectSettings:ask:Bash(git push *)',
      'projectSettings:deny:Read(./.env)',
      'userSettings:allow:Read',
    ]);
    expect(p.additionalDirectories).toEqual([]);
    expect(p.defaultMode).toEqual({ value: 'plan', source: src('userSettings') });
    expect(p.hooks.map((h) => h.source.kind)).toEqual(['userSettings']);
    const infos = p.diagnostics.filter((d) => d.code === 'TG_SETTINGS_UNTRUSTED');
    expect(infos.map((d) => [d.severity, d.file])).toEqual([
      ['info', FILES['projectSettings']],
      ['info', FILES['localSettings']],
    ]);
    expect(infos[0]?.message).toMatch(/1 allow rule, additionalDirectories, defaultMode, hooks, disableAllHooks/);
  });

  it('a trusted project is read in full', () => {
    const p = merge([['projectSettings', project]]);
    expect(p.rules).toHaveLength(3);
    // Trusted or not, a project cannot start sessions in bypassPermissions (decision 0072).
    expect(p.defaultMode).toBeUndefined();
    expect(
      merge([['projectSettings', { ...project, permissions: { ...project.permissions, defaultMode: 'acceptEdits' } }]]).defaultMode?.value,
    ).toBe('acceptEdits');
    expect(p.diagnostics.filter((d) => d.code === 'TG_SETTINGS_UNTRUSTED')).toEqual([]);
  });

  it('explicit (cli) and user files are not affected by project trust', () => {
    const p = merge(
      [
        ['cli', { permissions: { allow: ['Edit'] } }],
        ['userSettings', { permissions: { allow: ['Read'] } }],
      ],
      { projectTrusted: false },
    );
    expect(p.rules).toHaveLength(2);
  });
});

describe('mergePolicy: command-line tools', () => {
  it('allowedTools become allow rules and disallowedTools deny rules of kind cli, after managed', () => {
    const p = merge(
      [
        ['managed', { permissions: { deny: ['WebFetch'] } }],
        ['userSettings', { permissions: { ask: ['Edit'] } }],
      ],
      {
        allowedTools: ['Bash(npm test *)', 'Read'],
        disallowedTools: ['Bash(rm *)'],
      },
    );
    expect(texts(p)).toEqual([
      'managed:deny:WebFetch',
      'cli:allow:Bash(npm test *)',
      'cli:allow:Read',
      'cli:deny:Bash(rm *)',
      'userSettings:ask:Edit',
    ]);
    expect(p.rules[1]).toMatchObject({ source: { kind: 'cli' }, index: 0 });
    expect(p.rules[1]?.source.file).toBeUndefined();
  });

  it('a broken tool rule is reported with its flag and position and dropped alone', () => {
    const p = merge([], { allowedTools: ['Bash(ls', 'Read'] });
    expect(texts(p)).toEqual(['cli:allow:Read']);
    expect(p.diagnostics[0]?.path).toEqual(['--allowedTools', 0]);
    expect(p.diagnostics[0]?.code).toMatch(/^TG_RULE_/);
  });
});

describe('nothing is lost', () => {
  it('a file that is not JSON drops only that file', async () => {
    const { parseSettingsFile } = await import('../../src/settings/index.js');
    const p = mergePolicy([
      parseSettingsFile('{"permissions": {"deny": ["Bash(rm *)"]}}', src('userSettings')),
      parseSettingsFile('{"permissions": {"allow": ["Bash"] "oops"}}', src('projectSettings')),
      parseSettingsFile('{"permissions": {"ask": ["Bash(git push *)"]}}', src('localSettings')),
    ]);
    expect(texts(p)).toEqual(['localSettings:ask:Bash(git push *)', 'userSettings:deny:Bash(rm *)']);
    expect(p.diagnostics.map((d) => [d.code, d.file])).toEqual([['TG_SETTINGS_JSON', FILES['projectSettings']]]);
  });

  it('every valid rule and handler of a file full of mistakes still loads', () => {
    const p = policyFromObjects([
      {
        kind: 'projectSettings',
        file: '/p/.claude/settings.json',
        settings: {
          permissions: {
            allow: ['Bash(ok)', 7, 'Bash(', 'Read'],
            deny: 'Bash(rm *)',
            ask: ['Edit(src/**)'],
            defaultMode: 'nope',
            bogus: 1,
          },
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [{ type: 'command', command: 'a' }, { type: 'command' }, { type: 'command', command: 'b', timeout: -1 }],
              },
            ],
            Nope: [],
          },
        },
      },
    ]);
    expect(texts(p)).toEqual(['projectSettings:allow:Bash(ok)', 'projectSettings:allow:Read', 'projectSettings:ask:Edit(src/**)']);
    expect(p.hooks[0]?.hooks).toEqual([
      { type: 'command', command: 'a' },
      { type: 'command', command: 'b' },
    ]);
    for (const d of p.diagnostics) {
      expect(d.file).toBe('/p/.claude/settings.json');
      expect(d.path?.length).toBeGreaterThan(0);
    }
    expect(p.diagnostics.filter((d) => d.severity === 'error').length).toBe(6);
  });
});
