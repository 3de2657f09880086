/**
 * A gated agent must neither run its own `toolgate serve` on the person's store, nor answer its
 * own asks with the CLI in any spelling, nor name serve's files inside code toolgate reads as
 * data (SQL given to `sqlite3`). Decided by serve's policy in bypassPermissions and under `Bash(*)`.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionOf, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let star: string;
let bypass: string;
let state: string;
let tg: string;

beforeAll(async () => {
  sb = sandbox();
  star = sb.project('star', { permissions: { allow: ['Bash(*)'] } });
  bypass = sb.project('bypass');
  // A link made before (by the person, or in an earlier session): the SQL names the store through it.
  for (const p of [star, bypass]) symlinkSync(join(sb.root, 'state', 'toolgate'), join(p, 'st'));
  state = join(sb.root, 'state', 'toolgate');
  mkdirSync(state, { recursive: true });
  // The project's scripts, as a package runner finds them.
  for (const p of [star, bypass])
    writeFileSync(
      join(p, 'package.json'),
      JSON.stringify({ scripts: { dev: 'toolgate serve --listen 127.0.0.1:0', test: 'vitest run', serve: 'vite preview' } }),
    );
  tg = join(sb.root, 'tg');
  mkdirSync(join(tg, 'dist', 'cli'), { recursive: true });
  writeFileSync(join(tg, 'dist', 'cli', 'main.js'), '');
  const tokenFile = join(state, 'serve-token');
  writeFileSync(tokenFile, 'correct-horse-battery-staple-42\n', { mode: 0o600 });
  s = await start(sb, {
    projects: [star, bypass],
    tokenFile,
    storeFile: join(state, 'toolgate.db'),
    addressFile: join(state, 'serve-address'),
    holdTimeoutSeconds: 5,
  });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const decide = async (command: string) => {
  const out: string[] = [];
  for (const [project, mode] of [
    [star, 'default'],
    [bypass, 'bypassPermissions'],
  ] as const) {
    const r = await s.hook(preToolUse(project, 'Bash', { command }, { permission_mode: mode, session_id: `sp-${mode}` }));
    out.push(
      `${decisionOf(r.body)}${decisionOf(r.body) === 'deny' && !/toolgate serve/.test(reasonOf(r.body) ?? '') ? ' (not the self-guard)' : ''}`,
    );
  }
  return out;
};

describe('the agent runs no toolgate serve and no answer command of its own', () => {
  it.each([
    () => 'toolgate serve --listen 127.0.0.1:47001 --token-file /tmp/mine',
    () => 'toolgate --no-color serve',
    () => 'npx toolgate@0.1.0 serve --listen 127.0.0.1:0 &',
    () => `node ${tg}/dist/cli/main.js serve`,
    () => `node ${tg}/dist/cli/../cli/main.js asks answer a allow --code X`,
    () => `node ${tg}/dist/cli/./main asks answer a allow`,
    () => `${tg}/dist/cli/main.js asks answer a allow --code X`,
    () => `cd ${tg}/dist/cli && node main.js asks answer a allow`,
    () => `cd ${tg}/dist && node cli/main.js serve`,
    () => `cd ${tg}/dist/cli && ./main.js serve`,
    () => 'touch answer; toolgate asks answe? a allow --code X',
    () => 'toolgate asks an*er a allow',
    () => 'toolgate asks [a]nswer a allow',
    () => 'toolgate s?rve',
    () => `node ${tg}/dist/c*/main.js asks answer a allow`,
    () => `toolgate asks list --store ${state}/toolgate.db`,
  ])('%s is denied', async (command) => {
    expect(await decide(command())).toEqual(['deny', 'deny']);
  });

  it('leaves other toolgate commands and globs that cannot match to the policy', async () => {
    for (const command of [
      'toolgate asks list',
      'toolgate check Bash serve',
      'npx serve',
      'ls *.md',
      `node ${tg}/dist/cli/main.js asks show a`,
      'toolgate asks ans?x a',
    ]) {
      expect(await decide(command), command).toEqual(['allow', 'allow']);
    }
  });
});

describe("package runners are judged by what they run: each spelling that may run the CLI's serve or answer command is denied", () => {
  it.each([
    'pnpm --silent exec toolgate serve --token-file src/tok --listen 127.0.0.1:7496',
    'pnpm -s exec toolgate serve',
    'pnpm -C sub exec toolgate serve',
    'pnpm --filter app exec toolgate serve',
    'pnpm -w exec toolgate serve',
    'pnpm -r exec toolgate serve',
    'pnpm -s toolgate serve',
    'pnpm run toolgate serve',
    'pnpm toolgate asks answer ask_x allow --code AAAA-BBBB',
    'pnpm --package=toolgate dlx toolgate serve',
    'yarn toolgate serve',
    'yarn run -T toolgate serve',
    'yarn node node_modules/toolgate/dist/cli/main.js serve',
    'yarn -s exec toolgate serve',
    'yarn --silent toolgate serve',
    'yarn workspace p toolgate serve',
    'npm --offline exec toolgate serve',
    'npm -s exec toolgate serve',
    'npm -s exec -- toolgate serve --token-file src/tok',
    'npm x toolgate serve',
    'npm explore toolgate -- node dist/cli/main.js serve',
    'deno run -A npm:toolgate serve',
    'deno run -A npm:toolgate@0.1.0 asks answer a allow --code X',
    'deno x npm:toolgate serve',
    'volta run toolgate serve',
    'volta run --node 20 node node_modules/toolgate/dist/cli/main.js serve',
    'nvm exec 20 node node_modules/toolgate/dist/cli/main.js serve',
    'fnm exec -- toolgate serve',
    'corepack pnpm toolgate serve',
    'corepack yarn toolgate serve',
    'corepack pnpm dlx toolgate serve',
    'npx git+file:///path/to/toolgate serve',
    'npm run dev',
    'pnpm dev',
  ])('%s is denied in every mode', async (command) => {
    expect(await decide(command)).toEqual(['deny', 'deny']);
  });

  it('leaves runners that run something else to the policy', async () => {
    for (const command of [
      'npm install serve',
      'pnpm add serve',
      'npx serve',
      'pnpm exec vite serve',
      'pnpm vite serve',
      'npm run serve',
      'npm test -- serve',
      'pnpm toolgate grants list',
      'corepack enable',
    ]) {
      expect(await decide(command), command).toEqual(['allow', 'allow']);
    }
  });
});

describe("a command whose words name serve's files is denied, SQL included", () => {
  it.each([
    () => `sqlite3 :memory: "attach '${state}/toolgate.db' as s; select count(*) from s.asks"`,
    () => `sqlite3 :memory: "select readfile('${state}/serve-token')"`,
    () => `sqlite3 :memory: '.shell cat ${state}/serve-token'`,
    () => `sqlite3 :memory: <<'SQL'\nattach '${state}/toolgate.db' as s;\nupdate s.asks set state='answered';\nSQL`,
    () => `echo "select readfile('${state}/serve-token');" | sqlite3`,
    () => `cd ${state} && sqlite3 :memory: "attach 'toolgate.db' as s"`,
    () => `cd ${sb.root} && sqlite3 :memory: "attach 'state/toolgate/../toolgate/toolgate.db' as s"`,
    () => `sqlite3 :memory: "attach '${state}/toolgate.db-wal' as s"`,
    () => `sqlite3 :memory: "attach 'st/toolgate.db' as s"`,
    () => `echo http://127.0.0.1:1 > x; sqlite3 :memory: "select writefile('${state}/serve-address', readfile('x'))"`,
  ])('%s', async (command) => {
    expect(await decide(command())).toEqual(['deny', 'deny']);
  });

  it('leaves SQL that names other files to the policy', async () => {
    expect(await decide(`sqlite3 :memory: "attach '${sb.root}/other.db' as s"`)).toEqual(['allow', 'allow']);
    expect(await decide(`sqlite3 :memory: "select readfile('serve-token')"`)).toEqual(['allow', 'allow']);
  });
});

describe('the agent changes grants only in ways that narrow them', () => {
  it.each([
    () => "toolgate grants add 'Bash(*)'",
    () => 'toolgate gr?nts grant x',
    () => 'toolgate grants re*',
    () => `node ${tg}/dist/cli/main.js grants extend g1`,
    () => 'npx toolgate@0.1.0 --no-color grants widen g1',
  ])('%s (a grants subcommand not known to read or narrow) is denied in every mode', async (command) => {
    expect(await decide(command())).toEqual(['deny', 'deny']);
  });

  it('leaves listing, showing, revoking and pruning to the policy: they never widen what grants answer', async () => {
    for (const command of [
      'toolgate grants list',
      'toolgate grants show g1',
      'toolgate grants revoke g1 g2',
      'toolgate grants prune --before 30d',
      'toolgate grants',
      'toolgate asks show grants',
    ]) {
      expect(await decide(command), command).toEqual(['allow', 'allow']);
    }
  });
});
