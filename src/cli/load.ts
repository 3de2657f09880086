import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { normalizeMode, type Diagnostic, type PermissionMode } from '../core/types.js';
import { nodeFileSystem } from '../node/index.js';
import { loadSettings } from '../settings/index.js';
import type { Policy } from '../settings/types.js';

/** Options every deciding command shares. */
export interface PolicyOptions {
  settings?: string[];
  project?: string;
  settingSources?: string;
  cwd?: string;
  home?: string;
  allowedTools?: string[];
  disallowedTools?: string[];
}

export interface LoadedPolicy {
  policy: Policy;
  cwd: string;
  home: string;
  projectDir: string;
}

type Source = 'user' | 'project' | 'local' | 'managed';

/** Load the policy the flags describe: `--settings` files only, or `--project` layers. */
export async function loadPolicyFromFlags(opts: PolicyOptions): Promise<LoadedPolicy> {
  const cwd = resolve(opts.cwd ?? opts.project ?? process.cwd());
  const home = resolve(opts.home ?? homedir());
  const projectDir = resolve(opts.project ?? cwd);
  const explicit = (opts.settings ?? []).map((f) => resolve(f));
  let settingSources: Source[];
  if (opts.settingSources !== undefined) {
    settingSources = opts.settingSources.split(',').map((s) => s.trim()).filter(Boolean) as Source[];
  } else {
    settingSources = opts.project !== undefined ? ['user', 'project', 'local', 'managed'] : [];
  }
  const policy = await loadSettings({
    fs: nodeFileSystem(),
    cwd,
    home,
    projectDir,
    settingSources,
    settingsFiles: explicit,
    ...(opts.allowedTools ? { allowedTools: opts.allowedTools } : {}),
    ...(opts.disallowedTools ? { disallowedTools: opts.disallowedTools } : {}),
  });
  return { policy, cwd, home, projectDir };
}

/** The starting mode: `--mode`, else the policy's `defaultMode`, else `default`. */
export function startingMode(flag: string | undefined, policy: Policy): PermissionMode | Error {
  if (flag !== undefined) {
    const m = normalizeMode(flag);
    return m ?? new Error(`unknown mode "${flag}"; expected default, acceptEdits, plan, auto, dontAsk, bypassPermissions (or manual)`);
  }
  return policy.defaultMode?.value ?? 'default';
}

/** Diagnostics as `severity: file: message [code]` lines for stderr (messages already name the JSON path). */
export function formatDiagnostics(diags: Diagnostic[]): string[] {
  return diags.map((d) => {
    const jsonPath = d.path && d.path.length > 0 ? d.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') : undefined;
    const message = jsonPath !== undefined && !d.message.includes(jsonPath) ? `${jsonPath}: ${d.message}` : d.message;
    return `${d.severity}: ${d.file !== undefined ? `${d.file}: ` : ''}${message} [${d.code}]`;
  });
}
