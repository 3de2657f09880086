import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type NewGrant } from '../../src/store/index.js';
import { newAsk } from '../store/suite.js';
import { programArgs } from '../support/programs/run.js';

let dir: string;
let store: string;
let settings: string;
const HOUR = 3_600_000;

function cli(args: string[]) {
  const r = spawnSync(process.execPath, programArgs('toolgate', [...args]), {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, HOME: join(dir, 'home'), XDG_STATE_HOME: join(dir, 'xdg') },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const json = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-grants-cli-')));
  store = join(dir, 'state', 'toolgate.db');
  settings = join(dir, 'p', '.claude', 'settings.local.json');
  mkdirSync(join(dir, 'p', '.claude'), { recursive: true });
  writeFileSync(
    settings,
    `${JSON.stringify({ permissions: { allow: ['Bash(ls *)', 'Bash(git push *)'], deny: ['Bash(rm *)'] } }, null, 2)}\n`,
  );
  const s = await openSqliteStore({ file: store });
  const now = Date.now();
  await s.parkAsk(newAsk('a1', { projectDir: '/p/one', sessionId: 's1' }));
  const base = { grantedBy: 'alice', askId: 'a1', projectDir: '/p/one' };
  const grants: NewGrant[] = [
    {
      ...base,
      id: 'g-session',
      scope: 'session',
      sessionId: 's1',
      rule: 'Bash(npm test *)',
      createdAt: now - 3 * HOUR,
      expiresAt: now + 9 * HOUR,
    },
    { ...base, id: 'g-project', scope: 'project', rule: 'Bash(make *)', createdAt: now - 2 * HOUR },
    { ...base, id: 'g-expired', scope: 'project', rule: 'Bash(npm test *)', createdAt: now - 5 * HOUR, expiresAt: now - HOUR },
    { ...base, id: 'g-user', scope: 'user', rule: 'Bash(terraform plan *)', createdAt: now - HOUR, expiresAt: now + 7 * 24 * HOUR },
  ];
  await s.answerAsk(
    'a1',
    { answer: { behavior: 'allow', remember: true }, scope: 'project', answerer: 'alice', answeredAt: now - 3 * HOUR },
    grants,
  );
  await s.recordGrant({
    id: 'f-here',
    scope: 'project',
    projectDir: join(dir, 'p'),
    rule: 'Bash(git push *)',
    grantedBy: 'bob',
    createdAt: now - 10,
    settingsFile: settings,
  });
  await s.recordGrant({
    id: 'f-away',
    scope: 'project',
    projectDir: '/elsewhere',
    rule: 'Bash(curl *)',
    grantedBy: 'bob',
    createdAt: now - 20,
    settingsFile: '/elsewhere/.claude/settings.local.json',
  });
  await s.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolgate grants', () => {
  it('a reader that closes early (`| head -c 300`) ends the command quietly: no stack trace, the status of a closed pipe', async () => {
    const child = spawn(
      process.execPath,
      programArgs('toolgate', ['grants', 'list', '--store', `sqlite:${store}`, '--json', '--state', 'all']),
      { cwd: dir, env: { ...process.env, HOME: join(dir, 'home'), XDG_STATE_HOME: join(dir, 'xdg') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    // Read nothing and close at once, as `head -c 0` would: every write meets a closed pipe.
    child.stdout.destroy();
    const status = await new Promise<number | null>((ok) => child.once('close', (code) => ok(code)));
    expect(err).toBe('');
    expect(status).toBe(141);
  }, 30_000);

  it('lists the active grants, newest first, with filters; settings-file rules say where they are', () => {
    const all = cli(['grants', 'list', '--store', `sqlite:${store}`, '--json']);
    expect(all.code).toBe(0);
    expect(json(all.out).map((g) => g['id'])).toEqual(['f-here', 'f-away', 'g-user', 'g-project', 'g-session']);
    const here = json(all.out).find((g) => g['id'] === 'f-here');
    expect(here?.['settingsFile']).toEqual({ path: settings, here: true, note: `in ${settings}: revoking removes the rule from the file` });
    expect(json(all.out).find((g) => g['id'] === 'f-away')?.['settingsFile']).toMatchObject({
      here: false,
      note: expect.stringMatching(/written by Claude Code .*: remove by hand/),
    });
    const ids = (args: string[]) => json(cli(['grants', 'list', '--store', `sqlite:${store}`, '--json', ...args]).out).map((g) => g['id']);
    expect(ids(['--session', 's1'])).toEqual(['g-session']);
    expect(ids(['--project', '/p/one'])).toEqual(['g-user', 'g-project', 'g-session']);
    // A root as a person types it — relative to where they stand, or with a trailing slash — is the root serve recorded.
    expect(ids(['--project', '/p/one/'])).toEqual(['g-user', 'g-project', 'g-session']);
    expect(ids(['--project', 'p'])).toEqual(['f-here']);
    expect(ids(['--rule', 'Bash(npm test *)'])).toEqual(['g-session']);
    expect(ids(['--rule', 'Bash(npm test *)', '--state', 'all'])).toEqual(['g-session', 'g-expired']);
    expect(ids(['--expired'])).toEqual(['g-expired']);
    expect(ids(['--scope', 'user'])).toEqual(['g-user']);
    const text = cli(['grants', 'list', '--store', `sqlite:${store}`, '--scope', 'session']);
    expect(text.out).toMatch(/^g-session +active +session +Bash\(npm test \*\) +project \/p\/one +session s1 +by alice +expires in 9h\n$/);
  });

  it('refuses filters that disagree', () => {
    const r = cli(['grants', 'list', '--store', `sqlite:${store}`, '--active', '--expired']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/choose one of --active, --expired and --state/);
  });

  it('shows one grant, and says so for an unknown one', () => {
    const r = cli(['grants', 'show', 'g-user', '--store', `sqlite:${store}`]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^grant g-user \(active\)\n {2}rule: {5}Bash\(terraform plan \*\)\n {2}scope: {4}user \(every project serve trusts\)\n/,
    );
    expect(r.out).toMatch(/ask: {6}a1/);
    const missing = cli(['grants', 'show', 'nope', '--store', `sqlite:${store}`]);
    expect([missing.code, missing.err]).toEqual([1, 'toolgate: no grant with id nope\n']);
  });

  it('revokes: a stored grant at once; a settings-file rule here is removed from the file, one elsewhere is left to remove by hand', () => {
    const r = cli(['grants', 'revoke', 'g-project', 'f-here', '--store', `sqlite:${store}`, '--json']);
    expect(r.code).toBe(0);
    expect(json(r.out).map((x) => x['code'])).toEqual(['revoked', 'revoked']);
    const file = JSON.parse(readFileSync(settings, 'utf8')) as { permissions: { allow: string[]; deny: string[] } };
    expect(file.permissions).toEqual({ allow: ['Bash(ls *)'], deny: ['Bash(rm *)'] });
    const away = cli(['grants', 'revoke', 'f-away', 'nope', 'g-project', '--store', `sqlite:${store}`]);
    expect(away.code).toBe(1);
    expect(away.err).toMatch(
      /grant f-away is the rule Bash\(curl \*\) written by Claude Code to \/elsewhere\/\.claude\/settings\.local\.json, which is not on this machine: remove it from permissions\.allow by hand\n/,
    );
    expect(away.err).toMatch(/no grant with id nope/);
    expect(away.out).toMatch(/grant g-project was already revoked/);
    const listed = json(cli(['grants', 'list', '--store', `sqlite:${store}`, '--json']).out).map((g) => g['id']);
    expect(listed).toEqual(['f-away', 'g-user', 'g-session']);
    expect(json(cli(['grants', 'list', '--store', `sqlite:${store}`, '--json', '--state', 'revoked']).out).map((g) => g['id'])).toEqual([
      'f-here',
      'g-project',
    ]);
  });

  it('audits each revocation as the API does: which grant, where, who (the OS user); one that changed nothing is not recorded', async () => {
    const s = await openSqliteStore({ file: store });
    try {
      const entries = (await s.readAudit({})).filter((e) => e.event === 'grantRevoked');
      expect(entries.map((e) => [e.detail?.split(',')[0], e.ruleText, e.projectDir]).sort()).toEqual([
        ['grant f-here', 'Bash(git push *)', join(dir, 'p')],
        ['grant g-project', 'Bash(make *)', '/p/one'],
      ]);
      for (const e of entries) expect(e.answerer).toMatch(/^cli(:.+)?$/);
      expect(entries.find((e) => e.detail?.startsWith('grant g-project'))).toMatchObject({
        askId: 'a1',
        reason: expect.stringMatching(/^revoked grant g-project/),
      });
    } finally {
      await s.close();
    }
  });

  it('prunes what was revoked, spent or expired before a time; active grants stay', () => {
    const r = cli(['grants', 'prune', '--store', `sqlite:${store}`, '--json']);
    expect(r.code).toBe(0);
    expect(json(r.out)[0]).toMatchObject({ pruned: 3 });
    expect(json(cli(['grants', 'list', '--store', `sqlite:${store}`, '--json', '--state', 'all']).out).map((g) => g['id'])).toEqual([
      'f-away',
      'g-user',
      'g-session',
    ]);
    expect(cli(['grants', 'prune', '--store', `sqlite:${store}`, '--before', '1h']).out).toMatch(
      /^pruned 0 grants revoked, spent or expired before /,
    );
  });

  it('audits a prune that deleted grants (how many, before when, who), and not one that deleted none', async () => {
    const s = await openSqliteStore({ file: store });
    try {
      const pruned = (await s.readAudit({})).filter((e) => e.event === 'grantsPruned');
      expect(pruned).toEqual([
        expect.objectContaining({
          answerer: expect.stringMatching(/^cli(:.+)?$/),
          reason: expect.stringMatching(/^deleted 3 grants revoked, spent or expired before \d{4}-/),
        }),
      ]);
    } finally {
      await s.close();
    }
  });
});
