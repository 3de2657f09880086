/**
 * The files the user's start-up files source, by whatever name they have. `~/.bashrc`,
 * `~/.zshrc`, `~/.ssh/config` are protected by name, and so is a list of what they commonly source
 * (`.p10k.zsh`, `.bashrc.d`), but a user's own `[ -f ~/.aliases ] && source ~/.aliases`,
 * `. ~/.profile.local`, ssh's `Include ~/.config/ssh/extra` or tmux's `source-file` names a file of
 * any name: a line written there runs at the next `bash -i`, `zsh -i`, login, ssh or tmux start
 * (red team 24, RT24-F: verified with bash 5.2 and zsh 5.9). This reads those start-up files
 * through the view, when a write is judged, for the files they name, and zsh's compiled forms of
 * them (`FILE.zwc`, which zsh reads in place of `FILE` when it is newer: RT24-O).
 * Besides `.`/`source` (red team 25 RT25-B, each verified with bash 5.2 or zsh 5.9): text the
 * shell evaluates from a file (`eval "$(cat F)"`, `. <(cat F)`, `. /dev/stdin < F`), a file given
 * to a shell (`bash F`), zsh's `autoload PATH`, `eval`/`emulate -c` text read as commands, a
 * program of the home run by its path (`eval "$(~/.local/bin/mise activate bash)"`), the folders a
 * `PATH=` line adds (Debian's stock ~/.profile adds ~/bin and ~/.local/bin), a `ZDOTDIR` ~/.zshenv
 * sets, and a sourced file that is a link, where it leads. And (replay 25, RP25-B1…B5; decision
 * 0129) the files whose text any reader hands `eval`, `.` or a shell (`sourced-text.ts`), a
 * trap's text, a function's body at each call, `BASH_ENV`/`ENV`, an interpreter's file, and a
 * list file with the names it holds.
 *
 * What a sourcing line names that cannot be read — another variable, a command substitution — is
 * its literal folder (`source ~/.zsh/$x.zsh`: `~/.zsh`); a glob is what it may match. A line that
 * names nothing literal at all (`source "$f"` with no `for f in …` beside it) cannot be placed and
 * is left to the names protected by list. The work is bounded: a few files, their first
 * {@link MAX_TEXT} characters, {@link MAX_DEPTH} levels of sourcing.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { commandCode } from './command-code.js';
import { ZSH_READING, type ShellReading } from './given-values-zsh.js';
import { readStartupGit, startupGitEntries, startupGitReading, type StartupGitEntry } from './startup-git.js';
import { isInside, normalizePath } from '../paths/index.js';
import { writtenNames } from '../paths/real.js';
import { interpreterName } from '../shell/programs/interpreter-names.js';
import { shapedLoaderPlaces, type LoaderVariable, type ShapedPlace } from '../shell/programs/loader-variables.js';
import { shellName } from '../shell/programs/shell-names.js';
import { tmuxFormatJobs, tmuxLineCommands, tmuxOptionKind, tmuxShellCommand } from '../shell/programs/tmux-grammar.js';
import { quoteRemoved } from '../shell/syntax/words.js';
import { expandBraces } from '../shell/syntax/brace.js';
import { sshConfigLines } from '../shell/programs/ssh-options.js';
import {
  aliasDefinitions,
  aliasesExpanded,
  aliasTexts,
  boundFiles,
  changedDirectory,
  hashedPrograms,
  laterTexts,
  parameterAlternatives,
  PROMPT_VARIABLES,
  readlineMacros,
  sourcedOperand,
} from '../shell/programs/startup-builtins.js';
import { zshPromptSubstMayBeOn } from '../shell/programs/zsh-prompt-subst.js';
import { bodySubstitutions, dataHeredocs } from '../shell/syntax/data-heredocs.js';
import { copiesInputAsData } from '../shell/programs/data-readers.js';
import {
  assignedTexts,
  calledBody,
  commandHead,
  commandsOf,
  fedFiles,
  functionBodies,
  homeExpanded,
  listedFrom,
  loaderAssignments,
  pathLike,
  promptCommands,
  promptSubstitutions,
  shellInputFiles,
  uncommented,
  withOwnPath,
  wordsOf,
} from './sourced-text.js';

/** A file or folder a program reads as code or configuration, and why, as a reason says it. */
export interface ReadPlace {
  /** The file, or the folder (`folder`), absolute. */
  path: string;
  /** Everything inside `path` is read (an operand toolgate cannot read names some file there). */
  folder?: true;
  /** A glob's names: a path matching it (absolute) is read. */
  pattern?: RegExp;
  /** A program the file runs (not shell text it sources): not read in turn. */
  runs?: true;
  /** A list of files, one a line, each of which the shell runs: the files it names are read in turn. */
  lists?: true;
  /** Its text reaches the shell through another program, a variable or a list: zsh reads no `FILE.zwc` in its place. */
  through?: true;
  /**
   * A place a loader variable the file sets names (`export EDITOR=~/.x`, `export PYTHONPATH=~/lib`):
   * a write there is judged as one into a place the exported environment names is
   * (`loader-locations.ts`: a search path's folder only for the names programs load from it), not
   * by {@link readPlaceWrite}. `by` says who names it (`~/.bashrc sets EDITOR, which`).
   */
  loader?: { name: string; variable: LoaderVariable; by: string } & Omit<ShapedPlace, 'path'>;
  /** The file is read as another kind of start-up file than the one naming it (an inputrc `bind -f` names, shell text an inputrc's macro sources). */
  readAs?: Kind;
  /**
   * Named only as a file these data readers print (`PROMPT_COMMAND='cat ~/motd.txt'`, decision
   * 0160): {@link sourcedFiles} leaves it out when every start-up file was read and none may make
   * one of the names run anything else (an alias, a function, `hash`, `enable`, text from `eval`).
   */
  printedBy?: readonly string[];
  /**
   * Named only as an element of this array's literal (`A=(~/notes/a.txt)`, decision 0160): a value,
   * not a command. {@link sourcedFiles} leaves it out when every start-up file was read and no text
   * names the array but where it assigns it (a text that uses it may run or source an element).
   */
  arrayOf?: string;
  why: string;
}

/** A kind of start-up file, by the program that reads it. @internal */
export type Kind = 'sh' | 'zsh' | 'sshConfig' | 'tmuxConf' | 'vimScript' | 'gitHook' | 'inputrc';

/** What reads each kind of file, as a reason says it. */
const RUNS: Record<Kind, string> = {
  sh: 'the shell runs it as start-up code',
  zsh: 'zsh runs it as start-up code',
  sshConfig: 'ssh reads it as configuration, which runs programs (ProxyCommand, LocalCommand)',
  tmuxConf: 'tmux runs its commands when it starts',
  vimScript: 'vim runs it as commands when it starts',
  gitHook: 'git runs the hook at the next commit, merge or push',
  inputrc: 'readline reads it as key bindings in every interactive bash',
};

/** What runs a program a file names by its path, as a reason says it. */
const RUNS_PROGRAM: Record<Kind, string> = {
  sh: 'the shell runs it at every start',
  zsh: 'zsh runs it at every start',
  sshConfig: 'ssh runs it when it connects',
  tmuxConf: 'tmux runs it when it starts',
  vimScript: 'vim runs it when it starts',
  gitHook: 'git runs the hook at the next commit, merge or push',
  inputrc: 'the shell runs it when the key is typed',
};

const MAX_TEXT = 32 * 1024;
const INPUTRC: ReadonlySet<string> = new Set(['INPUTRC']);
const MAX_FILES = 32;
const MAX_DEPTH = 3;

/** The variables the reader places a word by. */
type Known = Required<Omit<StartupVariables, 'inputrc'>>;

/** What the reader knows of the shell's variables: `HOME` and the start-up folders' values. */
export interface StartupVariables {
  home: string;
  /** `ZDOTDIR` when the environment sets it to a known absolute folder. */
  zdotdir?: string;
  /** `XDG_CONFIG_HOME` when the environment sets it to a known absolute folder. */
  xdgConfigHome?: string;
  /** `INPUTRC` when the environment sets it to a known absolute file: readline's start-up file. */
  inputrc?: string;
}

/**
 * The files and folders the user's start-up files source (bash, sh, zsh, ssh, tmux, vim), read
 * from `view`; each sourced file found is read in turn (up to {@link MAX_DEPTH} levels). Without
 * `readText`, none.
 */
export function sourcedFiles(
  view: ReadonlyFsView | undefined,
  vars: StartupVariables,
  /**
   * The vim scripts the environment holds (`VIMINIT`, `EXINIT`: the one table's `vim-script`
   * variables), which vim runs at start as a vimrc's text (check29 c29-37).
   */
  vimScripts: readonly { name: string; text: string }[] = [],
): ReadPlace[] {
  return startupFiles(view, vars, vimScripts).places;
}

/**
 * What {@link sourcedFiles} reads, and the git configuration the shell start-up files it reads
 * give every git the user's shell starts (`startup-git.ts`, decision 0156).
 */
export function startupFiles(
  view: ReadonlyFsView | undefined,
  vars: StartupVariables,
  vimScripts: readonly { name: string; text: string }[] = [],
): { places: ReadPlace[]; git: StartupGitEntry[] } {
  const git = startupGitReading();
  if (view?.readText === undefined) return { places: [], git: [] };
  const h = trimmed(vars.home);
  const zdot = trimmed(vars.zdotdir ?? vars.home);
  const xdg = trimmed(vars.xdgConfigHome ?? `${h}/.config`);
  const starts: [string, Kind][] = [
    ...['.bashrc', '.bash_profile', '.bash_login', '.profile', '.bash_aliases', '.bash_logout'].map((f): [string, Kind] => [
      `${h}/${f}`,
      'sh',
    ]),
    ...[...new Set([h, zdot])].flatMap((d) =>
      ['.zshenv', '.zprofile', '.zshrc', '.zlogin', '.zlogout'].map((f): [string, Kind] => [`${d}/${f}`, 'zsh']),
    ),
    // readline's start-up file: $INPUTRC, else ~/.inputrc, else /etc/inputrc (readline 8.2; its
    // macros are typed at their key: fix30-start, bash 5.2 -i on a pty).
    ...(vars.inputrc !== undefined ? [[vars.inputrc, 'inputrc'] as [string, Kind]] : []),
    [`${h}/.inputrc`, 'inputrc'],
    ['/etc/inputrc', 'inputrc'],
    [`${h}/.ssh/config`, 'sshConfig'],
    [`${h}/.tmux.conf`, 'tmuxConf'],
    [`${xdg}/tmux/tmux.conf`, 'tmuxConf'],
    [`${h}/.vimrc`, 'vimScript'],
    [`${h}/.vim/vimrc`, 'vimScript'],
    // vim reads ~/.exrc when there is no ~/.vimrc (VIMINIT, .vimrc, EXINIT, .exrc: vim 9.0 with only
    // ~/.exrc ran its `set rtp+=` folder's plugin, check29).
    [`${h}/.exrc`, 'vimScript'],
    [`${xdg}/nvim/init.vim`, 'vimScript'],
  ];
  // The file the environment's INPUTRC names is no name protected by list: a macro written there is typed at its key.
  const out: ReadPlace[] = vars.inputrc === undefined ? [] : [{ path: vars.inputrc, why: `the environment's INPUTRC names it: ${RUNS.inputrc}` }];
  // zsh expands a prompt's `$(…)` only with PROMPT_SUBST, off unless a start-up file may turn it on.
  const promptSubst = zshPromptSubstMayBeOn(zshStartTexts(view, h, zdot));
  const read = new Set<string>();
  const late: ReadPlace[] = [];
  /** The shell texts read, and whether they are all the start-up text there is (decision 0160). */
  const texts: string[] = [];
  let whole = true;
  const known: Known = { ...vars, home: h, zdotdir: zdot, xdgConfigHome: xdg };
  type Queued = { file: string; kind: Kind; depth: number; vars: Known; given: ReadonlyMap<string, string[]> };
  const queue: Queued[] = starts.map(([file, kind]) => ({ file, kind, depth: 0, vars: known, given: new Map() }));
  /** The shell texts read, for the hook reader once every one is known: a value one gives is known in the others (decision 0163). */
  const shellTexts: { runs: string; text: string; file: string; kind: Kind; at: Known; values: ReadonlyMap<string, string[]> }[] = [];
  // An exported vim script's text, read as a vimrc's; a file it sources is read in turn.
  for (const { name, text } of vimScripts)
    for (const place of namedBy(text.slice(0, MAX_TEXT), `the exported ${name}, which`, 'vimScript', known)) {
      out.push(place);
      if (place.folder === undefined && place.pattern === undefined) queue.push({ file: place.path, kind: 'vimScript', depth: 1, vars: known, given: new Map() });
    }
  while (queue.length > 0 && read.size < MAX_FILES) {
    const { file, kind, depth, vars: at, given } = queue.shift()!;
    if (read.has(file)) continue;
    read.add(file);
    if (view.isDirectory?.(file) === true) continue;
    const raw = view.readText(file);
    if (raw === undefined) {
      if (view.exists(file)) whole = false;
      continue;
    }
    // An alias a line defines stands for its text in the lines after it (`alias s=source`, then `s ~/dots/x`).
    const expanded = kind === 'sh' || kind === 'zsh' ? aliasesExpanded(raw.slice(0, MAX_TEXT), definedAliases) : raw.slice(0, MAX_TEXT);
    // What the shell reads its own way, restated for both readers below: bash's BASH_SOURCE and zsh's
    // `%x` are the file's own path (`source "${BASH_SOURCE%/*}/x.sh"` sources a file beside it),
    // zsh's glob qualifiers' code (decisions 0163, 0164).
    const text = SHELL_READINGS[kind]?.textAsRead(expanded, file, view.realpath?.(file) ?? file) ?? expanded;
    if (raw.length > MAX_TEXT) whole = false;
    texts.push(text);
    // `export ZDOTDIR=$HOME/.config/zsh` in ~/.zshenv: zsh reads the rest of its start-up files
    // there (red team 25 RT25-B: zsh -i ran `$ZDOTDIR/.zshrc`'s sourced file, zsh 5.9).
    const moved = kind === 'zsh' && file.endsWith('/.zshenv') ? zdotdirSet(text, at) : undefined;
    if (moved !== undefined && moved !== at.zdotdir) {
      const there = { ...at, zdotdir: moved };
      for (const f of ['.zprofile', '.zshrc', '.zlogin', '.zlogout']) {
        const why = `${shownFrom(file, at.home)} sets ZDOTDIR to ${moved}, where zsh reads ${f}: ${RUNS.zsh}`;
        out.push({ path: `${moved}/${f}`, why }, { path: `${moved}/${f}.zwc`, why: `zsh reads ${moved}/${f}.zwc in place of it when it is newer; ${why}` });
        queue.push({ file: `${moved}/${f}`, kind, depth: depth + 1, vars: there, given });
      }
    }
    // A sourced file sees the variables its sourcing file set (oh-my-zsh's `ZSH=…` in ~/.zshrc, `$ZSH/custom` in oh-my-zsh.sh).
    const values = kind === 'sh' || kind === 'zsh' || kind === 'inputrc' ? assignedValues(text, given) : given;
    // The text as the shell runs it, derived once for both readers below.
    const runs = textAsRun(text, kind, promptSubst);
    const places = namedBy(runs, file, kind, at, undefined, given, kind !== 'zsh' || promptSubst);
    // The same text read as a hook's is (decision 0152): what the shell analysis finds a line runs —
    // through a runner's model (`timeout 5 ~/x.sh`, `find … -exec`, `sh -c`), a loop, a variable —
    // each file it runs protected (not read again here: the hook reader reads the scripts it runs).
    // Listed last, so that the start-up reader's own reason (`~/.aliases sources ~/.more`) is the one a write meets first.
    if (kind === 'sh' || kind === 'zsh') {
      shellTexts.push({ runs, text, file, kind, at, values });
      readStartupGit(text, shownFrom(file, at.home), at.home, git);
    }
    for (const place of places) {
      out.push(place);
      if (place.loader !== undefined || place.printedBy !== undefined) continue;
      // Files a glob or a folder names, or past the depth bound, are not read: what they define is unknown.
      if (place.pattern !== undefined || place.folder !== undefined || (depth >= MAX_DEPTH && place.runs !== true)) whole = false;
      if (place.lists === true && depth < MAX_DEPTH) {
        // A list file's names as it holds them now (decision 0129): each runs, and is read in turn.
        for (const name of listedNames(view.readText(place.path))) {
          const listed = placed(name, at, [at.home]);
          if (listed === undefined) continue;
          const why = `${shownFrom(place.path, at.home)} names ${listed.path}, and ${place.why}`;
          out.push({ ...listed, ...(place.runs === true ? { runs: true as const } : {}), why });
          if (kind === 'zsh' && listed.pattern === undefined && place.runs !== true)
            out.push({ path: `${listed.path}.zwc`, why: `zsh reads ${listed.path}.zwc in place of ${listed.path} when it is newer, and ${why}` });
          if (listed.pattern === undefined && listed.folder === undefined) queue.push({ file: listed.path, kind, depth: depth + 1, vars: at, given: values });
        }
      }
      // A sourced file that is a link runs where it leads (RT25-B: `. ~/.aliases` with
      // `~/.aliases -> dot/aliases`; a write of ~/dot/aliases ran at the next bash -i).
      const real = place.folder === undefined && place.pattern === undefined ? view.realpath?.(place.path) : undefined;
      if (real !== undefined && real !== place.path) out.push({ path: real, why: `${place.why} (through a link, at ${real})` });
      if (kind === 'zsh' && place.pattern === undefined && place.through !== true)
        out.push({
          path: `${place.path}.zwc`,
          why: `zsh reads ${place.path}.zwc in place of ${place.path} when it is newer, and ${place.why}`,
        });
      if (place.folder === undefined && place.pattern === undefined && depth < MAX_DEPTH && place.runs !== true && place.lists !== true)
        queue.push({ file: place.path, kind: place.readAs ?? kind, depth: depth + 1, vars: at, given: values });
      // A pattern's files as the view shows them (`for f in ~/.bashrc.d/*.sh; do . "$f"; done`, zsh's `~/.zshrc.d/*(N)`):
      // each is sourced, so what it runs is read in turn (a file written there later is the pattern's already).
      if (place.pattern !== undefined && depth < MAX_DEPTH && place.runs !== true && place.lists !== true)
        for (const f of patternFiles(place.path, place.pattern, view)) queue.push({ file: f, kind: place.readAs ?? kind, depth: depth + 1, vars: at, given: values });
    }
  }
  // One shell runs the start-up files it reads in one set of variables: what the others give a variable is known in each (decision 0163).
  for (const [i, r] of shellTexts.entries()) {
    const givenText = shellTexts
      .filter((_, k) => k !== i)
      .map((o) => o.runs)
      .join('\n');
    late.push(...runByText(r.runs, r.file, r.kind, r.at, view, givenText), ...commandVariableCode(r.text, r.file, r.at, view, r.values));
  }
  // Text toolgate does not see (`eval`, `. <(…)`, `/dev/stdin`) may define or use anything: as if not all was read.
  const settled = whole && queue.length === 0 && !texts.some((t) => UNSEEN_TEXT.test(t));
  // A data reader's files are printed (decision 0160) where nothing read may rename the reader.
  const renamed = (name: string): boolean => !settled || texts.some((t) => mayRename(t, name));
  // An array literal's element is a value where no text uses the array (decision 0160).
  const used = (name: string): boolean => !settled || texts.some((t) => arrayUsed(t, name));
  const kept = [...out, ...late].flatMap(({ printedBy, arrayOf, ...p }) =>
    (printedBy === undefined || printedBy.some(renamed)) && (arrayOf === undefined || used(arrayOf)) ? [p] : [],
  );
  return { places: kept, git: startupGitEntries(git) };
}

/**
 * An array literal of plain words assigned to a name (`A=(~/x)`, `A+=(…)`, `declare -a A=(…)`,
 * zsh's `typeset -a A=(…)`): no substitution, parameter, quote, subscript, glob qualifier or
 * escape in it, so the shell only expands `~` and globs there and runs nothing.
 */
const ARRAY_LITERAL = /(^|[\s;&|{])(([A-Za-z_]\w*)\+?=)\(([^()`$[\]\\'"<>]*)\)(?=$|[\s;&|}])/g;

/** Text whose commands toolgate does not see: what `eval`, a process substitution or a descriptor runs. */
const UNSEEN_TEXT = /\beval\b|<\(|\/dev\/stdin|\/dev\/fd\/|\/proc\/self\//;

/**
 * Whether shell text may use array `name` other than by assigning it a literal: any whole-word
 * mention of the name outside such an assignment (`"${A[@]}"`, `$A`, `for f in $A`, `${(P)x}` with
 * `x=A`, `declare -n r=A`). Text toolgate does not see is the caller's ({@link UNSEEN_TEXT}).
 */
function arrayUsed(text: string, name: string): boolean {
  const word = new RegExp(`(?:^|[^\\w])${escaped(name)}(?!\\w)`, 'g');
  const assigned = new RegExp(`(?:^|[^\\w$])${escaped(name)}\\+?=\\(`, 'y');
  for (const m of text.matchAll(word)) {
    assigned.lastIndex = m.index;
    if (!assigned.test(text)) return true;
  }
  return false;
}

/**
 * Whether shell start-up text may make `name` run something other than its program: a line
 * naming it that defines an alias or a function (`name()`, `function name`, zsh's
 * `functions[name]=`), `hash`es or `enable`s a name. An allowlist in reverse: any such word on a
 * line with the name counts; text toolgate does not see is the caller's ({@link UNSEEN_TEXT}).
 */
function mayRename(text: string, name: string): boolean {
  const word = new RegExp(`(?:^|[^\\w.-])${escaped(name)}(?![\\w.-])`);
  const defined = new RegExp(`${escaped(name)}\\s*\\(\\s*\\)`);
  return text
    .split('\n')
    .some((line) => word.test(line) && (/\b(?:alias|function|functions|aliases|hash|enable|autoload|builtin|zle|bindkey)\b/.test(line) || defined.test(line)));
}

/**
 * What the command a start-up line gives a command-shaped loader variable runs beyond the words
 * `loaderPlaces` names (`export GIT_SSH_COMMAND='ssh -F ~/bin/x.cfg'`: the configuration file's
 * `Include`s and what their ProxyCommand runs; a script's own lines), read by the hook reader
 * (`command-code.ts`) as the environment's value is (`variable-commands.ts`; red team 27 K5: git
 * ls-remote from bash -i ran ~/dots/ssh's ProxyCommand). From the home, as {@link runByText}.
 */
function commandVariableCode(text: string, file: string, vars: Known, view: ReadonlyFsView, values: ReadonlyMap<string, string[]>): ReadPlace[] {
  const from = shownFrom(file, vars.home);
  const out: ReadPlace[] = [];
  for (const line of text.split('\n')) {
    for (const a of loaderAssignments(uncommented(line))) {
      if (a.variable.shape !== 'command') continue;
      // A bare program name (`EDITOR=vim`) names no file of the user's: not read.
      for (const value of withValues(a.value, values).filter((v) => /[/~$]/.test(v)))
        for (const c of commandCode(value.replace(/^\s*\|{0,2}-?/, ''), { cwd: vars.home, top: vars.home, home: vars.home, view }, false)) {
          // The program the value names by its path is the loader place's already (`loaderNamed`).
          if (/^run by `[^`]*`$/.test(c.via)) continue;
          out.push({
            path: c.path,
            ...(c.pattern !== undefined ? { pattern: c.pattern } : {}),
            runs: true as const,
            why: `${from} sets ${a.name} (${a.variable.what}) to \`${value}\`, which runs code of ${c.path} (${c.via})`,
          });
        }
    }
  }
  return out;
}

/**
 * What a start-up file's text runs, read by the reader of a hook's text (`command-code.ts`, one
 * reader for both: decision 0152), as places the file names: from the home, where an interactive
 * shell usually starts and where a relative name in a start-up file is read from.
 */
function runByText(text: string, file: string, kind: Kind, vars: Known, view: ReadonlyFsView, givenText: string): ReadPlace[] {
  const from = shownFrom(file, vars.home);
  const forms = SHELL_READINGS[kind]?.forms;
  // A program found on a PATH the file sets is the start-up reader's own (`puts ~/bin on PATH`, every program there).
  const places = commandCode(
    text,
    { cwd: vars.home, top: vars.home, home: vars.home, view, ...(givenText !== '' ? { givenText } : {}), ...(forms !== undefined ? { forms } : {}) },
    false,
  ).filter(
    (c) => !c.via.includes('(found on the PATH the text sets)'),
  );
  return places.map((c) => ({
    path: c.path,
    ...(c.pattern !== undefined ? { pattern: c.pattern } : view.isDirectory?.(c.path) === true ? { folder: true as const } : {}),
    runs: true as const,
    through: true as const,
    why: `${from} runs ${c.path} (${c.via}): ${RUNS_PROGRAM[kind]}`,
  }));
}

/**
 * The texts of the files zsh reads at start, system-wide and the user's (`undefined` for one that
 * exists and cannot be read whole): what decides whether PROMPT_SUBST may be on.
 */
function zshStartTexts(view: ReadonlyFsView, home: string, zdot: string): (string | undefined)[] {
  const files = [
    ...['/etc/zsh', '/etc'].flatMap((d) => ['zshenv', 'zprofile', 'zshrc', 'zlogin'].map((f) => `${d}/${f}`)),
    ...[...new Set([home, zdot])].flatMap((d) => ['.zshenv', '.zprofile', '.zshrc', '.zlogin'].map((f) => `${d}/${f}`)),
  ];
  const out: (string | undefined)[] = [];
  for (const f of files) {
    if (view.isDirectory?.(f) === true) continue;
    const text = view.readText?.(f);
    if (text === undefined ? view.exists(f) : text.length > MAX_TEXT) out.push(undefined);
    else if (text !== undefined) out.push(text);
  }
  return out;
}

/**
 * A start-up file's text as its shell runs it: in zsh without PROMPT_SUBST, each prompt's
 * single-quoted value emptied (zsh never runs it). Derived once per file, for the start-up
 * reader ({@link namedBy}) and the hook-text reader alike.
 */
function textAsRun(text: string, kind: Kind, promptSubst: boolean): string {
  if (kind !== 'zsh' || promptSubst) return text;
  return text
    .split('\n')
    .map((line) => withoutPromptTexts(line, PROMPT_VARIABLES.zsh))
    .join('\n');
}

/**
 * The line with the single-quoted value of each prompt assignment (`PROMPT='$(~/x)'`) emptied:
 * zsh runs nothing of it at the assignment, and without PROMPT_SUBST nothing when it shows the
 * prompt. A value in double quotes or unquoted is kept (its `$(…)` runs at the assignment).
 */
function withoutPromptTexts(line: string, names: ReadonlySet<string>): string {
  return line.replace(
    /((?:^|[\s;&|({])(?:export\s+|typeset\s+-\w+\s+|declare\s+-\w+\s+|local\s+)?([A-Za-z_]\w*)(?:\[\d+\])?\+?=)'[^']*'/g,
    (all: string, head: string, name: string) => (names.has(name) ? `${head}''` : all),
  );
}

/**
 * How the shell of a kind of start-up file reads the text its own way, before the readers do: its
 * own path (bash's BASH_SOURCE, decision 0163; zsh's `%x`), zsh's code forms, and zsh's ways of
 * giving a run word its value, beside bash's (decision 0164).
 */
const SHELL_READINGS: Partial<Record<Kind, ShellReading>> = {
  sh: { textAsRead: withOwnPath },
  zsh: ZSH_READING,
};

/** Why writing `written` (resolved: `real`) changes a file a program reads (one of `places`), or `undefined`. */
export function readPlaceWrite(written: string, real: string | undefined, places: readonly ReadPlace[]): string | undefined {
  for (const p of writtenNames(written, real)) {
    const hit = places.find((r) => r.loader === undefined && (r.pattern !== undefined ? r.pattern.test(p) : r.folder === true ? isInside(p, r.path) : p === r.path));
    if (hit !== undefined) return hit.why;
  }
  return undefined;
}

/** The places one start-up file's text names. @internal */
export function namedBy(
  text: string,
  file: string,
  kind: Kind,
  vars: Known,
  top?: string,
  given: ReadonlyMap<string, string[]> = new Map(),
  /** Whether a prompt's substitutions run (zsh: PROMPT_SUBST may be on). */
  promptSubst = true,
): ReadPlace[] {
  const from = shownFrom(file, vars.home);
  const dir = file.slice(0, file.lastIndexOf('/')) || '/';
  const out: ReadPlace[] = [];
  /** Variables whose words a file holds, one a line (`while read f … done < LIST`): such a word names the list. */
  let listed = new Map<string, string[]>();
  /** The loops' words by variable, of the texts being read: a text read inside a loop's body (`do "$p"`) still knows them. */
  let loops = new Map<string, string[]>();
  let values: ReadonlyMap<string, string[]> = given;
  /** While an alias's text is read: when the shell runs what it names. */
  let aliasBecause: string | undefined;
  /** While an array literal's elements are read: the array's name. */
  let arrayOf: string | undefined;
  /** While a data here-document's lines are read: the programs that only print them (`cat`). */
  let printedHere: string[] | undefined;
  /** How a file placed now is read, when not as `kind` (shell text an inputrc's macro sources, an inputrc `bind -f` names). */
  let readAs: Kind | undefined = kind === 'inputrc' ? 'sh' : undefined;
  /** While a line read again with a descriptor's file in its place is read: the shell reads the file through the descriptor (zsh no `FILE.zwc`). */
  let throughDescriptor = false;
  const place = (
    operand: string,
    lists: ReadonlyMap<string, string[]>,
    bases: readonly string[],
    what = 'sources',
    runs = false,
    end?: string,
    through = false,
    because = aliasBecause,
  ): void => {
    const loop = loopVariable(operand) ?? '';
    const words = listed.has(loop) ? [operand] : (lists.get(loop) ?? [operand]);
    for (const word of words.flatMap((w) => withValues(w, values)).flatMap(parameterAlternatives)) {
      const list = listed.get(listVariable(word) ?? '');
      if (list !== undefined) {
        // The list file decides which files run: it is code too, and so is each name it holds now.
        for (const l of list.flatMap((w) => withValues(w, values))) {
          const named = placed(l, vars, bases);
          if (named !== undefined)
            out.push({
              ...named,
              lists: true,
              through: true,
              ...(runs ? { runs: true as const } : {}),
              why: `${from} ${what} each file ${named.path} names: ${(runs ? RUNS_PROGRAM : RUNS)[kind]}`,
            });
        }
        continue;
      }
      const named = placed(word, vars, bases);
      if (named === undefined) continue;
      if (what === 'puts on PATH') {
        // The programs directly in the folder, not the folder's whole tree (`PATH=$HOME:$PATH`
        // makes ~/ls a program, not every file under the home).
        if (named.pattern !== undefined || named.folder !== undefined || !word.match(/^["']?(\/|~|\$\{?(HOME|XDG_CONFIG_HOME|ZDOTDIR)\b)/)) continue;
        out.push({
          path: named.path,
          pattern: new RegExp(`^${escaped(trimmed(named.path))}/[^/]+$`),
          why: `${from} puts ${named.path} on PATH: a program written there runs in place of any program of its name`,
        });
        continue;
      }
      // A folder on fpath: zsh autoloads every function file in it.
      const p = what === 'puts on fpath' && named.pattern === undefined ? { ...named, folder: true as const } : named;
      if (what === 'puts on fpath') {
        out.push({ ...p, why: `${from} puts ${p.path} on fpath: zsh loads the functions there when they are first called` });
        continue;
      }
      const said = p.folder === true ? `a file in ${p.path} (${word})` : p.pattern !== undefined ? `${p.path} (${word})` : p.path;
      out.push({
        ...p,
        ...(runs ? { runs: true as const } : {}),
        ...(through || throughDescriptor ? { through: true as const } : {}),
        ...(readAs !== undefined ? { readAs } : {}),
        ...(arrayOf !== undefined ? { arrayOf } : {}),
        ...(printedHere !== undefined ? { printedBy: printedHere } : {}),
        why: `${from} ${what} ${said}${end ?? ''}: ${because ?? (runs ? RUNS_PROGRAM : RUNS)[kind]}`,
      });
    }
  };
  const none = new Map<string, string[]>();
  const lines = text.split('\n');
  if (kind === 'sh' || kind === 'zsh' || kind === 'gitHook' || kind === 'inputrc') {
    // git runs a hook from the top of the work tree: a relative name is the project's file.
    const start = kind === 'gitHook' ? [top ?? dir] : [vars.home, dir];
    /** The folders a `cd ~/dots` before it moved to, latest first: a relative `. ./x` after it is read from there too (RT26-E6). */
    let bases = start;
    const functions = functionBodies(text);
    /** One text the shell reads as commands: the file's, or an `eval`'s, a trap's, a function's at a call. */
    const read = (chunk: string, depth: number, calledAs?: string): void => {
      const outerLoops = loops;
      const lists = new Map([...outerLoops, ...loopLists(chunk)]);
      loops = lists;
      const before = values;
      const chunkValues = assignedValues(chunk, values);
      for (const loop of lists.keys()) chunkValues.delete(loop);
      values = chunkValues;
      const outer = listed;
      listed = new Map([...outer, ...listedFrom(chunk)]);
      const end = calledAs === undefined ? undefined : ` (through ${calledAs})`;
      /** The files the chunk's `exec N< F` lines open on a descriptor, by its number: a later `. /dev/fd/N` sources F. */
      const opened = openedDescriptors(chunk);
      const visit = (command: string): void => {
        const head = commandHead(command);
        if (head === undefined) return;
        // Each word as the builtin receives it, after the shell's quote removal (`bind -x
        // "\"\C-t\": ~/x"` hands bind `"\C-t": ~/x`); nvm's `\. "$NVM_DIR/nvm.sh"` is `.`.
        const words = head.words.map((w) => quoteRemoved(w));
        const name = words[0]!;
        const shown = head.words.join(' ');
        // `eval 'TEXT'`, a trap's text (`trap '. ~/.on_exit' EXIT` runs it when the shell exits),
        // and a command that is one quoted text (`emulate sh -c ". ~/.x"` once commandsOf has
        // dropped its head): the text is read as commands of its own.
        // `alias ll='~/.x'`: the text the shell reads in place of `ll` at the next prompt (RT26-E4).
        const aliased = aliasTexts([name, ...words.slice(1)]);
        if (aliased.length > 0) {
          const outer = aliasBecause;
          aliasBecause = 'the shell runs it when the alias is typed';
          if (depth < 2) for (const t of aliased) read(t, depth + 1, `the alias ${head.words.slice(1).join(' ')}`);
          aliasBecause = outer;
          return;
        }
        // `bind -x '"\C-t": CMD'`, `complete -C CMD`, zsh's `sched +1 CMD`, `bindkey -s KEY TEXT`:
        // text the shell keeps and runs later, read as commands of their own (RT27-S3, S4, S7, S8).
        // `bind -f ~/dots/rc`: bind reads the file as readline's start-up lines (bash 5.2 -i ran its macro).
        for (const f of boundFiles([name, ...words.slice(1)])) {
          const outer = readAs;
          readAs = 'inputrc';
          place(f, lists, bases, 'has bind read', false, end, true, RUNS.inputrc);
          readAs = outer;
        }
        const later = laterTexts([name, ...words.slice(1)]);
        if (later.length > 0) {
          const outer = aliasBecause;
          for (const t of later) {
            aliasBecause = t.when;
            if (depth < 2) read(t.text, depth + 1, `\`${shown}\``);
          }
          aliasBecause = outer;
          return;
        }
        const moved = changedDirectory([name, ...words.slice(1)]);
        const to = moved === undefined ? undefined : placed(moved, vars, bases);
        if (to !== undefined && to.pattern === undefined && to.folder === undefined) bases = [to.path, ...bases.filter((b) => b !== to.path)];
        const inner =
          name === 'eval'
            ? words.slice(1).join(' ')
            : name === 'trap'
              ? words.slice(1).find((w) => w !== '--' && !/^-[lp]$/.test(w))
              : head.words.length === 1 && /^["']/.test(head.words[0]!)
                ? name
                : undefined;
        if (inner !== undefined) {
          if (depth < 2) read(inner, depth + 1, calledAs);
          return;
        }
        // A function the text defines, called: its body with the call's words (`load ~/.aliases`).
        const body = functions.get(name);
        if (body !== undefined && depth < 2) read(calledBody(body, words.slice(1)), depth + 1, `the function ${name}`);
        const operand = words.slice(1).find((w) => !/^[-+]/.test(w));
        const program = name.slice(name.lastIndexOf('/') + 1);
        const sourced = sourcedOperand([name, ...words.slice(1)]);
        // bash's `hash -p ~/.x ll`, zsh's `hash ll=~/.x`: `ll` runs the file (RT26-E3).
        for (const h of hashedPrograms([name, ...words.slice(1)]))
          place(h, lists, bases, 'binds a command name to', true, ` (${shown})${end ?? ''}`, false, 'the shell runs it when that name is typed');
        if (sourced !== undefined) {
          place(sourced, lists, bases, 'sources', false, end);
        } else if (shellName(program) !== undefined && operand !== undefined && words[1] === operand) {
          // `bash ~/.bash_local`: the shell runs the file's text.
          place(operand, lists, bases, 'runs', false, end);
        } else if (interpreterName(program) !== undefined && operand !== undefined && (words[1] === operand || pathLike(operand))) {
          // `python3 ~/.motd.py`: the interpreter runs the file as a program of its language.
          place(operand, lists, bases, 'runs', true, ` with ${program}${end ?? ''}`, true);
        } else if (name === 'autoload' && operand !== undefined && operand.includes('/')) {
          // zsh's `autoload -Uz ~/.zfuncs/myinit`: the function's file, loaded by its path.
          place(operand, lists, bases, 'autoloads', false, end);
        } else if (
          homeProgram(name) ||
          // `: ${T:=~/bin/x.sh}; $T`, `T=~/x; "$T"`: the variable's value is the program run (bash 5.2 -i ran it).
          (/^\$(?:\w+|\{\w+\})$/.test(name) && withValues(name, values).some(homeProgram)) ||
          (kind === 'gitHook' && name.includes('/') && !name.startsWith('/') && !name.startsWith('$'))
        ) {
          // A program of the home run by its path (`eval "$(~/.local/bin/mise activate bash)"`).
          place(name, lists, bases, 'runs the program', true, end);
        } else if ([name, ...(lists.get(loopVariable(name) ?? '') ?? [])].some((w) => listed.has(listVariable(w) ?? ''))) {
          // `readarray -t A < LIST; "${A[@]}"`, `while read -r p; do "$p"; done < LIST`, `for p in "${A[@]}"; do "$p"`:
          // each name the list holds runs (bash 5.2 -i, check32).
          place(name, lists, bases, 'runs the program', true, end);
        }
      };
      /** A command name that is a program of the home by its path. */
      const homeProgram = (word: string): boolean => /^(~|\$\{?HOME\}?)\//.test(word) || word.startsWith(`${vars.home}/`);
      // `${V:-WORD}` with V unknown: WORD is what the shell may use (RT27-S2, S5, S6), each alternative read.
      /** One line as the shell reads it, each `${V:-WORD}` alternative apart. */
      const readLine = (clean: string): void => {
        // An array literal of plain words (`A=(~/notes/a.txt)`) assigns values: its elements are read
        // apart, each place marked with the array (kept unless nothing else names the array).
        const arrays = [...clean.matchAll(ARRAY_LITERAL)];
        for (const command of commandsOf(arrays.length === 0 ? clean : clean.replace(ARRAY_LITERAL, '$1$2'))) visit(command);
        for (const a of arrays) {
          arrayOf = a[3]!;
          for (const command of commandsOf(a[4]!)) visit(command);
          arrayOf = undefined;
        }
        if (depth < 2 && /PROMPT_COMMAND/.test(clean)) {
          const outer = aliasBecause;
          aliasBecause = 'interactive bash runs it before each prompt';
          for (const t of promptCommands(clean)) read(t, depth + 1, calledAs);
          aliasBecause = outer;
        }
        // `PS1="\`~/x\` $ "`: after the assignment's quote removal the value holds a substitution
        // the shell runs each time it shows the prompt (fix30-start, bash 5.2 -i on a pty).
        // zsh only with PROMPT_SUBST (zsh 5.9 -i: `PROMPT='$(~/x)'` alone ran nothing; fix31-precise).
        const prompts = kind === 'gitHook' || !promptSubst ? [] : assignedTexts(clean, PROMPT_VARIABLES[kind === 'zsh' ? 'zsh' : 'bash']);
        if (depth < 2 && prompts.length > 0) {
          const outer = aliasBecause;
          aliasBecause = `the shell runs it each time it shows the prompt`;
          for (const p of prompts) for (const t of promptSubstitutions(p.value)) read(t, depth + 1, calledAs);
          aliasBecause = outer;
        }
        // What a substitution or pipe hands eval, `.` or a shell (`eval "$(sed -n p F)"`, `cat F | bash`).
        for (const f of fedFiles(clean)) place(f.word, lists, bases, f.what, false, end, true);
        for (const f of evaluatedFiles(clean)) place(f, none, bases, 'runs the text of', false, end);
        // `sh < F`, `bash 0< F`, `bash -s < F`: a shell given no script runs its input's text (check32).
        for (const f of shellInputFiles(clean)) place(f, none, bases, 'runs the text of', false, end, true);
        for (const f of descriptorSourced(clean, opened)) place(f, none, bases, 'sources, through a descriptor,', false, end, true);
        for (const f of environmentFiles(clean)) place(f.word, none, bases, f.what, false, end, true);
        for (const f of pathDirs(clean)) place(f, none, bases, 'puts on PATH');
        for (const a of loaderAssignments(clean))
          out.push(...loaderNamed(a, from, vars, values).map((p) => (printedHere === undefined ? p : { ...p, printedBy: [...(p.printedBy ?? []), ...printedHere] })));
        if (kind === 'zsh') for (const f of fpathDirs(clean)) place(f, none, bases, 'puts on fpath');
        // `INPUTRC=~/dots/rc` (exported or not: readline reads the shell's variable at the first prompt).
        if (kind === 'sh')
          for (const a of assignedTexts(clean, INPUTRC)) {
            readAs = 'inputrc';
            place(a.value, none, bases, 'sets INPUTRC to', false, undefined, true, RUNS.inputrc);
            readAs = undefined;
          }
      };
      // A here-document only a data reader or `:` reads is data (decision 0166): what its lines name
      // counts where that program may be another (an alias, a function: `printedBy`), and an
      // unquoted one's substitutions run as the shell expands it.
      const data = dataHeredocs(chunk, copiesInputAsData);
      const outerThrough = throughDescriptor;
      chunk.split('\n').forEach((line, k) => {
        const heredoc = data.find((d) => k >= d.first && k <= d.last);
        const outerPrinted = printedHere;
        if (heredoc !== undefined) printedHere = [...(outerPrinted ?? []), heredoc.program];
        for (const clean of parameterAlternatives(uncommented(line))) {
          readLine(clean);
          // A line that reads a descriptor an `exec` opened is read again with the descriptor's file
          // in its place: the shell reads that file through the descriptor (zsh no `FILE.zwc`).
          throughDescriptor = true;
          for (const through of descriptorFiles(clean, opened, values)) readLine(through);
          throughDescriptor = outerThrough;
        }
        printedHere = outerPrinted;
        if (heredoc !== undefined && !heredoc.quoted) for (const s of bodySubstitutions(line)) readLine(s);
      });
      values = before;
      listed = outer;
      loops = outerLoops;
      throughDescriptor = outerThrough;
    };
    if (kind !== 'inputrc') read(text, 0);
    else {
      // readline's own lines (an inputrc, or bind's argument): a macro's text is typed at its key,
      // and so run; `$include` reads another inputrc (readline expands its `~`); `$if` and
      // `$else` branches are both read.
      for (const line of lines) {
        const include = /^\s*\$include\s+(\S.*?)\s*$/.exec(line);
        if (include !== null) {
          readAs = 'inputrc';
          place(include[1]!, none, [vars.home, dir], 'includes', false, undefined, false, RUNS.inputrc);
          readAs = 'sh';
          continue;
        }
        for (const macro of readlineMacros(line)) {
          aliasBecause = macro.when;
          read(macro.text, 1);
        }
        aliasBecause = undefined;
      }
    }
  } else if (kind === 'sshConfig') {
    // ssh's own reading of its lines (`programs/ssh-options.ts`, one home).
    const ssh = sshConfigLines(text);
    for (const w of ssh.includes) place(w, none, [`${vars.home}/.ssh`], 'includes');
    // The commands ssh runs (`ProxyCommand ~/scripts/proxy.sh %h %p`, RT25-G: ssh ran it): the program's file.
    for (const command of ssh.commands) {
      const program = commandFile(uncommented(command));
      if (program !== undefined) place(program, none, [vars.home], 'runs the program', true);
    }
  } else if (kind === 'tmuxConf') {
    // A command string tmux parses again when it runs it — a hook's, `if-shell`'s, a key's, a
    // `{ … }` block (`set-hook -g session-created 'run-shell ~/x.sh'` ran it on `tmux new -d`,
    // tmux 3.3a: RT27-T1) — is read as tmux text too.
    for (const text of lines.flatMap((l) => tmuxTexts(uncommented(l), 2))) {
      for (const m of text.matchAll(/(?:^|[\s;'"{])(?:source-file|source)((?:\s+-[Fnqv]+)*)\s+("[^"]*"|'[^']*'|[^\s;'"}]+)/g))
        place(m[2]!, none, [vars.home, dir]);
      // The shell commands tmux runs (`run-shell ~/scripts/tm.sh`, `if-shell`): the program's file.
      const commands = [...text.matchAll(/(?:^|[\s;{])(?:run-shell|run|if-shell|if)((?:\s+-[a-zA-Z]+(?:\s+\d+)?)*)\s+("[^"]*"|'[^']*'|[^\s;'"}]+)/g)].map((m) => m[2]!);
      // An option whose value is shell code or a program (`set -g default-command ~/x.sh` ran at `tmux new -d`).
      for (const m of text.matchAll(/(?:^|[\s;{])(?:set-option|set|set-window-option|setw)((?:\s+-[a-zA-Z]+)*)\s+([\w@-]+)\s+("[^"]*"|'[^']*'|[^\s;'"}]+)/g)) {
        const option = tmuxOptionKind(m[2]!);
        if (option === 'shell' || option === 'program') commands.push(m[3]!);
      }
      // A format's `#(…)` jobs (`automatic-rename-format '#(~/x.sh)'` ran at `tmux new -d`).
      commands.push(...(tmuxFormatJobs(text) ?? []));
      // A command whose argument is a shell command, by tmux's own table (`new-session -d 'CMD'`,
      // `new-window`, `split-window`, `respawn-pane`, `pipe-pane`: each ran its CMD, tmux 3.3a).
      for (const words of tmuxLineCommands(text)) {
        const command = tmuxShellCommand(words);
        if (command !== undefined) commands.push(command);
      }
      for (const command of commands) {
        const program = commandFile(command);
        if (program !== undefined) place(program, none, [vars.home, dir], 'runs the program', true);
      }
    }
  } else {
    for (const line of lines)
      for (const command of line.split('|')) {
        const m = /^\s*:*\s*(?:sil(?:ent)?!?\s+)?so(?:u(?:r(?:c(?:e)?)?)?)?!?\s+(\S+)/.exec(command);
        if (m !== null && !m[1]!.startsWith('"')) place(m[1]!, none, [vars.home]);
      }
    // The shell commands a vim script runs (`call system('~/bin/x.sh')` ran it at `vim -es -c qa!`,
    // vim 9.0, check29): the program's file.
    for (const command of vimShellCommands(lines)) {
      const program = commandFile(command);
      if (program !== undefined) place(program, none, [vars.home], 'runs the program', true);
    }
    // `set runtimepath+=~/dots`: vim runs `~/dots/plugin/**/*.vim` at start, and the scripts of the
    // folder's ftdetect, ftplugin, autoload, syntax … folders when they are wanted; `packpath` the
    // plugins of its `pack/*/start` folders, and of `pack/*/opt` where the script has `:packadd` (vim
    // 9.0: each ran at `vim -c qa`, RT27-T2) — no other file of the folder (`~/dots/notes.vim`,
    // `~/dots/test/t.vim`, an optional package no `:packadd` names ran nothing: check30 c30-34…36).
    const packadd = lines.some((l) => /^\s*:*\s*(?:sil(?:ent)?!?\s+)?pa(?:c(?:k(?:a(?:dd?)?)?)?)?!?(?:\s|$)/.test(l) || /\bpackadd\b/.test(l));
    for (const { dir: added, pack } of vimRuntimeDirs(lines)) {
      const named = placed(added, vars, [vars.home]);
      if (named === undefined || named.pattern !== undefined || named.folder !== undefined) continue;
      const path = trimmed(named.path);
      out.push({
        path,
        pattern: new RegExp(`^${escaped(path)}/${pack ? `pack/[^/]+/${packadd ? '(?:start|opt)' : 'start'}/.+\\.(?:vim|lua)` : VIM_RUNTIME_CODE}$`),
        why: `${from} puts ${path} on vim's ${pack ? 'packpath' : 'runtimepath'}: ${pack ? `vim runs the plugins of its pack/*/start${packadd ? ' (and, on :packadd, pack/*/opt)' : ''} folders` : 'vim runs the scripts of its plugin, ftdetect, ftplugin, syntax, autoload … folders'} when it starts or a file type, colour scheme or function wants them`,
      });
    }
  }
  return out;
}

/**
 * The places a loader variable a start-up line sets names (`export EDITOR=~/.x`, `export
 * NODE_OPTIONS="--require $HOME/.x"`, `export PYTHONSTARTUP=~/.x`: red team 26 RT26-F1…F4, each
 * run by a program started from `bash -i`), read by the variable's shape (`loader-variables.ts`,
 * the table the exported environment is read by). Set without `export` too: a name the shell
 * inherited exported stays exported. A value past `~`, `$HOME` and the file's own variables that
 * is still not literal protects its literal folder (`placed`); a relative one is relative to
 * wherever the later program runs, which no start-up file says.
 */
function loaderNamed(
  assignment: { name: string; value: string; variable: LoaderVariable },
  from: string,
  vars: Known,
  values: ReadonlyMap<string, string[]>,
): ReadPlace[] {
  const out: ReadPlace[] = [];
  const by = `${from} sets ${assignment.name}, which`;
  // Ex commands (`export VIMINIT='so ~/x.vim'`): read as a vimrc's text; what they name is vim's, not the shell's to read.
  if (assignment.variable.shape === 'vim-script')
    return withValues(assignment.value, values).flatMap((v) => namedBy(v, by, 'vimScript', vars).map((p) => ({ ...p, runs: true as const, through: true as const })));
  for (const value of withValues(assignment.value, values)) {
    // The shell expands `~` at the start and after `:` of an assignment; a quoted one is the
    // program's to expand (git runs EDITOR through sh -c): either way the home.
    const expanded = homeExpanded(value, vars.home);
    // The files a data reader of the value only prints (`cat ~/motd.txt`), and by which readers.
    const readers = new Set<string>();
    const asData = (program: string): boolean => {
      readers.add(program);
      return true;
    };
    const code = new Set(shapedLoaderPlaces(assignment.variable.shape, expanded, asData).map((p) => p.path));
    for (const { path: word, ...own } of shapedLoaderPlaces(assignment.variable.shape, expanded)) {
      if (!/^(?:\/|\$\{?(?:ZDOTDIR|XDG_CONFIG_HOME)\b)/.test(word)) continue;
      const named = placed(word, vars, []);
      if (named === undefined) continue;
      const why = `${by} names ${named.path}, ${own.what ?? assignment.variable.what}`;
      const printed = code.has(word) ? {} : { printedBy: [...readers] };
      if (named.pattern !== undefined || named.folder !== undefined) out.push({ ...named, ...printed, why: `${why} (${word})` });
      else {
        // gcc's `../..` and `../lib` places (`shapedLoaderPlaces`) are compared as the folders they are.
        const path = normalizePath(named.path, { cwd: vars.home, home: vars.home, platform: 'linux' });
        out.push({ path, loader: { name: assignment.name, variable: assignment.variable, by, ...own }, ...printed, why });
      }
    }
  }
  return out;
}

/** A tmux line and the command strings in it, to `depth` levels: quoted (`'run-shell ~/x.sh'`) or a `{ … }` block. */
function tmuxTexts(line: string, depth: number): string[] {
  const out = [line];
  if (depth > 0)
    for (const m of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|\{([^{}]*)\}/g)) out.push(...tmuxTexts(m[1] ?? m[2] ?? m[3]!, depth - 1));
  return out;
}

/**
 * The files of a folder on vim's 'runtimepath' that vim sources (vim 9.0 `:help 'runtimepath'`,
 * `:help load-plugins`, `:help ftplugin`, `:help new-filetype`): the scripts below its plugin,
 * ftdetect, ftplugin, indent, syntax, autoload, colors, compiler, keymap, lang, import and lua
 * folders (and the same below its after folder), and its filetype.vim, scripts.vim, menu.vim and
 * the filetype on/off scripts. Verified with vim 9.0 under script(1), HOME a sandbox: with `set
 * rtp+=~/dots`, ~/dots/plugin/p.vim, ftdetect/f.vim and filetype.vim ran at `vim -c qa` (with
 * `filetype on`); ~/dots/notes.vim, test/t.vim and pack/a/start/c/plugin/p.vim did not.
 */
const VIM_RUNTIME_CODE =
  '(?:after/)?(?:(?:plugin|ftdetect|ftplugin|indent|syntax|autoload|colors|compiler|keymap|lang|import|lua)/.+\\.(?:vim|lua)|(?:filetype|scripts|menu|ftplugin|ftplugof|indent|indoff|ftoff|synmenu|delmenu)\\.(?:vim|lua))';

/**
 * The folders a vim script adds to `runtimepath`/`rtp` or `packpath`/`pp` (`set rtp+=~/dots`,
 * `set rtp^=…`, `set rtp=~/dots,$VIMRUNTIME`, `let &rtp .= ',~/dots'`), each entry as written.
 */
function vimRuntimeDirs(lines: readonly string[]): { dir: string; pack: boolean }[] {
  const out: { dir: string; pack: boolean }[] = [];
  const add = (option: string, value: string) => {
    // A relative entry is relative to wherever vim starts, which no file says: left out.
    for (const dir of value.split(/(?<!\\),/)) if (/^(?:~|\/|\$HOME\b|\$\{HOME\})/.test(dir)) out.push({ dir: dir.replace(/\\(.)/g, '$1'), pack: option === 'pp' || option === 'packpath' });
  };
  // `execute 'set rtp+=' . expand('~/dots')`: the line its literal parts make, read as one (check30 c30-11).
  const withExecuted = lines.flatMap((line) => {
    const made = executedLine(line);
    return made === undefined ? [line] : [line, made];
  });
  for (const line of withExecuted) {
    const set = /^\s*:*\s*(?:se|set|setg|setglobal)\s+(.*)$/.exec(line);
    if (set !== null) for (const m of set[1]!.matchAll(/(?:^|\s)(rtp|runtimepath|pp|packpath)[+^]?=((?:\\.|\S)+)/g)) add(m[1]!, m[2]!);
    const let_ = /^\s*:*\s*let\s+&(?:[gl]:)?(rtp|runtimepath|pp|packpath)\b(.*)$/.exec(line);
    if (let_ !== null) for (const m of let_[2]!.matchAll(/'([^']*)'|"([^"]*)"/g)) add(let_[1]!, m[1] ?? m[2]!);
  }
  return out;
}

/**
 * The Ex command an `:execute` line makes when its expression is only string literals, `expand()`
 * of one, and `$HOME`, joined by `.` or `..` (`execute 'set rtp+=' . expand('~/dots')`): vim
 * expands `~` in `expand()` and in an option's folder list alike. `undefined` for anything else
 * (nothing the line names is then read).
 */
function executedLine(line: string): string | undefined {
  const m = /^\s*:*\s*exe(?:c(?:u(?:t(?:e)?)?)?)?\s+(.+)$/.exec(line);
  if (m === null) return undefined;
  const parts = m[1]!.trim().split(/\s*\.\.?\s*(?=['"$]|expand\s*\()/);
  let out = '';
  for (const part of parts) {
    const lit = /^'((?:[^']|'')*)'$|^"((?:[^"\\]|\\.)*)"$/.exec(part);
    const exp = /^expand\s*\(\s*(?:'([^']*)'|"([^"\\]*)")\s*\)$/.exec(part);
    if (lit !== null) out += lit[1] !== undefined ? lit[1].replace(/''/g, "'") : lit[2]!.replace(/\\(.)/g, '$1');
    else if (exp !== null) out += exp[1] ?? exp[2]!;
    else if (/^\$HOME$/.test(part)) out += '$HOME';
    else return undefined;
  }
  return out;
}

/**
 * The shell commands a vim script runs: `system()`/`systemlist()`/`job_start()`/`term_start()`
 * (vim) and `jobstart()`/`termopen()` (neovim) given a string, a `:!CMD` or `silent !CMD` line (after
 * `autocmd … ` too, and in an `execute` string), and code of another language run inline (`py3`,
 * `python3`, `lua`, `perl`, `ruby`, their `<< EOF` blocks and `*file FILE` forms), whose quoted
 * paths are taken as programs it may run: vim cannot say what that code runs, and it names them.
 */
function vimShellCommands(lines: readonly string[]): string[] {
  const out: string[] = [];
  let heredoc: string | undefined;
  for (const line of lines) {
    if (heredoc !== undefined) {
      if (line.trim() === heredoc) heredoc = undefined;
      else out.push(...vimCodePaths(line));
      continue;
    }
    // Each string of such a call's line (`job_start(expand('~/bin/x.sh'))` ran it, vim 9.0).
    if (/\b(?:system|systemlist|job_start|term_start|jobstart|termopen)\s*\(/.test(line))
      for (const m of line.matchAll(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"/g)) out.push(vimString(m[0]));
    for (const m of line.matchAll(/\bexe(?:c(?:u(?:t(?:e)?)?)?)?\s+('(?:[^']|'')*'|"(?:[^"\\]|\\.)*")/g)) {
      const bang = /^\s*:*\s*(?:sil(?:ent)?!?\s+)?!(.*)$/s.exec(vimString(m[1]!));
      if (bang !== null) out.push(bang[1]!);
    }
    const bang = /^\s*:*\s*(?:au(?:tocmd)?!?\s+\S+\s+\S+\s+(?:nested\s+|\+\+\w+\s+)*)?:*\s*(?:sil(?:ent)?!?\s+)?!(?!=)(.*)$/.exec(line);
    if (bang !== null) out.push(bang[1]!);
    const code = /^\s*:*\s*(?:py3|python3|py|python|pyx|pythonx|lua|perl|pe|ruby|rub?)(file|do)?\s+(.*)$/.exec(line);
    if (code !== null) {
      const there = /^<<\s*(?:trim\s+)?(\S*)\s*$/.exec(code[2]!);
      if (there !== null) heredoc = there[1] === '' ? '.' : there[1];
      else if (code[1] === 'file') out.push(code[2]!.trim());
      else out.push(...vimCodePaths(code[2]!));
    }
  }
  return out;
}

/** The quoted paths of code of another language (`os.system('~/bin/x.sh')`): each a program the code may run. */
function vimCodePaths(code: string): string[] {
  return [...code.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!).filter((t) => /^(?:~|\$HOME\b|\/)/.test(t) && t.includes('/'));
}

/** A vim string literal's text: `'…'` (`''` is a quote), `"…"` (backslash escapes). */
function vimString(literal: string): string {
  return literal.startsWith("'") ? literal.slice(1, -1).replace(/''/g, "'") : literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** A `for NAME in WORDS` list of a shell file, by name: `. "$NAME"` in its loop sources each word. */
function loopLists(text: string): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  // A word's braces are expanded first (`for f in ~/bin/{x,y}.sh`: bash 5.2 -i sourced ~/bin/x.sh, check32).
  const words = (list: string): string[] => wordsOf(list).flatMap((w) => expandBraces(w) ?? [w]);
  for (const m of text.matchAll(/\bfor\s+(\w+)\s+in\s+([^;\n]*?)\s*(?:;|\n|\bdo\b)/g)) lists.set(m[1]!, [...(lists.get(m[1]!) ?? []), ...words(m[2]!)]);
  // zsh's short form, `for f (WORDS)`, whose words may end in a glob qualifier (`*.zsh(N)`, oh-my-zsh's own loop).
  for (const m of text.matchAll(/\bfor\s+(\w+)\s+\(((?:[^()\n]|\([^()\n]*\))*)\)/g)) lists.set(m[1]!, [...(lists.get(m[1]!) ?? []), ...words(m[2]!)]);
  return lists;
}

/**
 * The literal values a shell file gives its variables (`export NVM_DIR="$HOME/.nvm"`), by name:
 * a sourcing line that names one (`. "$NVM_DIR/nvm.sh"`) names each. The variables the reader
 * knows itself (`HOME`, `ZDOTDIR`, `XDG_CONFIG_HOME`) and loop variables are left to it.
 */
function assignedValues(text: string, given: ReadonlyMap<string, string[]> = new Map()): Map<string, string[]> {
  const values = new Map<string, string[]>(given);
  const set = new Set<string>();
  for (const m of text.matchAll(
    /(?:^|[;&|]\s*|\bexport\s+|\btypeset\s+(?:-\w+\s+)*|\blocal\s+)([A-Za-z_]\w*)=("[^"`]*"|'[^']*'|[^\s;&|()`'"]+)/gm,
  )) {
    const name = m[1]!;
    if (name === 'HOME' || name === 'ZDOTDIR' || name === 'XDG_CONFIG_HOME') continue;
    const value = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
    // A substitution's output (`x=$(cat F)`) is no literal value: the regex stops at its `(`.
    if (value.includes('$(') || /^[(`]/.test(text.slice(m.index + m[0].length))) continue;
    // A value made of another (`ZSH_CUSTOM=$ZSH/custom`): that one's values put in.
    const made = withValues(value, values);
    values.set(name, [...new Set([...(set.has(name) ? (values.get(name) ?? []) : []), ...made])]);
    set.add(name);
  }
  // `: ${X:=~/dots}` gives X its word when X is unset (bash 5.2: a later `. $X/x` ran ~/dots/x).
  for (const m of text.matchAll(/\$\{([A-Za-z_]\w*):?=((?:[^{}$`]|\$(?!\{))*)\}/g)) {
    const name = m[1]!;
    if (name === 'HOME' || name === 'ZDOTDIR' || name === 'XDG_CONFIG_HOME') continue;
    values.set(name, [...new Set([...(values.get(name) ?? []), ...withValues(m[2]!.replace(/^~(?=\/|$)/, '$HOME'), values)])]);
  }
  return values;
}

/** An operand with each variable a file gives a literal value put in (each value of one set twice). */
function withValues(operand: string, values: ReadonlyMap<string, string[]>): string[] {
  let out = [operand];
  for (const [name, vals] of values) {
    const used = new RegExp(`\\$\\{${name}\\}|\\$${name}\\b`, 'g');
    if (!used.test(operand)) continue;
    out = out.flatMap((o) => vals.map((v) => o.replace(used, () => v)));
    if (out.length > 8) break;
  }
  return out;
}

function loopVariable(operand: string): string | undefined {
  return /^"?\$\{?(\w+)\}?"?$/.exec(operand)?.[1];
}

/** The variable a word is, whole (`"$f"`, `"${L[@]}"`, an element `${L[0]}`, zsh's `${(f)L}`), or undefined. */
function listVariable(word: string): string | undefined {
  return /^"?\$\{?(?:\([^)]*\))?(\w+)(?:\[[^\]]*\])?\}?"?$/.exec(word)?.[1];
}

/**
 * The names a list file holds, one a line (blank lines and `#` comments left out), as far as
 * {@link MAX_TEXT} reaches; of a line with blanks, each field with a `/` too (`read -r a b` splits
 * a line into fields).
 */
function listedNames(text: string | undefined): string[] {
  if (text === undefined) return [];
  return text
    .slice(0, MAX_TEXT)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .flatMap((l) => [l, ...(/\s/.test(l) ? l.split(/\s+/).filter((f) => f.includes('/')) : [])])
    .slice(0, MAX_FILES);
}

/**
 * The files a line has every later shell run by setting `BASH_ENV` (every non-interactive bash
 * sources it: `bash -c …`, every bash script) or `ENV` (an interactive sh sources it): RP25-B2,
 * verified with bash 5.2 and dash 0.5.12 started from a `bash -i`/`zsh -i` whose start-up file
 * exported it.
 */
function environmentFiles(line: string): { word: string; what: string }[] {
  const out: { word: string; what: string }[] = [];
  for (const m of line.matchAll(/(?:^|[;&|]\s*|\s)(?:export\s+|typeset\s+-\w+\s+|declare\s+-\w+\s+)?(BASH_ENV|ENV)=("[^"]*"|'[^']*'|[^\s;&|]+)/g))
    out.push({
      word: m[2]!,
      what: m[1] === 'BASH_ENV' ? 'sets BASH_ENV, which every bash script or `bash -c` started from it sources, to' : 'sets ENV, which an interactive sh started from it sources, to',
    });
  return out;
}

/** zsh's `fpath=(DIR … $fpath)`, `fpath+=(DIR)`, `fpath+=DIR`, `fpath[1,0]=DIR`: the folders named. */
function fpathDirs(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?:^|[;&|]\s*|\s)(?:export\s+|typeset\s+-\w+\s+)?fpath(?:\[[^\]]*\])?\+?=(?:\(([^)]*)\)|([^\s;&|]+))/g))
    out.push(...wordsOf(m[1] ?? m[2]!).filter((w) => !/^"?\$\{?fpath\b/.test(w)));
  return out;
}

/**
 * Where a word names: a file (`~`, `$HOME`, `$ZDOTDIR`, `$XDG_CONFIG_HOME` expanded; a relative
 * name from each of `bases`), a folder (a variable or substitution past a literal folder), a glob's
 * matches; `undefined` when nothing literal is left to place it by.
 */
function placed(word: string, vars: Known, bases: readonly string[]): Omit<ReadPlace, 'why'> | undefined {
  let w = word.replace(/^(['"])(.*)\1$/, '$2').replace(/"/g, '');
  w = w
    .replace(/^~(?=\/|$)/, vars.home)
    .replace(/\$\{ZDOTDIR:-(?:\$HOME|\$\{HOME\}|~)\}|\$\{ZDOTDIR\}|\$ZDOTDIR\b/g, vars.zdotdir)
    .replace(/\$\{XDG_CONFIG_HOME:-(?:\$HOME|\$\{HOME\}|~)\/\.config\}|\$\{XDG_CONFIG_HOME\}|\$XDG_CONFIG_HOME\b/g, vars.xdgConfigHome)
    .replace(/\$\{HOME\}|\$HOME\b/g, vars.home)
    // zsh's glob qualifiers (`*.zsh(N)`, `(.N)`) choose among the matches: the pattern is the same.
    .replace(/\([#.\-^NDn@/*%rwxURWXoOL]*\)$/, '');
  if (w === '' || w.startsWith('-')) return undefined;
  const unreadable = w.search(/[$`]|<[a-z]+>/);
  const absolute = w.startsWith('/');
  if (unreadable >= 0) {
    const folder = w.slice(0, unreadable).replace(/\/[^/]*$/, '');
    if (!absolute || folder === '') return undefined;
    // Past the home itself (`. ~/.${name}rc`) the folder would be every file of the home: the
    // names that start as the operand does, any characters where the value goes, are protected.
    return isInside(vars.home, folder)
      ? { path: folder, pattern: new RegExp(`^${escaped(w.slice(0, unreadable))}.*$`) }
      : { path: folder, folder: true };
  }
  const full = absolute ? [w] : bases.map((b) => `${b}/${w.replace(/^\.\//, '')}`);
  if (/[*?[]/.test(w)) {
    const pattern = new RegExp(`^(?:${full.map(globSource).join('|')})$`);
    return { path: full[0]!, pattern };
  }
  // A relative name is placed from its first base; the others are read in turn by the caller's
  // list as separate places only when they differ.
  return full.length === 1 ? { path: full[0]! } : { path: full[0]!, pattern: new RegExp(`^(?:${full.map(escaped).join('|')})$`) };
}

function globSource(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = path.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        out += `[${path
          .slice(i + 1, end)
          .replace(/^[!^]/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else out += escaped(c);
  }
  return out;
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function trimmed(dir: string): string {
  return dir === '/' ? '' : dir.replace(/\/+$/, '');
}

/** A start-up file as a reason names it (`~/.bashrc`). */
function shownFrom(file: string, home: string): string {
  return file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file;
}

/**
 * Files a line has the shell run as its standard input: `. /dev/stdin < F` (red team 25 RT25-B, run
 * by bash 5.2 at the next interactive start). Substitutions and pipes are `sourced-text.ts`'s.
 */
function evaluatedFiles(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?:^|[\s;&|{])(?:source|\.)\s+(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0|-)\s*<\s*([^\s;&|)]+)/g))
    out.push(m[1]!);
  return out;
}

/**
 * The files `exec N< F` (`exec N<F`, `exec N<> F`, bash's `exec {fd}< F`) opens on descriptor N
 * anywhere in a text, by N (by the variable's name for `{fd}`): the shell keeps them open for the
 * lines after it.
 */
function openedDescriptors(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(/(?:^|[\s;&|{(])exec((?:\s+(?:\d+|\{\w+\})<(?:>?\s*[^\s;&|)<>]+|&\d+))+)/gm))
    for (const r of m[1]!.matchAll(/(\d+|\{\w+\})<(?:>?\s*([^\s;&|)<>&][^\s;&|)<>]*)|&(\d+))/g)) {
      // bash's `exec {fd}< F` puts the number it chose in `fd`: `/dev/fd/$fd` names it.
      const key = r[1]!.replace(/^\{(\w+)\}$/, '$1');
      // `exec 4<&3` makes 4 a copy of 3: it reads 3's file (bash 5.2 -i sourced it through /dev/fd/4, fix33-text).
      const files = r[2] !== undefined ? [r[2]] : (out.get(r[3]!) ?? []);
      out.set(key, [...(out.get(key) ?? []), ...files]);
    }
  return out;
}

/**
 * The line with each descriptor an earlier `exec N< F` opened (`opened`) named by its file: `<&N`
 * (`0<&N`) as `< F`, `/dev/fd/N` and `/proc/self/fd/N` as `F`, N a number or a variable that holds
 * one (`n=3; . /dev/fd/$n`, bash's `{fd}`): the readers of the line then see what reads F —
 * `eval "$(cat <&3)"`, `sh <&4`, `source /dev/stdin <&3`, `sh /dev/fd/3` each ran F at bash 5.2 -i
 * (check32, fix33-text). A descriptor that held several files gives a line for each (at most 4).
 */
function descriptorFiles(line: string, opened: ReadonlyMap<string, string[]>, values: ReadonlyMap<string, string[]>): string[] {
  if (opened.size === 0 || !/<&|\/dev\/fd\/|\/proc\/self\/fd\//.test(line)) return [];
  const filesOf = (fd: string): string[] => {
    const name = /^\$\{?(\w+)\}?$/.exec(fd)?.[1];
    if (name === undefined) return opened.get(fd) ?? [];
    return [...(opened.get(name) ?? []), ...(values.get(name) ?? []).flatMap((v) => opened.get(v) ?? [])];
  };
  const form = /(^|[^\d>])0?<&("?)(\d+|\$\w+|\$\{\w+\})\2(?![\w-])|(?:\/dev\/fd|\/proc\/self\/fd)\/(\d+|\$\w+|\$\{\w+\})(?![\w}])/;
  let lines = [line];
  for (let guard = 0; guard < 8; guard++) {
    const m = form.exec(lines[0]!);
    if (m === null) break;
    const files = filesOf(m[3] ?? m[4]!).slice(0, 4);
    // A descriptor no `exec` opened (the terminal's, another program's) is left as written: nothing is named by it.
    if (files.length === 0) break;
    lines = lines.flatMap((l) => files.map((f) => l.replace(form, (_s, lead: string | undefined) => (m[3] !== undefined ? `${lead ?? ''}< ${f}` : f)))).slice(0, 4);
  }
  return lines[0] === line ? [] : lines;
}

/**
 * Files a line sources through a descriptor: `. /dev/fd/N` (`/proc/self/fd/N`) with `N< F` on the
 * same command or opened by an earlier `exec N< F` (`opened`). bash 5.2 -i and zsh 5.9 -i ran F
 * for `exec 3< F; . /dev/fd/3` and `. /dev/fd/3 3< F` (fix32-runners); descriptor 0 is
 * {@link evaluatedFiles}'.
 */
function descriptorSourced(line: string, opened: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?:^|[\s;&|{])(?:source|\.)\s+"?(?:\/dev\/fd|\/proc\/self\/fd)\/(\d+|\$\w+|\$\{\w+\})"?((?:\s+\d+<>?\s*[^\s;&|)<>]+)*)/g)) {
    const fd = m[1]!.replace(/^\$\{?(\w+)\}?$/, '$1');
    const own = [...m[2]!.matchAll(/(\d+)<>?\s*([^\s;&|)<>]+)/g)].filter((r) => r[1] === fd).map((r) => r[2]!);
    out.push(...(own.length > 0 ? own : (opened.get(fd) ?? [])));
  }
  return out;
}

/** The aliases a start-up line defines, its words as `alias` receives them. */
function definedAliases(line: string): [string, string][] {
  return commandsOf(line).flatMap((c) => {
    const head = commandHead(c);
    return head === undefined ? [] : aliasDefinitions(head.words.map((w) => quoteRemoved(w)));
  });
}

/**
 * The files a pattern place names that the view lists now (its folder's entries the pattern
 * matches), bounded by {@link MAX_FILES}: a folder with a pattern in it is not listed.
 */
function patternFiles(path: string, pattern: RegExp, view: ReadonlyFsView): string[] {
  const folder = path.slice(0, path.lastIndexOf('/')) || '/';
  if (/[*?[]/.test(folder)) return [];
  const names = view.list?.(folder) ?? [];
  const out: string[] = [];
  for (const name of names) {
    const file = `${trimmed(folder)}/${name}`;
    if (pattern.test(file) && view.isDirectory?.(file) !== true) out.push(file);
    if (out.length >= MAX_FILES) break;
  }
  return out;
}

/**
 * The literal folders a `PATH=…`/`export PATH=…` (or zsh's `path=(…)`, `path+=…`) line puts on
 * PATH: Debian's stock ~/.profile adds ~/bin and ~/.local/bin when they exist, so a program
 * written there runs in place of `git` or `ls` at the next login shell (RT25-B, bash 5.2).
 */
function pathDirs(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/(?:^|[;&|]\s*|\s)(?:export\s+|typeset\s+-\w+\s+)?PATH=("[^"]*"|'[^']*'|[^\s;&|]+)/g))
    out.push(...m[1]!.replace(/^(['"])(.*)\1$/, '$2').split(':').filter((d) => d !== '' && !/^\$\{?PATH\}?$/.test(d)));
  for (const m of line.matchAll(/(?:^|[;&|]\s*|\s)path(?:\[[^\]]*\])?\+?=(?:\(([^)]*)\)|([^\s;&|]+))/g))
    out.push(...wordsOf(m[1] ?? m[2]!).filter((w) => !/^"?\$\{?path\b/.test(w)));
  return out;
}

/** The folder a literal `ZDOTDIR=…` in ~/.zshenv names, as {@link placed} expands it, or undefined. */
function zdotdirSet(text: string, vars: Known): string | undefined {
  let found: string | undefined;
  for (const m of text.matchAll(/(?:^|[;&|]\s*|\s)(?:export\s+|typeset\s+-\w+\s+)?ZDOTDIR=("[^"]*"|'[^']*'|[^\s;&|]+)/gm)) {
    const named = placed(m[1]!, vars, [vars.home]);
    if (named !== undefined && named.pattern === undefined && named.folder === undefined) found = trimmed(named.path);
  }
  return found;
}

/**
 * The file a command text runs, when it names one by a path: its first word, or the file a shell
 * is given (`sh ~/x.sh`); `exec` dropped. A bare name is a program PATH finds: none.
 */
function commandFile(text: string): string | undefined {
  const words = wordsOf(text.trim().replace(/^(['"])(.*)\1$/, '$2'));
  if (words[0] === 'exec') words.shift();
  const first = shellName(words[0] ?? '') !== undefined ? words.slice(1).find((w) => !w.startsWith('-')) : words[0];
  return first !== undefined && first.includes('/') ? first : undefined;
}
