import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Platform, ToolCall } from '../../src/core/types.js';
import { callFacts } from '../../src/evaluate/facts.js';
import { effectOutOfReach, effectProbes } from '../../src/evaluate/path-probe.js';
import { effectVerdict, pathRuleMatcher, restrictiveMatch, type MatchEnv } from '../../src/evaluate/rule-match.js';
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
  'packages',
  'pkg-01',
  'docs',
  'README.md',
  'target-5',
  'job-5.sh',
);
const word = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 5 }).map((s) => `${P}/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
  segment,
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `~/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `./${s.join('/')}`),
  fc.constantFrom(
    '/',
    P,
    '/home/user',
    '/home',
    '//etc/hosts',
    '*.pem',
    'sec*',
    'config/prod.{json,pem}',
    '$HOME/.env',
    `${P}/${'d/'.repeat(300)}x.pem`,
    `'a b/x.pem'`,
  ),
);
const program = fc.constantFrom(
  'cat',
  'make',
  'rm',
  'rm -rf',
  'grep -r x',
  'cp -r',
  'touch',
  'echo x >',
  'unknownprog',
  'scp -r',
  'head',
  'sed -i s/a/b/',
  'tar xf a.tar -C',
  'ls',
  'chmod -R 600',
  'mv',
  'git show HEAD:',
);
const command = fc
  .array(fc.tuple(program, fc.array(word, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.map(([p, ws]) => (p.endsWith(':') ? `${p}${ws[0]}` : `${p} ${ws.join(' ')}`)).join(' && '));
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
    './packages/pkg-01/**',
    './packages/pkg-01/src/**',
    '**/*.md',
    '*.ts',
    'README.md',
    '/docs/*',
    '~',
    '**/*.ext5',
    '/docs/page-5.md',
  ),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
);
const ruleText = fc.tuple(fc.constantFrom('Read', 'Edit'), pattern).map(([t, p]) => `${t}(${p})`);

function envFor(platform: Platform): MatchEnv {
  return { cwd: P, home: '/home/user', platform, slashAnchorOf: () => P };
}

describe('effectOutOfReach', () => {
  it('passes over only the effects a deny or ask path rule answers nothing for (so a shell call gets the answer a full scan gives)', () => {
    let skipped = 0;
    fc.assert(
      fc.property(
        fc.array(ruleText, { minLength: 1, maxLength: 8 }),
        command,
        fc.constantFrom<Platform>('linux', 'macos', 'windows'),
        fc.constantFrom('deny', 'ask'),
        (texts, cmd, platform, list) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { [list]: texts } } }]);
          const env = envFor(platform);
          const call: ToolCall = { tool: 'Bash', input: { command: cmd } };
          const facts = callFacts(call, { cwd: P, home: '/home/user', platform, shell: 'bash' });
          if (facts.kind !== 'shell') return;
          const probes = effectProbes(facts.effects, env);
          for (const cr of policy.rules) {
            const m = pathRuleMatcher(cr, env);
            if (m === undefined) continue;
            const ctx = { cwd: env.cwd, home: env.home, slashAnchor: env.slashAnchorOf(cr), platform, list: cr.list };
            facts.effects.forEach((e, i) => {
              const probe = probes[i];
              if (probe === undefined || !effectOutOfReach(m, e, probe)) return;
              skipped++;
              for (const isRead of [true, false]) {
                for (const fold of [false, true]) {
                  expect(
                    effectVerdict(cr.rule, e, isRead, ctx, fold)?.kind ?? 'none',
                    `${cr.rule.text} on ${cmd}: ${JSON.stringify(e)}`,
                  ).toBe('none');
                }
              }
            });
            // The rule's answer is a value either way (the filtered scan runs without throwing).
            expect(['none', 'match', 'hidden']).toContain(restrictiveMatch(cr, call, facts, env).kind);
          }
        },
      ),
      { numRuns: propertyRuns(1500) },
    );
    expect(skipped).toBeGreaterThan(0);
  });
});
