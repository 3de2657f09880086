/**
 * The index of deny and ask path rules by their needle (`path-rule-index.ts`) gives the verdicts
 * the unindexed filter gives: for a Read or Edit call the very rules a scan of the whole list keeps,
 * and for a shell call only rules that answer `none` are left out, in the list's order, so the
 * rule an answer names is the one a scan names. A list is scanned on its first use and indexed on
 * its second, so two evaluations of one call compare the scan with the index.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import type { Platform, ToolCall } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { callFacts } from '../../src/evaluate/facts.js';
import { commandRuleCandidates } from '../../src/evaluate/bash-rule-index.js';
import { indexPolicy, rulesForTool } from '../../src/evaluate/policy-index.js';
import { restrictiveCandidates, scannedCandidates, shellPathCandidates } from '../../src/evaluate/path-rule-filter.js';
import { restrictiveMatch, type MatchEnv, type RuleMatch } from '../../src/evaluate/rule-match.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { CompiledRule } from '../../src/settings/types.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const H = '/home/user';

beforeAll(async () => {
  await prepare();
});

function envFor(platform: Platform): MatchEnv {
  return { cwd: P, home: H, platform, slashAnchorOf: () => P };
}

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
  'pkg-1',
  'docs',
  'page-5.md',
  'a.ext5',
  'a.ext55',
  'README.md',
  'a b',
  'target-5',
);
const pathText = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => `${P}/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `~/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/proc/self/cwd/${s.join('/')}`),
  fc.constantFrom(
    '/',
    P,
    `${P}/`,
    H,
    '//etc/hosts',
    '/home',
    '/home/user/project/docs',
    `${P}/${'d/'.repeat(300)}x.pem`,
    `${P}/${'d'.repeat(600)}`,
  ),
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
    './packages/pkg-1/src/**',
    '**/*.md',
    '*.ts',
    'README.md',
    '/docs/*',
    '/docs/page-5.md',
    '**/*.ext5',
    '**/*.ext55',
    '~',
    '//',
    '//home/user/project/target-5/**',
    'target-5',
    '**/SECRETS/**',
  ),
  fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
);
const pathRule = fc.tuple(fc.constantFrom('Read', 'Read', 'Edit', 'Edit', 'Write', 'Grep'), pattern).map(([t, p]) => `${t}(${p})`);
const otherRule = fc.constantFrom(
  'Bash(cat *)',
  'Bash(make target-5)',
  'Bash(rm -rf *)',
  'Bash(node *)',
  'Bash(git push *)',
  'WebFetch',
  'Bash(timeout:5)',
);
const ruleText = fc.oneof({ weight: 6, arbitrary: pathRule }, { weight: 1, arbitrary: otherRule });
/** Long enough to be indexed (16 rules or more). */
const rules = fc.array(ruleText, { minLength: 16, maxLength: 40 });
const platform = fc.constantFrom<Platform>('linux', 'linux', 'macos', 'windows');

// Shell commands that touch paths: readers, writers, removals, tree reads, redirections, words
// of programs toolgate does not model, globs, braces, variables, `..`, a script it cannot read.
const operand = fc.oneof(
  { weight: 4, arbitrary: pathText.filter((p) => !/[\s'"]/.test(p) && p !== '') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '*.pem',
      'docs/*',
      '{a,b}.ext5',
      'src/{x,y}',
      '$X',
      '"$HOME/.ssh/id_rsa"',
      '~/.ssh/id_rsa',
      '..',
      '.',
      'target-5',
      'docs',
      'a.ext5',
    ),
  },
);
const program = fc.constantFrom(
  'cat',
  'cp',
  'mv',
  'rm',
  'rm -rf',
  'grep -r x',
  'tar cf out.tar',
  'ls',
  'touch',
  'head',
  'make',
  'frobnicate',
  'sed -i s/a/b/',
  'node',
  'echo x >',
  'cat >>',
  'ln -s',
  'chmod -R 600',
);
const simple = fc.tuple(program, fc.array(operand, { minLength: 0, maxLength: 3 })).map(([p, ops]) => [p, ...ops].join(' '));
const shellCommand = fc.oneof(
  { weight: 5, arbitrary: simple },
  { weight: 2, arbitrary: fc.tuple(simple, fc.constantFrom(' && ', ' | ', '; '), simple).map(([a, s, b]) => `${a}${s}${b}`) },
  { weight: 1, arbitrary: fc.tuple(pathText, simple).map(([d, c]) => `cd ${d.replace(/\s/g, '')} && ${c}`) },
  { weight: 1, arbitrary: simple.map((c) => `bash -c "${c.replace(/"/g, '')}"`) },
);

/** A view where some files have a second name (`linkCount` 2), everything exists, nothing is a directory. */
function viewWith(linked: readonly string[]): ReadonlyFsView {
  return {
    realpath: (p) => p,
    exists: () => true,
    isDirectory: () => false,
    linkCount: (p) => (linked.some((l) => p.endsWith(l)) ? 2 : 1),
  };
}

function firstAnswer(
  list: readonly CompiledRule[],
  answer: (cr: CompiledRule) => RuleMatch,
): { match?: string; hidden?: string; detail?: string } {
  let hidden: { cr: CompiledRule; m: RuleMatch } | undefined;
  for (const cr of list) {
    const m = answer(cr);
    if (m.kind === 'match') return { match: cr.rule.text, detail: m.detail };
    if (m.kind === 'hidden' && hidden === undefined) hidden = { cr, m };
  }
  return hidden === undefined ? {} : { hidden: hidden.cr.rule.text, detail: hidden.m.kind === 'hidden' ? hidden.m.detail : '' };
}

/** The first rule that is hidden only by code toolgate cannot read (the rule the opaque-code table answers for). */
function firstOpaque(list: readonly CompiledRule[], answer: (cr: CompiledRule) => RuleMatch): string | undefined {
  for (const cr of list) {
    const m = answer(cr);
    if (m.kind === 'hidden' && m.opaque === true) return cr.rule.text;
  }
  return undefined;
}

/**
 * `picked` is a subsequence of `all` in its order, and every rule it leaves out answers none —
 * or, under a script toolgate cannot read, is hidden only by that script (the first such rule is
 * checked by {@link firstOpaque}).
 */
function expectOnlyNonesLeftOut(
  all: readonly CompiledRule[],
  picked: readonly CompiledRule[],
  answer: (cr: CompiledRule) => RuleMatch,
  what: string,
): void {
  let at = -1;
  for (const cr of picked) {
    const i = all.indexOf(cr, at + 1);
    expect(i, `${cr.rule.text} out of order`).toBeGreaterThan(at);
    at = i;
  }
  const kept = new Set(picked);
  for (const cr of all) {
    if (kept.has(cr)) continue;
    const m = answer(cr);
    if (m.kind === 'hidden' && m.opaque === true) continue;
    expect(m.kind, `${cr.rule.text} left out for ${what}`).toBe('none');
  }
}

describe('path rule index', () => {
  it('keeps, for a Read or Edit call, exactly the rules a scan of the whole list keeps', () => {
    let narrowed = 0;
    const tool = fc.constantFrom('Read', 'Edit', 'Write', 'Grep', 'Glob', 'NotebookEdit');
    fc.assert(
      fc.property(
        rules,
        fc.array(fc.tuple(tool, pathText), { minLength: 1, maxLength: 4 }),
        platform,
        fc.constantFrom('deny', 'ask'),
        (texts, calls, pf, list) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { [list]: texts } } }]);
          const all = policy.rules;
          const env = envFor(pf);
          for (const [t, p] of calls) {
            const call: ToolCall = { tool: t, input: { file_path: p, notebook_path: p, path: p } };
            const facts = callFacts(call, { cwd: P, home: H, platform: pf, shell: 'bash' });
            if (facts.kind !== 'read' && facts.kind !== 'edit') continue;
            restrictiveCandidates(all, facts, env); // a list is indexed on its second use
            const indexed = restrictiveCandidates(all, facts, env);
            expect(indexed, `${t} ${p}`).toEqual(scannedCandidates(all, facts, env));
            if (indexed !== undefined && indexed.length < all.length) narrowed++;
            if (indexed !== undefined) expectOnlyNonesLeftOut(all, indexed, (cr) => restrictiveMatch(cr, call, facts, env), `${t} ${p}`);
          }
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
    // The index is at work: many calls meet fewer rules than the list holds.
    expect(narrowed).toBeGreaterThan(propertyRuns(1000) / 5);
  });

  it('leaves out, for a shell call, only rules that answer none, keeps list order, and names the rule a scan names', () => {
    let narrowed = 0;
    fc.assert(
      fc.property(
        fc.record({ deny: rules, ask: rules }),
        shellCommand,
        platform,
        fc.option(fc.constantFrom(['.env'], ['x.pem', 'a.ts'], ['page-5.md'])),
        (permissions, cmd, pf, linked) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
          const index = indexPolicy(policy, undefined);
          const env = envFor(pf);
          const view = linked === null ? undefined : viewWith(linked);
          const call: ToolCall = { tool: 'Bash', input: { command: cmd } };
          const facts = callFacts(call, {
            cwd: P,
            home: H,
            platform: pf,
            shell: 'bash',
            ...(view !== undefined ? { realpath: view.realpath, isDirectory: view.isDirectory } : {}),
          });
          if (facts.kind !== 'shell') return;
          const answer = (cr: CompiledRule) => restrictiveMatch(cr, call, facts, env, view);
          for (const list of ['deny', 'ask'] as const) {
            const all = rulesForTool(index, list, 'Bash');
            // Both indexes are made on a list's second use.
            commandRuleCandidates(all, facts, shellPathCandidates(all, facts, env));
            const paths = shellPathCandidates(all, facts, env);
            const picked = commandRuleCandidates(all, facts, paths);
            if (paths !== undefined && paths.length < all.filter((cr) => cr.rule.family === 'path').length) narrowed++;
            expectOnlyNonesLeftOut(all, picked, answer, JSON.stringify(cmd));
            const notOpaque = (cr: CompiledRule): RuleMatch => {
              const m = answer(cr);
              return m.kind === 'hidden' && m.opaque === true ? { kind: 'none' } : m;
            };
            expect(firstAnswer(picked, notOpaque)).toEqual(firstAnswer(all, notOpaque));
            expect(firstOpaque(picked, answer)).toEqual(firstOpaque(all, answer));
          }
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
    expect(narrowed).toBeGreaterThan(propertyRuns(1000) / 5);
  }, 180_000);

  it('gives the decision a scan gives, on the first use of the lists and the second', () => {
    const call = fc.oneof(
      { weight: 3, arbitrary: shellCommand.map((command): ToolCall => ({ tool: 'Bash', input: { command } })) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom('Read', 'Edit', 'Write'), pathText)
          .map(([tool, p]): ToolCall => ({ tool, input: { file_path: p } })),
      },
    );
    fc.assert(
      fc.property(
        fc.record({ deny: rules, ask: rules, allow: fc.array(ruleText, { maxLength: 20 }) }),
        call,
        platform,
        fc.option(fc.constantFrom(['.env'], ['x.pem'])),
        (permissions, c, pf, linked) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
          const ctx = {
            mode: 'default' as const,
            policy,
            cwd: P,
            home: H,
            platform: pf,
            ...(linked !== null ? { fs: viewWith(linked) } : {}),
          };
          const scanned = evaluate(c, ctx);
          const indexed = evaluate(c, ctx);
          expect(indexed).toEqual(scanned);
        },
      ),
      { numRuns: propertyRuns(600) },
    );
  }, 180_000);
});
