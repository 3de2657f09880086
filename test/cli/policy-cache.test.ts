import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheInputs, cacheKey, cacheKeyOf, readCachedPolicy, writeCachedPolicy } from '../../src/cli/policy-cache.js';
import { policyFromObjects } from '../../src/settings/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-cache-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('compiled-policy cache for toolgate hook', () => {
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny: ['Bash(rm *)'] } } }]);

  it('round-trips a policy under its key', () => {
    const cache = join(dir, 'cache');
    writeCachedPolicy(cache, 'k1', policy);
    expect(readCachedPolicy(cache, 'k1')?.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    expect(readCachedPolicy(cache, 'k2')).toBeUndefined();
  });

  it('any change to a settings file changes the key', () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{}');
    const before = cacheKey([file], {});
    writeFileSync(file, '{"permissions":{}}');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(cacheKey([file], {})).not.toBe(before);
    rmSync(file);
    expect(cacheKey([file], {})).not.toBe(before);
  });

  it('a rewrite of the same size with its modification time set back still changes the key', async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{"permissions":{"allow":["Bash(python3 *)"]}}');
    const mtime = new Date(1_700_000_000_000);
    utimesSync(file, mtime, mtime);
    const before = cacheKey([file], {});
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(file, '{"permissions":{"deny": ["Bash(python3 *)"]}}');
    utimesSync(file, mtime, mtime);
    expect(statSync(file).mtimeMs).toBe(mtime.getTime());
    expect(cacheKey([file], {})).not.toBe(before);
  });

  it('a policy cached for other inputs is never used, even under the same key', () => {
    const cache = join(dir, 'inputs');
    const file = join(dir, 'settings.json');
    writeFileSync(file, '{}');
    const inputs = cacheInputs([file], { cwd: dir });
    const key = cacheKeyOf(inputs);
    expect(key).toBe(cacheKey([file], { cwd: dir }));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    writeCachedPolicy(cache, key, policy, inputs);
    expect(readCachedPolicy(cache, key, inputs)?.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    expect(readCachedPolicy(cache, key, cacheInputs([file], { cwd: '/elsewhere' }))).toBeUndefined();
    expect(cacheKeyOf(cacheInputs([file], { cwd: '/elsewhere' }))).not.toBe(key);
  });

  it('never reads a cache others can write to', () => {
    const cache = join(dir, 'shared');
    mkdirSync(cache, { mode: 0o700 });
    writeCachedPolicy(cache, 'k', policy);
    chmodSync(cache, 0o777);
    expect(readCachedPolicy(cache, 'k')).toBeUndefined();
  });

  it('ignores a corrupt cache file', () => {
    const cache = join(dir, 'c');
    writeCachedPolicy(cache, 'k', policy);
    writeFileSync(join(cache, 'policy-k.json'), '{"key":"k","policy":');
    expect(readCachedPolicy(cache, 'k')).toBeUndefined();
  });
});
