/**
 * Programs whose input language names more files for them to read (decision 0096): the troff
 * family (`.so`, `.mso`, eqn's `include`, pic's `copy`), man formatting a page file, rustc
 * (`include!`, `include_str!`, `mod x;`), TeX (`\input`, `\include`), the style sheet compilers
 * (`@import`, `@use`) and esbuild bundling (`import`, `require`). Red team 13
 * (V7, V18): `printf '.so .env\n' > doc.1; groff -Tascii doc.1` and `esbuild --bundle src/i.js
 * --loader:.env=text` with `import s from "../.env"` in i.js printed .env; the names may be built
 * inside the text (groff's string registers, `\*a\*b`), so these models say only that they
 * include (`includesFiles`): a read of some path, a guarded read where a Read deny rule applies.
 * Nothing else of them is modelled: every word keeps the treatment of a program toolgate does
 * not model (assumed a path read and written), and what else they may run is not seen.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram, type ReadVariable } from './model.js';
import { withOpaqueRunners } from './option-runs.js';
import { LESS_VARIABLES } from './pagers.js';
import { compilerIncludes } from './compilers.js';
import { rustcHands, rustcLinkRuns } from './rustc-link-args.js';
import { rustToolchainFiles } from './rust-toolchain.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** Every word assumed, as for a program toolgate does not model; `@FILE` words are read (`responseFiles`). */
function assumedWords(argv: readonly string[], responseFiles = false): FileOperands {
  const files: FileOperand[] = [];
  if (responseFiles)
    for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) files.push({ op: 'read', index: k, value: argv[k]!.slice(1) });
  return { files, unresolved: [], modelled: 'partly' };
}

/** Words that only print what the program is: it reads no input. */
const ABOUT_ITSELF = /^(--version|--help|-v|-V|-h|-version|-help)$/;

/** `what` unless the command only asks the program about itself. */
const unlessAboutItself =
  (what: string) =>
  (argv: readonly string[]): string | undefined =>
    argv.length > 1 && argv.slice(1).every((w) => ABOUT_ITSELF.test(w)) ? undefined : what;

/** Code a word of the command makes the program run (`why`), as opaque code, when `test` matches one. */
const runsWhen =
  (test: RegExp, why: string) =>
  (argv: readonly string[]): WrapperInfo | undefined => {
    const word = argv.slice(1).find((w) => test.test(w));
    return word === undefined
      ? undefined
      : { inner: [{ kind: 'opaque', reason: `${argv[0]} ${word} ${why}` }], transparent: false, exactOnly: false };
  };

/** What groff's words make it include (the troff model's `includesFiles`). */
const TROFF_INCLUDES = '.so and .mso requests, eqn include, pic copy and refer database lines, whose names it may build from strings';

/** @internal */
export const troff = defineProgram({
  names: [
    'groff',
    'nroff',
    'troff',
    'gtroff',
    'soelim',
    'gsoelim',
    'zsoelim',
    'eqn',
    'geqn',
    'neqn',
    'pic',
    'gpic',
    'refer',
    'grefer',
    'mandoc',
  ],
  summary: 'groff, nroff, troff, soelim, eqn, pic, mandoc: typeset roff text (only the files it includes are modelled)',
  sources: [
    'GNU groff 1.22 groff(7) (.so, .mso, .pso, .open, string registers), soelim(1), eqn(1) (include), pic(1) (copy), refer(1) (database); man-db zsoelim(1); mandoc(1) (.so)',
    'verified on Debian 12: groff -Tascii and nroff print a file .so names, also built from string registers (red team 13, V7)',
  ],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: unlessAboutItself(TROFF_INCLUDES),
  // Unsafe mode lets the text run commands (`.sy`, `.pso`, `.pi`): code toolgate cannot read.
  unwrap: runsWhen(/^-[a-zA-Z]*U/, 'runs the commands its text names (.sy, .pso), which toolgate cannot read'),
  runs: 'unseen',
  examples: [{ command: 'groff -Tascii ./doc.1', effects: ['write ./doc.1 (path)'], why: 'the words are assumed paths' }],
});

/** grog's `--run` (any word starting `--r`: groff 1.22.4 grog/subs.pl matches `/^--r/`). */
const GROG_RUN = /^--r/;

/** A word a shell would not take as one plain word (grog joins its words with blanks and hands them to `system`). */
const SHELL_SPECIAL = /[\s;&|<>()$`\\"'*?[\]{}~#!=]/;

/**
 * grog guesses the groff command for its files and prints it; with `--run` it runs it — groff
 * with the file's `.so` includes (red team 22, NEW-T5: `grog --run -Tascii f.ms` printed the .env
 * `.so .env` named) — through Perl's `system` with its words joined by blanks, a shell command
 * line: a word the shell would read otherwise, or groff's unsafe `-U`, runs code toolgate cannot see.
 * @internal
 */
export const grog = defineProgram({
  names: ['grog'],
  summary: 'grog: guess the groff command for roff files; with --run, run it (only the files groff includes are modelled)',
  sources: ['GNU groff 1.22.4 grog(1), /usr/lib/groff/grog/subs.pl (handle_args: /^--r/ is --run; system(join " ", @Command))'],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: (argv) => (argv.some((w) => GROG_RUN.test(w)) ? TROFF_INCLUDES : undefined),
  unwrap: (argv, literal = argv.map(() => true)) => {
    if (!argv.some((w) => GROG_RUN.test(w))) return undefined;
    const word = argv.slice(1).find((w, k) => literal[k + 1] === false || SHELL_SPECIAL.test(w) || /^-[a-zA-Z]*U/.test(w));
    return word === undefined
      ? undefined
      : {
          inner: [{ kind: 'opaque', reason: `grog --run hands groff's command line to a shell with its words unquoted (${word}), which toolgate does not read` }],
          transparent: false,
          exactOnly: false,
        };
  },
  runs: 'unseen',
  examples: [{ command: 'grog --run -Tascii ./f.ms', effects: ['write ./f.ms (path)'], why: 'the words are assumed paths' }],
});

/**
 * man-db 2.11 man(1): its short options that take a value (the rest of the word, or the next
 * word), and those whose value is optional (only the rest of the word).
 */
const MAN_VALUE = 'CELMPSemprs';
const MAN_OPTIONAL_VALUE = 'HTX';

/**
 * What man's options run, with the value of each (man-db 2.11 man(1)): `-P`/`--pager` the pager
 * (split into words with shell quoting, no other shell syntax), `-H`/`--html=` the browser (a
 * colon-separated list of commands with `%s`), `-C`/`--config-file` a configuration file whose
 * DEFINE lines name the programs man runs. A pager whose words toolgate can read is judged as a
 * command; one holding `#` (a comment to a shell, a word to man) or not literal, a browser and a
 * configuration file (other than `/dev/null`) are programs toolgate does not see.
 */
function manRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  const pager = (name: string, value: string, at: number): void => {
    if (literal[at] === false || value.includes('#'))
      inner.push({ kind: 'opaque', reason: `man ${name} runs a pager toolgate cannot read: ${value}` });
    else if (value.trim() !== '') inner.push({ kind: 'text', script: value, what: `man ${name}` });
  };
  const browser = (value: string): void => {
    if (value !== '')
      inner.push({ kind: 'opaque', reason: `man --html=${value} runs the browser commands it names, which toolgate does not read` });
  };
  const config = (value: string | undefined): void => {
    if (value !== '/dev/null')
      inner.push({
        kind: 'opaque',
        reason: `man reads the configuration file ${value ?? ''}, which toolgate does not read: it may name the programs man runs`,
      });
  };
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') break;
    const long = /^--([a-z-]+)(?:=(.*))?$/s.exec(w);
    if (long) {
      const [, n, v] = long as unknown as [string, string, string | undefined];
      // A long name may be shortened while it names one option: `--pa` is also --path, `--h`
      // also --help, `--c` also --catman.
      if (n.length >= 3 && 'pager'.startsWith(n)) {
        if (v === undefined) k++;
        pager('--pager', v ?? argv[k] ?? '', k);
      } else if (n.length >= 2 && 'html'.startsWith(n)) browser(v ?? '');
      else if (n.length >= 2 && 'config-file'.startsWith(n)) config(v ?? argv[++k]);
      continue;
    }
    if (!/^-[^-]/.test(w)) continue;
    for (let c = 1; c < w.length; c++) {
      const letter = w[c]!;
      if (MAN_OPTIONAL_VALUE.includes(letter)) {
        if (letter === 'H') browser(w.slice(c + 1));
        break;
      }
      if (!MAN_VALUE.includes(letter)) continue;
      const attached = c + 1 < w.length;
      const value = attached ? w.slice(c + 1) : argv[++k];
      if (letter === 'P') pager('-P', value ?? '', k);
      else if (letter === 'C') config(value);
      break;
    }
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * The variables man reads as programs it runs (man-db 2.11 man(1), ENVIRONMENT): MANPAGER or PAGER
 * the pager, MANOPT options read before its command line (`-P`, `-H`, `-C` among them), MANROFFOPT
 * options for the formatter (groff `-U` lets a page run commands), BROWSER the browser `--html`
 * runs; and, as its default pager is less, less's own (a `+cmd` in LESS, LESSOPEN, …). With a
 * terminal (verified, man-db 2.11 under `script`: `PAGER='touch x' man ls` ran touch); without one
 * man prints the page itself, but the line may give it one. Also read where git help runs man
 * (git/runs.ts).
 * @internal
 */
export const MAN_VARIABLES: Readonly<Record<string, ReadVariable>> = {
  MANPAGER: { may: ['code'], what: 'MANPAGER names the pager man runs' },
  PAGER: { may: ['code'], what: 'PAGER names the pager man runs when MANPAGER is not set' },
  MANOPT: {
    may: ['code'],
    what: 'MANOPT holds options man reads before its command line (-P names a pager it runs, -H a browser, -C a configuration file naming others)',
  },
  MANROFFOPT: { may: ['code'], what: "MANROFFOPT holds options man gives the formatter (groff's -U lets a page run commands)" },
  BROWSER: { may: ['code'], what: 'BROWSER names the browser commands man --html runs' },
  ...Object.fromEntries(
    Object.entries(LESS_VARIABLES).map(([k, v]) => [k, { may: ['code'], what: `${v.what} (man's default pager is less)` } as const]),
  ),
};

/**
 * man: `man -l FILE` and a page operand with a slash (`man ./doc.1`) format a file the agent may
 * have written, through groff (its `.so` lines; verified: `.so creds` printed ~/.aws/credentials);
 * a page by name (`man ls`) and `-M`/`--manpath` a directory. A page by name from the installed
 * pages reads only what they include. The programs its options and variables name are judged
 * (`manRuns`, `MAN_VARIABLES`).
 * @internal
 */
export const man = defineProgram({
  names: ['man'],
  summary: 'man: format and show manual pages (only the files a page file includes, and the programs it runs, are modelled)',
  sources: [
    'man-db 2.11 man(1) (-l, --local-file, -M, a name holding a slash is a file); verified on Debian 12 (red team 13, V7)',
    'man-db 2.11 man(1) -P, --pager, -H, --html, -C, --config-file and ENVIRONMENT (MANPAGER, PAGER, MANOPT, MANROFFOPT, BROWSER)',
  ],
  // The commands its options name, when not literal, may write anything (decision 0092).
  files: (_name, argv, literal) => withOpaqueRunners(assumedWords(argv), manRuns(argv, literal ?? argv.map(() => true))),
  includesFiles: (argv) =>
    argv
      .slice(1)
      .some((w) => /^(-l|--local-file|-M|--manpath)(=|$)/.test(w) || /^-[a-zA-Z]*l/.test(w) || (!w.startsWith('-') && w.includes('/')))
      ? '.so requests of the page files it formats'
      : undefined,
  unwrap: (argv, literal) => manRuns(argv, literal),
  readsVariables: MAN_VARIABLES,
  runs: 'unseen',
  examples: [
    { command: 'man -l doc.1', effects: ['write ./doc.1 (word)'] },
    {
      command: "man -P 'less -R' ls",
      effects: ['write ./less -R (word)', 'write ./ls (word)', 'read ./less (word)'],
      why: 'the pager -P names is judged as a command',
    },
  ],
});

/** @internal */
export const rustc = defineProgram({
  names: ['rustc'],
  summary: 'rustc: compile Rust (only its @path response files and the files its source includes are modelled)',
  sources: [
    'The rustc book, Command-line arguments (@path); The Rust Reference, include!, include_str!, include_bytes!, modules (mod, #[path])',
  ],
  files: (_name, argv) => assumedWords(argv, true),
  responseFiles: 'binutils',
  responseUnseen: 'run',
  // `-C link-arg=ARG`: words of the C compiler driver it links with (`rustc-link-args.ts`).
  handsWords: rustcHands,
  includesFiles: unlessAboutItself('include!, include_str! and mod items'),
  // A rustup proxy: a toolchain file may name the directory whose bin/rustc it runs (rust-toolchain.ts).
  configFiles: rustToolchainFiles,
  configFilesWithoutView: 'absent',
  // A linker it runs, a procedural macro crate it loads (`--extern`), a codegen backend or plugin
  // (`-Z`), and what its link arguments make cc run (`-C link-arg=-B./bin`).
  unwrap: (argv, literal) => {
    const own = runsWhen(
      /^(-Z|--extern|-Clinker|--codegen=linker|linker)/,
      'may make it run or load code toolgate cannot read (a linker, a procedural macro crate)',
    )(argv.filter((w, k) => !(/^(-C|--codegen)$/.test(argv[k - 1] ?? '') && !w.startsWith('linker'))));
    const link = rustcLinkRuns(argv, literal);
    return link.length === 0 ? own : { inner: [...(own?.inner ?? []), ...link], transparent: false, exactOnly: false };
  },
  runs: 'unseen',
  examples: [
    { command: 'rustc @args src/x.rs', effects: ['read ./args', 'write ./src/x.rs (path)'] },
    {
      command: "rustc -C link-args='-o out/app' x.rs",
      effects: ['write ./out/app (path)', 'write ./x.rs (word)', 'read ./link-args (word)', 'read ./out/app (word)'],
      why: 'the words are words of cc, which rustc links with: -o FILE is the file the linker writes (the last -o wins)',
    },
  ],
});

/** @internal */
export const tex = defineProgram({
  names: ['tex', 'etex', 'pdftex', 'xetex', 'luatex', 'latex', 'pdflatex', 'xelatex', 'lualatex', 'bibtex', 'biber'],
  summary: 'TeX and LaTeX engines, bibtex: typeset (only the files a document includes are modelled)',
  sources: ['The TeXbook (\\input, \\openin), LaTeX2e (\\include, \\InputIfFileExists), bibtex(1) (\\bibdata in the .aux)'],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: unlessAboutItself('\\input, \\include, \\openin and \\bibliography commands'),
  runs: 'unseen',
  examples: [{ command: 'pdflatex ./x.tex', effects: ['write ./x.tex (path)'] }],
});

/** @internal */
export const styleSheets = defineProgram({
  names: ['sass', 'scss', 'lessc', 'stylus'],
  summary: 'sass, lessc, stylus: compile style sheets (only the files a sheet imports are modelled)',
  sources: [
    'Sass documentation (@use, @forward, @import), Less documentation (@import (inline)), Stylus documentation (@import, @require)',
  ],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: unlessAboutItself('@import and @use rules'),
  runs: 'unseen',
  examples: [{ command: 'sass ./x.scss', effects: ['write ./x.scss (path)'] }],
});

/**
 * esbuild: with `--bundle` it reads every file the entry points import (`import s from
 * "../.env"` with `--loader:.env=text` put .env's text in the bundle it prints: red team 13,
 * V18); without, it transforms the files it is given alone.
 * @internal
 */
export const esbuild = defineProgram({
  names: ['esbuild'],
  summary: 'esbuild: bundle and transform JavaScript (only the files a bundle imports are modelled)',
  sources: ['esbuild API documentation (bundle: "inline any imported dependencies"); verified: esbuild 0.19 (red team 13, V18)'],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: (argv) =>
    argv.some((w) => w === '--bundle' || w.startsWith('--bundle=')) ? 'import statements and require calls' : undefined,
  runs: 'unseen',
  examples: [{ command: 'esbuild --bundle ./i.js', effects: ['write ./i.js (path)'] }],
});

/**
 * The assemblers nasm and yasm: `%include` and `incbin` (nasm's preprocessor builds names with
 * `%define` and `%strcat`, so its text cannot be read for them).
 * @internal
 */
export const nasm = defineProgram({
  names: ['nasm', 'yasm'],
  summary: 'nasm, yasm: x86 assemblers (only the files their source includes are modelled)',
  sources: ['NASM manual 2.16, "%include", "incbin", "%strcat"; yasm(1)'],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: unlessAboutItself('%include and incbin directives'),
  runs: 'unseen',
  examples: [{ command: 'nasm ./x.asm', effects: ['write ./x.asm (path)'] }],
});

/**
 * Document converters whose markup includes files: AsciiDoc's `include::FILE[]` (asciidoctor's
 * command line runs unsafe by default, so any path is read) and reStructuredText's `.. include::`
 * and `.. literalinclude::` (docutils' rst2* front ends). `asciidoctor -r LIB` loads Ruby code.
 * @internal
 */
export const markupIncludes = defineProgram({
  names: [
    'asciidoctor',
    'asciidoc',
    'rst2html',
    'rst2html4',
    'rst2html5',
    'rst2latex',
    'rst2man',
    'rst2odt',
    'rst2pseudoxml',
    'rst2s5',
    'rst2xetex',
    'rst2xml',
    'rstpep2html',
    'docutils',
  ],
  summary: 'asciidoctor, asciidoc, the docutils rst2* front ends: convert markup (only the files a document includes are modelled)',
  sources: [
    'Asciidoctor documentation, "Include directive" and "Safe modes" (the CLI default is unsafe; -r requires a library)',
    'Docutils reStructuredText directives, "include" (file_insertion_enabled defaults on)',
  ],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: unlessAboutItself('include directives'),
  unwrap: runsWhen(/^(-r|--require)/, 'loads the Ruby library it names, code toolgate cannot read'),
  runs: 'unseen',
  examples: [{ command: 'asciidoctor ./x.adoc', effects: ['write ./x.adoc (path)'] }],
});

/**
 * Programs that run the C preprocessor over their input, or read an include language of their
 * own, and have no other model: rpcgen (its `.x` file goes through cpp: `#include`), nvcc
 * (CUDA's compiler driver, which preprocesses like gcc: `#include`, `-E`, `-M`, `-I`; read as
 * gcc's `#include` lines are, so a command that only links objects includes nothing) and ICU's
 * resource compiler genrb (`:include` and `:import` resources name files, relative to `-s DIR`).
 * Red team 21 (R21-10), verified on Debian 12: with `#include ".env"` in inc.x and inc.cu,
 * `rpcgen -c inc.x` and `nvcc -E inc.cu` printed .env's text under `Bash(*)` with `Read(./.env)`
 * denied; `genrb -d rb rb.txt` with `s:include { ".env" }` put it in rb/root.res, which `derb`
 * printed. What they run (rpcgen's `-Y DIR`, nvcc's `-ccbin`, `-run`) is not modelled here.
 * @internal
 */
export const preprocessed = defineProgram({
  names: ['rpcgen', 'nvcc', 'genrb'],
  summary: 'rpcgen, nvcc, genrb: compile RPC, CUDA and ICU resource sources (only the files their source includes are modelled)',
  sources: [
    'rpcgen(1) (the input file is run through the C preprocessor); NVIDIA CUDA Compiler Driver NVCC (-E, -M, -I, #include); ICU genrb (":include", ":import", -s)',
    'verified on Debian 12 (red team 21, R21-10): rpcgen -c, nvcc -E and genrb printed or embedded the .env their source includes',
  ],
  files: (_name, argv) => assumedWords(argv),
  includesFiles: (argv) => {
    const name = argv[0]?.replace(/^.*\//, '');
    if (name === 'nvcc') return compilerIncludes(argv);
    return unlessAboutItself(name === 'genrb' ? ':include and :import resources' : '#include lines')(argv);
  },
  runs: 'unseen',
  examples: [
    { command: 'rpcgen -c ./inc.x', effects: ['write ./inc.x (path)'], why: 'the words are assumed paths' },
    { command: 'nvcc -c x.cu -o x.o', effects: ['write ./x.cu (word)', 'write ./x.o (word)'], why: 'the words are assumed paths' },
  ],
});
