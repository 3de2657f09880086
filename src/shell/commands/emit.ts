/**
 * The command layer: turns a syntax-level command into `SimpleCommand`s, deciding what is
 * unknown (dynamic names, code-as-data builtins) and looking through wrappers.
 */
import { addStateChange, addUnknown, addUnseen, type Collector, type RawCommand, type RawWord } from '../syntax/collector.js';
import { arithmeticAssigns, arithmeticRunsCode, subscriptAssigns, subscriptRunsCode } from '../syntax/arithmetic.js';
import { MAX_NESTED_DEPTH } from '../syntax/limits.js';
import { commandStateChange } from './state.js';
import { assignedName, bindingOperand, commandTableBinding, unboundVariableChange, variableStateChange } from '../syntax/variables.js';
import { SHELL_MODELS, anyShell } from '../shells/index.js';
import { modelledShellOfName } from '../programs/modelled-shells.js';
import { sameProgram } from '../programs/name-variants.js';
import type { Redirect, RunTimeInput, SimpleCommand } from '../types.js';
import { unwrap, type Unwrapped } from './wrappers.js';
import { ARITHMETIC_BUILTINS, CODE_AS_DATA, NAME_BINDINGS, shellName } from '../programs/posix-shells.js';
import type { Environment } from '../syntax/environment.js';
import { PROGRAMS } from '../programs/index.js';
import { inputOptionAt } from '../programs/input-options.js';
import { arithmeticValueWords, nameWords, type VariableSetter } from '../programs/variable-setters.js';
import { trackCommandVariables, trackStatementAssignments } from './exported.js';
import { mergeVariableFacts } from '../syntax/variable-facts.js';
import { leftState } from '../syntax/left-state.js';
import { embeddedShellStrings, interpreterOpaque } from '../programs/interpreters.js';
import { commandOutput, promptCode, readsInput, shellInvocation, shellStartupCode, shownInput, sourcedInput, type ShownTexts, type WrittenFiles } from '../programs/shell-code.js';
import { escapeCodeShown } from '../programs/code-runners.js';
import { projectCodeShown } from '../programs/project-runners.js';
import { fedTexts, handOn, recordOutput, shownText, writtenFiles } from './shown-text.js';
import { readAssignment } from '../syntax/environment.js';
import { codePathWords, shownCode } from '../programs/interpreter-code.js';

/** Last path segment of a command name (`/bin/rm` → `rm`). */
export function commandBasename(name: string): string {
  const i = name.lastIndexOf('/');
  return i >= 0 ? name.slice(i + 1) : name;
}

/**
 * The program a name may start on a case-insensitive file system or on Windows: lower case,
 * without `.exe` (`RM`, `rm.exe` → `rm`); and the program another installed name of it is
 * (`vim.basic`, `view`, `rzsh` → `vim`, `zsh`: name-variants.ts, SAME_PROGRAM), so every table and
 * facet reads it as that program. argv keeps the name as written; this is for looking through
 * wrappers and finding file operands, where reading too much only fails closed.
 */
export function foldedCommandName(name: string): string {
  const folded = commandBasename(name).toLowerCase();
  return sameProgram(folded.endsWith('.exe') ? folded.slice(0, -4) : folded);
}

/** Reserved words that can never start a simple command; the grammar accepts them, bash does not. */
/** Wrappers looked through one inside another before the command counts as unknown. */
const MAX_WRAPPER_DEPTH = 32;

const MISPLACED_RESERVED = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', 'esac', 'in', '}', ']]', ';;']);

/**
 * Reserved words the grammar reads as plain command names although bash gives them syntax of
 * their own: what follows is not an ordinary command (`coproc { rm -rf ~; }`).
 */
const UNHANDLED_KEYWORDS = new Map([
  ['function', "the 'function' keyword is a construct toolgate does not analyse here"],
  ['select', 'select is a construct toolgate does not analyse here'],
]);

/** Words that open a compound command: `coproc` with one (or `coproc NAME` with one) is not a wrapper. */
const COMPOUND_OPENERS = new Set(['{', '(', '((', '[[', 'if', 'for', 'while', 'until', 'case', 'select', 'function']);

/** `coproc { …; }` / `coproc NAME { …; }`: the grammar does not read it; `coproc cmd args` is a wrapper. */
function compoundCoproc(raw: RawCommand): boolean {
  if (raw.words[0]?.raw !== 'coproc') return false;
  const [, a, b] = raw.words.map((w) => w.raw);
  return (a !== undefined && COMPOUND_OPENERS.has(a)) || (b !== undefined && COMPOUND_OPENERS.has(b)) || raw.words.length === 1;
}

/** `name[sub]` (or `name[sub]=…`) whose subscript is not a plain number, `@` or `*`. */
function subscriptNotNumber(word: string): boolean {
  const m = /^[A-Za-z_][A-Za-z0-9_]*\[(.*?)\]/s.exec(word);
  return m !== null && !/^\s*([0-9]+|[@*])\s*$/.test(m[1]!);
}

/**
 * The first word of `raw` that names a variable (as `how` reads the builtin's words) and whose name
 * is not literal text: an expansion or a glob before any `=` (`"$x"`, `"$x=1"`, `a*`; not `"x=$y"`,
 * whose name is `x`). Its value may hold a subscript, which bash and zsh evaluate.
 */
function nameNotLiteral(raw: RawCommand, how: VariableSetter): string | undefined {
  const words = raw.words.slice(1);
  for (const k of nameWords(
    words.map((w) => (w.word.literal ? w.word.value : w.raw)),
    how,
  )) {
    const w = words[k]!;
    if (w.word.literal) continue;
    const eq = w.raw.indexOf('=');
    if (/[$`*?[]/.test(eq < 0 ? w.raw : w.raw.slice(0, eq))) return w.raw;
  }
  return undefined;
}

/**
 * The first word of `raw` holding the value of an option the builtin's model says some shell
 * evaluates as arithmetic (`how.arithmeticValued`: zsh's `read -t "$x"`) that is not literal text:
 * its value may hold a subscript, which zsh evaluates (a literal one is read by `subscriptRunsCode`).
 */
function arithmeticValueNotLiteral(raw: RawCommand, how: VariableSetter): string | undefined {
  const words = raw.words.slice(1);
  for (const k of arithmeticValueWords(
    words.map((w) => (w.word.literal ? w.word.value : w.raw)),
    how,
  ))
    if (!words[k]!.word.literal) return words[k]!.raw;
  return undefined;
}

/**
 * A pattern naming an absolute path, written plainly: no quotes, escapes, expansions, braces, `~`,
 * or the characters of zsh's and bash's extended patterns (`^ # ~ ( ) | < >`).
 */
const ABSOLUTE_NAME_PATTERN = /^\/[A-Za-z0-9_.+@%,:=/*?[\]!-]*$/;

/**
 * A command name written as a pattern naming an absolute path (`/usr/bin/gcc-1?`, zsh's
 * `/usr/bin/gcc-<->` respelled `/usr/bin/gcc-[0-9]*`: numeric-globs.ts) read as the one file the
 * view shows it matches (`Collector.commandNames`): the shell runs that file (zsh 5.9 ran gcc-12
 * for `/usr/bin/gcc-<-> --version`, replay 23 RP23-V2). Several matches (which runs first depends
 * on the locale's order), none, or a view that cannot say leave the name unknown. A match that is
 * a superset of what the shell's pattern matches (`[0-9]*` for `<->`) is still right when it is
 * one file: the shell runs it or, matching nothing, runs nothing.
 */
function patternName(c: Collector, w: RawWord): RawWord | undefined {
  const d = w.word;
  if (c.commandNames === undefined || d.literal || !d.glob || d.brace || d.tilde || d.expansion) return undefined;
  if (d.substitutions > 0 || d.zshEquals || d.error !== undefined || !ABSOLUTE_NAME_PATTERN.test(w.raw)) return undefined;
  if (w.raw.split('/').some((s) => s === '.' || s === '..')) return undefined;
  const names = c.commandNames(w.raw);
  if (names?.length !== 1) return undefined;
  return { raw: w.raw, word: { ...d, value: names[0]!, literal: true, glob: false } };
}

/** Why the command name cannot be taken as written; `unseen` when that is because it cannot be read at all. */
function nameProblem(w: RawWord, shell: Collector['shell']): { reason: string; unseen: boolean } | undefined {
  const d = w.word;
  if (d.error) return { reason: `command name cannot be read (${d.error}): ${w.raw}`, unseen: true };
  if (d.zshEquals) return { reason: `zsh '=' expansion in command name: ${w.raw}`, unseen: true };
  // A program toolgate cannot name may remove a critical path or write a protected one.
  if (!d.literal) return { reason: `command name is not literal: ${w.raw}`, unseen: true };
  if (d.value === '') return { reason: 'empty command name', unseen: false };
  if (MISPLACED_RESERVED.has(w.raw)) return { reason: `reserved word '${w.raw}' out of place (a syntax error in bash)`, unseen: true };
  if (shell === 'zsh' && d.value.startsWith('=')) return { reason: `zsh '=' expansion in command name: ${w.raw}`, unseen: true };
  return undefined;
}

/**
 * Adds one simple command (and whatever it wraps) to the collector.
 * @returns its index, or undefined when it has no words (assignments or redirects alone).
 */
export function emitCommand(c: Collector, given: RawCommand): number | undefined {
  const n = given.words.length;
  if (n === 0) return undefined;
  const named = patternName(c, given.words[0]!);
  const raw = named === undefined ? given : { ...given, words: [named, ...given.words.slice(1)] };
  // The three word arrays are the command's own: made at their length, filled in one pass.
  const argv: string[] = new Array(n);
  const literal: boolean[] = new Array(n);
  const rawWords: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const w = raw.words[k]!;
    argv[k] = w.word.value;
    literal[k] = w.word.literal;
    rawWords[k] = w.raw;
  }
  const words = rawWords.join(' ');
  const source = raw.assignments.length === 0 ? words : `${raw.assignments.join(' ')} ${words}`;
  const cmd: SimpleCommand = {
    argv,
    program: foldedCommandName(argv[0]!),
    literal,
    raw: rawWords,
    assignments: raw.assignments,
    redirects: raw.inherited.length === 0 ? raw.redirects.slice() : raw.redirects.concat(raw.inherited),
    source,
    context: raw.context,
    transparentWrapper: false,
    exactOnly: false,
    inSubshell: raw.inSubshell,
  };
  if (raw.parent !== undefined) cmd.parent = raw.parent;
  const index = c.commands.push(cmd) - 1;
  for (const r of raw.redirects) c.redirects.push({ ...r, command: index });

  /** `unseen`: the reason is a firm ask in every mode (unreadable, or hidden code). */
  const markUnknown = (reason: string, unseen = false): void => markCommandUnknown(c, cmd, reason, unseen);
  const before = index > 0 ? c.commands[index - 1] : undefined;
  const previous = before?.parent === cmd.parent && before?.context === cmd.context ? before : undefined;
  // What the line shows this command reads and writes (`echo … | env bash`, `printf … > x.sh`).
  const files = writtenFiles(c);
  const fed = fedTexts(c, index, previous);
  recordOutput(c, cmd, index, fed);
  noteShown(c, cmd, fed, files);
  if (raw.unknown) markUnknown(raw.unknown, true);
  for (const w of raw.words) if (w.word.error) markUnknown(`word cannot be read (${w.word.error}): ${w.raw}`, true);

  const problem = nameProblem(raw.words[0]!, c.shell);
  if (problem) {
    markUnknown(problem.reason, problem.unseen);
    return index;
  }
  const unhandled = compoundCoproc(raw)
    ? 'coproc with a compound command is a construct toolgate does not analyse'
    : UNHANDLED_KEYWORDS.get(argv[0]!);
  if (unhandled !== undefined && raw.words[0]!.raw === argv[0]) {
    markUnknown(unhandled, true);
    return index;
  }
  // A command of a script a wrapper fills with input (`parallel 'gzip < {} > {}.gz'`) gets it too.
  const input = raw.input ?? (raw.parent === undefined ? c.input : undefined);
  const placed = (text: string): boolean => input?.placeholder !== undefined && text.includes(input.placeholder);
  if (input && (input.appended || argv.some(placed) || (input.quoted === true && raw.redirects.some((r) => placed(r.target))))) {
    cmd.argumentsFrom = input.via;
  }
  if (input?.placeholder !== undefined && argv[0]!.includes(input.placeholder)) {
    markUnknown(`${input.via} takes the command name from its input: ${raw.words[0]!.raw}`, true);
    return index;
  }
  const exact = commandBasename(argv[0]!);
  const name = cmd.program;
  // A word from input that may be an option which runs a program (`echo --pre=sh | xargs rg
  // foo`, `xargs -I{} sort {}`): what it runs is named by input toolgate cannot see.
  if (
    cmd.argumentsFrom !== undefined &&
    input !== undefined &&
    inputOptionAt(argv, literal, input, PROGRAMS.get(name)?.grammar) !== undefined
  ) {
    const runs = PROGRAMS.inputOptions(name)?.runs[0];
    if (runs !== undefined)
      cmd.opaque ??= `a word ${name} gets from ${input.via} input may be its option ${runs}, which runs a program toolgate cannot see`;
  }
  if (name === 'eval' && exact === argv[0]) {
    // bash joins eval's words with spaces and runs the result: read it like `bash -c`.
    const words = raw.words.slice(1);
    if (words.length > 0 && words.every((w) => w.word.literal)) {
      // Still unknown for allow rules (it runs text as code); deny rules, protected writes and
      // critical removals see what it runs.
      markUnknown(`'eval' runs text as shell code`);
      emitNested(
        c,
        words.map((w) => w.word.value).join(' '),
        index,
        'eval',
        cmd.redirects,
        [...c.env, ...ancestorAssignments(c, cmd.parent), ...cmd.assignments],
        undefined,
        true,
      );
      return index;
    }
    if (words.length > 0)
      markUnknown(
        `'eval' runs text toolgate cannot see: ${words
          .map((w) => w.raw)
          .join(' ')
          .slice(0, 60)}`,
        true,
      );
    return index;
  }
  if (CODE_AS_DATA.has(name)) {
    markUnknown(`'${name}' runs text as shell code`);
    const binding = NAME_BINDINGS[name];
    if (binding !== undefined) addStateChange(c, binding(argv, cmd.literal), index + 1, true);
    // `source /dev/stdin <<< 'cmd'`: like eval, deny rules, protected writes and critical removals see what it runs.
    const texts = (name === 'source' || name === '.') && exact === argv[0] ? sourcedInput(cmd, fed, files) : undefined;
    for (const text of texts ?? [])
      emitNested(
        c,
        text,
        index,
        name,
        cmd.redirects,
        [...c.env, ...ancestorAssignments(c, cmd.parent), ...cmd.assignments],
        undefined,
        true,
      );
    return index;
  }
  const model = PROGRAMS.get(name);
  if (
    (ARITHMETIC_BUILTINS.has(name) || model?.arithmeticSubscripts === true) &&
    raw.words.slice(1).some((w) => (name === 'let' ? arithmeticRunsCode(w.raw) : subscriptRunsCode(w.raw)))
  ) {
    markUnknown(`'${name}' may evaluate a substitution inside an array subscript`, true);
  } else if (model?.variableWords !== undefined && nameNotLiteral(raw, model.variableWords) !== undefined) {
    markUnknown(
      `'${name}' is given a variable name that is not literal (${nameNotLiteral(raw, model.variableWords)!}): the shell evaluates a subscript in that name, which may run a command`,
      true,
    );
  } else if (
    model?.variableWords !== undefined &&
    anyShell(c.shells, (s) => (s.evaluatesOptionNumbers ? true : undefined)) === true &&
    arithmeticValueNotLiteral(raw, model.variableWords) !== undefined
  ) {
    markUnknown(
      `'${name}' is given a number that is not literal (${arithmeticValueNotLiteral(raw, model.variableWords)!}): zsh evaluates it as arithmetic, where a subscript may run a command`,
      true,
    );
  } else if (model?.variables !== undefined && raw.words.slice(1).some((w) => subscriptNotNumber(w.word.literal ? w.word.value : w.raw))) {
    markUnknown(
      `'${name}' evaluates an array subscript arithmetically: ${raw.words
        .map((w) => w.raw)
        .join(' ')
        .slice(0, 60)}`,
      true,
    );
  }

  for (const w of raw.words) {
    const problem = wordProblem(c.shells, w.raw);
    if (problem !== undefined) markUnknown(problem, true);
  }
  // A redirection's target is a word too (`cat < $PWD:h/x` in zsh), literal to bash or not: zsh
  // expands `> .{c\..c}laude/x`, which bash reads as one literal name.
  for (const r of cmd.redirects) {
    const problem = wordProblem(c.shells, r.target);
    if (problem !== undefined) markUnknown(problem, true);
  }
  // A change that holds only after the command's own code (a trap's action) is added once that code is emitted.
  const change = commandStateChange(cmd, c.shells);
  const afterOwnCode = model?.state?.afterOwnCode === true;
  const done = (): number => {
    if (afterOwnCode) addStateChange(c, change, c.commands.length);
    return index;
  };
  // A setter of a variable that binds command names (`set -A commands cat /usr/bin/cp`,
  // `typeset -A functions=(…)`, `read -A BASH_CMDS`) is as firm as `hash` and `alias`.
  const binding = change === undefined ? undefined : bindingOperand(argv.slice(1), c.shells);
  if (binding !== undefined) addStateChange(c, binding, index + 1, true);
  else if (!afterOwnCode) addStateChange(c, change, index + 1);
  // `let PATH=0`, `test -v 'a[PATH=0]'`, `unset 'a[HOME=0]'`: the evaluation sets the variable.
  if (ARITHMETIC_BUILTINS.has(name) || model?.arithmeticSubscripts === true)
    for (const w of raw.words.slice(1))
      for (const n of ARITHMETIC_BUILTINS.has(name) ? arithmeticAssigns(w.raw) : subscriptAssigns(w.raw))
        addStateChange(c, variableStateChange(n, false, c.shells), index + 1);
  // A command of a script no one passed variables to, run by no wrapper, with no assignments of its own: no environment.
  const env: Environment =
    c.env.length === 0 && cmd.parent === undefined && cmd.assignments.length === 0
      ? NO_ENVIRONMENT
      : [...c.env, ...ancestorAssignments(c, cmd.parent), ...cmd.assignments];
  // What the script exported before reaches the program's configured code too (after what the
  // script was given, before the command's own words).
  const exported = c.exported === undefined ? env : [...c.env, ...c.exported, ...ancestorAssignments(c, cmd.parent), ...cmd.assignments];
  const extra = programCode(cmd, name, model?.variables === 'assigns', env, fed, files, shownText(c).batches.get(index), exported);
  trackCommandVariables(c, name, cmd, model?.variableWords);
  // `cat <<EOF | sh`: the grammar gives the shell first; what cat writes is read by it.
  if (previous && shellName(previous.program) !== undefined && readsInput(previous)) {
    for (const piped of commandOutput(cmd, undefined, files) ?? [])
      if (piped.trim() !== '')
        emitNested(c, piped, index - 1, `${previous.argv[0]} reading what the command after it writes`, previous.redirects, env);
  }
  const info = unwrap(name, argv, cmd.literal);
  if (info?.runsInput !== undefined) {
    // `echo 'cp a b' | parallel`: the lines the line shows on its input are its commands.
    for (const text of shownInput(cmd, fed, files) ?? []) if (text.trim() !== '') emitNested(c, text, index, info.runsInput, cmd.redirects, env);
  }
  if (!info && extra.length === 0) return done();
  // `env env env … rm`: a chain of wrappers past any real use is not looked through further.
  let depth = 0;
  for (let p = cmd.parent; p !== undefined && depth <= MAX_WRAPPER_DEPTH; p = c.commands[p]?.parent) depth++;
  if (depth > MAX_WRAPPER_DEPTH) {
    markUnknown(`wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`, true);
    return done();
  }
  // Claude Code looks through the wrappers it names; `TIMEOUT` on Linux is some other program,
  // and so is `./timeout` (a program named by a path is only what is written).
  cmd.transparentWrapper = (info?.transparent ?? false) && exact === name && exact === argv[0];
  cmd.exactOnly = info?.exactOnly ?? false;
  if (info && input?.appended && info.inner.length === 0 && !(name === 'command' && argv.length > 1)) {
    markUnknown(`${input.via} appends its input to ${name}, which runs it as a command`, true);
  }
  const innerInput = info?.input ?? input;
  for (const inner of [...(info?.inner ?? []), ...extra]) {
    if (inner.kind === 'unknown') {
      markUnknown(inner.reason, inner.unseen === true);
      continue;
    }
    if (inner.kind === 'opaque') {
      cmd.opaque ??= inner.reason;
      if (inner.embedded !== undefined) {
        const { script, holder, anyLanguage } = inner.embedded;
        (cmd.embeddedShell ??= []).push(script);
        cmd.embeddedShellHolder ??= holder;
        if (anyLanguage) {
          // Code of a program toolgate cannot name: its strings' commands and the paths it names, as an interpreter's.
          for (const s of embeddedShellStrings(['', script])) if (!cmd.embeddedShell.includes(s)) cmd.embeddedShell.push(s);
          const paths = codePathWords([script]);
          if (paths.length > 0) cmd.codePaths = [...new Set([...(cmd.codePaths ?? []), ...paths])];
        }
      }
      continue;
    }
    if (inner.kind === 'text') {
      if (innerInput?.placeholder !== undefined && inner.script.includes(innerInput.placeholder)) {
        // Quoted input words (`parallel`) stay words: the script's commands get them from input.
        if (innerInput.quoted === true) emitNested(c, inner.script, index, inner.what, cmd.redirects, env, innerInput);
        // `xargs -I{} rg --pre={} x`: the program it runs is named by input, as `xargs -I{} {} x`'s is.
        else if ((inner.script.trim().split(/\s+/)[0] ?? '').includes(innerInput.placeholder))
          markUnknown(`${inner.what} runs a program that ${innerInput.via} names from its input: ${inner.script}`, true);
        else markUnknown(`${name} runs a script that ${innerInput.via} fills from its input: ${inner.script}`);
        continue;
      }
      emitNested(c, inner.script, index, inner.what, cmd.redirects, env);
      continue;
    }
    if (inner.kind === 'argv') {
      // The command it runs reads the wrapper's input (`echo … | env bash`), but for xargs's
      // (`/dev/null`), whose input becomes its words (`echo … | xargs -0 sh -c`).
      handOn(c, c.commands.length, info?.closesInput === true ? undefined : shownInput(cmd, fed, files));
      if (info?.batches !== undefined) {
        const batches = shownInput(cmd, fed, files)?.flatMap((t) => info.batches!(t) ?? []);
        if (batches !== undefined && batches.length > 0) shownText(c).batches.set(c.commands.length, batches);
      }
      emitCommand(c, {
        words: raw.words.slice(inner.start, inner.end),
        assignments: (inner.assignments ?? []).map((k) => raw.words[k]!.raw),
        redirects: [],
        inherited: cmd.redirects,
        context: 'exec',
        inSubshell: raw.inSubshell,
        parent: index,
        ...(innerInput ? { input: innerInput } : {}),
      });
      continue;
    }
    const words = raw.words.slice(inner.index, inner.joinFrom === undefined ? inner.index + 1 : raw.words.length);
    const placeholder = innerInput?.placeholder;
    if (placeholder !== undefined && words.some((w) => w.word.value.includes(placeholder))) {
      markUnknown(`${name} runs a script that ${innerInput!.via} fills from its input: ${words.map((w) => w.raw).join(' ')}`, true);
      continue;
    }
    if (words.some((w) => !w.word.literal)) {
      markUnknown(`${name} runs a script that is not literal: ${words.map((w) => w.raw).join(' ')}`, true);
      continue;
    }
    const script = words
      .map((w) => w.word.value)
      .join(' ')
      .slice(inner.offset ?? 0);
    emitNested(c, script, index, name, cmd.redirects, env, undefined, inner.here === true);
  }
  return done();
}

const NO_ENVIRONMENT: Environment = Object.freeze([]);

/** Marks `cmd` unknown for `reason` (the first reason stays its own); `unseen`: a firm ask in every mode. */
function markCommandUnknown(c: Collector, cmd: SimpleCommand, reason: string, unseen: boolean): void {
  cmd.unknown ??= reason;
  if (unseen) addUnseen(c, reason);
  else addUnknown(c, reason);
}

/** The first problem any of `shells` finds in a word as written (`anyShell` without a closure per word). */
function wordProblem(shells: Collector['shells'], raw: string): string | undefined {
  for (const s of shells) {
    const problem = s.wordProblem(raw);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The assignments of the commands that run command `parent` and of it, outermost first. */
function ancestorAssignments(c: Collector, parent: number | undefined): string[] {
  const chain: string[][] = [];
  for (let p = parent, n = 0; p !== undefined && n <= MAX_WRAPPER_DEPTH; p = c.commands[p]?.parent, n++) {
    const a = c.commands[p]?.assignments;
    if (a && a.length > 0) chain.push(a);
  }
  return chain.reverse().flat();
}

/**
 * Code a command runs besides its words: a git configuration or environment that names a
 * program, a shell's startup files and input, an interpreter's code, prompt variables it sets.
 */
function programCode(
  cmd: SimpleCommand,
  name: string,
  assigns: boolean,
  env: Environment,
  fed: ShownTexts | undefined,
  files: WrittenFiles,
  batches: readonly (readonly string[])[] | undefined,
  configuredEnv: Environment = env,
): Unwrapped[] {
  const out: Unwrapped[] = [];
  for (const a of cmd.assignments) {
    const code = promptCode(a);
    if (code) out.push(code);
  }
  if (assigns) {
    for (let k = 1; k < cmd.argv.length; k++) {
      const code = cmd.argv[k]!.includes('=') ? promptCode(cmd.raw?.[k] ?? cmd.argv[k]!) : undefined;
      if (code) out.push(code);
    }
  }
  const configured = PROGRAMS.get(name)?.runsConfigured;
  if (configured) out.push(...configured(cmd.argv, cmd.literal, configuredEnv));
  if (shellName(name) !== undefined) {
    out.push(...shellStartupCode(cmd, env, fed, files));
    // `echo 'cp a b' | xargs -0 sh -c`: the script is a word xargs hands it from what the line shows.
    for (const batch of batches ?? []) {
      const all = [...cmd.argv, ...batch];
      const { script } = shellInvocation(all);
      if (script !== undefined && script >= cmd.argv.length)
        out.push({ kind: 'text', script: all[script]!, what: `${cmd.argv[0]} -c, its script a word ${cmd.argumentsFrom ?? 'its wrapper'} hands it` });
    }
  }
  const opaque = interpreterOpaque(name, cmd.argv, cmd.literal);
  // A file the line wrote, run by its path (`printf … > x.sh; ./x.sh`): its `#!` line says what runs it.
  const ran = cmd.argv[0]!.includes('/') ? cmd.shown?.words?.[0] : undefined;
  const texts: string[] = [];
  for (const text of ran ?? []) {
    const runner = shebangProgram(text);
    if (runner === undefined || shellName(runner) !== undefined)
      out.push({ kind: 'text', script: text, what: `${cmd.argv[0]}, which the line wrote` });
    // The `#!` line names its interpreter, no path its code uses.
    else texts.push(text.replace(/^#!.*\n?/, ''));
  }
  if (opaque !== undefined || texts.length > 0) {
    if (opaque !== undefined) out.push({ kind: 'opaque', reason: opaque });
    // The program text the line shows (inline code, the text fed on its input, a file or a variable
    // the line wrote, a word xargs hands it) is read for the commands it appears to hold and the paths it names.
    for (const argv of knownArgvs(cmd, batches)) texts.push(...shownCode(name, argv, shownInput(cmd, fed, files), files).texts);
    const commands = [...new Set(knownArgvs(cmd, batches).flatMap((argv) => shownCode(name, argv, shownInput(cmd, fed, files), files).commands))];
    const strings = [...new Set([...embeddedShellStrings([...cmd.argv, ...texts]), ...commands])];
    if (strings.length > 0) cmd.embeddedShell = strings;
    const paths = codePathWords(texts);
    if (paths.length > 0) cmd.codePaths = paths;
  }
  // The commands a macro processor's, calculator's or makefile's literal text shows (`m4 <<<
  // 'syscmd(…)'`, `dc -e '!…'`, `make -f - <<< …`), read as an interpreter's embedded commands.
  // Each reading of the input the line shows (printers differ between shells), or none.
  const inputs: readonly (string | undefined)[] = shownInput(cmd, fed, files) ?? [undefined];
  const shownCommands = inputs.flatMap((text) => [
    ...escapeCodeShown(name, cmd.argv, () => text),
    ...projectCodeShown(name, cmd.argv, () => text),
  ]);
  if (shownCommands.length > 0) {
    cmd.embeddedShell = [...new Set([...(cmd.embeddedShell ?? []), ...shownCommands.map((c) => c.script)])];
    cmd.embeddedShellHolder ??= shownCommands[0]!.holder;
  }
  return out;
}

/** The program a script's `#!` line names (`#!/usr/bin/env python3` → `python3`), or undefined. */
function shebangProgram(text: string): string | undefined {
  const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  if (m === null) return undefined;
  const program = foldedCommandName(m[1]!);
  return program === 'env' && m[2] !== undefined ? foldedCommandName(m[2]) : program;
}

/**
 * The words of `cmd` as the line shows them: as written, and once for each text a word that is a
 * lone variable the line set to literal text may be (`c='…'; python3 -c "$c"`), and with each batch
 * of words a wrapper hands it appended (`echo '…' | xargs -0 python3 -c`).
 */
function knownArgvs(cmd: SimpleCommand, batches: readonly (readonly string[])[] | undefined): string[][] {
  const out: string[][] = [cmd.argv];
  for (const [k, texts] of Object.entries(cmd.shown?.words ?? {}))
    if (cmd.literal[Number(k)] === false) for (const t of texts.slice(0, 4)) out.push(cmd.argv.map((w, j) => (j === Number(k) ? t : w)));
  for (const batch of (batches ?? []).slice(0, 4)) out.push([...cmd.argv, ...batch]);
  return out;
}

/** A word that is one variable, quoted or not (`"$c"`, `${c}`): its name. */
const LONE_VARIABLE = /^("?)\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})\1$/;

/**
 * Notes on `cmd` what the line shows of the text it reads (`SimpleCommand.shown`): the texts on
 * its input, and for a word that names a file an earlier command wrote, or that is a lone variable
 * an earlier assignment of the line set to literal text, those texts.
 */
function noteShown(c: Collector, cmd: SimpleCommand, fed: ShownTexts | undefined, files: WrittenFiles): void {
  const input = shownInput(cmd, fed, files);
  const words: Record<number, readonly string[]> = {};
  let any = false;
  const wrote = shownText(c).files.size > 0;
  for (let k = 0; k < cmd.argv.length; k++) {
    let texts: readonly string[] | undefined;
    if (cmd.literal[k] === true) texts = wrote ? files(cmd.argv[k]!) : undefined;
    else if (c.assigned !== undefined) {
      const m = LONE_VARIABLE.exec(cmd.raw?.[k] ?? '');
      const name = m?.[2] ?? m?.[3];
      const values = name === undefined ? [] : c.assigned.map(readAssignment).filter((a) => a?.name === name && a.value !== undefined);
      if (values.length > 0) texts = values.map((a) => a!.value!);
    }
    if (texts === undefined) continue;
    words[k] = texts;
    any = true;
  }
  if (input !== undefined || any) cmd.shown = { ...(input !== undefined ? { input } : {}), ...(any ? { words } : {}) };
}

/**
 * A statement with no command word: assignments (each may change what later commands do) and
 * redirections (which some shells answer by running a program of their own), from either front end.
 */
export function emitWordlessStatement(c: Collector, assignments: readonly string[], redirects: readonly Redirect[]): void {
  for (const r of redirects) c.redirects.push(r);
  for (const a of assignments) {
    const name = assignedName(a) ?? a;
    const binding = commandTableBinding(name, c.shells);
    addStateChange(c, binding ?? unboundVariableChange(name, false, c.shells), c.commands.length, binding !== undefined);
  }
  emitStatementAssignments(c, assignments);
  trackStatementAssignments(c, assignments);
  c.variables?.assignments.push(...assignments);
  const alone = anyShell(c.shells, (s) => s.redirectionsAlone(redirects));
  if (alone !== undefined) addUnseen(c, alone);
}

/** Statement assignments (`PS4='$(cmd)'; set -x`): the code a prompt variable or `PROMPT_COMMAND` holds. */
export function emitStatementAssignments(c: Collector, assignments: readonly string[]): void {
  for (const a of assignments) {
    const code = promptCode(a);
    if (code?.kind === 'text') emitNested(c, code.script, undefined, code.what, [], c.env);
    else if (code) addUnknown(c, 'reason' in code ? code.reason : `${a} holds code toolgate cannot read`);
  }
}

/**
 * Adds the commands of a script `name` runs (`bash -c`, `eval`, a trap's action) as children of
 * command `parent`; `here` when it runs in this shell, so what it leaves changed holds after it.
 */
function emitNested(
  c: Collector,
  script: string,
  parent: number | undefined,
  name: string,
  inherited: SimpleCommand['redirects'],
  env: Environment,
  input?: RunTimeInput,
  here = false,
): void {
  if (c.nestedDepth + 1 > MAX_NESTED_DEPTH) {
    addUnseen(c, `nested scripts deeper than ${MAX_NESTED_DEPTH}`);
    return;
  }
  // `zsh -c '…'`, `… | zsh` run from bash: the script is zsh's too (`>!` writes the next word there).
  // `name` is the program, or starts with it (`zsh reading standard input`).
  const runner = modelledShellOfName(foldedCommandName(name.split(' ')[0]!));
  const inner = c.nested(script, c.nestedDepth + 1, env, input, runner === undefined ? undefined : SHELL_MODELS[runner]);
  const offset = c.commands.length;
  for (const sub of inner.commands) {
    const copy: SimpleCommand = {
      ...sub,
      context: sub.context === 'top' ? 'nested' : sub.context,
      inSubshell: true,
      redirects: [...sub.redirects, ...inherited],
    };
    const p = sub.parent === undefined ? parent : sub.parent + offset;
    if (p === undefined) delete copy.parent;
    else copy.parent = p;
    c.commands.push(copy);
  }
  for (const r of inner.redirects) c.redirects.push(r.command === undefined ? r : { ...r, command: r.command + offset });
  if (c.variables !== undefined) mergeVariableFacts(c.variables, inner);
  for (const u of inner.unknown) (inner.unseen.includes(u) ? addUnseen : addUnknown)(c, `in ${name} script: ${u}`);
  // A change inside the script (`bash -c 'X=…; export X; tar …'`, `set -a`) hides what its later
  // commands do, which are commands of this line too (red team 14, NEW-6).
  for (const s of inner.stateChanges)
    addStateChange(c, `in ${name} script: ${s.replace(/, so the commands after it cannot be judged$/, '')}`, offset);
  // A script run in this shell (`eval`, `source`, a trap's action for a signal) leaves what it
  // changed after its last command — a directory toolgate cannot follow, a variable, an alias, a
  // function, an option — to the commands after it (replay 19 NEW-2: `eval chdir .claude; echo x >
  // settings.json`). The changes before its last command are in `inner.stateChanges` above.
  if (here) for (const s of leftState(inner)) addStateChange(c, `in ${name} script: ${s.why}`, c.commands.length, s.firm === true);
  if (inner.hasSubstitution) c.hasSubstitution = true;
  if (inner.hasSubstitution && inner.onlyProcessInputs !== true) c.otherSubstitution = true;
}
