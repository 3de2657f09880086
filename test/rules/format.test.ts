import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeRuleContent, formatRule, parseRule, unescapeRuleContent } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/index.js';
import { propertyRuns } from '../support/property-runs.js';

const withoutText = (r: Rule): Omit<Rule, 'text'> => {
  const { text: _text, ...rest } = r;
  return rest;
};

const tools = [
  'Bash',
  'Monitor',
  'PowerShell',
  'Read',
  'Edit',
  'Write',
  'Glob',
  'WebFetch',
  'WebSearch',
  'Agent',
  'Skill',
  'Task',
  'MyTool',
  'mcp__gh',
  'mcp__gh__get_issue',
  'mcp__gh__*',
  '*',
  'mcp__*',
];
const specChars = fc.constantFrom(...'ab /.*:()\\-_~'.split(''), 'domain:', 'model:', 'command:', 'timeout:', '**', ' *', ':*');
const ruleText = fc.oneof(
  fc.constantFrom(...tools),
  fc
    .tuple(fc.constantFrom(...tools), fc.array(specChars, { maxLength: 8 }))
    .map(([t, parts]) => `${t}(${escapeRuleContent(parts.join(''))})`),
  fc.tuple(fc.constantFrom(...tools), fc.string({ maxLength: 12 })).map(([t, s]) => `${t}(${s})`),
);

describe('formatRule', () => {
  it('formats each family', () => {
    const f = (t: string) => {
      const r = parseRule(t);
      if (!r.ok) throw new Error(t);
      return formatRule(r.rule);
    };
    expect(f('Bash')).toBe('Bash');
    expect(f('Bash(*)')).toBe('Bash');
    expect(f('Bash(npm run *)')).toBe('Bash(npm run *)');
    expect(f('Bash(echo \\(x\\))')).toBe('Bash(echo \\(x\\))');
    expect(f('Bash(node -e "f(1)")')).toBe('Bash(node -e "f\\(1\\)")');
    expect(f('Agent(model : opus)')).toBe('Agent(model:opus)');
    expect(f('WebFetch(domain:Example.com.)')).toBe('WebFetch(domain:example.com)');
    expect(f('Task(Explore)')).toBe('Agent(Explore)');
    expect(f('Write(src/**)')).toBe('Write(src/**)');
  });

  it('escape/unescape round-trips any string', () => {
    fc.assert(
      fc.property(fc.string(), (s) => unescapeRuleContent(escapeRuleContent(s)) === s),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('parseRule(formatRule(r)) gives an equal rule (property)', () => {
    let checked = 0;
    fc.assert(
      fc.property(ruleText, (text) => {
        const first = parseRule(text);
        if (!first.ok) return;
        checked++;
        const formatted = formatRule(first.rule);
        const second = parseRule(formatted);
        expect(second.ok).toBe(true);
        if (!second.ok) return;
        expect(withoutText(second.rule)).toEqual(withoutText(first.rule));
        expect(second.rule.text).toBe(formatted);
        expect(formatRule(second.rule)).toBe(formatted);
      }),
      { numRuns: propertyRuns(3000) },
    );
    expect(checked).toBeGreaterThan(propertyRuns(3000) / 3);
  });

  it('a Bash specifier survives formatting whatever characters it holds', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (spec) => {
        const rule: Rule = { text: '', tool: 'Bash', toolIsGlob: false, family: 'bash', specifier: spec };
        const back = parseRule(formatRule(rule));
        if (!back.ok) return; // e.g. ':*' alone
        if (back.rule.family !== 'bash') return; // '*', 'timeout:5' etc. read as other families
        expect(back.rule.specifier).toBe(spec);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});
