/**
 * git's output formats that verify signatures. A pretty format's `%G` placeholders (`%G?`, `%GS`,
 * `%GK`, `%GF`, `%GP`, `%GT`, `%GG`; git-log(1) "PRETTY FORMATS") and a ref-filter format's
 * `%(signature…)` atoms (git-for-each-ref(1), git 2.44+) make git run `gpg.program` (or
 * `gpg.ssh.program`, `gpg.x509.program`) on every signed commit they show, so a command that
 * only prints history runs a program the configuration names. `%%` is a literal `%`.
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
    if (next === 'G') return true;
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
