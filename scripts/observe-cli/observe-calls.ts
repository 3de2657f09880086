/**
 * Observes the real Claude Code CLI's decision on any tool call, with settings, a mode, extra
 * working directories and PreToolUse hooks: for each line the bundled `claude` binary runs
 * offline against a scripted Messages API that asks for one tool call. Run it only inside the
 * sandbox (`scripts/observe-cli/sandbox.sh observe-calls.ts`): allowed calls really run.
 *
 * Input: JSON lines
 *   {"id", "tool", "input", "settings"?: object (passed as --settings), "projectSettings"?: object
 *    (written to .claude/settings.json, loaded with --setting-sources project),
 *    "mode"?: string ("none": no --permission-mode, the settings' defaultMode applies), "addDirs"?: string[], "hookIf"?: string (a PreToolUse hook with this `if`
 *    is added; `hookRan` says whether it ran), "files"?: {path: text},
 *    "tree"?: {relative path: tree entry} (the working directory is emptied and built from it for
 *    this call: "text: …" a file, "directory", "symlink -> target"; a `.git` entry of "repository"
 *    runs `git init` and commits what is not ignored), "settingsFile"?: true (the settings are
 *    written to a file outside the project and passed by path), "permissionRequest"?: true (a
 *    PermissionRequest command hook saves its input; `permissionRequest` holds it, or null when
 *    the hook did not run), "managedSettings"?: object (written to /etc/claude-code/managed-settings.json,
 *    which the sandbox keeps in its own namespace, and removed after the call), "hookInProject"?: true (the
 *    `hookIf` hook goes into the project's settings instead of --settings)}
 * Output: JSON lines {"id", "result": "allow"|"ask"|"deny"|"refused"|"error", "isError", "hookRan"?,
 * "permissionRequest"?, "text"}.
 *
 * How the answer is read: in `-p` mode an allowed call runs (a failing command reports
 * "Exit code N"), an asked one is refused with "…requested permissions…", a denied one with
 * "Permission to use … has been denied" or the deny reason.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { offlineClaudeEnv, startFakeMessagesApi } from '../../examples/support/fake-messages-api.js';

const bin = process.env.CLAUDE_BIN ?? join(import.meta.dirname, '../../node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude');
const cwd = process.env.OBSERVE_CWD ?? process.cwd();
const MANAGED_FILE = '/etc/claude-code/managed-settings.json';

interface Spec {
  id: string;
  tool: string;
  input: Record<string, unknown>;
  settings?: Record<string, unknown>;
  projectSettings?: Record<string, unknown>;
  mode?: string;
  addDirs?: string[];
  hookIf?: string;
  files?: Record<string, string>;
  tree?: Record<string, string>;
  settingsFile?: boolean;
  permissionRequest?: boolean;
  managedSettings?: Record<string, unknown>;
  hookInProject?: boolean;
}

/** Empties the working directory and lays out `tree` in it (see the header for the entries). */
function buildTree(tree: Record<string, string>): void {
  for (const name of readdirSync(cwd)) rmSync(join(cwd, name), { recursive: true, force: true });
  let repository = false;
  for (const [rel, entry] of Object.entries(tree)) {
    const path = join(cwd, rel);
    if (rel === '.git' && entry === 'repository') {
      repository = true;
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    const link = /^symlink ->\s*(.+)$/.exec(entry);
    if (entry === 'directory') mkdirSync(path, { recursive: true });
    else if (link?.[1] !== undefined) symlinkSync(link[1], path);
    else writeFileSync(path, entry.replace(/^text: ?/, ''), { mode: /\.sh$/.test(rel) ? 0o755 : 0o644 });
  }
  if (!repository) return;
  const git = (...a: string[]) => execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@b', ...a], { cwd, stdio: 'ignore' });
  git('init', '-q', '.');
  git('add', '-A');
  git('commit', '-qm', 'init');
}

function classify(isError: boolean, text: string): 'allow' | 'ask' | 'deny' | 'refused' {
  if (!isError || /^Exit code \d+/.test(text)) return 'allow';
  if (/requested permissions|haven't granted|can't be checked before it runs|requires approval/i.test(text)) return 'ask';
  if (/denied|blocks reads|has been blocked|refuse/i.test(text)) return 'deny';
  // Refused with a message this script does not know: read `text`.
  return 'refused';
}

async function observe(spec: Spec): Promise<Record<string, unknown>> {
  const api = await startFakeMessagesApi([{ toolUse: { name: spec.tool, input: spec.input } }, { text: 'Done.' }]);
  const marker = join(tmpdir(), `hook-ran-${spec.id.replace(/[^\w-]/g, '_')}`);
  const saved = join(tmpdir(), `permission-request-${spec.id.replace(/[^\w-]/g, '_')}.json`);
  rmSync(marker, { force: true });
  rmSync(saved, { force: true });
  const written: string[] = [];
  try {
    if (spec.tree) buildTree(spec.tree);
    for (const [p, text] of Object.entries(spec.files ?? {})) {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      written.push(p);
    }
    const settings: Record<string, unknown> = { ...(spec.settings ?? {}) };
    const projectSettings: Record<string, unknown> | undefined =
      spec.projectSettings || spec.hookInProject === true ? { ...(spec.projectSettings ?? {}) } : undefined;
    if (spec.hookIf !== undefined) {
      const hooks = { PreToolUse: [{ matcher: spec.tool, hooks: [{ type: 'command', if: spec.hookIf, command: `touch ${marker}` }] }] };
      if (spec.hookInProject === true && projectSettings) projectSettings['hooks'] = hooks;
      else settings['hooks'] = hooks;
    }
    if (spec.permissionRequest === true) {
      // The hook answers nothing (exit 0, no output): the CLI goes on as without it.
      const hooks = (settings['hooks'] ?? {}) as Record<string, unknown>;
      settings['hooks'] = { ...hooks, PermissionRequest: [{ matcher: '*', hooks: [{ type: 'command', command: `cat > ${saved}` }] }] };
    }
    const projectFile = join(cwd, '.claude/settings.json');
    if (projectSettings) {
      mkdirSync(join(cwd, '.claude'), { recursive: true });
      writeFileSync(projectFile, JSON.stringify(projectSettings));
    }
    const config = mkdtempSync(join(tmpdir(), 'cc-config-'));
    // mode "none" passes no --permission-mode, so the settings' defaultMode chooses the mode.
    const modeArgs = spec.mode === 'none' ? [] : ['--permission-mode', spec.mode ?? 'default'];
    const args = ['-p', 'go', ...modeArgs, '--setting-sources', projectSettings ? 'project' : '', '--output-format', 'text'];
    if (spec.managedSettings) {
      // The CLI reads managed settings from /etc/claude-code only (no override in this build).
      writeFileSync(MANAGED_FILE, JSON.stringify(spec.managedSettings));
      written.push(MANAGED_FILE);
    }
    if (spec.settingsFile === true) {
      const file = join(config, 'settings.json');
      writeFileSync(file, JSON.stringify(settings));
      args.push('--settings', file);
    } else if (Object.keys(settings).length > 0) args.push('--settings', JSON.stringify(settings));
    for (const d of spec.addDirs ?? []) args.push('--add-dir', d);
    // Package managers fail at once offline instead of retrying (what runs does not change the decision).
    const env = { ...offlineClaudeEnv(api.url, config), npm_config_offline: 'true', PIP_RETRIES: '0', PIP_TIMEOUT: '1' };
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    await new Promise((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    if (projectSettings) rmSync(join(cwd, '.claude'), { recursive: true, force: true });
    const hookRan = spec.hookIf !== undefined ? { hookRan: existsSync(marker) } : {};
    const permissionRequest =
      spec.permissionRequest === true
        ? { permissionRequest: existsSync(saved) ? (JSON.parse(readFileSync(saved, 'utf8')) as unknown) : null }
        : {};
    const r = api.toolResults[0];
    if (!r) return { result: 'error', ...hookRan, ...permissionRequest, text: `no tool result; stderr: ${stderr.slice(0, 300)}` };
    return { result: classify(r.isError, r.text), isError: r.isError, ...hookRan, ...permissionRequest, text: r.text.slice(0, 400) };
  } finally {
    for (const p of written) rmSync(p, { force: true });
    rmSync(marker, { force: true });
    rmSync(saved, { force: true });
    await api.close();
  }
}

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const spec = JSON.parse(line) as Spec;
  const o = await observe(spec);
  process.stdout.write(JSON.stringify({ id: spec.id, ...o }) + '\n');
}
