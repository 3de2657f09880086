/**
 * `toolgate audit why ID`: a call's story from the audit log by its tool-use id — the entry, its
 * rule, mode, policy digest and trace — re-decided with today's settings when the stored input is
 * the call's own, refused ("input masked") when secrets were replaced in it.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preToolUse, sandbox, start, type Sandbox } from '../serve/helpers.js';
import { programArgs } from '../support/programs/run.js';

let sb: Sandbox;
let project: string;
let location: string;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('proj', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)'] } });
  const s = await start(sb, { projects: [project] });
  await s.hook(preToolUse(project, 'Bash', { command: 'rm -rf build' }, { tool_use_id: 'toolu_why1' }));
  await s.hook(
    preToolUse(project, 'Bash', { command: 'npm run lint', api_key: 'sk-abcdefghijklmnopqrstuvwx' }, { tool_use_id: 'toolu_why2' }),
  );
  location = s.store.location;
  await s.stop();
});
afterAll(() => sb.cleanup());

const why = (id: string) =>
  spawnSync(process.execPath, programArgs('toolgate', ['audit', 'why', id, '--store', `sqlite:${location}`, '--home', sb.home]), {
    encoding: 'utf8',
    env: { ...process.env, HOME: sb.home },
  });

describe('toolgate audit why', () => {
  it('tells the decision with its rule, mode, digest and trace, and re-decides it with today’s settings', () => {
    const r = why('toolu_why1');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/PreToolUse deny by rules — Bash/);
    expect(r.stdout).toContain(`rule: Bash(rm *) (${project}/.claude/settings.json)`);
    expect(r.stdout).toMatch(/policy digest: [0-9a-f]{64}/);
    expect(r.stdout).toContain('mode: default');
    expect(r.stdout).toMatch(/trace:\n {4}\S+: /);
    expect(r.stdout).toMatch(/today: deny — .*\(rule Bash\(rm \*\)\)/);
    // serve's digest leaves out its guard of its own process and files: unchanged settings are the same policy.
    expect(r.stdout).toMatch(/policy digest [0-9a-f]{64}: the policy that decided then;/);
    // Today's settings allow it: the re-decision says so.
    writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(rm -rf build)'] } }));
    const changed = why('toolu_why1').stdout;
    expect(changed).toMatch(/today: allow — .*\(rule Bash\(rm -rf build\)\)/);
    expect(changed).toMatch(/policy digest [0-9a-f]{64}: not the policy that decided then;/);
  });

  it('does not re-decide a call whose stored input was masked; an unknown id exits 1', () => {
    const r = why('toolu_why2');
    expect(r.stdout).toContain('input masked: cannot re-decide');
    expect(r.stdout).not.toContain('today:');
    const none = why('toolu_nope');
    expect(none.status).toBe(1);
    expect(none.stdout).toContain('no audit entry has the tool-use id or ask id toolu_nope');
  });
});
