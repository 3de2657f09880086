import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { programArgs } from '../support/programs/run.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

interface Report {
  index: string;
  behavior: string;
  notes: string[];
}

/**
 * Start one real process per entry of `kinds`, wait until every one has gated its call and holds
 * a parked ask, make a hand edit, then let them all answer at once.
 */
async function race(kinds: ('allow' | 'deny')[], handEdit: (file: string) => void): Promise<{ file: string; reports: Report[] }> {
  const project = mkdtempSync(join(tmpdir(), 'toolgate-race-'));
  dirs.push(project);
  mkdirSync(join(project, '.claude'));
  const file = join(project, '.claude', 'settings.local.json');
  writeFileSync(
    file,
    '{\n    "model": "opus",\n    "permissions": {\n        "deny": ["Bash(rm *)"],\n        "allow": []\n    },\n    "env": { "KEEP": "me" }\n}\n',
  );
  const go = join(project, 'go');
  let ready = 0;
  let release!: () => void;
  const allReady = new Promise<void>((r) => (release = r));
  const runs = kinds.map(
    (kind, i) =>
      new Promise<Report>((resolve, reject) => {
        const child = spawn(process.execPath, programArgs('race-writer', [project, String(i), kind, go]), {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.startsWith('ready\n') && !out.includes('\n', 6) && ++ready === kinds.length) release();
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('close', (code) => {
          const last = out.trim().split('\n').at(-1) ?? '';
          if (code !== 0 || !last.startsWith('{')) reject(new Error(`worker ${i} exited ${code}: ${err}`));
          else resolve(JSON.parse(last) as Report);
        });
      }),
  );
  await allReady;
  handEdit(file);
  writeFileSync(go, '');
  return { file, reports: await Promise.all(runs) };
}

const handEdit = (file: string) =>
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace(
      '"model": "opus",',
      '"model": "opus",\n    "statusLine": { "type": "command", "command": "echo hand" },',
    ),
  );

describe('settings writes race across processes and lose nothing', () => {
  it('20 processes answering "yes, don\'t ask again" at once: all 20 rules, the hand edit and the file\'s own content survive', async () => {
    const { file, reports } = await race(
      Array.from({ length: 20 }, () => 'allow' as const),
      handEdit,
    );
    const text = readFileSync(file, 'utf8');
    const json = JSON.parse(text) as { permissions: { allow: string[]; deny: string[] }; model: string; env: unknown; statusLine: unknown };
    for (const r of reports) {
      expect(r.behavior).toBe('allow');
      expect(r.notes).toEqual(['addRules (localSettings): sessionAndFile']);
    }
    expect([...json.permissions.allow].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `Bash(racer-${i} *)`).sort());
    expect(json.permissions.deny).toEqual(['Bash(rm *)']);
    expect(json.statusLine).toEqual({ type: 'command', command: 'echo hand' });
    expect(json.env).toEqual({ KEEP: 'me' });
    // Written in place: the hand-written layout before the rules is byte for byte what it was.
    expect(
      text.startsWith(
        '{\n    "model": "opus",\n    "statusLine": { "type": "command", "command": "echo hand" },\n    "permissions": {\n        "deny": ["Bash(rm *)"],\n        "allow": [\n            "Bash(racer-',
      ),
    ).toBe(true);
    expect(text.endsWith('    "env": { "KEEP": "me" }\n}\n')).toBe(true);
  }, 120_000);

  it('10 allow and 10 deny additions racing: all 20 rules survive', async () => {
    const kinds = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ('allow' as const) : ('deny' as const)));
    const { file, reports } = await race(kinds, () => undefined);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { permissions: { allow: string[]; deny: string[] } };
    expect(reports.every((r) => r.behavior === 'allow' && r.notes.length === 1 && r.notes[0]?.endsWith('sessionAndFile'))).toBe(true);
    expect([...json.permissions.allow].sort()).toEqual(kinds.flatMap((k, i) => (k === 'allow' ? [`Bash(racer-${i} *)`] : [])).sort());
    expect([...json.permissions.deny].sort()).toEqual(
      ['Bash(rm *)', ...kinds.flatMap((k, i) => (k === 'deny' ? [`Bash(racer-${i} --never)`] : []))].sort(),
    );
  }, 120_000);
});
