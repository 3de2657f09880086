/**
 * `"$(cat <<'EOF' … EOF)"`: the text of a quoted here-document printed by `cat`, in double quotes —
 * the way Claude Code writes a commit message (`git commit -m "$(cat <<'EOF' … EOF)"`). The
 * delimiter is quoted, so the body is not expanded; `cat` with no operand only copies it; the
 * substitution drops the trailing newlines; the double quotes keep it one word, unsplit and
 * unglobbed. So the word is literal text, and the substitution runs nothing toolgate needs to
 * judge (bash 5.2, dash 0.5.12 and zsh 5.9 print the same bytes: examples in the test beside).
 */

const OPENING = /^\$\([ \t]*cat[ \t]*<<[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)")[ \t]*\n/;

/**
 * The text `substitution` (a whole `$(…)`, as written) produces when it is exactly `cat` reading one
 * here-document with a quoted delimiter and nothing else; `undefined` for anything else.
 */
export function literalHeredocText(substitution: string): string | undefined {
  const m = OPENING.exec(substitution);
  if (!m) return undefined;
  const delimiter = (m[1] ?? m[2])!;
  const lines = substitution.slice(m[0].length).split('\n');
  for (let k = 0; k < lines.length; k++) {
    if (lines[k] !== delimiter) continue;
    // After the closing line only blanks, then the `)` that ends the substitution.
    if (!/^\s*\)$/.test(lines.slice(k + 1).join('\n'))) return undefined;
    return lines.slice(0, k).join('\n').replace(/\n+$/, '');
  }
  return undefined;
}

/**
 * Whether the command's text leaves `cat` to mean something else than the program on the PATH
 * the session started with: it names `PATH`, defines or aliases `cat`, or enables builtins. Then
 * no substitution is read as literal text.
 */
export function catMayBeOther(command: string): boolean {
  return /\bPATH\b|\bcat[ \t]*\(|\bfunction\b|\balias\b|\benable\b|\bhash\b|\bBASH_ENV\b|\bENV\b/.test(command);
}
