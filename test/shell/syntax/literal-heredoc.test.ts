import { describe, expect, it } from 'vitest';
import { catMayBeOther, literalHeredocText } from '../../../src/shell/syntax/literal-heredoc.js';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

await prepareShell();

describe('literalHeredocText', () => {
  // Each text is what bash 5.2, dash 0.5.12 and zsh 5.9 print for printf '[%s]' "<substitution>".
  it.each([
    ["$(cat <<'EOF'\nfeat: x\n\nbody\nEOF\n)", 'feat: x\n\nbody'],
    ['$(cat <<"EOF"\n$HOME `id`\nEOF\n)', '$HOME `id`'],
    ["$(cat <<'EOF'\nbody\n\n\nEOF\n)", 'body'],
    ["$( cat << 'END'\nx\nEND\n  )", 'x'],
  ])('%j is the literal %j', (sub, text) => {
    expect(literalHeredocText(sub)).toBe(text);
  });
  it.each([
    '$(cat <<EOF\n$(rm -rf src)\nEOF\n)', // unquoted delimiter: the body is expanded
    "$(cat <<-'EOF'\n\tx\nEOF\n)", // <<- strips tabs: not read
    "$(cat <<'EOF' > f\nx\nEOF\n)", // a redirection after the delimiter
    "$(cat <<'EOF'\nx\nEOF\nrm -rf src\n)", // a command after the here-document
    "$(cat <<'EOF'\nx\nEOF)", // the delimiter is not alone on its line
    "$(cat x <<'EOF'\nx\nEOF\n)", // an operand
    "$(tac <<'EOF'\nx\nEOF\n)",
  ])('%j is not literal text', (sub) => {
    expect(literalHeredocText(sub)).toBeUndefined();
  });
  it('knows when cat may be another program', () => {
    expect(catMayBeOther('PATH=.:$PATH git commit -m x')).toBe(true);
    expect(catMayBeOther('cat() { rm -rf src; }; git commit -m x')).toBe(true);
    expect(catMayBeOther('git commit -m x')).toBe(false);
  });
});

describe('a commit message in a quoted here-document', () => {
  it('is one literal word and no substitution', () => {
    const a = analyzeShell(`git commit -m "$(cat <<'EOF'\nfeat: x\n\nbody\nEOF\n)"`);
    expect(a.unknown).toEqual([]);
    expect(a.hasSubstitution).toBe(false);
    // The `cat` inside still runs and is reported (deny rules naming it see it).
    expect(a.commands.map((c) => c.argv)).toContainEqual(['git', 'commit', '-m', 'feat: x\n\nbody']);
    expect(a.commands.map((c) => c.argv)).toContainEqual(['cat']);
  });
  it('stays a substitution outside double quotes, with an unquoted delimiter, or when PATH is set', () => {
    for (const command of [
      `git commit -m $(cat <<'EOF'\nx\nEOF\n)`,
      `git commit -m "$(cat <<EOF\nx\nEOF\n)"`,
      `PATH=.:$PATH git commit -m "$(cat <<'EOF'\nx\nEOF\n)"`,
    ])
      expect(analyzeShell(command).hasSubstitution).toBe(true);
  });
});
