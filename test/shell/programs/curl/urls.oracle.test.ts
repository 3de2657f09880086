/**
 * curl itself is the judge of which local file a URL reads: for each spelling, the installed
 * curl runs against a directory with a canary `.env`, and toolgate must count a read of that
 * file exactly when curl printed the canary.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell, shellPathEffects } from '../../../../src/shell/index.js';

const CURL = '/usr/bin/curl';
const CANARY = 'canary-7f3a';
let dir = '';

beforeAll(async () => {
  await prepareShell();
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'curl-urls-')));
  writeFileSync(join(dir, '.env'), `${CANARY}\n`);
  writeFileSync(join(dir, 'a'), 'plain\n');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Each spelling (`D` is the directory, an absolute path) and whether it reads `D/.env`. */
const SPELLINGS: readonly (readonly [string, boolean])[] = [
  ['file://D/.env', true],
  ['FILE://D/.env', true],
  ['FiLe://localhostD/.env', true],
  ['file://127.0.0.1D/.env', true],
  ['file:D/.env', true],
  ['file://D/%2eenv', true],
  ['file://D%2f.env', true],
  ['file://D/x/../.env', true],
  ['file://D/.env?q#f', true],
  ['file://D/{a,.env}', true],
  ['file://D/.en[u-w]', true],
  ['file://D/a', false],
  ['https://127.0.0.1:9/.env', false],
];

describe.skipIf(!existsSync(CURL))('curl file: URLs against the installed curl', () => {
  it.each(SPELLINGS)('%s', (spelling, reads) => {
    const url = spelling.replace('D', dir);
    let out = '';
    try {
      out = execFileSync(CURL, ['-s', '--max-time', '2', url], { encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? '');
    }
    expect(out.includes(CANARY)).toBe(reads);
    const effects = shellPathEffects(analyzeShell(`curl -s '${url}'`), {
      cwd: dir,
      home: '/home/user',
      platform: 'linux',
      cdPath: null,
    }).effects;
    expect(effects.some((e) => e.op === 'read' && e.path === join(dir, '.env'))).toBe(reads);
  });
});
