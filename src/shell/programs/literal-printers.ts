/**
 * What a known printer of literal text writes: `echo WORDS` and `printf FORMAT [ARGS]` with
 * literal words. A shell fed by one (`printf 'cp a b' | bash`, `. <(echo 'cp a b')`, `bash <
 * <(printf …)`) runs that text, which the line therefore shows (red team 24's replay, RP24-S1:
 * each overwrote .claude/settings.json in bypassPermissions). Anything else is not worked out.
 * printf(1) of GNU coreutils 9.1, bash 5.2's, zsh 5.9's and dash 0.5.12's builtins: the format's
 * escapes the four agree on, `%s`, `%b` (of an argument with no escape) and `%%`; the format is
 * used again while arguments remain.
 */

/** Escapes of a printf format (and of `%b`'s argument): their characters. */
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\\': '\\',
};

/**
 * `text` with the escapes of a printf format replaced, or undefined for one whose meaning differs
 * between printfs or that toolgate does not read (dash 0.5.12 prints `\x41` as written, bash and
 * zsh as `A`; `\c`, `\u`, `\"`).
 */
function unescapePrintf(text: string): string | undefined {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) return undefined;
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1));
    if (octal !== null) {
      out += String.fromCharCode(parseInt(octal[0], 8));
      i += octal[0].length;
    } else if (Object.prototype.hasOwnProperty.call(ESCAPES, next)) {
      out += ESCAPES[next]!;
      i++;
    } else return undefined;
  }
  return out;
}

/** What `printf` writes given `words` (its words after the name), or undefined when toolgate cannot tell. */
export function printfOutput(words: readonly string[]): string | undefined {
  const [format, ...args] = words[0] === '--' ? words.slice(1) : words;
  if (format === undefined || format.startsWith('-')) return undefined;
  const parts = format.split(/(%[%sb])/);
  if (parts.some((p, k) => k % 2 === 0 && p.includes('%'))) return undefined;
  const conversions = parts.filter((p, k) => k % 2 === 1 && p !== '%%').length;
  let out = '';
  let next = 0;
  do {
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]!;
      if (k % 2 === 0) {
        const text = unescapePrintf(p);
        if (text === undefined) return undefined;
        out += text;
      } else if (p === '%%') out += '%';
      else {
        const arg = args[next++] ?? '';
        // `%b` reads its argument's escapes, `\0NNN` octal in bash: not worked out.
        const text = p === '%b' ? (arg.includes('\\') ? undefined : arg) : arg;
        if (text === undefined) return undefined;
        out += text;
      }
    }
  } while (conversions > 0 && next < args.length);
  return out;
}

/** What `echo` writes given `words`: joined by blanks (its options `-n`, `-e`, `-E` dropped, escapes as written). */
export function echoOutput(words: readonly string[]): string {
  return words.filter((a) => !/^-[neE]+$/.test(a)).join(' ');
}

/**
 * What zsh's `print` writes given `words`: joined by blanks, with `-r`, `-n` and `--` only and no
 * backslash (it reads escapes unless `-r`); undefined otherwise (`-u`, `-z`, `-s` write elsewhere).
 */
export function printOutput(words: readonly string[]): string | undefined {
  let k = 0;
  while (k < words.length && /^-[rn]+$/.test(words[k]!)) k++;
  const ended = words[k] === '--';
  const rest = words.slice(ended ? k + 1 : k);
  // Another option (`-u 2`, `-z`, `-s`, `-P`) writes elsewhere or reads its words otherwise.
  if (!ended && rest[0]?.startsWith('-') === true) return undefined;
  return rest.some((w) => w.includes('\\')) ? undefined : rest.join(' ');
}

/** A word of a command line: single-quoted, double-quoted with nothing expanded, or bare. */
const WORD = /^(?:'([^']*)'|"([^"$`\\]*)"|([^\s'"\\$`;&|<>(){}*?[\]~#=]+))+/;

/**
 * What the command line `text` writes when it is one `echo`, `printf` or `print` with literal words (the
 * inside of `<(echo 'cp a b')`), or undefined.
 */
export function printedText(text: string): string | undefined {
  const words: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const m = WORD.exec(rest);
    if (m === null) return undefined;
    words.push([...m[0].matchAll(/'([^']*)'|"([^"]*)"|([^'"]+)/g)].map((p) => p[1] ?? p[2] ?? p[3] ?? '').join(''));
    rest = rest.slice(m[0].length);
    if (rest !== '' && !/^\s/.test(rest)) return undefined;
    rest = rest.trimStart();
  }
  const [name, ...args] = words;
  if (name === 'echo') return echoOutput(args);
  if (name === 'printf') return printfOutput(args);
  if (name === 'print') return printOutput(args);
  return undefined;
}
