import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import {
  formatPolicyTestReport,
  policyTestJUnit,
  POLICY_TEST_SCHEMA,
  runPolicyTests,
  validatePolicyTest,
} from '../../src/policy-test/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { nodeFileSystem } from '../../src/node/index.js';

beforeAll(async () => {
  await prepare();
});

const settings = {
  permissions: { allow: ['Bash(npm run test *)'], deny: ['Bash(rm *)'] },
  $toolgate: { examples: { 'Bash(npm run test *)': { match: ['npm run test -- --watch'], notMatch: ['npm run testing'] } } },
};

function fsWith(test: unknown, extra: Record<string, string> = {}) {
  return createMemoryFileSystem({
    '/repo/.claude/settings.json': JSON.stringify(settings),
    '/repo/policy.policy-test.json': JSON.stringify(test),
    ...extra,
  });
}

describe('runPolicyTests', () => {
  it('passes cases and inline examples of a project', async () => {
    const fs = fsWith({
      settings: { project: '.' },
      cases: [
        { call: 'Bash(npm run test)', expect: 'allow', rule: 'Bash(npm run test *)', reason: 'rule' },
        { call: { tool: 'Bash', input: { command: 'rm -rf dist' } }, expect: 'deny' },
        { call: 'Bash(npm publish)', expect: 'deny', mode: 'dontAsk' },
      ],
    });
    const r = await runPolicyTests('/repo/policy.policy-test.json', { fs });
    expect(r.errors).toEqual([]);
    expect(r.cases.map((c) => c.status)).toEqual(['pass', 'pass', 'pass']);
    expect(r.examples.map((e) => e.status)).toEqual(['pass', 'pass']);
    expect(r).toMatchObject({ passed: 5, failed: 0, name: 'policy.policy-test.json' });
  });

  it('a failure carries what differed and the whole trace', async () => {
    const fs = fsWith({
      settings: { files: ['.claude/settings.json'] },
      cases: [{ name: 'rm is fine', call: 'Bash(rm x)', expect: 'allow', rule: 'Bash(rm *)' }],
    });
    const r = await runPolicyTests('/repo/policy.policy-test.json', { fs });
    expect(r.failed).toBe(1);
    const msg = r.cases[0]!.message!;
    expect(msg).toMatch(/^expected allow, got deny/);
    expect(msg).toMatch(/denyRules\s+deny/);
    const text = formatPolicyTestReport([r]);
    expect(text).toMatch(/FAIL/);
    expect(text).toMatch(/✗ rm is fine → expected allow/);
    expect(text.trim().split('\n').at(-1)).toBe('2 passed, 1 failed');
  });

  it('inline and layered settings, and failing examples', async () => {
    const fs = createMemoryFileSystem({
      '/t/a.policy-test.json': JSON.stringify({
        settings: {
          layers: { user: { permissions: { allow: ['Bash(git *)'] } }, project: { permissions: { ask: ['Bash(git push *)'] } } },
          inline: { permissions: { allow: ['Read(./x)'] }, $toolgate: { examples: { 'Read(./x)': { match: ['y'] } } } },
        },
        cases: [
          { call: 'Bash(git push)', expect: 'ask', askKind: 'firm' },
          { call: 'Bash(git log)', expect: 'allow' },
        ],
      }),
    });
    const r = await runPolicyTests('/t/a.policy-test.json', { fs });
    expect(r.cases.map((c) => c.status)).toEqual(['pass', 'pass']);
    expect(r.examples.map((e) => e.status)).toEqual(['fail']);
    expect(r.failed).toBe(1);
  });

  it('bad files are reports with errors, never exceptions', async () => {
    const fs = createMemoryFileSystem({
      '/t/notjson.policy-test.json': '{',
      '/t/bad.policy-test.json': JSON.stringify({ settings: {}, cases: [{ call: 'Bash(x)', expect: 'maybe' }] }),
      '/t/missing.policy-test.json': JSON.stringify({ settings: { files: ['nope.json'] }, cases: [{ call: 'Bash(x)', expect: 'ask' }] }),
      '/t/dialect.policy-test.json': JSON.stringify({
        settings: { inline: {} },
        dialect: 'claude-code',
        cases: [{ call: 'Bash(ls', expect: 'ask' }],
      }),
    });
    const notJson = await runPolicyTests('/t/notjson.policy-test.json', { fs });
    expect(notJson.errors[0]?.code).toBe('TG_POLICY_TEST_JSON');
    const bad = await runPolicyTests('/t/bad.policy-test.json', { fs });
    expect(bad.errors.map((e) => e.code)).toContain('TG_POLICY_TEST_SCHEMA');
    expect(bad.errors.map((e) => e.message).join('\n')).toMatch(/expect/);
    const missing = await runPolicyTests('/t/missing.policy-test.json', { fs });
    expect(missing.errors[0]?.message).toMatch(/not found: \/t\/nope\.json/);
    expect(missing.failed).toBeGreaterThan(0);
    const unreadable = await runPolicyTests('/t/dialect.policy-test.json', { fs });
    expect(unreadable.cases[0]?.status).toBe('error');
    expect(await runPolicyTests('/t/none.policy-test.json', { fs })).toMatchObject({ failed: 1 });
  });

  it('JUnit XML has a suite per file and a failure per failed case', async () => {
    const fs = fsWith({
      settings: { project: '.' },
      cases: [
        { call: 'Bash(rm <x>)', expect: 'allow' },
        { call: 'Bash(npm run test)', expect: 'allow' },
      ],
    });
    const r = await runPolicyTests('/repo/policy.policy-test.json', { fs });
    const xml = policyTestJUnit([r]);
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toMatch(/<testsuite name="policy.policy-test.json" tests="4" failures="1"/);
    expect(xml).toContain('Bash(rm &lt;x&gt;) → allow');
    expect((xml.match(/<failure /g) ?? []).length).toBe(1);
  });

  it('the example policy passes', async () => {
    const file = fileURLToPath(new URL('../../examples/policy/policy.policy-test.json', import.meta.url));
    const r = await runPolicyTests(file, { fs: nodeFileSystem() });
    expect(r.errors).toEqual([]);
    expect(r.failed).toBe(0);
    expect(r.cases.length).toBeGreaterThan(10);
    expect(r.examples.length).toBeGreaterThan(5);
  });
});

describe('the policy test schema', () => {
  it('the shipped schemas/policy-test.schema.json is the one in the code', () => {
    const shipped = JSON.parse(readFileSync(fileURLToPath(new URL('../../schemas/policy-test.schema.json', import.meta.url)), 'utf8'));
    expect(shipped).toEqual(JSON.parse(JSON.stringify(POLICY_TEST_SCHEMA)));
  });

  it('accepts the example and rejects unknown keys', () => {
    const example = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../examples/policy/policy.policy-test.json', import.meta.url)), 'utf8'),
    );
    expect(validatePolicyTest(example).ok).toBe(true);
    const r = validatePolicyTest({ settings: { inline: {} }, cases: [{ call: 'Bash(x)', expect: 'allow', expct: 1 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]?.message).toMatch(/expct/);
  });
});
