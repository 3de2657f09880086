/**
 * What git reads and writes in the working tree, beyond its own repository metadata: files it
 * reads from the index or history (`git show HEAD:.env`, `git add -f .env`), trees it searches
 * (`git grep`), files it writes back (`checkout -- dir`, `apply`, `pull`), directories it creates
 * (`init`, `clone`, `worktree add`, `submodule add`) and config files it changes.
 * This file reads the command's words and hands them to its subcommand's rule: the entry's
 * `files` in `subcommands.ts` (written in `files-*.ts`), else the rule of what the entry says it
 * does to the tree (`reports`, `rewrites`). Git 2.39 manual pages; a subcommand toolgate does not
 * know has its words assumed read and written.
 */
import { is, type FileOperand, type FileOperands } from '../../options/file-operands.js';
import { optionNameAt } from '../input-options.js';
import type { HiddenOptions } from '../model.js';
import { readWords, readWordsLeniently, withHiddenOptions } from '../parse.js';
import { readRevPaths, type GitFilesCall, type GitFilesExtra, type GitFilesRule } from './files-call.js';
import { configWrites } from './files-config.js';
import { gitGrammar, optionFiles, ORDER_FILE, readsPathsFromInput, textValues } from './files-options.js';
import { reports } from './files-reports.js';
import { rewrites } from './files-rewrites.js';
import { GIT_GLOBAL_WITH_VALUE } from './global-options.js';
import { asPathspecs, pathspecs } from './pathspecs.js';
import { readsTrackedOnly } from './tracked-reads.js';
import { GIT_TAKES_VARIABLES } from './takes.js';
import {
  GIT_REF_OPERANDS,
  gitFileOptions,
  gitHiddenWorst,
  gitLongOptions,
  gitSubcommand,
  gitOptionalLetters,
  gitValueLetters,
} from './subcommands.js';

/**
 * Configuration keys whose value names a file git reads, and may print: `blame.ignoreRevsFile` (a
 * line that is no object name is printed in git blame's error), `core.excludesFile` and
 * `core.attributesFile` (their patterns, printed by `check-ignore -v`), `mailmap.file`,
 * `commit.template` — the same reads as `blame --ignore-revs-file FILE` (red team 16, R16-4:
 * `git -c blame.ignoreRevsFile=.env blame notes.txt` printed .env). git expands a leading `~/`.
 */
const FILE_KEYS = /^(blame\.ignorerevsfile|core\.excludesfile|core\.attributesfile|mailmap\.file|commit\.template)=(.+)$/is;

/**
 * Configuration keys whose value names a folder git writes into: `format.outputDirectory`, where
 * format-patch puts its patches without `-o` (red team 17 R17-7: `git -c
 * format.outputDirectory=.git/hooks format-patch -1` wrote a file there). Taken whatever the
 * subcommand: only format-patch reads it.
 */
const FOLDER_KEYS = /^(format\.outputdirectory)=(.+)$/is;

/** The file a `-c KEY=FILE` word makes git read (`FILE_KEYS`) or the folder it writes into (`FOLDER_KEYS`). */
function configFileRead(word: string, index: number): FileOperand | undefined {
  const folder = FOLDER_KEYS.exec(word)?.[2];
  if (folder !== undefined)
    return folder.startsWith('~/')
      ? { op: 'write', index, value: folder.slice(2), inHome: true, tree: 'some' }
      : { op: 'write', index, value: folder, tree: 'some' };
  const value = FILE_KEYS.exec(word)?.[2];
  if (value === undefined) return undefined;
  return value.startsWith('~/') ? { op: 'read', index, value: value.slice(2), inHome: true } : { op: 'read', index, value };
}

/** git's global options before the subcommand: where it sits (`at`), `-C DIR` words, and other trees it works on. */
interface GlobalWords {
  at: number;
  chdir: number[];
  trees: FileOperand[];
  unresolved: string[];
}

/** git's global options before the subcommand (see {@link GlobalWords}): read once per command by {@link gitOperands}. */
function sub(argv: readonly string[]): GlobalWords {
  const chdir: number[] = [];
  const trees: FileOperand[] = [];
  const unresolved: string[] = [];
  let i = 1;
  while (i < argv.length && argv[i]!.startsWith('-')) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(0, eq) : a;
    if (name === '--git-dir' || name === '--work-tree') {
      // Another repository or working tree: git writes there.
      if (eq >= 0) trees.push({ op: 'write', index: i, value: a.slice(eq + 1), tree: 'some' });
      else if (i + 1 < argv.length) trees.push({ op: 'write', index: i + 1, tree: 'some' });
      unresolved.push(`git ${name} works on a repository or tree toolgate does not follow`);
    }
    const read =
      a === '-c' && i + 1 < argv.length ? configFileRead(argv[i + 1]!, i + 1) : /^-c./.test(a) ? configFileRead(a.slice(2), i) : undefined;
    if (read) trees.push(read);
    if (a === '-C' && i + 1 < argv.length) chdir.push(i + 1);
    else if (/^-C./.test(a)) unresolved.push('git -C<dir> changes the directory');
    if (eq < 0 && GIT_GLOBAL_WITH_VALUE.has(a)) i += 2;
    else i += 1;
  }
  return { at: i, chdir, trees, unresolved };
}

/**
 * The subcommands whose pathspecs git matches in any case under `--icase-pathspecs` (git 2.39:
 * the pathspec-taking commands of gitglossary(7)). Others take paths by name (`blame`, `mv`,
 * `checkout-index`, `update-index`, `rev:path`), refuse the magic (`ls-tree`, `check-ignore`) or
 * take no paths (`push`, `branch`, `tag`, …); observed with `GIT_ICASE_PATHSPECS=1 git SUB .ENV`.
 */
const MATCHES_PATHSPECS: ReadonlySet<string> = new Set([
  'add',
  'archive',
  'bisect',
  'checkout',
  'clean',
  'commit',
  'diff',
  'diff-files',
  'diff-index',
  'diff-tree',
  'difftool',
  'fast-export',
  'format-patch',
  'grep',
  'log',
  'ls-files',
  'range-diff',
  'reflog',
  'reset',
  'restore',
  'rev-list',
  'rm',
  'shortlog',
  'show',
  'stage',
  'stash',
  'status',
  'submodule',
  'whatchanged',
]);

/**
 * Whether git matches pathspecs in any case: `--icase-pathspecs` among its global options, or
 * `GIT_ICASE_PATHSPECS` in its environment (git(1); read as a boolean, git_env_bool: unset, empty,
 * `0`, `false`, `no` and `off` are false) — set, or not known to be unset (`variable` absent or
 * giving `undefined`: the environment may hold it).
 */
function icasePathspecs(argv: readonly string[], at: number, variable: ((name: string) => string | null | undefined) | undefined): boolean {
  if (!MATCHES_PATHSPECS.has(argv[at] ?? '')) return false;
  if (argv.slice(1, at).includes('--icase-pathspecs')) return true;
  const value = variable?.('GIT_ICASE_PATHSPECS');
  return value === undefined || (value !== null && !/^(0|false|no|off|)$/i.test(value.trim()));
}

/**
 * git: pathspecs read, trees searched or written, directories created, config written.
 * `variable` tells what the environment holds (see `ProgramModel.files`; absent: nothing known).
 */
export function gitOperands(
  argv: readonly string[],
  variable?: (name: string) => string | null | undefined,
  literal?: readonly boolean[],
): FileOperands {
  const global = sub(argv);
  const at = global.at;
  const name = argv[at] ?? '';
  const worst = gitHiddenWorst(name);
  if (literal === undefined || worst === undefined) return gitOperandsPlain(argv, variable, global);
  // A word toolgate cannot see among the subcommand's options (`git clean -f"$x" sub`) may be the
  // worst of them: not a value of its own options (`-e "$x"`, `-e$x`), not after a literal `--`.
  const grammar = gitGrammar(name, gitValueLetters(name), gitLongOptions(name), gitOptionalLetters(name));
  const values = new Set(
    readWordsLeniently(argv, grammar, at + 1).options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [])),
  );
  const mayHide = (k: number): boolean => {
    const word = argv[k]!;
    const expansion = word.search(/[$`]/);
    return k > at && !values.has(k) && (!word.startsWith('-') || expansion < 0 || optionNameAt(word, expansion, grammar));
  };
  return withHiddenOptions(argv, literal, worst, (words) => gitOperandsPlain(words, variable), mayHide, `git ${name}`);
}

/**
 * What a word toolgate cannot see among a git subcommand's options may be, for the shell's check
 * of such words (`ProgramModel.hiddenOptions`): the options of its own list that write a file
 * (`--output=`, `--output-directory=`) and its entry's file-writing options (`archive -o`). `o='--output=
 * .claude/x'; git diff HEAD $o` wrote .claude/x. A subcommand with a `hiddenWorst` reading (clean)
 * is judged by its files rule instead; one with no list of its own is not judged here.
 * @internal
 */
export function gitHiddenOptions(argv: readonly string[]): HiddenOptions | undefined {
  const at = sub(argv).at;
  const name = argv[at];
  if (name === undefined || gitHiddenWorst(name) !== undefined) return undefined;
  const own = gitLongOptions(name);
  const writes = [
    ...(own?.values ?? []).filter((v) => v === 'output' || v === 'output-directory').map((v) => `--${v}=…`),
    ...gitFileOptions(name).writes.map((w) => (w.startsWith('--') ? `${w}=…` : `${w}…`)),
  ];
  if (writes.length === 0) return undefined;
  return { who: `git ${name}`, from: at + 1, grammar: gitGrammar(name, gitValueLetters(name), own), writes: [...new Set(writes)] };
}

/**
 * Whether a git command prints no word that begins with `-`: `git merge-base` prints object names
 * (or nothing, with --is-ancestor); `git rev-parse` with revisions only (`HEAD~1`), or
 * `--verify`/`--short`/`-q`/`--show-toplevel` (an absolute path), prints object names — it prints
 * other option words it is given as they are (`git rev-parse --output=x` prints `--output=x`).
 * With global options before the subcommand (`-c`, `-C`), no: they may change what runs.
 * @internal
 */
export function gitPrintsNoOption(argv: readonly string[]): boolean {
  if (argv[1] === 'merge-base') return true;
  const plain = new Set(['--verify', '--short', '-q', '--quiet', '--show-toplevel']);
  return argv[1] === 'rev-parse' && argv.slice(2).every((w) => !w.startsWith('-') || plain.has(w));
}

/** {@link gitOperands} of the words as written; `global`, their global options (read here when not given). */
function gitOperandsPlain(
  argv: readonly string[],
  variable: ((name: string) => string | null | undefined) | undefined,
  global: GlobalWords = sub(argv),
): FileOperands {
  const at = global.at;
  const { out: r, specs } = gitOperandsRaw(argv, global);
  // Which commits git takes files from is said only where no variable may move the repository,
  // its index or its tree (`GIT_WORK_TREE=~ git checkout main` writes the commits' files there).
  if (variable === undefined || GIT_TAKES_VARIABLES.some((n) => variable(n) !== null)) r.files = r.files.map(withoutCommits);
  if (GIT_REF_OPERANDS.has(argv[at] ?? '')) return r;
  // `r` is a fresh object (see gitOperandsRaw).
  r.files = asPathspecs(argv, r.files);
  if (icasePathspecs(argv, at, variable)) {
    const tracked = readsTrackedOnly(argv[at] ?? '');
    // The pathspec as written stays (a rule on it decides as before), and any file in another case may be read.
    // A word read as a pathspec where the view shows it (`FileOperand.ifExists`) counts as one too.
    r.files = r.files.flatMap((f) => ((specs.has(f.index) || f.ifExists === true) && f.op === 'read' ? [f, anyCase(f, tracked)] : [f]));
  }
  // Known to match in any case (the option, or the variable set in the command), a removal
  // (`git clean -ffd SUB`) may take a name in any case anywhere: judged as the whole tree from its
  // top, as `:(icase)SUB` is (red team 14 removed sub/.git). Not for an environment merely unknown,
  // which would make every `git clean -fd build` the whole tree.
  if (icasePathspecs(argv, at, (name) => variable?.(name) ?? null))
    r.files = r.files.flatMap((f) =>
      f.op === 'remove' && f.index > at && f.value === undefined ? [f, { ...f, value: '.', fromRoot: true }] : [f],
    );
  return r;
}

/** The effect without the commits its names come from (see `GitCommitsTaken`). */
function withoutCommits(f: FileOperand): FileOperand {
  if (f.names?.kind !== 'unseen' || f.names.commits === undefined) return f;
  const { commits: _commits, ...names } = f.names;
  return { ...f, names };
}

/**
 * A pathspec under `git --icase-pathspecs` (or `GIT_ICASE_PATHSPECS`), which matches its files in any case (`.ENV` selects
 * `.env`): read as the whole tree from its top, as magic is (`:(icase).ENV`), keeping what git
 * takes of it (tracked files for a diff, every file for `add`).
 */
function anyCase(f: FileOperand, tracked: boolean): FileOperand {
  if (f.op !== 'read') return f;
  const { pattern: _pattern, fromRoot: _fromRoot, fromHistory: _fromHistory, ...rest } = f;
  const takes = f.gitTakes ?? (tracked ? 'tracked' : undefined);
  return { ...rest, value: '.', atTop: true, tree: 'all', walksLinks: false, ...(takes !== undefined ? { gitTakes: takes } : {}) };
}

/**
 * Whether a git command reads the order file its configuration names (`diff.orderFile`): a
 * subcommand that prints diffs, given no `-O` of its own. @internal
 */
export function readsConfiguredOrderFile(argv: readonly string[]): boolean {
  const at = sub(argv).at;
  const name = argv[at];
  if (name === undefined || !ORDER_FILE.has(name)) return false;
  return !readCall(argv, at, name, [], []).call.options.some((o) => is(o, '-O'));
}

/** A subcommand toolgate does not model: its words may be files it reads and writes. */
const unmodelled: GitFilesRule = (call) => {
  readRevPaths(call, call.ops);
  return { modelled: 'partly', notFiles: [...call.text, call.at] };
};

/** The rule for `name`: its entry's own, else the one of what it does to the tree, else `unmodelled`. */
function ruleFor(name: string): GitFilesRule {
  const entry = gitSubcommand(name);
  if (entry?.files !== undefined) return entry.files;
  if (entry?.tree === 'reports') return reports;
  if (entry?.tree === 'rewrites') return rewrites;
  return unmodelled;
}

/**
 * The command's words after the subcommand (at `at`), read with the subcommand's own grammar; for
 * a command that grammar refuses, leniently (an option it lacks taken as a flag). `refused` says so.
 */
function readCall(
  argv: readonly string[],
  at: number,
  name: string,
  files: FileOperand[],
  unresolved: string[],
): { call: GitFilesCall; refused: boolean } {
  // Keyed by the table's names only: a subcommand it lacks reads with the shared grammar.
  const grammar = gitGrammar(
    gitSubcommand(name) !== undefined ? name : '',
    gitValueLetters(name),
    gitLongOptions(name),
    gitOptionalLetters(name),
  );
  const read = readWords(argv, grammar, at + 1);
  const { options, operands: ops } = read ?? readWordsLeniently(argv, grammar, at + 1);
  const call = { argv, at, name, options, ops, specs: pathspecs(argv, ops), text: textValues(options), files, unresolved };
  return { call, refused: read === undefined };
}

/** What any subcommand's options and input name, and the config files it changes, before its own rule. */
function commonEffects(call: GitFilesCall): void {
  if (readsPathsFromInput(call)) call.unresolved.push(`git ${call.name} reads the files named on its input`);
  const own = gitFileOptions(call.name);
  for (const o of call.options) optionFiles(call, o, own);
  call.files.push(...configWrites(call));
}

/** The command's effects, and the indices of the words it takes as pathspecs; `global` is taken over (its lists become the result's). */
function gitOperandsRaw(argv: readonly string[], global: GlobalWords): { out: FileOperands; specs: ReadonlySet<number> } {
  const { at, chdir, trees, unresolved } = global;
  const files: FileOperand[] = [...trees];
  const name = argv[at];
  if (name === undefined) return { out: { files, unresolved, chdir }, specs: new Set() };
  const { call, refused } = readCall(argv, at, name, files, unresolved);
  commonEffects(call);
  const out = withExtra({ files, unresolved, chdir }, ruleFor(name)(call));
  // A word git refuses, read against the subcommand's full option list: another git may take it.
  if (refused && gitLongOptions(name) !== undefined && out.modelled !== false) out.modelled = 'partly';
  return { out, specs: new Set(call.specs) };
}

/** `out` with what the rule says beyond its effects (keys it leaves out stay absent). */
function withExtra(out: FileOperands, extra: GitFilesExtra): FileOperands {
  if (extra.modelled !== undefined) out.modelled = extra.modelled;
  if (extra.notFiles !== undefined) out.notFiles = [...extra.notFiles];
  if (extra.unseen !== undefined) out.unseen = [...(out.unseen ?? []), ...extra.unseen];
  return out;
}
