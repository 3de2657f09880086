/**
 * `check` and `explain` with no settings loaded: a note on stderr naming where toolgate looked,
 * a usage error (exit 2) under `--strict`, nothing when a file or a rule flag gives a policy.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../src/cli/program.js';
import { captureOutput } from './support/output.js';

const io = captureOutput();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-no-settings-'));
  mkdirSync(join(dir, 'empty'));
  mkdirSync(join(dir, 'home'));
  mkdirSync(join(dir, 'with', '.claude'), { recursive: true });
  writeFileSync(join(dir, 'with', '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./.env)'] } }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): Promise<number> {
  return main(['node', 'toolgate', ...args]);
}

describe('no settings loaded', () => {
  it('check without --settings or --project decides, and says on stderr that nothing was read', async () => {
    expect(await run('check', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), 'Read(.env)')).toBe(EXIT.allow);
    expect(io.out).toMatch(/^ALLOW/);
    expect(io.err).toMatch(/^toolgate: note: no settings loaded: without --settings or --project no settings file is read/);
    expect(io.err).toContain('--project DIR or --settings FILE');
  });

  it('explain says it too; --quiet keeps it off stderr', async () => {
    await run('explain', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), 'Read(.env)');
    expect(io.err).toContain('no settings loaded');
    io.err = '';
    await run('check', '--quiet', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), 'Read(.env)');
    expect(io.err).toBe('');
  });

  it('--strict makes it a usage error (exit 2), with the same words', async () => {
    expect(await run('check', '--strict', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), 'Read(.env)')).toBe(EXIT.usage);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^toolgate: no settings loaded: .*\(--strict\)\n$/);
    expect(await run('explain', '--strict', '--quiet', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), 'Read(.env)')).toBe(
      EXIT.usage,
    );
  });

  it('a --project with no settings file names the files it looked for', async () => {
    const project = join(dir, 'empty');
    await run('check', '--project', project, '--home', join(dir, 'home'), '--setting-sources', 'user,project,local', 'Read(.env)');
    expect(io.err).toContain(
      `none of ${join(dir, 'home', '.claude', 'settings.json')}, ${join(project, '.claude', 'settings.json')}, ${join(project, '.claude', 'settings.local.json')} exists`,
    );
  });

  it('says nothing when a settings file was read or a rule was given on the command line', async () => {
    expect(
      await run(
        'check',
        '--project',
        join(dir, 'with'),
        '--home',
        join(dir, 'home'),
        '--setting-sources',
        'project',
        '--strict',
        'Read(.env)',
      ),
    ).toBe(EXIT.deny);
    expect(
      await run(
        'check',
        '--strict',
        '--cwd',
        join(dir, 'empty'),
        '--home',
        join(dir, 'home'),
        '--disallowed-tools',
        'Read(./.env)',
        'Read(.env)',
      ),
    ).toBe(EXIT.deny);
    expect(
      await run('check', '--strict', '--settings', join(dir, 'with', '.claude', 'settings.json'), '--cwd', join(dir, 'with'), 'Read(.env)'),
    ).toBe(EXIT.deny);
    expect(io.err).toBe('');
  });

  it('--batch notes it once, before the first line the empty policy decides; under --strict those lines fail', async () => {
    const input = [
      '{"tool":"Read","input":{"file_path":".env"}}',
      '{"tool":"Read","input":{"file_path":"a"}}',
      JSON.stringify({ tool: 'Read', input: { file_path: '.env' }, settings: join(dir, 'with', '.claude', 'settings.json') }),
    ];
    const batch = async (...flags: string[]) => {
      const stdin = Object.getOwnPropertyDescriptor(process, 'stdin')!;
      Object.defineProperty(process, 'stdin', { value: Readable.from(input.map((l) => `${l}\n`)), configurable: true });
      try {
        io.out = '';
        io.err = '';
        const status = await run('check', '--batch', '--cwd', join(dir, 'empty'), '--home', join(dir, 'home'), ...flags);
        return {
          status,
          lines: io.out
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as { error?: string; decision?: { behavior: string } }),
        };
      } finally {
        Object.defineProperty(process, 'stdin', stdin);
      }
    };
    const plain = await batch();
    expect(plain.status).toBe(0);
    expect(io.err.match(/no settings loaded/g)).toHaveLength(1);
    const strict = await batch('--strict');
    expect(strict.status).toBe(EXIT.usage);
    expect(strict.lines.map((l) => (l.error !== undefined ? 'error' : l.decision?.behavior))).toEqual(['error', 'error', 'deny']);
  });
});
