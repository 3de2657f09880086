import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { callFacts, type CallFacts } from '../../src/evaluate/facts.js';
import { consentCandidates, coveringRule, commandRuleCandidates } from '../../src/evaluate/bash-rule-index.js';
import { indexPolicy, rulesForTool } from '../../src/evaluate/policy-index.js';
import { partsToCover, patternCoversCommand, restrictiveMatch, type MatchEnv, type RuleMatch } from '../../src/evaluate/rule-match.js';
import type { CompiledRule } from '../../src/settings/types.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { powerShellRestrictive } from '../../src/evaluate/powershell.js';
import { consentFor } from '../../src/evaluate/opaque-code.js';
import { families, familyArbitrary } from '../support/bash-fuzz/families.js';
import { mutationSeeds } from '../support/bash-fuzz/corpus.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const env: MatchEnv = { cwd: P, home: '/home/user', platform: 'linux', slashAnchorOf: () => P };

beforeAll(async () => {
  await prepare();
});

// Rules: literal first words (plain, path-named, upper case, with an escape, an assignment, a
// newline), first words that are not literal (`*`, `ls*`, `$X`), `:*` prefixes, other families.
const programs = [
  'git',
  'rm',
  'RM',
  '/bin/rm',
  '/usr/bin/rm',
  'rm.exe',
  'npm',
  'ls',
  'cat',
  'ssh',
  'sh',
  'bash',
  'env',
  'curl',
  'make',
  'sudo',
  'echo',
  'find',
  'xargs',
  'eval',
  'python3',
  './scripts/x.sh',
  'FOO=1',
  'x',
  'rm\\*',
];
const rest = [
  '',
  ' *',
  ' -rf *',
  ' push *',
  ' push:*',
  ':*',
  ' * main',
  ' run test *',
  ' -c *',
  ' host *',
  ' *.env',
  '*',
  ' $X',
  ' --force *',
  '\npush *',
  '  push   *',
  ' \\* x',
  ' CC=rm *',
];
const spec = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...programs), fc.constantFrom(...rest)).map(([p, r]) => `${p}${r}`) },
  { weight: 1, arbitrary: fc.constantFrom('*', 'ls*', '* push *', '$X *', 'r?m *', '{rm,ls} *', '\\rm *', ' rm -rf *', 'git\tpush *') },
);
const ruleText = fc.oneof(
  { weight: 8, arbitrary: spec.map((s) => `Bash(${s.replace(/[()]/g, '')})`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bash',
      'Read(./.env)',
      'Edit(./src/**)',
      'Read(**/*.pem)',
      'Bash(timeout:5)',
      'PowerShell(rm *)',
      'WebFetch',
    ),
  },
);
const rules = fc.array(ruleText, { minLength: 8, maxLength: 30 });

// Commands: the local vocabulary (variables, braces, globs, wrappers, path-named and upper-case
// programs, escapes, unknown programs that name others) and the bash differential's families.
const word = fc.constantFrom(
  'git',
  'push',
  'rm',
  'RM',
  '/bin/rm',
  '\\rm',
  'r\\m',
  'rm.exe',
  '-rf',
  'x',
  '.env',
  'npm',
  'run',
  'test',
  'ls',
  'cat',
  'ssh',
  'host',
  'sh',
  '-c',
  '"rm x"',
  'env',
  'FOO=1',
  'A=$X',
  '$X',
  '${X}',
  '{rm,ls}',
  'git{,}',
  '*.ts',
  'make',
  'CC=rm',
  'sudo',
  'command',
  'xargs',
  'main',
  '--force',
  'eval',
  '$(ls)',
  '~',
  'python3',
  'cd',
  'find',
  '-exec',
  "'rm*'",
);
const sep = fc.constantFrom(' ', ' ', ' ', ' && ', '; ', ' | ', '\n', '  ', '\t');
const local = fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: 6 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);
const fuzz = fc.oneof(...families(mutationSeeds()).map((f) => familyArbitrary(f).map((g) => g.command)));
const command = fc.oneof({ weight: 3, arbitrary: local }, { weight: 2, arbitrary: fuzz });

/**
 * `picked` is a subsequence of `all` in its order, and every rule it leaves out answers none — or,
 * under a script toolgate cannot read, is hidden only by that script, and a rule so hidden is kept
 * no later than the first one left out (the rule the opaque-code table answers for).
 */
function expectOnlyNonesLeftOut(
  all: readonly CompiledRule[],
  picked: readonly CompiledRule[],
  answer: (cr: CompiledRule) => RuleMatch,
  cmd: string,
): void {
  let at = -1;
  for (const cr of picked) {
    const i = all.indexOf(cr, at + 1);
    expect(i, `${cr.rule.text} out of order`).toBeGreaterThan(at);
    at = i;
  }
  const kept = new Set(picked);
  const opaque = (cr: CompiledRule) => {
    const m = answer(cr);
    return m.kind === 'hidden' && m.opaque === true;
  };
  for (const cr of all) {
    if (kept.has(cr)) continue;
    if (opaque(cr)) {
      const first = all.find(opaque)!;
      expect(kept.has(first), `${first.rule.text}, the first rule hidden by opaque code, kept for ${JSON.stringify(cmd)}`).toBe(true);
      continue;
    }
    expect(answer(cr).kind, `${cr.rule.text} left out for ${JSON.stringify(cmd)}`).toBe('none');
  }
}

function firstAnswer(
  list: readonly CompiledRule[],
  call: ToolCall,
  facts: CallFacts,
): { match?: string; hidden?: string; detail?: string } {
  let hidden: { cr: CompiledRule; m: RuleMatch } | undefined;
  for (const cr of list) {
    const m = restrictiveMatch(cr, call, facts, env);
    if (m.kind === 'match') return { match: cr.rule.text, detail: m.detail };
    if (m.kind === 'hidden' && hidden === undefined) hidden = { cr, m };
  }
  return hidden === undefined ? {} : { hidden: hidden.cr.rule.text, detail: hidden.m.kind === 'hidden' ? hidden.m.detail : '' };
}

describe('Bash rule index', () => {
  it('leaves out only rules that answer none, keeps list order, and names the rule a scan names', () => {
    fc.assert(
      fc.property(fc.record({ deny: rules, ask: rules, allow: rules }), command, (permissions, cmd) => {
        const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
        const index = indexPolicy(policy, undefined);
        const call: ToolCall = { tool: 'Bash', input: { command: cmd } };
        const facts = callFacts(call, { cwd: P, home: '/home/user', platform: 'linux', shell: 'bash' });
        for (const list of ['deny', 'ask'] as const) {
          const all = rulesForTool(index, list, 'Bash');
          expect(commandRuleCandidates(all, facts)).toBe(all); // a list is indexed on its second use
          const picked = commandRuleCandidates(all, facts);
          expectOnlyNonesLeftOut(all, picked, (cr) => restrictiveMatch(cr, call, facts, env), cmd);
          expect(firstAnswer(picked, call, facts)).toEqual(firstAnswer(all, call, facts));
        }
        if (facts.kind === 'shell') {
          const allow = rulesForTool(index, 'allow', 'Bash');
          // Twice over the parts: a list is indexed on its second use.
          for (const part of [...partsToCover(facts.analysis), ...partsToCover(facts.analysis)]) {
            const scan = allow.find((cr) => cr.rule.family === 'bash' && patternCoversCommand(cr.rule.specifier ?? '*', part));
            expect(coveringRule(allow, part)?.rule.text, `allow rule for ${JSON.stringify(part.argv)}`).toBe(scan?.rule.text);
            expect(consentFor(consentCandidates(allow, part), part), `consent for ${JSON.stringify(part.argv)}`).toEqual(
              consentFor(allow, part),
            );
          }
        }
      }),
      { numRuns: propertyRuns(800) },
    );
  }, 180_000);

  it('tries the rules on the program a script installed beside it runs (make-first-existing-target runs make)', () => {
    const deny = ['Bash(git)', 'Bash(make)', ...Array.from({ length: 8 }, (_, i) => `Bash(timeout:${i})`)];
    const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny } } }]);
    const call: ToolCall = { tool: 'Bash', input: { command: 'make-first-existing-target all' } };
    const facts = callFacts(call, { cwd: P, home: '/home/user', platform: 'linux', shell: 'bash' });
    const all = rulesForTool(indexPolicy(policy, undefined), 'deny', 'Bash');
    commandRuleCandidates(all, facts); // a list is indexed on its second use
    expect(firstAnswer(commandRuleCandidates(all, facts), call, facts)).toEqual(firstAnswer(all, call, facts));
    expect(firstAnswer(all, call, facts)).toMatchObject({ match: 'Bash(make)' });
  });

  it('gives the same decision, reason and rule as the same rules in a list too short to index', () => {
    // Fewer than eight rules are scanned; with padding that never matches nor hides (a parameter
    // rule on a field the call lacks, an allow rule for a program no command names) they are indexed.
    const padRestrictive = Array.from({ length: 8 }, (_, i) => `Bash(timeout:${i})`);
    const padAllow = Array.from({ length: 8 }, (_, i) => `Bash(zz-never-${i} *)`);
    fc.assert(
      fc.property(
        fc.array(ruleText, { maxLength: 3 }),
        fc.array(ruleText, { maxLength: 3 }),
        fc.array(ruleText, { maxLength: 3 }),
        command,
        (deny, ask, allow, cmd) => {
          const short = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny, ask, allow } } }]);
          const long = policyFromObjects([
            {
              kind: 'projectSettings',
              settings: {
                permissions: { deny: [...deny, ...padRestrictive], ask: [...ask, ...padRestrictive], allow: [...allow, ...padAllow] },
              },
            },
          ]);
          const call: ToolCall = { tool: 'Bash', input: { command: cmd } };
          expect(rulesForTool(indexPolicy(long, undefined), 'deny', 'Bash').length).toBeGreaterThanOrEqual(8);
          const a = evaluate(call, { mode: 'default', policy: short, cwd: P, home: '/home/user' });
          evaluate(call, { mode: 'default', policy: long, cwd: P, home: '/home/user' }); // the lists' first use: scanned
          const b = evaluate(call, { mode: 'default', policy: long, cwd: P, home: '/home/user' });
          expect({ behavior: b.behavior, reason: b.reason, rule: b.rule?.text }).toEqual({
            behavior: a.behavior,
            reason: a.reason,
            rule: a.rule?.text,
          });
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  }, 180_000);

  it('PowerShell: leaves out only rules that answer none and names the rule a scan names', () => {
    const psSpec = fc
      .tuple(
        fc.constantFrom(
          'Remove-Item',
          'remove-item',
          'rm',
          'RM',
          'del',
          'ri',
          'Get-ChildItem',
          'gci',
          'ls',
          'dir',
          'Invoke-Expression',
          'iex',
          'git',
          'npm',
          'Set-Content',
          'sc',
          'x',
          '*',
          'r*',
          '$x',
        ),
        fc.constantFrom('', ' *', ':*', '*', ' -Recurse *', ' push *', ' * -Force', ' .env', '  x  *'),
      )
      .map(([a, b]) => `PowerShell(${a}${b})`);
    const psRules = fc.array(
      fc.oneof(
        { weight: 8, arbitrary: psSpec },
        { weight: 1, arbitrary: fc.constantFrom('PowerShell', 'Read(./.env)', 'Edit(./src/**)', 'PowerShell(timeout:5)') },
      ),
      { minLength: 8, maxLength: 25 },
    );
    const psWord = fc.constantFrom(
      'Remove-Item',
      'rm',
      'RM',
      'ri',
      'del',
      'gci',
      'Get-ChildItem',
      'ls',
      'iex',
      'git',
      'push',
      'npm',
      'x',
      '.env',
      '-Recurse',
      '-Force',
      '-Path:x',
      '$v',
      '*.log',
      "'a b'",
      'a,b',
      '@args',
      '$(gci)',
      'sc',
      'src',
    );
    const psSep = fc.constantFrom(' ', ' ', ' ', '; ', ' | ', '\n', ' && ');
    const psCommand = fc.array(fc.tuple(psWord, psSep), { minLength: 1, maxLength: 6 }).map((parts) =>
      parts
        .map(([w, sp]) => w + sp)
        .join('')
        .trim(),
    );
    fc.assert(
      fc.property(
        fc.record({ deny: psRules, ask: psRules }),
        psCommand,
        fc.constantFrom('linux', 'windows') as fc.Arbitrary<'linux' | 'windows'>,
        (permissions, cmd, platform) => {
          const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
          const index = indexPolicy(policy, undefined);
          const call: ToolCall = { tool: 'PowerShell', input: { command: cmd } };
          const facts = callFacts(call, { cwd: P, home: '/home/user', platform, shell: 'bash' });
          if (facts.kind !== 'powershell') return;
          const psEnv: MatchEnv = { ...env, platform };
          const answer = (cr: CompiledRule): RuleMatch =>
            cr.rule.family !== 'bare' && cr.rule.family !== 'param'
              ? powerShellRestrictive(cr, call, facts, psEnv)
              : restrictiveMatch(cr, call, facts, psEnv);
          for (const list of ['deny', 'ask'] as const) {
            const all = rulesForTool(index, list, 'PowerShell');
            expect(commandRuleCandidates(all, facts)).toBe(all); // a list is indexed on its second use
            expectOnlyNonesLeftOut(all, commandRuleCandidates(all, facts), answer, cmd);
          }
        },
      ),
      { numRuns: propertyRuns(800) },
    );
  }, 180_000);
});
