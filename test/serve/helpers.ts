import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { environmentHeaderTemplate } from '../../src/evaluate/door/index.js';
import { sanitizedPath } from '../../src/evaluate/index.js';
import { createServe, type Serve, type ServeOptions } from '../../src/serve/index.js';
import { openSqliteStore, type Store } from '../../src/store/index.js';
import { programOrSourceArgs } from '../support/programs/run.js';

/** A scratch directory tree: a home with user settings and projects with `.claude/` settings. */
export interface Sandbox {
  root: string;
  home: string;
  project(name: string, settings?: unknown, local?: unknown): string;
  write(path: string, value: unknown): void;
  cleanup(): void;
}

export function sandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-serve-')));
  const home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  const write = (path: string, value: unknown) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  };
  return {
    root,
    home,
    write,
    project(name, settings, local) {
      const dir = join(root, name);
      mkdirSync(join(dir, '.claude'), { recursive: true });
      if (settings !== undefined) write(join(dir, '.claude', 'settings.json'), settings);
      if (local !== undefined) write(join(dir, '.claude', 'settings.local.json'), local);
      return dir;
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The token a test server answers with unless the test gives another. */
export const TEST_TOKEN = 'test-token-0123456789abcdef';

export interface Running {
  serve: Serve;
  store: Store;
  url: string;
  port: number;
  /** The server's token. */
  token: string;
  lines: string[];
  /** What serve announced (each parked ask with its answer code). */
  announced: string[];
  /** The one-time answer code of ask `id`, as serve's terminal announced it. */
  codeOf(id: string): string;
  /** Answer ask `id` through the API as a person would: the token and the ask's code. */
  answer(id: string, body: Record<string, unknown>, token?: string): Promise<{ status: number; body: Record<string, unknown> }>;
  hook(event: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  api(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export async function start(sb: Sandbox, options: Partial<ServeOptions> & { storeFile?: string } = {}): Promise<Running> {
  const { storeFile, ...rest } = options;
  const store =
    rest.store ??
    (await openSqliteStore({
      file: storeFile ?? join(sb.root, 'state', `toolgate-${Math.random().toString(36).slice(2)}.db`),
      pollMs: 20,
    }));
  const lines: string[] = [];
  const announced: string[] = [];
  const token = rest.token ?? TEST_TOKEN;
  // A store without a file of its own (PostgreSQL) keeps its spill journal in the sandbox, not in the real state directory.
  const spillFile =
    store.kind === 'sqlite' ? {} : { spillFile: join(sb.root, 'state', `spill-${Math.random().toString(36).slice(2)}.jsonl`) };
  const serve = createServe({
    home: sb.home,
    managedPaths: [join(sb.root, 'managed', 'managed-settings.json')],
    log: (l) => lines.push(l),
    announce: (l) => announced.push(l),
    ...spillFile,
    ...rest,
    token,
    store,
  });
  const at = await serve.listen('127.0.0.1', 0);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${at.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed };
  };
  return {
    serve,
    store,
    url: at.url,
    port: at.port,
    token,
    lines,
    announced,
    codeOf(id) {
      const code = codeIn(announced, id);
      if (code === undefined) throw new Error(`serve has not announced ask ${id}`);
      return code;
    },
    async answer(id, body, as = token) {
      // Announced here, or (parked on another replica sharing the token) as the page would show it.
      const stored = async () => {
        const [r] = await store.answerCodes([id]);
        return r !== undefined ? serve.context.codes.shown(r) : undefined;
      };
      // An ask that does not exist has no code to wait for.
      const code =
        (await store.getAsk(id)) === undefined ? 'NONE-NONE' : await eventually(async () => codeIn(announced, id) ?? (await stored()));
      return call('POST', `/v1/asks/${encodeURIComponent(id)}/answer`, { code, ...body }, { authorization: `Bearer ${as}` });
    },
    hook: (event, headers) => call('POST', '/hooks/claude-code', event, headers),
    api: call,
    async stop() {
      await serve.close();
      await store.close();
    },
  };
}

/** The code serve announced for ask `id` (an ask parked on another replica was announced there). */
function codeIn(announced: readonly string[], id: string): string | undefined {
  for (const line of announced) {
    const m = /ask (\S+) waits .*answer code is (\S+)$/.exec(line);
    if (m?.[1] === id) return m[2];
  }
  return undefined;
}

/** Where Claude Code keeps the transcript of a session started in `project`: its folder names the project. */
export function transcriptOf(project: string, session = 'sess-1'): string {
  return join('/home/user/.claude/projects', sanitizedPath(project), `${session}.jsonl`);
}

/**
 * A PreToolUse event as Claude Code 2.1 sends it (with fields toolgate does not read), from a
 * session started in `cwd` (its transcript's folder names `cwd`; pass `transcript_path` for a
 * shell that has moved since).
 */
export function preToolUse(
  cwd: string,
  tool: string,
  input: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    session_id: 'sess-1',
    transcript_path: transcriptOf(cwd),
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: input,
    tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
    prompt_id: 'p-1',
    effort: 'high',
    ...extra,
  };
}

/** The permission decision of a PreToolUse reply. */
export const decisionOf = (body: Record<string, unknown>) =>
  (body['hookSpecificOutput'] as Record<string, unknown> | undefined)?.['permissionDecision'];
export const reasonOf = (body: Record<string, unknown>) =>
  (body['hookSpecificOutput'] as Record<string, unknown> | undefined)?.['permissionDecisionReason'] as string | undefined;

/** Poll until `f` gives a value (or fail after `ms`). */
export async function eventually<T>(f: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 15));
  }
}

/**
 * `toolgate serve` as its own process (the one a test kills; built for the run, test/support/programs/run.ts), on any free port,
 * for the project in the sandbox; its state directory is `<sandbox>/<stateDir>`. Resolves once
 * it prints the address it listens on.
 */
export async function spawnServe(
  sb: Sandbox,
  project: string,
  args: readonly string[],
  stateDir = 'xdg-state',
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    programOrSourceArgs('toolgate', ['serve', '--listen', '127.0.0.1:0', '--project', project, '--home', sb.home, ...args]),
    { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, XDG_STATE_HOME: join(sb.root, stateDir) } },
  );
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`toolgate serve exited with ${code}: ${err}`)));
  });
  const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
  if (!m) throw new Error(`unexpected first line: ${line}`);
  return { child, port: Number(m[1]) };
}

/**
 * The `X-Toolgate-Env` header Claude Code sends (through `--print-hook-config`'s `allowedEnvVars`)
 * from an ordinary environment: every listed variable unset. Without it serve knows nothing of the
 * environment, and a read-only git command asks.
 */
export const ORDINARY_ENVIRONMENT: Readonly<Record<string, string>> = {
  'x-toolgate-env': environmentHeaderTemplate().replace(/\$\{[A-Za-z_0-9]+\}/g, ''),
};
