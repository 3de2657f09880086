/**
 * What shell analysis reports about a command string. Conventions follow the shell battery:
 * a word is given after quote removal when it is fully literal, else as raw source text.
 * @packageDocumentation
 */

/** A redirection seen on a simple command. @public */
export interface Redirect {
  /** The operator as written: `>`, `>>`, `2>`, `&>`, `<`, `<<`, `<<<`, `>&`, ... */
  op: string;
  /** Target word (after quote removal when literal, else raw text). */
  target: string;
  /** Whether the target word is literal (no expansion, glob or substitution), so `target` is the path it names. */
  targetLiteral: boolean;
  /**
   * - `file`: writes a file (`>`, `>>`, `>|`, `&>`, `<>` ...) whose target is not /dev/null etc.
   * - `read`: reads a file (`<`).
   * - `devnull`: a write to `/dev/null`, `/dev/stdout`, `/dev/stderr`.
   * - `dup`: an fd duplication (`2>&1`, `>&2`).
   * - `heredoc` / `herestring`: input from the script itself.
   */
  kind: 'file' | 'read' | 'devnull' | 'dup' | 'heredoc' | 'herestring';
  /**
   * For a here-document: its lines as written (leading tabs removed for `<<-`), up to the
   * terminator; expansions are not performed. Absent when the terminator is missing.
   */
  body?: string;
  /**
   * Index in `ShellAnalysis.commands` of the simple command it is written on. Absent for a
   * redirection on a compound command (`if …; fi > out`) or on nothing at all (`> out`).
   * Only set on the entries of `ShellAnalysis.redirects`.
   */
  command?: number;
}

/** One simple command found anywhere in a script. @public */
export interface SimpleCommand {
  /** The words, assignments and redirections removed. Literal words are unquoted. */
  argv: string[];
  /**
   * The program `argv[0]` names, folded once where the command is made (`foldedCommandName`:
   * basename, lower case, no `.exe`, another installed name read as its program — `/bin/RM.exe`,
   * `vim.basic` → `rm`, `vim`): every table and facet that looks the command's program up reads
   * this instead of folding the name again.
   */
  program: string;
  /** Per word of `argv`: was it fully literal (no expansion, glob, substitution)? */
  literal: boolean[];
  /** Each word of `argv` exactly as written (quotes and escapes kept). */
  raw?: string[];
  /** Leading `NAME=value` assignments, as raw text. */
  assignments: string[];
  /** The redirections on this command (and those of a compound command it is inside). */
  redirects: Redirect[];
  /** Raw source text of the command (words and assignments, not redirections). */
  source: string;
  /**
   * Where it stands:
   * - `top`: a part of the command list itself (pipelines, `&&`, `;`, groups, if/for bodies, ...).
   * - `substitution`: inside `$(…)`, backticks, `<(…)`, `>(…)`, or a substitution inside a word.
   * - `nested`: inside a nested script (`bash -c '…'`).
   * - `exec`: run by another program (`find -exec`, `xargs CMD`, `env CMD`, `sudo CMD`, ...).
   */
  context: 'top' | 'substitution' | 'nested' | 'exec';
  /**
   * Index (in `ShellAnalysis.commands`) of the command that runs this one, for wrapped commands
   * (`timeout 5 rm x` → `rm x` has the index of `timeout 5 rm x`).
   */
  parent?: number;
  /**
   * A wrapper Claude Code looks through for allow rules (`timeout`, `time`, `nice`, `nohup`,
   * `stdbuf`, `command`, `builtin`, `noglob`, bare `xargs`): only the wrapped command has to
   * be covered by an allow rule. Deny/ask rules see both.
   */
  transparentWrapper: boolean;
  /** Never approvable by a prefix allow rule, only by an exact one (`watch`, `setsid`, `find -exec/-delete`, ...). */
  exactOnly: boolean;
  /**
   * Set when some of its words come from input at run time: `xargs` appends input words (or
   * replaces its `-I` placeholder), `find -exec` replaces `{}`, GNU `parallel` puts the arguments
   * it reads from its input or argument files in place of its replacement strings. The paths it
   * touches are then not known from the command text.
   */
  argumentsFrom?: 'xargs' | 'find -exec' | 'parallel' | 'fd -x' | 'xe' | 'entr';
  /** Set when this command cannot be understood (non-literal name, `eval`, ...): the reason. */
  unknown?: string;
  /**
   * Set when the command runs code toolgate cannot read (an interpreter's inline code or script,
   * a shell's script file, a sed `-f` file or `s///e`, a file named by `BASH_ENV`): the reason.
   * Deny and ask rules could apply to what it runs, so they make it a firm ask; allow rules and
   * modes decide it like any other command.
   */
  opaque?: string;
  /**
   * Argument words that name paths the file-system view shows cannot be run as a program from
   * where the command runs (a directory, a file with no execute bit, a path that does not exist
   * and that the line does not write): a program with no model given one is not starting it
   * (`yamllint ./x.yml`, `black ./src`). Set by the evaluator where a view exists.
   */
  notPrograms?: ReadonlySet<string>;
  /**
   * Argument words that name paths the file-system view shows may be run as a program from where
   * the command runs (a file that is there and not shown to lack an execute bit, or one the line
   * writes): past its first operand a program with no model given one may be starting it (`envdir
   * d ./x.sh`, `setlock f ./x.sh`). Set by the evaluator where a view exists.
   */
  programPaths?: ReadonlySet<string>;
  /**
   * Per index of `argv`, what a word that is not literal becomes when only the working directory
   * and the home folder make it expand (`$PWD/x.sh`, `~/x.sh`): the texts it may be (a `~` after
   * `=` is read two ways). Set by the evaluator, which knows both; a word it cannot tell is absent.
   */
  expandedWords?: ReadonlyMap<number, readonly string[]>;
  /**
   * Shell commands an opaque command's code appears to hold as string literals
   * (`perl -e 'system("rm -rf ~")'`, `node -e 'execSync("git config …")'`). Not proof of what
   * runs: what they would remove or write raises the critical-removal and protected-path asks a
   * written command would, in every mode.
   */
  embeddedShell?: string[];
  /**
   * Words an opaque command's program text names that look like paths (`perl -e
   * 'copy(q(x), q(.claude/settings.json))'`, `python3 <<'EOF' … '.git/config' … EOF`): the code
   * may write any of them, so a protected one asks as a written one would, in every mode.
   */
  codePaths?: string[];
  /**
   * What the line shows of the text this command reads: `input`, each text its standard input may
   * be (a here-string, what a printer before it writes: `echo … | env bash`); `words`, by the index
   * of a word in `argv`, the texts of a file an earlier command of the line wrote (`printf … > x.sh
   * && bash x.sh`) or of a lone variable an earlier assignment set to literal text (`c='…'; python3
   * -c "$c"`). Absent when the line shows none.
   */
  shown?: { input?: readonly string[]; words?: Readonly<Record<number, readonly string[]>> };
  /** What holds {@link embeddedShell}'s commands, in a reason's words, where it is not the program's code (`the text tmux send-keys types`). */
  embeddedShellHolder?: string;
  /**
   * True when it runs in a subshell (inside `( … )`, a pipeline, a substitution, a background
   * job or a nested script), so a `cd` here does not change the directory of later parts.
   */
  inSubshell: boolean;
}

/** Result of analysing a command string. Never thrown. @public */
export interface ShellAnalysis {
  /** The command analysed. */
  command: string;
  /** Every simple command anywhere (see `SimpleCommand.context`). */
  commands: SimpleCommand[];
  /** Reasons the command as a whole is not fully understood. Empty when fully understood. */
  unknown: string[];
  /**
   * The reasons of `unknown` that no mode may answer (a firm ask in every mode, DESIGN "Which
   * answer for what cannot be seen"): input toolgate cannot read (a parse error on any line,
   * control characters, NUL, Unicode blanks or format characters outside quotes, the length and
   * nesting limits, a construct the analyser does not handle, the parser not loaded) and code
   * bash would run that the text does not show as a command (arithmetic on a non-literal,
   * `${x@P}`, `${!x}`, `PS4` with `set -x`, `mapfile -C`, …). Each is also in `unknown`.
   */
  unseen: string[];
  /**
   * Statements that change what the commands after them do (`PATH=…`, `HOME=…`, `IFS=…`, `GIT_*=`,
   * `set -x`, `shopt`, `export -f`, function definitions, a `cd` toolgate cannot follow: `cd`,
   * `cd -`, `cd ~user`, `cd $X`), when some command follows. The structure is understood, but
   * no later part may be approved by an allow rule or as read-only; any deny or ask rule could
   * apply to what they hide.
   */
  stateChanges: string[];
  /** True when any command, parameter or process substitution occurs (`$(…)`, backticks, `<(…)`, …). */
  hasSubstitution: boolean;
  /**
   * Every substitution is a process substitution `<(…)` that is a word by itself: the word is a
   * pipe's name (`/dev/fd/63`) the command reads what the list inside prints from, and the list's
   * commands are commands of the line. No other substitution (`$(…)`, backticks, `>(…)`, one
   * inside a longer word) occurs.
   */
  onlyProcessInputs?: true;
  /**
   * Every redirection anywhere, in source order: on simple commands (also listed in their
   * `SimpleCommand.redirects`), on compound commands (`if …; fi > out`, also copied to the
   * `redirects` of each simple command inside) and bare ones (`> out`).
   */
  redirects: Redirect[];
  /** Which analyser produced this: the fast lexer or the full parser. */
  parser: 'lexer' | 'tree-sitter' | 'none';
}

/** Options for shell analysis. @public */
export interface ShellOptions {
  /**
   * Which shell will run the command. `unknown` (the default) judges it for bash and zsh at once:
   * a construct whose meaning differs between them (zsh's `=cmd`, its special parameters,
   * redirections alone, the triple-star glob `***`) is not seen as either reading.
   */
  shell?: 'bash' | 'zsh' | 'sh' | 'unknown';
}

/** Which files of a tree a reader chooses by base name (see `PathEffect.includes`). @public */
export interface NameChoice {
  files: readonly { glob: string; include: boolean }[];
  skipDirs: readonly string[];
}

/** A path a command reads, writes or removes, resolved against the cwd as earlier `cd` parts changed it. @public */
export interface PathEffect {
  /** What the command does to the path. */
  op: 'read' | 'write' | 'remove';
  /** Absolute, normalised path (POSIX separators; Windows drive paths as `/c/...`, as toolgate's path rules use). */
  path: string;
  /** The word as written in the command. */
  raw: string;
  /** False when the word was not literal (variable, glob, `~user`): the path is then a best guess. */
  literal: boolean;
  /** Index in `ShellAnalysis.commands` of the command with this effect; -1 for a redirection on a compound command or on nothing. */
  command: number;
  /** True when the word held an unquoted glob (`rm -rf dir/*`). */
  glob: boolean;
  /**
   * How far below `path` the effect reaches: `all` — everything inside it (`grep -r`, `chmod -R`,
   * a recursive copy's source, `tar c`); `some` — names toolgate cannot see (an archive extracted
   * into it, a recursive copy's destination, a directory given to a program toolgate does not
   * model). Absent: the path itself (a removal always takes everything inside).
   */
  tree?: 'all' | 'some';
  /**
   * For a read of a whole tree: `false` when the reader is known not to follow the symbolic links
   * it finds inside the directory (`grep -r`, `rg`, `find` without `-L`; a link named on the
   * command line is still followed). Absent: it may follow them (`grep -R`, `rg -L`, `find -L`),
   * so a link inside that leads out of the working directories is read. `true` on a read that is
   * no tree read: a lister that walks the tree below and follows the links it meets (`ls -LR`,
   * `du -L`, `tree -l`, `find -L`), printing names from wherever they lead. `true` on a removal:
   * it follows the links inside the directory and removes what they lead to (`find -L dir
   * -delete`), judged at the links' real paths through the file-system view.
   */
  walksLinks?: boolean;
  /**
   * On a read of a list file (`tar --remove-files -T list`, `git rm --pathspec-from-file=list`;
   * `-` for the command's input): its lines name paths the command removes whole, read through
   * the file-system view by evaluate's list-names.ts.
   */
  listsNames?: 'remove';
  /**
   * With `walksLinks: false`: the environment variable naming a configuration file that may make
   * the reader follow links all the same (`rg`: `RIPGREP_CONFIG_PATH`, which may hold `--follow`).
   * Unless the environment is known to lack it, the reader may follow them.
   */
  walksLinksWith?: string;
  /**
   * For a tree read by git: which of the tree's files it takes — `tracked` (what its index holds:
   * `git commit -a`, `git stash`, `git grep`), `unignored` (those, and the untracked files no
   * `.gitignore` ignores: `git add .`, `git add -A`). Absent: every file. With a file-system view
   * that shows the repository's index and ignore files, a covered path git does not take is no read.
   */
  gitTakes?: 'tracked' | 'unignored';
  /**
   * Base-name globs the reader surely leaves out at every depth below `path`, whatever else would
   * choose them: a file or folder whose name one surely matches is neither read nor entered (the
   * host's own exclusion globs, handed to rg after every other glob: Claude Code's Grep,
   * `--glob '!**\/NAME'` per Read deny rule; decision 0155).
   */
  leavesOut?: readonly string[];
  /**
   * For a tree read by rg given no option that changes which files it walks (`--hidden`, `-u`,
   * `--no-ignore`, `--follow`, …) but for globs and types, every word literal: it skips hidden
   * names and ignored ones. With a file-system view that shows every ignore file on the way, a covered
   * path rg surely skips is no read. `noConfig`: `--no-config` was given (its configuration file
   * cannot add options). `whitelist`: rg was told which files to search (`-g`, `--iglob`, `-t`;
   * Claude Code's Grep tool: its `glob` and `type`): an override glob whitelists the files and folders whose base name it
   * matches, hidden or ignored, and with any glob only the files it matches are searched; a type
   * may whitelist any file, never a folder — with `typeGlobs`, only the files whose name one of
   * these matches (the types' globs, as `rg -t` and `--type-add` give them); a type chooses only the
   * files its globs match. `excludes`: `!` globs (without the `!`) that, when no positive glob is
   * given, leave out the files and folders whose base name they match. `hidden`: it was
   * given `--hidden` and exclusion globs for these names (hidden names searched, those not).
   */
  rgSkips?: {
    noConfig: boolean;
    whitelist?: { globs: readonly string[]; types: boolean; typeGlobs?: readonly string[]; excludes?: readonly string[] };
    hidden?: { except: readonly string[] };
  };
  /**
   * For a tree read that chooses its files by base name (`grep -r --include=GLOB --exclude=GLOB
   * --exclude-dir=GLOB`, every option word literal): `files`, the file globs in their order
   * (`include` for --include), of which the last that matches a file's name decides, and when
   * none does the first one's kind says the reverse (GNU grep 3.8, gnulib `excluded_file_name`);
   * `skipDirs`, the globs whose folders below the tree are not entered.
   */
  includes?: NameChoice;
  /**
   * Set for a word of a program whose file effects toolgate does not model, assumed read and
   * written: `path` — it looks like a path (`/` inside, a leading `.` or `~`) or is not literal;
   * `word` — a bare word, which counts only when a deny rule or a protected name covers it.
   */
  assumed?: 'path' | 'word';
  /**
   * A write the command may do but is not known to: a variable it is given that is not known to
   * be inert names the path (`FOO=.claude/x cmd`). Why, in words. Protected paths and Edit deny
   * rules meet it as a write that may reach them (an ask), never as a verified one (a deny).
   */
  possible?: string;
  /**
   * Why the command may do this, in words a person reads, when only a reading of a word that is not
   * literal gives it (`$x` may be tar's --remove-files; sed -i's backup suffix `$s` may name any
   * file). Unlike `possible`, the effect is judged as any other: this only says why.
   */
  because?: string;
  /**
   * On the read of a folder a kustomize build takes (`kubectl kustomize DIR`, `-k DIR`): the reason
   * the model gave that what its kustomization names cannot be listed. Where the file-system view
   * shows the kustomization, evaluate's kustomizations.ts reads it and settles the reason.
   */
  kustomization?: string;
  /** Metadata a program creates with content of its own (`git init`'s `.git`): deny rules apply; not a protected write. */
  ownMetadata?: boolean;
  /**
   * On a read: the program reads the name's metadata, never the file's content (strace of coreutils
   * 9.1 and git 2.39.5: an `lstat`/`statx`, no `open`). `status` — it looks the name up whatever it
   * is (`stat`, `ls -d`, `git check-ignore`); `listing` — a file it looks up, a folder it lists (its
   * entries' names: `ls`, `du`). A Read rule does not cover a look at a name; a listing of a folder
   * it covers (or one the file-system view cannot tell from a file) is a read of it.
   */
  looks?: 'status' | 'listing';
  /**
   * On a write: the word is a pattern the shell expands (not one the program reads itself) and the
   * program writes each name it matches, as itself — no name put below a match, no name prefix
   * (`sed -i … src/*.js`). What it writes is then the names the pattern matches as the command
   * runs, or the pattern's own text when none does (bash hands it over as written).
   */
  shellMatches?: true;
  /** The real path of another effect's path, reached through a symbolic link (from the file-system view). */
  viaSymlink?: boolean;
  /**
   * The program acts on the name itself and does not follow it when its last part is a symbolic
   * link (`mv`, `cp -r` without `-L`/`-H`: the link is moved or copied as a link); the folders
   * above it are still followed. A name a pattern matches is taken the same way. Set only when no
   * other command of the line reads: the names it makes lead where the links do (`keepsLinks`).
   */
  linkItself?: boolean;
  /**
   * The program carries links over as links (`mv`, `cp -r`): its `linkItself` and `walksLinks:
   * false` hold only while no other command of the line reads — one may read the links' targets
   * through the new names (`cp -r vendor v2 && cat v2/keys/id_rsa`); then it is judged as
   * following them.
   */
  keepsLinks?: boolean;
  /** With `keepsLinks`: the real path of a link the program carries over (kept only when it is judged as following). */
  throughKeptLink?: boolean;
  /**
   * On a write: the path becomes a symbolic link the command makes (`ln -s stage tools`), unless a
   * folder is there: every name below it is then the name of that name in the folder it leads to
   * — the folder's files now, and whatever is put there later (coreutils 9.1: `ln -s stage tools`
   * made `tools/x.sh` `stage/x.sh`). `through-links`: a folder there, or a link to one, takes the
   * link inside it (`ln -s`, `ln -sf`); `replacing-links`: only a folder that is no link does — a
   * link there is replaced (`ln -sfn`, `ln -sfT`, `-b`, `-i` answered yes).
   */
  madeLink?: 'through-links' | 'replacing-links';
  /** Read from git's index or history (`git show HEAD:.env`), not the working tree: deny rules apply; it is no file read for read-only checks. */
  fromHistory?: boolean;
  /**
   * For a write through a glob, or a tree removal through one (`rm -rf su?`), when the file-system
   * view cannot tell which names it matches (an unlistable folder, a bound hit, a `..` after a wild
   * component), or when a part of the pattern is not literal (`$d/*.log`, `$(…)/x.jso[n]`, a name
   * prefix `$p`: that part may be any text, `/` and `..` included): why. Any path may be written or removed.
   */
  unsettled?: string;
  /** `path` ends in `*` standing for the suffixes the program adds to a name prefix (`split`, `csplit`). */
  namePrefix?: boolean;
  /**
   * Where the names a write (`tree: 'some'`) or a removal puts under `path` come from, when the
   * command line does not say (see {@link PathNames}); the protected-path check looks at them.
   */
  names?: PathNames;
  /**
   * For a write with `tree: 'some'`: the paths whose trees land at `path` — a move's or copy's
   * sources (absolute), or `path` itself for what a link makes reachable through it. The names
   * written under `path` are then those trees' names, which a file-system view lists; without
   * it they are names toolgate cannot see.
   */
  contentFrom?: readonly string[];
}

/**
 * Where the names a command writes or removes under a directory come from: `unseen` — content
 * toolgate does not read names them (an archive's members, a patch's targets: `diff`, the files of a git tree: `git-tree`, what a server sends: `remote`, the names xargs
 * or find -exec hands a command: `input`, names relative to the folders find -execdir runs a command in:
 * `found-folders`, names the program works out as it runs — a rename's expression, an awk program's
 * computed output name, a list it reads toolgate cannot see: `program`, the effect's `raw` saying why), so any name may be
 * written, a protected one included (decision 0092); `entries` — they are the entries of the directories `of`
 * (absolute: a recursive copy's sources, or the path itself for the untracked files `git clean`
 * removes), as a file-system view lists them, less the `.git` directories `spares` names (`top`:
 * the one directly under the path, the repository's own; `all`: every one). With `eachFolder`, what
 * is written is no entry but a file of that name in each folder below the path (`tree -R` writes
 * `00Tree.html`), the folders whose names start with a dot left out when `skipsHidden`. With `flat`,
 * each file below lands directly under the path by its base name with its suffix replaced: by the
 * second of the first pair whose first ends the name; a file whose name ends in none is left alone
 * (`zstd -dr DIR --output-dir-flat=.` writes `DIR/x/.npmrc.zst` as `./.npmrc`).
 * @public
 */
export type PathNames =
  | {
      kind: 'unseen';
      what: 'archive' | 'diff' | 'git-tree' | 'git-commits' | 'remote' | 'input' | 'found-folders' | 'numbered' | 'list' | 'program';
      /** For `git-commits`: which commits git takes the files from, where the command line says (see {@link GitCommitsTaken}). */
      commits?: GitCommitsTaken;
    }
  | {
      kind: 'entries';
      of: readonly string[];
      spares?: 'top' | 'all';
      eachFolder?: string;
      skipsHidden?: boolean;
      flat?: readonly (readonly [string, string])[];
    };

/**
 * Which commits a git command that updates the work tree takes its files from (decision 0121):
 * `switch` — a two-way update from HEAD to each revision (`checkout`, `switch`, `reset --hard`;
 * `merges` with `-m`); `stash-push` — back to HEAD; `stash-apply` — a merge of the stash commit
 * (the revision, else `refs/stash`) and its parents; `merge` and `rebase` — every commit either
 * side lacks, and their parents; `rebase-onto` — HEAD's commits the upstream (the second
 * revision) lacks, their parents and the new base (the first); `pick` — each commit named and its
 * parents (`cherry-pick`, `revert`); `fetched` — commits not fetched yet (`git pull`), which no view
 * can read. The index's paths count in every case.
 * @public
 */
export interface GitCommitsTaken {
  /** How the command takes the commits' files (see above). */
  how: 'switch' | 'stash-push' | 'stash-apply' | 'merge' | 'rebase' | 'rebase-onto' | 'pick' | 'fetched';
  /** The revisions as written (literal words only). */
  revisions: readonly string[];
  /** A three-way merge (`checkout -m`): files may land in folders the other side renamed. */
  merges?: boolean;
}

/** Why a command is, or is not, read-only. @public */
export type ReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

/**
 * Words the wrapped command gets from input at run time: `xargs` appends input words unless
 * it replaces a placeholder (`-I R`, `-i`, `--replace`); `find -exec` replaces `{}`; `parallel`
 * puts each argument, shell-quoted, in place of `{}` in the command text it runs. @internal
 */
export interface RunTimeInput {
  /** Input words are appended to the wrapped command's words. */
  appended: boolean;
  /** The text replaced by input inside the wrapped command's words. */
  placeholder?: string;
  /** The wrapper that supplies the input (`xargs`, `find -exec`, `parallel`). */
  via: NonNullable<SimpleCommand['argumentsFrom']>;
  /**
   * The wrapper shell-quotes each input word it puts in command text (`parallel`): the text is
   * read as a script whose commands get the placeholder as a word from input, not as code.
   */
  quoted?: boolean;
  /**
   * No word it hands can read as an option: each is a path under a search path that does not
   * begin with `-` (`fd -x`, which hands `./NAME`).
   */
  optionFree?: boolean;
}
