import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { nodeFileSystem } from '../node/index.js';
import { isInside } from '../paths/index.js';
import { loadSettings, MANAGED_SETTINGS_PATHS, type Policy } from '../settings/index.js';
import { canonicalJson } from '../store/canonical.js';
import { createHash } from 'node:crypto';
import type { Store } from '../store/index.js';

/** A project's policy as serve decides with it. */
export interface ProjectPolicy {
  projectDir: string;
  policy: Policy;
  /** Lowercase hex SHA-256 of what the policy says (rules, directories, modes, trust). */
  digest: string;
  trusted: boolean;
}

export interface ProjectsOptions {
  store: Store;
  home: string;
  /** The server's own settings files (trusted, source kind `cli`). */
  settings: readonly string[];
  /** Trusted project roots; a root inside one is trusted too. */
  trusted: readonly string[];
  trustAll: boolean;
  /** Settings objects every decision carries (serve's built-in protection). */
  builtIn: readonly unknown[];
  /** Managed settings files; default Claude Code's for Linux and macOS. */
  managedPaths?: readonly string[];
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
 * The project root for a `cwd` no session has fixed: the nearest ancestor (or `cwd` itself)
 * holding `.claude/` — the home directory's own `.claude/` is the user's settings, not a
 * project — else the nearest holding `.git`, else `cwd`.
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

/** Lowercase hex SHA-256 of what a policy decides with. */
export function policyDigest(policy: Policy, trusted: boolean): string {
  const body = {
    trusted,
    rules: policy.rules.map((r) => [r.list, r.rule.text, r.source.kind, r.source.file ?? null]),
    additionalDirectories: policy.additionalDirectories.map((d) => d.value),
    defaultMode: policy.defaultMode?.value ?? null,
    disableBypassPermissionsMode: policy.disableBypassPermissionsMode,
    disableAutoMode: policy.disableAutoMode,
    errors: policy.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.file ?? null]),
  };
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/**
 * Which project decides a call, and with what policy. A session's root is the `cwd` of its first
 * event, kept in the store per `session_id` (so every replica agrees, and a restart keeps it);
 * without a session, or while the store cannot be read, it is {@link projectRootOf} the `cwd`.
 * Policies are the server's settings plus the project's user, project, local and managed files,
 * loaded once and reloaded when one of those files changes. A project not trusted keeps only the
 * deny and ask rules of its own files (toolgate docs, "Trust").
 */
export interface Projects {
  rootFor(where: { sessionId?: string; cwd: string; projectDir?: string }): Promise<string>;
  policyFor(projectDir: string): Promise<ProjectPolicy>;
  isTrusted(projectDir: string): boolean;
}

export function createProjects(o: ProjectsOptions): Projects {
  const now = o.now ?? Date.now;
  const recheckMs = o.recheckMs ?? 25;
  const sessions = new Map<string, string>();
  const policies = new Map<string, Entry>();
  const managed = o.managedPaths ?? [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos];
  const isTrusted = (dir: string) => o.trustAll || o.trusted.some((t) => dir === t || isInside(dir, t));

  const filesOf = (projectDir: string): string[] => [
    join(o.home, '.claude', 'settings.json'),
    join(projectDir, '.claude', 'settings.json'),
    join(projectDir, '.claude', 'settings.local.json'),
    ...managed.flatMap((m) => [m, join(dirname(m), 'managed-settings.d')]),
    ...o.settings,
  ];

  const load = async (projectDir: string): Promise<ProjectPolicy> => {
    const trusted = isTrusted(projectDir);
    const policy = await loadSettings({
      fs: nodeFileSystem(),
      cwd: projectDir,
      home: o.home,
      projectDir,
      managedPaths: managed,
      settingsFiles: o.settings,
      builtIn: o.builtIn,
      isProjectTrusted: () => trusted,
    });
    return { projectDir, policy, digest: policyDigest(policy, trusted), trusted };
  };

  return {
    isTrusted,
    async rootFor({ sessionId, cwd, projectDir }) {
      if (projectDir !== undefined) return resolve(projectDir);
      const here = resolve(cwd);
      if (sessionId === undefined || sessionId === '') return projectRootOf(here, o.home);
      const known = sessions.get(sessionId);
      if (known !== undefined) return known;
      let root: string;
      try {
        root = await o.store.rememberSession(sessionId, here, now());
      } catch {
        // The store cannot say: judge by the directory, and do not remember a guess.
        return projectRootOf(here, o.home);
      }
      if (sessions.size >= 50_000) sessions.clear();
      sessions.set(sessionId, root);
      return root;
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
