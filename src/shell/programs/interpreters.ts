/**
 * Interpreters given code inline or in a file (`perl -e`, `python3 -c`, `python3 x.py`,
 * `node -e`, `ruby -e`, `php -r`, `lua -e`, `osascript`, `pwsh -c`, …): what the code does cannot
 * be seen from the command, so the command is opaque — deny and ask rules could apply to what it
 * runs. `awk` is opaque only when its program can run commands or touch files (`system()`,
 * pipes, `getline`, `print >`, `-f`, extensions). Informational calls (`--version`, `--help`)
 * run no code. Their files: inline code is not a file, `python -m venv DIR` creates DIR, the
 * other words are assumed read and written. python(1); perl(1) perlrun; node(1); ruby(1); php(1).
 */
import { INTERPRETERS, NODE_SCRIPT_RUNNERS, interpreterName } from './interpreter-names.js';
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { readBy } from './parse.js';
import type { ReadOnlyEntry } from './read-only-types.js';
import type { ReadOnlyVerdict } from '../types.js';
import { defineProgram, type ProgramModel } from './model.js';
import { CC_CLI } from './sources.js';

export { INTERPRETERS, interpreterName };

/**
 * `python3 -m venv` of Python 3.11 (`python3 -m venv --help`, argparse): every option; argparse
 * takes a shortened long name, and `--upgrade-deps` takes no value.
 */
const VENV_GRAMMAR: GnuOptionSpec = {
  short: 'h',
  long: longOptions('help system-site-packages symlinks copies clear upgrade without-pip prompt= upgrade-deps'),
};

/** The interpreters that run a JavaScript (or TypeScript) file (`node dist/cli/main.js`, `tsx src/cli/main.ts`). */
const JAVASCRIPT_RUNTIMES: ReadonlySet<string> = new Set(['node', 'nodejs', 'bun', 'deno', 'tsx', 'ts-node', ...NODE_SCRIPT_RUNNERS]);

/** Whether `name` (a folded program name) runs a JavaScript or TypeScript file named as its operand. @internal */
export function runsJavaScript(name: string): boolean {
  return JAVASCRIPT_RUNTIMES.has(name);
}

/** Arguments that only print information and run no code. */
const INFORMATIONAL: ReadonlySet<string> = new Set(['--version', '-V', '--help', '-h', '-v', '-version', '-help']);

/**
 * Interpreters for which some of those words do not print and stop, each verified to run the code
 * on its input (`NAME WORD < x`, code that made a file, Debian 12): Python's `-v` is verbose
 * (CPython 3.11), node's `-help` lists V8's flags and goes on (Node 20), jshell's `-v` is verbose
 * (OpenJDK 17), vim's `-v` is vi mode and `-V` verbose (vim 9.0; vi and ex are vim; neovim's
 * `-V` too, nvim(1)); PyPy takes CPython's options (`pypy --help`). tclsh has no
 * such option at all: a first word that starts with `-` makes it read commands from its input
 * after sourcing ~/.tclshrc (tclsh(1); Tcl 8.6: `tclsh --version < x.tcl` ran x.tcl). Not wish:
 * Tk reads its own options first (wish(1)), unverified without a display.
 */
const INFORMATIONAL_OF: Readonly<Record<string, ReadonlySet<string>>> = {
  python: without(INFORMATIONAL, '-v'),
  python2: without(INFORMATIONAL, '-v'),
  python3: without(INFORMATIONAL, '-v'),
  pypy: without(INFORMATIONAL, '-v'),
  pypy3: without(INFORMATIONAL, '-v'),
  node: without(INFORMATIONAL, '-help'),
  nodejs: without(INFORMATIONAL, '-help'),
  jshell: without(INFORMATIONAL, '-v'),
  vim: without(INFORMATIONAL, '-v', '-V'),
  nvim: without(INFORMATIONAL, '-V'),
  vi: without(INFORMATIONAL, '-v', '-V'),
  ex: without(INFORMATIONAL, '-v', '-V'),
  tclsh: new Set(),
};

function without(words: ReadonlySet<string>, ...drop: string[]): ReadonlySet<string> {
  return new Set([...words].filter((w) => !drop.includes(w)));
}

/**
 * Whether every word after the interpreter's name (`interpreter` as {@link interpreterName} gives
 * it) only prints what it is: `--version`, `--help` and the like, where that program takes them so.
 * @internal
 */
export function onlyInformational(interpreter: string, words: readonly string[]): boolean {
  const info = INFORMATIONAL_OF[interpreter] ?? INFORMATIONAL;
  return words.length > 0 && words.every((a) => info.has(a));
}

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
export function interpreterOpaque(name: string, argv: readonly string[], literal?: readonly boolean[]): string | undefined {
  if (AWKS.has(name)) return awkOpaque(argv, literal);
  const interpreter = interpreterName(name);
  if (interpreter === undefined) return undefined;
  if (onlyInformational(interpreter, argv.slice(1))) return undefined;
  return `${interpreter} runs code toolgate cannot see (inline code, a script or its input)`;
}

function awkOpaque(argv: readonly string[], literal: readonly boolean[] | undefined): string | undefined {
  const programs: string[] = [];
  // Program text that is not literal (`awk "$x"`) may be any program, system() included.
  const hidden = (k: number) => literal?.[k] === false;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (AWK_LOADS.test(a) || /^-W\s*ex/.test(a) || (a === '-W' && /^ex/.test(argv[i + 1] ?? '')))
      return `${argv[0]} ${a} loads a program toolgate does not read`;
    if (a === '-e' || a === '--source') {
      if (hidden(i + 1)) return `the ${argv[0]} program ${argv[i + 1]!} is not literal: it may run commands`;
      programs.push(argv[++i] ?? '');
      continue;
    }
    if (a.startsWith('--source=')) {
      if (hidden(i)) return `the ${argv[0]} program ${a} is not literal: it may run commands`;
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
  if (programs.length === 0 && i < argv.length) {
    if (hidden(i)) return `the ${argv[0]} program ${argv[i]!} is not literal: it may run commands`;
    programs.push(argv[i]!);
  }
  if (programs.some((p) => AWK_EFFECTS.test(p)))
    return `${argv[0]} program may run commands or touch files (system, pipes, getline, print >)`;
  return undefined;
}

/** String literals in code: `"…"`, `'…'`, `` `…` ``, perl's quote operators `q(…)`, `qq{…}`, `qx/…/`, `q[…]`. */
const LITERAL = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|`([^`]*)`|\bq[qx]?\s*(?:\{([^}]*)\}|\(([^)]*)\)|\/([^/]*)\/|\[([^\]]*)\])/g;

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
    if (!/["'`]|\bq[qx]?\s*[({/[]/.test(word)) continue;
    for (const m of word.matchAll(LITERAL)) {
      const text = unescape(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7] ?? '');
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

/** Options whose value is program text, per interpreter (`perl -e CODE`, `python -c CODE`). */
const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  perl: ['-e', '-E'],
  python: ['-c'],
  node: ['-e', '-p', '--eval', '--print'],
  deno: ['--eval'],
  bun: ['-e', '--eval', '-p', '--print'],
  ruby: ['-e'],
  php: ['-r', '-B', '-R', '-E'],
  lua: ['-e'],
};

/**
 * Whether an interpreter's words give it its code inline (`python3 -c CODE`, `perl -ne CODE`,
 * `node --eval=CODE`), so the command names the code it runs. Without such a word it runs a
 * script from a file or its input (`python3 x.py`, `cat b.py | python3`), whatever that holds;
 * an interpreter whose inline options toolgate does not know is counted as running a script.
 * @param name - the folded program name; `argv` its words.
 */
export function givesInlineCode(name: string, argv: readonly string[]): boolean {
  const family = interpreterOf(name) ?? interpreterOf(interpreterName(name) ?? '');
  if (family === undefined) return false;
  const code = CODE_OPTIONS[family]!;
  return argv
    .slice(1)
    .some(
      (a) =>
        code.includes(a) ||
        a.startsWith('--eval=') ||
        a.startsWith('--print=') ||
        (family === 'perl' && /^-[a-zA-Z]*[eE]/.test(a) && !a.startsWith('--')),
    );
}

/** The interpreter family of a program name (`python3.12` → `python`). @internal */
export function interpreterOf(name: string): string | undefined {
  const base = name.replace(/[0-9.]+$/, '');
  return Object.prototype.hasOwnProperty.call(CODE_OPTIONS, base) ? base : undefined;
}

/**
 * An interpreter: inline code is not a file; `python -m venv DIR` creates DIR; the other words
 * (a script and its arguments, `-i` files of `perl -pi`) are assumed read and written.
 * @internal
 */
export function interpreterOperands(family: string, argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const notFiles: number[] = [];
  const code = CODE_OPTIONS[family] ?? [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (code.includes(a)) {
      notFiles.push(k + 1);
      k++;
      continue;
    }
    // Clustered Perl switches end with the code or take it from the next word: `-pe CODE`, `-pie CODE`, `-ne'CODE'`.
    if (family === 'perl' && /^-[a-zA-Z]*[eE]/.test(a) && !a.startsWith('--')) {
      const at = a.search(/[eE]/);
      if (at === a.length - 1) {
        notFiles.push(k + 1);
        k++;
      } else notFiles.push(k);
      continue;
    }
    if (a.startsWith('--eval=') || a.startsWith('--print=')) notFiles.push(k);
    if (family === 'python' && a === '-m' && argv[k + 1] === 'venv') {
      // venv's words read on their own (`venv` as their argv[0]); the operands' indices are then put back.
      const at = k + 1;
      return readBy(['venv', ...argv.slice(k + 2)], VENV_GRAMMAR, ({ operands }) => {
        const ops = operands.map((i) => i + at);
        for (const d of ops) files.push({ op: 'write', index: d, tree: 'some' });
        return { files, unresolved: [], modelled: 'partly', notFiles: [...notFiles, at, ...ops] };
      });
    }
    if (family === 'python' && a === '-m' && ARCHIVE_MODULES.has(argv[k + 1] ?? '')) {
      files.push(...archiveModuleExtraction(argv, k + 2));
      break;
    }
  }
  return { files, unresolved: [], modelled: 'partly', notFiles };
}

/** Python's archive modules run as programs: `python3 -m tarfile|zipfile -e ARCHIVE [DIR]`. */
const ARCHIVE_MODULES: ReadonlySet<string> = new Set(['tarfile', 'zipfile']);

/**
 * What `python3 -m tarfile -e x.tar [DIR]` and `python3 -m zipfile -e x.zip DIR` write from the
 * module's words (from `from` on): the names the archive holds, under DIR (the working directory
 * when none) — names toolgate does not read, as tar's and unzip's (CPython 3.11: each wrote the
 * .claude/settings.json an archive held; red team 23, RT23-I). argparse takes `--e…` for
 * `--extract` and `-ve` as `-v -e`; a value glued to the option (`--extract=x.tar`, `-ex.tar`)
 * leaves the next word's meaning to argparse, so the working directory is written too.
 */
function archiveModuleExtraction(argv: readonly string[], from: number): FileOperand[] {
  const names = { kind: 'unseen', what: 'archive' } as const;
  const write = (index: number, value: string): FileOperand => ({ op: 'write', index, value, tree: 'some', names });
  for (let k = from; k < argv.length; k++) {
    const w = argv[k]!;
    const long = /^--e[a-z]*(=|$)/.exec(w);
    const short = /^-[a-zA-Z]*e/.exec(w);
    if (long === null && (short === null || w.startsWith('--'))) continue;
    const glued = long !== null ? long[1] === '=' : w.length > short![0].length;
    const operand = (at: number) => (at < argv.length && !argv[at]!.startsWith('-') ? at : undefined);
    if (glued) {
      const next = operand(k + 1);
      return [write(k, '.'), ...(next === undefined ? [] : [write(next, argv[next]!)])];
    }
    const archive = operand(k + 1);
    const dir = archive === undefined ? undefined : operand(archive + 1);
    return [dir === undefined ? write(k, '.') : write(dir, argv[dir]!)];
  }
  return [];
}

/** Claude Code's read-only entries: only the version is asked for. */
const VERSION_ONLY: Readonly<Record<string, ReadOnlyEntry>> = {
  node: { source: `${CC_CLI} (node --version / -v only)`, operands: 'none', globs: false, check: 'version' },
  python3: { source: `${CC_CLI} (python3 --version only; the CLI asks about -V)`, operands: 'none', globs: false, check: 'version' },
  python: { source: `${CC_CLI} (like python3)`, operands: 'none', globs: false, check: 'version' },
};

/** An interpreter whose short option for its version Claude Code's set takes too (`node -v`). */
const VERSION_OPTIONS: Readonly<Record<string, string>> = { node: '-v' };

/** Read-only only as `NAME --version` (or its short option). */
function versionOnly(name: string, argv: readonly string[], short: string): ReadOnlyVerdict {
  return argv.length === 2 && (argv[1] === '--version' || argv[1] === short)
    ? { readOnly: true }
    : { readOnly: false, reason: `${name} is read-only only as ${name} --version` };
}

/** The sources of each family's model. */
const FAMILY_SOURCES: Readonly<Record<string, string>> = {
  perl: 'perl 5.36 perlrun(1)',
  python: 'Python 3.11 python(1)',
  node: 'Node.js 20 node(1)',
  deno: 'Deno 1.40 deno run --help',
  bun: 'Bun 1.0 bun --help',
  ruby: 'ruby 3.1 ruby(1)',
  php: 'PHP 8.2 php(1)',
  lua: 'Lua 5.4 lua(1)',
};

/**
 * The interpreters whose code options toolgate reads, each by the names it is called (a versioned
 * name such as `python3.12` is read by its family's files facet all the same): what they run is
 * code toolgate cannot see.
 * @internal
 */
export const INTERPRETER_MODELS: readonly ProgramModel[] = Object.keys(CODE_OPTIONS).map((family) => {
  const names = family === 'python' ? ['python', 'python2', 'python3'] : [family];
  const readOnly = Object.fromEntries(names.filter((n) => VERSION_ONLY[n] !== undefined).map((n) => [n, VERSION_ONLY[n]!]));
  const versionOption = VERSION_OPTIONS[family];
  return defineProgram({
    names,
    summary: `${family}: run code given inline, in a file or on input`,
    sources: [FAMILY_SOURCES[family]!],
    runs: 'unseen',
    role: 'interpreter',
    files: (_name, argv) => interpreterOperands(family, argv),
    ...(Object.keys(readOnly).length > 0 ? { readOnly: { claudeCode: readOnly } } : {}),
    ...(versionOption !== undefined ? { readOnlyCheck: { claudeCode: (name, argv) => versionOnly(name, argv, versionOption) } } : {}),
    examples: [
      {
        command: `${names[names.length - 1]} ${CODE_OPTIONS[family]![0]} 'print(1)' a.txt`,
        effects: ['write ./a.txt (word)'],
        readOnly: false,
        why: 'the code is no file; a.txt is a word toolgate assumes may name a file',
      },
      ...(family === 'python'
        ? [
            {
              command: 'python3 -m tarfile -e x.tar .',
              effects: ['write . [some]', 'write ./tarfile (word)', 'write ./x.tar (word)'],
              readOnly: false,
              why: 'writes the names x.tar holds (red team 23: its .claude/settings.json)',
            },
          ]
        : []),
    ],
  });
});
