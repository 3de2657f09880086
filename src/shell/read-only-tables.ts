/**
 * The built-in read-only command sets, as data.
 *
 * - `claudeCode` (default dialect): an allowlist per command — the options known safe, what
 *   their values are, which values and operands are paths the command reads — and nothing
 *   else. Any option not listed, an abbreviation that resolves (against the tool's full long
 *   option list) to an option not listed, or an ambiguous one makes the command not read-only.
 *   Sources, per entry: Claude Code docs, Configure permissions › Bash ("built-in read-only
 *   commands"); the installed manuals and `--help` of GNU coreutils 9.1, grep 3.8, diffutils 3.8,
 *   findutils 4.9, sed 4.9, file 5.44, ripgrep 13, tree 2.1, jq 1.6, procps-ng 4.0, util-linux
 *   2.38, binutils 2.40, xxd 2022-01-14; and the Claude Code CLI 2.1.332 observed on everyday
 *   commands (`test/cases/own/cc-benign-holdout.jsonl`). Where the CLI asks about a form its
 *   docs would allow, the stricter answer is kept.
 * - `robota`: robota docs, Read-only commands (a smaller set; unknown short letters, globs,
 *   variables, escapes, paths outside the working directory and more disqualify).
 */
import type { GnuArgument } from './gnu-options.js';
import { PROGRAMS } from './programs/index.js';
import { CC_CLI, CC_DOCS, coreutils } from './programs/sources.js';

export type { OperandRole, ReadOnlyCheck, ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';
import type { ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';

const HV = 'help version';
const SUM: Omit<ReadOnlyEntry, 'source'> = {
  short: 'btz', long: `binary tag text zero ${HV}`, otherLong: 'check ignore-missing quiet status strict warn',
  operands: 'read', globs: true, anyOptionHarmless: true,
};
/** The entries of programs that have no model in `programs/` yet. */
const CLAUDE_CODE_UNMOVED: Readonly<Record<string, ReadOnlyEntry>> = {
  ls: {
    source: `${CC_DOCS}; ${coreutils('ls')}`,
    short: '1aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZI:T:w:',
    long:
      'all almost-all author escape block-size= ignore-backups color[=] directory dired classify[=] file-type format= full-time ' +
      'time-style= group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir ' +
      'hide= hyperlink[=] indicator-style= inode ignore= kibibytes dereference numeric-uid-gid literal hide-control-chars ' +
      `show-control-chars quote-name quoting-style= reverse recursive size sort= time= tabsize= width= context zero ${HV}`,
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  echo: { source: `${CC_DOCS}; bash builtin echo (-n -e -E, everything else is text)`, operands: 'text', globs: true, anyOptionHarmless: true, afterXargs: true, check: 'echo' },
  printf: {
    source: `${CC_CLI}; bash builtin printf (-v VAR assigns a variable: not listed)`,
    short: '', long: '', operands: 'text', globs: true,
  },
  tail: {
    source: `${CC_DOCS}; ${coreutils('tail')}`,
    short: 'c:fFn:qs:vz', long: `bytes= follow[=] retry lines= max-unchanged-stats= pid= quiet silent sleep-interval= verbose zero-terminated ${HV}`,
    numeric: true, operands: 'read', globs: true, anyOptionHarmless: true,
  },
  wc: {
    source: `${CC_DOCS}; ${coreutils('wc')} (--files0-from reads names toolgate cannot see)`,
    short: 'clLmw', long: `bytes chars lines words max-line-length total= ${HV}`, otherLong: 'files0-from',
    operands: 'read', globs: true, anyOptionHarmless: true, afterXargs: true,
  },
  type: { source: `${CC_CLI}; bash builtin type`, short: 'afptP', operands: 'text', globs: true, anyOptionHarmless: true },
  diff: {
    source: `${CC_DOCS}; GNU diffutils 3.8 diff(1) (-l/--paginate runs pr)`,
    short: '0123456789abBcC:dD:eEfF:hiI:L:nNpPqrsS:tTuU:vwW:x:X:yZ',
    long:
      'normal brief report-identical-files context[=] unified[=] ed rcs side-by-side width= left-column suppress-common-lines ' +
      'show-c-function show-function-line= label= expand-tabs initial-tab tabsize= suppress-blank-empty recursive no-dereference ' +
      'new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude= exclude-from= starting-file= ' +
      'from-file= to-file= ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ' +
      'ignore-blank-lines ignore-matching-lines= text strip-trailing-cr ifdef= old-group-format= new-group-format= ' +
      'changed-group-format= unchanged-group-format= line-format= old-line-format= new-line-format= unchanged-line-format= ' +
      `minimal horizon-lines= speed-large-files color[=] palette= ${HV}`,
    otherLong: 'paginate binary inhibit-hunk-merge sdiff-merge-assist',
    reads: ['X', 'exclude-from', 'from-file', 'to-file'],
    operands: 'read', globs: true,
  },
  comm: {
    source: `${CC_CLI}; ${coreutils('comm')}`,
    short: '123z', long: `check-order nocheck-order output-delimiter= total zero-terminated ${HV}`, operands: 'read', globs: true, anyOptionHarmless: true,
  },
  stat: {
    source: `${CC_DOCS}; ${coreutils('stat')}`,
    short: 'c:fLt', long: `dereference file-system cached= format= printf= terse ${HV}`, operands: 'read', globs: true, anyOptionHarmless: true,
  },
  du: {
    source: `${CC_DOCS}; ${coreutils('du')} (--files0-from reads names toolgate cannot see)`,
    short: '0abcDhHklLmPsSxB:d:t:X:',
    long:
      'null all apparent-size block-size= bytes total dereference-args max-depth= summarize human-readable inodes dereference ' +
      `count-links no-dereference separate-dirs si threshold= time[=] time-style= exclude-from= exclude= one-file-system ${HV}`,
    otherLong: 'files0-from',
    reads: ['X', 'exclude-from'],
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  file: {
    source: `${CC_DOCS} (not -m/-f); file 5.44 file(1) (-C writes, -z runs decompressors, -p changes access times)`,
    short: '0bcdEhiklLnNrsSve:F:P:',
    long:
      'apple brief checking-printout debug exclude= exclude-quiet= extension keep-going list mime mime-type mime-encoding dereference ' +
      `no-dereference no-buffer no-pad print0 raw separator= special-files parameter= ${HV}`,
    otherLong: 'magic-file files-from compile preserve-date uncompress uncompress-noreport no-sandbox',
    operands: 'read', globs: true,
  },
  sort: {
    source: `${CC_DOCS} (not -o); ${coreutils('sort')} (-T/--compress-program/--files0-from not listed; the CLI asks about -k)`,
    short: 'bcCdfghiMnrRsuVzt:S:',
    long:
      'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort ' +
      `numeric-sort random-sort random-source= reverse sort= version-sort batch-size= check[=] debug field-separator= merge stable buffer-size= parallel= unique zero-terminated ${HV}`,
    otherLong: 'output compress-program files0-from temporary-directory key',
    reads: ['random-source'],
    operands: 'read', globs: false,
  },
  uniq: {
    source: `${CC_DOCS}; ${coreutils('uniq')} (a second operand is written; the CLI asks about uniq with a file operand)`,
    short: 'cdDf:is:uw:z', long: `count repeated all-repeated[=] skip-fields= group[=] ignore-case skip-chars= unique zero-terminated check-chars= ${HV}`,
    operands: 'read', maxOperands: 0, globs: false,
  },
  cut: {
    source: `${CC_CLI}; ${coreutils('cut')}`,
    short: 'b:c:d:f:nsz', long: `bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated ${HV}`,
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  tr: {
    source: `${CC_CLI}; ${coreutils('tr')} (reads standard input only)`,
    short: 'cCdst', long: `complement delete squeeze-repeats truncate-set1 ${HV}`, operands: 'text', maxOperands: 2, globs: false,
  },
  nl: {
    source: `${CC_CLI}; ${coreutils('nl')}`,
    short: 'b:d:f:h:i:l:n:ps:v:w:',
    long: `body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width= ${HV}`,
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  od: {
    source: `${CC_CLI}; ${coreutils('od')}`,
    short: 'A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx',
    long: `address-radix= endian= skip-bytes= read-bytes= strings[=] format= output-duplicates width[=] traditional ${HV}`,
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  hexdump: {
    source: `${CC_CLI}; util-linux 2.38 hexdump(1)`,
    short: 'bcCde:f:L::n:s:vxVh',
    long: `one-byte-octal one-byte-char canonical two-bytes-decimal two-bytes-octal two-bytes-hex format= format-file= color[=] length= skip= no-squeezing ${HV}`,
    reads: ['f', 'format-file'],
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  md5sum: { source: `${CC_CLI}; ${coreutils('md5sum')} (--check reads the files a list names)`, ...SUM },
  sha1sum: { source: `${CC_CLI}; ${coreutils('sha1sum')}`, ...SUM },
  sha256sum: { source: `${CC_CLI}; ${coreutils('sha256sum')}`, ...SUM },
  id: { source: `${CC_CLI}; ${coreutils('id')}`, short: 'agGnruzZ', long: `context group groups name real user zero ${HV}`, operands: 'text', globs: false },
  nproc: { source: `${CC_CLI}; ${coreutils('nproc')}`, short: '', long: `all ignore= ${HV}`, operands: 'none', globs: false },
  date: {
    source: `${CC_CLI}; ${coreutils('date')} (-s/--set and an MMDDhhmm operand set the clock)`,
    short: 'd:f:I::r:Ru', long: `date= debug file= iso-8601[=] resolution rfc-email rfc-3339= reference= utc universal ${HV}`, otherLong: 'set',
    reads: ['f', 'file', 'r', 'reference'],
    operands: 'text', globs: false, check: 'date',
  },
  true: { source: `${CC_CLI}; bash builtin`, operands: 'text', globs: false, check: 'echo' },
  false: { source: 'bash builtin', operands: 'text', globs: false, check: 'echo' },
  sleep: { source: `${CC_CLI}; ${coreutils('sleep')}`, short: '', long: HV, operands: 'text', globs: false },
  seq: { source: `${CC_CLI}; ${coreutils('seq')}`, short: 'f:s:w', long: `format= separator= equal-width ${HV}`, operands: 'text', globs: false },
  paste: { source: `${CC_CLI}; ${coreutils('paste')}`, short: 'd:sz', long: `delimiters= serial zero-terminated ${HV}`, operands: 'read', globs: true, anyOptionHarmless: true },
  expand: { source: `${CC_CLI}; ${coreutils('expand')}`, short: 'it:', long: `initial tabs= ${HV}`, numeric: true, operands: 'read', globs: true, anyOptionHarmless: true },
  fold: { source: `${CC_CLI}; ${coreutils('fold')}`, short: 'bsw:', long: `bytes spaces width= ${HV}`, numeric: true, operands: 'read', globs: true, anyOptionHarmless: true },
  column: {
    source: `${CC_CLI}; util-linux 2.38 column(1)`,
    short: 'C:c:dE:eH:hi:Jl:LN:n:O:o:p:R:r:s:T:tVW:x',
    long:
      'table table-columns= table-columns-limit= table-name= table-order= table-right= table-hide= table-truncate= table-wrap= ' +
      'table-noextreme= table-noheadings table-header-repeat table-column= keep-empty-lines json tree= tree-id= tree-parent= ' +
      `output-width= separator= output-separator= fillrows use-spaces= ${HV}`,
    operands: 'read', globs: true, anyOptionHarmless: true,
  },
  lsof: { source: `${CC_CLI}; lsof(8) (its own option loop: only -i[ADDR], -n, -P, -l listed)`, operands: 'none', globs: false, check: 'lsof' },
  ps: { source: `${CC_CLI}; procps-ng 4.0 ps(1) (BSD e/eww shows environments: not listed)`, operands: 'none', globs: false, check: 'ps' },
  node: { source: `${CC_CLI} (node --version / -v only)`, operands: 'none', globs: false, check: 'version' },
  python3: { source: `${CC_CLI} (python3 --version only; the CLI asks about -V)`, operands: 'none', globs: false, check: 'version' },
  python: { source: `${CC_CLI} (like python3)`, operands: 'none', globs: false, check: 'version' },
  sed: {
    source: `${CC_CLI}; GNU sed 4.9 sed(1) (only -n with p and line-number addresses; the CLI asks about regex addresses and s)`,
    short: 'nEr', long: 'quiet silent regexp-extended posix', operands: 'read', globs: false, check: 'sed',
  },
  jq: { source: `${CC_CLI}; jq 1.6 jq(1) (path expressions only; env, $ENV, input_filename, -f, --rawfile, --slurpfile, -L not listed)`, operands: 'read', globs: false, check: 'jq' },
  xargs: {
    source: `${CC_CLI}; GNU findutils 4.9 xargs(1) (-I/-i/-n/-L/-a/-p/-o not listed; the command it runs must print no file contents)`,
    short: '+0rtd:P:x', long: `null no-run-if-empty verbose delimiter= max-procs= exit ${HV}`,
    otherLong: 'arg-file eof replace max-lines max-args open-tty interactive process-slot-var max-chars show-limits',
    operands: 'text', globs: false, check: 'xargs',
  },
};

/** Claude Code's built-in read-only commands, each an allowlist of options. @public */
export const CLAUDE_CODE_READ_ONLY: Readonly<Record<string, ReadOnlyEntry>> = { ...CLAUDE_CODE_UNMOVED, ...PROGRAMS.readOnlyTable('claudeCode') };

/** The robota entries of programs that have no model in `programs/` yet. */
const ROBOTA_UNMOVED: Readonly<Record<string, ReadOnlySpec>> = {
  ls: { globs: false, safeShort: 'aAbBcCdfFgGhiklmnopqrRsStuUvwxX1ITw', shortArg: 'ITw' },
  echo: { globs: false, safeShort: 'neE' },
  tail: { globs: false, safeShort: 'nqvcfFz0123456789', shortArg: 'nc' },
  wc: { globs: false, safeShort: 'clmwL', unsafeLong: ['files0-from'] },
  stat: { globs: false, safeShort: 'cft', shortArg: 'c', unsafeLong: ['dereference'] },
  du: { globs: false, safeShort: 'abchkmsSxd0', shortArg: 'd', unsafeLong: ['dereference', 'files0-from', 'exclude-from'] },
};

/** Safe short letters of the robota set. */
export const ROBOTA_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = { ...ROBOTA_UNMOVED, ...PROGRAMS.readOnlyTable('robota') };

/** Long options that read a named file or follow symlinks (robota disqualifies them everywhere). */
export const ROBOTA_UNSAFE_LONG: readonly string[] = ['exclude-from', 'files0-from', 'files-from', 'from-file', 'dereference', 'deref', 'output'];

/**
 * Wrappers Claude Code looks through, with the options known safe (the wrapped command is judged
 * on its own). GNU time's `-o/--output` writes a file, `-f` only formats but `-a` appends.
 * Sources: GNU coreutils 9.1 timeout(1), nice(1), nohup(1), stdbuf(1); GNU time 1.9 time(1).
 */
export const WRAPPERS_READ_ONLY: Readonly<Record<string, ReadOnlyEntry>> = {
  timeout: { source: coreutils('timeout'), short: '+k:s:v', long: `kill-after= signal= foreground preserve-status verbose ${HV}`, operands: 'text', globs: false },
  time: { source: 'GNU time 1.9 time(1)', short: '+pv', long: `portability verbose ${HV}`, otherLong: 'format output append quiet', operands: 'text', globs: false },
  nice: { source: coreutils('nice'), short: '+n:', long: `adjustment= ${HV}`, numeric: true, operands: 'text', globs: false },
  nohup: { source: coreutils('nohup'), short: '+', long: HV, operands: 'text', globs: false },
  stdbuf: { source: coreutils('stdbuf'), short: '+i:o:e:', long: `input= output= error= ${HV}`, operands: 'text', globs: false },
  command: { source: 'bash builtin command', short: '+p', long: '', operands: 'text', globs: false },
  builtin: { source: 'bash builtin builtin', short: '+', long: '', operands: 'text', globs: false },
  noglob: { source: 'zsh precommand modifier', short: '+', long: '', operands: 'text', globs: false },
};
