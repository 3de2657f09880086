import { createHmac } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ANSWER_CODE_TRIES, createAnswerCodes } from '../../src/serve/answer-code.js';
import { createAuth, isLoopbackAddress } from '../../src/serve/auth.js';
import { createServe } from '../../src/serve/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

const TOKEN = 'correct-horse-battery-staple-42';
let sb: Sandbox;
let s: Running;
let project: string;
let tokenFile: string;
let storeFile: string;
let addressFile: string;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('guarded', {
    permissions: { allow: ['Bash(curl *)', 'Bash(cat *)', 'Bash(toolgate *)', 'Bash(sqlite3 *)', 'Bash(node *)', 'WebFetch'] },
  });
  tokenFile = join(sb.root, 'token');
  writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
  storeFile = join(sb.root, 'state', 'guarded.db');
  addressFile = join(sb.root, 'state', 'serve-address');
  s = await start(sb, { projects: [project], token: TOKEN, tokenFile, storeFile, addressFile, holdTimeoutSeconds: 5 });
  writeFileSync(addressFile, `${s.url}\n`, { mode: 0o600 });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

describe("answering needs a credential and the ask's one-time code", () => {
  it('refuses an answer without the token or with a wrong one, even from loopback; reading stays open on loopback', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'tok-1' }));
    const list = await eventually(async () => {
      const r = await s.api('GET', '/v1/asks?session=tok-1');
      return (r.body['asks'] as { id: string }[]).length > 0 ? r : undefined;
    });
    expect(list.status).toBe(200);
    const id = (list.body['asks'] as { id: string }[])[0]?.id as string;
    const code = s.codeOf(id);
    const none = await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code });
    expect(none.status).toBe(401);
    expect(none.body['error']).toMatch(/needs the token/);
    expect(
      (await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code }, { authorization: 'Bearer wrong-token-wrong-token' }))
        .status,
    ).toBe(401);
    // Neither the API nor its event stream shows the code.
    expect(JSON.stringify((await s.api('GET', `/v1/asks/${id}`, undefined, { authorization: `Bearer ${TOKEN}` })).body)).not.toContain(
      code,
    );
    const ok = await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code }, { authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ answer: { answerer: 'token' } });
    const released = (await held).body;
    expect(decisionOf(released)).toBe('allow');
    // Who answered is named by the credential: serve's token, not "a person".
    expect(reasonOf(released)).toMatch(/approved by the holder of serve's token/);
    const entries = await eventually(async () => {
      const all = await s.store.readAudit({ sessionId: 'tok-1' });
      return all.some((e) => e.event === 'answer') ? all : undefined;
    });
    expect(entries.find((e) => e.event === 'answer')).toMatchObject({
      answerer: 'token',
      reason: "approved by the holder of serve's token (the API or `toolgate asks answer`)",
    });
  });

  it('refuses the token without the code, with a wrong code or with the code of another ask; and a free-text answerer name', async () => {
    const held = [
      s.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag a' }, { session_id: 'code-1' })),
      s.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag b' }, { session_id: 'code-2' })),
    ];
    const [a, b] = await Promise.all(
      ['code-1', 'code-2'].map((session) => eventually(async () => (await s.store.listAsks({ sessionId: session }))[0]?.id)),
    );
    const as = { authorization: `Bearer ${TOKEN}` };
    const tries = [
      await s.api('POST', `/v1/asks/${a}/answer`, { behavior: 'allow' }, as),
      await s.api('POST', `/v1/asks/${a}/answer`, { behavior: 'allow', code: 'AAAA-AAAA' }, as),
      await s.api('POST', `/v1/asks/${a}/answer`, { behavior: 'allow', code: s.codeOf(b as string) }, as),
      await s.api('POST', `/v1/asks/${a}/answer`, { behavior: 'allow', code: s.codeOf(a as string), answerer: 'dana' }, as),
    ];
    expect(tries.map((t) => t.status)).toEqual([400, 403, 403, 400]);
    expect(tries[1]?.body['error']).toMatch(/not the answer code/);
    expect(tries[3]?.body['error']).toMatch(/unknown field\(s\) "answerer"/);
    expect((await s.store.getAsk(a as string))?.state).toBe('pending');
    // The code is case- and dash-blind, as a person types it.
    expect(
      (
        await s.api(
          'POST',
          `/v1/asks/${a}/answer`,
          {
            behavior: 'deny',
            code: s
              .codeOf(a as string)
              .toLowerCase()
              .replace('-', ' '),
          },
          as,
        )
      ).status,
    ).toBe(200);
    expect((await s.answer(b as string, { behavior: 'deny' })).status).toBe(200);
    await Promise.all(held);
  });

  it('records a named answerer by its own name; serve announces each ask with its code', async () => {
    const alice = 'alice-token-0123456789abcdef';
    const t = await start(sb, { projects: [project], token: TOKEN, answerers: new Map([['alice', alice]]), holdTimeoutSeconds: 5 });
    try {
      const held = t.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'alice-1' }));
      const id = await eventually(async () => (await t.store.listAsks({ sessionId: 'alice-1' }))[0]?.id);
      expect(t.announced.join('\n')).toMatch(new RegExp(`ask ${id} waits \\(Bash\\); its answer code is [2-9A-Z]{4}-[2-9A-Z]{4}$`));
      const r = await t.answer(id, { behavior: 'allow' }, alice);
      expect(r.body).toMatchObject({ answer: { answerer: 'alice' } });
      expect(reasonOf((await held).body)).toMatch(/approved by answerer alice \(their own token\)/);
    } finally {
      await t.stop();
    }
  });
});

describe('the one-time code is drawn at random per ask, kept sealed, spent once and locked after a few tries', () => {
  const as = { authorization: `Bearer ${TOKEN}` };
  const parkOne = async (session: string, command = 'npm publish') => {
    const held = s.hook(preToolUse(project, 'Bash', { command }, { session_id: session }));
    const id = await eventually(async () => (await s.store.listAsks({ sessionId: session }))[0]?.id);
    await eventually(() => (s.announced.some((l) => l.includes(`ask ${id} waits`)) ? true : undefined));
    return { id, held };
  };

  it('a reader of the token file cannot work it out: the code as HMAC(token, ask id) is refused, and neither the token file nor the store file holds the code', async () => {
    const { id, held } = await parkOne('rand-1');
    // The derivation the code used to have: whoever read the token had every code.
    const mac = createHmac('sha256', TOKEN).update(`toolgate answer code v1\n${id}`).digest();
    let derived = '';
    for (let i = 0; i < 8; i++) derived += '23456789ABCDEFGHJKMNPQRSTVWXYZ'[(mac[i] as number) % 30];
    const code = s.codeOf(id);
    expect(code.replace('-', '')).not.toBe(derived);
    const r = await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code: derived }, as);
    expect(r.status).toBe(403);
    expect((await s.store.getAsk(id))?.state).toBe('pending');
    const files = [tokenFile, storeFile, `${storeFile}-wal`].map((f) => {
      try {
        return readFileSync(f).toString('latin1');
      } catch {
        return '';
      }
    });
    for (const text of files) expect(text.includes(code.replace('-', '')) || text.includes(code)).toBe(false);
    // Two servers with the same token draw different codes for the same ask id: nothing derives them.
    const issued = new Set(Array.from({ length: 20 }, () => createAnswerCodes(TOKEN, s.store).issue(id).code));
    expect(issued.size).toBeGreaterThan(15);
    expect((await s.answer(id, { behavior: 'deny' })).status).toBe(200);
    await held;
  });

  it(`locks after ${ANSWER_CODE_TRIES} tries: the right code is then refused too, the ask stays held, the audit records every refusal`, async () => {
    const { id, held } = await parkOne('rand-2');
    const code = s.codeOf(id);
    const wrong = code.startsWith('2') ? `3${code.slice(1)}` : `2${code.slice(1)}`;
    const statuses: number[] = [];
    for (let i = 0; i < ANSWER_CODE_TRIES; i++)
      statuses.push((await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code: wrong }, as)).status);
    expect(statuses).toEqual(Array(ANSWER_CODE_TRIES).fill(403));
    const late = await s.api('POST', `/v1/asks/${id}/answer`, { behavior: 'allow', code }, as);
    expect(late.status).toBe(403);
    expect(late.body['error']).toMatch(/locked after 5 tries/);
    expect((await s.store.getAsk(id))?.state).toBe('pending');
    const refused = await eventually(async () => {
      const all = (await s.store.readAudit({ askId: id })).filter((e) => e.event === 'answerRefused');
      return all.length === ANSWER_CODE_TRIES + 1 ? all : undefined;
    });
    expect(refused.every((e) => e.answerer === 'token' && e.askId === id && e.tool === 'Bash')).toBe(true);
    expect(refused.at(-1)?.reason).toMatch(/locked/);
    expect(refused[0]?.reason).toMatch(/not the answer code .*\(4 tries left\)/);
    // The page still answers it.
    const [record] = await s.store.answerCodes([id]);
    expect(record !== undefined && s.serve.context.codes.shown(record)).toBe(undefined);
    expect(
      (await s.store.answerAsk(id, { answer: { behavior: 'deny' }, scope: 'once', answerer: 'page:test', answeredAt: Date.now() })).ok,
    ).toBe(true);
    await held;
  });

  it('is spent by the answer it gives: the same code answers nothing twice, and a code sealed under another token opens nowhere', async () => {
    const { createMemoryStore } = await import('../../src/store/index.js');
    const store = createMemoryStore();
    const codes = createAnswerCodes(TOKEN, store);
    const { code, sealed } = codes.issue('ask_x');
    await store.parkAsk({ id: 'ask_x' } as never, { sealed });
    expect(await codes.redeem('ask_x', code.toLowerCase(), 1)).toEqual({ ok: true });
    expect(await codes.redeem('ask_x', code, 2)).toMatchObject({ ok: false, why: 'spent' });
    expect(await codes.redeem('ask_none', code, 2)).toMatchObject({ ok: false, why: 'none' });
    const other = createAnswerCodes('another-token-0123456789', store);
    expect(other.shown({ askId: 'ask_x', sealed, tries: 0 })).toBeUndefined();
    expect(codes.shown({ askId: 'ask_x', sealed, tries: 0 })).toBe(code);
    // Bound to its ask: the sealed code of one ask does not open as another's.
    expect(codes.shown({ askId: 'ask_y', sealed, tries: 0 })).toBeUndefined();
  });
});

describe("serve's built-in protection keeps a gated agent from its token, its store and the answer command, in every mode", () => {
  const call = (tool: string, input: Record<string, unknown>, mode = 'default') =>
    s.hook(preToolUse(project, tool, input, { session_id: 'self-1', permission_mode: mode }));
  const answer = 'asks answer ask_1 allow --code ABCD-EFGH';

  it.each([
    ['reading the token file', () => ['Read', { file_path: tokenFile }]],
    ['cat of the token file', () => ['Bash', { command: `cat ${tokenFile}` }]],
    ['cat of the token file inside bash -c, after timeout', () => ['Bash', { command: `timeout 5 bash -c 'cat ${tokenFile}'` }]],
    ['writing the token file', () => ['Write', { file_path: tokenFile, content: 'mine' }]],
    ['rewriting the address asks answer sends the token to', () => ['Write', { file_path: addressFile, content: 'http://127.0.0.1:1\n' }]],
    ['rewriting the address with a redirection', () => ['Bash', { command: `echo http://127.0.0.1:1 > ${addressFile}` }]],
    ['reading the store', () => ['Read', { file_path: storeFile }]],
    ['sqlite3 on the store', () => ['Bash', { command: `sqlite3 ${storeFile} "update asks set state='answered'"` }]],
    ["sqlite3 on the store's WAL", () => ['Bash', { command: `sqlite3 ${storeFile}-wal .dump` }]],
    ['toolgate asks answer', () => ['Bash', { command: `toolgate ${answer}` }]],
    ['toolgate by path', () => ['Bash', { command: `./node_modules/.bin/toolgate ${answer}` }]],
    ['npx toolgate@V', () => ['Bash', { command: `npx toolgate@0.1.0 ${answer}` }]],
    ['npx --offline', () => ['Bash', { command: `npx --offline toolgate@0.1 ${answer}` }]],
    ['npx -y -p', () => ['Bash', { command: `npx -y -p toolgate@latest toolgate ${answer}` }]],
    ['npx -c', () => ['Bash', { command: `npx -p toolgate -c 'toolgate ${answer}'` }]],
    ['npm exec toolgate@V --', () => ['Bash', { command: `npm exec toolgate@0.1.0 -- ${answer}` }]],
    ['npm exec --package=', () => ['Bash', { command: `npm exec --package=toolgate@0.1.0 -- toolgate ${answer}` }]],
    ['pnpm dlx', () => ['Bash', { command: `pnpm dlx toolgate ${answer}` }]],
    ['yarn dlx', () => ['Bash', { command: `yarn dlx toolgate@0.1.0 ${answer}` }]],
    ['bunx', () => ['Bash', { command: `bunx toolgate ${answer}` }]],
    ['node …/dist/cli/main.js', () => ['Bash', { command: `node ./node_modules/toolgate/dist/cli/main.js ${answer}` }]],
    ['corepack pnpm dlx, inside sh -c', () => ['Bash', { command: `sh -c "corepack pnpm dlx toolgate ${answer}"` }]],
    [
      'quotes, ANSI-C quoting and braces',
      () => ['Bash', { command: `to"ol"gate asks $'\\x61nswer' x allow; toolgate asks ans{w,}er x allow` }],
    ],
  ] as [string, () => [string, Record<string, unknown>]][])('denies %s', async (_what, make) => {
    const [tool, input] = make();
    for (const mode of ['default', 'bypassPermissions', 'acceptEdits']) {
      const r = await call(tool, input, mode);
      expect(decisionOf(r.body), `${mode}: ${reasonOf(r.body)}`).toBe('deny');
    }
  });

  it('denies reading the token file through a symbolic link, and through a hard link made before (same device and inode)', async () => {
    symlinkSync(tokenFile, join(project, 'token-link'));
    linkSync(tokenFile, join(project, 'token-hard'));
    linkSync(storeFile, join(project, 'store-hard'));
    // The links leave with the test: the project's other searches are decided as usual.
    onTestFinished(() => {
      for (const name of ['token-link', 'token-hard', 'store-hard']) rmSync(join(project, name), { force: true });
    });
    for (const [tool, input] of [
      ['Read', { file_path: join(project, 'token-link') }],
      ['Bash', { command: 'cat token-link' }],
      ['Read', { file_path: join(project, 'token-hard') }],
      ['Bash', { command: 'cat token-hard' }],
      ['Bash', { command: 'cp token-hard /tmp/x' }],
      ['Edit', { file_path: join(project, 'token-hard'), old_string: 'a', new_string: 'b' }],
      ['Bash', { command: "sqlite3 store-hard 'select * from asks'" }],
    ] as const) {
      const r = await call(tool, input, 'bypassPermissions');
      expect(decisionOf(r.body), `${tool} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
    }
    expect(reasonOf((await call('Bash', { command: 'cat token-hard' })).body)).toMatch(/another name of .*token \(the same file\)/);
  });

  it('keeps the recorded address readable: no chmod/chown of its directory or an ancestor up to home, no entry made or removed in it (red team H8)', async () => {
    const state = join(sb.root, 'state');
    for (const [tool, input] of [
      ['Bash', { command: `chmod 000 ${state}` }],
      ['Bash', { command: `chmod 500 ${state}` }],
      ['Bash', { command: `chown nobody ${state}` }],
      ['Bash', { command: `touch ${join(state, 'x')}` }],
      ['Bash', { command: `mkdir ${join(state, 'other')}` }],
      ['Bash', { command: `rm -f ${join(state, 'stale')}` }],
      ['Bash', { command: `cd ${state} && touch y` }],
      ['Write', { file_path: join(state, 'notes'), content: 'x' }],
    ] as const) {
      for (const mode of ['default', 'bypassPermissions']) {
        const r = await call(tool, input, mode);
        expect(decisionOf(r.body), `${mode} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
        expect(reasonOf(r.body)).toMatch(/records its address/);
      }
    }
  });

  it("keeps the ancestors of the record's directory up to home: their own mode and owner; copying into them is decided as usual", async () => {
    writeFileSync(join(project, 'README.md'), 'x\n');
    const s2 = await start(sb, {
      projects: [project],
      token: TOKEN,
      addressFile: join(sb.home, '.local', 'state', 'toolgate', 'serve-address'),
    });
    try {
      const hook = (command: string) =>
        s2.hook(preToolUse(project, 'Bash', { command }, { session_id: 'dir-2', permission_mode: 'bypassPermissions' }));
      for (const command of [
        `chmod 000 ${join(sb.home, '.local', 'state')}`,
        `chmod 000 ${join(sb.home, '.local')}`,
        `chmod 000 ${sb.home}`,
        `cd ${join(sb.home, '.local')} && chmod 000 state`,
      ]) {
        const r = await hook(command);
        expect(decisionOf(r.body), `${command}: ${reasonOf(r.body)}`).toBe('deny');
        expect(reasonOf(r.body)).toMatch(/its mode, owner or times/);
      }
      for (const command of [`cp ${join(project, 'README.md')} ${sb.home}/`, `chmod 600 ${join(project, 'README.md')}`]) {
        const r = await hook(command);
        expect(decisionOf(r.body), `${command}: ${reasonOf(r.body)}`).not.toBe('deny');
      }
    } finally {
      await s2.stop();
    }
  });

  it("denies Grep of a directory that holds serve's files and MCP tools whose input names them or a directory holding them, in every mode; other searches and MCP calls are decided as usual (red team H4)", async () => {
    const state = join(sb.root, 'state');
    for (const [tool, input] of [
      ['Grep', { pattern: '.', path: state, output_mode: 'content' }],
      ['Grep', { pattern: '.', path: `${state}/.` }],
      ['Grep', { pattern: '.', path: sb.root, '-n': true }],
      ['Grep', { pattern: '.', path: '../state' }],
      ['Grep', { pattern: '.', path: '/' }],
      ['Grep', { pattern: 'x', path: tokenFile }],
      ['mcp__filesystem__read_text_file', { path: tokenFile }],
      ['mcp__filesystem__read_multiple_files', { paths: [join(project, 'README.md'), storeFile] }],
      ['mcp__filesystem__search_files', { path: sb.root, pattern: 'tok' }],
      ['mcp__filesystem__directory_tree', { path: 'file:///' }],
      ['mcp__filesystem__read_text_file', { path: '../token' }],
    ] as [string, Record<string, unknown>][]) {
      for (const mode of ['default', 'bypassPermissions']) {
        const r = await call(tool, input, mode);
        expect(decisionOf(r.body), `${mode} ${tool} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
      }
    }
    for (const [tool, input] of [
      ['Grep', { pattern: '.', path: project }],
      ['Grep', { pattern: '.' }],
      ['mcp__filesystem__read_text_file', { path: join(project, 'README.md') }],
      ['mcp__github__search_code', { q: 'state token' }],
    ] as [string, Record<string, unknown>][]) {
      const r = await call(tool, input, 'bypassPermissions');
      expect(decisionOf(r.body), `${tool} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('allow');
    }
  });

  it('denies Grep of a directory holding another name (a hard link) of the token or the store, found by walking it; the same directory without them is searched as usual', async () => {
    const dir = join(project, 'other-names');
    mkdirSync(join(dir, 'deep', '.hidden'), { recursive: true });
    writeFileSync(join(dir, 'notes.md'), 'x\n');
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    for (const [file, name] of [
      [tokenFile, join(dir, 'deep', 'copy')],
      [storeFile, join(dir, 'deep', '.hidden', 'db')],
    ] as const) {
      linkSync(file, name);
      for (const input of [{ pattern: '.', path: dir }, { pattern: '.', path: project }, { pattern: '.' }])
        for (const mode of ['default', 'bypassPermissions']) {
          const r = await call('Grep', input, mode);
          expect(decisionOf(r.body), `${mode} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
          expect(reasonOf(r.body)).toContain(`${name}, another name of ${file}`);
        }
      rmSync(name);
    }
    const r = await call('Grep', { pattern: '.', path: dir }, 'bypassPermissions');
    expect(decisionOf(r.body), reasonOf(r.body)).toBe('allow');
  });

  it("refuses only what it names: commands that mention serve's port, other toolgate commands and other programs' answer subcommands are decided as usual", async () => {
    for (const command of [
      `curl localhost:${s.port}/v1/asks`,
      `curl https://example.com/?page=${s.port}`,
      'curl https://example.com/',
      `cat ${join(project, 'README.md')}`,
      'toolgate asks list',
      'toolgate asks show answer',
    ]) {
      const r = await call('Bash', { command });
      expect(decisionOf(r.body), `${command}: ${reasonOf(r.body)}`).toBe('allow');
    }
    expect(decisionOf((await call('WebFetch', { url: `http://localhost:${s.port}/v1/asks`, prompt: 'x' })).body)).toBe('allow');
  });

  it('does not make opaque code a firm ask: node x.js under Bash(node *) is allowed through serve as through toolgate check', async () => {
    const p = project;
    writeFileSync(join(p, 'x.js'), 'console.log(1)');
    const viaServe = await s.hook(preToolUse(p, 'Bash', { command: 'node x.js' }, { session_id: 'opaque-1' }));
    expect(decisionOf(viaServe.body), reasonOf(viaServe.body)).toBe('allow');
    const { evaluate, prepare } = await import('../../src/index.js');
    const { loadSettings } = await import('../../src/settings/index.js');
    const { nodeFileSystem } = await import('../../src/node/index.js');
    await prepare();
    const policy = await loadSettings({
      fs: nodeFileSystem(),
      cwd: p,
      home: sb.home,
      projectDir: p,
      managedPaths: [],
      isProjectTrusted: () => true,
    });
    expect(
      evaluate({ tool: 'Bash', input: { command: 'node x.js' } }, {
        mode: 'default',
        policy,
        cwd: p,
        home: sb.home,
        workingDirectories: [p],
      } as never).behavior,
    ).toBe('allow');
  });
});

describe("serve's own policy files are guarded like its token against writes (red team H3)", () => {
  it('denies Edit, Write and shell writes of a --settings file and of the audit anchor file, by path and through a hard link made before, in every mode; reading them is decided as usual', async () => {
    const dir = sb.project('policy-home', { permissions: { allow: ['Bash(cat *)', 'Bash(sed *)', 'Bash(cp *)'] } });
    mkdirSync(join(dir, 'config'), { recursive: true });
    const policy = join(dir, 'config', 'toolgate-server.json');
    writeFileSync(policy, JSON.stringify({ permissions: { deny: ['Bash(curl *)'] } }));
    const anchorFile = join(dir, 'config', 'anchors.log');
    writeFileSync(anchorFile, '');
    linkSync(policy, join(dir, 'policy-hard'));
    const s3 = await start(sb, { projects: [dir], token: TOKEN, settings: [policy], auditAnchors: { file: anchorFile } });
    try {
      const hook = (tool: string, input: Record<string, unknown>, mode: string) =>
        s3.hook(preToolUse(dir, tool, input, { session_id: 'policy-1', permission_mode: mode }));
      for (const [tool, input] of [
        ['Edit', { file_path: policy, old_string: '"deny":["Bash(curl *)"]', new_string: '"allow":["Bash(*)"]' }],
        ['Write', { file_path: policy, content: '{"permissions":{"allow":["Bash(*)"]}}' }],
        ['Bash', { command: `echo '{}' > ${policy}` }],
        ['Bash', { command: 'sed -i s/deny/allow/ config/toolgate-server.json' }],
        ['Bash', { command: `cp /dev/null ${policy}` }],
        ['Edit', { file_path: join(dir, 'policy-hard'), old_string: 'deny', new_string: 'allow' }],
        ['Bash', { command: 'sed -i s/deny/allow/ policy-hard' }],
        ['Write', { file_path: anchorFile, content: '' }],
      ] as const) {
        for (const mode of ['default', 'acceptEdits', 'bypassPermissions']) {
          const r = await hook(tool, input, mode);
          expect(decisionOf(r.body), `${mode} ${tool} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
        }
      }
      expect(reasonOf((await hook('Bash', { command: 'sed -i s/deny/allow/ policy-hard' }, 'bypassPermissions')).body)).toMatch(
        /the policy toolgate serve decides with/,
      );
      // The server policy still holds, and reading it is no write.
      expect(decisionOf((await hook('Bash', { command: 'curl -s https://example.com' }, 'default')).body)).toBe('deny');
      expect(decisionOf((await hook('Bash', { command: `cat ${policy}` }, 'default')).body)).toBe('allow');
      expect(decisionOf((await hook('Read', { file_path: join(dir, 'policy-hard') }, 'default')).body)).toBe('allow');
    } finally {
      await s3.stop();
    }
  });
});

describe('auth rules', () => {
  const ctx = (address: string | undefined, authorization?: string) =>
    ({
      env: { incoming: { socket: { remoteAddress: address } } },
      req: { header: (n: string) => (n === 'authorization' ? authorization : undefined) },
    }) as unknown as Context;

  it('answering needs the token everywhere, loopback included; anything from off loopback needs it', () => {
    const auth = createAuth({ token: TOKEN });
    expect(auth.check(ctx('127.0.0.1'), 'read')).toEqual({ ok: true, via: 'loopback' });
    expect(auth.check(ctx('127.0.0.1'), 'answer').ok).toBe(false);
    expect(auth.check(ctx('::1'), 'answer').ok).toBe(false);
    expect(auth.check(ctx('::ffff:127.0.0.1', `Bearer ${TOKEN}`), 'answer')).toEqual({ ok: true, via: 'token', principal: 'token' });
    expect(auth.check(ctx('10.1.2.3'), 'read').ok).toBe(false);
    expect(auth.check(ctx('10.1.2.3', `Bearer ${TOKEN}`), 'read').ok).toBe(true);
    expect(auth.check(ctx(undefined), 'read').ok).toBe(false);
  });

  it('named answerers are principals of their own', () => {
    const auth = createAuth({ token: TOKEN, answerers: new Map([['alice', 'alice-token-0123456789']]) });
    expect(auth.check(ctx('10.1.2.3', 'Bearer alice-token-0123456789'), 'answer')).toEqual({
      ok: true,
      via: 'answerer',
      principal: 'alice',
    });
    expect(auth.principal('alice-token-0123456789')).toBe('alice');
    expect(auth.principal(TOKEN)).toBe('token');
    expect(auth.principal('alice')).toBeUndefined();
    expect(() =>
      createServe({ store: createMemoryStore(), token: TOKEN, answerers: new Map([['token', 'x'.repeat(20)]]), log: () => {} }),
    ).toThrow(/name of serve's own token/);
    expect(() =>
      createServe({ store: createMemoryStore(), token: TOKEN, answerers: new Map([['a b', 'x'.repeat(20)]]), log: () => {} }),
    ).toThrow(/letters, digits/);
    expect(() => createServe({ store: createMemoryStore(), token: TOKEN, answerers: new Map([['bob', TOKEN]]), log: () => {} })).toThrow(
      /must differ/,
    );
  });

  it('the hook token asks for decisions from anywhere, and answers and reads nothing', () => {
    const HOOK = 'hook-token-that-agents-can-read';
    const auth = createAuth({ token: TOKEN, hookToken: HOOK });
    expect(auth.check(ctx('10.1.2.3', `Bearer ${HOOK}`), 'decide')).toEqual({ ok: true, via: 'hook' });
    expect(auth.check(ctx('10.1.2.3', `Bearer ${HOOK}`), 'read')).toEqual({
      ok: false,
      message: expect.stringMatching(/only asks for decisions/),
    });
    expect(auth.check(ctx('10.1.2.3', `Bearer ${HOOK}`), 'answer')).toEqual({
      ok: false,
      message: expect.stringMatching(/cannot answer asks/),
    });
    expect(auth.check(ctx('127.0.0.1', `Bearer ${HOOK}`), 'answer').ok).toBe(false);
    expect(auth.check(ctx('10.1.2.3'), 'decide').ok).toBe(false);
    expect(auth.check(ctx('10.1.2.3', `Bearer ${TOKEN}`), 'decide')).toEqual({ ok: true, via: 'token', principal: 'token' });
    expect(createAuth({ token: TOKEN }).check(ctx('10.1.2.3', `Bearer ${HOOK}`), 'decide').ok).toBe(false);
    expect(() => createServe({ store: createMemoryStore(), hookToken: HOOK, log: () => {} } as never)).toThrow(/needs a token/);
    expect(() => createServe({ store: createMemoryStore(), token: 'short', log: () => {} })).toThrow(/at least 16/);
    expect(() => createServe({ store: createMemoryStore(), token: TOKEN, hookToken: TOKEN, log: () => {} })).toThrow(/must differ/);
  });

  it('knows the loopback network', () => {
    expect(['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::', '0.0.0.0', '::ffff:10.0.0.1', '1270.0.0.1'].some(isLoopbackAddress)).toBe(false);
  });
});
