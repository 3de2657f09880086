/**
 * Searchers that always walk a directory: ag, ack (grep and ripgrep have models of their own). A directory they walk stands for every file inside it.
 * ag(1) and options.c of the_silver_searcher 2.2.0; ack(1) and App::Ack::ConfigLoader of ack 3.6.0.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readBy, type ReadWords } from './parse.js';
import { gnuOptionRuns } from './option-runs.js';

/** ag's file types (`ag --list-file-types`), each an option `--TYPE`. */
const AG_TYPES =
  'actionscript ada asciidoc apl asm asp aspx batch bazel bitbake cc cfmx chpl clojure coffee config coq cpp crystal csharp cshtml css cython delphi dlang dot dts ebuild elisp elixir elm erlang factor fortran fsharp gettext glsl go gradle groovy haml handlebars haskell haxe hh html idris ini ipython isabelle j jade java jinja2 js json jsp julia kotlin less liquid lisp log lua m4 make mako markdown mason matlab mathematica md mercury naccess nim nix objc objcpp ocaml octave org parrot pdb perl php pike plist plone powershell proto ps1 pug puppet python qml racket rake razor restructuredtext rs r rdoc ruby rust salt sass scala scheme shell smalltalk sml sql stata stylus swift tcl terraform tex thrift tla tt toml ts twig vala vb velocity verilog vhdl vim vue wix wsdl wadl xml yaml zeek zephir';

/**
 * ag 2.2.0 (Debian's 2.2.0+git20200805: options.c's getopt_long optstring and long options, and a
 * `--TYPE` for each file type). `-A`/`-B`/`-C` take the next word, but a word that is not a number
 * is put back as an operand (options.c: `optind--`); `--after`, `--before`, `--context` take a value
 * only after `=`.
 */
const agGrammar: GnuOptionSpec = {
  short: 'A:aB:C:cDG:g:FfHhiLlm:nop:QRrSsvVtuUwW:z0',
  long: longOptions(
    `ackmate ackmate-dir-filter= affinity after[=] all-text all-types before[=] break case-sensitive color color-line-number= color-match= color-path= color-win-ansi column context[=] count debug depth= filename filename-pattern= file-search-regex= files-with-matches files-without-matches fixed-strings follow group heading help hidden ignore= ignore-case ignore-dir= invert-match line-numbers list-file-types literal match max-count= mmap multiline no-affinity noaffinity no-break nobreak no-color nocolor no-filename nofilename no-follow nofollow no-group nogroup no-heading noheading no-mmap nommap no-multiline nomultiline no-numbers nonumbers no-pager nopager no-recurse norecurse null numbers only-matching one-device pager= parallel passthrough passthru path-to-ignore= print0 print-all-files print-long-lines recurse search-binary search-files search-zip silent skip-vcs-ignores smart-case stats stats-only unrestricted version vimgrep width= word-regexp workers= ${AG_TYPES}`,
  ),
};

/** ack's file types (`ack --help-types`), each an option `--TYPE` that negates as `--noTYPE`. */
const ACK_TYPES =
  'actionscript ada asm asp aspx batch bazel cc cfmx clojure cmake coffeescript cpp crystal csharp css dart delphi elisp elixir elm erlang fortran go groovy gsp haskell hh hpp html jade java js json jsp kotlin less lisp lua make markdown matlab objc objcpp ocaml perl perltest php plone pod purescript python rake rr rst ruby rust sass scala scheme shell smalltalk smarty sql stylus svg swift tcl tex toml ts ttml vb verilog vhdl vim xml yaml';

/** Getopt::Long's `name!`: the name, `--noname` and `--no-name`. */
const negatable = (names: string): string =>
  names
    .split(' ')
    .flatMap((n) => [n, `no${n}`, `no-${n}`])
    .join(' ');

/**
 * ack 3.6.0 (App::Ack::ConfigLoader's option list, the options its earlier passes take —
 * `--help`, `--version`, `--man`, `--noenv`, `--ackrc`, `--ignore-ack-defaults`, `--dump`,
 * `--type-add`/`--type-set`/`--type-del` — and a `--TYPE` for each file type): Getopt::Long with
 * bundling, so letters combine and long names take shortened prefixes. `-A`/`-B`/`-C`/`-p` and
 * their long names take an optional number: the next word only when it is one (else it is an
 * operand); `--pager` takes the next word only when it is no option, read here as taking it
 * only after `=` (the word is then one more operand).
 */
const ackGrammar: GnuOptionSpec = {
  short: '1A:B:C:cfgHhiIkLlm:nop:PQrRsSt:T:vwx',
  long: {
    ...longOptions(
      `after-context= before-context= context= count color-match= color-filename= color-colno= color-lineno= create-ackrc debug files-from= flush no-filename with-filename ignore-case no-ignore-case ignore-dir= noignore-dir= ignore-file= files-with-matches files-without-matches max-count= match= no-recurse output= pager[=] nopager passthru print0 proximate= literal recurse range-start= range-end= show-types sort-files type= invert-match word-regexp help help-types help-colors help-rgb-colors known-types type-add= type-set= type-del= version man dump ackrc= ignore-ack-defaults thpppt bar cathy ${negatable(
        `break color colour column env filter follow group heading range-invert smart-case underline ${ACK_TYPES}`,
      )}`,
    ),
    'ignore-directory': { argument: 'required', same: 'ignore-dir' },
    'noignore-directory': { argument: 'required', same: 'noignore-dir' },
  },
};

/** What one searcher's options mean for its files. */
interface Searcher {
  /** Options whose value is a file read. */
  readonly reads: readonly string[];
  /** Options after which no operand is the pattern: every operand is a path. */
  readonly noPattern: readonly string[];
  /** Options whose value from the next word is taken only when it is a number, and the test. */
  readonly numeric: readonly string[];
  readonly number: RegExp;
  /** Options that search files named elsewhere, and why. */
  readonly namesFrom: Readonly<Record<string, string>>;
}

const AG: Searcher = {
  reads: ['-p', '--path-to-ignore'],
  noPattern: ['-g', '--filename-pattern', '--version', '--help'],
  numeric: ['-A', '-B', '-C'],
  // strtol over the whole word (options.c), within a long's range.
  number: /^\s*[-+]?\d{1,18}$/,
  namesFrom: {},
};

const ACK: Searcher = {
  reads: ['--ackrc', '--files-from'],
  noPattern: ['-f', '--match', '--version', '--help'],
  numeric: ['-A', '-B', '-C', '-p', '--after-context', '--before-context', '--context', '--proximate'],
  // Getopt::Long's integer.
  number: /^[-+]?\d+$/,
  namesFrom: {
    '--files-from': 'ack --files-from searches the files named in a file',
    '-x': 'ack -x searches the files named on its input',
  },
};

/** `ag`/`ack [opts] PATTERN [PATH…]`: recursive by default, from the cwd. */
function searchOperands(searcher: Searcher, argv: readonly string[], { options, operands }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const ops = [...operands];
  for (const o of options) {
    if (is(o, ...searcher.reads)) pushOpt(files, optionFile(o, 'read', argv));
    // `-A TODO`: not a number, so the program reads TODO as the next operand.
    if (is(o, ...searcher.numeric) && o.valueIndex !== undefined && !searcher.number.test(o.value ?? '')) ops.push(o.valueIndex);
  }
  ops.sort((a, b) => a - b);
  for (const [name, why] of Object.entries(searcher.namesFrom)) if (has(options, name)) unresolved.push(why);
  // The pager is a program it runs: it may write anything (decision 0092).
  const unseen: UnseenNames[] = has(options, '--pager') ? [{ op: 'write', why: '--pager runs a program' }] : [];
  const listOnly = has(options, ...searcher.noPattern);
  const paths = listOnly ? ops : ops.slice(1);
  files.push(...all(paths, 'read', { tree: 'all' }));
  if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  return { files, unresolved, notFiles: listOnly ? [] : ops.slice(0, 1), ...(unseen.length > 0 ? { unseen } : {}) };
}

/** The ag model (the silver searcher). @internal */
export const ag = defineProgram({
  names: ['ag'],
  summary: 'ag: search files for a pattern, recursively',
  sources: ['The Silver Searcher 2.2 ag(1)'],
  grammar: agGrammar,
  // A word this grammar refuses (an unknown or ambiguous option, a missing value): another ag may take it.
  files: (_name, argv) => readBy(argv, agGrammar, (words) => searchOperands(AG, argv, words)),
  // `--pager CMD` pipes its output into CMD: judged as a command.
  unwrap: (argv, literal) => gnuOptionRuns('ag', argv, literal, agGrammar, ['pager']),
  runs: 'unseen',
  skips: 'ag skips hidden and ignored files unless its options, configuration or ignore files say otherwise, which toolgate cannot see',
  examples: [
    { command: 'ag TODO src', effects: ['read ./src [all]'], readOnly: false },
    { command: 'ag TODO', effects: ['read . [all]'], why: 'without a path it searches the working directory' },
    { command: 'ag -f TODO src', effects: ['read ./src [all]'], why: '-f follows links: TODO is still the pattern' },
    { command: 'ag -A TODO src', effects: ['read ./src [all]'], why: '-A takes a number only: TODO is the pattern' },
    { command: 'ag -g conf src', effects: ['read ./src [all]'], why: '-g takes the pattern of names to list: every operand is a path' },
  ],
});

/** The ack model (also `ack-grep`). @internal */
export const ack = defineProgram({
  names: ['ack', 'ack-grep'],
  summary: 'ack: search files for a pattern, recursively',
  sources: ['ack 3 ack(1)'],
  grammar: ackGrammar,
  // A word this grammar refuses (an unknown option, a type an .ackrc defines): another ack may take it.
  files: (_name, argv) => readBy(argv, ackGrammar, (words) => searchOperands(ACK, argv, words)),
  // `--pager=CMD` pipes its output into CMD: judged as a command.
  unwrap: (argv, literal) => gnuOptionRuns('ack', argv, literal, ackGrammar, ['pager']),
  runs: 'unseen',
  examples: [
    { command: 'ack -f src', effects: ['read ./src [all]'], readOnly: false, why: '-f lists files: every operand is a path' },
    { command: 'ack --match TODO src', effects: ['read ./src [all]'], why: '--match gives the pattern: every operand is a path' },
    { command: 'ack --context TODO src', effects: ['read ./src [all]'], why: '--context takes a number only: TODO is the pattern' },
    { command: 'ack -g conf src', effects: ['read ./src [all]'], why: '-g takes no value: conf is the pattern of names' },
  ],
});
