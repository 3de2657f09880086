/**
 * `~` and `$HOME` on serve's hook route mean the agent's home directory, not serve's `--home`:
 * established from the transcript's folder and the declared `HOME`; unknown (disagreeing, or
 * named by neither) means no call naming them is allowed on a guess (decision 0043).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentHome, ENVIRONMENT_FACT_NAMES, homeOfTranscript, homeWordOf, sanitizedPath } from '../../src/evaluate/index.js';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;
let agent: string;

/** The X-Toolgate-Env header `--print-hook-config` makes Claude Code send, with `HOME` set to `home`. */
const envHeader = (home: string) => ({
  'x-toolgate-env': ENVIRONMENT_FACT_NAMES.map((n) => `${n}=${n === 'HOME' ? home : ''}`).join('; '),
});
const transcriptUnder = (home: string, session: string) => join(home, '.claude', 'projects', sanitizedPath(project), `${session}.jsonl`);

beforeAll(async () => {
  sb = sandbox();
  agent = join(sb.root, 'agent-home');
  mkdirSync(join(agent, '.ssh'), { recursive: true });
  writeFileSync(join(agent, '.ssh', 'id_rsa'), 'key');
  project = sb.project('app', { permissions: { allow: ['Bash(cat *)'] } });
  // The server's own settings protect the agent's keys by absolute path; serve's --home is elsewhere.
  const settings = join(sb.root, 'server-settings.json');
  writeFileSync(settings, JSON.stringify({ permissions: { deny: [`Read(/${agent}/.ssh/**)`] } }));
  s = await start(sb, { projects: [project], settings: [settings], holdTimeoutSeconds: 1 });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

/** A hook event from the agent in bypassPermissions; the project is named as Claude Code names it. */
const ask = (input: Record<string, unknown>, extra: Record<string, unknown>, headers: Record<string, string> = {}, tool = 'Bash') =>
  s.hook(preToolUse(project, tool, input, { permission_mode: 'bypassPermissions', ...extra }), {
    'x-toolgate-project': project,
    ...headers,
  });

describe("serve judges ~ and $HOME against the agent's home", () => {
  it("the transcript names the agent's home: cat ~/.ssh/id_rsa, $HOME/.ssh/id_rsa and Read ~/.ssh/id_rsa are denied in bypassPermissions", async () => {
    for (const [tool, input] of [
      ['Bash', { command: 'cat ~/.ssh/id_rsa' }],
      ['Bash', { command: 'cat "$HOME/.ssh/id_rsa"' }],
      ['Read', { file_path: '~/.ssh/id_rsa' }],
    ] as const) {
      const r = await ask(input, { session_id: 'home-t', transcript_path: transcriptUnder(agent, 'home-t') }, {}, tool);
      expect(decisionOf(r.body), `${tool} ${JSON.stringify(input)}: ${reasonOf(r.body)}`).toBe('deny');
    }
  });

  it('so does the declared HOME alone (X-Toolgate-Env)', async () => {
    const r = await ask(
      { command: 'cat ~/.ssh/id_rsa' },
      { session_id: 'home-h', transcript_path: '/var/tmp/elsewhere/t.jsonl' },
      envHeader(agent),
    );
    expect(decisionOf(r.body), reasonOf(r.body)).toBe('deny');
  });

  it("unknown (named by neither, or the two disagree): a call naming ~ or $HOME asks with the true reason, never allows on serve's home; other calls go on as usual", async () => {
    for (const [extra, headers] of [
      [{ session_id: 'home-none', transcript_path: '/var/tmp/elsewhere/t.jsonl' }, {}],
      [{ session_id: 'home-both', transcript_path: transcriptUnder(agent, 'home-both') }, envHeader(sb.home)],
    ] as const) {
      const r = await ask({ command: 'cat ~/.ssh/id_rsa' }, extra, headers);
      expect(decisionOf(r.body), reasonOf(r.body)).not.toBe('allow');
      const again = await ask({ command: 'cat ~/notes.txt' }, extra, headers);
      expect(decisionOf(again.body)).not.toBe('allow');
      const r2 = await ask({ command: 'cat README.md' }, extra, headers);
      expect(decisionOf(r2.body), reasonOf(r2.body)).toBe('allow');
    }
    const audit = await s.store.readAudit({ sessionId: 'home-none' });
    expect(audit.find((e) => e.reasonKind === 'homeUnknown')?.reason).toMatch(
      /names ~\/\.ssh\/id_rsa, under the agent's home directory, which is not known \(neither the transcript path/,
    );
  });
});

describe('a person answers what the unknown home held', () => {
  it('an approval releases the call with allow', async () => {
    const t = await start(sb, { projects: [project], holdTimeoutSeconds: 30 });
    try {
      // In bypassPermissions, where the read would be allowed but for the unknown home (in default
      // mode a prefix rule does not approve a read outside the working directories: decision 0046).
      const held = t.hook(
        preToolUse(
          project,
          'Bash',
          { command: 'cat ~/notes.txt' },
          { session_id: 'home-answer', transcript_path: '/var/tmp/elsewhere/t.jsonl', permission_mode: 'bypassPermissions' },
        ),
        { 'x-toolgate-project': project },
      );
      const id = await eventually(async () => (await t.store.listAsks({ sessionId: 'home-answer' }))[0]?.id);
      expect((await t.store.getAsk(id))?.pending.reason.kind).toBe('homeUnknown');
      expect((await t.answer(id, { behavior: 'allow' })).status).toBe(200);
      expect(decisionOf((await held).body)).toBe('allow');
    } finally {
      await t.stop();
    }
  });
});

describe('the JSON API', () => {
  it("takes the agent's home in context.home; without it a call naming ~ is not allowed", async () => {
    const decide = (context: Record<string, unknown>) =>
      s.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'cat ~/.ssh/id_rsa' } },
        context: { cwd: project, projectDir: project, mode: 'bypassPermissions', ...context },
      });
    expect(((await decide({ home: agent })).body['decision'] as { behavior: string }).behavior).toBe('deny');
    const without = await decide({ home: sb.home });
    expect((without.body['decision'] as { behavior: string }).behavior).toBe('allow');
    const unknown = (await decide({})).body;
    expect((unknown['decision'] as { behavior: string; reason: { kind: string } }).reason.kind).toBe('homeUnknown');
  });
});

describe('the pieces', () => {
  it("reads the home from Claude Code's transcript layout only", () => {
    expect(homeOfTranscript('/home/ann/.claude/projects/-work-app/abc.jsonl')).toBe('/home/ann');
    for (const p of [
      '/tmp/t.jsonl',
      '/home/ann/.claude/projects/abc.jsonl',
      '/home/ann/.claude/projects/x/y/abc.jsonl',
      'home/ann/.claude/projects/x/a.jsonl',
      '/home/../root/.claude/projects/x/a.jsonl',
      undefined,
    ]) {
      expect(homeOfTranscript(p), String(p)).toBeUndefined();
    }
    expect(agentHome({ transcriptPath: '/home/ann/.claude/projects/x/a.jsonl', declared: '/home/ann/' })).toEqual({
      known: true,
      home: '/home/ann',
    });
    expect(agentHome({ transcriptPath: '/home/ann/.claude/projects/x/a.jsonl', declared: '/root' })).toMatchObject({ known: false });
    expect(agentHome({ declared: null })).toMatchObject({ known: false });
  });

  it('finds the words that depend on the home directory, and not `~` elsewhere', () => {
    expect(homeWordOf({ tool: 'Bash', input: { command: 'cat ~/.ssh/id_rsa' } })).toBe('~/.ssh/id_rsa');
    expect(homeWordOf({ tool: 'Bash', input: { command: 'cp x "${HOME}/y"' } })).toBe('${HOME}/y');
    expect(homeWordOf({ tool: 'Bash', input: { command: 'X=~/a make' } })).toBe('~/a');
    expect(homeWordOf({ tool: 'Read', input: { file_path: '~/.env' } })).toBe('~/.env');
    expect(homeWordOf({ tool: 'Bash', input: { command: 'git show HEAD~1' } })).toBeUndefined();
    expect(homeWordOf({ tool: 'Write', input: { file_path: '/p/a.sh', content: 'cd ~' } })).toBeUndefined();
  });
});
