/**
 * What a known printer of literal text writes: `echo WORDS` and `printf FORMAT [ARGS]` with
 * literal words. A shell fed by one (`printf 'cp a b' | bash`, `. <(echo 'cp a b')`, `bash <
 * <(printf …)`) runs that text, which the line therefore shows (red team 24's replay, RP24-S1:
 * each overwrote .claude/settings.json in bypassPermissions). Where the printers differ (an escape
 * one reads and another writes as is) each text is given. Anything else is not worked out.
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
 * `text` with the escapes of a printf format replaced, or undefined for one whose meaning toolgate
 * does not read (`\c`, `\u`, `\"`, `\e`: they differ between the printfs or end the output).
 * `hex`: `\xHH` (one or two hex digits) is a character, as bash 5.2's, zsh 5.9's and coreutils 9.1's
 * printf read it; without, it is written as is, as dash 0.5.12's printf writes it.
 */
function unescapePrintf(text: string, hex: boolean): string | undefined {
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
    const hexDigits = next === 'x' ? /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2)) : null;
    if (octal !== null) {
      out += String.fromCharCode(parseInt(octal[0], 8));
      i += octal[0].length;
    } else if (hexDigits !== null) {
      out += hex ? String.fromCharCode(parseInt(hexDigits[0], 16)) : `\\x${hexDigits[0]}`;
      i += 1 + hexDigits[0].length;
    } else if (Object.prototype.hasOwnProperty.call(ESCAPES, next)) {
      out += ESCAPES[next]!;
      i++;
    } else return undefined;
  }
  return out;
}

/** What `printf` writes given `words` in one reading of `\xHH` (see {@link unescapePrintf}), or undefined. */
function printfReading(words: readonly string[], hex: boolean): string | undefined {
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
        const text = unescapePrintf(p, hex);
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

/**
 * What `printf` writes given `words` (its words after the name): one text, or two where the
 * printfs differ — `printf '\x63p a b'` writes `cp a b` in bash, zsh and coreutils and `\x63p a b`
 * in dash (red team 25's replay, RP25-S2: bash ran the cp) — or undefined when toolgate cannot tell.
 */
export function printfOutputs(words: readonly string[]): readonly string[] | undefined {
  const decoded = printfReading(words, true);
  if (decoded === undefined) return undefined;
  const asWritten = printfReading(words, false);
  return asWritten === undefined || asWritten === decoded ? [decoded] : [decoded, asWritten];
}

/**
 * `text` with the escapes of an echo that reads them: `\a \b \e \f \n \r \t \v \\`, `\0NNN`, and
 * `\xHH` (`hex`: bash's `echo -e`, zsh's echo) or `\NNN` (`plainOctal`: dash's echo); `\c` ends the
 * output; any other backslash is written as is (bash 5.2, zsh 5.9, dash 0.5.12).
 */
function unescapeEcho(text: string, hex: boolean, plainOctal: boolean): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c !== '\\' || next === undefined) {
      out += c;
      continue;
    }
    if (next === 'c') return { text: out, stop: true };
    const octal = next === '0' ? /^0[0-7]{0,3}/.exec(text.slice(i + 1)) : plainOctal ? /^[1-7][0-7]{0,2}/.exec(text.slice(i + 1)) : null;
    const hexDigits = hex && next === 'x' ? /^[0-9A-Fa-f]{1,2}/.exec(text.slice(i + 2)) : null;
    if (octal !== null) {
      out += String.fromCharCode(parseInt(octal[0].startsWith('0') ? octal[0].slice(1) || '0' : octal[0], 8));
      i += octal[0].length;
    } else if (hexDigits !== null) {
      out += String.fromCharCode(parseInt(hexDigits[0], 16));
      i += 1 + hexDigits[0].length;
    } else if (next === 'e') {
      out += '\x1b';
      i++;
    } else if (Object.prototype.hasOwnProperty.call(ESCAPES, next)) {
      out += ESCAPES[next]!;
      i++;
    } else out += c;
  }
  return { text: out, stop: false };
}

/** What one echo writes: its words joined by blanks, each read by `read` until a `\c` ends the output. */
function echoReading(words: readonly string[], read?: (w: string) => { text: string; stop: boolean }): string {
  if (read === undefined) return words.join(' ');
  const out: string[] = [];
  for (const w of words) {
    const r = read(w);
    out.push(r.text);
    if (r.stop) break;
  }
  return out.join(' ');
}

/**
 * What `echo` writes given `words` (its words after the name), its trailing newline left out: each
 * text one of the echos may write. bash's (and coreutils') reads `-n`/`-e`/`-E` and escapes only
 * with `-e`; zsh's reads escapes unless `-E`; dash's takes `-n` alone and always reads escapes
 * (`\NNN`, no `\x`). Words with no backslash and no option give one text.
 */
export function echoOutputs(words: readonly string[]): readonly string[] {
  let k = 0;
  while (k < words.length && /^-[neE]+$/.test(words[k]!)) k++;
  const options = words.slice(0, k).join('').replace(/[-n]/g, '');
  const rest = words.slice(k);
  const escapes = options.at(-1) === 'e';
  const bash = echoReading(rest, escapes ? (w) => unescapeEcho(w, true, false) : undefined);
  const zsh = echoReading(rest, options.at(-1) === 'E' ? undefined : (w) => unescapeEcho(w, true, false));
  const dashWords = words[0] === '-n' ? words.slice(1) : words;
  const dash = echoReading(dashWords, (w) => unescapeEcho(w, false, true));
  return [...new Set([bash, zsh, dash])];
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
 * inside of `<(echo 'cp a b')`): each text it may write, or undefined.
 */
export function printedTexts(text: string): readonly string[] | undefined {
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
  return printerOutputs(words);
}

/** What a printer of literal words (`echo`, `printf`, zsh's `print`; `words` from its name on) writes: each text it may write, or undefined. */
export function printerOutputs(words: readonly string[]): readonly string[] | undefined {
  const [name, ...args] = words;
  if (name === 'echo') return echoOutputs(args);
  if (name === 'printf') return printfOutputs(args);
  if (name === 'print') {
    const text = printOutput(args);
    return text === undefined ? undefined : [text];
  }
  return undefined;
}

/** Lines of a text, each with its newline. */
const lines = (text: string): string[] => text.split(/(?<=\n)/);

/** The line count of `head`/`tail` words (`-n N`, `-nN`, `-N`, `--lines=N`, `--lines N`; tail's `+N`), 10 without one, or undefined for any other word. */
function lineCount(words: readonly string[]): { count: number; from: boolean } | undefined {
  let value = '10';
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (w === '-' || w === '-q' || w === '-v' || w === '--quiet' || w === '--silent' || w === '--verbose') continue;
    const attached = /^(?:-n|--lines=)(.+)$/.exec(w) ?? /^-([0-9]+)$/.exec(w);
    if (attached !== null) value = attached[1]!;
    else if ((w === '-n' || w === '--lines') && k + 1 < words.length) value = words[++k]!;
    else return undefined;
  }
  const m = /^(\+)?([0-9]+)$/.exec(value);
  return m === null ? undefined : { count: Number(m[2]), from: m[1] !== undefined };
}

/**
 * What a program that passes its input on writes, given each text its input may be (`argv` from
 * its name on): `cat` with no file (or `-`), `tee` (its files get the same text), `head`/`tail` of
 * a line count (10 without one; tail's `-n +N` from line N). A byte count, a file operand or an
 * option that changes the text (`cat -A`) is not worked out (GNU coreutils 9.1).
 */
export function passedOn(argv: readonly string[], input: readonly string[]): readonly string[] | undefined {
  const name = argv[0]?.split('/').pop();
  const words = argv.slice(1);
  if (name === 'cat') return words.every((w) => w === '-' || w === '-u') ? input : undefined;
  if (name === 'tee') return words.every((w) => !w.startsWith('-') || /^-[aip]+$/.test(w)) ? input : undefined;
  if (name !== 'head' && name !== 'tail') return undefined;
  const n = lineCount(words);
  if (n === undefined) return undefined;
  return input.map((text) => {
    const all = lines(text);
    if (name === 'head') return all.slice(0, n.count).join('');
    return (n.from ? all.slice(Math.max(n.count - 1, 0)) : n.count === 0 ? [] : all.slice(-n.count)).join('');
  });
}

/** The files a program that passes its input on also writes it to (`tee [-a] FILE…`), and whether it appends. */
export function copiesTo(argv: readonly string[]): { files: string[]; append: boolean } | undefined {
  if (argv[0]?.split('/').pop() !== 'tee') return undefined;
  const words = argv.slice(1);
  return { files: words.filter((w) => !w.startsWith('-')), append: words.some((w) => /^-[aip]*a/.test(w) || w === '--append') };
}
