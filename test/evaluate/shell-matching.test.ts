/**
 * What matching rules works out once for a shell call is held by the call (`shell-matching.ts`),
 * not by a module: two calls decided interleaved — two views, two policies, as serve decides
 * many — each keep their own answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { callFacts, type CallFacts } from '../../src/evaluate/facts.js';
import { restrictiveMatch, type MatchEnv } from '../../src/evaluate/rule-match.js';
import { analysisExtras, restrictiveTextsOf } from '../../src/evaluate/shell-matching.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { CompiledRule } from '../../src/settings/types.js';

const P = '/home/user/project';
const CTX = { cwd: P, home: '/home/user', platform: 'linux' as const };

/** Debian's alternatives: `editor` is vim where the view says so, nano where it does not. */
function machine(editor: string): ReadonlyFsView {
  return caseFsView(
    {
      '/usr/bin/editor': 'symlink -> /etc/alternatives/editor',
      '/etc/alternatives/editor': `symlink -> ${editor}`,
      '/usr/bin/vi': 'symlink -> /usr/bin/vim.basic',
      '/usr/bin/vim.basic': 'file',
      '/usr/bin/nano': 'file',
      [`${P}/README.md`]: 'text: hello',
    },
    CTX,
  );
}
const VIM = machine('/usr/bin/vim.basic');
const NANO = machine('/usr/bin/nano');

function policy(deny: string[]) {
  return policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], deny } } }]);
}

function decide(command: string, deny: string[], fs?: ReadonlyFsView) {
  return evaluate({ tool: 'Bash', input: { command } }, { mode: 'default', policy: policy(deny), cwd: P, home: CTX.home, ...(fs ? { fs } : {}) });
}

function shellFacts(command: string): Extract<CallFacts, { kind: 'shell' }> {
  const facts = callFacts({ tool: 'Bash', input: { command } }, { ...CTX, shell: 'bash' });
  if (facts.kind !== 'shell') throw new Error(`not a shell call: ${facts.kind}`);
  return facts;
}

const ENV: MatchEnv = { ...CTX, slashAnchorOf: () => P };
const denyRule = (text: string): CompiledRule => policy([text]).rules.find((r) => r.list === 'deny')!;

beforeAll(async () => {
  await prepare();
});

describe('a shell call holds its own matching state', () => {
  it('one call met with two views in turn: each view answers for itself', () => {
    const facts = shellFacts('editor README.md');
    const vi = denyRule('Bash(vi *)');
    const call = { tool: 'Bash', input: { command: 'editor README.md' } };
    const answers = [VIM, NANO, VIM, NANO].map((view) => restrictiveMatch(vi, call, facts, ENV, view));
    // Where editor is vim it is vi to the rule; where it is nano, only the code an editor may run is.
    expect(answers.map((m) => m.kind)).toEqual(['match', 'hidden', 'match', 'hidden']);
    expect(answers[0]).toMatchObject({ detail: expect.stringContaining('one file on this machine') });
    expect(answers[1]).toMatchObject({ opaque: true });
  });

  it('calls met in turn keep their own texts, word variants and opaque parts', () => {
    const calls = ['git $P origin', 'git status; cat README.md', 'python3 build.py'].map(shellFacts);
    const rules = ['Bash(git push *)', 'Bash(cat *)', 'Bash(rm *)'].map(denyRule);
    // python3 build.py runs code toolgate cannot read: any program rule may be hidden in it.
    const expected = [
      ['hidden', 'none', 'none'],
      ['none', 'match', 'none'],
      ['hidden', 'hidden', 'hidden'],
    ];
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0, 1],
    ]) {
      for (const r of [0, 1, 2]) {
        for (const c of order) {
          const facts = calls[c]!;
          const m = restrictiveMatch(rules[r]!, { tool: 'Bash', input: { command: facts.command } }, facts, ENV);
          expect(m.kind, `${facts.command} under ${rules[r]!.rule.text}`).toBe(expected[c]![r]);
        }
      }
    }
    // What each call holds is what its analysis gives afresh.
    for (const facts of calls) {
      expect(facts.matching.restrictiveTexts()).toEqual(restrictiveTextsOf(facts.analysis));
      const held = facts.matching.analysisExtras();
      const fresh = analysisExtras(facts.analysis);
      expect([held.holes.length, held.opaque, [...held.unknownWords]]).toEqual([fresh.holes.length, fresh.opaque, [...fresh.unknownWords]]);
    }
  });

  it('evaluate with two views and two policies interleaved: every decision is the one it makes alone', () => {
    const cases: [string, string[], ReadonlyFsView | undefined][] = [
      ['editor README.md', ['Bash(vi *)'], VIM],
      ['editor README.md', ['Bash(vi *)'], NANO],
      ['git status; cat README.md', ['Bash(cat *)'], undefined],
      ['git status; cat README.md', ['Bash(git push *)'], undefined],
      ['git $P origin', ['Bash(git push *)'], undefined],
    ];
    const alone = cases.map(([command, deny, fs]) => decide(command, deny, fs).behavior);
    expect(alone).toEqual(['deny', 'ask', 'deny', 'allow', 'ask']);
    for (const order of [
      [0, 1, 2, 3, 4],
      [4, 3, 2, 1, 0],
      [1, 0, 3, 2, 4, 0, 1],
    ]) {
      for (const i of order) expect(decide(...cases[i]!).behavior, `${cases[i]![0]} under ${cases[i]![1]}`).toBe(alone[i]);
    }
  });
});
