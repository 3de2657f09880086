/**
 * A throw-away PostgreSQL server for tests and benchmarks: Debian's `postgresql` package
 * (installed when absent and root can), `initdb` and `pg_ctl` run as the `postgres` system user
 * when we are root (PostgreSQL refuses to run as root), on a temporary directory that user owns,
 * listening on a unix socket in that directory and on a loopback port.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The newest installed PostgreSQL's binary directory (`/usr/lib/postgresql/N/bin`), else one on PATH. */
export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const path = which.stdout.trim();
  return which.status === 0 && path !== '' ? join(path, '..') : undefined;
}

/** Find PostgreSQL, installing Debian's package when it is missing and we are root. */
export function ensurePostgres(log: (line: string) => void = () => {}): { ok: true; bin: string } | { ok: false; reason: string } {
  const found = findPostgresBin();
  if (found !== undefined) return { ok: true, bin: found };
  if (!isRoot()) return { ok: false, reason: 'PostgreSQL is not installed and we are not root to install it (apt-get install postgresql)' };
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status !== 0)
    return { ok: false, reason: 'PostgreSQL is not installed and there is no apt-get' };
  log('installing Debian package postgresql …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], { env, encoding: 'utf8', timeout: 600_000 });
  let r = install();
  if (r.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { env, encoding: 'utf8', timeout: 300_000 });
    r = install();
  }
  const bin = findPostgresBin();
  if (bin === undefined)
    return {
      ok: false,
      reason: `apt-get install postgresql failed: ${(r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' / ')}`,
    };
  return { ok: true, bin };
}

/** A running (or stopped) server on a directory of its own. */
export interface Cluster {
  bin: string;
  /** Holds `data/`, the socket and `server.log`; owned by the user the server runs as. */
  dir: string;
  port: number;
  /** Superuser, trust authentication. */
  user: string;
  /** `postgres://postgres@127.0.0.1:PORT/DB` (TCP on loopback). */
  url(database?: string): string;
  /** The same over the unix socket in `dir`. */
  socketUrl(database?: string): string;
  start(): void;
  /** `fast`: disconnect clients and shut down cleanly; `immediate`: like a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  running(): boolean;
  /** Stop and delete everything. */
  destroy(): void;
}

/** Run a PostgreSQL program as the user that owns the cluster. */
function runAs(bin: string, program: string, args: string[], cwd: string): { status: number | null; out: string } {
  const exe = join(bin, program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv as string[], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

/** A free loopback TCP port (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

export interface ClusterOptions {
  bin: string;
  port: number;
  /** Durability off (fsync, synchronous_commit, full_page_writes): fine for tests, not for benchmarks. Default true. */
  fast?: boolean;
  /** Copy this initialised data directory instead of running initdb. */
  template?: string;
}

/** initdb a new cluster in a fresh temporary directory (or copy `template`), not started. */
export function createCluster(o: ClusterOptions): Cluster {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  if (o.template !== undefined) {
    const r = isRoot()
      ? spawnSync('runuser', ['-u', 'postgres', '--', 'cp', '-a', o.template, data])
      : spawnSync('cp', ['-a', o.template, data]);
    if (r.status !== 0) throw new Error(`copying ${o.template} failed: ${String(r.stderr)}`);
  } else {
    const r = runAs(o.bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'], dir);
    if (r.status !== 0) throw new Error(`initdb failed (${r.status}): ${r.out}`);
  }
  const fast = o.fast !== false;
  const settings = [
    `-p ${o.port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=400',
    '-c shared_buffers=64MB',
    ...(fast ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  const log = join(dir, 'server.log');
  const pgctl = (args: string[]) => runAs(o.bin, 'pg_ctl', ['-D', data, ...args], dir);
  const running = () => pgctl(['status']).status === 0;
  const at = (host: string, database: string) => `postgres://postgres@${host}/${database}`;
  return {
    bin: o.bin,
    dir,
    port: o.port,
    user: 'postgres',
    url: (database = 'postgres') => at(`127.0.0.1:${o.port}`, database),
    socketUrl: (database = 'postgres') => `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${o.port}`,
    start() {
      const r = pgctl(['-l', log, '-w', '-t', '60', '-o', settings, 'start']);
      if (r.status !== 0)
        throw new Error(`pg_ctl start failed (${r.status}): ${r.out}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`);
    },
    stop(mode = 'fast') {
      const r = pgctl(['-w', '-t', '60', '-m', mode, 'stop']);
      if (r.status !== 0 && running()) throw new Error(`pg_ctl stop failed (${r.status}): ${r.out}`);
    },
    running,
    destroy() {
      if (running()) pgctl(['-w', '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
