import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRootOf } from '../../src/serve/index.js';
import { PROJECT_UNKNOWN } from '../../src/evaluate/index.js';
import { decisionOf, preToolUse, reasonOf, sandbox, start, transcriptOf, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let trusted: string;
let stranger: string;

beforeAll(async () => {
  sb = sandbox();
  trusted = sb.project('trusted', { permissions: { allow: ['Bash(make build)'], deny: ['Read(/secrets/**)'] } });
  stranger = sb.project('stranger', {
    permissions: { allow: ['Bash(make build)', 'Bash(curl *)'], deny: ['Bash(make clean)'], ask: ['Bash(make test)'] },
  });
  mkdirSync(join(trusted, 'sub', 'deeper'), { recursive: true });
  s = await start(sb, { projects: [trusted], askVia: 'prompt' });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

describe('which project decides', () => {
  it("finds a session's project from its transcript's folder, also when serve first sees it after the shell cds into a subdirectory", async () => {
    // A session serve has never seen (a restart, a replica), whose shell is already in sub/deeper.
    const sess = { session_id: 'cd-1', transcript_path: transcriptOf(trusted, 'cd-1') };
    const inSub = join(trusted, 'sub', 'deeper');
    // The project's allow rule applies, and its deny rule anchors at the project root.
    expect(decisionOf((await s.hook(preToolUse(inSub, 'Bash', { command: 'make build' }, sess))).body)).toBe('allow');
    expect(decisionOf((await s.hook(preToolUse(inSub, 'Read', { file_path: join(trusted, 'secrets', 'key.pem') }, sess))).body)).toBe(
      'deny',
    );
    // Reads anywhere in the project stay inside the working directories.
    expect(decisionOf((await s.hook(preToolUse(inSub, 'Read', { file_path: join(trusted, 'README.md') }, sess))).body)).toBe('allow');
  });

  it('without a transcript that names the project, takes the trusted --project holding the cwd', async () => {
    const r = await s.hook({
      ...preToolUse(join(trusted, 'sub'), 'Bash', { command: 'make build' }),
      session_id: undefined,
      transcript_path: undefined,
    });
    expect(decisionOf(r.body)).toBe('allow');
  });

  it('with neither, the project is unknown: only user and managed settings, and what would be allowed asks, saying how to fix it', async () => {
    const elsewhere = join(sb.root, 'elsewhere');
    mkdirSync(elsewhere, { recursive: true });
    const r = await s.hook({ ...preToolUse(elsewhere, 'Bash', { command: 'ls' }), transcript_path: '/tmp/t.jsonl' });
    expect(decisionOf(r.body)).toBe('ask');
    expect(reasonOf(r.body)).toContain(PROJECT_UNKNOWN);
  });

  it('the X-Toolgate-Project header names the project; one the transcript contradicts leaves it unknown', async () => {
    const inSub = join(trusted, 'sub');
    const declared = await s.hook(
      { ...preToolUse(inSub, 'Bash', { command: 'make build' }), transcript_path: undefined },
      { 'x-toolgate-project': trusted },
    );
    expect(decisionOf(declared.body)).toBe('allow');
    const stale = await s.hook(preToolUse(trusted, 'Bash', { command: 'ls' }), { 'x-toolgate-project': inSub });
    expect(reasonOf(stale.body)).toContain(PROJECT_UNKNOWN);
  });

  it('a project not given by --project keeps only its deny and ask rules', async () => {
    const sess = { session_id: 'stranger-1' };
    expect(decisionOf((await s.hook(preToolUse(stranger, 'Bash', { command: 'make clean' }, sess))).body)).toBe('deny');
    expect(decisionOf((await s.hook(preToolUse(stranger, 'Bash', { command: 'make test' }, sess))).body)).toBe('ask');
    // Its allow rules are ignored: make build asks (prompt mode replies ask).
    expect(decisionOf((await s.hook(preToolUse(stranger, 'Bash', { command: 'make build' }, sess))).body)).toBe('ask');
  });

  it('--trust-all trusts every project', async () => {
    const all = await start(sb, { trustAll: true, askVia: 'prompt' });
    try {
      expect(decisionOf((await all.hook(preToolUse(stranger, 'Bash', { command: 'make build' }, { session_id: 'ta-1' }))).body)).toBe(
        'allow',
      );
    } finally {
      await all.stop();
    }
  });

  it("the server's own settings apply to every project", async () => {
    const file = join(sb.root, 'server-settings.json');
    writeFileSync(file, JSON.stringify({ permissions: { deny: ['Bash(make build)'] } }));
    const own = await start(sb, { trustAll: true, settings: [file] });
    try {
      const r = await own.hook(preToolUse(stranger, 'Bash', { command: 'make build' }, { session_id: 'own-1' }));
      expect(decisionOf(r.body)).toBe('deny');
      expect(reasonOf(r.body)).toMatch(/Bash\(make build\)/);
    } finally {
      await own.stop();
    }
  });

  it('reloads a settings file when it changes', async () => {
    const p = sb.project('reload', { permissions: { allow: ['Bash(make build)'] } });
    const live = await start(sb, { trustAll: true, askVia: 'prompt' });
    try {
      const ev = () => preToolUse(p, 'Bash', { command: 'make build' }, { session_id: 'reload-1' });
      expect(decisionOf((await live.hook(ev())).body)).toBe('allow');
      sb.write(join(p, '.claude', 'settings.local.json'), { permissions: { deny: ['Bash(make *)'] } });
      await new Promise((r) => setTimeout(r, 40));
      expect(decisionOf((await live.hook(ev())).body)).toBe('deny');
      sb.write(join(p, '.claude', 'settings.local.json'), '{ "permissions": ');
      await new Promise((r) => setTimeout(r, 40));
      // A broken settings file in force: nothing is allowed.
      expect(decisionOf((await live.hook(ev())).body)).not.toBe('allow');
    } finally {
      await live.stop();
    }
  });

  it('runs no hooks from the files it loads', async () => {
    const marker = join(sb.root, 'hook-ran');
    const p = sb.project('hooked', {
      hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: `touch ${marker}` }] }] },
      permissions: { allow: ['Bash(make build)'] },
    });
    const live = await start(sb, { trustAll: true });
    try {
      expect(decisionOf((await live.hook(preToolUse(p, 'Bash', { command: 'make build' }, { session_id: 'hooks-1' }))).body)).toBe('allow');
      const { existsSync } = await import('node:fs');
      expect(existsSync(marker)).toBe(false);
    } finally {
      await live.stop();
    }
  });
});

describe('projectRootOf', () => {
  it('takes the nearest .claude/, skipping the home directory, then the git root, then the cwd', () => {
    expect(projectRootOf(join(trusted, 'sub', 'deeper'), sb.home)).toBe(trusted);
    const plain = join(sb.home, 'code', 'plain');
    mkdirSync(join(plain, 'src'), { recursive: true });
    expect(projectRootOf(join(plain, 'src'), sb.home)).toBe(join(plain, 'src'));
    mkdirSync(join(plain, '.git'));
    expect(projectRootOf(join(plain, 'src'), sb.home)).toBe(plain);
  });
});
