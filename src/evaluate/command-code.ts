/**
 * What a command Claude Code or git runs with no tool call will execute (decision 0128): given a
 * hook's command, a settings `statusLine`, or a git hook's text, the files whose contents become
 * code when it next runs — a program run by its path, an interpreter's script, `bash -c TEXT`'s
 * text, `python3 -m pkg.mod`'s module, the Makefiles `make` reads (and what they `include`),
 * `npx NAME`'s program in `node_modules/.bin` and the package it links to, `npm run X`/`npm test`'s
 * `package.json` and the script text read again, the configuration module a lint tool loads, and a
 * shell script's `source`/`.`/run lines, read again the same way. Each was run for real: a file
 * written there ran at the next hook call or `git commit` (replay 25, RP25-E2, K1, K2, G1).
 *
 * One reader for both sides: `own-files.ts` (the settings' commands) and `hook-scripts.ts` (git's
 * hooks). A word it cannot place (a variable, a substitution other than the work tree's top or the
 * script's own folder) names nothing: protecting nothing extra is what toolgate did before, and
 * a reader that made every write ask for a form it cannot read would ask for every edit.
 * Bounded: {@link MAX_DEPTH} levels of text, {@link MAX_FILES} files read, {@link MAX_TEXT}
 * characters each.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { GivenWord } from './given-values.js';
import { normalizePath } from '../paths/index.js';
import { resolveAsKernel } from '../paths/real.js';
import { sshConfigLines } from '../shell/programs/ssh-options.js';
import { commandProper, configModules, MAKEFILE_NAMES, runnerSpec, runsItsInput, textFromFiles, unattendedRuns } from '../shell/programs/unattended-runs.js';
import { LOADER_VARIABLES, shapedLoaderPlaces } from '../shell/programs/loader-variables.js';
import { gccLoadedPattern, isGccLoaded } from '../shell/programs/loader-names.js';
import { hookRunnerOf } from '../shell/programs/git-hook-runners.js';
import { isPackageRunner, packageRunsOf, specPackage } from '../shell/programs/package-runners.js';
import { readFind } from '../shell/programs/find.js';
import { changedDirectory, loadedBuiltins } from '../shell/programs/startup-builtins.js';
import { quoteRemoved } from '../shell/syntax/words.js';
import { pathGlobRegExp } from '../dialects/shared/glob.js';
import { nodeImports, scriptLanguage } from './script-imports.js';
import { interpreterLanguage, isCodeFileName } from '../shell/programs/script-languages.js';
import { shellInvocation } from '../shell/programs/shell-invocation.js';
import { programTextOf, wrappedScriptsOf, type ProgramText } from '../shell/programs/index.js';
import { assignedEntries, readCommands, type CommandStep } from './command-steps.js';
import { givenWords } from './given-values.js';
import { passwdHome, tildeUser } from './user-homes.js';
import { expandBraces } from '../shell/syntax/brace.js';
import { quotesWhatItReads } from '../shell/programs/quoting-printers.js';

/** A file or folder a command runs code from, and how (a reason's words). */
export interface CodePlace {
  /** The file, or a folder all of whose files are code (a package's). */
  path: string;
  /** `path` is a Python script's folder, first on `sys.path` (decision 0127): only its importable names count. */
  python?: true;
  /** Only the paths inside `path` this matches (absolute) are code: the files `find DIR -name P -exec sh {} \;` runs. */
  pattern?: RegExp;
  /** How the command comes to run it: "run by `node scripts/status.js` in package.json's "status" script". */
  via: string;
}

/** A shell's own forms of a word, as the reader asks them (`given-values-zsh.ts`, decision 0164). */
export interface WordForms {
  /** The words a run word the reader cannot place may become, by the shell's own ways of giving a value. */
  given(word: string, text: string): GivenWord[];
  /** Whether the reader may place the word as bash reads it (zsh's `~b/x.sh` names a named directory's file). */
  placeable(word: string): boolean;
}

/** Where a command runs, and what the reader may look at. */
export interface CommandWorld {
  /** The folder it runs in (a hook's: the project; a git hook's: the work tree's top). */
  cwd: string;
  /** What `$(git rev-parse --show-toplevel)` says there. */
  top: string;
  /** What the shell that reads the text reads its own way, beside bash's forms (a zsh start-up file's). */
  forms?: WordForms;
  home: string;
  projectDir?: string;
  view?: ReadonlyFsView;
  /**
   * Shell text run in the same shell as the command, before or after it (the other start-up files
   * a shell reads, decision 0163): the values it gives a variable are values the command's words
   * may take, and a variable it gives any value is not taken as the command's own one value.
   */
  givenText?: string;
}

/** How many levels of text are read (command → script → script it runs → …). */
const MAX_DEPTH = 4;
/** How many files one command's reading reads. */
const MAX_FILES = 32;
const MAX_TEXT = 256 * 1024;
/** How many folders a text split at its operators is read in (its own and those its `cd`s name). */
const MAX_DIRS = 8;

/**
 * The code of a command a settings key or hook names (`command` run by `sh -c` in `world.cwd`).
 * `imports`: the scripts it names directly are a hook's own scripts, whose loading decision 0127
 * follows (Python's importable names, Node's static imports); deeper scripts are protected as
 * files (their imports are the project's code, which such a hook runs by design).
 */
export function commandCode(command: string, world: CommandWorld, imports: boolean): CodePlace[] {
  const r = new Reader(world, imports);
  r.text(command, undefined, 0, undefined);
  return r.places();
}

/**
 * The code a script file runs when it is run (a git hook: `.git/hooks/pre-commit`), read as
 * shell text from `world.cwd`, `$0`'s folder its own; the script itself is not in the list.
 */
export function scriptCode(file: string, world: CommandWorld): CodePlace[] {
  const r = new Reader(world, false);
  r.script(file, 1, undefined, true);
  return r.places().filter((p) => p.path !== file);
}

class Reader {
  private readonly out = new Map<string, CodePlace>();
  private readonly readFiles = new Set<string>();
  /** The texts being read, innermost last: where the names a command runs may come from ({@link flowSources}). */
  private readonly texts: string[] = [];
  /**
   * The files `find … -exec sh -c TEXT _ {} \;` hands the text being read (its `{}`, put in for the
   * positional parameter it fills): a `{}` the text runs or sources is each of them.
   */
  private foundNow: FoundFiles | undefined;

  constructor(
    private readonly world: CommandWorld,
    private readonly imports: boolean,
  ) {}

  places(): CodePlace[] {
    return [...this.out.values()];
  }

  /**
   * A place, and where the kernel takes it when a link is on its way (`scripts/hook.sh ->
   * ../tools/impl.sh`, `bin -> tools`: decision 0132): a write to the link's target is a write to
   * what runs (red team 26 RT26-G; git 2.39 ran `tools/impl.sh` for both).
   */
  private add(path: string, via: string, python?: true, pattern?: RegExp): void {
    // A wildcard path (a `for` loop's word, `for f in scripts/*.sh; do "$f"; done`): its folder, each
    // file the pattern matches there — today's and one written later (red team 27 RT27-B3, B16).
    const wild = pattern === undefined && python === undefined ? /[*?[]/.exec(path) : null;
    if (wild !== null) {
      const folder = dirOf(path.slice(0, wild.index + 1));
      this.put(folder, via, undefined, path.includes('[') ? undefined : pathGlobRegExp(path));
      return;
    }
    this.put(path, via, python, pattern);
    if (pattern !== undefined) return;
    const view = this.world.view;
    const reached = view === undefined ? undefined : resolveAsKernel(path, view)?.path;
    if (reached !== undefined && reached !== path) this.put(reached, `${via}, through the link ${shownPath(path, this.world)}`, python);
  }

  private put(path: string, via: string, python?: true, pattern?: RegExp): void {
    const key = `${python === true ? 'py:' : ''}${pattern !== undefined ? `${pattern.source}:` : ''}${path}`;
    if (!this.out.has(key)) this.out.set(key, { path, via, ...(python === true ? { python } : {}), ...(pattern !== undefined ? { pattern } : {}) });
  }

  /** The text of a file, once, within the budget. */
  private read(file: string): string | undefined {
    const view = this.world.view;
    if (view?.readText === undefined || this.readFiles.has(file) || this.readFiles.size >= MAX_FILES) return undefined;
    this.readFiles.add(file);
    if (view.isDirectory?.(file) === true) return undefined;
    const text = view.readText(file);
    return text === undefined ? undefined : text.slice(0, MAX_TEXT);
  }

  /**
   * Shell text: each simple command in it, read by the engine's shell analysis (`command-steps.ts`,
   * decision 0136: the folder each runs in, what runners run, known values put in), or split at
   * its operators when the analysis cannot read it. `scriptDir`: the folder of the script it is
   * (`$0`'s). `from`: where it is, as a reason says. `outer`: the folders the text that runs this
   * one puts on PYTHONPATH and PATH.
   */
  text(text: string, scriptDir: string | undefined, depth: number, from: string | undefined, npmBin = false, cwd = this.world.cwd, outer: SearchPaths = NO_PATHS, shell: 'bash' | 'sh' = 'bash'): void {
    const { home, projectDir, top, view } = this.world;
    const { givenText, forms } = this.world;
    const read = readCommands(text, {
      cwd,
      home,
      top,
      shell,
      ...(forms !== undefined ? { forms } : {}),
      ...(projectDir !== undefined ? { projectDir } : {}),
      ...(scriptDir !== undefined ? { scriptDir } : {}),
      ...(view !== undefined ? { view } : {}),
      ...(givenText !== undefined ? { givenText } : {}),
    });
    // The folders the text puts on the search paths, read with the values toolgate knows put in
    // (`PATH="$CLAUDE_PROJECT_DIR/tools:$PATH"`, `"$(git rev-parse --show-toplevel)/tools"`: red team 27 RT27-B17, B18).
    const known = read?.text ?? text;
    const paths: SearchPaths = {
      python: [...outer.python, ...assignedEntries(known, 'PYTHONPATH')],
      program: [...outer.program, ...assignedEntries(known, 'PATH')],
    };
    // Text the analysis did not read whole is split at its operators too (fail closed): the shell runs what the parser could not read.
    this.texts.push(known);
    try {
      this.steps(read, text, scriptDir, depth, from, npmBin, cwd, paths);
    } finally {
      this.texts.pop();
    }
  }

  private steps(read: ReturnType<typeof readCommands>, text: string, scriptDir: string | undefined, depth: number, from: string | undefined, npmBin: boolean, cwd: string, paths: SearchPaths): void {
    if (read === undefined || read.unseen.length > 0) this.split(read?.text ?? text, scriptDir, depth, from, npmBin, cwd, paths);
    if (read === undefined) return;
    for (const step of read.steps) {
      // Text a shell only parses (`bash -n -c TEXT`) runs nothing.
      if (parsedOnly(step, read.steps)) continue;
      // A file on the input of a command that runs its input (`sh -s < F`, `while read l; do eval "$l"; done < F`,
      // `ed -s R < F`, `sqlite3 db < F`): F is code, read as shell text when a shell reads it.
      // A target the analysis leaves unread is placed as a word is (`sh < ~/bin/x.sh`: the shell expands the `~`; check32).
      const proper = commandProper(step.words.map(unquoted));
      const exact = commandProper(step.words.map((w) => quoteRemoved(w)));
      if (readsCodeOnInput(proper, exact))
        for (const r of step.command.redirects)
          if (r.kind === 'read')
            for (const dir of step.dirs) {
              const file = r.targetLiteral ? join(dir, r.target) : this.place(r.target, scriptDir, dir);
              if (file !== undefined && !/^\/(?:dev|proc)\//.test(file)) this.script(file, depth + 1, `run from the input of \`${clip(step.words.map(unquoted).join(' '))}\`${from !== undefined ? ` in ${from}` : ''}`, inputIsShellText(proper, exact));
            }
      // Inline code that names a script file it may load (`node -e "require('./x.js')"`, `python3 -c
      // "exec(open('x.py').read())"`, `runpy.run_path('x.py')`: red team 27 RT27-B23..B33): the file is code.
      for (const p of step.command.codePaths ?? [])
        if (isCodeFileName(p) && !p.includes('$'))
          for (const dir of step.dirs) this.script(join(dir, p), depth + 1, `named by the code \`${clip(step.words.map(unquoted).join(' '))}\` runs${from !== undefined ? ` in ${from}` : ''}`, false);
      // A runner handed names on its input (`ls scripts/*.sh | xargs -n1 sh`, `| xargs python3`): the names come from the text.
      if (step.command.argumentsFrom !== undefined && step.command.argumentsFrom !== 'find -exec' && runsFiles(proper))
        for (const dir of step.dirs) this.flowSources(scriptDir, dir, `\`${clip(proper.join(' '))}\` given names on its input${from !== undefined ? ` in ${from}` : ''}`, 'words');
      if (this.readAgain(step, read.steps)) continue;
      const found = foundBy(step, read.steps);
      for (const dir of step.dirs) this.command(step.words, scriptDir, depth, from, npmBin, dir, paths, step.top, found, dir !== cwd ? shownPath(dir, this.world) : undefined);
    }
  }

  /**
   * Shell text the analysis could not read (whole or in part), split at its operators: each simple
   * command read in the text's folder and in every folder a `cd`/`pushd` before it names — the
   * split cannot tell which of them the command runs in, so it takes each (`[ a \< b ]; cd scripts
   * && ./s.sh` runs scripts/s.sh; red team 27 RT27-P4).
   */
  private split(text: string, scriptDir: string | undefined, depth: number, from: string | undefined, npmBin: boolean, cwd: string, paths: SearchPaths): void {
    const dirs = [cwd];
    for (const command of simpleCommands(text)) {
      const words = wordsOf(command);
      const proper = words.slice(words.length - commandProper(words.map(unquoted)).length);
      const to = changedDirectory(proper);
      if (to !== undefined) {
        for (const d of [...dirs]) {
          const moved = this.place(to, scriptDir, d);
          if (moved !== undefined && !dirs.includes(moved) && dirs.length < MAX_DIRS) dirs.push(moved);
        }
        continue;
      }
      for (const dir of dirs) this.command(words, scriptDir, depth, from, npmBin, dir, paths, undefined, undefined, dir !== cwd ? shownPath(dir, this.world) : undefined);
    }
  }

  /** A command of a text this reader reads again itself (`bash -c TEXT`'s, `npx -c TEXT`'s): not read twice. */
  private readAgain(step: CommandStep, steps: readonly CommandStep[]): boolean {
    if (step.command.context !== 'nested' || step.parent === undefined) return false;
    const words = commandProper(steps[step.parent]!.words.map(unquoted));
    const name = words[0]?.slice(words[0].lastIndexOf('/') + 1) ?? '';
    return isPackageRunner(name) || (unattendedRuns(words)?.some((r) => r.kind === 'text') ?? false) || wrappedScriptsOf(words).length > 0;
  }

  private command(
    raw: readonly string[],
    scriptDir: string | undefined,
    depth: number,
    from: string | undefined,
    npmBin: boolean,
    cwd: string,
    paths: SearchPaths = NO_PATHS,
    shownWords?: readonly string[],
    found?: FoundFiles,
    movedTo?: string,
  ): void {
    // A redirection's operator alone (`bash 0< F` split at blanks) is no word of the command either.
    const unredirected = raw.filter((w, i) => !isRedirection(w) && !isRedirectionOperator(w) && !(i > 0 && isRedirectionOperator(raw[i - 1]!)));
    const words = commandProper(unredirected);
    const place = (word: string) => this.place(word, scriptDir, cwd);
    const shownAll = `\`${clip((shownWords ?? unredirected).map(unquoted).join(' '))}\`${movedTo !== undefined ? ` (run in ${movedTo})` : ''}${from !== undefined ? ` in ${from}` : ''}`;
    this.loaderAssignments(unredirected.slice(0, unredirected.length - words.length), place, shownAll);
    if (words.length === 0) return;
    // `"$SHELL" F`: the user's login shell runs F (red team 27 RT27-B28).
    const plain = words.map(unquoted).map((w, k) => (k === 0 && /^\$\{?SHELL\}?$/.test(w) ? 'sh' : w));
    // A program's text as the shell hands it (`awk 'BEGIN{system("sh " ENVIRON["HOME"] "/x")}'` keeps its inner quotes).
    const exact = words.map((w, k) => (k === 0 ? plain[0]! : quoteRemoved(w)));
    const shown = `\`${clip((shownWords?.map(unquoted) ?? plain).join(' '))}\`${movedTo !== undefined ? ` (run in ${movedTo})` : ''}${from !== undefined ? ` in ${from}` : ''}`;
    const first = plain[0]!;
    const name = first.slice(first.lastIndexOf('/') + 1);
    // A shell or interpreter reading code from a pipe (`cat scripts/*.sh | sh`, `ls … | xargs -n1 sh`): what flows in is the text's.
    if (readsCodeOnInput(plain, exact) && !raw.some((w) => /^\d*<(?!\()/.test(w)) && PIPE.test(this.texts.at(-1) ?? ''))
      this.flowSources(scriptDir, cwd, `${shown} reading from a pipe`);
    // The files its program's model says it reads its program from (`awk -f x.awk`, `sed -f s.sed`,
    // `m4 x.m4`, `git -c include.path=F`), and the file a redirection puts on the input it reads
    // its program from (`ed -s R < x.ed`, in text the analysis could not read: `steps` reads the rest).
    const text = programTextOf(exact);
    const placeText = (f: ProgramText['files'][number]) => (f.value === undefined ? place(words[f.index]!) : this.placeValue(f.value, f.home === true, cwd));
    for (const f of text?.files ?? []) {
      const at = placeText(f);
      if (at !== undefined) this.add(at, `the program ${shown} reads`);
    }
    // The shell commands its program shows whole (`awk 'BEGIN{system("sh " ENVIRON["HOME"] "/bin/x.sh")}'`), read as
    // shell text; the files whose lines it runs as commands (`sed 's/.*/&/e' F`, `awk '{system($0)}' F`), as scripts
    // (check32: bash -i ran each; the input it reads so is `readsCodeOnInput`'s).
    if (depth < MAX_DEPTH) for (const c of text?.commands ?? []) this.text(c, scriptDir, depth + 1, `a command ${shown} runs`, npmBin, cwd, paths);
    for (const f of text?.dataRuns?.files ?? []) {
      const at = placeText(f);
      if (at !== undefined) this.script(at, depth + 1, `run line by line as shell commands by ${shown}`, true);
    }
    // bash's `enable -f ~/bin/x.so x`: the shared object it loads runs its code in the shell.
    for (const f of loadedBuiltins(plain)) {
      // An attached value (`-f~/x.so`) is no word's start: bash leaves its `~` as it is.
      const k = plain.indexOf(f);
      const at = place(k >= 0 ? words[k]! : f.startsWith('~') ? `./${f}` : f);
      if (at !== undefined) this.add(at, `the builtin ${shown} loads`);
    }
    if (readsCodeOnInput(plain, exact))
      raw.forEach((w, k) => {
        const target = /^0?<$/.test(w) ? raw[k + 1] : /^0?<[^<&(]/.test(w) ? w.replace(/^0?</, '') : undefined;
        const file = target === undefined ? undefined : place(target);
        if (file !== undefined && !/^\/(?:dev|proc)\//.test(file)) this.script(file, depth + 1, `run from the input of ${shown}`, inputIsShellText(plain, exact));
      });
    // A program by name where the text puts folders on PATH (`PATH=scripts:$PATH s.sh`): the file of that name in each
    // (a builtin's name too: a file named `cd` there is protected for nothing, which costs no everyday write).
    // `.`/`source` is no file there: bash looks its operand up on PATH instead (`PATH=~/bin:$PATH; . x.sh` sourced ~/bin/x.sh).
    const sourcedName = first === '.' || first === 'source' ? plain.slice(1).find((w) => w !== '--') : undefined;
    const lookedUp = sourcedName ?? first;
    if (!lookedUp.includes('/') && /^[\w.+-]+$/.test(lookedUp) && lookedUp !== '.' && lookedUp !== '..')
      for (const dir of paths.program.flatMap((d) => programDirs(d, cwd, this.world.home)))
        this.script(join(dir, lookedUp), depth + 1, `run by ${shown} (found on the PATH the text sets)`, true);
    // What `find … -exec` runs in place of `{}`: the files it finds — run directly, by a shell, or sourced by the
    // text a shell is given with `{}` as one of its positional parameters (`-exec sh -c '. "$1"' _ {} \;`).
    const files = found ?? this.foundNow;
    if (files !== undefined && (isFoundWord(first) || isFoundWord(sourcedName) || (unattendedRuns(plain) ?? []).some((r) => r.kind === 'script' && isFoundWord(r.file)))) {
      this.found(files, `run by ${shown}`, scriptDir, cwd, shown);
      return;
    }
    // `eval "$l"` with `l` filled by the text (`mapfile -t L < F; for l in "${L[@]}"; do eval "$l"; done`: bash 5.2 -i ran
    // F's lines, fix33-text): what it runs comes from the sources the text names.
    if (first === 'eval') {
      // A variable's value only: a substitution's text (`eval "$(cat F)"`) is the analysis' and `fedFiles`' to read.
      const filled = words
        .slice(1)
        .map(unquoted)
        .find((w) => /^\$\{?[A-Za-z_]\w*(?:\[[@*]\])?\}?$/.test(w));
      const text = filled === undefined ? undefined : [...this.texts].reverse().find((t) => fedByText(filled.slice(filled.search(/[$`]/)), t));
      if (text !== undefined) this.flowSources(scriptDir, cwd, `${shown}, whose text the text makes`, undefined, text);
    }
    // The program itself, named by its path (`.venv/bin/python x.py`, `node_modules/.bin/node x.js`): the file that runs (check30 J).
    const program = place(words[0]!);
    if (program === undefined) this.unplaced(words[0]!, scriptDir, cwd, shown);
    else if (first.includes('/') && !(unattendedRuns(plain) ?? []).some((r) => r.kind === 'script' && r.file === first)) this.add(program, `the program ${shown} runs`);
    for (const c of configModules(name)) this.add(join(cwd, c), `the configuration module ${shown} loads`);
    this.hookRunner(plain, cwd, depth, shown);
    if ((first === '.' || first === 'source') && words[1] !== undefined) {
      // `source <(cat F)`: F's text is what is sourced (red team 27 RT27-B21).
      for (const f of textFromFiles(words[1].replace(/^<\(/, '$('))) {
        const from = place(f);
        if (from !== undefined) this.script(from, depth + 1, `sourced by ${shown}`, true);
      }
      // Braces are expanded first: the first word they give is the file (`. ~/lib/{x,}.sh` sources ~/lib/x.sh, bash 5.2 -i).
      const sourced = /["'\\]/.test(words[1]) ? words[1] : (expandBraces(words[1])?.[0] ?? words[1]);
      const file = /^(?:\/(?:dev|proc)\/|<\()/.test(unquoted(sourced)) ? undefined : place(sourced);
      if (file !== undefined) this.script(file, depth + 1, `sourced by ${shown}`, true);
      else this.unplaced(words[1], scriptDir, cwd, shown);
      return;
    }
    if (isPackageRunner(name)) {
      for (const run of packageRunsOf(name, plain) ?? []) {
        const dir = run.runsIn === undefined || run.runsIn === 'cwd' ? cwd : run.runsIn === 'unknown' ? undefined : typeof run.runsIn === 'object' && !run.runsIn.folder.includes('$') ? join(cwd, run.runsIn.folder) : undefined;
        if (dir === undefined) continue;
        if (run.kind === 'command' && run.spec) {
          const said = runnerSpec(run.words);
          if (said !== undefined && 'text' in said) {
            if (depth < MAX_DEPTH) this.text(said.text, scriptDir, depth + 1, `the text ${shown} runs`, true, dir);
            continue;
          }
          const spec = specPackage(said?.spec ?? '');
          const bin = spec.replace(/(?<=.)@.*$/, '').replace(/^@[^/]+\//, '');
          if (/^[\w.-]+$/.test(bin)) this.bin(bin, dir, shown);
          for (const c of configModules(bin)) this.add(join(dir, c), `the configuration module ${shown} loads`);
          this.hookRunner([bin], dir, depth, shown);
          // `npx --no-install sh x.sh`: a program found on the PATH when no package has it, run with the words after it (RT27-B29).
          const at = said !== undefined && 'spec' in said ? run.words.indexOf(said.spec) : -1;
          if (at >= 0 && depth < MAX_DEPTH && (unattendedRuns(run.words.slice(at).map(unquoted))?.length ?? 0) > 0) this.command(run.words.slice(at), scriptDir, depth + 1, from, true, dir);
        } else if (run.kind === 'command') {
          if (depth < MAX_DEPTH) this.command(run.words, scriptDir, depth + 1, from, true, dir);
        } else this.packageScript(run.name, run.args, run.orCommand, dir, depth, shown);
      }
      return;
    }
    // The shell text a runner's model hands a shell (`script -qc ~/bin/x.sh /dev/null`, `watch ~/bin/x.sh`,
    // `mapfile -C ~/bin/x.sh`): read as commands, as `bash -c TEXT`'s (check30 rows 81, 85, 87: bash -i ran each).
    if (depth < MAX_DEPTH) for (const t of wrappedScriptsOf(plain)) this.text(t, scriptDir, depth + 1, `the text ${shown} runs`, npmBin, cwd, paths);
    const runs = unattendedRuns(plain);
    // A file a run names is placed from its word as written: quotes say whether `~` expands.
    const placeWord = (file: string) => {
      const k = plain.indexOf(file);
      return place(k >= 0 ? words[k]! : file);
    };
    if (runs === undefined) {
      // A program by name in a package script runs from node_modules/.bin first.
      if (npmBin && /^[\w.-]+$/.test(first)) this.bin(first, cwd, shown);
      return;
    }
    for (const run of runs) {
      if (run.kind === 'text') {
        for (const f of textFromFiles(run.text)) {
          const file = place(f);
          if (file !== undefined) this.script(file, depth + 1, `read as the text ${shown} runs`, true);
        }
        // `bash -c '"$0"' ~/bin/x.sh`, `sh -c '. "$1"' _ ~/x`: the words after the text are its `$0`, `$1`, … (bash 5.2 -i ran each, check32).
        // Run by `find -exec`, a `{}` among them is each file find finds (with `+`, every one from there on), and so is
        // a `{}` inside the text with `\;` (GNU find puts the name in wherever `{}` stands): read as `{}` below.
        const args = (run.args ?? []).map((a) => (found !== undefined && a === '{}' ? a : this.argumentValue(words[plain.indexOf(a)] ?? a)));
        const more = found?.many === true && args.at(-1) === '{}' ? '{}' : undefined;
        if (depth < MAX_DEPTH) {
          const outer = this.foundNow;
          if (found !== undefined) this.foundNow = found;
          try {
            this.text(withPositional(run.text, args, more), scriptDir, depth + 1, `the text ${shown} runs`, npmBin, cwd, paths);
          } finally {
            this.foundNow = outer;
          }
        }
      } else if (run.kind === 'folder') {
        const folder = placeWord(run.dir);
        if (folder !== undefined) this.add(folder, `run by ${shown}, each file in it`, undefined, childPattern(folder));
      } else if (run.kind === 'script' || run.kind === 'preload') {
        const file = placeWord(run.file);
        if (file === undefined && run.file !== first) {
          const k = plain.indexOf(run.file);
          this.unplaced(k >= 0 ? words[k]! : run.file, scriptDir, cwd, shown);
        }
        if (file === undefined || file.endsWith('/{}')) continue;
        this.script(file, depth + 1, `run by ${shown}`, run.kind === 'script' && run.unread !== true && (run.language === 'shell-script' || run.language === undefined));
        if (run.kind === 'script' && this.imports && depth === 0) this.ownImports(file, plain.join(' '), shown);
      } else if (run.kind === 'module') this.module(run.module, [cwd, ...paths.python.map((d) => join(cwd, d))], shown);
      else if (run.kind === 'sshConfig') {
        const file = placeWord(run.file);
        if (file !== undefined) this.sshConfig(file, depth + 1, `the ssh configuration ${shown} reads, whose ProxyCommand and Match exec commands ssh runs`, cwd);
      } else this.makefiles(run.files, run.dir, cwd, shown);
    }
  }

  /**
   * The files find hands a command it runs (`files`), as places: each start point with what narrows
   * it. A start point the analysis leaves unread (`find ~/.shrc.d -exec sh {} \;`) is placed as a
   * word is; one toolgate cannot place names what the other run words name ({@link unplaced}).
   */
  private found(files: FoundFiles, via: string, scriptDir: string | undefined, cwd: string, shown: string): void {
    for (const start of files.starts) {
      const folder = this.place(start, scriptDir, cwd);
      if (folder === undefined) {
        this.unplaced(start, scriptDir, cwd, shown);
        continue;
      }
      this.add(folder, `${via}, each file it finds there${files.name !== undefined ? ` named ${files.name.glob}` : ''}`, undefined, files.name !== undefined ? namePattern(folder, files.name) : undefined);
    }
  }

  /**
   * A word in a run position (the program, a sourced file, an interpreter's script) that toolgate
   * cannot place: its value comes from a variable or a substitution (`. "$f"`, `sh scripts/$f`).
   * The folder its literal start names, when it names one below where the text runs
   * (`scripts/$f`: everything below `scripts`, as the variable may hold a `/`); else, when the
   * text itself gives the variable its values (a loop, `read`, `set --`, a substitution), every
   * place the text names as a source of those names ({@link flowSources}): fail closed, as the
   * reader cannot list the files that run. A variable only inherited names nothing (decision 0136).
   */
  private unplaced(word: string, scriptDir: string | undefined, cwd: string, shown: string): void {
    const w = unquoted(word);
    const cut = w.search(/[$`]/);
    // The values the text (and the other start-up files' text: decision 0163) gives the word's
    // variables, or the paths its substitution names (decision 0152) — read as the shell reading the
    // text reads the word: by its own forms where it has one (zsh's `$M[k]`, `~b/x`: decision 0164),
    // which bash's reading would misread, else by bash's.
    const elsewhere = this.world.givenText;
    const text = `${this.texts.at(-1) ?? ''}${elsewhere === undefined ? '' : `\n${elsewhere}`}`;
    const byForms = this.world.forms?.given(word, text) ?? [];
    for (const given of byForms.length > 0 ? byForms : cut < 0 ? [] : givenWords(word, text)) {
      const at = this.place(given.word, scriptDir, cwd);
      if (at === undefined) continue;
      const via = `run by ${shown}, to which the text gives the value ${given.word}`;
      if (given.shape === 'exact') this.add(at, via);
      else if (given.shape === 'prefix') this.put(dirOf(at), via, undefined, prefixPattern(at));
      else this.put(dirOf(at), `${via} and rewrites (toolgate cannot name the file below ${dirOf(at)})`, undefined, new RegExp(`^${escapedText(dirOf(at))}/.+$`, 's'));
    }
    // `~NAME/rest` to which the text gives no value (zsh's named directories come first): NAME's home in the user
    // database (zsh's reading leaves such a word to this one); a user the view's /etc/passwd does not list (NSS may
    // know one) has a home that may be any folder, so the file of that rest below any folder (fail closed, decision 0170).
    const user = byForms.length === 0 ? tildeUser(word) : undefined;
    if (user !== undefined && /^\/[^$`*?[]+$/.test(user.rest)) {
      const home = passwdHome(user.name, this.world.view);
      if (home !== undefined) this.add(`${home}${user.rest}`, `run by ${shown}, ~${user.name} being ${home} in /etc/passwd`);
      else this.put('/', `run by ${shown}: ~${user.name} is the home of a user toolgate cannot look up, so the file ${user.rest.slice(1)} below any folder`, undefined, new RegExp(`^(?:/.*)?${escapedText(user.rest)}$`, 's'));
      return;
    }
    if (cut < 0) return;
    const lead = w.slice(0, cut);
    const folder = lead.includes('/') ? this.place(lead.slice(0, lead.lastIndexOf('/') + 1) || '/', scriptDir, cwd) : undefined;
    const { projectDir, top, home } = this.world;
    if (folder !== undefined && ![cwd, projectDir, top, home, '/'].includes(folder)) {
      this.add(folder, `run by ${shown}, a file below it toolgate cannot name`);
      return;
    }
    // The text that fills it may be one that runs this one (`while read l; do sh -c "$l"; done < F`: `$l` is the loop's).
    const filler = [...this.texts].reverse().find((t) => fedByText(withoutQuotedOutput(w.slice(cut)), t));
    if (filler !== undefined) this.flowSources(scriptDir, cwd, `${shown}, whose file names the text makes`, 'lines', filler);
  }

  /**
   * Every place the text being read names as a source of names or text that flows into a command
   * that runs it (`for f in lib/*.sh scripts/*.sh`, `set -- scripts/*.sh`, `ls scripts | while
   * read f`, `$(ls scripts)`, `cat scripts/*.sh | sh`): each wildcard word's folder (with its
   * pattern), and each operand that names a file or folder the view shows (everything below a
   * folder). A `cd`'s folder is where commands run, not a source. `lists`: the runner runs names
   * (`xargs -a LIST -n1 sh`: each word; `. "$f"` after `while read f … < LIST`: each line), so a
   * file source is a list whose names, as it holds them now, run too ({@link listedNames}). `from`:
   * the text whose sources these are (the text being read, or one that runs it).
   */
  private flowSources(scriptDir: string | undefined, cwd: string, runner: string, lists?: 'words' | 'lines', from = this.texts.at(-1) ?? ''): void {
    const text = from.replace(/\$\(/g, ' ( ').replace(/`/g, ' ; ').replace(/"/g, '');
    const via = `a source of the names ${runner} runs (toolgate cannot list them)`;
    const view = this.world.view;
    for (const command of simpleCommands(text)) {
      const all = wordsOf(command);
      const proper = all.slice(all.length - commandProper(all.map(unquoted)).length);
      if (changedDirectory(proper.map(unquoted)) !== undefined) continue;
      // A loop's or `set`'s words are the names themselves, one the view does not show yet too.
      const names = proper[0] === 'for' || proper[0] === 'set';
      // Braces are expanded first (`for f in ~/bin/{x,y}.sh`: bash 5.2 -i ran ~/bin/x.sh, decision 0163).
      const operands = proper.slice(names && proper[0] === 'for' ? 3 : 1).flatMap((w) => expandBraces(w) ?? [w]);
      for (const [k, word] of operands.entries()) {
        const operand = word.replace(/^\d*[<>]+&?/, '');
        // A here-string's word is the text on the input itself (`xargs sh <<< ~/bin/x.sh`): a name, no list file.
        const given = word.startsWith('<<<') || operands[k - 1] === '<<<';
        if (operand === '' || operand.startsWith('-') || /^[A-Za-z_]\w*=/.test(operand) || /^\/(?:dev|proc)\//.test(operand)) continue;
        // find's `{}` put in for a positional parameter (`for f; do . "$f"; done` run by `find … -exec sh -c … {} +`): its files.
        if (this.foundNow !== undefined && isFoundWord(unquoted(operand))) {
          this.found(this.foundNow, `run by ${runner}`, scriptDir, cwd, runner);
          continue;
        }
        const at = this.place(operand, scriptDir, cwd);
        if (at === undefined) continue;
        if (!/^'/.test(operand) && /[*?[]/.test(operand)) this.add(at, via);
        else if (names || view?.exists(at) === true) {
          this.add(at, via);
          if (lists !== undefined && !names && !given) this.listedNames(at, cwd, via, lists);
        }
      }
    }
  }

  /**
   * The names a list file holds now (`xargs -a ~/.runlist -n1 sh`: bash 5.2 -i ran the script it
   * named, check32): each word, as xargs splits it, or each line and its first word with a `/`, as
   * `read` gives a run word one (`$l` runs the line's first word): each runs, so each is code (decision
   * 0129's rule for a start-up file's list, here for every text read). Within the reader's
   * bounds; a name with an expansion in it is no file name (neither xargs nor `read` expands it).
   */
  private listedNames(file: string, cwd: string, via: string, split: 'words' | 'lines'): void {
    const view = this.world.view;
    if (view?.readText === undefined || view.isDirectory?.(file) === true) return;
    const text = view.readText(file)?.slice(0, MAX_TEXT);
    if (text === undefined) return;
    const names = new Set<string>();
    for (const line of text.split('\n')) {
      const l = line.trim();
      if (l === '' || l.startsWith('#')) continue;
      const words = l.split(/\s+/);
      // A run word with no `/` is looked up on PATH, no file here (`$l` with `l=true`).
      for (const name of split === 'words' ? words : [l, words[0]!].filter((n) => n.includes('/'))) if (!/[$`]/.test(name) && names.size < MAX_FILES) names.add(name);
    }
    for (const name of names) this.add(join(cwd, name), `named in ${shownPath(file, this.world)}, ${via}`);
  }

  /**
   * A git-hook runner's configuration (`git-hook-runners.ts`: pre-commit, lefthook, lint-staged):
   * each command text it names read as a command from where the runner runs, with
   * node_modules/.bin first (red team 27 RT27-F). A configuration it cannot read names nothing.
   */
  private hookRunner(words: readonly string[], cwd: string, depth: number, shown: string): void {
    const runner = hookRunnerOf(words);
    if (runner === undefined || depth >= MAX_DEPTH) return;
    for (const c of runner.configs) {
      const file = join(cwd, c);
      if (this.world.view?.exists(file) !== true) continue;
      const text = this.read(file);
      if (text === undefined) continue;
      const from = `the ${runner.name} configuration ${shownPath(file, this.world)}, which ${shown} runs`;
      for (const command of runner.commands(text, file) ?? []) this.text(command, undefined, depth + 1, from, true, cwd);
      for (const script of runner.scripts?.(text) ?? []) this.script(join(cwd, script), depth + 1, `run by ${from}`, false);
    }
  }

  /**
   * The assignments before a command's name (`BASH_ENV=scripts/s.sh bash -c true`, `ENV=x sh -i`,
   * `env NODE_OPTIONS=… node x`) of a variable that names where a program loads code from
   * (`loader-variables.ts`): each file or folder it names, from where the command runs (red team
   * 27 RT27-B8, B9, B15: bash ran the file at start).
   */
  private loaderAssignments(prefix: readonly string[], place: (word: string) => string | undefined, shown: string): void {
    for (const w of prefix) {
      const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(w);
      const v = m === null ? undefined : LOADER_VARIABLES.get(m[1]!);
      if (v === undefined) continue;
      for (const p of shapedLoaderPlaces(v.shape, unquoted(m![2]!))) {
        // A search path of modules (PYTHONPATH, NODE_PATH…) is often the project's own source: its folders are read by name
        // (SearchPaths). gcc's places count for the names gcc takes from them (`LIBRARY_PATH=./lib gcc m.c` read lib/specs,
        // whose `*linker:` ran a program; `GCC_EXEC_PREFIX=./gx/`'s `../..` holds its tool folder: decisions 0166, 0170).
        const loads = p.loads ?? v.loads;
        if (loads !== undefined && !isGccLoaded(loads)) continue;
        const at = place(p.path);
        if (at === undefined) continue;
        const via = `${p.what ?? v.what}, named by \`${clip(unquoted(w))}\` in ${shown}`;
        if (loads === undefined) this.add(at, via);
        else this.put(at, via, undefined, gccLoadedPattern(loads, at));
      }
    }
  }

  /** A script file: protected, and a shell script's text read in turn (when `shell`, or its `#!` says so). */
  script(file: string, depth: number, via: string | undefined, shell: boolean): void {
    if (via !== undefined) this.add(file, via);
    if (depth > MAX_DEPTH || /[*?[]/.test(file)) return;
    const view = this.world.view;
    if (view === undefined || !view.exists(file)) return;
    const language = scriptLanguage(file, '', view);
    if (language !== 'shell-script' && !(shell && language === undefined)) return;
    const text = this.read(file);
    if (text !== undefined) this.text(text, dirOf(file), depth, shownPath(file, this.world), false, this.world.cwd, NO_PATHS, /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:sh|dash)\s*$/m.test(text.slice(0, text.indexOf('\n') >>> 0)) ? 'sh' : 'bash');
  }

  /**
   * A configuration file ssh reads (`ssh -F FILE`): protected, and what its ProxyCommand,
   * LocalCommand, KnownHostsCommand and `Match exec` lines run read as commands; the files its
   * `Include` lines name in turn (a relative one is in `~/.ssh`, ssh_config(5)).
   */
  private sshConfig(file: string, depth: number, via: string, cwd: string): void {
    this.add(file, via);
    if (depth > MAX_DEPTH || this.world.view?.exists(file) !== true) return;
    const text = this.read(file);
    if (text === undefined) return;
    const lines = sshConfigLines(text);
    const from = `the ssh configuration ${shownPath(file, this.world)}`;
    for (const c of lines.commands) this.text(c, undefined, depth, from, false, cwd);
    const home = this.world.home === '/' ? '' : this.world.home;
    for (const inc of lines.includes) {
      if (/[$%]/.test(inc)) continue;
      const path = join('/', inc.startsWith('~/') ? `${home}/${inc.slice(2)}` : inc.startsWith('/') ? inc : `${home}/.ssh/${inc}`);
      if (/[*?[]/.test(path)) this.sshGlobInclude(path, depth, `an ssh configuration ${from} includes`, cwd);
      else this.sshConfig(path, depth + 1, `an ssh configuration ${from} includes`, cwd);
    }
  }

  /**
   * An `Include` with a glob (`Include ~/bin/cfg.d/*`, ssh_config(5): glob(7)): every file it may
   * match is an ssh configuration, one made later too (red team 27, class K) — the folder before
   * the first glob part with the glob as its pattern (a bracket class: the whole folder); the
   * files it matches today are read in turn.
   */
  private sshGlobInclude(path: string, depth: number, via: string, cwd: string): void {
    const parts = path.split('/');
    const k = parts.findIndex((p) => /[*?[]/.test(p));
    const folder = parts.slice(0, k).join('/') || '/';
    this.add(folder, via, undefined, /\[/.test(path) ? undefined : pathGlobRegExp(path));
    if (k !== parts.length - 1 || /\[/.test(path)) return;
    const pattern = pathGlobRegExp(path);
    for (const name of this.world.view?.list?.(folder) ?? [])
      if (pattern.test(join(folder, name))) this.sshConfig(join(folder, name), depth + 1, via, cwd);
  }

  /** What a hook's own script loads beside itself (decision 0127): Python's folder, Node's static imports. */
  private ownImports(file: string, command: string, shown: string): void {
    const view = this.world.view;
    const language = scriptLanguage(view?.realpath(file) ?? file, command, view);
    if (language === 'python-script') this.add(dirOf(view?.realpath(file) ?? file), `the folder of the Python script ${shown} runs`, true);
    else if (language === 'node-script' && view !== undefined)
      for (const p of nodeImports(view.realpath(file) ?? file, view)) this.add(p, `loaded by the script ${shown} runs`);
  }

  /**
   * `python3 -m a.b.c` from `cwd` and each folder PYTHONPATH lists (`dirs`, in Python's order):
   * `a/__init__.py`, `a/b/__init__.py`, and `a/b/c.py` or its package's `__init__`/`__main__`.
   */
  private module(module: string, dirs: readonly string[], shown: string): void {
    if (!/^[\w.]+$/.test(module)) return;
    const parts = module.split('.');
    const via = `the module ${shown} runs`;
    for (const cwd of dirs) {
      for (let i = 1; i < parts.length; i++) this.add(join(cwd, `${parts.slice(0, i).join('/')}/__init__.py`), via);
      const base = join(cwd, parts.join('/'));
      for (const p of [`${base}.py`, `${base}/__init__.py`, `${base}/__main__.py`]) this.add(p, via);
    }
  }

  /** The Makefiles make reads (`-f`, else each default name in its folder) and the files their `include` lines name literally. */
  private makefiles(files: readonly string[], dir: string | undefined, cwd: string, shown: string): void {
    const folder = dir === undefined ? cwd : dir.includes('$') ? undefined : join(cwd, dir);
    if (folder === undefined) return;
    const named = files.length > 0 ? files.filter((f) => !f.includes('$')).map((f) => join(folder, f)) : MAKEFILE_NAMES.map((n) => join(folder, n));
    for (const f of named) {
      this.add(f, `a Makefile ${shown} reads`);
      const text = this.world.view?.exists(f) === true ? this.read(f) : undefined;
      if (text === undefined) continue;
      for (const m of text.matchAll(/^[ \t]*-?s?include[ \t]+([^\n#]+)/gm))
        for (const w of m[1]!.trim().split(/\s+/))
          if (w !== '' && !/[$*?[]/.test(w)) this.add(join(folder, w), `included by ${shownPath(f, this.world)}, a Makefile ${shown} reads`);
    }
  }

  /** `npx NAME` from `dir`: `node_modules/.bin/NAME` in the package's folder, where it leads, and the package holding that. */
  private bin(name: string, dir: string, shown: string, always = true): void {
    const view = this.world.view;
    const root = packageRoot(dir, view);
    const link = `${root === '/' ? '' : root}/node_modules/.bin/${name}`;
    if (!always && view?.exists(link) !== true) return;
    this.add(link, `the program ${shown} runs`);
    const real = view?.realpath(link);
    if (real === undefined || real === link) return;
    this.add(real, `the program ${shown} runs (through ${shownPath(link, this.world)})`);
    const pkg = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/@.][^/]*)\//.exec(real)?.[1];
    if (pkg !== undefined) this.add(pkg, `the package of the program ${shown} runs`);
  }

  /** `npm run NAME` in `dir`: its package.json, and the text of the scripts `preNAME`, `NAME`, `postNAME` read as commands with node_modules/.bin first. */
  private packageScript(name: string, args: readonly string[], orCommand: boolean, dir: string, depth: number, shown: string): void {
    const root = packageRoot(dir, this.world.view);
    const file = join(root, 'package.json');
    this.add(file, `the package.json ${shown} reads its scripts from`);
    const text = this.read(file);
    let scripts: Record<string, unknown> | undefined;
    try {
      const parsed = text === undefined ? undefined : (JSON.parse(text) as { scripts?: unknown } | null);
      if (parsed?.scripts !== null && typeof parsed?.scripts === 'object') scripts = parsed.scripts as Record<string, unknown>;
    } catch {
      return;
    }
    if (depth >= MAX_DEPTH) return;
    const own = scripts?.[name];
    if (typeof own !== 'string') {
      if (orCommand && text !== undefined) this.command([name, ...args], undefined, depth + 1, undefined, true, root);
      return;
    }
    for (const s of [`pre${name}`, name, `post${name}`]) {
      const body = scripts?.[s];
      if (typeof body === 'string') this.text(body, undefined, depth + 1, `package.json's "${s}" script, which ${shown} runs`, true, root);
    }
  }

  /**
   * Where a name inside a word names (`-fx.awk`, `include.path=/x.cfg`): the shell expanded nothing
   * there (no `~`), so it is the text itself — but for a program that expands a leading `~/`
   * itself (`home`, git's path values); a name holding an expansion toolgate did not put in is none.
   */
  private placeValue(value: string, home: boolean, cwd: string): string | undefined {
    if (value === '' || /[$`]/.test(value)) return undefined;
    return join(cwd, home && value.startsWith('~/') ? `${this.world.home}/${value.slice(2)}` : value);
  }

  /**
   * What a word as written hands the command, when it is plain text after the shell's expansions
   * (a leading `~`, `$HOME`, quotes): `undefined` for anything else (another variable, a
   * substitution, a blank or a pattern character in the value).
   */
  private argumentValue(word: string): string | undefined {
    const home = this.world.home;
    const value = /^'[^']*'$/.test(word)
      ? word.slice(1, -1)
      : unquoted((/^~(?=\/|$)/.test(word) ? `${home}${word.slice(1)}` : word).replace(/^("?)\$(?:HOME\b|\{HOME\})/, `$1${home}`));
    return /^[\w./@%+,:=-]+$/.test(value) ? value : undefined;
  }

  /** Where a word of a command names, or `undefined` when toolgate cannot place it. */
  private place(word: string, scriptDir: string | undefined, cwd: string): string | undefined {
    const { projectDir, top, home } = this.world;
    if (this.world.forms?.placeable(word) === false) return undefined;
    let w = unquoted(word);
    // A single-quoted word is its text: no `~`, variable or substitution in it is expanded
    // (`ext::'~/bin/x.sh' %S` runs the file `~/bin/x.sh` below the folder, bash and git alike).
    if (/^'[^']*'$/.test(word)) return w === '' || w.startsWith('-') ? undefined : join(cwd, w);
    if (projectDir !== undefined) w = w.replace(/^\$\{?CLAUDE_PROJECT_DIR\}?(?=\/|$)/, projectDir);
    w = w.replace(/^(?:\$\((?:[^()]|\([^()]*\))*\)|`[^`]*`)(?=\/|$)/, (m) =>
      /rev-parse\s+--show-toplevel/.test(m) ? top : scriptDir !== undefined && /dirname|BASH_SOURCE|\$0|\$\{0/.test(m) ? scriptDir : m,
    );
    if (scriptDir !== undefined)
      w = w.replace(/^\$\{(?:BASH_SOURCE(?:\[0\])?|0)%\/\*\}(?=\/)|^\$\{?\w*(?:DIR|HERE)\w*\}?(?=\/)/i, scriptDir);
    // Only an unquoted `~` starts a tilde expansion (`"~/x"` is the folder `~`).
    w = w.replace(/^\$\{?HOME\}?(?=\/|$)/, home);
    if (/^~(?=\/|$)/.test(word)) w = w.replace(/^~(?=\/|$)/, home);
    // `~NAME/x`: NAME's home in the user database; one the view does not list is not placed (`unplaced`).
    const user = tildeUser(word);
    if (user !== undefined) {
      const at = passwdHome(user.name, this.world.view);
      if (at === undefined) return undefined;
      w = `${at}${user.rest}`;
    }
    // `$PWD` is the folder the command runs in (red team 27 RT27-B5, B6, B13).
    w = w.replace(/^\$\{?PWD\}?(?=\/|$)/, cwd);
    if (w === '' || w.includes('$') || w.includes('`') || w.startsWith('-')) return undefined;
    return join(cwd, w);
  }
}

/**
 * Whether the command (quotes removed; `exact`: by the shell's quote removal, for its program's text) runs what it reads on its input: a shell or interpreter given
 * no script (`runsItsInput`), or a program whose model says it reads its program there (`ed`,
 * `sqlite3 DB`, `m4`, `sed -f -`) or runs its lines as commands (`sed 's/^//e'`, `awk '{system($0)}'`).
 */
function readsCodeOnInput(words: readonly string[], exact: readonly string[] = words): boolean {
  const text = programTextOf(exact);
  return runsItsInput(words) || text?.input === true || text?.dataRuns?.input === true;
}

/** Whether what the command reads on its input runs as shell text: a shell's, or lines a program runs as commands (`sed 's/^//e'`). */
function inputIsShellText(words: readonly string[], exact: readonly string[] = words): boolean {
  return runsItsInput(words) || programTextOf(exact)?.dataRuns?.input === true;
}

/** A `|` that is no `||`: the text pipes one command into another. */
const PIPE = /(?:^|[^|])\|(?!\|)/;

/**
 * The expansions without each substitution that is one command of a program printing only quoted
 * values (`$(dircolors -b ~/.dircolors)`: `quoting-printers.ts`), whose output names no file and
 * runs nothing of what it read (decision 0166; Debian's stock ~/.bashrc evaluates it).
 */
function withoutQuotedOutput(expansions: string): string {
  return expansions.replace(/\$\(([^()`$|;&<>]*)\)|`([^`$|;&<>]*)`/g, (all, a: string | undefined, b: string | undefined) => {
    const words = (a ?? b ?? '').trim().split(/\s+/);
    const name = words[0] ?? '';
    return quotesWhatItReads(name.slice(name.lastIndexOf('/') + 1), words.slice(1)) ? '' : all;
  });
}

/**
 * Whether the expansions of a word (`$f`, `${f}`, `$1`, `$(…)`) take their value from the text
 * itself: a loop over the variable (`for f in …`, `for f; do`), `read`, an assignment the reader
 * could not put in (`f=$(ls …)`), the positional parameters `set` gives, or a substitution.
 */
function fedByText(expansions: string, text: string): boolean {
  if (/\$\(|`/.test(expansions)) return true;
  for (const m of expansions.matchAll(/\$\{?([A-Za-z_]\w*|[@*#0-9])/g)) {
    const name = m[1]!;
    if (/^[@*#0-9]$/.test(name)) {
      if (/(?:^|[\s;&|(])set\s/.test(text) || /(?:^|[\s;&|(])for\s+\w+\s*(?:;|\n|do\b)/.test(text)) return true;
      continue;
    }
    const n = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?:^|[\\s;&|(])for\\s+${n}\\b|(?:^|[\\s;&|(])read\\b[^;&|\\n]*\\s${n}(?:\\s|$|[;&|])|(?:^|[\\s;&|(])${n}=|\\b(?:mapfile|readarray)\\b[^;&|\\n]*\\s${n}\\b`, 'm').test(text)) return true;
  }
  return false;
}

/**
 * Shell text with the positional parameters it is given put in (`args[0]` is `$0`): `$0`…`$9`,
 * `${N}`, and `$@`/`$*` (all from `$1`) where each value is known; one not known is left as
 * written (it names nothing, as before). `more`: what every parameter after the given ones is
 * (find's `-exec … {} +` appends its files there).
 */
function withPositional(text: string, args: readonly (string | undefined)[], more?: string): string {
  if (args.length === 0) return text;
  const rest = args.slice(1);
  const all = rest.every((v) => v !== undefined) ? rest.join(' ') : undefined;
  return text
    // `for f; do …` walks `$1`, `$2`, …
    .replace(/\bfor\s+([A-Za-z_]\w*)\s*(;|\n|\s+do\b)/g, (m, name: string, end: string) => (all === undefined || all === '' ? m : `for ${name} in ${all}${end}`))
    .replace(/\$(?:\{([0-9])\}|([0-9]))/g, (m, a: string | undefined, b: string | undefined) => (Number(a ?? b) < args.length ? args[Number(a ?? b)] : more) ?? m)
    .replace(/\$(?:\{[@*]\}|[@*])/g, (m) => all ?? m);
}

/** Whether a step is text a shell only parses (`bash -n -c TEXT`, `sh -o noexec -c …`), at any depth. */
function parsedOnly(step: CommandStep, steps: readonly CommandStep[]): boolean {
  for (let s: CommandStep | undefined = step, guard = 0; s?.parent !== undefined && guard < 64; guard++) {
    const parent: CommandStep = steps[s.parent]!;
    const words = commandProper(parent.words.map(unquoted));
    const first = words[0] ?? '';
    if (s.command.context === 'nested' && interpreterLanguage(first.slice(first.lastIndexOf('/') + 1)) === 'shell-script' && shellInvocation(words).noexec === true) return true;
    s = parent;
  }
  return false;
}

/** A command that runs the files or text it is given: a shell, an interpreter, `.`/`source`, a program it reads runs of. */
function runsFiles(words: readonly string[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const name = first.slice(first.lastIndexOf('/') + 1);
  if (interpreterLanguage(name) === 'shell-script' && shellInvocation(words).noexec === true) return false;
  return first === '.' || first === 'source' || (unattendedRuns(words) !== undefined && !isPackageRunner(name));
}

/** The folders a text puts on PYTHONPATH (`python`) and PATH (`program`), as written (relative ones from where a command runs). */
interface SearchPaths {
  readonly python: readonly string[];
  readonly program: readonly string[];
}

const NO_PATHS: SearchPaths = { python: [], program: [] };

/** The files `find START… [-name P] -exec … {} …` hands the command it runs: every file under its start points, or those whose name matches. */
interface FoundFiles {
  /** The start points, as the reader places a word (`.` when none is): a literal one single-quoted, another as written (`~/x`). */
  readonly starts: readonly string[];
  /** The one `-name`/`-iname` test of a plain expression, when it has one. */
  readonly name?: { readonly glob: string; readonly caseless: boolean };
  /** `-exec … {} +`: find appends many files where `{}` stands. */
  readonly many: boolean;
}

/** A word that stands for a file find hands its command: `{}`, or `./{}` (a file `-execdir` hands, in its own folder). */
function isFoundWord(word: string | undefined): boolean {
  return word === '{}' || word === './{}';
}

/** find's primaries that only narrow what it finds by depth, type or `-name` (GNU findutils 4.9); any other keeps every file a candidate. */
const NARROWING = new Set(['-name', '-iname', '-type', '-a', '-and', '-maxdepth', '-mindepth']);

/**
 * What a command `find … -exec` runs gets in place of `{}` (GNU findutils 4.9): the files under the
 * start points, narrowed to a name when the expression before the action is only `-name P` (with
 * `-type`, depth options and `-a`). A start point the analysis leaves unread (`~/.shrc.d`, `$HOME/x`)
 * is the caller's to place, as any run word. `undefined` for a command no find runs.
 */
function foundBy(step: CommandStep, steps: readonly CommandStep[]): FoundFiles | undefined {
  if (step.command.argumentsFrom !== 'find -exec' || step.parent === undefined) return undefined;
  const find = steps[step.parent]!.command;
  const { starts, primaries } = readFind(find.argv);
  const action = primaries.findIndex((p) => p.primary?.effect === 'runs');
  const before = primaries.slice(0, Math.max(0, action));
  const end = primaries[action]?.end;
  const names = before.filter((p) => p.word === '-name' || p.word === '-iname');
  const glob = names.length === 1 && names[0]!.values.length === 1 && find.literal[names[0]!.values[0]!] === true ? find.argv[names[0]!.values[0]!]! : undefined;
  const narrow = glob !== undefined && !/[[\\]/.test(glob) && before.every((p) => NARROWING.has(p.word));
  return {
    starts: starts.length > 0 ? starts.map((k) => (find.literal[k] === true ? quotedWord(find.argv[k]!) : (find.raw?.[k] ?? find.argv[k]!))) : ['.'],
    ...(narrow ? { name: { glob, caseless: names[0]!.word === '-iname' } } : {}),
    many: end !== undefined && find.argv[end] === '+',
  };
}

/** A literal word as the reader's `place` takes it back: single-quoted, so nothing in it expands again. */
function quotedWord(word: string): string {
  return word.includes("'") ? word : `'${word}'`;
}

/** The files below `folder` (at any depth) whose name matches find's `-name` glob. */
function namePattern(folder: string, name: { glob: string; caseless: boolean }): RegExp {
  const base = pathGlobRegExp(name.glob, { caseInsensitive: name.caseless }).source.replace(/^\^|\$$/g, '');
  const at = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${at === '/' ? '' : at}/(?:.*/)?${base}$`, name.caseless ? 'is' : 's');
}

/** `path` or any name it starts with below its folder: what `${T%…}` may cut `T`'s value to. */
function prefixPattern(path: string): RegExp {
  const folder = dirOf(path);
  const name = path.slice(folder.length);
  const cuts = [...name].map((_, i) => name.slice(0, i + 1)).filter((c) => c !== '/');
  return new RegExp(`^${escapedText(folder)}(?:${cuts.map(escapedText).join('|')})$`);
}

const escapedText = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The files directly in `folder` (not below a subfolder). */
function childPattern(folder: string): RegExp {
  const at = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${at === '/' ? '' : at}/[^/]+$`, 's');
}

/** The nearest folder from `dir` up with a package.json or node_modules (npm's local prefix), else `dir`. */
function packageRoot(dir: string, view: ReadonlyFsView | undefined): string {
  if (view === undefined) return dir;
  for (let d = dir; ; d = dirOf(d)) {
    if (view.exists(join(d, 'package.json')) || view.exists(join(d, 'node_modules'))) return d;
    if (d === '/') return dir;
  }
}

/**
 * The folders a PATH entry the text sets is searched as, from `cwd`: a `~` entry is the home's too
 * — the shell expands an unquoted one after `=` and `:`, and bash's command search a quoted one
 * (bash 5.2: `PATH="~/bin:$PATH"; x.sh` ran ~/bin/x.sh; dash took it as a folder named `~`).
 */
function programDirs(entry: string, cwd: string, home: string): string[] {
  const tilde = /^~(?=\/|$)/.test(entry) ? [join(home, `.${entry.slice(1)}`)] : [];
  return [...tilde, join(cwd, entry)];
}

const dirOf = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';
const join = (dir: string, rest: string): string =>
  rest.startsWith('/') ? normalizePath(rest, { cwd: '/', home: '/', platform: 'linux' }) : normalizePath(`${dir === '/' ? '' : dir}/${rest}`, { cwd: dir, home: '/', platform: 'linux' });

function clip(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

function shownPath(file: string, world: CommandWorld): string {
  const base = world.projectDir ?? world.top;
  if (file.startsWith(`${base}/`)) return file.slice(base.length + 1);
  return file.startsWith(`${world.home}/`) ? `~${file.slice(world.home.length)}` : file;
}

/** A word without its quotes (`"$(dirname "$0")"/x` → `$(dirname $0)/x`). */
function unquoted(word: string): string {
  return word.replace(/\\(.)/g, '$1').replace(/["']/g, '');
}

/** A redirection word (`>out`, `2>&1`); a process substitution (`<(cat f)`) is an operand. */
const isRedirection = (w: string): boolean => /^\d*(?:[<>]|&>)/.test(w) && !/^[<>]\(/.test(w) && !/^\d*(?:[<>]&?|&>>?|>>|<<<?|<>)$/.test(w);
const isRedirectionOperator = (w: string): boolean => /^\d*(?:[<>]&?|&>>?|>>|<<<?|<>|>\|)$/.test(w);

/**
 * The simple commands of shell text: split at `;`, `&`, `|`, newlines and parentheses outside
 * quotes and `$(…)`, comments and line continuations dropped.
 */
export function simpleCommands(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let depth = 0;
  const s = text.replace(/\\\n/g, ' ');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote !== undefined) {
      cur += c;
      if (c === '\\' && quote === '"') cur += s[++i] ?? '';
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      quote = c;
      cur += c;
      continue;
    }
    if (c === '\\') {
      cur += c + (s[++i] ?? '');
      continue;
    }
    // A parameter expansion is one word: a `(`, `;` or `|` inside it splits nothing (zsh's `${(P)N}`, `${x//;/}`).
    if (c === '$' && s[i + 1] === '{' && depth === 0) {
      const end = braceEnd(s, i + 1);
      cur += s.slice(i, end + 1);
      i = end;
      continue;
    }
    if (c === '$' && s[i + 1] === '(') {
      depth++;
      cur += '$(';
      i++;
      continue;
    }
    if (depth > 0) {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      cur += c;
      continue;
    }
    if (c === '#' && (cur === '' || /\s$/.test(cur))) {
      while (i < s.length && s[i] !== '\n') i++;
      i--;
      continue;
    }
    if (c === ';' || c === '&' || c === '|' || c === '\n' || c === '(' || c === ')') {
      if (cur.trim() !== '') out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  if (cur.trim() !== '') out.push(cur.trim());
  return out;
}

/** The index of the `}` that closes the `{` at `open` (braces nested), or the text's last index. */
function braceEnd(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '{') depth++;
    else if (text[j] === '}' && --depth === 0) return j;
  }
  return text.length - 1;
}

/** Words split at blanks outside quotes and `$(…)`, quotes kept. */
function wordsOf(command: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let depth = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote !== undefined) {
      cur += c;
      if (c === '\\' && quote === '"') cur += command[++i] ?? '';
      else if (c === quote) quote = undefined;
      continue;
    }
    if (depth === 0 && /\s/.test(c)) {
      if (cur !== '') out.push(cur);
      cur = '';
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '$' && command[i + 1] === '(') {
      depth++;
      cur += '$(';
      i++;
      continue;
    } else if (depth > 0 && c === '(') depth++;
    else if (depth > 0 && c === ')') depth--;
    cur += c;
  }
  if (cur !== '') out.push(cur);
  return out;
}
