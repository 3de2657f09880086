/**
 * Interpreters given code inline or in a file (`perl -e`, `python3 -c`, `python3 x.py`,
 * `node -e`, `ruby -e`, `php -r`, `lua -e`, `osascript`, `pwsh -c`, …): what the code does cannot
 * be seen from the command, so the command is opaque — deny and ask rules could apply to what it
 * runs. `awk` is opaque only when its program can run commands or touch files (`system()`,
 * pipes, `getline`, `print >`, `-f`, extensions). Informational calls (`--version`, `--help`)
 * run no code.
 */

/** Programs that run code they are given (their names without a version suffix). */
const INTERPRETERS = new Set([
  'python', 'python2', 'python3', 'pypy', 'pypy3', 'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'irb', 'php', 'lua', 'luajit',
  'osascript', 'pwsh', 'powershell', 'rscript', 'r', 'tclsh', 'wish', 'expect', 'julia', 'groovy', 'jshell', 'scala', 'elixir', 'iex',
  'erl', 'escript', 'guile', 'racket', 'sbcl', 'clisp', 'ocaml', 'runghc', 'runhaskell', 'ghci', 'swift', 'kotlin', 'jrunscript',
  'cscript', 'wscript', 'php-cgi', 'gjs', 'qjs', 'tsx', 'ts-node', 'vim', 'nvim', 'vi', 'ex', 'emacs', 'gdb',
]);

/** The interpreter a command name is (`python3.12` → `python3`, `perl5.36` → `perl`), or undefined. */
export function interpreterName(name: string): string | undefined {
  if (INTERPRETERS.has(name)) return name;
  const m = /^([a-z]+?)(\d+(?:\.\d+)*)$/.exec(name);
  if (!m) return undefined;
  const [, stem, version] = m as unknown as [string, string, string];
  if (INTERPRETERS.has(stem + version[0])) return stem + version[0];
  return INTERPRETERS.has(stem) ? stem : undefined;
}

/** Arguments that only print information and run no code. */
const INFORMATIONAL = new Set(['--version', '-V', '--help', '-h', '-v', '-version', '-help']);

/** The awk family. */
const AWKS = new Set(['awk', 'gawk', 'mawk', 'nawk', 'busybox-awk']);

/** awk options that load code from elsewhere (files, extensions). */
const AWK_LOADS = /^(-f|--file|-i|--include|-l|--load|-E|--exec)/;

/** An awk program that runs commands, reads files by itself or writes files. */
const AWK_EFFECTS = /system\s*\(|\||getline|\bprintf?\b[^;{}\n]*>|@(include|load|namespace)/;

/**
 * Why a command runs code toolgate cannot see, or undefined.
 * @param name - the folded program name; `argv` its words.
 */
export function interpreterOpaque(name: string, argv: readonly string[]): string | undefined {
  if (AWKS.has(name)) return awkOpaque(argv);
  const interpreter = interpreterName(name);
  if (interpreter === undefined) return undefined;
  const args = argv.slice(1);
  if (args.length > 0 && args.every((a) => INFORMATIONAL.has(a))) return undefined;
  return `${interpreter} runs code toolgate cannot see (inline code, a script or its input)`;
}

function awkOpaque(argv: readonly string[]): string | undefined {
  const programs: string[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (AWK_LOADS.test(a) || /^-W\s*ex/.test(a) || (a === '-W' && /^ex/.test(argv[i + 1] ?? ''))) return `${argv[0]} ${a} loads a program toolgate does not read`;
    if (a === '-e' || a === '--source') {
      programs.push(argv[++i] ?? '');
      continue;
    }
    if (a.startsWith('--source=')) {
      programs.push(a.slice('--source='.length));
      continue;
    }
    if (a === '-v' || a === '-F' || a === '--assign' || a === '--field-separator' || a === '-W') {
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    break;
  }
  if (programs.length === 0 && i < argv.length) programs.push(argv[i]!);
  if (programs.some((p) => AWK_EFFECTS.test(p))) return `${argv[0]} program may run commands or touch files (system, pipes, getline, print >)`;
  return undefined;
}

/** String literals in code: `"…"`, `'…'`, `` `…` ``, perl's `qx{…}`/`qx(…)`/`qx/…/`. */
const LITERAL = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`|\bqx\s*(?:\{([^}]*)\}|\(([^)]*)\)|\/([^/]*)\/)/g;

/** A list of string literals (`["rm", "-rf", "~"]`, `qw(rm -rf ~)`): an argv. */
const LIST = /[[(]\s*((?:(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,\s*)+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?)\s*[\])]/g;

const unescape = (s: string): string => s.replace(/\\(.)/g, '$1');
const shellQuote = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/**
 * Shell commands an interpreter's code appears to hold (`system("rm -rf ~")`,
 * `execSync('git config …')`, `subprocess.run(["rm", "-rf", "~"])`): every string literal with a
 * space in it, and every list of string literals joined as an argv. Not proof of what runs (the
 * code is still opaque); what they would remove or write raises the asks a written command
 * would (critical removals, protected paths), in every mode.
 * @param argv - the interpreter's words (inline code and options).
 */
export function embeddedShellStrings(argv: readonly string[]): string[] {
  const out = new Set<string>();
  for (const word of argv.slice(1)) {
    if (!/["'`]|\bqx/.test(word)) continue;
    for (const m of word.matchAll(LITERAL)) {
      const text = unescape(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? '');
      if (/\S\s+\S/.test(text) || /[;&|<>]/.test(text)) out.add(text);
    }
    for (const m of word.matchAll(LIST)) {
      const words = [...m[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((w) => unescape(w[1] ?? w[2] ?? ''));
      out.add(words.map(shellQuote).join(' '));
    }
    for (const m of word.matchAll(/\bqw\s*[({[/]([^)}\]/]*)[)}\]/]/g)) out.add(m[1]!.trim().split(/\s+/).map(shellQuote).join(' '));
  }
  return [...out].slice(0, 32);
}
