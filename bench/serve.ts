/**
 * `npm run bench:serve`: decisions per second and p50 / p99 latency of `toolgate serve` over
 * loopback at concurrency 1, 16 and 64 — SQLite with the audit on and off, PostgreSQL with the
 * audit on — side by side, in the same run, with spawning `toolgate hook` once per call (what a
 * Claude Code command hook costs); then the cross-replica wake-up: two replicas on one
 * PostgreSQL database, an ask held by one and answered through the other.
 *
 * PostgreSQL is a throw-away server (Debian's package, started as the `postgres` user when we are
 * root, durability on: fsync and synchronous commit) on a loopback port; without one the
 * PostgreSQL rows are left out with the reason.
 *
 * The server runs as its own process (`node dist/cli/main.js serve`), as in use; the client is
 * this process, an undici `Pool` with one keep-alive connection per concurrent caller (no
 * pipelining): the cheapest well-kept HTTP client, since client and server share the cores. Each
 * server first takes 2 s of load at concurrency 16 so the JIT has settled, as in a service that
 * has been running a while. Beside the server's CPU per decision (all its threads) the table's
 * notes give its main thread's (what bounds its throughput) and the client's CPU per request. Calls rotate through a
 * realistic mix (a read-only Bash command, an allow rule, a deny rule, a Read inside and one of
 * a denied path), each with a distinct command string or path so no cache flatters the figures.
 * Every reply is checked against the decision it must be.
 *
 * With `--otlp` beside them, a server that also exports every decision over OTLP/HTTP
 * (`serve --otlp`, protobuf, metrics every 5 s) to a receiver in this process that accepts and
 * drops what it is sent, as a collector that keeps up does: what OpenTelemetry export costs.
 *
 * Options: `--seconds N` per measurement (default 3), `--hook-seconds N` (default 4),
 * `--wakeups N` (default 40), `--otlp-only` (only the SQLite server with the audit on, with and
 * without `--otlp`: no PostgreSQL, no hook rows).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Pool } from 'undici';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createCluster, ensurePostgres, freePort, type Cluster } from '../test/support/postgres/cluster.js';
import { environmentHeaderTemplate } from '../src/evaluate/index.js';

/** The environment header Claude Code's hook sends with the config `serve --print-hook-config` prints (an ordinary shell: no variable set); without it serve cannot judge what git runs, and asks. */
const ENV_HEADER = { 'x-toolgate-env': environmentHeaderTemplate().replace(/\$\{[A-Z_0-9]+\}/g, '') };

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : d;
};
const SECONDS = arg('--seconds', 3);
const HOOK_SECONDS = arg('--hook-seconds', 4);
const WAKEUPS = arg('--wakeups', 40);
const LEVELS = [1, 16, 64];
const OTLP_ONLY = process.argv.includes('--otlp-only');

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-serve-')));
const home = join(dir, 'home');
const project = join(dir, 'project');
mkdirSync(join(home, '.claude'), { recursive: true });
mkdirSync(join(project, '.claude'), { recursive: true });
writeFileSync(
  join(project, '.claude', 'settings.json'),
  JSON.stringify({ permissions: { allow: ['Bash(npm run lint *)', 'Bash(npm test *)'], deny: ['Bash(rm *)', 'Read(/secrets/**)'] } }),
);

let n = 0;
const mix: (() => { tool: string; input: Record<string, unknown>; want: string })[] = [
  () => ({ tool: 'Bash', input: { command: `git log -n ${++n % 1000} --oneline` }, want: 'allow' }),
  () => ({ tool: 'Bash', input: { command: `npm run lint -- --max-warnings ${++n % 1000}` }, want: 'allow' }),
  () => ({ tool: 'Bash', input: { command: `rm -rf build/${++n % 1000}` }, want: 'deny' }),
  () => ({ tool: 'Read', input: { file_path: join(project, 'src', `file${++n % 1000}.ts`) }, want: 'allow' }),
  () => ({ tool: 'Read', input: { file_path: join(project, 'secrets', `k${++n % 1000}.pem`) }, want: 'deny' }),
];
let k = 0;
function nextEvent(): { body: string; want: string } {
  const c = mix[k++ % mix.length]!();
  const event = {
    session_id: `bench-${k % 8}`,
    // Where Claude Code keeps the transcript: its folder names the home directory and the project (serve needs the home to judge ~).
    transcript_path: join(home, '.claude', 'projects', project.replace(/[^A-Za-z0-9]/g, '-'), `bench-${k % 8}.jsonl`),
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: c.tool,
    tool_input: c.input,
    tool_use_id: `toolu_${k}`,
  };
  return { body: JSON.stringify(event), want: c.want };
}

interface Result {
  label: string;
  concurrency: number;
  count: number;
  seconds: number;
  p50: number;
  p99: number;
  /** CPU time the server process spent per decision (µs), from /proc: what a decision costs whatever else the machine runs. */
  cpuUs?: number;
  /** The same for the server's main thread alone (µs): one core runs at most 1e6 / this decisions per second. */
  mainUs?: number;
  /** CPU time this process (the load client) spent per request (µs). */
  clientUs?: number;
  latencies?: number[];
}

/** User + system CPU seconds a process (or with `thread`, its main thread) has used (Linux /proc; undefined elsewhere). */
function cpuSeconds(pid: number | undefined, thread = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Rounds of one measurement as one row: counts and times added, percentiles from all latencies. */
function merge(parts: Result[]): Result {
  const first = parts[0] as Result;
  const all = parts.flatMap((p) => p.latencies ?? []);
  const r = summarise(
    first.label,
    first.concurrency,
    all,
    parts.reduce((t, p) => t + p.seconds, 0),
  );
  const mean = (k: 'cpuUs' | 'mainUs' | 'clientUs') =>
    parts.every((p) => p[k] !== undefined) ? parts.reduce((t, p) => t + (p[k] as number) * p.count, 0) / all.length : undefined;
  for (const k of ['cpuUs', 'mainUs', 'clientUs'] as const) {
    const v = mean(k);
    if (v !== undefined) r[k] = v;
  }
  return r;
}

function summarise(label: string, concurrency: number, latencies: number[], seconds: number): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  return { label, concurrency, count: sorted.length, seconds, p50: q(0.5), p99: q(0.99), latencies };
}

/** An OTLP/HTTP endpoint that accepts every export and keeps nothing (an empty protobuf message is the success reply); counts the requests. */
async function startOtlpSink(): Promise<{ url: string; requests: () => number; close: () => void }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests: () => n, close: () => server.close() };
}

async function startServer(audit: boolean, store?: string, otlp?: string): Promise<{ child: ChildProcess; port: number }> {
  const address = store ?? `sqlite:${join(dir, `bench-${audit ? 'audit' : 'noaudit'}-${Date.now()}.db`)}`;
  const child = spawn(
    process.execPath,
    [
      cli,
      'serve',
      '--listen',
      '127.0.0.1:0',
      '--store',
      address,
      '--project',
      project,
      '--home',
      home,
      ...(audit ? [] : ['--no-audit']),
      ...(otlp !== undefined ? ['--otlp', otlp] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OTEL_METRIC_EXPORT_INTERVAL: '5000' },
    },
  );
  child.stderr?.resume();
  const line = await new Promise<string>((ok, fail) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', ok);
    child.once('exit', (code) => fail(new Error(`toolgate serve exited with ${code}`)));
  });
  const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
  if (!m) throw new Error(`unexpected first line: ${line}`);
  return { child, port: Number(m[1]) };
}

/** A throw-away PostgreSQL server with durability on, or why there is none. */
async function startPostgres(): Promise<{ ok: true; cluster: Cluster } | { ok: false; reason: string }> {
  const found = ensurePostgres((line) => console.error(line));
  if (!found.ok) return found;
  try {
    const cluster = createCluster({ bin: found.bin, port: await freePort(), fast: false });
    cluster.start();
    return { ok: true, cluster };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}

async function request(
  port: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...ENV_HEADER },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * Two replicas on one database: a PreToolUse that asks is held by A and answered through B's API.
 * Per ask (ms): from sending the answer to A's reply (`release`: B commits and notifies, A reads
 * the ask back and replies), and B's own answer round trip (`answer`).
 */
async function wakeups(a: number, b: number, rounds: number): Promise<{ release: number[]; answer: number[] }> {
  const out = { release: [] as number[], answer: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    const session = `wake-${i}`;
    const event = JSON.parse(nextEvent().body) as Record<string, unknown>;
    let released = 0;
    const held = request(a, 'POST', '/hooks/claude-code', {
      ...event,
      session_id: session,
      tool_name: 'Bash',
      tool_input: { command: `npm publish --tag t${i}` },
    }).then((r) => {
      released = performance.now();
      return r;
    });
    let id: string | undefined;
    while (id === undefined) {
      const asks = (await request(b, 'GET', `/v1/asks?session=${session}`)).body['asks'] as { id: string }[];
      id = asks[0]?.id;
      if (id === undefined) await new Promise((r) => setTimeout(r, 2));
    }
    const sent = performance.now();
    const answer = await request(b, 'POST', `/v1/asks/${id}/answer`, { behavior: 'allow', answerer: 'bench' });
    const committed = performance.now();
    if (answer.status !== 200) throw new Error(`answer through B: ${answer.status} ${JSON.stringify(answer.body)}`);
    const reply = await held;
    const got = (reply.body['hookSpecificOutput'] as { permissionDecision?: string } | undefined)?.permissionDecision;
    if (got !== 'allow') throw new Error(`held request released with ${JSON.stringify(reply.body)}`);
    out.release.push(released - sent);
    out.answer.push(committed - sent);
  }
  return out;
}

async function loadServer(label: string, port: number, concurrency: number, seconds: number, pid?: number, warmMs = 300): Promise<Result> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: concurrency, pipelining: 1 });
  const one = async (): Promise<number> => {
    const { body, want } = nextEvent();
    const t0 = process.hrtime.bigint();
    const res = await pool.request({
      path: '/hooks/claude-code',
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ENV_HEADER },
      body,
    });
    const text = await res.body.text();
    const got = (JSON.parse(text) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision;
    if (res.statusCode !== 200 || got !== want) throw new Error(`wrong reply ${res.statusCode} ${text} (wanted ${want})`);
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  // Warm up: connections, the policy cache, the JIT.
  const warmUntil = Date.now() + warmMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < warmUntil) await one();
    }),
  );
  const latencies: number[] = [];
  const cpu0 = cpuSeconds(pid);
  const main0 = cpuSeconds(pid, true);
  const client0 = process.cpuUsage();
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) latencies.push(await one());
    }),
  );
  const took = (Date.now() - t0) / 1000;
  const client = process.cpuUsage(client0);
  const cpu1 = cpuSeconds(pid);
  const main1 = cpuSeconds(pid, true);
  await pool.close();
  const r = summarise(label, concurrency, latencies, took);
  if (latencies.length > 0) {
    if (cpu0 !== undefined && cpu1 !== undefined) r.cpuUs = ((cpu1 - cpu0) * 1e6) / latencies.length;
    if (main0 !== undefined && main1 !== undefined) r.mainUs = ((main1 - main0) * 1e6) / latencies.length;
    r.clientUs = (client.user + client.system) / latencies.length;
  }
  return r;
}

function hookOnce(): Promise<number> {
  const { body, want } = nextEvent();
  const t0 = process.hrtime.bigint();
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [cli, 'hook', '--home', home], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: { ...process.env, CLAUDE_PROJECT_DIR: project, TOOLGATE_CACHE_DIR: join(dir, 'cache') },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', fail);
    child.on('close', () => {
      const got = (JSON.parse(out) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision;
      if (got !== want) return fail(new Error(`toolgate hook said ${out.trim()} (wanted ${want})`));
      ok(Number(process.hrtime.bigint() - t0) / 1e6);
    });
    child.stdin.end(body);
  });
}

async function loadHook(concurrency: number, seconds: number): Promise<Result> {
  await hookOnce(); // fills the compiled-policy cache, as a second call in a session would find it
  const latencies: number[] = [];
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) latencies.push(await hookOnce());
    }),
  );
  return summarise('spawn `toolgate hook` per call', concurrency, latencies, (Date.now() - t0) / 1000);
}

const load = loadavg();
const cpus = (await import('node:os')).cpus().length;

async function main(): Promise<void> {
  const results: Result[] = [];
  const pg: Awaited<ReturnType<typeof startPostgres>> = OTLP_ONLY ? { ok: false, reason: '--otlp-only' } : await startPostgres();
  const sink = await startOtlpSink();
  const labels = {
    on: 'toolgate serve, audit on',
    otlp: 'serve, audit on, --otlp',
    off: 'toolgate serve, audit off',
    pg: 'serve on PostgreSQL, audit on',
  } as const;
  type Kind = keyof typeof labels;
  // All servers run at once and take turns, so a change in the machine's load hits them alike.
  const servers: Partial<Record<Kind, Awaited<ReturnType<typeof startServer>>>> = {
    on: await startServer(true),
    otlp: await startServer(true, undefined, sink.url),
  };
  if (!OTLP_ONLY) servers.off = await startServer(false);
  const replicaB = pg.ok ? await startServer(true, pg.cluster.url()) : undefined;
  if (pg.ok) servers.pg = await startServer(true, pg.cluster.url());
  const kinds = Object.keys(servers) as Kind[];
  // Let each server's JIT settle before anything is measured.
  for (const k of kinds) await loadServer(labels[k], servers[k]!.port, 16, 0, undefined, 2000);
  let wake = { release: [] as number[], answer: [] as number[] };
  try {
    for (const c of LEVELS) {
      const parts: Partial<Record<Kind, Result[]>> = {};
      for (let round = 0; round < 2; round++) {
        for (const k of kinds) (parts[k] ??= []).push(await loadServer(labels[k], servers[k]!.port, c, SECONDS / 2, servers[k]!.child.pid));
      }
      for (const k of kinds) results.push(merge(parts[k]!));
    }
    if (servers.pg !== undefined && replicaB !== undefined) wake = await wakeups(servers.pg.port, replicaB.port, WAKEUPS);
  } finally {
    for (const s of [...Object.values(servers), ...(replicaB ? [replicaB] : [])]) {
      s.child.kill('SIGTERM');
      await new Promise((r) => s.child.once('exit', r));
    }
    if (pg.ok) pg.cluster.destroy();
    sink.close();
  }
  if (!OTLP_ONLY) for (const c of LEVELS) results.push(await loadHook(c, HOOK_SECONDS));

  console.log(
    `\ntoolgate serve vs toolgate hook — loopback, ${SECONDS} s per serve row, ${HOOK_SECONDS} s per hook row, every reply checked`,
  );
  console.log(
    `load average at the start ${load.map((l) => l.toFixed(1)).join(' ')}, at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${cpus} cores)\n`,
  );
  console.log(
    `| ${'how'.padEnd(32)} | conc. | ${'decisions/s'.padStart(11)} | ${'p50 ms'.padStart(8)} | ${'p99 ms'.padStart(8)} | server CPU µs/decision | calls |`,
  );
  console.log(`|${'-'.repeat(34)}|-------|${'-'.repeat(13)}|${'-'.repeat(10)}|${'-'.repeat(10)}|------------------------|-------|`);
  for (const r of results) {
    const cpu = r.cpuUs !== undefined ? r.cpuUs.toFixed(0) : '-';
    console.log(
      `| ${r.label.padEnd(32)} | ${String(r.concurrency).padStart(5)} | ${(r.count / r.seconds).toFixed(0).padStart(11)} | ${r.p50.toFixed(3).padStart(8)} | ${r.p99.toFixed(3).padStart(8)} | ${cpu.padStart(22)} | ${String(r.count).padStart(5)} |`,
    );
  }
  const rate = (label: string, c: number) => {
    const r = results.find((x) => x.label === label && x.concurrency === c);
    return r ? r.count / r.seconds : NaN;
  };
  const on = rate('toolgate serve, audit on', 16);
  const off = rate('toolgate serve, audit off', 16);
  console.log('');
  for (const c of LEVELS)
    console.log(
      `OTLP export on vs off at concurrency ${c} (audit on): ${((rate(labels.otlp, c) / rate(labels.on, c)) * 100).toFixed(1)}% of the throughput`,
    );
  console.log(`the OTLP receiver got ${sink.requests()} export requests`);
  if (OTLP_ONLY) return;
  console.log(`audit cost at concurrency 16: ${(((off - on) / off) * 100).toFixed(1)}% of throughput`);
  if (pg.ok) {
    const onPg = rate(labels.pg, 16);
    console.log(`PostgreSQL vs SQLite at concurrency 16 (audit on): ${((onPg / on) * 100).toFixed(0)}% of SQLite's throughput`);
    const w = summarise('wake-up', 1, wake.release, 0);
    const ans = summarise('answer', 1, wake.answer, 0);
    console.log(
      `cross-replica wake-up, ${w.count} asks held by replica A and answered through B: answer sent → A's reply p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms (B's answer round trip alone: p50 ${ans.p50.toFixed(1)} ms, p99 ${ans.p99.toFixed(1)} ms)`,
    );
  } else console.log(`PostgreSQL rows left out: ${pg.reason}`);
  console.log(
    `serve vs spawning the hook at concurrency 1: ${(rate('toolgate serve, audit on', 1) / rate('spawn `toolgate hook` per call', 1)).toFixed(0)}× the decisions per second`,
  );
  const cpuOn = results.find((x) => x.label === 'toolgate serve, audit on' && x.concurrency === 16)?.cpuUs;
  const cpuOff = results.find((x) => x.label === 'toolgate serve, audit off' && x.concurrency === 16)?.cpuUs;
  if (cpuOn !== undefined && cpuOff !== undefined) {
    console.log(
      `server CPU per decision at concurrency 16: ${cpuOn.toFixed(0)} µs with the audit, ${cpuOff.toFixed(0)} µs without (${(((cpuOn - cpuOff) / cpuOn) * 100).toFixed(1)}% of it is the audit); one core alone sustains ${(1e6 / cpuOn).toFixed(0)} decisions/s`,
    );
  }
  console.log('\nCPU per call (µs): the server process (all threads) / its main thread (bounds its throughput) / the load client');
  for (const r of results.filter((x) => x.cpuUs !== undefined)) {
    console.log(
      `  ${r.label}, c=${r.concurrency}: ${r.cpuUs!.toFixed(0)} / ${r.mainUs?.toFixed(0) ?? '-'} / ${r.clientUs?.toFixed(0) ?? '-'}`,
    );
  }
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
