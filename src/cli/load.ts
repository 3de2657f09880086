import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalizeMode, type Diagnostic, type PermissionMode } from '../core/types.js';
import { nodeFileSystem } from '../node/index.js';
import type { FileSystem } from '../core/ports.js';
import { loadSettings, parseSettingsFile, readSettingsText, unreadableSettings, type SettingsObject } from '../settings/index.js';
import type { BrokenSettingsFile, Policy } from '../settings/types.js';
import { dialectByName, policyForDialect } from '../dialects/index.js';
import type { Dialect } from '../evaluate/index.js';
import type { SettingsSourceKind } from '../core/types.js';

/** A mistake in how the command was called (exit code 2). */
export class UsageError extends Error {}

/** Options every deciding command shares. */
export interface PolicyOptions {
  settings?: string[];
  project?: string;
  settingSources?: string;
  cwd?: string;
  home?: string;
  allowedTools?: string[];
  disallowedTools?: string[];
  /** Dialect name: claude-code (default), noeta, biu, robota. */
  dialect?: string;
  /** `--env NAME=VALUE`: the environment the calls run in (`CLAUDE_CONFIG_DIR` moves the user layer). */
  env?: string[];
}

/**
 * The user layer's folder the `--env` assignments name through the dialect's variable
 * (`CLAUDE_CONFIG_DIR=DIR`, the last one given; relative to `cwd`), as the hook reads it from its
 * process: the same facts decide where the user layer is and which folder is protected.
 */
function userSettingsDirOf(dialect: Dialect, env: readonly string[] | undefined, cwd: string): string | undefined {
  let dir: string | undefined;
  for (const a of env ?? []) {
    const eq = a.indexOf('=');
    if (eq > 0 && (dialect.userConfigDirEnv ?? []).includes(a.slice(0, eq)))
      dir = a.slice(eq + 1) === '' ? undefined : resolve(cwd, a.slice(eq + 1));
  }
  return dir;
}

export interface LoadedPolicy {
  policy: Policy;
  dialect: Dialect;
  cwd: string;
  home: string;
  projectDir: string;
  /**
   * Set when nothing was loaded: no settings file was found and no rule was given on the command
   * line, so only the mode and the built-in defaults decide. Says why, in plain words.
   */
  nothingLoaded?: string;
}

type Source = 'user' | 'project' | 'local' | 'managed';

/** The dialect the flags name; an unknown name is an Error. */
export function dialectFromFlag(name: string | undefined): Dialect | Error {
  const d = dialectByName(name ?? 'claude-code');
  return d ?? new Error(`unknown dialect "${name}"; expected claude-code, noeta, biu or robota`);
}

/** Load the policy the flags describe: `--settings` files only, or `--project` layers. */
export async function loadPolicyFromFlags(opts: PolicyOptions): Promise<LoadedPolicy> {
  const dialect = dialectFromFlag(opts.dialect);
  if (dialect instanceof Error) throw new UsageError(dialect.message);
  for (const [flag, value] of [
    ['--cwd', opts.cwd],
    ['--home', opts.home],
    ['--project', opts.project],
  ] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  }
  const cwd = resolve(opts.cwd ?? opts.project ?? process.cwd());
  const home = resolve(opts.home ?? homedir());
  const projectDir = resolve(opts.project ?? cwd);
  const explicit = (opts.settings ?? []).map((f) => resolve(f));
  // A settings file named on the command line must exist: a typo must not become an empty policy.
  for (const file of explicit) {
    if (!existsSync(file)) throw new UsageError(`settings file not found: ${file}`);
  }
  if (opts.project !== undefined && !existsSync(projectDir)) throw new UsageError(`project directory not found: ${projectDir}`);
  let settingSources: Source[];
  if (opts.settingSources !== undefined) {
    const names = opts.settingSources
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = names.filter((n) => !['user', 'project', 'local', 'managed'].includes(n));
    if (bad.length > 0)
      throw new UsageError(`unknown setting source ${bad.map((b) => `"${b}"`).join(', ')}; expected user, project, local, managed`);
    settingSources = names as Source[];
  } else {
    settingSources = opts.project !== undefined ? ['user', 'project', 'local', 'managed'] : [];
  }
  // Which settings files were read: with none read and no rule flag, nothing decides but the mode.
  const read = new Set<string>();
  const fs = recordingReads(nodeFileSystem(), read);
  const extra = {
    ...(opts.allowedTools ? { allowedTools: opts.allowedTools } : {}),
    ...(opts.disallowedTools ? { disallowedTools: opts.disallowedTools } : {}),
  };
  if (dialect.policyFromObjects !== undefined) {
    // A dialect with its own rule reader keeps rule forms Claude Code's parser rejects: read the raw objects.
    const policy = await loadRawForDialect(dialect, fs, { cwd, home, projectDir, settingSources, explicit, extra });
    return checked(withNothingLoaded({ policy, dialect, cwd, home, projectDir }, read, opts, settingSources));
  }
  const userDir = userSettingsDirOf(dialect, opts.env, cwd);
  const policy = await loadSettings({
    fs,
    cwd,
    home,
    projectDir,
    settingSources,
    settingsFiles: explicit,
    configDirName: dialect.configDirName,
    ...(userDir !== undefined ? { userSettingsDir: userDir } : {}),
    ...(dialect.managedSettingsPaths !== undefined ? { managedPaths: dialect.managedSettingsPaths } : {}),
    ...extra,
  });
  return checked(withNothingLoaded({ policy, dialect, cwd, home, projectDir }, read, opts, settingSources));
}

/** `fs` that adds to `read` every file it reads (a settings file found, readable or not). */
function recordingReads(fs: FileSystem, read: Set<string>): FileSystem {
  return {
    ...fs,
    readFile: (path) => {
      read.add(path);
      return fs.readFile(path);
    },
    readText: (path) => {
      read.add(path);
      return fs.readText(path);
    },
  };
}

/** Mark a policy that nothing was loaded into, saying where toolgate looked and which flags would load one. */
function withNothingLoaded(loaded: LoadedPolicy, read: ReadonlySet<string>, opts: PolicyOptions, sources: readonly Source[]): LoadedPolicy {
  if (read.size > 0 || (opts.allowedTools ?? []).length > 0 || (opts.disallowedTools ?? []).length > 0) return loaded;
  const dir = loaded.dialect.configDirName;
  const places = [
    ...new Set([
      ...(sources.includes('user')
        ? [`${userSettingsDirOf(loaded.dialect, opts.env, loaded.cwd) ?? resolve(loaded.home, dir)}/settings.json`]
        : []),
      ...(sources.includes('project') ? [`${resolve(loaded.projectDir, dir)}/settings.json`] : []),
      ...(sources.includes('local') ? [`${resolve(loaded.projectDir, dir)}/settings.local.json`] : []),
      ...(sources.includes('managed') ? ['the managed settings'] : []),
    ]),
  ];
  const why = places.length === 0 ? 'without --settings or --project no settings file is read' : `none of ${places.join(', ')} exists`;
  return {
    ...loaded,
    nothingLoaded: `no settings loaded: ${why}, so no rule applies and only the mode decides; name the policy with --project DIR or --settings FILE`,
  };
}

/**
 * A rule given on the command line that does not parse, or a `--settings` file that cannot be read,
 * is a usage error — not a silently dropped rule or file.
 */
function checked(loaded: LoadedPolicy): LoadedPolicy {
  const bad = loaded.policy.diagnostics.find(
    (d) => d.severity === 'error' && (d.path?.[0] === '--allowedTools' || d.path?.[0] === '--disallowedTools'),
  );
  if (bad) throw new UsageError(bad.message);
  const broken = loaded.policy.brokenFiles?.find((b) => b.source.kind === 'cli');
  if (broken) throw new UsageError(brokenSettingsMessage(broken));
  return loaded;
}

/** `settings file FILE:LINE:COLUMN: what is wrong [CODE]` — where an editor can jump to. */
export function brokenSettingsMessage(b: BrokenSettingsFile): string {
  const at = b.line !== undefined ? `:${b.line}:${b.column ?? 1}` : '';
  return `settings file ${b.source.file ?? b.source.kind}${at}: ${b.message} [${b.code}]`;
}

async function loadRawForDialect(
  dialect: Dialect,
  fs: FileSystem,
  o: {
    cwd: string;
    home: string;
    projectDir: string;
    settingSources: Source[];
    explicit: string[];
    extra: { allowedTools?: string[]; disallowedTools?: string[] };
  },
): Promise<Policy> {
  const dir = dialect.configDirName;
  const wanted: { file: string; kind: SettingsSourceKind }[] = [];
  if (o.settingSources.includes('user')) wanted.push({ file: resolve(o.home, dir, 'settings.json'), kind: 'userSettings' });
  if (o.settingSources.includes('project')) wanted.push({ file: resolve(o.projectDir, dir, 'settings.json'), kind: 'projectSettings' });
  if (o.settingSources.includes('local')) wanted.push({ file: resolve(o.projectDir, dir, 'settings.local.json'), kind: 'localSettings' });
  for (const file of o.explicit) wanted.push({ file, kind: 'cli' });
  const objects: SettingsObject[] = [];
  const problems: Policy['diagnostics'] = [];
  const broken: BrokenSettingsFile[] = [];
  for (const w of wanted) {
    const read = await readSettingsText(fs, w.file);
    if (read.kind === 'missing') continue;
    const source = { kind: w.kind, file: w.file };
    const parsed = read.kind === 'text' ? parseSettingsFile(read.text, source) : unreadableSettings(source, read);
    if (parsed.settings.broken !== undefined) {
      problems.push(...parsed.diagnostics);
      broken.push(parsed.settings.broken);
      // The deny and ask rules still readable in it keep protecting.
      const kept = (list: string) => parsed.settings.rules.filter((r) => r.list === list).map((r) => r.rule.text);
      if (parsed.settings.rules.length > 0)
        objects.push({ kind: w.kind, file: w.file, settings: { permissions: { deny: kept('deny'), ask: kept('ask') } } });
      continue;
    }
    objects.push({ kind: w.kind, file: w.file, settings: parsed.settings.json });
  }
  const policy = policyForDialect(dialect, objects, o.extra);
  if (broken.length > 0) policy.brokenFiles = [...(policy.brokenFiles ?? []), ...broken];
  return problems.length > 0 ? { ...policy, diagnostics: [...problems, ...policy.diagnostics] } : policy;
}

/** The starting mode: `--mode`, else the policy's `defaultMode`, else the dialect's default. */
export function startingMode(flag: string | undefined, loaded: { policy: Policy; dialect: Dialect }): PermissionMode | Error {
  if (flag !== undefined) {
    const m = loaded.dialect.modeAliases[flag] ?? normalizeMode(flag);
    return m ?? new Error(`unknown mode "${flag}"; expected default, acceptEdits, plan, auto, dontAsk, bypassPermissions (or manual)`);
  }
  return loaded.policy.defaultMode?.value ?? loaded.dialect.defaultMode;
}

/** Diagnostics as `severity: file: message [code]` lines for stderr (messages already name the JSON path). */
export function formatDiagnostics(diags: Diagnostic[]): string[] {
  return diags.map((d) => {
    const jsonPath =
      d.path && d.path.length > 0
        ? d.path
            .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
            .join('')
            .replace(/^\./, '')
        : undefined;
    const message = jsonPath !== undefined && !d.message.includes(jsonPath) ? `${jsonPath}: ${d.message}` : d.message;
    return `${d.severity}: ${d.file !== undefined ? `${d.file}: ` : ''}${message} [${d.code}]`;
  });
}
