// Measure "no answered call leaves the audit" for `toolgate serve` on SQLite, under real faults:
//
//   kill    serve (the built CLI, `dist/cli/main.js`) is killed with SIGKILL under load, N times
//   disk    the store's file system fills up (a small tmpfs; needs root) and is freed again
//   stop    serve is stopped while the store cannot be written, then started again
//   delete  the store file is deleted under a running serve
//
// For every call answered `allow` it looks for the call's audit entry (by the input's SHA-256)
// once the store is reachable again and serve has been restarted (which writes the spill journal
// back). Run `npm run build` first. Usage:
//   npx tsx scripts/serve-faults.ts [--kills N] [--only kill,disk,stop,delete]
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServe } from '../src/serve/index.js';
import { inputSha256, openSqliteStore } from '../src/store/index.js';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const kills = Number(opt('--kills') ?? 10);
const only = new Set((opt('--only') ?? 'kill,disk,stop,delete').split(','));
const CLI = resolve('dist/cli/main.js');

const root = mkdtempSync(join(tmpdir(), 'toolgate-faults-'));
const home = join(root, 'home');
const project = join(root, 'project');
mkdirSync(join(home, '.claude'), { recursive: true });
mkdirSync(join(project, '.claude'), { recursive: true });
writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(echo *)'] } }));

const event = (command: string) => ({
  session_id: 'faults',
  cwd: project,
  hook_event_name: 'PreToolUse',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: `toolu_${command.replace(/\W/g, '_')}`,
});

async function decide(url: string, command: string): Promise<string | undefined> {
  const r = await fetch(`${url}/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event(command)),
  });
  const body = (await r.json()) as { hookSpecificOutput?: { permissionDecision?: string } };
  return body.hookSpecificOutput?.permissionDecision;
}

/** Run `concurrency` loops of unique `echo` calls until `stop()` says so or a call fails; the allowed commands. */
async function load(url: string, tag: string, concurrency: number, stop: () => boolean): Promise<{ allowed: string[]; denied: number }> {
  const allowed: string[] = [];
  let denied = 0;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stop()) {
        const command = `echo ${tag}-${n++}`;
        let d;
        try {
          d = await decide(url, command);
        } catch {
          return; // serve is gone
        }
        if (d === 'allow') allowed.push(command);
        else denied++;
      }
    }),
  );
  return { allowed, denied };
}

/** Which of `commands` have no PreToolUse entry in the store's audit log. */
async function missing(file: string, commands: readonly string[]): Promise<number> {
  const store = await openSqliteStore({ file });
  try {
    const have = new Set<string>();
    for (let after = 0; ;) {
      const batch = await store.readAudit({ afterSeq: after, limit: 10_000 });
      if (batch.length === 0) break;
      for (const e of batch) if (e.event === 'PreToolUse' && e.behavior === 'allow' && e.inputSha256 !== undefined) have.add(e.inputSha256);
      after = batch.at(-1)?.seq ?? after;
    }
    return commands.filter((c) => !have.has(inputSha256({ command: c }))).length;
  } finally {
    await store.close();
  }
}

function startCli(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--listen', '127.0.0.1:0', '--store', `sqlite:${file}`, '--project', project, '--home', home],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stderr?.resume();
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1] !== undefined) ok({ child, url: m[1] });
    });
    child.once('exit', (code) => fail(new Error(`serve exited (${code}) before listening`)));
  });
}

async function killScenario() {
  if (!existsSync(CLI)) throw new Error('run `npm run build` first');
  const file = join(root, 'kill', 'toolgate.db');
  const all: string[] = [];
  const rows: string[] = [];
  for (let k = 0; k < kills; k++) {
    const { child, url } = await startCli(file);
    const at = 400 + Math.floor(Math.random() * 1200);
    setTimeout(() => child.kill('SIGKILL'), at);
    const { allowed } = await load(url, `k${k}`, 16, () => child.exitCode !== null || child.signalCode !== null);
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
    all.push(...allowed);
    rows.push(`kill ${k + 1}: ${allowed.length} allowed before the kill at ${at} ms`);
  }
  // A last start writes back any spill journal a kill left behind.
  const { child, url } = await startCli(file);
  await fetch(`${url}/v1/health`);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const lost = await missing(file, all);
  console.log(rows.join('\n'));
  console.log(`kill -9 ×${kills}: ${all.length} calls answered allow, ${lost} of them missing from the audit log`);
}

/** An in-process serve on `file`, with its spill journal at `spillFile`. */
async function inProcess(file: string, spillFile?: string) {
  const store = await openSqliteStore({ file });
  const lines: string[] = [];
  const serve = createServe({
    store,
    token: 'faults-script-token-0123456789abcdef',
    announce: () => {},
    projects: [project],
    home,
    log: (l) => lines.push(l),
    ...(spillFile !== undefined ? { spillFile } : {}),
  });
  const at = await serve.listen('127.0.0.1', 0);
  return {
    url: at.url,
    lines,
    serve,
    async stop() {
      await serve.close();
      await store.close();
    },
  };
}

function fill(dir: string) {
  // Fill the file system to the last block.
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(dir, 'filler')}`, 'bs=64k'], { stdio: 'ignore' });
  } catch {
    // dd ends with "No space left on device"
  }
}

async function health(url: string) {
  return (await fetch(`${url}/v1/health`)).status;
}

async function diskScenario() {
  if (process.getuid?.() !== 0) return console.log('disk: skipped (needs root to mount a tmpfs)');
  const mnt = join(root, 'mnt');
  mkdirSync(mnt);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mnt]);
  try {
    for (const journalOn of ['another disk', 'the same disk'] as const) {
      const file = join(mnt, `disk-${journalOn === 'another disk' ? 'a' : 'b'}.db`);
      const spill = journalOn === 'another disk' ? join(root, 'spill', 'disk.jsonl') : `${file}-audit-spill.jsonl`;
      const s = await inProcess(file, spill);
      const before = await load(
        s.url,
        `d${journalOn[0]}0`,
        8,
        (() => {
          const end = Date.now() + 500;
          return () => Date.now() > end;
        })(),
      );
      fill(mnt);
      const during = await load(
        s.url,
        `d${journalOn[0]}1`,
        8,
        (() => {
          const end = Date.now() + 2000;
          return () => Date.now() > end;
        })(),
      );
      const statusFull = await health(s.url);
      rmSync(join(mnt, 'filler'));
      const freed = Date.now();
      let recovered: number | undefined;
      while (Date.now() - freed < 10_000) {
        if ((await health(s.url)) === 200) {
          recovered = Date.now() - freed;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      const after = await load(
        s.url,
        `d${journalOn[0]}2`,
        8,
        (() => {
          const end = Date.now() + 500;
          return () => Date.now() > end;
        })(),
      );
      await s.stop();
      const allowed = [...before.allowed, ...during.allowed, ...after.allowed];
      const lost = await missing(file, allowed);
      // The next scenario needs the small file system's space: this one's store is counted, so it goes.
      for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-audit-spill.jsonl`]) rmSync(f, { force: true });
      console.log(
        `full disk, journal on ${journalOn}: while full ${during.allowed.length} allowed / ${during.denied} denied, health ${statusFull}; ` +
          `healthy ${recovered !== undefined ? `${recovered} ms` : 'not within 10 s'} after space returned; ${allowed.length} allowed in all, ${lost} missing from the audit log`,
      );
    }
  } finally {
    execFileSync('umount', [mnt]);
  }
}

async function stopScenario() {
  if (process.getuid?.() !== 0) return console.log('stop: skipped (needs root to mount a tmpfs)');
  const mnt = join(root, 'mnt-stop');
  mkdirSync(mnt);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', mnt]);
  try {
    const file = join(mnt, 'stop.db');
    const spill = join(root, 'spill', 'stop.jsonl');
    const s = await inProcess(file, spill);
    fill(mnt);
    const calls = await Promise.all(
      Array.from({ length: 50 }, (_, i) => decide(s.url, `echo stop-${i}`).then((d) => (d === 'allow' ? `echo stop-${i}` : undefined))),
    );
    await s.stop();
    rmSync(join(mnt, 'filler'));
    const again = await inProcess(file, spill);
    await new Promise((r) => setTimeout(r, 500));
    await again.stop();
    const allowed = calls.filter((c): c is string => c !== undefined);
    console.log(
      `stop while the disk is full: ${allowed.length} of 50 allowed; after a restart ${await missing(file, allowed)} missing from the audit log`,
    );
  } finally {
    execFileSync('umount', [mnt]);
  }
}

async function deleteScenario() {
  const file = join(root, 'delete', 'toolgate.db');
  const s = await inProcess(file);
  const before = await load(
    s.url,
    'del0',
    4,
    (() => {
      const end = Date.now() + 300;
      return () => Date.now() > end;
    })(),
  );
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const after = await load(
    s.url,
    'del1',
    4,
    (() => {
      const end = Date.now() + 300;
      return () => Date.now() > end;
    })(),
  );
  const status = await health(s.url);
  const said = s.lines.find((l) => /deleted/.test(l));
  await s.stop();
  console.log(
    `delete the store file: ${before.allowed.length} allowed before; after: ${after.allowed.length} allowed, ${after.denied} denied, health ${status}; log: ${said ?? '(nothing)'}`,
  );
}

try {
  if (only.has('kill')) await killScenario();
  if (only.has('disk')) await diskScenario();
  if (only.has('stop')) await stopScenario();
  if (only.has('delete')) await deleteScenario();
} finally {
  rmSync(root, { recursive: true, force: true });
}
