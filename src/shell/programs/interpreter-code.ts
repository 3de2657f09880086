/**
 * Where an interpreter takes the program text the command line shows: the words of its inline-code
 * options (`perl -e CODE`, `expect -c CODE`, `Rscript -e CODE`) and, when it reads its program
 * from its input (`python3 <<'EOF'`, `node - <<< CODE`, `echo CODE | perl`), the here-document,
 * here-string or echoed text it is fed. That text stays opaque code; it is read only for the
 * shell commands it appears to hold and the paths it names (red team 24's replay, RP24-I1/I2:
 * each of these overwrote .claude/settings.json in bypassPermissions while `python3 -c` asked).
 * One table for every interpreter toolgate reads code of; the installed ones were run (Debian 12:
 * perl 5.36, CPython 3.11, Node 20, ruby 3.1, expect 5.45, tclsh 8.6, R 4.2, jshell 17, mawk),
 * the others are read from their manuals.
 */
import { interpreterName } from './interpreters.js';

/** How one interpreter takes program text. */
interface CodeReading {
  /** Options whose next word is program text (`-e CODE`); a long one also as `--opt=CODE`. */
  readonly options: readonly string[];
  /** Clustered switches that end with a code option (perl's `-ne CODE`, `-pe'CODE'`). */
  readonly clustered?: RegExp;
  /** Options that take the next word as their value (not code, not a script). */
  readonly values?: readonly string[];
  /** Options after which it runs something else than its input (`python3 -m mod`, `expect -f x`). */
  readonly program?: readonly string[];
  /**
   * When it reads its program from its input: `none` (no script operand, or `-`), `dash` (only
   * an operand `-`: `Rscript <<< CODE` runs nothing, Rscript 4.2), `never`.
   */
  readonly stdin: 'none' | 'dash' | 'never';
  /** Commands the language runs by a bare word (Tcl's `exec cp a b`, expect's `spawn cp a b`). */
  readonly commandWords?: readonly string[];
  /** Its first operand is the program when no option gave one (awk's `'BEGIN{…}'`). */
  readonly operandCode?: boolean;
  /** Options whose value is `NAME=VALUE` text the program gets (awk's `-v c='…'`): code where the program runs text. */
  readonly assigns?: readonly string[];
  /** Modules of `program` that read their input as code (`python3 -m code`, an interactive console). */
  readonly consoles?: readonly string[];
}

const AWK: CodeReading = {
  options: ['-e', '--source'],
  values: ['-v', '-F', '--assign', '--field-separator', '-W'],
  assigns: ['-v', '--assign'],
  program: ['-f', '--file'],
  stdin: 'never',
  operandCode: true,
};

const TCL: CodeReading = { options: [], stdin: 'none', commandWords: ['exec', 'spawn', 'system'] };

/**
 * Each interpreter (as {@link interpreterName} names it, the version stripped) by its manual:
 * perlrun(1); python(1); node(1); ruby(1); php(1); lua(1); expect(1); tclsh(1); Rscript(1), R(1);
 * jshell(1); julia(1); osascript(1); pwsh(1); elixir(1); erl(1); guile(1); racket(1); gnuplot(1);
 * bb, nu, xonsh, groovy, scala, ghc, octave, clojure, qjs, jrunscript `--help`; gdb(1); vim(1); emacs(1).
 */
const READINGS: Readonly<Record<string, CodeReading>> = {
  perl: { options: ['-e', '-E'], clustered: /^-[a-zA-Z]*[eE]/, values: ['-I', '-x'], stdin: 'none' },
  // CPython 3.11: `-m code` is an interactive console that runs what it reads (red team 25's replay, RP25-I4).
  python: { options: ['-c'], values: ['-W', '-X'], program: ['-m'], stdin: 'none', consoles: ['code'] },
  pypy: { options: ['-c'], values: ['-W', '-X'], program: ['-m'], stdin: 'none', consoles: ['code'] },
  node: {
    options: ['-e', '-p', '--eval', '--print'],
    values: ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--title'],
    stdin: 'none',
  },
  nodejs: { options: ['-e', '-p', '--eval', '--print'], values: ['-r', '--require', '--import', '--loader'], stdin: 'none' },
  deno: { options: ['--eval'], stdin: 'never' },
  bun: { options: ['-e', '--eval', '-p', '--print'], stdin: 'never' },
  ruby: { options: ['-e'], values: ['-I', '-r', '-C', '-E', '--encoding'], stdin: 'none' },
  php: { options: ['-r', '-B', '-R', '-E'], values: ['-c', '-d', '-z'], program: ['-f', '-F'], stdin: 'none' },
  lua: { options: ['-e'], values: ['-l'], stdin: 'none' },
  luajit: { options: ['-e'], values: ['-l', '-j', '-O'], stdin: 'none' },
  expect: { ...TCL, options: ['-c'], program: ['-f', '-b'] },
  tclsh: TCL,
  // awk(1), gawk(1), mawk(1): the program is the first operand unless -e/--source gave it.
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
  wish: TCL,
  rscript: { options: ['-e'], stdin: 'dash' },
  r: { options: ['-e'], program: ['-f', '--file'], stdin: 'none' },
  jshell: { options: [], values: ['--class-path', '--module-path', '--add-modules', '--startup', '-R', '-J', '-C'], stdin: 'none' },
  julia: { options: ['-e', '-E', '--eval', '--print'], values: ['-L', '--load', '-J', '--sysimage', '-t', '--threads'], stdin: 'none' },
  osascript: { options: ['-e'], values: ['-l', '-s'], stdin: 'none' },
  pwsh: { options: ['-c', '-command', '-Command'], program: ['-f', '-file', '-File'], stdin: 'never' },
  powershell: { options: ['-c', '-command', '-Command'], program: ['-f', '-file', '-File'], stdin: 'never' },
  elixir: { options: ['-e', '--eval'], stdin: 'never' },
  erl: { options: ['-eval'], stdin: 'never' },
  guile: { options: ['-c'], stdin: 'never' },
  racket: { options: ['-e', '--eval'], stdin: 'never' },
  gnuplot: { options: ['-e'], stdin: 'none' },
  bb: { options: ['-e', '--eval'], stdin: 'never' },
  nu: { options: ['-c', '--commands'], stdin: 'never' },
  xonsh: { options: ['-c'], stdin: 'never' },
  groovy: { options: ['-e'], stdin: 'never' },
  scala: { options: ['-e'], stdin: 'never' },
  ghc: { options: ['-e'], stdin: 'never' },
  octave: { options: ['--eval'], stdin: 'never' },
  'octave-cli': { options: ['--eval'], stdin: 'never' },
  clojure: { options: ['-e', '--eval'], stdin: 'never' },
  clj: { options: ['-e', '--eval'], stdin: 'never' },
  qjs: { options: ['-e', '--eval'], stdin: 'never' },
  jrunscript: { options: ['-e'], stdin: 'never' },
  gdb: { options: ['-ex', '--ex', '-eval-command', '--eval-command', '-iex', '--init-eval-command'], stdin: 'never' },
  vim: { options: ['-c', '--cmd'], stdin: 'never' },
  nvim: { options: ['-c', '--cmd'], stdin: 'never' },
  vi: { options: ['-c', '--cmd'], stdin: 'never' },
  ex: { options: ['-c', '--cmd'], stdin: 'never' },
  emacs: { options: ['--eval'], stdin: 'never' },
};

/** The reading of a command name's interpreter (`python3.12` → Python's), or undefined. @internal */
export function codeReading(name: string): CodeReading | undefined {
  const own = (n: string) => (Object.prototype.hasOwnProperty.call(READINGS, n) ? READINGS[n] : undefined);
  const interpreter = interpreterName(name);
  if (interpreter === undefined) return own(name);
  return own(interpreter) ?? own(interpreter.replace(/[0-9.]+$/, ''));
}

/** The program text of an interpreter's command as the line shows it. */
export interface ShownCode {
  /** Inline code words and the text fed on its input. */
  readonly texts: readonly string[];
  /** Shell commands the language runs by a bare word (`exec cp a b` → `cp a b`). */
  readonly commands: readonly string[];
}

/**
 * The program text `argv` (an interpreter's words, `name` its folded name) gives inline, `input`
 * — each text written on its input, if any — when it reads its program from there, and the text
 * of a script file the line wrote earlier (`files`: `echo '…' > t.py && python3 t.py`).
 */
export function shownCode(
  name: string,
  argv: readonly string[],
  input: readonly string[] | undefined,
  files?: (path: string) => readonly string[] | undefined,
): ShownCode {
  const reading = codeReading(name);
  if (reading === undefined) return { texts: [], commands: [] };
  const texts: string[] = [];
  const assigned: string[] = [];
  let inline = false;
  let operand: string | undefined;
  let operandAt = argv.length;
  let program = false;
  let console = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      operand = argv[k + 1];
      operandAt = k + 1;
      break;
    }
    const glued = reading.options.find((o) => o.startsWith('--') && a.startsWith(`${o}=`));
    if (reading.options.includes(a) || glued !== undefined) {
      inline = true;
      if (glued !== undefined) texts.push(a.slice(glued.length + 1));
      else if (k + 1 < argv.length) texts.push(argv[++k]!);
      continue;
    }
    if (reading.clustered?.test(a) === true && !a.startsWith('--')) {
      inline = true;
      const at = a.search(/[eE]/);
      if (at === a.length - 1) {
        if (k + 1 < argv.length) texts.push(argv[++k]!);
      } else texts.push(a.slice(at + 1));
      continue;
    }
    if (reading.program?.includes(a) === true) {
      program = argv[k + 1] !== '-';
      console = reading.consoles?.includes(argv[k + 1] ?? '') === true;
      k++;
      if (program) break;
      continue;
    }
    if (reading.values?.includes(a) === true) {
      if (reading.assigns?.includes(a) === true && k + 1 < argv.length) assigned.push(argv[k + 1]!.replace(/^[^=]*=/, ''));
      k++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    operand = a;
    operandAt = k;
    break;
  }
  const fromInput =
    console ||
    (!inline &&
      !program &&
      (reading.stdin === 'dash' ? operand === '-' : reading.stdin === 'none' && (operand === undefined || operand === '-')));
  // Inline code may run what it reads (`python3 -c 'exec(sys.stdin.read())' <<< CODE`): then the input is code too.
  const runsInput = inline && texts.some((t) => READS_INPUT.test(t) && EVALUATES.test(t));
  if ((fromInput || runsInput) && input !== undefined) texts.push(...input);
  const operandIsCode = reading.operandCode === true && !inline && !program && operand !== undefined;
  if (operandIsCode) texts.push(operand!);
  // A script the line wrote (`echo '…' > t.py && python3 t.py`) is its program.
  else if (!inline && !program && operand !== undefined && operand !== '-') texts.push(...(files?.(operand) ?? []));
  // Code that runs text it is given (`awk -v c='cp …' 'BEGIN{system(c)}'`, `python3 -c
  // 'os.system(sys.argv[1])' 'cp …'`): those values and arguments are code too.
  if (texts.some((t) => EVALUATES.test(t) || AWK_PIPE.test(t))) {
    texts.push(...assigned);
    if (texts.some((t) => READS_ARGUMENTS.test(t))) texts.push(...argv.slice(operandAt + (inline ? 0 : 1)));
  }
  return { texts, commands: reading.commandWords === undefined ? [] : texts.flatMap((t) => bareCommands(t, reading.commandWords!)) };
}

/**
 * Code that reads its input (`sys.stdin`, Python's `input()`, perl's `<>`/`<STDIN>`, ruby's
 * `ARGF`/`gets`, R's `readLines`, node's `readFileSync(0)`).
 */
const READS_INPUT = /stdin|STDIN|<>|\bARGF\b|\bgets\b|readLines|\/dev\/fd\/0|\b(?:raw_)?input\s*\(|readFileSync\(\s*0\b/;

/** Code that reads its arguments (`sys.argv`, `process.argv`, `@ARGV`, `ARGV`, awk's `ARGV[1]`). */
const READS_ARGUMENTS = /\bargv\b|\bARGV\b/;

/** awk's output or input pipe of a command (`print | c`, `c | getline`). */
const AWK_PIPE = /\|\s*getline|print[^;]*\|/;

/** Code that runs text as code or commands (`exec`, `eval`, `system`, `compile`, `source`, `spawn`). */
const EVALUATES = /\b(?:exec|eval|system|compile|source|spawn|execSync|popen)\b/;

/** Commands run by a bare command word: `exec cp a b` (up to the end of the Tcl command). */
function bareCommands(text: string, words: readonly string[]): string[] {
  const out: string[] = [];
  const re = new RegExp(`(?:^|[;\\n[{])\\s*(?:${words.join('|')})\\s+([^;\\n\\]}]+)`, 'g');
  for (const m of text.matchAll(re)) {
    const command = m[1]!.trim();
    if (command !== '') out.push(command);
  }
  return out;
}

/** Characters a path word is made of in code text. */
const PATH_WORD = /[A-Za-z0-9_.~/@%+-]+/g;

/**
 * The words of program text that look like paths (`.claude/settings.json`, `~/.bashrc`, `.git`,
 * `/etc/x`): each with a `/` or a leading dot (not a member, `f().name`), and a letter or digit; no URL (`//`).
 */
export function codePathWords(texts: readonly string[]): string[] {
  const out = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(PATH_WORD)) {
      const w = m[0].replace(/^-+/, '').replace(/[.-]+$/, '');
      if (w.includes('//') || !/[A-Za-z0-9_]/.test(w)) continue;
      // A member after a call or an index (`require("fs").copyFileSync`) is no path.
      if (w.startsWith('.') && /[)\]}\w]/.test(text[m.index - 1] ?? '')) continue;
      if (w.includes('/') || /^\.[A-Za-z0-9_]/.test(w)) out.add(w);
    }
  }
  return [...out].slice(0, 16);
}
