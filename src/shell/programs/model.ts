/**
 * What toolgate knows about one program, in one place: its option grammar and the facets that
 * read it. A facet answers one question the shell layer asks about a command (which files it
 * touches, whether it is read-only, whether it runs programs toolgate cannot see); every facet
 * of a model reads the command's options through the model's one grammar, so two facets cannot
 * disagree about which word is an option's value (`column -t .env` once printed a denied file
 * because two tables did).
 *
 * Adding or correcting a program is one file in `src/shell/programs/` plus its examples:
 * `docs/shell.md` walks through one.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import type { ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';
import type { ReadOnlyVerdict, SimpleCommand } from '../types.js';
import type { ShellModel } from '../shells/index.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import type { Environment } from '../syntax/environment.js';
import type { VariableSetter } from './variable-setters.js';

/**
 * Whether toolgate sees everything the program runs. `nothing`: it runs no other program;
 * `seen`: what it runs is read as a child command, opaque code or an unknown (`find -exec`,
 * `tar --to-command`, git's configured programs); `unseen`: it may run programs named in its
 * arguments that toolgate does not read (`rg --pre`), so a deny rule naming one makes it a firm ask.
 * @internal
 */
export type ProgramRuns = 'nothing' | 'seen' | 'unseen';

/**
 * What a program is as a starter of other programs, for the places that ask "may this run
 * anything at all" of a name alone (a broad allow rule, a hook's script): `wrapper` runs the
 * command in its words (`sudo`, `env`, `xargs`, `timeout`); `interpreter` runs code of a language
 * given inline, in a file or on input (`python3`, `node`); `shell` runs shell code (`bash -c`,
 * `sh x.sh`); `runner` runs a project's or a package's scripts (`npm run`, `npx`, `make`).
 * @internal
 */
export type ProgramRole = 'wrapper' | 'interpreter' | 'shell' | 'runner';

/**
 * Where a command leaves the shell's working directory: the directory its operand at `index`
 * names, the home directory, or one toolgate does not track (`cd -`, `popd`), for `why`.
 * @internal
 */
export type DirectoryChange =
  { readonly to: 'operand'; readonly index: number } | { readonly to: 'home' } | { readonly to: 'untracked'; readonly why: string };

/**
 * The shell state a command changes for the commands after it in the same script.
 * @internal
 */
export interface ProgramState {
  /**
   * Where it moves the working directory; `name` is the program name the caller looked it up by,
   * `shells` the shells the command may run in.
   */
  readonly directory?: (name: string, argv: readonly string[], shells: readonly ShellModel[]) => DirectoryChange;
  /**
   * Why the commands after it cannot be judged (a directory toolgate cannot resolve, a variable
   * later programs read), or undefined; `shells` are the shells the command may run in.
   */
  readonly hides?: (name: string, cmd: SimpleCommand, shells: readonly ShellModel[]) => string | undefined;
  /**
   * Whether, called by `name`, it goes back along the directory stack (`popd`) rather than to a
   * directory it names or home (`cd`, `pushd`): Claude Code's ask for a line that changes directory
   * and runs git counts only the latter.
   */
  readonly returnsAlongStack?: (name: string) => boolean;
  /**
   * What `hides` says holds only after the code the command itself runs (its unwrapped script):
   * `trap ACTION SIGNAL` sets the action, so the action is judged as written and only what follows
   * the trap is unjudged (`trap 'rm -f /tmp/x' INT` stays as `rm -f /tmp/x` is judged).
   */
  readonly afterOwnCode?: boolean;
  /**
   * For a wrapper: whether it runs its command in this shell once, and succeeds only if it ran
   * (`builtin cd src && ls`, `repeat 1 cd src && ls`: ls runs in src); otherwise a `cd` it runs
   * may not move this shell (`nice cd ..` runs a program; `repeat 0 cd ..` runs nothing).
   */
  readonly runsOnceHere?: (argv: readonly string[]) => boolean;
  /** It ends the shell: no command after it runs (`exit`; in a subshell, the subshell). */
  readonly endsShell?: true;
}

/**
 * The files a program reads options from by itself, before its command line (`~/.curlrc`): a call
 * is judged by its words only when the world shows each of them absent or harmless.
 * @internal
 */
export interface ProgramConfigFiles {
  /** The files it may read (absolute), in the order it looks for them. */
  readonly files: readonly string[];
  /** Whether a file's text sets only options that name no file, URL or program (comments, `silent`). */
  readonly harmless: (text: string) => boolean;
  /**
   * For a listed path that is a folder of option files (ctags' `.ctags.d`): which of its entries
   * the program reads (`*.ctags`), each judged by `harmless`. Absent: a folder is one file toolgate
   * cannot read.
   */
  readonly folderEntries?: (name: string) => boolean;
}

/**
 * One example of what toolgate says about a command of this program. Each example is a test
 * (`test/shell/programs/examples.test.ts`): the command is analysed as written, from
 * `/home/user/project` with home `/home/user` and `CDPATH` unset.
 * @internal
 */
export interface ProgramExample {
  /** The command line. */
  readonly command: string;
  /**
   * Its path effects, in order, as `op path` with the project shown as `.` and `[all]`/`[some]`
   * for a directory taken whole, `(assumed)` for a word of an unmodelled program
   * (the format of `test/shell/effects/file-effects/operands.test.ts`).
   */
  readonly effects?: readonly string[];
  /** Whether Claude Code's read-only set takes it as read-only. */
  readonly readOnly?: boolean;
  /** Whether it changes the shell's state so that the commands after it cannot be judged. */
  readonly hides?: boolean;
  /** Why the answer is what it is, when that is not plain. */
  readonly why?: string;
}

/**
 * The text a command reads on its input when the line writes it on the command itself: a literal
 * here-string, or a here-document whose body no expansion can change; `undefined` when it reads
 * anything else (a file, a pipe, what it inherits). Asked only by a model that needs it.
 * @internal
 */
export type WrittenInput = () => string | undefined;

/**
 * What a program may do with an environment variable it reads (`ProgramModel.readsVariables`):
 * - `options`: the value holds options, read before the words of its command line by the same
 *   grammar (`TAR_OPTIONS=--remove-files tar -cf x.tar .claude` removes `.claude` as `tar
 *   --remove-files -cf x.tar .claude` does; decision 0092). A value given on the command line (or
 *   known in the environment) is split at blanks; one that is not literal is one word that may be
 *   any option.
 * - `code`: the value is code it runs (less's `LESSOPEN`, a command run on each file), or holds it
 *   (a `+cmd` in `LESS`);
 * - `options-file`: the value names a file of options or code toolgate does not read (rg's
 *   `RIPGREP_CONFIG_PATH`, which may hold `--pre`).
 * For code and an options file, one the line gives with a value not known to be inert
 * (`environment-values.ts` inertCodeValue) is an unseen write: a protected ask in every mode, as an
 * option's hidden program is (decision 0092).
 * @internal
 */
export interface ReadVariable {
  /** What it may do with the value (see above). */
  readonly may: readonly ('options' | 'code' | 'options-file')[];
  /** What the program does with it, in plain words (`LESSOPEN names a command less runs on each file it opens`). */
  readonly what: string;
  /**
   * The user's exported value (the context's environment facts) is judged as a value the line
   * gives: a variable set for its own sake, rarely but to a known-inert value (an exported
   * `LESSOPEN` is Debian's lesspipe, or a project script less runs on every file). Absent: only
   * the line's value counts, as an exported `RIPGREP_CONFIG_PATH` names the user's own file.
   */
  readonly exportedToo?: true;
}

/**
 * The language runtime a program is written in, which reads variables of its own before the
 * program's code starts (`ProgramModel.runtime`): `python`, a program run by the Python interpreter
 * (pip, pydoc, the AWS CLI 1.x, Debian's yq); `jvm`, one run by the Java virtual machine (java,
 * javac and the JDK's other tools, mvn).
 * @internal
 */
export type ProgramRuntime = 'python' | 'jvm';

/**
 * What each runtime reads for every program it runs, before the program's own code: for Python
 * (CPython 3.11 python(1) ENVIRONMENT; `site` imports `sitecustomize`, `usercustomize` and runs the
 * `import` lines of `.pth` files from these folders) the folders it imports from. Verified on Debian
 * 12 (#37, replay of red team 18 NEW-4): `PYTHONPATH=. pip --version` (also pip3, /usr/bin/pip) and
 * `PYTHONPATH=. pydoc3 os` ran the project's sitecustomize.py.
 */
const RUNTIME_VARIABLES: Readonly<Record<ProgramRuntime, Readonly<Record<string, ReadVariable>>>> = {
  python: {
    PYTHONPATH: {
      may: ['code'],
      what: 'PYTHONPATH names folders Python imports modules from first (a sitecustomize.py there runs at its start)',
    },
    PYTHONHOME: { may: ['code'], what: 'PYTHONHOME names the folder Python loads its standard modules from' },
    PYTHONUSERBASE: {
      may: ['code'],
      what: 'PYTHONUSERBASE names the folder of the user site-packages, whose .pth files and usercustomize.py Python runs at its start',
    },
    PYTHONPLATLIBDIR: {
      may: ['code'],
      what: 'PYTHONPLATLIBDIR names the folder, under its prefix, Python loads its standard modules from',
    },
  },
  // HotSpot reads these in every launcher (OpenJDK 17 java(1), "Using the JDK_JAVA_OPTIONS Launcher
  // Environment Variable" and JVMTI "Command-Line Option"): `-javaagent:`/`-agentpath:` load code,
  // `-Xlog:…:file=` writes one. Verified (#37): `JAVA_TOOL_OPTIONS=-javaagent:./a.jar java -version`,
  // the same for javac, and `_JAVA_OPTIONS` for both ran the agent's premain.
  jvm: {
    JAVA_TOOL_OPTIONS: {
      may: ['code'],
      what: 'JAVA_TOOL_OPTIONS holds options the Java virtual machine reads first (-javaagent and -agentpath load code, -Xlog may write a file)',
    },
    _JAVA_OPTIONS: {
      may: ['code'],
      what: '_JAVA_OPTIONS holds options the Java virtual machine reads (-javaagent and -agentpath load code, -Xlog may write a file)',
    },
  },
};

/**
 * A word `@FILE` a program reads as a response file (`responsePlaces`): the command-line word it
 * is in, FILE as written there (raw text when that word is not literal), and the command line
 * with FILE's words in its place as the program's facets read it, with where they went.
 */
export interface ResponsePlace {
  readonly index: number;
  readonly file: string;
  readonly splice: (words: readonly string[]) => { argv: string[]; from: number; to: number };
}

/** The words a command hands another program (`handsWords`): each with the command-line word it came from. */
export interface HandedWords {
  /** The program that reads them (a name with a model: `cc`). */
  readonly program: string;
  readonly words: readonly { word: string; index: number; literal: boolean }[];
}

/**
 * One program (or a family of names sharing one behaviour: `grep`, `egrep`, `fgrep`, `rgrep`).
 * @internal
 */
export interface ProgramModel {
  /** The names it is called by (the folded basename of argv[0]); each name has one model. */
  readonly names: readonly string[];
  /** What the program is, in a few words. */
  readonly summary: string;
  /** Where what this model says comes from: manuals, documentation, the observed CLI. */
  readonly sources: readonly string[];
  /**
   * The program's option grammar: every option it has, and whether each takes a value. Facets
   * read options through it; the read-only profile names the safe ones among them.
   */
  readonly grammar?: GnuOptionSpec;
  /**
   * The files a command reads, writes, removes or links (argv[0] is the program's name), its words
   * read with the model's grammar (`readBy`, parse.ts); `literal` says, per word, whether it is
   * literal (absent: every word is). `variable` tells what the environment the command runs in
   * holds (its value, `null` when known unset, `undefined` when it may be set; absent: nothing is
   * known), for a model whose files depend on a variable. `input` gives the text the command
   * reads on its input when the line itself writes it there ({@link WrittenInput}), for a model
   * that reads code from its input (`sqlite3 db <<< '.tables'`).
   */
  readonly files?: (
    name: string,
    argv: readonly string[],
    literal?: readonly boolean[],
    variable?: (name: string) => string | null | undefined,
    input?: WrittenInput,
  ) => FileOperands;
  /** The read-only profile per set, by name: the options known safe and the check to run. */
  readonly readOnly?: {
    /** Claude Code's built-in read-only commands (the claudeCode dialect). */
    readonly claudeCode?: Readonly<Record<string, ReadOnlyEntry>>;
    /** robota's read-only commands. */
    readonly robota?: Readonly<Record<string, ReadOnlySpec>>;
    /**
     * A wrapper Claude Code looks through for allow rules (`timeout`, `nice`): its own options
     * known safe; the command it runs is judged on its own.
     */
    readonly wrapper?: Readonly<Record<string, ReadOnlyEntry>>;
  };
  /** The shell state it changes for later commands (`cd`'s working directory). */
  readonly state?: ProgramState;
  /**
   * The read-only check of a program whose words are not GNU options (find's expression), per
   * set, in place of reading options with the entry: for Claude Code's set `argv` is the
   * command's words as the shell expands them, for robota's the words as written.
   */
  readonly readOnlyCheck?: {
    readonly claudeCode?: (name: string, argv: readonly string[]) => ReadOnlyVerdict;
    readonly robota?: (name: string, argv: readonly string[]) => ReadOnlyVerdict;
    /**
     * Claude Code's check reads the command's words as written, in place of the entry's reading
     * of options: a word that is not literal (a glob, a variable, `~`) is never read-only (git).
     */
    readonly wordsAsWritten?: boolean;
    /**
     * For Claude Code's set, a check after the entry has read the options known safe, of what
     * the entry cannot say (`date MMDDhhmm` sets the clock, `strings @FILE` reads options from
     * FILE): `argv` as the shell expands it, `operands` the operands the entry's parse found.
     */
    readonly claudeCodeAfterOptions?: (
      name: string,
      argv: readonly string[],
      operands: readonly { readonly text: string }[],
    ) => ReadOnlyVerdict;
  };
  /**
   * It evaluates array subscripts in its words arithmetically (`test 'a[$(cmd)]' -eq 1` runs
   * cmd), so a substitution inside an otherwise quoted word is still code.
   */
  readonly arithmeticSubscripts?: boolean;
  /**
   * Its operands name shell variables, whose subscripts bash evaluates arithmetically (`unset
   * 'a[x]'`): `assigns` when they are `NAME=value` assignments too (`export PS4='$(cmd)'` sets a
   * prompt that runs code), `names` when they only name variables (or, as `printf -v` and
   * `wait -p`, an option's value does).
   */
  readonly variables?: 'assigns' | 'names';
  /**
   * Which of its words name variables (`read -p PROMPT NAME…`, `printf -v NAME`): bash and zsh
   * evaluate a subscript in a name (`x='a[$(cmd)]'; read -r "$x"` runs cmd), so a name word that is
   * not literal may run a command (see `nameWords`).
   */
  readonly variableWords?: VariableSetter;
  /**
   * `data`: every environment variable the program itself reads is data — none names code it runs
   * or loads, a program, or a file it reads or writes, and none changes how it reads its words
   * (coreutils' ls reads COLUMNS, LS_COLORS, TIME_STYLE, …) — so a variable given to it changes
   * what it runs or touches only through the C library and the dynamic loader
   * (`environment-values.ts` systemVariable). Absent: any variable not known to be inert may be
   * code to it.
   */
  readonly environment?: 'data';
  /**
   * Variables that, given to the shell's own builtin as a prefix, change only how it does what
   * its words say: `IFS= read -r line` splits the line by IFS and does nothing else with it. Not
   * for a program another one runs (`env IFS= read` is a file looked up along `PATH`).
   */
  readonly splittingVariables?: readonly string[];
  /**
   * The environment variables it reads, each with what it may do with the value
   * ({@link ReadVariable}), in the order it reads them: one table, so a variable is judged by all
   * it may do at once (less's `LESS` holds options and may hold a start command).
   */
  readonly readsVariables?: Readonly<Record<string, ReadVariable>>;
  /**
   * The runtime it is written in ({@link ProgramRuntime}): what that runtime reads before the
   * program starts (`PYTHONPATH`) is among its `readsVariables` (`defineProgram` adds it), so every
   * program of one language is judged alike.
   */
  readonly runtime?: ProgramRuntime;
  /**
   * Where its option variables' words stand among its words (default 1: first): tar reads
   * TAR_OPTIONS after its old style first word is spelled out, so `TAR_OPTIONS=--remove-files tar
   * cf x.tar .claude` is `tar cf x.tar --remove-files .claude`.
   */
  readonly optionVariablesAt?: (argv: readonly string[]) => number;
  /**
   * Only the facets it has are modelled (the variables it reads, for systemd's tools, kubectl,
   * aws): what it writes and runs otherwise is unknown, so it is still a program toolgate has no
   * model of for the opaque-code table (`shell/unknown-programs.ts`): with a deny rule naming a
   * program, `systemctl restart x` asks as before.
   */
  readonly otherwiseUnknown?: true;
  /**
   * As a wrapper, it runs its command with variables toolgate cannot see (dotenv's and env-cmd's
   * `.env` files): why. Every variable not set closer to that command may then hold anything, an
   * option variable (`TAR_OPTIONS`) any option (`commands/given-environment.ts`).
   */
  readonly hiddenVariables?: string;
  /** Whether toolgate sees what it runs (see {@link ProgramRuns}). */
  readonly runs: ProgramRuns;
  /** What it is as a starter of other programs (see {@link ProgramRole}); absent when none of these. */
  readonly role?: ProgramRole;
  /**
   * It only passes its words and input on as data (`cat`, `printf`, `tee`, `export`, `curl -d`):
   * none of its words runs as code, so a secret alone in a quoted word of it is data that serve's
   * display may mask.
   */
  readonly passesOnData?: boolean;
  /**
   * It reads its operands as data and writes only to its standard output: no option of it runs a
   * program, loads code or writes a file (coreutils' `cat`, `head`, `tail`, `wc`, `tac`, `nl`). A
   * file such a command line names — in a start-up file's `PROMPT_COMMAND`, a pager's command line —
   * is read as text, not run (`data-readers.ts`). An allowlist: a program without it that names a
   * file may run it.
   */
  readonly operandsAreData?: true;
  /**
   * The commands it runs, read from its words (`find … -exec CMD {} ;`, `tar --to-command=CMD`):
   * each is judged as a command of its own (or as opaque code or an unknown); `undefined` when
   * this command runs none. `literal` says, per word, whether the word is literal.
   */
  readonly unwrap?: (argv: readonly string[], literal: readonly boolean[]) => WrapperInfo | undefined;
  /**
   * What it runs besides its words, named by its configuration options and the environment it
   * runs with (git's `-c core.pager=CMD`, `GIT_EXTERNAL_DIFF`, an alias): each is judged as code of
   * its own. `literal` says, per word, whether it is literal.
   */
  readonly runsConfigured?: (argv: readonly string[], literal: readonly boolean[], env: Environment) => Unwrapped[];
  /**
   * The programs it runs, for these words, as its documented transport to another machine (scp,
   * sftp and rsync run ssh for a remote path, git for an ssh URL), with words of their own: a deny
   * or ask rule on such a program meets the command as one on a script's program does (decision
   * 0122, `evaluate/rule-match.ts`); `undefined` when these words run none.
   */
  readonly transports?: (argv: readonly string[]) => readonly string[] | undefined;
  /**
   * Its words without the options before its subcommand that change nothing a rule names (git's
   * `-C DIR`, `--no-pager`, `-c NAME=VALUE`): deny and ask rules are tried against them too
   * (`git -C . push` is `git push` to a rule); `undefined` when it has none.
   */
  readonly withoutGlobalOptions?: (argv: readonly string[]) => string[] | undefined;
  /** Its removals are judged as critical-path removals, as `rm`'s are (`find ~ -delete`). */
  readonly removes?: boolean;
  /**
   * Whether, called with these words, it may remove a directory — every critical path is one:
   * `rm` only with `-r`, `-R` or `-d`; `unlink` and `shred` never ("Is a directory"). A word that
   * is not literal and may be such an option is judged by the caller (`effects/directory-removals.ts`).
   * Absent: it may (`rmdir`, `mv`, `find -delete`).
   */
  readonly removesDirectories?: {
    /** Whether its own words let it (`rm -r`). */
    readonly by: (argv: readonly string[]) => boolean;
    /** The option that lets it, which a word toolgate cannot see may be (`-r`); none when no option does (`unlink`). */
    readonly option?: string;
  };
  /**
   * Its operands are removed or moved away (`rm`, `mv`, `rename`): its removals are judged as
   * critical-path removals, and operands it gets from input at run time (`xargs rm`,
   * `find … -exec rm {} +`) may name any directory.
   */
  readonly removesOperands?: boolean;
  /**
   * What it runs gets, in place of `{}`, paths it finds under the files it reads
   * (`find DIR -exec rm -rf {} +`): a removal there is judged on those files.
   */
  readonly handsOnFound?: boolean;
  /**
   * What it runs gets words it reads from its input at run time (`pwd | xargs rm -rf`): a removal
   * there may name any directory. A function answers for one command line (its words), for a
   * program that reads its input only in some forms (`parallel` with no `:::` list).
   */
  readonly handsOnInput?: boolean | ((argv: readonly string[]) => boolean);
  /**
   * Its file effects are read through wrappers it is under and children it runs
   * (`find … -exec`, `tar --to-command`, `git -c core.pager=…`): a word of the program is a
   * file only where the model says so. A model with a files facet is read so whether or not it
   * says this (`sort --compress-program=gzip -o FILE`): the flag matters for one without.
   */
  readonly touchesFilesAsWrapper?: boolean;
  /** Its operands are positional (source … destination): a glob in them is judged as a write to the last. */
  readonly positional?: boolean;
  /**
   * acceptEdits may allow it (Claude Code docs, Permission modes › acceptEdits: mkdir, touch, rm,
   * rmdir, mv, cp, sed), when it is named literally and its paths are inside the working directories;
   * `withoutOptions`: only when no option is given (Claude Code CLI 2.1.332: "cp with flags requires
   * manual approval to ensure path safety"); a check of the command's words when only some of its
   * commands qualify (sed: a plain substitution that reads, writes and runs nothing else).
   */
  readonly acceptEdits?: boolean | 'withoutOptions' | ((argv: readonly string[]) => boolean);
  /**
   * Why, walking a directory, it may pass over files toolgate cannot see it pass over (hidden or
   * ignored files, by options, configuration or ignore files): a covered path in a directory it
   * walks is then not sure to be read (a guarded read, not a deny).
   */
  readonly skips?: string;
  /**
   * Variables that move where it reads and writes (git's `GIT_WORK_TREE`, `GIT_DIR`): one assigned
   * on the command makes its file effects unresolved, as toolgate does not follow them.
   */
  readonly movedBy?: readonly string[];
  /**
   * For a model whose options depend on a subcommand (git): where the subcommand's own options
   * begin in this command, the grammar that reads them, and those of them that write or remove a
   * file (`--output=…`) — what a word toolgate cannot see there may be, in place of the input
   * table its `grammar` makes (`input-options.ts`). Undefined: the subcommand has none to judge.
   */
  readonly hiddenOptions?: (argv: readonly string[]) => HiddenOptions | undefined;
  /**
   * What this command prints never begins with `-` (git merge-base prints object names): a
   * command substitution of it in another command's words is no option word there (`git diff
   * $(git merge-base HEAD main)`). Absent: what it prints may be anything.
   */
  readonly printsNoOption?: (argv: readonly string[]) => boolean;
  /**
   * It is also installed under a target triplet in front of a name (`x86_64-linux-gnu-gcc`) and a
   * version behind one (`gcc-12`), and behaves the same under them (`name-variants.ts`): the
   * registry gives it for such a name no other model has. Its read-only entries stay its own names.
   */
  readonly nameVariants?: true;
  /**
   * It expands every argument word `@FILE` into the words FILE holds, as binutils' libiberty
   * `expandargv` does (`strings @list`, `strip @list`): more options and more files, which its
   * files facet reads as it reads its command line (`evaluate/response-files.ts`). `lines`: where
   * its `responsePlaces` say (universal-ctags' `--options=FILE`, `-L FILE`), FILE's lines are words
   * of its command line, one a line (blanks around a line and `#` comment lines skipped: ctags'
   * `argNewFromLineFile`), and a FILE that is a folder reads the files it holds.
   */
  readonly responseFiles?: 'binutils' | 'lines';
  /**
   * With `responseFiles`: what the words of a response file toolgate cannot see (no file-system
   * view, a file it cannot read) may make the program do beyond reading files it names — `write`
   * them too (strip rewrites its objects; objcopy's `-O`… OUT, `--dump-section`), or `run` code
   * (nm's and ar's `--plugin` loads a shared object). Absent: they only name files it reads
   * (strings, objdump): a read of some path, a guarded read where a Read deny rule applies.
   */
  readonly responseUnseen?: 'write' | 'run';
  /**
   * With `responseFiles`: every `@FILE` it reads as a response file, where one may stand inside
   * another word too — an item of gcc's `-Wl,`/`-Wa,`/`-Wp,` lists, the value of
   * `--for-linker=@FILE` (the program it hands the word to expands it). Absent: each argument
   * word `@FILE` (`responsePlaces.ts`).
   */
  readonly responsePlaces?: (argv: readonly string[], literal: readonly boolean[]) => ResponsePlace[];
  /**
   * Words it hands another program, which reads them as words of its own command line: rustc's
   * `-C link-arg=ARG` and `-C link-args=ARGS` are words of the C compiler driver it links with
   * (cc, then ld). What they name is that program's model's reading (`file-effects`), as are the
   * response files among them (`evaluate/response-files.ts`). Undefined: it hands none.
   */
  readonly handsWords?: (argv: readonly string[], literal: readonly boolean[]) => HandedWords | undefined;
  /**
   * Its input language names more files for it to read — an include language: cpp's `#include`,
   * groff's `.so`, as's `.include`, rustc's `include_str!`, an import a bundler follows. The names
   * are in the text it reads, and may be computed there (a macro, a string register, a line
   * splice), so neither the command line nor a look at the files can list them: the program reads
   * some path (`evaluate/include-reads.ts`), a guarded read where a Read deny rule applies
   * (decision 0096). The text says what names them, for the reason a person reads (`#include
   * lines`); a function answers for one command line (`man ls` reads only installed pages), with
   * undefined when that one includes nothing.
   */
  readonly includesFiles?: string | ((argv: readonly string[]) => string | undefined);
  /**
   * The files it reads options from by itself (see {@link ProgramConfigFiles}), or why they cannot
   * be listed (`CURL_HOME` may be set); `undefined` when this command reads none (`curl -q`).
   * `variable` gives a variable of the environment: its value, `null` when known unset,
   * `undefined` when it may be set; `home` is the home directory (absolute); `cwd` the directory
   * the command runs in (absolute), `undefined` when toolgate cannot tell (a project's own file
   * is then unknown).
   */
  readonly configFiles?: (
    argv: readonly string[],
    variable: (name: string) => string | null | undefined,
    home: string,
    cwd: string | undefined,
  ) => ProgramConfigFiles | { readonly unknown: string } | undefined;
  /**
   * With no file-system view: `'absent'` takes its configFiles as absent — the program is judged as
   * before its files were read, as git's configuration files and hooks are (a policy tested with no
   * view, `toolgate test`, keeps its everyday npm and pip decisions, also after a `cd` toolgate
   * cannot place). Absent: a file may exist and what the command does is unresolved (curl's and
   * wget's files may send data, decision 0071).
   */
  readonly configFilesWithoutView?: 'absent';
  /**
   * The files its configuration file names for it to write (api-extractor's report folders and
   * rollups): given its words, the files its facet says it reads (absolute, placed by the
   * path-effect walk: the configuration or where it looks for it) and a reader of the file-system
   * view (text, `null` absent, `undefined` unknown), the files and the settings naming them, or
   * what cannot be told — then its writes are unseen (decision 0092). See `evaluate/config-writes.ts`.
   */
  readonly configWrites?: (
    argv: readonly string[],
    reads: readonly string[],
    read: (path: string) => string | null | undefined,
  ) =>
    | { readonly writes: readonly { readonly path: string; readonly setting: string; readonly file: string; readonly tree?: 'some' }[] }
    | { readonly unknown: string };
  /**
   * It finds its repository from the directory it runs in and runs the programs that repository's
   * configuration and hooks name (git): after a change of directory on the same line, what it runs
   * is the other directory's (`cd sub && git status`).
   */
  readonly findsRepositoryFromCwd?: boolean;
  /**
   * Where it reads the program it runs from, besides its words' inline text ({@link ProgramText}):
   * the files and the input a command line names as program text (`awk -f prog.awk`, `sed -f
   * s.sed`, `m4 FILE`, `ed FILE < script`). Whatever reads what a command run later executes (a
   * hook's command, a git hook's line) asks this, never the program's name: a write to such a file
   * changes what the command does when it next runs. `undefined`: these words read none.
   */
  readonly programText?: (argv: readonly string[]) => ProgramText | undefined;
  /** Examples: each is a test. */
  readonly examples: readonly ProgramExample[];
}

/**
 * The program text a command reads from files or its input ({@link ProgramModel.programText}).
 * @internal
 */
export interface ProgramText {
  /**
   * The files: the word at `index`, or the text `value` inside it (`-fx.awk`, `--file=x.awk`,
   * `include.path=/x.cfg`). `home`: the program itself expands a leading `~/` of `value` to the
   * home folder (git's path values).
   */
  readonly files: readonly { readonly index: number; readonly value?: string; readonly home?: true }[];
  /** It reads program text on its standard input (`ed`, `sqlite3 DB`, `m4` given no file, `sed -f -`). */
  readonly input?: true;
  /**
   * Its program runs shell commands built from the data it reads (sed's `e` alone and `s///e`,
   * awk's `system($0)`, `print | "sh"`): each of these files (as `files` names them) and, with
   * `input`, its standard input hold the text of what runs.
   */
  readonly dataRuns?: { readonly files: ProgramText['files']; readonly input: boolean };
  /** Shell commands its program text shows whole (awk's `system("sh " ENVIRON["HOME"] "/x.sh")`, as `sh $HOME/x.sh`). */
  readonly commands?: readonly string[];
}

/** What a word toolgate cannot see may be among one command's options ({@link ProgramModel.hiddenOptions}). @internal */
export interface HiddenOptions {
  /** The program's name as a person reads it with the subcommand (`git diff`). */
  readonly who: string;
  /** argv index where those options begin (after the subcommand's word). */
  readonly from: number;
  /** The grammar that reads them (which letters take a value). */
  readonly grammar?: GnuOptionSpec;
  /** The options among them that write or remove a file, as a person reads them (`--output=…`). */
  readonly writes: readonly string[];
}

/**
 * Declares a model (checks its shape at compile time): as given, with the variables its runtime
 * reads among its `readsVariables` (its own entry for one of them comes first). @internal
 */
export function defineProgram(model: ProgramModel): ProgramModel {
  if (model.runtime === undefined) return model;
  return { ...model, readsVariables: { ...RUNTIME_VARIABLES[model.runtime], ...model.readsVariables } };
}
