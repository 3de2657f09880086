import type { FileSystem } from '../core/ports.js';
import { normalizeMode, type Diagnostic, type Platform, type SettingsSourceKind } from '../core/types.js';
import { evaluate, prepare, type EvaluationContext } from '../evaluate/index.js';
import { normalizePath } from '../paths/index.js';
import { mergePolicy, parseSettingsObject, readSettingsFile } from '../settings/index.js';
import { dirnameOf, joinPath } from '../settings/paths.js';
import type { ParsedSettingsFile, Policy } from '../settings/types.js';
import { readCall } from './call.js';
import { checkRuleExamples, type RuleExampleResult } from './examples.js';
import { describeCall, formatDecisionTrace } from './trace.js';
import type { PolicyCaseResult, PolicyTestDocument, PolicyTestReport } from './types.js';
import { parsePolicyTestText } from './read.js';
import { validatePolicyTest } from './validate.js';

/** Options of {@link runPolicyTests}. @public */
export interface RunPolicyTestsOptions {
  /** The file system settings files are read from (Node's in the CLI, a memory one in tests). */
  fs: FileSystem;
  /** Home directory when the test file names none. Default `/home/user`: tests do not read the real home. */
  home?: string;
  /** Clock for `durationMs`, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** The policy a test file describes, with the parsed files (for their inline examples). */
export interface LoadedTestPolicy {
  policy: Policy;
  files: ParsedSettingsFile[];
  errors: Diagnostic[];
  cwd: string;
  home: string;
  projectDir: string;
  platform: Platform;
}

const LAYER_KIND: Record<string, SettingsSourceKind> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
};

async function readSettings(
  fs: FileSystem,
  file: string,
  kind: SettingsSourceKind,
  required: boolean,
): Promise<ParsedSettingsFile | Diagnostic | undefined> {
  const parsed = await readSettingsFile(fs, { kind, file });
  if (parsed === undefined && required)
    return { code: 'TG_POLICY_TEST_SETTINGS', severity: 'error', file, message: `settings file not found: ${file}` };
  return parsed;
}

/** Load the settings of a policy test document. `baseDir` resolves relative paths. Never throws. */
export async function loadTestPolicy(doc: PolicyTestDocument, baseDir: string, options: RunPolicyTestsOptions): Promise<LoadedTestPolicy> {
  const platform = doc.platform ?? 'linux';
  const home = doc.home ?? options.home ?? '/home/user';
  const abs = (p: string) => normalizePath(p, { cwd: baseDir, home, platform: 'linux' });
  const s = doc.settings;
  const projectDir = s.project !== undefined ? abs(s.project) : baseDir;
  const cwd = doc.cwd !== undefined ? normalizePath(doc.cwd, { cwd: projectDir, home, platform: 'linux' }) : projectDir;
  const errors: Diagnostic[] = [];
  const files: ParsedSettingsFile[] = [];
  const add = (r: ParsedSettingsFile | Diagnostic | undefined) => {
    if (r === undefined) return;
    if ('settings' in r) files.push(r);
    else errors.push(r);
  };
  if (s.project !== undefined) {
    const sources = new Set(s.sources ?? ['project', 'local']);
    if (sources.has('user')) add(await readSettings(options.fs, joinPath(home, '.claude', 'settings.json'), 'userSettings', false));
    if (sources.has('project'))
      add(await readSettings(options.fs, joinPath(projectDir, '.claude', 'settings.json'), 'projectSettings', false));
    if (sources.has('local'))
      add(await readSettings(options.fs, joinPath(projectDir, '.claude', 'settings.local.json'), 'localSettings', false));
    if (sources.has('managed')) add(await readSettings(options.fs, '/etc/claude-code/managed-settings.json', 'managed', false));
    if (files.length === 0 && errors.length === 0) {
      errors.push({
        code: 'TG_POLICY_TEST_SETTINGS',
        severity: 'error',
        message: `no settings file found in ${joinPath(projectDir, '.claude')}`,
      });
    }
  }
  for (const f of s.files ?? []) add(await readSettings(options.fs, abs(f), 'cli', true));
  for (const [layer, obj] of Object.entries(s.layers ?? {})) files.push(parseSettingsObject(obj, { kind: LAYER_KIND[layer] ?? 'inline' }));
  if (s.inline !== undefined) files.push(parseSettingsObject(s.inline, { kind: 'inline' }));
  const policy = mergePolicy(files, { projectTrusted: doc.projectTrusted ?? true });
  return { policy, files, errors, cwd, home, projectDir, platform };
}

/**
 * Run a policy test document that is already parsed. `baseDir` is where relative paths in it
 * resolve (the test file's directory). Never throws: a bad document gives a report with errors.
 * @public
 */
export async function runPolicyTestDocument(
  value: unknown,
  baseDir: string,
  options: RunPolicyTestsOptions,
  file?: string,
): Promise<PolicyTestReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const fallbackName = file !== undefined ? file.replace(/^.*[\\/]/, '') : 'policy test';
  const empty = (errors: Diagnostic[]): PolicyTestReport => ({
    ...(file !== undefined ? { file } : {}),
    name: fallbackName,
    cases: [],
    examples: [],
    errors,
    settingsDiagnostics: [],
    passed: 0,
    failed: errors.length,
    durationMs: now() - started,
  });
  const checked = validatePolicyTest(value, file);
  if (!checked.ok) return empty(checked.errors);
  const doc = checked.document;
  if ((doc.dialect ?? 'claude-code') !== 'claude-code') {
    return empty([{ code: 'TG_POLICY_TEST_DIALECT', severity: 'error', message: `dialect "${String(doc.dialect)}" is not supported yet` }]);
  }
  await prepare();
  const loaded = await loadTestPolicy(doc, baseDir, options);
  const errors = [...loaded.errors, ...loaded.policy.diagnostics.filter((d) => d.severity === 'error')];
  const settingsDiagnostics = loaded.policy.diagnostics.filter((d) => d.severity !== 'error');
  const baseMode = normalizeMode(doc.mode ?? 'default') ?? 'default';
  const cases: PolicyCaseResult[] = doc.cases.map((c, index) => {
    const expected = {
      behavior: c.expect,
      ...(c.rule !== undefined ? { rule: c.rule } : {}),
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      ...(c.askKind !== undefined ? { askKind: c.askKind } : {}),
    };
    const parsed = readCall(c.call);
    if (!parsed.ok) return { index, name: c.name ?? String(c.call), status: 'error', expected, message: parsed.message };
    const call = parsed.call;
    const name = c.name ?? describeCall(call);
    const ctx: EvaluationContext = {
      mode: normalizeMode(c.mode ?? '') ?? baseMode,
      policy: loaded.policy,
      cwd: c.cwd !== undefined ? normalizePath(c.cwd, { cwd: loaded.cwd, home: loaded.home, platform: 'linux' }) : loaded.cwd,
      home: loaded.home,
      projectDir: loaded.projectDir,
      platform: loaded.platform,
      // A policy test's world: no environment variable that matters (CDPATH, …) is set, as
      // `toolgate hook` sees a usual shell.
      environment: { values: {}, complete: true },
    };
    const decision = evaluate(call, ctx);
    const problems: string[] = [];
    if (decision.behavior !== c.expect) problems.push(`expected ${c.expect}, got ${decision.behavior}`);
    if (c.rule !== undefined && decision.rule?.text !== c.rule) {
      problems.push(`expected rule "${c.rule}", got ${decision.rule ? `"${decision.rule.text}"` : 'no rule'}`);
    }
    if (c.reason !== undefined && decision.reason.kind !== c.reason)
      problems.push(`expected reason ${c.reason}, got ${decision.reason.kind}`);
    if (c.askKind !== undefined && decision.askKind !== c.askKind)
      problems.push(`expected ${c.askKind} ask, got ${decision.askKind ?? 'no ask kind'}`);
    if (problems.length === 0) return { index, name, status: 'pass', call, expected, decision };
    return {
      index,
      name,
      status: 'fail',
      call,
      expected,
      decision,
      message: `${problems.join('; ')}\n${formatDecisionTrace(call, decision)}`,
    };
  });
  const examples: RuleExampleResult[] =
    doc.examples === false
      ? []
      : loaded.files.flatMap((f) =>
          checkRuleExamples(f.settings, { cwd: loaded.cwd, home: loaded.home, projectDir: loaded.projectDir, platform: loaded.platform }),
        );
  const passed = cases.filter((c) => c.status === 'pass').length + examples.filter((e) => e.status === 'pass').length;
  const failed = cases.length + examples.length - passed + errors.length;
  return {
    ...(file !== undefined ? { file } : {}),
    name: doc.name ?? fallbackName,
    cases,
    examples,
    errors,
    settingsDiagnostics,
    passed,
    failed,
    durationMs: now() - started,
  };
}

/**
 * Run one policy test file (`*.policy-test.json`, JSON with comments and trailing commas allowed):
 * load the settings it names, decide every case
 * with `evaluate`, compare with the expected decision (and rule, reason kind, ask kind), and
 * check the settings files' inline `$toolgate.examples`. Relative paths resolve against the test
 * file's directory. Never throws: a file that cannot be read or is not valid gives a report with
 * `errors`, each counted as a failure: text that is not JSON(C) one `TG_POLICY_TEST_JSON` error with
 * the line, column and what was expected there; values that do not fit the schema
 * `TG_POLICY_TEST_SCHEMA` errors with their JSON path, line and column.
 * @public
 */
export async function runPolicyTests(file: string, options: RunPolicyTestsOptions): Promise<PolicyTestReport> {
  let text: string;
  try {
    text = await options.fs.readText(file);
  } catch (e) {
    return runFailed(file, `cannot read ${file}: ${(e as Error).message}`);
  }
  const parsed = parsePolicyTestText(text, file);
  if (!parsed.ok) return { ...runFailed(file, parsed.error.message), errors: [parsed.error] };
  const report = await runPolicyTestDocument(parsed.value, dirnameOf(file), options, file);
  // Errors about the test file itself get the line and column of the value they name.
  const placed = report.errors.map((e) => {
    if (e.file !== file || e.path === undefined || 'line' in e) return e;
    const at = parsed.where(e.path);
    return at !== undefined ? { ...e, ...at } : e;
  });
  return { ...report, errors: placed };
}

function runFailed(file: string, message: string): PolicyTestReport {
  return {
    file,
    name: file.replace(/^.*[\\/]/, ''),
    cases: [],
    examples: [],
    errors: [{ code: 'TG_POLICY_TEST_READ', severity: 'error', file, message }],
    settingsDiagnostics: [],
    passed: 0,
    failed: 1,
    durationMs: 0,
  };
}
