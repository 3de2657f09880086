/**
 * The simple commands shell text runs, as the engine's shell analysis reads it (decision 0136):
 * for a hook's command, a settings `statusLine`, a git hook's lines — the text `command-code.ts`
 * reads for the files that become code. The analysis supplies what a split at `;`/`&&`/`|` could
 * not: the folder each command runs in after the `cd`s and `pushd`s before it (`cd scripts &&
 * ./s.sh`), the commands a runner runs (`nice`, `timeout`, `env`, `xargs`, `find -exec`, `sudo`,
 * `stdbuf`, `nohup`… through each program's own model in `src/shell/programs/`), the commands of a
 * substitution (`echo $(./x.sh)`), and the prefix assignments of each.
 *
 * Before it reads the text, the values toolgate knows are put in it: `$CLAUDE_PROJECT_DIR`,
 * `$HOME`, a variable the text assigns one literal value (`S=scripts/x.sh; $S`), and in a script
 * `$(dirname "$0")`, `${0%/*}` and `$(git rev-parse --show-toplevel)` — each only where the value
 * is plain text (no blank, quote or pattern character), so it reads the same inside or outside
 * double quotes. Text the analysis cannot read at all (the full parser not loaded) gives
 * `undefined`; text it read in part (a parse error on one line) gives the steps it read and why
 * the rest was not seen: the caller reads such text again its own way too (fail closed).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { analyzeShell } from '../shell/analyze.js';
import { knownCommandDirectories, shellPathEffects } from '../shell/effects/path-effects.js';
import { replaceExpansions, variableView } from '../shell/syntax/known-variables.js';
import { chosenVariables } from '../shell/effects/chosen-variables.js';
import type { SimpleCommand } from '../shell/types.js';

/** One simple command of the text, where it runs. @internal */
export interface CommandStep {
  /** Its words as written (quotes kept), the known values put in, after its leading assignments (`BASH_ENV=x bash -c …`). */
  readonly words: readonly string[];
  /** The folders it may run in (absolute); the text's start when a `cd` went somewhere unknown. */
  readonly dirs: readonly string[];
  /** The command as the analysis lists it. */
  readonly command: SimpleCommand;
  /** The index of the command (in {@link ReadCommands.steps}) that runs it (a runner's, `bash -c`'s). */
  readonly parent?: number;
  /** The words of the command of the text's own list that holds it (itself when it is one), as written. */
  readonly top: readonly string[];
}

/** What {@link readCommands} read. @internal */
export interface ReadCommands {
  /** Every simple command, in the analysis's order; a step's `parent` indexes this list. */
  readonly steps: readonly CommandStep[];
  /** The text with the known values put in (what was read). */
  readonly text: string;
  /**
   * Why the analysis did not walk all of the text (a parse error on any line, a construct it does
   * not handle, a limit): its steps may leave commands out — the shell runs what tree-sitter-bash
   * cannot parse (`[ a \< b ]`, a string comparison to bash and dash) and, reading a script a
   * command at a time, every command before a syntax error (red team 27 RT27-P). Empty when it read
   * all of it.
   */
  readonly unseen: readonly string[];
}

/** What the reader knows where the text runs. @internal */
export interface StepWorld {
  /** The folder the text starts in. */
  cwd: string;
  home: string;
  /** `$CLAUDE_PROJECT_DIR` (a settings command's, and what a git hook run by Claude Code inherits). */
  projectDir?: string;
  /** What `$(git rev-parse --show-toplevel)` says. */
  top?: string;
  /** A script's own folder (`$0`'s), for a script's text. */
  scriptDir?: string;
  /** The shell that runs it. */
  shell: 'bash' | 'sh';
  view?: ReadonlyFsView;
  /** Text run in the same shell (`command-code.ts`'s `givenText`): a variable it may change has no one known value. */
  givenText?: string;
  /** The shell's own forms of a word (zsh's), when it reads words its own way: a word it does not read as bash does keeps its variables. */
  forms?: { placeable(word: string): boolean };
}

/**
 * The analysis' reasons for text it did not walk (the parser's: an error node, a construct or a
 * limit it stops at), where commands may be missing from its list — not those for a command it
 * listed but cannot judge (`command name is not literal`).
 */
const UNPARSED =
  /^(?:in a substitution: )*(?:parse error|unsupported syntax|nesting deeper|nested scripts deeper|cannot split test command|unterminated|words after a redirection|redirection target is not one word|unsupported redirection|here-document|cannot read here-document|a descriptor number|the parser (?:splits|missed)|word decoding disagrees|more than \d+ commands)/;

/** A value that reads the same unquoted and inside double quotes: no blank, quote, expansion or pattern character. */
const PLAIN = /^[A-Za-z0-9_./@%+,:=-]+$/;

/** `$(git rev-parse --show-toplevel)` and its backquoted spelling. */
const TOP_FORM = /^(?:\$\(\s*git\s+rev-parse\s+--show-toplevel\s*\)|`\s*git\s+rev-parse\s+--show-toplevel\s*`)/;

/** `$(dirname "$0")`, `$(dirname -- "${BASH_SOURCE[0]}")`, their backquoted spellings, `${0%/*}`, `${BASH_SOURCE%/*}`. */
const SELF = String.raw`(?:\$0|\$\{0\}|\$BASH_SOURCE|\$\{BASH_SOURCE(?:\[0\])?\})`;
const DIR_FORM = new RegExp(
  String.raw`^(?:\$\(\s*dirname\s+(?:--\s+)?("?)${SELF}\1\s*\)|` + '`' + String.raw`\s*dirname\s+(?:--\s+)?("?)${SELF}\2\s*` + '`' + String.raw`|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*\})`,
);

/**
 * The simple commands `text` runs, or `undefined` when the analysis cannot read it.
 * @internal
 */
export function readCommands(text: string, world: StepWorld): ReadCommands | undefined {
  const known = withKnownValues(withoutCommentLines(text), world);
  const analysis = analyzeShell(known, { shell: world.shell });
  if (analysis.parser === 'none') return undefined;
  const view = world.view;
  const effects = shellPathEffects(analysis, {
    cwd: world.cwd,
    home: world.home,
    platform: 'linux',
    ...(view?.isDirectory !== undefined ? { isDirectory: (p: string) => view.isDirectory!(p) } : {}),
  }).effects;
  const topOf = (i: number): readonly string[] => {
    let c = analysis.commands[i]!;
    for (let guard = 0; c.parent !== undefined && c.context !== 'top' && guard < 64; guard++) c = analysis.commands[c.parent]!;
    return wordsAsWritten(c);
  };
  const chosen = chosenVariables(analysis);
  const steps = analysis.commands.map((command, i): CommandStep => {
    const dirs = knownCommandDirectories(effects, i, world.cwd).filter((d) => !d.includes('$') && !d.includes('`'));
    return {
      words: [...command.assignments, ...wordsAsWritten(command).map((w) => loopWord(w, i, chosen))],
      dirs: dirs.length > 0 ? dirs : [world.cwd],
      command,
      ...(command.parent !== undefined ? { parent: command.parent } : {}),
      top: topOf(i),
    };
  });
  return { steps, text: known, unseen: analysis.unseen.filter((u) => UNPARSED.test(u)) };
}

/**
 * A word that is a `for` loop's variable alone (`"$f"`, `$f`, `"${f}"`) in the loop's body, when
 * the loop gives it one wildcard word (`for f in scripts/*.sh`): that word, whose matches are the
 * files the body runs — today's and any written later (red team 27 RT27-B3, B11, B16).
 */
function loopWord(word: string, i: number, chosen: ReturnType<typeof chosenVariables>): string {
  const m = /^("?)\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})\1$/.exec(word);
  return (m === null ? undefined : chosen.loopPattern((m[2] ?? m[3])!, i)) ?? word;
}

function wordsAsWritten(c: SimpleCommand): string[] {
  return c.argv.map((w, k) => c.raw?.[k] ?? w);
}

/**
 * Lines that are only a comment, left out: the fast reader takes no comments, and a `#!` line or
 * a commented-out line runs nothing (inside a quoted text or a here-document such a line is text,
 * which no reader here takes as a command either).
 */
function withoutCommentLines(text: string): string {
  return text.replace(/^[ \t]*#.*$/gm, '');
}

/**
 * `text` with the values toolgate knows put in (see the module's comment): outside single quotes
 * and not after a backslash. A variable the text assigns is put in only when it assigns it one
 * plain value and changes it no other way (`known-variables.ts`), the world's values when the
 * text does not assign them.
 * @internal
 */
export function withKnownValues(text: string, world: StepWorld): string {
  // A value made of one put in (`T=$HOME/bin/x.sh; xargs sh <<< "$T"`) is plain once that is in: a second pass puts it in too.
  const once = knownValuesPut(text, world);
  return once === text ? once : knownValuesPut(once, world);
}

/** One pass of {@link withKnownValues}. */
function knownValuesPut(text: string, world: StepWorld): string {
  let out = replaceForms(text, (rest) => {
    if (world.top !== undefined && PLAIN.test(world.top)) {
      const m = TOP_FORM.exec(rest);
      if (m) return [m[0].length, world.top];
    }
    if (world.scriptDir !== undefined && PLAIN.test(world.scriptDir)) {
      const m = DIR_FORM.exec(rest);
      if (m) return [m[0].length, world.scriptDir];
    }
    return undefined;
  });
  const values = new Map<string, string>();
  for (const m of out.matchAll(/\$\{?([A-Za-z_]\w*)/g)) {
    const name = m[1]!;
    if (values.has(name)) continue;
    const seen = variableView(out, name);
    if (seen.unknown !== undefined) continue;
    // A value another start-up file may give it (`. ~/.vars` before `"$T"`) is as likely as the text's own (decision 0163).
    const elsewhere = world.givenText === undefined || seen.assigned.length === 0 ? undefined : variableView(world.givenText, name);
    if (elsewhere !== undefined && (elsewhere.unknown !== undefined || elsewhere.assigned.length > 0)) continue;
    // A nameref (`declare -n N=T`): `$N` is T's value, not the text `T` (bash 5.2 ran T's program).
    if (new RegExp(`\\b(?:declare|typeset|local)\\s+(?:-\\w+\\s+)*-[a-zA-Z]*n[a-zA-Z]*\\s+(?:\\S+\\s+)*${name}=`).test(out)) continue;
    const given = name === 'CLAUDE_PROJECT_DIR' ? world.projectDir : name === 'HOME' ? world.home : undefined;
    let value = seen.assigned.length === 1 ? seen.assigned[0] : seen.assigned.length === 0 ? given : undefined;
    // An unquoted `~` that starts the value is the home (`T=~/bin/x.sh; xargs sh <<< "$T"`: bash 5.2 ran
    // ~/bin/x.sh, check32); a quoted one stays the text `~`, which is no plain value.
    if (value !== undefined && /^~(?=\/|$)/.test(value) && new RegExp(`(?:^|[^\\w$])${name}=~(?=/|[\\s;&|)]|$)`, 'm').test(out)) value = `${world.home === '/' ? '' : world.home}${value.slice(1)}` || '/';
    if (value !== undefined && PLAIN.test(value)) values.set(name, value);
  }
  if (values.size === 0) return out;
  out = replaceForms(out, (rest) => {
    const m = /^\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})/.exec(rest);
    const value = m ? values.get((m[1] ?? m[2])!) : undefined;
    // zsh's `$T:h/x.sh` takes the folder of T's value: putting the value in would make a bash word of it (decision 0164).
    if (m && value !== undefined && world.forms?.placeable(/^[^\s;&|()<>]*/.exec(rest)![0]) === false) return undefined;
    return m && value !== undefined ? [m[0].length, value] : undefined;
  });
  return out;
}

/** {@link replaceExpansions}, offering `at` the next 200 characters at each form (the forms read here are short). */
function replaceForms(text: string, at: (rest: string) => [number, string] | undefined): string {
  return replaceExpansions(text, (t, i) => at(t.slice(i, i + 200)));
}

/**
 * The literal entries (`:`-separated) the text gives the variable `name` in any assignment
 * (`PYTHONPATH=lib:scripts python3 -m s`, `export PATH=./bin:$PATH`, `env PYTHONPATH=x …`), the
 * parts with an expansion left out: each is a folder the variable may list when a command runs.
 * @internal
 */
export function assignedEntries(text: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`(?:^|[\\s;&|(\`])${name}=("[^"]*"|'[^']*'|[^\\s;&|()<>]*)`, 'g');
  for (const m of text.matchAll(re)) {
    const value = m[1]!.replace(/^(["'])(.*)\1$/s, '$2');
    for (const part of value.split(':')) if (part !== '' && !/[$`"'\\*?[]/.test(part) && !out.includes(part)) out.push(part);
  }
  return out;
}
