/**
 * `less` and `more`: page through their files. less's `-o`/`-O`/`--log-file` write a log file;
 * `-k`/`--lesskey-file` and `--lesskey-src` read a key file; `-T`/`--tag-file` reads a tags file.
 * `lesskey` compiles a key file into the binary one less reads (`~/.less` unless `-o`).
 */
import type { FileOperands } from '../options/file-operands.js';
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram, type ReadVariable } from './model.js';
import { readerEffects } from './readers.js';
import { inertStartCommand } from './environment-values.js';
import { withOpaqueRunners } from './option-runs.js';
import { wrapInfo } from './wrapper-info.js';
import type { Unwrapped } from './wrapper-types.js';

/**
 * less 590 less(1): every option. A value is attached or the next word (`-p pat`, `--pattern pat`);
 * a long name may be shortened while it names one option; `-NUM` sets the window (`-z`).
 */
const lessGrammar: GnuOptionSpec = {
  short: '?aAb:BcCdD:eEfFgGh:iIj:Jk:KLmMnNo:O:p:P:qQrRsSt:T:uUVwWx:Xy:z:"~#:',
  long: longOptions(
    'search-skip-screen SEARCH-SKIP-SCREEN buffers= auto-buffers clear-screen CLEAR-SCREEN dumb color= quit-at-eof QUIT-AT-EOF force quit-if-one-screen hilite-search HILITE-SEARCH max-back-scroll= ignore-case IGNORE-CASE jump-target= status-column lesskey-file= quit-on-intr no-lessopen long-prompt LONG-PROMPT line-numbers LINE-NUMBERS log-file= LOG-FILE= pattern= prompt= quiet silent QUIET SILENT raw-control-chars RAW-CONTROL-CHARS squeeze-blank-lines chop-long-lines tag= tag-file= underline-special UNDERLINE-SPECIAL version hilite-unread HILITE-UNREAD tabs= no-init max-forw-scroll= window= quotes= tilde help shift= file-size follow-name incsearch lesskey-src= line-num-width= mouse MOUSE no-histdups no-keypad rscroll= save-marks status-col-width= use-backslash use-color wheel-lines=',
  ),
  numeric: true,
};

/** `-k`/`--lesskey-file`, `--lesskey-src` read a key file, `-T`/`--tag-file` a tags file; `-o`/`-O`/`--log-file` write a log. */
const LESS_FACTS = { reads: ['k', 'lesskey-file', 'lesskey-src', 'T', 'tag-file'], writes: ['o', 'O', 'log-file', 'LOG-FILE'] };

/** The options that name a lesskey file (less 590 less(1), lesskey(1)). */
const LESSKEY_OPTIONS: ReadonlySet<string> = new Set(['k', 'lesskey-file', 'lesskey-src']);

/**
 * What less runs from a lesskey file the command names: its `#env` section may set `LESSOPEN`
 * and `LESSCLOSE`, commands less runs for each file it opens (red team 13 V8: `less
 * --lesskey-src=./lk notes.txt` ran the rm an earlier call wrote into `lk`). The file is one
 * toolgate does not read, so what it runs is opaque code; words the grammar does not accept, where
 * such an option may hide, are an unknown.
 */
function lesskeyCode(argv: readonly string[]): Unwrapped[] {
  const parsed = parseGnuOptions(argv, lessGrammar);
  if (!parsed.ok) {
    const mayName = argv.slice(1).some((w) => w.startsWith('--les') || /^-[^-]*k/.test(w));
    return mayName ? [{ kind: 'unknown', reason: 'less: a word it may read as a lesskey option is not one toolgate reads' }] : [];
  }
  return parsed.options
    .filter((o) => LESSKEY_OPTIONS.has(o.name))
    .map((o) => ({
      kind: 'opaque' as const,
      reason: `less ${o.kind === 'long' ? `--${o.name}` : `-${o.name}`} ${o.value ?? ''} reads a lesskey file, whose #env section may set LESSOPEN: a command less runs for each file it opens, which toolgate cannot see`,
    }));
}

/**
 * util-linux 2.38 more(1) (`more --help`): every option. `-NUM` is `--lines NUM`; a word `+NUM` or
 * `+/PATTERN` says where to start (read here as an operand, a file: more takes it out first).
 */
const moreGrammar: GnuOptionSpec = {
  short: 'dflcpseun:hV',
  long: longOptions('silent logical no-pause print-over clean-print exit-on-eof squeeze plain lines= help version'),
  numeric: true,
};

/**
 * less(1) ENVIRONMENT: LESS holds options read before the command line (`LESS=-o.npmrc` writes a
 * log) and may hold a start command (`+cmd`, run on each file); LESSOPEN and LESSCLOSE are commands
 * less runs on each file it opens and closes (`|rm -rf .claude %s` removed .claude, red team 16
 * NEW-3); LESSKEY/LESSKEYIN name key files whose #env section may set LESSOPEN.
 * @internal
 */
export const LESS_VARIABLES: Readonly<Record<string, ReadVariable>> = {
  LESSOPEN: { may: ['code'], what: 'LESSOPEN names a command less runs on each file it opens', exportedToo: true },
  LESSCLOSE: { may: ['code'], what: 'LESSCLOSE names a command less runs on each file it closes', exportedToo: true },
  LESSKEY: { may: ['options-file'], what: 'LESSKEY names a key file whose env section may set LESSOPEN, a command less runs on each file' },
  LESSKEYIN: {
    may: ['options-file'],
    what: 'LESSKEYIN names a key file whose env section may set LESSOPEN, a command less runs on each file',
  },
  LESS: {
    may: ['options', 'code'],
    what: 'LESS holds options less reads first, which may name a log file it writes (-o, -O) or a start command (+cmd) it runs on each file',
  },
};

/**
 * What less reads and writes, and the start commands its `+cmd` words give (less 590 less(1):
 * "+cmd", run on each file it opens, as keys typed): one that is not known inert
 * (`inertStartCommand`: a line number, `G`, `F`, a search) or not literal (`less "+$x" f`) may
 * run a shell command (`+!rm -rf .claude`, `+|cmd`): a write whose names toolgate cannot see, a
 * protected ask in every mode, as a `+cmd` in `LESS` is (red team 16 NEW-3). A `+` word is no
 * file; after `--` it is one.
 */
function lessFiles(name: string, argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  const out = readerEffects(name, argv, lessGrammar, LESS_FACTS);
  const end = argv.indexOf('--');
  const starts = new Set<number>();
  // A word that is not literal is as written: its quotes come first (`"+$x"`).
  for (let k = 1; k < (end < 0 ? argv.length : end); k++)
    if (literal?.[k] === false ? /^(?:["']|\$')*\\?\+/.test(argv[k]!) : argv[k]!.startsWith('+')) starts.add(k);
  if (starts.size === 0) return out;
  const files = out.files.filter((f) => !starts.has(f.index) || f.op !== 'read' || f.value !== argv[f.index]);
  const unseen = [...(out.unseen ?? [])];
  for (const k of starts)
    if (literal?.[k] === false || !inertStartCommand(argv[k]!))
      unseen.push({
        op: 'write',
        why: `less ${argv[k]!.replace(/\n/g, '\\n')} is a start command less runs on each file it opens (+! runs a shell command)`,
      });
  return { ...out, files, unseen };
}

/** The less model. @internal */
export const less = defineProgram({
  names: ['less'],
  summary: 'less: page through files',
  sources: ['less 590 less(1)'],
  grammar: lessGrammar,
  readsVariables: LESS_VARIABLES,
  // A lesskey file's LESSOPEN may write anything, as LESSKEYIN's (a variable naming the same
  // file) is judged: a protected ask in every mode, not opaque code `Bash(*)` consents to (replay
  // 17b NEW-6: `less --lesskey-src=k notes.txt` with `LESSOPEN=|rm -rf .claude %s` in k's #env).
  files: (name, argv, literal) => withOpaqueRunners(lessFiles(name, argv, literal), wrapInfo(lesskeyCode(argv))),
  runs: 'unseen',
  runsConfigured: (argv) => lesskeyCode(argv),
  examples: [
    { command: 'less README.md', effects: ['read ./README.md'], readOnly: false },
    { command: 'less -o log.txt a.txt', effects: ['write ./log.txt', 'read ./a.txt'], why: '-o copies the input to a log file' },
    {
      command: 'less --lesskey-src=keys a.txt',
      effects: ['write . [some]', 'read ./keys', 'read ./a.txt'],
      why: "--lesskey-src reads a key file, whose #env section's LESSOPEN less runs: it may write anything",
    },
    { command: 'less -T tags -t main', effects: ['read ./tags'], why: '-T names the tags file; -t takes the tag' },
    { command: 'less --pattern TODO a.txt', effects: ['read ./a.txt'], why: 'a long option takes its value from the next word too' },
  ],
});

/** The more model. @internal */
export const more = defineProgram({
  names: ['more'],
  summary: 'more: page through files',
  sources: ['util-linux 2.38 more(1)'],
  grammar: moreGrammar,
  // more(1) ENVIRONMENT: MORE holds options.
  readsVariables: { MORE: { may: ['options'], what: 'MORE holds options more reads before its command line' } },
  files: (name, argv) => readerEffects(name, argv, moreGrammar),
  runs: 'unseen',
  examples: [{ command: 'more a.txt', effects: ['read ./a.txt'], readOnly: false }],
});

/** lesskey (less 590 lesskey(1)): `-o FILE`/`--output=FILE` names the binary file it writes; `-V` prints its version. */
const lesskeyGrammar: GnuOptionSpec = { short: 'o:V', long: longOptions('output= version') };

/** The compiled key file lesskey writes without `-o` (`$LESSKEY`'s default), which less reads at every start. */
const LESSKEY_BINARY = '.less';

/**
 * What lesskey reads and writes: its source operand and `-o`'s file; without `-o` it writes `~/.less`,
 * the binary key file less reads at every start, whose env section may set LESSOPEN (a command less
 * runs on each file): `lesskey -o ~/.less lk` or a bare `lesskey lk` then `less notes.txt` ran it.
 */
function lesskeyFiles(name: string, argv: readonly string[]): FileOperands {
  const out = readerEffects(name, argv, lesskeyGrammar, { writes: ['o', 'output'] });
  // Words it does not read as options: it may write ~/.less all the same.
  const opts = parseGnuOptions(argv, lesskeyGrammar);
  const elsewhere = opts.ok && opts.options.some((o) => ['o', 'output', 'V', 'version'].includes(o.name));
  if (!elsewhere) out.files.push({ op: 'write', index: 0, value: LESSKEY_BINARY, inHome: true });
  return out;
}

/** The lesskey model. @internal */
export const lesskey = defineProgram({
  names: ['lesskey'],
  summary: 'lesskey: compile a less key file',
  sources: ['less 590 lesskey(1)'],
  grammar: lesskeyGrammar,
  files: (name, argv) => lesskeyFiles(name, argv),
  runs: 'unseen',
  examples: [
    {
      command: 'lesskey -o keys.bin keys',
      effects: ['write ./keys.bin', 'read ./keys'],
      readOnly: false,
      why: '-o names the file it writes',
    },
    {
      command: 'lesskey keys',
      effects: ['read ./keys', 'write /home/user/.less'],
      why: 'without -o it writes ~/.less, which less reads at every start',
    },
  ],
});
