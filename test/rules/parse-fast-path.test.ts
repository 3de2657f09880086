import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/rules/index.js';
import { parseRuleReference } from './support/parse-rule-reference.js';
import { propertyRuns } from '../support/property-runs.js';

// parseRule takes fast paths (no backslash: plain index searches and no unescaping; no `:`: no
// parameter regex; char codes for tool names). They must give exactly what the general path gives.

const TOOLS = [
  'Bash',
  'Monitor',
  'PowerShell',
  'Read',
  'Edit',
  'Write',
  'Glob',
  'Grep',
  'LSP',
  'NotebookRead',
  'NotebookEdit',
  'WebFetch',
  'WebSearch',
  'Agent',
  'Task',
  'Skill',
  'TodoWrite',
  'Cd',
  'mcp__github',
  'mcp__github__get_issue',
  'mcp__*',
  '*',
  'B*',
  'Foo',
  'toString',
  '__proto__',
  'bash',
  'Bash ',
  'Ba sh',
  'Bäsh',
  'B:ash',
  '',
];
const FRAGMENTS = [
  'npm run test',
  ' *',
  '*',
  ':*',
  ' :*',
  'domain:',
  'domain:example.com',
  'domain:*',
  'domain:..x',
  'domain:a b',
  'command:',
  'command:rm *',
  'run_in_background:',
  'run_in_background:true',
  'model:opus',
  'subagent_type:x',
  'file_path:/x',
  '\\(',
  '\\)',
  '\\\\',
  '\\',
  '(',
  ')',
  '()',
  ' ',
  '\t',
  '\n',
  '/',
  '~/',
  '//abs',
  '**',
  '.',
  '..',
  'é',
  '日本',
  '😀',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\ud800',
  'git push',
  ' -f',
  '|',
  '&&',
  '$(x)',
  '"',
  "'",
  '#',
  '?',
  '@',
  ':',
  '-',
  '_',
];

const specifier = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 6 }).map((parts) => parts.join(''));
const space = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\u00a0', '\ufeff', '\u3000');
const structured = fc
  .record({
    lead: space,
    tool: fc.constantFrom(...TOOLS),
    parens: fc.constantFrom('none', 'both', 'open', 'close', 'escapedOpen'),
    spec: specifier,
    tail: fc.constantFrom('', '', ')', '*', ' x', '\\)', ')('),
    trail: space,
  })
  .map(({ lead, tool, parens, spec, tail, trail }) => {
    const body =
      parens === 'none'
        ? tool
        : parens === 'both'
          ? `${tool}(${spec})`
          : parens === 'open'
            ? `${tool}(${spec}`
            : parens === 'close'
              ? `${tool}${spec})`
              : `${tool}\\(${spec})`;
    return `${lead}${body}${tail}${trail}`;
  });
const alphabet = fc.string({
  unit: fc.constantFrom('B', 'a', 's', 'h', '(', ')', '\\', ':', '*', ' ', 'd', 'o', 'm', '.', 'é', '😀', '\t', '_', '-', '/'),
});

function same(text: string): void {
  expect(parseRule(text)).toStrictEqual(parseRuleReference(text));
}

describe('parseRule fast paths give the general path result', () => {
  it('on structured rule texts (tools, escapes, parentheses, Unicode, spaces, `:*`, empty content)', () => {
    fc.assert(
      fc.property(structured, (text) => same(text)),
      { numRuns: propertyRuns(3000) },
    );
  });
  it('on texts over a small alphabet of the characters the parser looks at', () => {
    fc.assert(
      fc.property(alphabet, (text) => same(text)),
      { numRuns: propertyRuns(3000) },
    );
  });
  it('on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => same(text)),
      { numRuns: propertyRuns(1000) },
    );
  });
  it('on every rule of the settings corpus', () => {
    const dir = join(import.meta.dirname, '../../examples/corpus/settings');
    let count = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      let settings: { permissions?: Record<string, unknown> };
      try {
        settings = JSON.parse(readFileSync(join(dir, file), 'utf8')) as typeof settings;
      } catch {
        continue; // the corpus holds broken files on purpose
      }
      const permissions = settings.permissions ?? {};
      for (const list of ['allow', 'ask', 'deny']) {
        const rules = permissions[list];
        if (!Array.isArray(rules)) continue;
        for (const text of rules) if (typeof text === 'string') (same(text), count++);
      }
    }
    expect(count).toBeGreaterThan(400);
  });
});
