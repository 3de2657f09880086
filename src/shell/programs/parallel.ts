/**
 * GNU `parallel [opts] [COMMAND…] ::: ARGS…`: the command words joined and run by a shell with
 * each argument put in place of `{}` or appended; with no command, each argument is a command.
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import type { RunTimeInput } from '../types.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { inDirectory } from './wrapper-info.js';
import { parallelOptions, type ParallelOption } from './parallel-options.js';

/** Words that start parallel's argument lists. */
const SEPARATORS = new Set([':::', ':::+', '::::', '::::+']);
/**
 * Any brace group, read as a replacement string: `--plus`, `--rpl`, a profile or a configuration
 * file may define more than parallel's own (`{..}`, `{/a/b}`, …).
 */
const REPLACEMENT = /\{[^{}]*\}/g;
/**
 * parallel's own replacement strings (parallel 20221122 without `--plus` or `--rpl`): `{}`, `{.}`,
 * `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, positional `{3}`, `{-1}`, `{3.}`, … and `{= perl =}`. Any
 * other brace group is left as written for the shell: `sem --fg 'cat {.env,x}'` prints .env.
 */
const OWN_REPLACEMENT = /\{(?:-?\d+)?(?:\.|\/|\/\/|\/\.)?\}|\{[#%]\}|\{=[^{}]*=\}/g;
/** Most command starts and arguments spelled out for one parallel command. */
const MAX_PARALLEL_TEXTS = 64;

/** A parallel command's words, split at its argument lists: every facet reads them so. */
interface ParallelWords {
  /** The index of the first separator (`argv.length` when there is none): options and command before it. */
  readonly end: number;
  /** The arguments its `:::` lists give, in order. */
  readonly args: readonly string[];
  /** It has a `:::` (or `:::+`) list. */
  readonly hasArgumentList: boolean;
  /** It has a `::::` (or `::::+`) list: arguments read from files toolgate does not read. */
  readonly fromFiles: boolean;
  /** A word before the lists spelled like `-a`/`--arg-file` (over-approximated: `-a…`, `--a…`): arguments from a file. */
  readonly argFileOption: boolean;
}

/**
 * Reads a parallel command's words into its part before the lists and its argument lists. Its
 * option list is long and changes between releases, so toolgate does not parse the options.
 */
function parallelWords(argv: readonly string[]): ParallelWords {
  const sep = argv.findIndex((w, k) => k > 0 && SEPARATORS.has(w));
  const end = sep < 0 ? argv.length : sep;
  const args: string[] = [];
  let fromFiles = false;
  let hasArgumentList = false;
  for (let k = end, list = ''; k < argv.length; k++) {
    if (SEPARATORS.has(argv[k]!)) {
      list = argv[k]!;
      if (list.startsWith('::::')) fromFiles = true;
      else hasArgumentList = true;
    } else if (list.startsWith('::::')) fromFiles = true;
    else args.push(argv[k]!);
  }
  const argFileOption = argv.slice(1, end).some((w) => /^-(?:a|-a)/.test(w));
  return { end, args, hasArgumentList, fromFiles, argFileOption };
}

/**
 * `--workdir DIR`, `--work-dir DIR`, `--wd DIR` (and `=DIR`): the jobs run in DIR. Perl's
 * Getopt::Long takes any unique abbreviation, so `--wo`, `--work`, `--workd` name it too
 * (parallel 20221122: `--wo /tmp pwd ::: 1` prints /tmp).
 */
const WORKDIR = /^--(?:wd|wo(?:r(?:k(?:-(?:d(?:ir?)?)?|d(?:ir?)?)?)?)?)(?:=|$)/;

/** A `--wd` option before the command: the index of its value (`undefined` when it has none), its text. */
interface WorkDir {
  readonly at: number;
  /** The option as written, without its value. */
  readonly word: string;
  readonly valueIndex: number | undefined;
  readonly value: string | undefined;
}

/** The `--wd` options among the words before the lists, in order. */
function workDirs(argv: readonly string[], end: number): WorkDir[] {
  const out: WorkDir[] = [];
  for (let k = 1; k < end; k++) {
    const w = argv[k]!;
    if (!WORKDIR.test(w)) continue;
    const eq = w.indexOf('=');
    if (eq >= 0) out.push({ at: k, word: w.slice(0, eq), valueIndex: k, value: w.slice(eq + 1) });
    else out.push({ at: k, word: w, valueIndex: k + 1 < end ? k + 1 : undefined, value: k + 1 < end ? argv[k + 1] : undefined });
  }
  return out;
}

/**
 * The directory a command starting at word `k` runs in: the last `--wd` before it (options come
 * before the command), as `cd -P -- DIR && …` (see {@link inDirectory}). A directory that is not
 * literal or is `...` (a fresh directory under ~/.parallel/tmp) is one toolgate cannot tell; a
 * `{}` in it (`--wd {}`, verified: each job its own) takes the job's argument; another
 * replacement string, or no argument known, cannot be told.
 */
function inWorkDir(
  script: string,
  k: number,
  dirs: readonly WorkDir[],
  literal: readonly boolean[],
  what: string,
  arg?: string,
): Unwrapped {
  const dir = dirs.filter((d) => d.at < k).pop();
  if (dir === undefined) return { kind: 'text', script, what };
  let value = dir.value === undefined || literal[dir.valueIndex!] === false || dir.value === '...' ? undefined : dir.value;
  // Only `{}` is the argument itself; `{/}`, `{.}`, `{= perl =}` … compute another name.
  if (value !== undefined && /\{[^{}]*\}/.test(value))
    value = arg === undefined || value.match(REPLACEMENT)!.some((r) => r !== '{}') ? undefined : value.replaceAll('{}', arg);
  return inDirectory(value, [script], `parallel ${dir.word}`, 'parallel --wd: runs its jobs in a directory toolgate cannot tell');
}

/**
 * `sem` is `parallel --semaphore`: it runs its command once and reads no arguments from its input
 * (parallel 20221122: `echo hi | sem --fg echo X` prints X).
 */
const semaphore = (argv: readonly string[]): boolean => /(?:^|\/)sem$/.test(argv[0] ?? '');

/**
 * The input parallel fills its command with when it reads arguments toolgate cannot see: each
 * argument, shell-quoted (parallel 20221122: `echo 'a b;touch X' | parallel touch` makes one file
 * `a b;touch X`), in place of a replacement string, read as the word `{}` from input.
 */
const FROM_INPUT: RunTimeInput = { appended: false, placeholder: '{}', via: 'parallel', quoted: true };

/**
 * Options that make parallel read replacement strings of the user's own (`-I XX`, `--replace`,
 * `--er`, `--bnr`, `--dnr`, `--seqreplace`, `--slotreplace`, `--rpl`, `--plus`, any
 * abbreviation): with arguments toolgate cannot see, which words of the command are filled from
 * them cannot be told.
 */
const REPLACEMENT_OPTIONS = /^(?:-[Ii]|--(?:rep|rpl|er|ext|bn|bas|dn|dir|seq|sl|plu))/;

/**
 * What GNU `parallel` runs: every word before the first list that does not start with `-` may
 * start the command, and each such command is read with each argument (an over-approximation,
 * safe for deny rules), and, when it reads arguments toolgate cannot see (its input, `::::`
 * files, `-a` files), with the word `{}` from input in place of its replacement strings (every
 * one but the job and slot numbers `{#}`, `{%}` names the argument or a name made from it) or
 * appended. Commands from standard input or `::::` files cannot be seen.
 */
function unwrap(argv: readonly string[], literal: readonly boolean[] = []): WrapperInfo {
  const { end, args, fromFiles } = parallelWords(argv);
  // An option word toolgate cannot read may be one that writes or runs (red team 17, R17-10).
  const { options, problem } = parallelOptions(argv, end);
  if (problem !== undefined) return { inner: [{ kind: 'unknown', reason: problem }], transparent: false, exactOnly: true };
  const runners = options.filter((o) => RUNNING_OPTIONS[o.name] !== undefined);
  const unseen = readsArgumentsUnseen(argv);
  const before = argv.slice(1, end);
  if (unseen && (before.some((w) => REPLACEMENT_OPTIONS.test(w)) || ownReplacementStrings(argv, end)))
    return {
      inner: [
        {
          kind: 'unknown',
          reason: readsInput(argv)
            ? 'parallel is given replacement strings of its own, filled from input toolgate cannot see'
            : 'parallel is given replacement strings of its own, which toolgate does not fill in',
          unseen: true,
        },
      ],
      transparent: false,
      exactOnly: false,
    };
  const fill = unseen ? undefined : filling(argv, end);
  const dirs = workDirs(argv, end);
  const sep = end < argv.length ? end : -1;
  const starts = commandStarts(argv, end);
  const inner: Unwrapped[] = [];
  for (const o of runners) inner.push({ kind: 'opaque', reason: `parallel --${o.name} ${RUNNING_OPTIONS[o.name]!}` });
  for (const o of options) if (o.name === 'sshlogin') inner.push(...sshLoginRuns(o, literal));
  if (before.some((w) => w.includes('{=')))
    inner.push({
      kind: 'opaque',
      reason: 'parallel evaluates the perl code of a {= … =} replacement string, which toolgate does not read',
    });
  // Each command text as run, in the directory of the `--wd` before its start, once.
  const texts = new Map<string, Unwrapped>();
  const add = (text: string, k: number, what: string, arg?: string) => {
    if (text.trim() === '') return;
    const run = inWorkDir(text, k, dirs, literal, what, arg);
    texts.set(JSON.stringify(run), run);
  };
  const withArg = (command: string, arg: string, strings: RegExp) =>
    new RegExp(strings.source).test(command) ? command.replace(strings, () => arg) : `${command} ${arg}`;
  // Read with parallel's own replacement strings (the shell sees any other brace group), and, when
  // the command holds another brace group, with that group replaced as well (it may be defined).
  const read = (command: string, k: number, arg?: string) => {
    // With a `:::` list toolgate reads only what it models exactly (else it reads the input as unseen).
    const own =
      arg === undefined
        ? command.replace(OWN_REPLACEMENT, '')
        : (filled(command, arg, fill ?? null) ?? withArg(command, arg, OWN_REPLACEMENT));
    add(own, k, 'parallel', arg);
    const other = command.replace(OWN_REPLACEMENT, '').match(REPLACEMENT);
    if (other === null) return;
    const all = arg === undefined ? command.replace(REPLACEMENT, '') : withArg(command, arg, REPLACEMENT);
    add(all, k, `parallel (${other[0]} read as a replacement string ${arg === undefined ? 'left empty' : 'holding the argument'})`, arg);
  };
  // Read with the word from input in place of each replacement string, as `read` reads an argument.
  const readWithInput = (command: string, k: number) => {
    const numbered = command.replace(/\{[#%]\}/g, '1');
    add(withArg(numbered, FROM_INPUT.placeholder!, OWN_REPLACEMENT), k, 'parallel');
    const other = numbered.replace(OWN_REPLACEMENT, '').match(REPLACEMENT);
    if (other !== null)
      add(
        withArg(numbered, FROM_INPUT.placeholder!, REPLACEMENT),
        k,
        `parallel (${other[0]} read as a replacement string holding the argument)`,
      );
  };
  for (const k of starts) {
    const command = argv.slice(k, end).join(' ');
    if (unseen) readWithInput(command, k);
    // `sem` runs its command once, with no argument.
    else if (args.length === 0) read(command, k);
    for (const arg of args) read(command, k, arg);
  }
  if (starts.length === 0) {
    for (const arg of args) add(arg, end, 'parallel', arg);
    if (args.length === 0 || fromFiles || sep < 0)
      inner.push({ kind: 'opaque', reason: 'parallel runs commands from its input or argument files, which toolgate cannot see' });
  } else if (!semaphore(argv) && (sep < 0 || fromFiles))
    inner.push({ kind: 'opaque', reason: 'parallel completes its command from input toolgate cannot see' });
  if (texts.size > MAX_PARALLEL_TEXTS)
    return {
      inner: [{ kind: 'unknown', reason: `parallel with more than ${MAX_PARALLEL_TEXTS} commands to read` }],
      transparent: false,
      exactOnly: false,
    };
  inner.push(...texts.values());
  // With no command and no argument list each line of its input is a command (`echo 'cp a b' | parallel`).
  const runsInput = starts.length === 0 && sep < 0;
  return {
    inner,
    transparent: false,
    exactOnly: false,
    ...(unseen && starts.length > 0 ? { input: FROM_INPUT } : {}),
    ...(runsInput ? { runsInput: 'parallel running the lines of its input' } : {}),
  };
}

/**
 * The words that may start parallel's command: the first word that is not an option, or one that
 * follows an option (which may or may not take it as its value) or an option's value word — every
 * parallel option takes at most one word. A later word is an argument of the command, never its
 * start: `parallel echo x {}` runs echo, not `x {}` or `{}` (reading those as commands gave a
 * command named by the input and a "parse error" for `{} x`).
 */
function commandStarts(argv: readonly string[], end: number): number[] {
  const option = (k: number) => k >= 1 && argv[k]!.startsWith('-');
  const starts: number[] = [];
  for (let k = 1; k < end; k++) {
    if (option(k)) continue;
    if (k === 1 || option(k - 1) || (option(k - 2) && !option(k - 1))) starts.push(k);
  }
  return starts;
}

/**
 * Whether parallel completes its command with arguments toolgate cannot see: from standard input
 * (no `:::` list), from `::::` files or from `-a`/`--arg-file` (over-approximated: any word
 * before the list spelled like one), so `pwd | parallel rm -rf` may remove any directory.
 */
function readsArgumentsUnseen(argv: readonly string[]): boolean {
  if (semaphore(argv)) return false;
  if (readsInput(argv)) return true;
  const words = parallelWords(argv);
  const fill = filling(argv, words.end);
  if (fill === undefined) return true;
  const commands = commandStarts(argv, words.end).map((k) => argv.slice(k, words.end).join(' '));
  return commands.some((c) => words.args.some((a) => filled(c, a, fill) === undefined));
}

/** parallel reads its arguments from its input, `::::` files or `-a` files. */
function readsInput(argv: readonly string[]): boolean {
  const words = parallelWords(argv);
  return !words.hasArgumentList || words.fromFiles || words.argFileOption;
}

/**
 * Whether word `k` is an option that may take the next word as its value: not `--x=…`, and not a
 * short cluster whose value is attached (`-j2`, `-I@`: it ends in a character that is no option).
 */
function takesNext(argv: readonly string[], k: number, end: number): boolean {
  const w = k >= 1 && k < end ? argv[k]! : '';
  if (!w.startsWith('-') || w === '-' || w === '--') return false;
  return w.startsWith('--') ? !w.includes('=') : /[A-Za-z]$/.test(w);
}

/**
 * Whether an option before the command may give parallel a replacement string of its own, in any
 * spelling (`-I@`, `-kI@`, `--I=@`, `--rep=@`, `--er`, `--plus`, …).
 */
function ownReplacementStrings(argv: readonly string[], end: number): boolean {
  const option = (k: number) => k >= 1 && k < end && argv[k]!.startsWith('-') && argv[k] !== '-';
  for (let k = 1; k < end && (option(k) || takesNext(argv, k - 1, end)); k++) {
    const w = argv[k]!;
    if (!option(k) || w === '--') continue;
    if (REPLACEMENT_OPTIONS.test(w)) return true;
    if (w.startsWith('--')) {
      const name = w.slice(2).split('=')[0]!;
      if (name === 'i' || name === 'I') return true;
    } else if (/[iI]/.test(w.slice(1))) return true;
  }
  return false;
}

/**
 * Long options (any abbreviation: Perl's Getopt::Long takes one) that change which text fills the
 * command from its `:::` arguments: replacement strings of their own (`--er`, `--bnr`, `--rpl`,
 * `--plus`, …), sources joined or arguments grouped (`--link`, `-N`, `-X`, `--colsep`, …) or the
 * list separator itself. toolgate does not model them: the filled-in words are unknown.
 */
const RESHAPING = [
  'replace',
  'extensionreplace',
  'er',
  'basenamereplace',
  'bnr',
  'dirnamereplace',
  'dnr',
  'basenameextensionreplace',
  'bner',
  'seqreplace',
  'slotreplace',
  'rpl',
  'plus',
  'link',
  'xapply',
  'max-args',
  'max-replace-args',
  'max-lines',
  'xargs',
  'colsep',
  'csv',
  'header',
  'pipe',
  'pipepart',
  'trim',
  'arg-sep',
  'argsep',
  'arg-file-sep',
  'argfilesep',
  'i',
  'I',
];
/** Short options (bundled: `-kI@` is `-k -I@`) that do so: `-i`, `-N`, `-n`, `-L`, `-l`, `-X`, `-m`, `-C`. */
const RESHAPING_SHORT = /[iINnLlXmC]/;

/**
 * The replacement string parallel fills its command with from a single `:::` list, when toolgate
 * models it exactly: `{}` (`null`) or the string of `-I STR`, `-ISTR`, `--replace=STR`;
 * `undefined` when the filled-in text cannot be told (another form, several lists, an option that
 * reshapes the arguments). Options are the words from the first that are options or follow one (a
 * possible value), so a command's own `-i` (`parallel grep -i x ::: f`) is not read as one.
 */
function filling(argv: readonly string[], end: number): string | null | undefined {
  const lists = argv.slice(end).filter((w) => SEPARATORS.has(w));
  if (lists.length !== 1 || lists[0] !== ':::') return undefined;
  let replace: string | null = null;
  const option = (k: number) => k >= 1 && k < end && argv[k]!.startsWith('-') && argv[k] !== '-';
  for (let k = 1; k < end && (option(k) || takesNext(argv, k - 1, end)); k++) {
    const w = argv[k]!;
    if (!option(k) || w === '--') continue;
    if (w === '-I') {
      if (k + 1 >= end) return undefined;
      replace = argv[k + 1]!;
    } else if (w.startsWith('-I')) replace = w.slice(2);
    else if (w.startsWith('--replace=')) replace = w.slice('--replace='.length);
    else if (w.startsWith('--')) {
      const name = w.slice(2).split('=')[0]!;
      if (RESHAPING.some((t) => t.startsWith(name) || t.toLowerCase().startsWith(name.toLowerCase()))) return undefined;
    } else if (RESHAPING_SHORT.test(w.slice(1))) return undefined;
    if (replace === '') return undefined;
  }
  return replace;
}

/**
 * parallel's own replacement strings toolgate computes exactly with one `:::` list (parallel
 * 20221122: `{.}` drops a last `.ext` with no `/` in it, `{/}` everything up to the last `/`, `{/.}`
 * both; `{1}`, `{1.}`, … the same with the one source).
 */
const EXACT: Readonly<Record<string, (arg: string) => string>> = {
  '': (a) => a,
  '.': (a) => a.replace(/\.[^/.]*$/, ''),
  '/': (a) => a.replace(/^.*\//, ''),
  '/.': (a) => a.replace(/^.*\//, '').replace(/\.[^/.]*$/, ''),
};

/**
 * The command parallel runs for one `:::` argument, or `undefined` when toolgate does not model a
 * replacement string in it exactly. With `-I STR` parallel's own strings stay live (`-I@ echo {.}`
 * fills `{.}`), so any brace group then is not modelled.
 */
function filled(command: string, arg: string, replace: string | null): string | undefined {
  if (arg.includes('\n')) return undefined;
  if (replace !== null) {
    if (/\{[^{}]*\}|\{=/.test(command)) return undefined;
    return command.includes(replace) ? command.replaceAll(replace, arg) : `${command} ${arg}`;
  }
  const own = command.match(OWN_REPLACEMENT) ?? [];
  if (own.some((r) => EXACT[r.slice(1, -1).replace(/^1/, '')] === undefined)) return undefined;
  if (own.length === 0) return `${command} ${arg}`;
  return command.replace(OWN_REPLACEMENT, (r) => EXACT[r.slice(1, -1).replace(/^1/, '')]!(arg));
}

/** Options whose value is code parallel runs, which toolgate does not read. */
const RUNNING_OPTIONS: Readonly<Record<string, string>> = {
  'use-compress-program': 'runs the program it names on every output',
  'use-decompress-program': 'runs the program it names on every output',
  filter: 'evaluates perl code for each job',
  limit: 'runs the command it names before each job',
  // `--ssh=./x.sh -S h` reaches the host through ./x.sh (red team 22, NEW-T1: it ran x.sh).
  ssh: 'runs the program it names to reach each remote host',
  // `--slf hosts` with a line `./x.sh h`: an sshlogin may name its own ssh command (verified: it ran x.sh).
  sshloginfile: 'runs the ssh commands the lines of the file it names may give',
};

/** An sshlogin's host groups and number of CPUs before it (`@g1+g2/`, `8/`). */
const LOGIN_PREFIX = /^(?:@[^/\s]*\/)?(?:\d+\/)?/;

/**
 * What an sshlogin (`-S`, `--sshlogin`, any spelling, joined or not) makes parallel run on this
 * machine: `..` and `-` read sshlogins from ~/.parallel/sshloginfile (or under
 * `$XDG_CONFIG_HOME`) and from its input, whose lines may name their own ssh command; a login of
 * more than one word names its ssh command, the host last (`./x.sh h`); a value worked out only
 * when it runs may be either. Logins are split at `,` and newlines (`,,` and `\,` are a comma).
 * Verified with parallel 20221122: `-S ..` (that file holding `./x.sh h`), `-S - < hosts`, `echo
 * './x.sh h' | parallel -S - …` and `--sshlogin=./x.sh\ h` ran x.sh (replay 22's lead).
 */
function sshLoginRuns(o: ParallelOption, literal: readonly boolean[]): Unwrapped[] {
  if (o.value === undefined) return [];
  if (literal[o.valueIndex ?? o.index] === false)
    return [{ kind: 'opaque', reason: `parallel --sshlogin ${o.value} is worked out only when it runs, and may name an ssh command to run` }];
  const out: Unwrapped[] = [];
  for (const raw of o.value.replace(/,,|\\,/g, '\0').split(/[,\n]/)) {
    const login = raw.replace(/\0/g, ',').trim().replace(LOGIN_PREFIX, '');
    if (login === '..' || login === '-')
      out.push({
        kind: 'opaque',
        reason: `parallel --sshlogin ${login} reads sshlogins from ${login === '-' ? 'its input' : '~/.parallel/sshloginfile'}, whose lines may name ssh commands it runs`,
      });
    else if (/\s/.test(login)) out.push({ kind: 'text', script: login, what: 'parallel --sshlogin (its ssh command)' });
  }
  return out;
}

/**
 * A file or folder one of parallel's options writes: `--joblog FILE` (`+FILE` appends, `-` is its
 * output), `--results DIR` (a tree of files, or one .csv/.tsv/.json file), `--tmpdir DIR` (its
 * temporary and `--files` output files, some left there), `--template FROM=TO` (TO written),
 * `--return`/`--trc` (files brought back), `--sql*` (a database file its URL names, which toolgate
 * does not read), `--record-env` (~/.parallel/ignored_vars). Verified with parallel 20221122:
 * `--joblog=.claude/settings.json`, `--results .claude`, `--tmpdir .claude --files` wrote there
 * (red team 17, R17-10). A value holding a replacement string names a file per job: any name.
 */
function optionWrites(o: ParallelOption, unseen: UnseenNames[]): FileOperand[] {
  const at = (value: string, extra: Partial<FileOperand> = {}): FileOperand[] => {
    if (/[{}]/.test(value)) {
      unseen.push({ op: 'write', why: `parallel --${o.name} ${value} names a file for each job` });
      return [];
    }
    if (o.valueIndex !== undefined && value === o.value) return [{ op: 'write', index: o.valueIndex, ...extra }];
    return [{ op: 'write', index: o.valueIndex ?? o.index, value, ...extra }];
  };
  const v = o.value;
  switch (o.name) {
    case 'joblog':
      return v === undefined || v === '-' ? [] : at(v.replace(/^\+/, ''));
    case 'results':
    case 'tmpdir':
      return v === undefined ? [] : at(v, { tree: 'some' });
    case 'template':
      return v === undefined ? [] : at(v.includes('=') ? v.slice(v.indexOf('=') + 1) : v);
    case 'return':
    case 'trc':
      return v === undefined ? [] : at(v);
    case 'sql':
    case 'sql-master':
    case 'sql-worker':
    case 'sql-and-worker':
      unseen.push({ op: 'write', why: `parallel --${o.name} writes the database its URL names` });
      return [];
    case 'recordenv':
      return [{ op: 'write', index: o.index, value: '.parallel/ignored_vars', inHome: true }];
    default:
      return [];
  }
}

/** The files parallel's own options write (see {@link optionWrites}); its command's are judged as that command's. */
function parallelFiles(argv: readonly string[]): FileOperands {
  const { end } = parallelWords(argv);
  const { options, problem } = parallelOptions(argv, end);
  const unseen: UnseenNames[] = [];
  const files = options.flatMap((o) => optionWrites(o, unseen));
  const values = options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
  const written = new Set(files.map((f) => f.index));
  const notFiles = [...argv.keys()].filter((k) => k > 0 && !written.has(k) && (k >= end || values.includes(k) || argv[k]!.startsWith('-')));
  return { files, unresolved: problem === undefined ? [] : [problem], notFiles, ...(unseen.length > 0 ? { unseen } : {}) };
}

/**
 * The program parallel runs to reach a remote sshlogin: ssh (`parallel -S host.invalid echo :::
 * a` and `sem -S host.invalid echo a` exec'd ssh under strace, parallel 20221122; red team 25
 * RT25-C). `:` is this machine; a login of several words names its own ssh command and `--ssh`
 * another program, each judged as the code it is ({@link sshLoginRuns}, `RUNNING_OPTIONS`).
 */
function parallelTransports(argv: readonly string[]): readonly string[] | undefined {
  const { options } = parallelOptions(argv, parallelWords(argv).end);
  if (options.some((o) => o.name === 'ssh')) return undefined;
  const remote = options.some(
    (o) =>
      o.name === 'sshlogin' &&
      (o.value ?? '')
        .split(/[,\n]/)
        .map((l) => l.trim().replace(LOGIN_PREFIX, ''))
        .some((login) => login !== '' && login !== ':' && login !== '..' && login !== '-' && !/\s/.test(login)),
  );
  return remote ? ['ssh'] : undefined;
}

/** The parallel model. @internal */
export const parallel = defineProgram({
  names: ['parallel', 'sem'],
  summary: 'parallel (GNU): run commands in parallel, completed from arguments or input; sem is parallel --semaphore',
  sources: ['GNU parallel 20221122 parallel(1)', 'GNU parallel 20221122 sem(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  files: (_name, argv) => parallelFiles(argv),
  transports: parallelTransports,
  touchesFilesAsWrapper: true,
  handsOnInput: readsArgumentsUnseen,
  // parallel puts $PARALLEL's words before its own, and reads `config` (and the profiles -J names)
  // from $PARALLEL_HOME instead of ~/.parallel (parallel(1), "ENVIRONMENT VARIABLES"): `--rpl '{}
  // system(q(rm -rf .claude))'` there makes every `{}` run perl code. Verified with parallel
  // 20221122: `PARALLEL="--rpl '{} system(q(rm -rf .claude))'" parallel echo {} ::: a` removed
  // .claude; `PARALLEL_HOME=h parallel -J prof echo {} ::: c` ran h/prof's --rpl. ~/.parallel itself
  // is a protected folder (paths/protected.ts), so what it holds is the user's own.
  // PARALLEL's options are not read by a grammar here: the value is judged as code.
  readsVariables: {
    PARALLEL: {
      may: ['code'],
      what: 'PARALLEL holds options parallel reads before its command line (--rpl may make a replacement string run perl code)',
    },
    // parallel is a perl program: perl reads PERL5OPT's switches (`-M…;system(…)`) and loads modules
    // from PERL5LIB/PERLLIB first (replay 17b NEW-12: `PERL5OPT='-Mstrict;system(q(…));' parallel
    // --version` ran it).
    PERL5OPT: { may: ['code'], what: 'PERL5OPT holds switches perl reads before parallel starts (-M may run perl code)' },
    PERL5LIB: { may: ['code'], what: "PERL5LIB names folders perl loads parallel's modules from first" },
    PERLLIB: { may: ['code'], what: "PERLLIB names folders perl loads parallel's modules from first" },
    // parallel(1) PARALLEL_SHELL: the shell each command runs with (verified, #37 replay of red team
    // 18 NEW-4: `PARALLEL_SHELL=./sh parallel echo ::: a` ran ./sh -c 'echo a'; SHELL did not).
    PARALLEL_SHELL: { may: ['code'], what: 'PARALLEL_SHELL names the shell parallel runs each command with' },
    PARALLEL_HOME: {
      may: ['options-file'],
      what: 'PARALLEL_HOME names the folder parallel reads its config and profiles from (options that may make a replacement string run perl code)',
    },
  },
  examples: [
    {
      command: 'parallel truncate -s0',
      effects: ['write .'],
      readOnly: false,
      why: 'each input line is appended, quoted, as a word from input: truncate writes names that may be any path',
    },
    {
      command: "parallel 'rsync -a --remove-source-files {}/ /tmp/x/'",
      effects: ['write /tmp/x [some]', 'read ./{} [all]', 'write /tmp/x/{} [some]', 'remove .'],
      readOnly: false,
      why: '{} is the input line (not left out): its files are copied and removed',
    },
    {
      command: 'parallel rm ::: a.txt b.txt',
      effects: ['remove ./a.txt', 'remove ./b.txt'],
      readOnly: false,
      why: 'each argument is put after the command',
    },
    {
      command: 'parallel -j2 gzip {} ::: a b',
      effects: ['read ./a', 'remove ./a', 'write ./a.gz', 'read ./b', 'remove ./b', 'write ./b.gz'],
      why: 'the options and the command come before the first list',
    },
    {
      command: 'sem --fg rm a.txt',
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'sem runs its command once',
    },
  ],
});
