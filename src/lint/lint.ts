import type { FileSystem } from '../core/ports.js';
import type { SettingsSourceKind } from '../core/types.js';
import { checkRuleExamples } from '../policy-test/examples.js';
import { parseRule } from '../rules/index.js';
import { mergePolicy, parseSettingsFile, readSettingsText, unreadableSettings } from '../settings/index.js';
import { dirnameOf, joinPath, MANAGED_SETTINGS_PATHS } from '../settings/paths.js';
import type { ParsedSettingsFile } from '../settings/types.js';
import type { LintCode } from './codes.js';
import { hookDiagnostics } from './hooks.js';
import { indexJson, lineColumnIn, lineStarts, locate } from './locate.js';
import { broadAllows, bypassModeInProject, denyBypasses, duplicates, sandboxAutoAllow, shadowedAllows, type LogicEnv } from './logic.js';
import { dialectRuleDiagnostics, ruleDiagnostics } from './rules.js';
import { prepareSchemaChecks, schemaDiagnostics } from './schema.js';
import type { LintDiagnostic, LintInput, LintOptions, LintReport } from './types.js';

/** Settings diagnostics the lint checks report themselves, under their own codes. */
const COVERED = /^TG_RULE_|^TG_SETTINGS_(JSON|TYPE|REQUIRED|UNKNOWN_KEY|HOOK_EVENT|HOOK_TYPE|READ|ENCODING)$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Servers a settings file itself names: `enabledMcpjsonServers`, `allowedMcpServers[].serverName`. */
function serversNamedIn(json: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['enabledMcpjsonServers', 'disabledMcpjsonServers']) {
    const v = json[key];
    if (Array.isArray(v)) out.push(...v.filter((s): s is string => typeof s === 'string'));
  }
  for (const key of ['allowedMcpServers', 'deniedMcpServers']) {
    const v = json[key];
    if (Array.isArray(v)) for (const e of v) if (isObject(e) && typeof e['serverName'] === 'string') out.push(e['serverName']);
  }
  if (isObject(json['mcpServers'])) out.push(...Object.keys(json['mcpServers']));
  return out;
}

function projectDirOf(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const dir = dirnameOf(file);
  return /[\\/]\.claude$/.test(dir) ? dirnameOf(dir) : dir;
}

/** Findings that say why a value is wrong more precisely than the public schema's "does not match the pattern". */
const CAUSE_OF_SCHEMA_MISMATCH = new Set<LintCode>([
  'TG_LINT_UNKNOWN_TOOL',
  'TG_LINT_TOOL_NEAR_MISS',
  'TG_LINT_RULE_UNPARSEABLE',
  'TG_LINT_HIDDEN_CHAR',
  'TG_LINT_CONFUSABLE_CHAR',
  'TG_LINT_SPACE_IN_PARENS',
]);
/** Findings that already say a rule does not match what it appears to name. */
const CAUSE_OF_UNKNOWN_TOOL = new Set<LintCode>(['TG_LINT_HIDDEN_CHAR', 'TG_LINT_CONFUSABLE_CHAR']);

/**
 * Each finding once: a value the public schema rejects is reported by the check that says why
 * (an unknown tool, a rule that does not parse, a hidden character); a tool name that is unknown
 * only because of a hidden or confusable character, or a rule that does not parse because of one,
 * is reported as that character; a finding
 * repeated word for word (the same file read as two layers) once.
 */
function onceEach(diagnostics: readonly LintDiagnostic[]): LintDiagnostic[] {
  const place = (d: LintDiagnostic) => `${d.file ?? ''}\0${JSON.stringify(d.path ?? [])}`;
  const codesAt = new Map<string, Set<LintCode>>();
  for (const d of diagnostics) {
    const key = place(d);
    codesAt.set(key, (codesAt.get(key) ?? new Set()).add(d.code));
  }
  const has = (d: LintDiagnostic, codes: ReadonlySet<LintCode>) => [...(codesAt.get(place(d)) ?? [])].some((c) => codes.has(c));
  // A character that makes a rule unparseable is reported as that character (it says more).
  const hiddenAt = new Set(
    diagnostics.filter((d) => CAUSE_OF_UNKNOWN_TOOL.has(d.code) && d.range !== undefined).map((d) => `${place(d)}\0${d.range!.start}`),
  );
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    if (d.code === 'TG_LINT_SCHEMA_PUBLIC' && has(d, CAUSE_OF_SCHEMA_MISMATCH)) return false;
    if ((d.code === 'TG_LINT_UNKNOWN_TOOL' || d.code === 'TG_LINT_TOOL_NEAR_MISS') && has(d, CAUSE_OF_UNKNOWN_TOOL)) return false;
    if (d.code === 'TG_LINT_RULE_UNPARSEABLE' && d.range !== undefined && hiddenAt.has(`${place(d)}\0${d.range.start}`)) return false;
    const key = `${d.code}\0${place(d)}\0${d.message}\0${JSON.stringify(d.range ?? null)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether the value at `path` is a permission rule on a tool the host declared (`lint --tools`):
 * the public Claude Code schema knows only Claude Code's tools, so its pattern rejects such a rule.
 */
function namesDeclaredTool(
  json: Record<string, unknown>,
  path: readonly (string | number)[] | undefined,
  tools: ReadonlySet<string>,
): boolean {
  if (tools.size === 0 || path === undefined || path.length !== 3 || path[0] !== 'permissions') return false;
  const list = (json['permissions'] as Record<string, unknown> | undefined)?.[String(path[1])];
  const text = Array.isArray(list) ? list[Number(path[2])] : undefined;
  if (typeof text !== 'string') return false;
  const parsed = parseRule(text);
  return parsed.ok && tools.has(parsed.rule.tool);
}

/** Counts per code and per severity. */
export function summarize(files: string[], diagnostics: LintDiagnostic[]): LintReport {
  const counts: Partial<Record<LintCode, number>> = {};
  for (const d of diagnostics) counts[d.code] = (counts[d.code] ?? 0) + 1;
  return {
    files,
    diagnostics,
    counts,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
    infos: diagnostics.filter((d) => d.severity === 'info').length,
  };
}

/**
 * Lint settings files taken together as one policy's layers (toolgate docs, "toolgate lint"):
 * schema (toolgate's own and the public Claude Code schema), each rule (parse, legacy spelling,
 * inert forms, unknown tools and MCP servers, URLs as hosts, path anchors), the merged policy
 * (shadowed allows, duplicates across layers, broad allows with what they let through, easily
 * bypassed denies, bypassPermissions in a project file), hooks (events, matchers, `if`, scripts,
 * `allowedEnvVars`, millisecond timeouts) and inline `$toolgate.examples`.
 *
 * Every finding has a stable `TG_LINT_*` code (see {@link LINT_CODES}), a severity, the file, the
 * JSON path and, when it can be found, the 1-based line and column. Never throws for bad input.
 * @public
 */
export async function lintSettings(inputs: readonly LintInput[], options: LintOptions = {}): Promise<LintReport> {
  const home = options.home ?? '/home/user';
  const platform = options.platform ?? 'linux';
  const diagnostics: LintDiagnostic[] = [];
  const parsed: ParsedSettingsFile[] = [];
  const texts = new Map<string, string>();
  const known = new Set(options.mcpServers ?? []);

  for (const input of inputs) {
    const kind: SettingsSourceKind = input.kind ?? 'projectSettings';
    const source = input.file !== undefined ? { kind, file: input.file } : { kind };
    if (input.unreadable !== undefined) {
      const u = input.unreadable;
      const p = unreadableSettings(source, {
        kind: 'unreadable',
        code: u.code === 'TG_SETTINGS_ENCODING' ? 'TG_SETTINGS_ENCODING' : 'TG_SETTINGS_READ',
        message: u.message,
        ...(u.line !== undefined ? { line: u.line } : {}),
        ...(u.column !== undefined ? { column: u.column } : {}),
      });
      parsed.push(p);
      for (const d of p.diagnostics) diagnostics.push({ ...d, code: 'TG_LINT_READ', related: d.code });
      continue;
    }
    const p = parseSettingsFile(input.text, source);
    parsed.push(p);
    if (input.file !== undefined) texts.set(input.file, input.text);
    for (const s of serversNamedIn(p.settings.json)) known.add(s);
    if (p.settings.broken !== undefined) {
      for (const d of p.diagnostics) diagnostics.push({ ...d, code: 'TG_LINT_JSON', related: d.code });
      continue;
    }
  }

  const firstFile = inputs.find(
    (i) => i.file !== undefined && (i.kind ?? 'projectSettings') !== 'userSettings' && i.kind !== 'managed',
  )?.file;
  const projectDir = options.projectDir ?? projectDirOf(firstFile);
  const cwd = options.cwd ?? projectDir ?? '/home/user/project';
  const env: LogicEnv = { cwd, home, projectDir: projectDir ?? cwd, platform };
  const ruleEnv = { platform, mcpServers: known, mcpConfigSeen: options.mcpServers !== undefined, tools: new Set(options.tools ?? []) };
  // A dialect with its own rule syntax: its check replaces the ones that read Claude Code's.
  const checkRule = options.dialect?.checkRule;
  const schemas = prepareSchemaChecks();

  for (const p of parsed) {
    const file = p.settings.source.file;
    if (p.settings.broken !== undefined) continue;
    const json = p.settings.json;
    if (checkRule !== undefined) {
      diagnostics.push(
        ...(await schemaDiagnostics(json, file, false, schemas)),
        ...dialectRuleDiagnostics(json, file, options.dialect!.name, checkRule),
      );
    } else {
      diagnostics.push(
        ...(await schemaDiagnostics(json, file, options.publicSchema !== false, schemas)).filter(
          (d) => !(d.code === 'TG_LINT_SCHEMA_PUBLIC' && namesDeclaredTool(json, d.path, ruleEnv.tools)),
        ),
      );
      diagnostics.push(...ruleDiagnostics(json, file, ruleEnv));
    }
    const userLevel = p.settings.source.kind === 'userSettings' || p.settings.source.kind === 'managed';
    diagnostics.push(
      ...(await hookDiagnostics(json, file, {
        ...(options.fs !== undefined ? { fs: options.fs } : {}),
        home,
        ...(options.projectDir !== undefined || !userLevel ? (projectDir !== undefined ? { projectDir } : {}) : {}),
      })),
    );
    if (checkRule !== undefined) continue;
    for (const r of checkRuleExamples(p.settings, { cwd, home, projectDir: env.projectDir, platform })) {
      if (r.status === 'pass') continue;
      diagnostics.push({
        code: 'TG_LINT_EXAMPLE',
        severity: 'error',
        message: r.message,
        path: r.path,
        ...(file !== undefined ? { file } : {}),
      });
    }
  }

  const policy = mergePolicy(parsed);
  for (const d of policy.diagnostics) {
    if (COVERED.test(d.code)) continue;
    diagnostics.push({ ...d, code: 'TG_LINT_SETTINGS', related: d.code });
  }
  if (checkRule === undefined)
    diagnostics.push(
      ...shadowedAllows(policy, env),
      ...duplicates(policy),
      ...broadAllows(policy, env),
      ...denyBypasses(policy, env),
      ...bypassModeInProject(parsed),
      ...sandboxAutoAllow(parsed, policy),
    );
  const findings = onceEach(diagnostics);
  diagnostics.length = 0;
  diagnostics.push(...findings);

  // Positions: line and column of the value each finding points at. Each file's text is indexed
  // once, at the paths its findings name (not every value of it).
  const wanted = new Map<string, (string | number)[][]>();
  for (const d of diagnostics) {
    if (d.file === undefined || d.path === undefined || d.line !== undefined || !texts.has(d.file)) continue;
    const paths = wanted.get(d.file);
    if (paths === undefined) wanted.set(d.file, [d.path]);
    else paths.push(d.path);
  }
  const indexes = new Map<string, { index: ReturnType<typeof indexJson>; starts: number[] }>();
  for (const d of diagnostics) {
    if (d.file === undefined || d.path === undefined || d.line !== undefined) continue;
    const text = texts.get(d.file);
    if (text === undefined) continue;
    let located = indexes.get(d.file);
    if (located === undefined) indexes.set(d.file, (located = { index: indexJson(text, wanted.get(d.file)), starts: lineStarts(text) }));
    const loc = locate(located.index, d.path);
    if (loc === undefined) continue;
    const offset = d.range !== undefined && text[loc.start] === '"' ? loc.start + 1 + d.range.start : loc.start;
    Object.assign(d, lineColumnIn(located.starts, text.length, Math.min(offset, loc.end)));
  }
  const order = { error: 0, warning: 1, info: 2 } as const;
  diagnostics.sort(
    // Equal names (nearly every pair) compare as 0 without the locale's collation, the costly part of the sort.
    (a, b) =>
      (a.file === b.file ? 0 : (a.file ?? '').localeCompare(b.file ?? '')) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      order[a.severity] - order[b.severity],
  );
  return summarize(
    inputs.map((i) => i.file ?? '(inline)'),
    diagnostics,
  );
}

/** Options of {@link lintProject}. @public */
export interface LintProjectOptions extends Omit<LintOptions, 'fs' | 'projectDir' | 'mcpServers'> {
  fs: FileSystem;
  projectDir: string;
  home: string;
  /** Which layers to lint (default all four). */
  settingSources?: readonly ('user' | 'project' | 'local' | 'managed')[];
}

async function readIfThere(fs: FileSystem, path: string): Promise<string | undefined> {
  try {
    if ((await fs.stat(path)) === undefined) return undefined;
    return await fs.readText(path);
  } catch {
    return undefined;
  }
}

/** MCP servers in `.mcp.json` and `~/.claude.json` (global and this project's entry); `undefined` when neither exists. */
async function mcpServersOf(fs: FileSystem, projectDir: string, home: string): Promise<string[] | undefined> {
  let seen = false;
  const out: string[] = [];
  const add = (v: unknown) => {
    if (isObject(v)) out.push(...Object.keys(v));
  };
  for (const path of [joinPath(projectDir, '.mcp.json'), joinPath(home, '.claude.json')]) {
    const text = await readIfThere(fs, path);
    if (text === undefined) continue;
    seen = true;
    try {
      const json = JSON.parse(text) as unknown;
      if (!isObject(json)) continue;
      add(json['mcpServers']);
      const projects = json['projects'];
      if (isObject(projects) && isObject(projects[projectDir])) add((projects[projectDir] as Record<string, unknown>)['mcpServers']);
    } catch {
      // a broken MCP file is not this linter's subject; its servers are unknown
    }
  }
  return seen ? out : undefined;
}

/**
 * Lint a project's settings layers as Claude Code would load them: `~/.claude/settings.json`,
 * `<project>/.claude/settings.json`, `settings.local.json` and managed settings (Linux and macOS
 * paths), with MCP servers from `.mcp.json` and `~/.claude.json`. Reads through the FileSystem port.
 * @public
 */
export async function lintProject(options: LintProjectOptions): Promise<LintReport> {
  const { fs, projectDir, home } = options;
  const sources = new Set(options.settingSources ?? ['user', 'project', 'local', 'managed']);
  const dir = options.dialect?.configDirName ?? '.claude';
  const wanted: { file: string; kind: SettingsSourceKind }[] = [];
  if (sources.has('user')) wanted.push({ file: joinPath(home, dir, 'settings.json'), kind: 'userSettings' });
  if (sources.has('project')) wanted.push({ file: joinPath(projectDir, dir, 'settings.json'), kind: 'projectSettings' });
  if (sources.has('local')) wanted.push({ file: joinPath(projectDir, dir, 'settings.local.json'), kind: 'localSettings' });
  // Claude Code's managed files; a dialect with a settings folder of its own reads none of them.
  if (sources.has('managed') && dir === '.claude')
    for (const file of [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos]) wanted.push({ file, kind: 'managed' });
  const inputs: LintInput[] = [];
  for (const w of wanted) {
    const read = await readSettingsText(fs, w.file);
    if (read.kind === 'text') inputs.push({ text: read.text, file: w.file, kind: w.kind });
    else if (read.kind === 'unreadable') {
      const { kind: _k, ...unreadable } = read;
      inputs.push({ text: '', file: w.file, kind: w.kind, unreadable });
    }
  }
  const mcp = await mcpServersOf(fs, projectDir, home);
  const { settingSources: _ignored, ...rest } = options;
  void _ignored;
  return lintSettings(inputs, { ...rest, ...(mcp !== undefined ? { mcpServers: mcp } : {}) });
}
