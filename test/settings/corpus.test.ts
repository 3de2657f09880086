/**
 * Real settings files from public repositories (test/fixtures/corpus/settings, described in its
 * INDEX.md) and SchemaStore's test files for the Claude Code settings schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SettingsSourceKind } from '../../src/core/types.js';
import { checkSettingsFileName, mergePolicy, parseSettingsFile, type SettingsDiagnostic } from '../../src/settings/index.js';

const corpus = fileURLToPath(new URL('../fixtures/corpus/', import.meta.url));
const settingsDir = `${corpus}settings/`;

interface Entry {
  file: string;
  /** Where the file lived in its repository. */
  original: string;
  notes: string;
  kind: SettingsSourceKind;
}

function kindOf(original: string, notes: string): SettingsSourceKind {
  if (/managed-settings\.json$/.test(original)) return 'managed';
  if (/user-level/.test(notes)) return 'userSettings';
  if (/settings\.local\.json/.test(original)) return 'localSettings';
  return 'projectSettings';
}

const entries: Entry[] = readFileSync(`${settingsDir}INDEX.md`, 'utf8')
  .split('\n')
  .flatMap((line) => {
    const m = /^\| (\d{3}-[^|]+\.json) \| [^:|]+:([^|]+) \| (.*)\|$/.exec(line);
    if (!m) return [];
    const [, file, original, notes] = m as unknown as [string, string, string, string];
    return [{ file, original: original.trim(), notes, kind: kindOf(original.trim(), notes) }];
  });

function load(entry: Entry) {
  const text = readFileSync(settingsDir + entry.file, 'utf8');
  const parsed = parseSettingsFile(text, { kind: entry.kind, file: entry.file });
  return { parsed, policy: mergePolicy([parsed]) };
}

/**
 * Every diagnostic the corpus gives besides the legacy `:*` note, read against each file and
 * judged true:
 * - 003 `Bash(rm -r /)*`, `Bash(git checkout .)*`: text after the closing parenthesis (broken rules);
 *   `Task`: the old name of Agent.
 * - 007 `channelsEnabled`, `allowedChannelPlugins` in a user file: managed-only keys (Claude Code docs).
 * - 008 `permissions.allowManagedPermissionRulesOnly`: the key belongs at the top level.
 * - 012 managed `disableAllHooks: true`: no hook runs (info).
 * - 018 `description` inside hook handlers: not a handler field.
 * - 025 `Bash(command:pwd)` and the like: parameter rules on Bash's primary field are ignored (Claude Code docs).
 * - 004 `Bash(command:*)`: same.
 * - 030, 033 `Write(...)` / `MultiEdit(...)` path rules: never consulted (Claude Code docs).
 * - 033 `Web Search(*)`: not a tool name (contains a space).
 * - 034 `userpromptsubmit`: event names are case-sensitive.
 * - 038, 044: not JSON (INDEX.md).
 * - 050 `Task`: the old name of Agent.
 */
const EXPECTED: Record<string, string[]> = {
  '003': ['TG_RULE_LEGACY_TOOL_NAME', 'TG_RULE_TRAILING_TEXT', 'TG_RULE_TRAILING_TEXT'],
  '004': ['TG_RULE_PARAM_PRIMARY'],
  '007': ['TG_SETTINGS_MANAGED_ONLY', 'TG_SETTINGS_MANAGED_ONLY'],
  '008': ['TG_SETTINGS_UNKNOWN_KEY'],
  '012': ['TG_SETTINGS_HOOKS_DISABLED'],
  // A project's own defaultMode "bypassPermissions" is ignored, with a warning (decision 0072).
  '016': ['TG_SETTINGS_MODE_IGNORED'],
  '024': ['TG_SETTINGS_MODE_IGNORED'],
  '018': ['TG_SETTINGS_UNKNOWN_KEY', 'TG_SETTINGS_UNKNOWN_KEY', 'TG_SETTINGS_UNKNOWN_KEY', 'TG_SETTINGS_UNKNOWN_KEY'],
  '025': Array<string>(295).fill('TG_RULE_PARAM_PRIMARY'),
  // Write(...) in allow is ignored (as in Claude Code); in deny it is enforced as Edit(...).
  '030': ['TG_RULE_PATH_IGNORED', 'TG_RULE_PATH_IGNORED', 'TG_RULE_PATH_ENFORCED_AS_EDIT', 'TG_RULE_PATH_ENFORCED_AS_EDIT'],
  '033': [
    'TG_RULE_INVALID_TOOL_NAME',
    'TG_RULE_PATH_ENFORCED_AS_EDIT',
    'TG_RULE_PATH_ENFORCED_AS_EDIT',
    'TG_RULE_PATH_ENFORCED_AS_EDIT',
    'TG_RULE_PATH_ENFORCED_AS_EDIT',
  ],
  '034': ['TG_SETTINGS_HOOK_EVENT'],
  '038': ['TG_SETTINGS_JSON'],
  '044': ['TG_SETTINGS_JSON'],
  '050': ['TG_RULE_LEGACY_TOOL_NAME'],
};
const ERRORS: Record<string, number> = { '003': 2, '033': 1, '038': 1, '044': 1 };

describe('corpus: 60 real settings files', () => {
  it('INDEX.md describes all 60 files', () => {
    expect(entries).toHaveLength(60);
    expect(new Set(entries.map((e) => e.file))).toEqual(new Set(readdirSync(settingsDir).filter((f) => f.endsWith('.json'))));
  });

  for (const entry of entries) {
    const id = entry.file.slice(0, 3);
    it(`${entry.file} (${entry.kind}) loads with only true diagnostics`, () => {
      const { parsed, policy } = load(entry);
      const codes = policy.diagnostics.map((d) => d.code).filter((c) => c !== 'TG_RULE_LEGACY_PREFIX');
      expect(codes.sort()).toEqual([...(EXPECTED[id] ?? [])].sort());
      expect(policy.diagnostics.filter((d) => d.severity === 'error')).toHaveLength(ERRORS[id] ?? 0);
      for (const d of policy.diagnostics) {
        if (d.code === 'TG_RULE_LEGACY_PREFIX') expect(d.severity).not.toBe('error');
        if (d.code !== 'TG_SETTINGS_MANAGED_POLICY') expect(d.file).toBe(entry.file);
      }
      // Nothing is lost: every rule string that did not give an error is in the policy.
      const json = parsed.settings.json as { permissions?: Record<string, unknown> };
      const written = (['allow', 'ask', 'deny'] as const).flatMap((list) => {
        const value = json.permissions?.[list];
        return Array.isArray(value) ? value.map((text, index) => ({ list, index, text })) : [];
      });
      const broken = new Set(policy.diagnostics.filter((d) => d.severity === 'error').map((d) => JSON.stringify(d.path)));
      const kept = new Set(policy.rules.map((r) => JSON.stringify(['permissions', r.list, r.index])));
      for (const w of written) {
        const key = JSON.stringify(['permissions', w.list, w.index]);
        expect(kept.has(key) || broken.has(key), `${w.list}[${w.index}] ${String(w.text)}`).toBe(true);
      }
    });
  }

  it('the two files that are not JSON give TG_SETTINGS_JSON naming the file, with line and column', () => {
    for (const id of ['038', '044']) {
      const entry = entries.find((e) => e.file.startsWith(id)) as Entry;
      const [d] = load(entry).policy.diagnostics as SettingsDiagnostic[];
      expect(d).toMatchObject({ code: 'TG_SETTINGS_JSON', severity: 'error', file: entry.file });
      expect(d?.line).toBeGreaterThan(1);
      expect(d?.column).toBeGreaterThan(0);
    }
  });

  it('real-world rules parse: legacy ":*", " *", mid-pattern "*", escapes, MCP, WebFetch, Skill', () => {
    const all = entries.flatMap((e) => load(e).policy.rules.map((r) => r.rule.text));
    for (const text of [
      'Bash(npm run test:*)',
      'Bash(./gradlew desktop:debug:*)',
      'Bash(* --version)',
      'Bash(git push * origin *)',
      'WebFetch(domain:docs.anthropic.com)',
      'Skill(claude-in-chrome)',
      'Read(//**/.ssh/**)',
      'Edit(/**)',
    ]) {
      const inJsonFile = entries.some(
        (e) => !['038', '044'].includes(e.file.slice(0, 3)) && readFileSync(settingsDir + e.file, 'utf8').includes(JSON.stringify(text)),
      );
      if (inJsonFile) expect(all).toContain(text);
    }
    expect(all.length).toBeGreaterThan(2000);
  });

  it('files with nonstandard names or places get a clear TG_SETTINGS_FILE_NAME warning', () => {
    const flagged = entries.filter((e) => checkSettingsFileName(e.original).diagnostics.length > 0).map((e) => e.file.slice(0, 3));
    // 013: managed-settings.json inside .claude/; 025: a user-level settings.local.json;
    // 036, 038, 040: settings.local.json.example; 044: settings.json.tmpl.
    expect(flagged).toEqual(['013', '025', '036', '038', '040', '044']);
    const d = checkSettingsFileName('.claude/settings.local.json.example').diagnostics[0];
    expect(d).toMatchObject({ code: 'TG_SETTINGS_FILE_NAME', severity: 'warning', file: '.claude/settings.local.json.example' });
    expect(d?.message).toContain('--settings');
  });
});

describe('corpus: SchemaStore test files', () => {
  const dir = `${corpus}schemastore-tests/`;
  const files = (sub: string) =>
    readdirSync(dir + sub)
      .filter((f) => f.endsWith('.json'))
      .sort();
  const parse = (sub: string, f: string, kind: SettingsSourceKind = 'userSettings') =>
    parseSettingsFile(readFileSync(`${dir}${sub}/${f}`, 'utf8'), { kind, file: f });

  /**
   * Known disagreement: SchemaStore accepts any `mcp__...` string, including
   * `mcp__filesystem(read:/home/user)`; toolgate's rule parser rejects a specifier on an MCP rule
   * (Claude Code docs: MCP rules name a server or a tool, nothing more). These are the only errors.
   */
  const KNOWN_RULE_ERRORS: Record<string, string[]> = {
    'permissions-mcp.json': ['TG_RULE_MCP_SPECIFIER', 'TG_RULE_MCP_SPECIFIER', 'TG_RULE_MCP_SPECIFIER'],
  };

  for (const f of files('valid')) {
    it(`valid/${f} gives no error diagnostic`, () => {
      const kind: SettingsSourceKind = f === 'managed-settings.json' ? 'managed' : 'userSettings';
      const policy = mergePolicy([parse('valid', f, kind)]);
      expect(policy.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(KNOWN_RULE_ERRORS[f] ?? []);
    });
  }

  /**
   * Invalid files that touch permissions, hooks or the managed-only keys toolgate reads must get
   * a diagnostic. Out of scope (they are about settings toolgate does not read, so it neither
   * checks nor uses them): blocked/known marketplaces and their URLs (invalid-blocked-marketplace-
   * git-url, invalid-inline-marketplace-plugin-source, invalid-inline-marketplace-source,
   * invalid-marketplace-host-pattern), env variable names (invalid-env-variable-name), MCP server
   * names (invalid-mcp-server-name), sandbox network TLS (invalid-tls-terminate-property) and vim
   * remaps (invalid-vim-insert-mode-remap).
   */
  const OUT_OF_SCOPE = new Set([
    'invalid-blocked-marketplace-git-url.json',
    'invalid-env-variable-name.json',
    'invalid-inline-marketplace-plugin-source.json',
    'invalid-inline-marketplace-source.json',
    'invalid-marketplace-host-pattern.json',
    'invalid-mcp-server-name.json',
    'invalid-tls-terminate-property.json',
    'invalid-vim-insert-mode-remap.json',
  ]);
  const EXPECTED_INVALID: Record<string, string[]> = {
    'additional-properties-hook.json': ['TG_SETTINGS_UNKNOWN_KEY'],
    'invalid-enum-values.json': ['TG_SETTINGS_MODE', 'TG_SETTINGS_TYPE'],
    'invalid-hook-shell.json': ['TG_SETTINGS_TYPE'],
    'invalid-hook-type.json': ['TG_SETTINGS_HOOK_TYPE'],
    'invalid-managed-settings.json': ['TG_SETTINGS_TYPE'],
    'invalid-permission-rule.json': [],
    'invalid-timeout-value.json': ['TG_SETTINGS_TYPE'],
    'missing-required-hook-fields.json': ['TG_SETTINGS_REQUIRED'],
    'wrong-property-types.json': ['TG_SETTINGS_TYPE'],
  };

  it('every invalid/ file is either checked or listed as out of scope', () => {
    expect(new Set(files('invalid'))).toEqual(new Set([...OUT_OF_SCOPE, ...Object.keys(EXPECTED_INVALID)]));
  });

  for (const [f, codes] of Object.entries(EXPECTED_INVALID)) {
    it(`invalid/${f} gives a diagnostic`, () => {
      const { diagnostics } = parse('invalid', f, 'managed');
      expect(diagnostics.length).toBeGreaterThan(0);
      for (const code of codes) expect(diagnostics.map((d) => d.code)).toContain(code);
      for (const d of diagnostics) {
        expect(d.file).toBe(f);
        expect(d.path).toBeDefined();
      }
    });
  }

  it('invalid-permission-rule.json: each malformed rule is reported with its list and index', () => {
    const { diagnostics, settings } = parse('invalid', 'invalid-permission-rule.json');
    const paths = new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => JSON.stringify(d.path)));
    for (const [list, index] of [
      ['allow', 1],
      ['allow', 2],
      ['allow', 3],
      ['ask', 1],
      ['ask', 2],
      ['ask', 3],
    ] as const) {
      expect(paths.has(JSON.stringify(['permissions', list, index])), `${list}[${index}]`).toBe(true);
    }
    // Bare unknown names (`InvalidTool`) and `Bash()` are valid rule syntax; they stay.
    expect(settings.rules.map((r) => r.rule.text)).toContain('InvalidTool');
  });

  it('wrong-property-types.json: each wrong type is named with its path and what was expected', () => {
    const { diagnostics } = parse('invalid', 'wrong-property-types.json');
    const byPath = Object.fromEntries(diagnostics.map((d) => [JSON.stringify(d.path), d]));
    for (const path of [
      ['hooks', 'PreToolUse', 0, 'hooks', 0, 'async'],
      ['permissions', 'additionalDirectories'],
      ['permissions', 'allow'],
      ['permissions', 'ask'],
    ]) {
      expect(byPath[JSON.stringify(path)], JSON.stringify(path)).toMatchObject({ code: 'TG_SETTINGS_TYPE', severity: 'error' });
      expect(byPath[JSON.stringify(path)]?.expected).toMatch(/^an? /);
    }
  });
});
