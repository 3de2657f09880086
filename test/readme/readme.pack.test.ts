/**
 * The README's shell blocks marked `<!-- run -->`, run as a new user would: against the package
 * as published — `npm pack`, then installed into a fresh directory offline, from the npm cache
 * (`npm ci --offline` with a lockfile whose versions are the repository's own) — with the
 * installed `toolgate` on PATH, each block in an empty directory of its own with its own HOME.
 *
 * Needs a build: CI builds first (.ci/steps/20-build.sh); elsewhere the test builds when dist/ is
 * missing or older than src/.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellBlocks } from '../support/readme/shell-blocks.js';

const root = join(__dirname, '../..');
const blocks = shellBlocks(readFileSync(join(root, 'README.md'), 'utf8')).filter((b) => b.marker?.kind === 'run');
let work: string;
let bin: string;

/** The newest modification time of any file under `dir`. */
function newest(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );
}

function sh(cmd: string, args: string[], cwd: string, timeout = 120_000) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

beforeAll(() => {
  const main = join(root, 'dist', 'cli', 'main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newest(join(root, 'src'))) sh('npm', ['run', '-s', 'build'], root, 40 * 60_000);
  work = mkdtempSync(join(tmpdir(), 'toolgate-readme-'));
  // dist/ is built: pack it as is (prepack would build again).
  const tarball = sh('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], root).trim().split('\n').at(-1)!;
  const app = join(work, 'app');
  mkdirSync(app);
  // A lockfile pins the tarball and the repository's own versions of its dependencies, so npm ci
  // takes every package from the cache (by integrity) and never asks the registry.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const resolved = `file:../${tarball}`;
  const integrity = `sha512-${createHash('sha512')
    .update(readFileSync(join(work, tarball)))
    .digest('base64')}`;
  const packages: Record<string, unknown> = {
    '': { name: 'readme-run', dependencies: { toolgate: resolved } },
    'node_modules/toolgate': {
      version: pkg['version'],
      resolved,
      integrity,
      license: pkg['license'],
      dependencies: pkg['dependencies'],
      bin: pkg['bin'],
      engines: pkg['engines'],
      peerDependencies: pkg['peerDependencies'],
      peerDependenciesMeta: pkg['peerDependenciesMeta'],
    },
  };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== '' && entry.dev !== true && entry.link !== true) packages[path] = entry;
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'readme-run', private: true, dependencies: { toolgate: resolved } }));
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify({ name: 'readme-run', lockfileVersion: 3, requires: true, packages }));
  sh('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], app, 300_000);
  bin = join(app, 'node_modules', '.bin');
}, 45 * 60_000);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('README blocks marked <!-- run -->, against the packed tarball installed offline', () => {
  it('installs the packed tarball: toolgate --version is the package version', () => {
    const r = spawnSync(join(bin, 'toolgate'), ['--version'], { encoding: 'utf8' });
    expect(r.stdout.trim()).toBe((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version);
  });

  it.each(blocks.map((b) => [b.line, b] as const))('README.md:%i runs and exits 0', (_line, block) => {
    const dir = mkdtempSync(join(work, 'block-'));
    mkdirSync(join(dir, 'home'));
    const cwd = join(dir, 'project');
    mkdirSync(cwd);
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', block.code], {
      cwd,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: `${bin}:${process.env['PATH'] ?? ''}`, HOME: join(dir, 'home'), LANG: 'C.UTF-8' },
    });
    expect(r.status, `README.md:${block.line}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(0);
  });
});
