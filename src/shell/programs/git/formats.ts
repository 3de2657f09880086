/**
 * git's output formats that verify signatures. A pretty format's `%G` placeholders (`%G?`, `%GS`,
 * `%GK`, `%GF`, `%GP`, `%GT`, `%GG`; git-log(1) "PRETTY FORMATS") and a ref-filter format's
 * `%(signature…)` atoms (git-for-each-ref(1), git 2.44+) make git run `gpg.program` (or
 * `gpg.ssh.program`, `gpg.x509.program`) on every signed commit they show, so a command that
 * only prints history runs a program the configuration names. `%%` is a literal `%`.
 *
 * Read as git 2.39's pretty.c reads a format: at each `%` that is not `%%`, one optional "magic"
 * character (`+`, `-` or a space: add a line feed or space before a non-empty expansion, or drop
 * the line feed before an empty one) may come before the placeholder, and any placeholder that
 * begins with `G` checks the signature (even one git then does not print, such as `%GX`). A column
 * spec (`%<(N)`, `%>(N)`, `%><(N)`, `%>>(N)`) or a colour (`%C(…)`) is a placeholder of its own:
 * the one after it is read from its own `%`, which this scan reaches as well. The scan looks inside
 * every placeholder's text (a `%G` inside `%C(…)` is not one to git), which can only ask more.
 */

/** Whether a format string (`--format=…`, `--pretty=format:…`, `format.pretty`, `pretty.<name>`) verifies signatures. @internal */
export function formatVerifiesSignatures(format: string): boolean {
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%') continue;
    const next = format[i + 1];
    if (next === '%') {
      i++;
      continue;
    }
    // One magic character (pretty.c format_commit_item) may come first: `%+G?`, `%-GS`, `% GK`.
    const placeholder = next === '+' || next === '-' || next === ' ' ? format[i + 2] : next;
    if (placeholder === 'G') return true;
    if (next === '(' && /^\(\s*signature\b/.test(format.slice(i + 1))) return true;
  }
  return false;
}

/**
 * The values of the format options among a git subcommand's words (`--format=X`, `--pretty=X`,
 * `--format X`, `--pretty X`: the next word is taken as well, so that a value git would read
 * either way is never missed). Words after `--` are paths.
 * @internal
 */
export function formatOptionValues(rest: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    const m = /^--(format|pretty)(=([\s\S]*))?$/.exec(a);
    if (!m) continue;
    if (m[2] !== undefined) out.push(m[3]!);
    else if (rest[i + 1] !== undefined) out.push(rest[i + 1]!);
  }
  return out;
}

/** The first format among a subcommand's words that verifies signatures, if any. @internal */
export function signatureFormat(rest: readonly string[]): string | undefined {
  return formatOptionValues(rest).find(formatVerifiesSignatures);
}
