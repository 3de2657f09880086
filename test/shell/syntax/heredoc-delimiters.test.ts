import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

// Checked with bash 5.2, dash 0.5 and zsh 5.9: each delimiter below ends at the line given, and
// the body is literal (`$x` and a backquoted command are printed as written).
const QUOTED: readonly [string, string][] = [
  ['"E"OF', 'EOF'],
  ['E"O"F', 'EOF'],
  ["'EOF'x", 'EOFx'],
  ["E'OF'", 'EOF'],
  ['\\EOF', 'EOF'],
  ['E\\OF', 'EOF'],
  ['"EOF"', 'EOF'],
];

describe('here-document delimiters with a quoted part', () => {
  for (const [word, end] of QUOTED) {
    it(`<<${word} ends at ${end} and its body is literal`, () => {
      const a = analyzeShell(`cat <<${word}\n$(rm x) \`rm y\`\n${end}\necho after`);
      expect(a.unknown).toEqual([]);
      expect(a.commands.map((c) => c.argv)).toEqual([['cat'], ['echo', 'after']]);
      expect(a.redirects).toMatchObject([{ op: '<<', target: end, kind: 'heredoc', body: '$(rm x) `rm y`\n' }]);
    });
  }

  it('reads <<- with a quoted part, the tabs taken off', () => {
    const a = analyzeShell('cat <<-E"O"F\n\t$(rm x)\n\tEOF\nls');
    expect(a.unknown).toEqual([]);
    expect(a.commands.map((c) => c.argv)).toEqual([['cat'], ['ls']]);
  });

  it('keeps an unquoted body expanded', () => {
    const a = analyzeShell('cat <<EOF\n$(rm x)\nEOF');
    expect(a.unknown).toEqual([]);
    expect(a.commands.map((c) => c.argv)).toContainEqual(['rm', 'x']);
  });

  it('keeps what it cannot read unknown', () => {
    // The line E does not end a here-document whose delimiter is EOF.
    expect(analyzeShell('cat <<"E"OF\n$(rm x)\nE\n').unknown).not.toEqual([]);
    // An expansion in the word: not read.
    expect(analyzeShell('cat <<"$X"OF\nx\n$XOF').unknown).not.toEqual([]);
  });

  it('leaves the same text in an argument alone', () => {
    expect(analyzeShell('echo "<<"E"OF"').commands.map((c) => c.argv)).toEqual([['echo', '<<EOF']]);
  });
});
