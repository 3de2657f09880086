import type { PermissionMode, Platform } from '../core/types.js';
import type { EvaluationContext } from '../evaluate/index.js';
import { loadSettings, type SettingSource } from '../settings/index.js';
import { MANAGED_SETTINGS_PATHS, joinPath } from '../settings/paths.js';
import type { Policy } from '../settings/types.js';
import { createMemoryFileSystem, type MemoryEntry, type MemoryFileSystem } from './memory-fs.js';

/** What {@link projectFixture} builds a project from. Paths are absolute POSIX paths. @public */
export interface ProjectFixtureOptions {
  /** Settings objects per layer, written where Claude Code reads them. */
  settings?: {
    /** `<home>/.claude/settings.json` */
    user?: unknown;
    /** `<projectDir>/.claude/settings.json` */
    project?: unknown;
    /** `<projectDir>/.claude/settings.local.json` */
    local?: unknown;
    /** `/etc/claude-code/managed-settings.json` (the Linux path) */
    managed?: unknown;
  };
  /** Project root. Default `/home/user/project`. */
  projectDir?: string;
  /** Working directory. Default: `projectDir`. */
  cwd?: string;
  /** Home directory. Default `/home/user`. */
  home?: string;
  /** More files: relative paths are inside `projectDir`, `~/x` inside `home`. */
  files?: Record<string, MemoryEntry>;
  /** Permission mode of the context. Default: the settings' `defaultMode`, else `default`. */
  mode?: PermissionMode;
  /** Whether the project is trusted (default true). */
  trusted?: boolean;
  /** Which layers load (default all four). */
  settingSources?: SettingSource[];
}

/** A project laid out on an in-memory file system, its loaded policy and a context to decide with. @public */
export interface ProjectFixture {
  fs: MemoryFileSystem;
  policy: Policy;
  /** Ready for `evaluate(call, fixture.context)`; its `fs` is the memory file system's view. */
  context: EvaluationContext;
  cwd: string;
  home: string;
  projectDir: string;
  /** Where each settings layer was written. */
  paths: { user: string; project: string; local: string; managed: string };
}

const PLATFORM: Platform = 'linux';

function place(path: string, projectDir: string, home: string): string {
  if (path.startsWith('/')) return path;
  if (path === '~' || path.startsWith('~/')) return joinPath(home, path.slice(2));
  return joinPath(projectDir, path.replace(/^\.\//, ''));
}

/**
 * Build a project on an in-memory file system — settings layers at their Claude Code locations,
 * any other files — and load it with `loadSettings`, as a host would (Claude Code docs, "Settings
 * files"). Settings given as strings are written verbatim (to test broken JSON); objects are
 * written as JSON.
 *
 * ```ts
 * const project = await projectFixture({ settings: { project: { permissions: { deny: ['Bash(rm *)'] } } } });
 * expectDecision(project, 'Bash(rm -rf build)').toDeny();
 * ```
 * @public
 */
export async function projectFixture(options: ProjectFixtureOptions = {}): Promise<ProjectFixture> {
  const home = options.home ?? '/home/user';
  const projectDir = options.projectDir ?? '/home/user/project';
  const cwd = options.cwd ?? projectDir;
  const paths = {
    user: joinPath(home, '.claude', 'settings.json'),
    project: joinPath(projectDir, '.claude', 'settings.json'),
    local: joinPath(projectDir, '.claude', 'settings.local.json'),
    managed: MANAGED_SETTINGS_PATHS[PLATFORM],
  };
  const entries: Record<string, MemoryEntry> = { [joinPath(projectDir, '.keep')]: '', [joinPath(home, '.keep')]: '' };
  for (const [layer, value] of Object.entries(options.settings ?? {})) {
    if (value === undefined) continue;
    entries[paths[layer as keyof typeof paths]] = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  }
  for (const [path, entry] of Object.entries(options.files ?? {})) entries[place(path, projectDir, home)] = entry;
  const fs = createMemoryFileSystem(entries);
  const policy = await loadSettings({
    fs,
    cwd,
    home,
    projectDir,
    platform: PLATFORM,
    ...(options.settingSources !== undefined ? { settingSources: options.settingSources } : {}),
    ...(options.trusted !== undefined ? { isProjectTrusted: () => options.trusted as boolean } : {}),
  });
  const context: EvaluationContext = {
    mode: options.mode ?? policy.defaultMode?.value ?? 'default',
    policy,
    cwd,
    home,
    projectDir,
    platform: PLATFORM,
    fs: fs.view(),
  };
  return { fs, policy, context, cwd, home, projectDir, paths };
}
