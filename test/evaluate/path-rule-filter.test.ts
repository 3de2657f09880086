import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Platform, ToolCall } from '../../src/core/types.js';
import { callFacts } from '../../src/evaluate/facts.js';
import { restrictiveCandidates } from '../../src/evaluate/path-rule-filter.js';
import { allowCandidates, allowCovers, restrictiveMatch, type MatchEnv } from '../../src/evaluate/rule-match.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';

const segment = fc.constantFrom(
  'src',
  'a.ts',
  '.env',
  '.env.local',
  'secrets',
  'x.pem',
  'id_rsa',
  '.ssh',
  '.git',
  'config',
  'SECRETS',
  'ü',
  '.',
  '..',
  '',
  'packages',
  'pkg-01',
  'docs',
  'README.md',
  'a b',
);
const pathText = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => `${P}/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `~/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/proc/self/cwd/${s.join('/')}`),
  fc.constantFrom('/', P, `${P}/`, '/home/user', '//etc/hosts', `${P}/${'d/'.repeat(300)}x.pem`, `${P}/${'d'.repeat(600)}`),
);
const pattern = fc.oneof(
  fc.constantFrom(
    './.env',
    '.env',
    '.env.*',
    './secrets/**',
    'secrets/',
    '**/*.pem',
    '**/id_rsa',
    '**/.ssh/**',
    './.git/config',
    '//etc/**',
    '~/.ssh/**',
    '/secrets/**',
    '**',
    'src/**',
    './src/**',
    'packages/pkg-01/**',
    '**/*.md',
    '*.ts',
    'README.md',
    '/docs/*',
    '~',
    '//',
  ),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
);
const ruleText = fc
  .tuple(fc.constantFrom('Read', 'Edit', 'Write', 'Grep', 'Bash', 'WebFetch'), pattern)
  .map(([t, p]) => (t === 'Bash' ? 'Bash(cat *)' : t === 'WebFetch' ? 'WebFetch' : `${t}(${p})`));
const tool = fc.constantFrom('Read', 'Edit', 'Write', 'Grep', 'Glob', 'NotebookEdit');

function envFor(platform: Platform): MatchEnv {
  return { cwd: P, home: '/home/user', platform, slashAnchorOf: () => P };
}

describe('restrictiveCandidates', () => {
  it('leaves out only deny and ask rules that do not match the call (a scan of the whole list gives the same answer)', () => {
    fc.assert(
      fc.property(
        fc.array(ruleText, { maxLength: 12 }),
        fc.array(fc.tuple(tool, pathText), { minLength: 1, maxLength: 4 }),
        fc.constantFrom<Platform>('linux', 'macos', 'windows'),
        fc.constantFrom('deny', 'ask'),
        (texts, calls, platform, list) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { [list]: texts } } }]);
          const rules = policy.rules;
          const env = envFor(platform);
          for (const [t, p] of calls) {
            const call: ToolCall = { tool: t, input: { file_path: p, notebook_path: p, path: p } };
            const facts = callFacts(call, { cwd: P, home: '/home/user', platform, shell: 'bash' });
            if (facts.kind !== 'read' && facts.kind !== 'edit') continue;
            const only = restrictiveCandidates(rules, facts, env);
            if (only === undefined) continue;
            for (const cr of rules) {
              if (!only.includes(cr)) expect(restrictiveMatch(cr, call, facts, env).kind, `${cr.rule.text} on ${t} ${p}`).toBe('none');
            }
            const positions = only.map((cr) => rules.indexOf(cr));
            expect([...positions].sort((x, y) => x - y)).toEqual(positions);
          }
        },
      ),
      { numRuns: propertyRuns(1500) },
    );
  });
});

describe('allowCandidates', () => {
  it('leaves out only allow rules that do not cover the call, also when the last directory is remembered', () => {
    fc.assert(
      fc.property(
        fc.array(ruleText, { maxLength: 12 }),
        fc.array(fc.tuple(tool, pathText), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<Platform>('linux', 'macos', 'windows'),
        (texts, calls, platform) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: texts } } }]);
          const rules = policy.rules;
          const env = envFor(platform);
          for (const [t, p] of calls) {
            const call: ToolCall = { tool: t, input: { file_path: p, notebook_path: p, path: p } };
            const facts = callFacts(call, { cwd: P, home: '/home/user', platform, shell: 'bash' });
            if (facts.kind !== 'read' && facts.kind !== 'edit') continue;
            const only = allowCandidates(rules, facts.path, env);
            rules.forEach((cr, i) => {
              if (!only.includes(i)) expect(allowCovers(cr, call, facts, env).kind, `${cr.rule.text} on ${t} ${p}`).toBe('none');
            });
          }
        },
      ),
      { numRuns: propertyRuns(1500) },
    );
  });
});
