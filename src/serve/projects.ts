import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findProject, type ProjectFinding } from '../evaluate/index.js';
import { loadSessionPolicy, nodeFileSystem, sessionSettingsFiles } from '../node/index.js';
import { fileInPlace, renamedFile } from '../node/file-in-place.js';
import { isInside } from '../paths/index.js';
import { MANAGED_SETTINGS_PATHS, shadowPolicyOf, type Policy, type ShadowPolicy } from '../settings/index.js';
import type { PermissionMode } from '../core/types.js';
import { policyDigest } from '../provenance/digest.js';
import type { Store } from '../store/index.js';

/**
 * What serve records as the project of a session whose project is unknown (asks, grants, the
 * audit log): no directory is named `""`.
 */
export const UNKNOWN_PROJECT = '';

/** A project's policy as serve decides with it. */
export interface ProjectPolicy {
  /** The project's root, or {@link UNKNOWN_PROJECT}. */
  projectDir: string;
  /** How the project was established (`known: false`: only user and managed settings are loaded). */
  finding: ProjectFinding;
  policy: Policy;
  /** Lowercase hex SHA-256 of what the policy says (rules, directories, modes, trust). */
  digest: string;
  trusted: boolean;
  /**
   * The shadow policy decided beside this one and never enforced (`$toolgate.shadow`), with the
   * mode it decides in when it sets one, and its digest. Absent when there is none.
   */
  shadow?: { policy: Policy; mode?: PermissionMode; digest: string };
}

export interface ProjectsOptions {
  store: Store;
  home: string;
  /** The user layer's folder in place of `home/.claude` (`$CLAUDE_CONFIG_DIR`). */
  userSettingsDir?: string;
  /** The server's own settings files (trusted, source kind `cli`). */
  settings: readonly string[];
  /** Trusted project roots; a root inside one is trusted too. */
  trusted: readonly string[];
  trustAll: boolean;
  /** Settings objects every decision carries (serve's built-in protection). */
  builtIn: readonly unknown[];
  /** Managed settings files; default Claude Code's for Linux and macOS. */
  managedPaths?: readonly string[];
  /**
   * A shadow settings file (`--shadow`): the shadow policy is each project's policy with this file
   * in place of its `.claude/settings.json` (in place of `$toolgate.shadow`). Never enforced.
   */
  shadowFile?: string;
  /** Milliseconds during which a loaded policy is used without looking at its files again. Default 25. */
  recheckMs?: number;
  now?: () => number;
}

interface Entry {
  loaded: Promise<ProjectPolicy>;
  fingerprint: string;
  checkedAt: number;
}

/** Whether `dir` holds a `.claude` directory (or a `.git` entry, for `kind: 'git'`). */
function holds(dir: string, name: string): boolean {
  try {
    const s = statSync(join(dir, name));
    return name === '.git' ? true : s.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The nearest ancestor of `cwd` (or `cwd` itself) holding `.claude/` — the home directory's own
 * `.claude/` is the user's settings, not a project — else the nearest holding `.git`, else `cwd`.
 * serve no longer decides with it: a shell that has `cd`'d elsewhere would pick that directory's
 * settings (see {@link Projects.projectFor}).
 * @deprecated
 */
export function projectRootOf(cwd: string, home: string): string {
  const start = resolve(cwd);
  for (const marker of ['.claude', '.git']) {
    for (let dir = start; ; dir = dirname(dir)) {
      if ((marker !== '.claude' || dir !== home) && holds(dir, marker)) return dir;
      if (dirname(dir) === dir) break;
    }
  }
  return start;
}

function fingerprintOf(files: readonly string[]): string {
  const parts: string[] = [];
  for (const f of files) {
    try {
      const s = statSync(f);
      const kids = s.isDirectory() ? `:${readdirSync(f).sort().join('/')}` : '';
      parts.push(`${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}${kids}`);
    } catch {
      parts.push('-');
    }
  }
  return parts.join('|');
}

/**
 * Which project decides a call, and with what policy. The project is the one the client declares
 * (the `X-Toolgate-Project` header, the JSON API's `projectDir`), else the ancestor of the event's
 * cwd that the transcript's folder names, else the deepest trusted project (`--project`) holding
 * the cwd, else unknown — never the cwd by itself, and never pinned to a session's first event.
 * Policies are the server's settings plus the project's user, project, local and managed files
 * (user and managed only for an unknown project), loaded once and reloaded when one of those
 * files changes. A project not trusted keeps only the deny and ask rules of its own files
 * (toolgate docs, "Trust").
 */
export interface Projects {
  projectFor(where: { cwd: string; projectDir?: string; transcriptPath?: string }): ProjectFinding;
  /** The policy of a project root, or of {@link UNKNOWN_PROJECT}. */
  policyFor(projectDir: string): Promise<ProjectPolicy>;
  isTrusted(projectDir: string): boolean;
}

export function createProjects(o: ProjectsOptions): Projects {
  const now = o.now ?? Date.now;
  const recheckMs = o.recheckMs ?? 25;
  const policies = new Map<string, Entry>();
  const managed = o.managedPaths ?? [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos];
  const isTrusted = (dir: string) => o.trustAll || o.trusted.some((t) => dir === t || isInside(dir, t));

  const findingOf = (projectDir: string): ProjectFinding =>
    projectDir === UNKNOWN_PROJECT ? { known: false } : { known: true, dir: projectDir, via: 'declared' };
  const policyOptions = {
    home: o.home,
    ...(o.userSettingsDir !== undefined ? { userSettingsDir: o.userSettingsDir } : {}),
    managedPaths: managed,
    settingsFiles: o.settings,
    builtIn: o.builtIn,
    isProjectTrusted: isTrusted,
  };
  const filesOf = (projectDir: string): string[] => [
    ...sessionSettingsFiles(findingOf(projectDir), policyOptions),
    ...(o.shadowFile !== undefined ? [o.shadowFile] : []),
  ];

  /** The shadow policy of a project: `--shadow`'s file in place of its shared settings file, else its `$toolgate.shadow`. */
  const shadowOf = async (finding: ProjectFinding, policy: Policy): Promise<ShadowPolicy | undefined> => {
    if (o.shadowFile === undefined) return shadowPolicyOf(policy);
    if (!finding.known) return { policy: await loadSessionPolicy(finding, policyOptions) };
    const shared = join(finding.dir, '.claude', 'settings.json');
    const fs = fileInPlace(nodeFileSystem(), shared, o.shadowFile);
    return { policy: renamedFile(await loadSessionPolicy(finding, { ...policyOptions, fs }), shared, o.shadowFile) };
  };

  const load = async (projectDir: string): Promise<ProjectPolicy> => {
    const finding = findingOf(projectDir);
    const trusted = finding.known && isTrusted(projectDir);
    const policy = await loadSessionPolicy(finding, policyOptions);
    const shadow = await shadowOf(finding, policy);
    return {
      projectDir,
      finding,
      policy,
      digest: policyDigest(policy, trusted),
      trusted,
      ...(shadow !== undefined ? { shadow: { ...shadow, digest: policyDigest(shadow.policy, trusted) } } : {}),
    };
  };

  return {
    isTrusted,
    projectFor({ cwd, projectDir, transcriptPath }) {
      return findProject({
        cwd: resolve(cwd),
        ...(projectDir !== undefined && projectDir !== '' ? { declared: resolve(projectDir) } : {}),
        ...(transcriptPath !== undefined ? { transcriptPath } : {}),
        trusted: o.trusted.map((t) => resolve(t)),
      });
    },
    async policyFor(projectDir) {
      const t = now();
      const entry = policies.get(projectDir);
      if (entry && t - entry.checkedAt < recheckMs) return entry.loaded;
      const fingerprint = fingerprintOf(filesOf(projectDir));
      if (entry && entry.fingerprint === fingerprint) {
        entry.checkedAt = t;
        return entry.loaded;
      }
      const loaded = load(projectDir);
      if (policies.size >= 1000) policies.clear();
      policies.set(projectDir, { loaded, fingerprint, checkedAt: t });
      loaded.catch(() => policies.delete(projectDir));
      return loaded;
    },
  };
}
