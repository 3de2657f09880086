/**
 * `toolgate audit shadow --promote`: shows `toolgate diff` of the live policy against the
 * promoted one, writes nothing without `--yes` (or a "y" at a terminal), and with it moves a
 * file's `$toolgate.shadow` into its `permissions` or copies `--shadow FILE` over the project's
 * `.claude/settings.json`.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/load.js';
import { promoteShadow } from '../../src/cli/shadow-promote.js';
import { captureOutput } from './support/output.js';

const io = captureOutput();
let root: string;
let home: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-promote-')));
  home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A project whose .claude/settings.json holds `settings`; its path and the settings file's. */
function project(name: string, settings: unknown): { dir: string; file: string } {
  const dir = join(root, name);
  mkdirSync(join(dir, '.claude'), { recursive: true });
  const file = join(dir, '.claude', 'settings.json');
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
  return { dir, file };
}

const shadowed = {
  permissions: { allow: ['Bash(npm test)'], deny: ['Bash(make deploy)'] },
  $toolgate: { examples: {}, shadow: { allow: ['Bash(flyctl deploy *)'], deny: ['Bash(npm test)'], mode: 'acceptEdits' } },
};

describe('toolgate audit shadow --promote', () => {
  it('without --yes (and no terminal) shows the diff of live against shadow and writes nothing', async () => {
    const { dir, file } = project('dry', shadowed);
    const before = readFileSync(file, 'utf8');
    expect(await promoteShadow({ project: dir, home })).toBe(0);
    expect(io.out).toMatch(/^toolgate diff of the live policy against the shadow:/);
    expect(io.out).toContain('WIDENS: allow rule "Bash(flyctl deploy *)"');
    expect(io.out).toMatch(/- Bash\(npm test\): allow → deny/);
    expect(io.out).toContain(
      '$toolgate.shadow moved into permissions (allow Bash(flyctl deploy *), deny Bash(npm test), defaultMode acceptEdits)',
    );
    expect(io.out).toContain('Nothing written');
    expect(readFileSync(file, 'utf8')).toBe(before);
  }, 120_000);

  it("with --yes moves the shadow's rules into permissions and its mode into defaultMode, keeping the rest of $toolgate", async () => {
    const { dir, file } = project('yes', shadowed);
    expect(await promoteShadow({ project: dir, home, yes: true })).toBe(0);
    expect(io.out).toContain(`wrote ${file}`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      permissions: {
        allow: ['Bash(npm test)', 'Bash(flyctl deploy *)'],
        deny: ['Bash(make deploy)', 'Bash(npm test)'],
        defaultMode: 'acceptEdits',
      },
      $toolgate: { examples: {} },
    });
    // Promoted once, there is nothing left to promote.
    expect(await promoteShadow({ project: dir, home, yes: true })).toBe(1);
    expect(io.out).toContain('Nothing to promote');
  }, 120_000);

  it("with --shadow FILE copies FILE over the project's .claude/settings.json (rules can be removed), only with --yes", async () => {
    const { dir, file } = project('file', { permissions: { allow: ['Bash(npm test)', 'Bash(npm run lint)'] } });
    const candidate = join(root, 'candidate.json');
    const text = `${JSON.stringify({ permissions: { allow: ['Bash(npm run lint)'] } }, null, 2)}\n`;
    writeFileSync(candidate, text);
    expect(await promoteShadow({ project: dir, home, shadow: candidate })).toBe(0);
    expect(io.out).toMatch(/narrows: allow rule "Bash\(npm test\)"/);
    expect(io.out).toContain(`${file}: replaced by ${candidate}`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test)', 'Bash(npm run lint)'] } });
    expect(await promoteShadow({ project: dir, home, shadow: candidate, yes: true })).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  }, 120_000);

  it('a --shadow FILE that does not exist or has errors is a usage error, and nothing is written', async () => {
    const { dir, file } = project('bad', { permissions: { allow: ['Bash(npm test)'] } });
    const before = readFileSync(file, 'utf8');
    await expect(promoteShadow({ project: dir, home, shadow: join(root, 'missing.json'), yes: true })).rejects.toThrow(UsageError);
    const broken = join(root, 'broken.json');
    writeFileSync(broken, '{ "permissions": ');
    await expect(promoteShadow({ project: dir, home, shadow: broken, yes: true })).rejects.toThrow(/--shadow .*broken\.json/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
