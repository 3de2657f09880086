import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type ToolCall } from '../../src/core/types.js';
import { evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';

beforeAll(async () => {
  await prepare();
});

const words = fc.constantFrom(
  'git',
  'push',
  'status',
  'rm',
  '-rf',
  'ls',
  'cat',
  'npm',
  'run',
  'test',
  'curl',
  'sh',
  'x',
  '.env',
  'src/a.ts',
  '/etc/passwd',
  '~/.ssh/id_rsa',
  '*.ts',
  'origin',
  'main',
);
const sep = fc.constantFrom(' ', ' && ', ' || ', '; ', ' | ', ' $(', ') ', ' > ', ' `', '` ', '\n', ' 2>&1 ', " '", "' ", ' "', '" ');
const command = fc.array(fc.tuple(words, sep), { minLength: 1, maxLength: 6 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);
const path = fc.constantFrom(
  `${P}/src/a.ts`,
  `${P}/.env`,
  `${P}/.git/config`,
  '/etc/hosts',
  '/home/user/.ssh/id_rsa',
  `${P}/sub/dir/.env`,
  `${P}/../other/x`,
  'relative/file.txt',
);

const call: fc.Arbitrary<ToolCall> = fc.oneof(
  command.map((c) => ({ tool: 'Bash', input: { command: c } })),
  path.map((p) => ({ tool: 'Read', input: { file_path: p } })),
  path.map((p) => ({ tool: 'Edit', input: { file_path: p, old_string: 'a', new_string: 'b' } })),
  path.map((p) => ({ tool: 'Write', input: { file_path: p, content: '' } })),
  fc
    .constantFrom('https://example.com/a', 'https://api.github.com/x', 'not a url')
    .map((u) => ({ tool: 'WebFetch', input: { url: u, prompt: '' } })),
  fc
    .constantFrom('mcp__github__get_issue', 'mcp__db__drop', 'AskUserQuestion', 'TodoWrite', 'CustomTool')
    .map((t) => ({ tool: t, input: {} })),
);

const ruleText = fc.oneof(
  fc.tuple(fc.constantFrom('Bash'), command).map(([t, c]) => `${t}(${c.replace(/[()]/g, '')} *)`),
  fc.tuple(fc.constantFrom('Bash'), words).map(([t, w]) => `${t}(${w}:*)`),
  fc
    .tuple(fc.constantFrom('Read', 'Edit'), fc.constantFrom('./.env', '.env', 'src/**', '//etc/**', '~/.ssh/**', '/secrets/**', '**'))
    .map(([t, p]) => `${t}(${p})`),
  fc.constantFrom(
    'Bash',
    'Read',
    'Edit',
    'Write',
    'WebFetch',
    'WebFetch(domain:example.com)',
    'mcp__github',
    'mcp__github__*',
    'mcp__*',
    '*',
  ),
  fc.string({ maxLength: 20 }),
);
const rules = fc.array(ruleText, { maxLength: 6 });
const mode = fc.constantFrom(...PERMISSION_MODES);

function ctx(r: { allow: string[]; ask: string[]; deny: string[] }, m: (typeof PERMISSION_MODES)[number]): EvaluationContext {
  return { mode: m, policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: r } }]), cwd: P, home: '/home/user' };
}

describe('evaluate properties', () => {
  it('adding a deny rule never turns a decision into allow', () => {
    fc.assert(
      fc.property(call, rules, rules, rules, ruleText, mode, (c, allow, ask, deny, extra, m) => {
        const before = evaluate(c, ctx({ allow, ask, deny }, m));
        const after = evaluate(c, ctx({ allow, ask, deny: [...deny, extra] }, m));
        if (before.behavior !== 'allow') expect(after.behavior).not.toBe('allow');
        if (before.behavior === 'deny') expect(after.behavior).toBe('deny');
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  // A deny decided by a deny rule (dontAsk's deny of what would ask is not a rule's deny).
  it("adding an allow rule never turns a deny rule's deny into anything else", () => {
    fc.assert(
      fc.property(call, rules, rules, rules, ruleText, mode, (c, allow, ask, deny, extra, m) => {
        const before = evaluate(c, ctx({ allow, ask, deny }, m));
        // A deny rule's own deny, not dontAsk refusing an ask that cites a deny rule as its cause
        // (an allow rule may answer such an ask: that is how dontAsk is opened up).
        fc.pre(before.behavior === 'deny' && before.rule?.list === 'deny' && before.trace.at(-1)?.step !== 'mode');
        const after = evaluate(c, ctx({ allow: [...allow, extra], ask, deny }, m));
        expect(after.behavior).toBe('deny');
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  it('never throws on random calls and random rule strings', () => {
    const anyCall = fc.record({
      tool: fc.oneof(fc.string(), fc.constantFrom('Bash', 'Read', 'Edit', 'WebFetch')),
      input: fc.dictionary(
        fc.constantFrom('command', 'file_path', 'url', 'path', 'x'),
        fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
      ),
    });
    fc.assert(
      fc.property(anyCall, fc.array(fc.string(), { maxLength: 4 }), fc.array(fc.string(), { maxLength: 4 }), mode, (c, allow, deny, m) => {
        const d = evaluate(c as ToolCall, ctx({ allow, ask: [], deny }, m));
        expect(['allow', 'ask', 'deny']).toContain(d.behavior);
        expect(d.trace.length).toBeGreaterThan(0);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('a command with a substitution or an unknown part is never allowed by a pattern rule', () => {
    fc.assert(
      fc.property(words, words, fc.constantFrom('$(', '`', '<('), (a, b, open) => {
        const close = open === '`' ? '`' : ')';
        const c = { tool: 'Bash', input: { command: `${a} ${open}${b} x${close}` } };
        const d = evaluate(c, ctx({ allow: [`Bash(${a} *)`, `Bash(${b} *)`], ask: [], deny: [] }, 'default'));
        // The rules never make it allowed: a read-only line is allowed without them (`cat <(cat x)`
        // is the pipe `cat x | cat /dev/fd/63`), and is allowed alike with them.
        if (d.behavior === 'allow') expect(evaluate(c, ctx({ allow: [], ask: [], deny: [] }, 'default')).behavior).toBe('allow');
      }),
    );
  });

  it('a denied command stays denied inside any compound form', () => {
    fc.assert(
      fc.property(fc.constantFrom('git status', 'npm test', 'ls'), fc.constantFrom('&&', ';', '|', '||', '\n', '&'), (ok, op) => {
        const c = { tool: 'Bash', input: { command: `${ok} ${op} rm -rf build` } };
        for (const m of PERMISSION_MODES) {
          expect(evaluate(c, ctx({ allow: ['Bash', `Bash(${ok} *)`], ask: [], deny: ['Bash(rm *)'] }, m)).behavior).toBe('deny');
        }
      }),
    );
  });
});
