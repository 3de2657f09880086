import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseWhen } from '../../src/cli/asks.js';
import { parseListen } from '../../src/cli/serve.js';
import { ENVIRONMENT_FACT_NAMES, environmentHeaderTemplate, SHELL_HEADER_TEMPLATE } from '../../src/evaluate/index.js';
import { programArgs } from '../support/programs/run.js';
import { memoryServeArgs } from './support/serve-args.js';
import { SESSION_HEADER } from '../../src/serve/page/session.js';
import { ORDINARY_ENVIRONMENT } from '../serve/helpers.js';

let dir: string;
let project: string;
let home: string;
let store: string;

/** The environment of every command: its own home and state directory. */
const env = () => ({ ...process.env, HOME: home, XDG_STATE_HOME: join(dir, 'xdg') });

function cli(args: string[]) {
  const r = spawnSync(process.execPath, programArgs('toolgate', args), { cwd: project, encoding: 'utf8', env: env() });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Start `toolgate serve`; resolves with its first stdout line, the process and what it says on standard error. */
async function serve(
  args: string[],
): Promise<{ child: ChildProcess; line: string; url: string; err: () => string; codeOf: (id: string) => Promise<string> }> {
  // Standard error is a pipe here, standing in for the person's terminal: the codes are asked for.
  const child = spawn(
    process.execPath,
    programArgs('toolgate', [
      'serve',
      '--listen',
      '127.0.0.1:0',
      '--store',
      `sqlite:${store}`,
      '--project',
      project,
      '--home',
      home,
      '--print-answer-codes',
      ...args,
    ]),
    {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env(),
    },
  );
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`toolgate serve exited with ${code}: ${err}`)));
  });
  // The code of an ask, as serve's own terminal shows it.
  const codeOf = async (id: string) => {
    for (let i = 0; i < 100; i++) {
      const m = new RegExp(`ask ${id} waits .*answer code is (\\S+)`).exec(err);
      if (m) return m[1] as string;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`serve announced no code for ${id}: ${err}`);
  };
  return { child, line, url: line.replace(/^toolgate serve listening on /, ''), err: () => err, codeOf };
}

const event = (command: string, session = 'cli-1') => ({
  session_id: session,
  cwd: project,
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
});
const hook = async (url: string, body: unknown) =>
  (
    await fetch(`${url}/hooks/claude-code`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { ...ORDINARY_ENVIRONMENT, 'content-type': 'application/json' },
    })
  ).json() as Promise<{ hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } }>;

/**
 * The id of the ask a session's held call made: waited for through serve's API (a `toolgate` process
 * per try made each wait seconds long), then listed by `toolgate asks list`, as a person finds it.
 */
async function heldAsk(url: string, session: string): Promise<string> {
  let id = '';
  for (let i = 0; i < 400 && id === ''; i++) {
    const list = (await (await fetch(`${url}/v1/asks?session=${session}`)).json()) as { asks: { id: string }[] };
    id = list.asks[0]?.id ?? '';
    if (id === '') await new Promise((r) => setTimeout(r, 25));
  }
  expect(id).not.toBe('');
  const listed = cli(['asks', 'list', '--store', `sqlite:${store}`, '--session', session, '--json']);
  expect(
    listed.out
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id),
  ).toEqual([id]);
  return id;
}

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-cli-serve-')));
  project = join(dir, 'project');
  home = join(dir, 'home');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Bash(rm *)'] } }));
  store = join(dir, 'state', 'toolgate.db');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolgate serve', () => {
  it('prints where it listens as its first line and decides hook calls; makes its answer token (mode 0600) and says where', async () => {
    const s = await serve([]);
    try {
      expect(s.line).toMatch(/^toolgate serve listening on http:\/\/127\.0\.0\.1:\d+$/);
      const tokenFile = join(dir, 'xdg', 'toolgate', 'serve-token');
      expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
      expect(readFileSync(tokenFile, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
      await vi.waitFor(() => expect(s.err()).toContain(`the answer token is in ${tokenFile} (made now, mode 0600)`), {
        timeout: 10_000,
        interval: 20,
      });
      expect((await hook(s.url, event('git status'))).hookSpecificOutput?.permissionDecision).toBe('allow');
      expect((await hook(s.url, event('rm -rf x'))).hookSpecificOutput?.permissionDecision).toBe('deny');
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 30_000);

  it("a second serve on another store never replaces the running serve's token or recorded address (red team rt10s F3)", async () => {
    const tokenFile = join(dir, 'xdg', 'toolgate', 'serve-token');
    const addressFile = join(dir, 'xdg', 'toolgate', 'serve-address');
    const s = await serve([]);
    try {
      const token = readFileSync(tokenFile, 'utf8');
      await vi.waitFor(() => expect(readFileSync(addressFile, 'utf8')).toContain(s.url), { timeout: 10_000, interval: 20 });
      const address = readFileSync(addressFile, 'utf8');
      const second = (extra: string[]) =>
        spawnSync(process.execPath, programArgs('toolgate', [...memoryServeArgs(project, home), ...extra]), {
          cwd: project,
          encoding: 'utf8',
          env: env(),
          timeout: 20_000,
        });
      // It would make the default token: refused, before writing anything.
      const refused = second([]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(/another toolgate serve owns .*serve-token and .*serve-address/);
      expect(readFileSync(tokenFile, 'utf8')).toBe(token);
      expect(readFileSync(addressFile, 'utf8')).toBe(address);
      // With a token file of its own it starts, and leaves the recorded address alone.
      const ownToken = join(dir, 'own-token');
      writeFileSync(ownToken, 'tok-of-the-second-serve-0123456789\n', { mode: 0o600 });
      const child = spawn(process.execPath, programArgs('toolgate', [...memoryServeArgs(project, home), '--token-file', ownToken]), {
        cwd: project,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: env(),
      });
      let err = '';
      child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
      try {
        await new Promise<string>((ok, fail) => {
          createInterface({ input: child.stdout! }).once('line', ok);
          child.once('exit', (code) => fail(new Error(`exited with ${code}: ${err}`)));
        });
        await vi.waitFor(() => expect(err).toContain('address is not recorded'), { timeout: 10_000, interval: 20 });
        expect(readFileSync(tokenFile, 'utf8')).toBe(token);
        expect(readFileSync(addressFile, 'utf8')).toBe(address);
      } finally {
        child.kill('SIGTERM');
      }
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 60_000);

  it('never adopts a token left at its default path: each start makes a new one, and the planted token signs in to nothing (red team 4: R6)', async () => {
    const tokenFile = join(dir, 'xdg', 'toolgate', 'serve-token');
    mkdirSync(join(dir, 'xdg', 'toolgate'), { recursive: true, mode: 0o700 });
    const planted = 'tok-chosen-by-the-agent-0123456789';
    writeFileSync(tokenFile, `${planted}\n`, { mode: 0o600 });
    const s = await serve([]);
    try {
      const token = readFileSync(tokenFile, 'utf8').trim();
      expect(token).not.toBe(planted);
      const signIn = (t: string) =>
        fetch(`${s.url}/signin`, {
          method: 'POST',
          body: new URLSearchParams({ token: t, name: 'dana' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await signIn(planted)).status).toBe(401);
      expect((await signIn(token)).status).toBe(200);
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 30_000);

  it('an answer given with `toolgate asks answer` releases the request a running server holds', async () => {
    const s = await serve([]);
    try {
      const held = hook(s.url, event('npm publish', 'cli-held'));
      const id = await heldAsk(s.url, 'cli-held');
      const shown = cli(['asks', 'show', id, '--store', `sqlite:${store}`]);
      expect(shown.out).toMatch(/call: +Bash\n +command: +npm publish\n/);
      const code = await s.codeOf(id);
      // Without the code, or with another, the token alone answers nothing.
      const missing = cli(['asks', 'answer', id, 'allow', '--server', s.url]);
      expect(missing.code).not.toBe(0);
      expect(missing.err).toMatch(/--code/);
      const wrong = cli(['asks', 'answer', id, 'allow', '--server', s.url, '--code', 'AAAA-AAAA']);
      expect(wrong.code).toBe(1);
      expect(wrong.err).toMatch(/not the answer code/);
      // The token goes to loopback only: a --server elsewhere is refused before anything is sent.
      for (const server of ['http://192.0.2.1:7370', 'https://192.0.2.1:7370']) {
        const remote = cli(['asks', 'answer', id, 'allow', '--server', server, '--code', code]);
        expect(remote.code).toBe(2);
        expect(remote.err).toMatch(/not on this machine's loopback network/);
      }
      expect(cli(['asks', 'answer', id, 'allow', '--server', 'http://192.0.2.1:7370', '--allow-remote', '--code', code]).err).toMatch(
        /only over https:/,
      );
      // Without --server: the address serve recorded in its state directory.
      expect(readFileSync(join(dir, 'xdg', 'toolgate', 'serve-address'), 'utf8').trim()).toBe(s.url);
      const answered = cli(['asks', 'answer', id, 'deny', '--message', 'use the release pipeline', '--code', code]);
      expect(answered.err).toBe('');
      expect(answered.code).toBe(0);
      expect(answered.out).toMatch(new RegExp(`ask ${id}: deny by token`));
      const r = await held;
      expect(r.hookSpecificOutput?.permissionDecision).toBe('deny');
      expect(r.hookSpecificOutput?.permissionDecisionReason).toMatch(/use the release pipeline/);
      expect(cli(['asks', 'answer', id, 'allow', '--server', s.url, '--code', code]).code).toBe(1);
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 90_000);

  it('`asks show` shows what remembering would save; `asks answer --remember` saves a rule broader than the call only when --rule names it', async () => {
    const s = await serve([]);
    try {
      const held = hook(s.url, event('npm publish --tag cli', 'cli-rule'));
      const id = await heldAsk(s.url, 'cli-rule');
      const shown = cli(['asks', 'show', id, '--store', `sqlite:${store}`]);
      expect(shown.out).toContain(
        '  remember: Bash(npm publish *) — every command that starts with "npm publish", whatever follows (toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path) (broader than this call)\n',
      );
      expect(shown.out).toContain('  or:       Bash(npm publish --tag cli) — only this exact command\n');
      // Where the person chooses a scope, each scope's time-to-live is shown, as the running serve keeps grants.
      expect(shown.out).toContain(
        `  lasts:    once 1h, session 12h, project 30d, user 1w (as toolgate serve at ${new URL(s.url).origin} keeps grants)\n`,
      );
      const code = await s.codeOf(id);
      const unconfirmed = cli(['asks', 'answer', id, 'allow', '--remember', '--server', s.url, '--code', code]);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.err).toMatch(
        /remembering would save a rule broader than this call:\n.*Bash\(npm publish \*\).*\nconfirm it with --rule 'Bash\(npm publish \*\)', or choose a narrower one with --rule/s,
      );
      const stranger = cli(['asks', 'answer', id, 'allow', '--rule', 'Bash(npm *)', '--server', s.url, '--code', code]);
      expect(stranger.code).toBe(2);
      expect(stranger.err).toMatch(/the rule Bash\(npm \*\) was not proposed for this ask/);
      const narrowed = cli(['asks', 'answer', id, 'allow', '--rule', 'Bash(npm publish --tag cli)', '--server', s.url, '--code', code]);
      expect(narrowed.err).toBe('');
      expect(narrowed.out).toMatch(
        /: allow by token\nremembered for the session: Bash\(npm publish --tag cli\) — only this exact command; until (\S+) \(12h\)\n$/,
      );
      const [saved] = await (async () => {
        const { openSqliteStore } = await import('../../src/store/index.js');
        const st = await openSqliteStore({ file: store });
        try {
          return await st.findGrants({ askId: id, at: Date.now() });
        } finally {
          await st.close();
        }
      })();
      // The end said is the grant's own.
      expect(narrowed.out).toContain(`until ${new Date(saved?.expiresAt ?? 0).toISOString()} (12h)`);
      // Once answered, \`asks show\` lists the grants the answer saved, each with when it ends.
      expect(cli(['asks', 'show', id, '--store', `sqlite:${store}`]).out).toContain(
        `  grant:    ${saved?.id} session Bash(npm publish --tag cli) — until ${new Date(saved?.expiresAt ?? 0).toISOString()}\n`,
      );
      // The held call is said to be allowed by the rule saved, as the grant it is — never by the broader suggestion.
      const released = await held;
      expect(released.hookSpecificOutput?.permissionDecision).toBe('allow');
      expect(released.hookSpecificOutput?.permissionDecisionReason).toMatch(
        /\(allow rule Bash\(npm publish --tag cli\), remembered for the session\)$/,
      );
      const audit = cli(['audit', 'export', '--since', '1h', '--store', `sqlite:${store}`])
        .out.trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const entry = audit.filter((e) => e['askId'] === id && e['event'] === 'PreToolUse').at(-1);
      expect(entry).toMatchObject({
        behavior: 'allow',
        ruleText: 'Bash(npm publish --tag cli)',
        ruleSource: expect.stringMatching(/^grant grant_\S+ \(session\)$/),
      });
      expect(JSON.stringify(audit.filter((e) => e['askId'] === id))).not.toContain('settings.local.json');
      expect((await hook(s.url, event('npm publish --tag cli', 'cli-rule'))).hookSpecificOutput?.permissionDecision).toBe('allow');
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 90_000);

  it('`asks show --token-file` asks the running serve with the token named, as `asks answer` does; a token file that cannot be read is an error', async () => {
    const own = join(dir, 'own-token');
    writeFileSync(own, 'own-token-0123456789abcdef0123\n', { mode: 0o600 });
    const s = await serve(['--token-file', own]);
    try {
      const held = hook(s.url, event('npm publish --tag own', 'cli-own'));
      const id = await heldAsk(s.url, 'cli-own');
      // The default token file is not serve's: serve cannot be asked, and the defaults are said to be defaults.
      expect(cli(['asks', 'show', id, '--store', `sqlite:${store}`]).out).toMatch(
        /  lasts: {4}as the toolgate serve that records the answer keeps grants \(serve --grant-ttl\), which cannot be asked now/,
      );
      const shown = cli(['asks', 'show', id, '--store', `sqlite:${store}`, '--token-file', own]);
      expect(shown.err).toBe('');
      expect(shown.out).toContain(
        `  lasts:    once 1h, session 12h, project 30d, user 1w (as toolgate serve at ${new URL(s.url).origin} keeps grants)\n`,
      );
      expect(shown.out).toContain(
        '  remember: Bash(npm publish *) — every command that starts with "npm publish", whatever follows (toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path) (broader than this call)\n',
      );
      const missing = cli(['asks', 'show', id, '--store', `sqlite:${store}`, '--token-file', join(dir, 'no-such-token')]);
      expect(missing.code).toBe(2);
      expect(missing.err).toMatch(new RegExp(`--token-file ${join(dir, 'no-such-token').replace(/[/.]/g, '\\$&')}: ENOENT`));
      const code = await s.codeOf(id);
      expect(cli(['asks', 'answer', id, 'deny', '--code', code, '--token-file', own]).code).toBe(0);
      expect((await held).hookSpecificOutput?.permissionDecision).toBe('deny');
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 90_000);

  it("`asks answer --remember` on an ask with nothing to remember says, in the command line's words, that it can be allowed once only", async () => {
    const s = await serve([]);
    try {
      // A write to the project's own settings asks firmly: no rule is offered to remember.
      const held = hook(s.url, {
        ...event('x', 'cli-firm'),
        tool_name: 'Edit',
        tool_input: { file_path: join(project, '.claude', 'settings.json'), old_string: 'rm', new_string: 'rm' },
      });
      const id = await heldAsk(s.url, 'cli-firm');
      const code = await s.codeOf(id);
      const r = cli(['asks', 'answer', id, 'allow', '--remember', 'project', '--server', s.url, '--code', code]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        'toolgate: this ask offers no rule to remember: it can only be allowed this once — answer without --remember and --rule\n',
      );
      expect(r.err).not.toMatch(/updatedPermissions|"scope"/);
      // Nothing was spent: the same code still answers, once.
      expect(cli(['asks', 'answer', id, 'allow', '--server', s.url, '--code', code]).code).toBe(0);
      expect((await held).hookSpecificOutput?.permissionDecision).toBe('allow');
    } finally {
      s.child.kill('SIGTERM');
    }
  }, 90_000);

  it("`asks answer` sends the token to no server that cannot prove it holds it: a program on serve's recorded port while serve is down never sees it (red team H8)", async () => {
    const state = join(dir, 'xdg-h8', 'toolgate');
    mkdirSync(state, { recursive: true });
    const token = 'h8-token-0123456789abcdef0123456789';
    writeFileSync(join(state, 'serve-token'), `${token}\n`, { mode: 0o600 });
    // The agent's listener: it answers every request the way serve would (200, JSON), with proofs it cannot make.
    const seen: { path: string; authorization?: string; body: string }[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push({
          path: req.url ?? '',
          ...(req.headers.authorization !== undefined ? { authorization: req.headers.authorization } : {}),
          body,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ proofs: ['0'.repeat(64)], behavior: 'allow', id: 'x' }));
      });
    });
    await new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    writeFileSync(join(state, 'serve-address'), `${url}\n`, { mode: 0o600 });
    try {
      const run = (args: string[]) =>
        new Promise<{ code: number | null; err: string }>((ok) => {
          const child = spawn(process.execPath, programArgs('toolgate', args), {
            cwd: project,
            env: { ...env(), XDG_STATE_HOME: join(dir, 'xdg-h8') },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let err = '';
          child.stderr.on('data', (d: Buffer) => (err += d.toString()));
          child.once('exit', (code) => ok({ code, err }));
        });
      for (const args of [
        ['asks', 'answer', 'a1', 'allow', '--code', 'ABCD-EFGH'],
        ['asks', 'answer', 'a1', 'allow', '--code', 'ABCD-EFGH', '--server', url],
        ['asks', 'answer', 'a1', 'deny', '--code', 'ABCD-EFGH'],
      ]) {
        const r = await run(args);
        expect(r.code).toBe(1);
        expect(r.err).toMatch(/did not prove it is toolgate serve holding your token .*the token was not sent/);
      }
      // It was asked for a proof, and never given the token.
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((q) => q.path.startsWith('/v1/identity?challenge='))).toBe(true);
      expect(seen.filter((q) => q.authorization !== undefined || q.path.includes(token) || q.body.includes(token))).toEqual([]);
    } finally {
      fake.close();
    }
  }, 60_000);

  it('survives SIGKILL with an ask pending: after a restart it is listed, answered by no new token, and the call asked again is', async () => {
    const a = await serve([]);
    const held = hook(a.url, event('npm publish --tag kill', 'cli-kill')).then(
      () => 'answered',
      () => 'failed',
    );
    const id = await heldAsk(a.url, 'cli-kill');
    a.child.kill('SIGKILL');
    expect(await held).toBe('failed');
    const b = await serve([]);
    try {
      const listed = (await (await fetch(`${b.url}/v1/asks?session=cli-kill`)).json()) as { asks: { id: string; state: string }[] };
      expect(listed.asks).toEqual([expect.objectContaining({ id, state: 'pending' })]);
      // The restarted serve made a new token: the ask's code, sealed under the old one, opens for
      // neither the API nor the page (decision 0069); its held call failed with the old serve, and
      // the same call asked again is a new ask the new serve answers.
      const token = readFileSync(join(dir, 'xdg', 'toolgate', 'serve-token'), 'utf8').trim();
      const byCode = await fetch(`${b.url}/v1/asks/${id}/answer`, {
        method: 'POST',
        body: JSON.stringify({ behavior: 'allow', code: await a.codeOf(id) }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(byCode.status).not.toBe(200);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const signedIn = (await (
        await fetch(`${b.url}/signin`, { method: 'POST', body: new URLSearchParams({ token, name: 'dana' }).toString(), headers: form })
      ).json()) as { session: string };
      const onPage = await fetch(`${b.url}/asks/${id}/answer`, {
        method: 'POST',
        body: new URLSearchParams({ action: 'approve' }).toString(),
        headers: { ...form, [SESSION_HEADER]: signedIn.session },
      });
      expect(onPage.status).toBe(409);
      const again = hook(b.url, event('npm publish --tag kill', 'cli-kill-again'));
      let next = '';
      for (let i = 0; i < 100 && next === ''; i++) {
        const list = (await (await fetch(`${b.url}/v1/asks?session=cli-kill-again`)).json()) as { asks: { id: string }[] };
        next = list.asks[0]?.id ?? '';
        if (next === '') await new Promise((r) => setTimeout(r, 100));
      }
      const r = await fetch(`${b.url}/v1/asks/${next}/answer`, {
        method: 'POST',
        body: JSON.stringify({ behavior: 'allow', code: await b.codeOf(next) }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(r.status).toBe(200);
      expect((await again).hookSpecificOutput?.permissionDecision).toBe('allow');
    } finally {
      b.child.kill('SIGTERM');
    }
  }, 90_000);

  it('one serve per SQLite store: a second serve on the same store refuses to start and says which store; once the first has stopped, it starts', async () => {
    const first = await serve([]);
    let exited: Promise<unknown> | undefined;
    try {
      const second = spawnSync(
        process.execPath,
        programArgs('toolgate', ['serve', '--listen', '127.0.0.1:0', '--store', `sqlite:${store}`, '--project', project, '--home', home]),
        { cwd: project, encoding: 'utf8', env: env(), timeout: 30_000 },
      );
      expect(second.status).not.toBe(0);
      expect(second.stdout).not.toContain('listening');
      expect(second.stderr).toContain(`another toolgate serve is serving the store ${store}`);
      // The first still decides, and its recorded address is still its own.
      expect((await hook(first.url, event('git status'))).hookSpecificOutput?.permissionDecision).toBe('allow');
      expect(readFileSync(join(dir, 'xdg', 'toolgate', 'serve-address'), 'utf8')).toContain(first.url);
    } finally {
      exited = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGTERM');
    }
    await exited;
    const again = await serve([]);
    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));
  }, 90_000);

  it('prints the hook config: onFailure block, a timeout above the hold, the hook token header with --hook-token-file (never the token that answers)', () => {
    const r = cli(['serve', '--print-hook-config', '--listen', '127.0.0.1:7370', '--hold-timeout', '100']);
    expect(r.code).toBe(0);
    const config = JSON.parse(r.out) as { hooks: Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]> };
    expect(Object.keys(config.hooks)).toEqual(['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PostToolUseFailure', 'Stop']);
    const facts = {
      headers: {
        'X-Toolgate-Project': '${CLAUDE_PROJECT_DIR}',
        'X-Toolgate-Shell': SHELL_HEADER_TEMPLATE,
        'X-Toolgate-Env': environmentHeaderTemplate(),
      },
      allowedEnvVars: ['CLAUDE_PROJECT_DIR', 'CLAUDE_CODE_SHELL', 'SHELL', ...ENVIRONMENT_FACT_NAMES],
    };
    expect(config.hooks['PreToolUse']?.[0]?.hooks[0]).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:7370/hooks/claude-code',
      timeout: 110,
      onFailure: 'block',
      ...facts,
    });
    expect(config.hooks['PermissionRequest']?.[0]?.hooks[0]).toMatchObject({ onFailure: 'block', timeout: 110 });
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'a-token-of-enough-length', { mode: 0o600 });
    const t = JSON.parse(cli(['serve', '--print-hook-config', '--token-file', tokenFile]).out) as typeof config;
    expect(t.hooks['PreToolUse']?.[0]?.hooks[0]).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:7370/hooks/claude-code',
      timeout: 600,
      onFailure: 'block',
      ...facts,
    });
    const team = cli([
      'serve',
      '--print-hook-config',
      '--listen',
      'toolgate.example:7370',
      '--token-file',
      tokenFile,
      '--hook-token-file',
      `${tokenFile}-hook`,
    ]);
    expect(JSON.parse(team.out).hooks['PreToolUse'][0].hooks[0]).toMatchObject({
      url: 'http://toolgate.example:7370/hooks/claude-code',
      headers: { Authorization: 'Bearer $TOOLGATE_HOOK_TOKEN', ...facts.headers },
      allowedEnvVars: ['TOOLGATE_HOOK_TOKEN', ...facts.allowedEnvVars],
    });
    const bare = cli(['serve', '--print-hook-config', '--listen', 'toolgate.example:7370', '--token-file', tokenFile]);
    expect(bare.code).toBe(2);
    expect(bare.err).toMatch(/--hook-token-file/);
  }, 30_000);

  it.each([
    [['serve', '--listen', '0.0.0.0:0', '--store', 'memory:'], /needs a token/],
    [['serve', '--store', 'mysql://x'], /unknown store address/],
    [['serve', '--listen', 'nope'], /--listen must be HOST:PORT/],
    [['serve', '--hold-timeout', '-1'], /--hold-timeout must be a positive number/],
    [['serve', '--print-hook-config', '--listen', '127.0.0.1:0'], /needs a fixed port/],
    [['asks', 'answer', 'x', 'maybe', '--code', 'x'], /allow or deny/],
    [
      ['serve', '--store', 'memory:', '--grant-ttl', 'session=12'],
      /--grant-ttl: pair 1 "session=12": the span must be a positive whole number/,
    ],
    [['serve', '--store', 'memory:', '--grant-ttl', 'forever=1d'], /the scope must be one of once, session, project, user/],
    [
      ['asks', 'answer', 'x', 'allow', '--code', 'x', '--remember', 'project', '--scope', 'session'],
      /--remember project and --scope session disagree/,
    ],
    [['audit', 'export', '--since', 'yesterday-ish', '--store', 'memory:'], /neither a date/],
  ])(
    '%j is a usage error',
    (args, message) => {
      const r = cli(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    },
    30_000,
  );
});

describe('toolgate audit', () => {
  it('tails and exports what serve recorded', () => {
    const tail = cli(['audit', 'tail', '-n', '5', '--store', `sqlite:${store}`]);
    expect(tail.code).toBe(0);
    expect(tail.out.trim().split('\n').length).toBeGreaterThan(0);
    expect(tail.out).toMatch(/PreToolUse/);
    const exported = cli(['audit', 'export', '--since', '1h', '--store', `sqlite:${store}`]);
    const lines = exported.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; behavior?: string; answerer?: string });
    expect(lines.some((e) => e.event === 'PreToolUse' && e.behavior === 'deny')).toBe(true);
    expect(lines.some((e) => e.event === 'answer' && e.answerer === 'token')).toBe(true);
    expect(cli(['audit', 'export', '--since', '2999-01-01', '--store', `sqlite:${store}`]).out).toBe('');
  }, 30_000);
});

describe('flag readers', () => {
  it('reads --listen', () => {
    expect(parseListen('127.0.0.1:7370')).toEqual({ host: '127.0.0.1', port: 7370 });
    expect(parseListen('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(parseListen('8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(() => parseListen('host:99999')).toThrow();
  });
  it('reads --since', () => {
    expect(parseWhen('2h', 10_000_000)).toBe(10_000_000 - 7_200_000);
    expect(parseWhen('2026-01-31T09:00:00Z')).toBe(Date.UTC(2026, 0, 31, 9));
  });
});
