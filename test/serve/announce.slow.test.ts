/**
 * The one-time answer code goes to serve's standard error only when that is a terminal: a
 * redirected log (`serve 2>serve.err`, the journal) may be readable by the gated agent's user.
 * `toolgate serve` run as a process, its standard error a pipe or a pseudo-terminal: in the `slow`
 * suite (the announcer itself is tested in test/serve/announce.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programArgs } from '../support/programs/run.js';
import { eventually, ORDINARY_ENVIRONMENT, preToolUse, sandbox, spawnServe, type Sandbox } from './helpers.js';

// An answer code stands as a word of its own: an ask id's UUID (`…-8684-4425-…`) is not one.
const CODE = /(?<![\w-])[2-9A-Z]{4}-[2-9A-Z]{4}(?![\w-])/;

let sb: Sandbox;
let project: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('codes', { permissions: { ask: ['Bash(npm publish)'] } });
});
afterAll(() => sb.cleanup());

/** Park an ask at serve on `port` and resolve with what its output says of it; the held request is then cut. */
async function parkAndRead(port: number, output: () => string): Promise<string> {
  const cut = new AbortController();
  const held = fetch(`http://127.0.0.1:${port}/hooks/claude-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...ORDINARY_ENVIRONMENT },
    body: JSON.stringify(preToolUse(project, 'Bash', { command: 'npm publish' })),
    signal: cut.signal,
  }).catch(() => undefined);
  const line = await eventually(() =>
    output()
      .split(/\r?\n/)
      .find((l) => / waits \(Bash\)/.test(l)),
  );
  cut.abort();
  await held;
  return line;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((ok) => child.once('exit', ok));
}

describe('toolgate serve with standard error redirected', () => {
  it('announces each ask without its code and says the codes are on the page', async () => {
    const { child, port } = await spawnServe(sb, project, ['--hold-timeout', '30'], 'state-pipe');
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const line = await parkAndRead(port, () => err);
      expect(line).toMatch(/its answer code is on the approval page/);
      expect(err).toMatch(/standard error is not a terminal: answer codes are shown on the approval page only/);
      expect(err).not.toMatch(CODE);
    } finally {
      await stop(child);
    }
  });

  it('prints them with --print-answer-codes, and warns that it is unsafe', async () => {
    const { child, port } = await spawnServe(sb, project, ['--hold-timeout', '30', '--print-answer-codes'], 'state-print');
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    try {
      expect(await parkAndRead(port, () => err)).toMatch(new RegExp(`its answer code is ${CODE.source}$`));
      expect(err).toMatch(/--print-answer-codes prints the answer codes to it: whoever can read this log/);
    } finally {
      await stop(child);
    }
  });
});

describe('toolgate serve on a terminal', () => {
  it.skipIf(!existsSync('/usr/bin/script'))('prints each ask’s code (util-linux script gives serve a pseudo-terminal)', async () => {
    const argv = [
      process.execPath,
      ...programArgs('toolgate', ['serve', '--listen', '127.0.0.1:0', '--project', project, '--home', sb.home, '--hold-timeout', '30']),
    ];
    const quoted = argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = spawn('/usr/bin/script', ['-qfec', `stty -echo; exec ${quoted}`, '/dev/null'], {
      cwd: project,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, XDG_STATE_HOME: join(sb.root, 'state-tty') },
      detached: true,
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const port = Number(await eventually(() => /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]));
      expect(await parkAndRead(port, () => out)).toMatch(new RegExp(`its answer code is ${CODE.source}\\s*$`));
      expect(out).not.toMatch(/standard error is not a terminal/);
    } finally {
      // script and the serve it runs: the whole process group.
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {
        // already gone
      }
      if (child.exitCode === null) await new Promise((ok) => child.once('exit', ok));
    }
  });
});
