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
 * the one after it is read from its own `%`, which this scan reaches as well. A colour `%C(…)` is
 * skipped to its first `)` (pretty.c parse_color: the text up to it is a colour spec, never a
 * placeholder; checked on git 2.39.5 with a gpg.program that leaves a mark on a signed commit:
 * `%C(%G?)`, `%+C(%G?)`, `%C(auto,%G?)` ran nothing, `%C(always,%G?)` stopped with "unable to
 * parse", while `%C(%G?` with no `)` and `%C(red)%G?` ran it). The scan looks inside every other
 * placeholder's text, which can only ask more.
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
    const at = next === '+' || next === '-' || next === ' ' ? i + 2 : i + 1;
    const placeholder = format[at];
    if (placeholder === 'G') return true;
    if (placeholder === 'C' && format[at + 1] === '(') {
      const end = format.indexOf(')', at + 2);
      // Not across a `(`: a ref-filter format has no colour placeholder, and its `%(signature)`
      // atom may sit inside what looks like one (`%C(%(signature))`).
      if (end !== -1 && !format.slice(at + 2, end).includes('(')) {
        i = end;
        continue;
      }
    }
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

/** git 2.39's own format names (pretty.c builtin_formats): a `pretty.<name>` of the same name is ignored, and an exact name is never a user's. */
const BUILTIN_FORMATS: ReadonlySet<string> = new Set([
  'raw',
  'medium',
  'short',
  'email',
  'mboxrd',
  'fuller',
  'full',
  'oneline',
  'reference',
]);

/** A format string rather than a name (pretty.c: `format:`, `tformat:`, or any `%`). */
const isFormatString = (v: string): boolean => /^t?format:/.test(v) || v.includes('%');

/**
 * The `pretty.<name>` formats (lower-case names) a command may use, given its words (`rest`, as
 * for {@link formatOptionValues}), `format.pretty` (its value, or undefined when not set) and the
 * user's formats (name to value). git 2.39 (pretty.c find_commit_format_recursive) takes the
 * shortest format whose name begins with the name asked for (its own first on a tie, so an exact
 * own name is its own), and a user format that is itself a name (no `%`, no `format:`) is looked
 * up again. This takes every user format whose name begins with the name asked for, and follows
 * each — so it may list more than git uses, never fewer. `--oneline` asks for `oneline`;
 * `format.pretty` is taken whether or not an option overrides it. Undefined when the chain is too
 * long to follow (any format may be used). Checked on git 2.39.5 with a gpg.program that leaves a
 * mark on a signed commit: with `pretty.sig = %G? %h` and `pretty.al = sig`, `git log`,
 * `--pretty=oneline`, `--oneline` and `--format=short` ran nothing; `--pretty=s` (sig is shorter
 * than short), `--pretty=sig`, `--pretty=al`, `--pretty=a` and `format.pretty = al` ran it.
 * @internal
 */
export function consultedFormats(
  rest: readonly string[],
  formatPretty: string | undefined,
  user: ReadonlyMap<string, string>,
): Set<string> | undefined {
  const sought = formatOptionValues(rest).filter((v) => !isFormatString(v));
  const end = rest.indexOf('--');
  if ((end === -1 ? rest : rest.slice(0, end)).includes('--oneline')) sought.push('oneline');
  if (formatPretty !== undefined && !isFormatString(formatPretty)) sought.push(formatPretty);
  const out = new Set<string>();
  const seen = new Set<string>();
  for (let n = 0; sought.length > 0; n++) {
    if (n > 64) return undefined;
    const s = sought.pop()!.toLowerCase();
    if (seen.has(s) || BUILTIN_FORMATS.has(s)) continue;
    seen.add(s);
    for (const [name, value] of user) {
      if (BUILTIN_FORMATS.has(name) || !name.startsWith(s)) continue;
      out.add(name);
      if (!isFormatString(value)) sought.push(value);
    }
  }
  return out;
}
