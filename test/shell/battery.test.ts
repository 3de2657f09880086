import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';
import { loadBattery, score, type Score } from './battery-helpers.js';

beforeAll(async () => {
  await prepareShell();
});

/** Cases known to fail closed, with the reason (each is documented in docs/decisions/0001-shell-parser.md). */
const KNOWN_CLOSED: Record<string, string> = {
  'heredoc-delim-trailing-space': 'the grammar ends the here-document at "EOF "; toolgate refuses instead of guessing',
  'redir-dev-tcp': '`<>` is a parse error in tree-sitter-bash',
  'heredoc-two': 'two here-documents on one line are a parse error in tree-sitter-bash',
  'subst-arith':
    'arithmetic evaluates the output of the substitution as an expression, so a subscript in it runs a command toolgate cannot see',
};

/**
 * Cases where toolgate reads code the battery's conventions leave unread (docs/decisions/0021):
 * the commands the battery lists are all there and the analysis is not unknown, plus the
 * commands the code runs.
 */
const READ_DEEPER: Record<string, { adds: string[][] }> = {
  trap: { adds: [['rm', 'x']] },
  'env-git-ssh': { adds: [['rm', 'x']] },
};

for (const file of ['shell-battery.jsonl', 'own-battery.jsonl']) {
  describe(file, () => {
    const cases = loadBattery(file);
    const tally: Record<Score, string[]> = { correct: [], 'fail-closed': [], wrong: [] };

    it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
      // The battery describes how bash reads each command (a case names another shell when it is about one).
      const a = analyzeShell(c.command, { shell: c.shell ?? 'bash' });
      const s = score(c, a);
      tally[s].push(c.id);
      const deeper = file === 'shell-battery.jsonl' ? READ_DEEPER[c.id] : undefined;
      if (deeper) {
        expect(a.unknown).toEqual([]);
        expect(a.commands.map((x) => x.argv)).toEqual(expect.arrayContaining([...c.expect.commands, ...deeper.adds]));
        expect(a.commands).toHaveLength(c.expect.commands.length + deeper.adds.length);
        tally.correct.push(c.id);
        tally[s].splice(tally[s].indexOf(c.id), 1);
      } else if (KNOWN_CLOSED[c.id]) expect(s === 'correct' || s === 'fail-closed', `${c.id}: ${KNOWN_CLOSED[c.id]}`).toBe(true);
      else
        expect({
          id: c.id,
          commands: a.commands.map((x) => x.argv),
          substitutions: a.hasSubstitution,
          unknown: a.unknown,
          score: s,
        }).toMatchObject({ score: 'correct' });
    });

    it('is never wrong in the open direction, and reports its counts', () => {
      // eslint-disable-next-line no-console
      console.log(
        `${file}: ${tally.correct.length} correct, ${tally['fail-closed'].length} fail-closed (${tally['fail-closed'].join(', ')}), ${tally.wrong.length} wrong`,
      );
      expect(tally.wrong).toEqual([]);
      expect(tally.correct.length + tally['fail-closed'].length).toBe(cases.length);
    });
  });
}

describe('battery size', () => {
  it("has the 117 shared commands and at least 150 of toolgate's own", () => {
    expect(loadBattery('shell-battery.jsonl')).toHaveLength(117);
    expect(loadBattery('own-battery.jsonl').length).toBeGreaterThanOrEqual(150);
  });
});
