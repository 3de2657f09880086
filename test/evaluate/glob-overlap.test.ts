import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { globMayHitAny, globMayHitRule } from '../../src/evaluate/glob-overlap.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const ctx = { cwd: P, home: '/home/user', slashAnchor: P, platform: 'linux' as const, list: 'deny' as const };

beforeAll(async () => {
  await prepare();
});

describe('a shell glob against a path rule', () => {
  it('meets the rule when some expansion could be covered', () => {
    expect(globMayHitRule(`${P}/.en*`, './.env', ctx)).toBe(true);
    expect(globMayHitRule(`${P}/.e?v`, './.env', ctx)).toBe(true);
    expect(globMayHitRule(`${P}/secre*/key`, './secrets/**', ctx)).toBe(true);
    expect(globMayHitRule(`${P}/s[e]crets/key`, './secrets/**', ctx)).toBe(true);
    expect(globMayHitRule(`${P}/deep/*/id_rsa`, 'id_rsa', ctx)).toBe(true);
  });
  it('does not meet a rule no expansion could be covered by', () => {
    expect(globMayHitRule(`${P}/*.ts`, './.env', ctx)).toBe(false);
    expect(globMayHitRule(`${P}/src/*.py`, './secrets/**', ctx)).toBe(false);
    expect(globMayHitRule('/tmp/*.log', './.env', ctx)).toBe(false);
  });
});

describe('Read deny rules hold against globs and braces in shell commands', () => {
  const policy = policyFromObjects([
    { kind: 'projectSettings', settings: { permissions: { deny: ['Read(./.env)', 'Read(/config/prod.json)', 'Read(./secrets/**)'] } } },
  ]);
  const decide = (command: string) =>
    evaluate({ tool: 'Bash', input: { command } }, { mode: 'bypassPermissions', policy, cwd: P, home: '/home/user' });
  it('a brace expansion naming a denied file is denied', () => {
    expect(decide('cat config/prod.{json,x}').behavior).toBe('deny');
  });
  it('a glob that may name a denied file is a guarded-read ask without a file-system view, even in bypassPermissions', () => {
    for (const c of ['cat .en*', 'head .e?v', 'cat secre*/key', 'cat s[e]crets/key']) {
      const d = decide(c);
      expect([c, d.behavior, d.askKind]).toEqual([c, 'ask', 'guardedRead']);
    }
  });
  it('a glob no denied path can match still runs', () => {
    expect(decide('wc -l src/*.py').behavior).toBe('allow');
  });
});

describe('a shell glob against a list of path rules', () => {
  it('names the first rule it may meet, or -1', () => {
    expect(globMayHitAny(`${P}/*.pem`, ['./.env', './keys/a.key', './*.pem', './a.pem'], ctx)).toBe(2);
    expect(globMayHitAny(`${P}/src/*.ts`, ['./.env', '//etc/**'], ctx)).toBe(-1);
  });
  it('answers for the context it is given: a relative rule under another working directory', () => {
    expect(globMayHitAny(`${P}/*.env`, ['./x.env'], ctx)).toBe(0);
    expect(globMayHitAny(`${P}/*.env`, ['./x.env'], { ...ctx, cwd: '/elsewhere' })).toBe(-1);
    expect(globMayHitAny(`${P}/*.env`, ['./x.env'], ctx)).toBe(0);
  });
});
