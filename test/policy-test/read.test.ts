/**
 * Policy test files read as JSONC, with errors that name the file, the line and column, the JSON
 * path and what was expected — as settings files' errors do.
 */
import { describe, expect, it } from 'vitest';
import { formatPolicyTestReport, runPolicyTests } from '../../src/policy-test/index.js';
import { parsePolicyTestText } from '../../src/policy-test/read.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const FILE = '/t/a.policy-test.json';
const run = (text: string) => runPolicyTests(FILE, { fs: createMemoryFileSystem({ [FILE]: text }) });

describe('policy test files are JSONC', () => {
  it('comments and trailing commas are accepted (the documented example has them)', async () => {
    const r = await run(`// policy.policy-test.json
{
  "settings": { "inline": { "permissions": { "deny": ["Read(./.env)"] } } }, // the policy
  /* the cases */
  "cases": [
    { "call": "Read(.env)", "expect": "deny" },
  ],
}`);
    expect(r.errors).toEqual([]);
    expect(r.cases.map((c) => c.status)).toEqual(['pass']);
  });

  it.each([
    ['{\n  "settings": {}\n  "cases": []\n}', 3, 3, 'a "," between the items'],
    ['{ "cases": [x] }', 1, 13, 'a JSON value (this character starts none)'],
    ['{\n  "cases": [\n', 3, 1, 'a "]" to close the array'],
    ['{ "cases": [] }\n{ "cases": [] }', 2, 1, 'the end of the file after the value'],
    ['  \n', 1, 1, undefined],
  ])(
    'text that is not JSON is one TG_POLICY_TEST_JSON error with file, line, column and what was expected (%#)',
    async (text, line, column, expected) => {
      const r = await run(text);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatchObject({ code: 'TG_POLICY_TEST_JSON', file: FILE, line, column });
      if (expected !== undefined)
        expect(r.errors[0]!.message).toBe(`not valid JSON at line ${line}, column ${column}: expected ${expected}`);
      else expect(r.errors[0]!.message).toMatch(/empty/);
      expect(formatPolicyTestReport([r])).toContain(`at ${FILE}:${line}:${column}`);
    },
  );
});

describe('values that do not fit', () => {
  it('name the JSON path, what was expected and what was found, with the line and column', async () => {
    const r = await run(`{
  "settings": { "project": "." },
  "cases": [
    { "call": "Bash(ls)", "expect": "alow" },
    { "call": 42, "expect": "ask" },
    { "call": { "tool": "Read", "input": "a.ts" }, "expect": "ask" },
    { "call": "Read(a)" },
    { "call": "Read(a)", "expect": "ask", "Mode": "plan" }
  ]
}`);
    const byPath = Object.fromEntries(r.errors.map((e) => [JSON.stringify(e.path), e]));
    expect(byPath['["cases",0,"expect"]']).toMatchObject({
      code: 'TG_POLICY_TEST_SCHEMA',
      file: FILE,
      line: 4,
      column: 27,
      expected: 'one of "allow", "ask", "deny"',
    });
    expect(byPath['["cases",0,"expect"]']!.message).toBe('cases[0].expect: expected one of "allow", "ask", "deny", got the string "alow"');
    expect(byPath['["cases",1,"call"]']!.message).toMatch(
      /^cases\[1\]\.call: expected a call: a string like "Bash\(git status\)" or an object .*, got number 42$/,
    );
    expect(byPath['["cases",2,"call","input"]']!.message).toBe('cases[2].call.input: expected an object, got the string "a.ts"');
    expect(byPath['["cases",3]']!.message).toBe('cases[3]: "expect" is missing (expected "allow", "ask" or "deny")');
    expect(byPath['["cases",4,"Mode"]']!.message).toMatch(/^cases\[4\]\.Mode: unknown key; did you mean "mode"\?/);
    expect(byPath['["cases",4,"Mode"]']).toMatchObject({ line: 8, column: 43 });
    expect(r.errors).toHaveLength(5);
  });

  it('a missing top-level key says what it holds', async () => {
    const r = await run('{ "cases": [{ "call": "Bash(ls)", "expect": "allow" }] }');
    expect(r.errors.map((e) => e.message)).toEqual([
      '(top level): "settings" is missing (expected where the policy comes from, e.g. {"project": "."} or {"files": ["settings.json"]})',
    ]);
  });

  it('where() finds the value, or its nearest ancestor', () => {
    const p = parsePolicyTestText('{\n  // c\n  "a": [1, { "b": 2 }]\n}');
    if (!p.ok) throw new Error('parses');
    expect(p.where(['a', 1, 'b'])).toEqual({ line: 3, column: 14 });
    expect(p.where(['a', 7])).toEqual({ line: 3, column: 3 });
  });
});
