/**
 * The values a command may give its own variables, read once per analysis from its facts: the
 * assignments (`f=x`, `f=x cmd`, `declare f=x`), the builtins that set the variables their words
 * name (`read f`, `printf -v f`, `getopts o f`, `mapfile f`: a value toolgate cannot see), the
 * loops and their words (`for f in a.txt src/*.js`), and what the text shows besides
 * (`${f:=x}`, arithmetic). A quoted `"$f"` whose every possible value begins with something other
 * than `-` is a name to the program it is given to, never an option; an inherited variable is
 * not the command's choice. Fail closed: a way of setting a variable toolgate cannot follow
 * (`eval`, `source`, a nameref, a program it has no model of naming it) makes it unknown.
 */
import { SideTable } from '../../core/side-table.js';
import { anyShell, shellsFor } from '../shells/index.js';
import { PROGRAMS } from '../programs/index.js';
import { nameWords } from '../programs/variable-setters.js';
import { variableFactsOf } from '../syntax/variable-facts.js';
import { decodeWord } from '../syntax/words.js';
import type { ShellAnalysis } from '../types.js';

/** What one variable may hold, as far as the command itself sets it. @internal */
export interface PossibleValues {
  /** Literal values it is assigned (a loop over literal words included). */
  readonly values: readonly string[];
  /** Loop words with wildcards it runs over, as written (`src/*.js`): each begins with a literal other than `-`. */
  readonly patterns: readonly string[];
  /** Why its value cannot be told, when it cannot. */
  readonly unknown?: string;
}

/** The variables one command sets, and whether any may be set unseen. @internal */
export interface ChosenVariables {
  /** What `name` may hold from the command's own settings; undefined when the command never sets it. */
  readonly of: (name: string) => PossibleValues | undefined;
  /** Whether the command may make `name` begin with `-` (so `"$name"` may be an option). */
  readonly mayBeOption: (name: string) => boolean;
  /**
   * The one wildcard word a `for` loop over it alone gives `name` in the command at index
   * `command` (`for f in src/*.js; do wc -l "$f"; done`: `src/*.js` in `wc`), when that command
   * is in the loop's body and nothing else sets `name`: `"$name"` there is one of its matches (or
   * the word itself, when it matches nothing).
   */
  readonly loopPattern: (name: string, command: number) => string | undefined;
  /**
   * As {@link loopPattern}, for a word whose matches may begin with `-` (`*.md`: a file `-t.md`
   * would be an option in `"$f"`'s place): the word, and the first command of the loop's body —
   * the shell expanded the word before it (decision 0161). Whether a match begins with `-` is the
   * caller's to settle with the file-system view, as for the same glob written in the command.
   */
  readonly loopWildPattern: (name: string, command: number) => { pattern: string; body: number } | undefined;
}

/**
 * Variables the shell itself sets from what the command does: `$_` (the last word of the
 * command before), `REPLY`/`reply` (`read`, `select`), `OPTARG`, `MAPFILE`, `BASH_REMATCH`,
 * zsh's `MATCH`/`match` (`[[ =~ ]]`), `argv` (zsh's positional parameters), the command's own
 * text, the directory stack, and zsh's `mapfile` (a file's text).
 */
const SHELL_SET = new Set([
  '_',
  'REPLY',
  'reply',
  'OPTARG',
  'MAPFILE',
  'BASH_REMATCH',
  'MATCH',
  'match',
  'argv',
  'BASH_ARGV',
  'BASH_ARGV0',
  'BASH_COMMAND',
  'BASH_EXECUTION_STRING',
  'BASH_SOURCE',
  'FUNCNAME',
  'COPROC',
  'DIRSTACK',
  'dirstack',
  'BASH_ALIASES',
  'BASH_CMDS',
  'mapfile',
  'funcstack',
  'ZSH_ARGZERO',
  'ZSH_SCRIPT',
]);

/** `eval`, `source` and `.` may set a variable without naming it. */
const HIDDEN_SETTER = /(^|[^A-Za-z0-9_])(source|eval)(?![A-Za-z0-9_])|(^|[\s;&|(){}])\.[ \t]/;
/** and IFS changes how every unquoted variable splits. */
const IFS = /(^|[^A-Za-z0-9_])IFS(?![A-Za-z0-9_])/;
/** The builtins that may set a variable without naming it (with a function, a command toolgate has no model of). */
const HIDDEN_SETTERS: ReadonlySet<string> = new Set(['.', 'source', 'eval']);

/** A `${…}` that may assign (`${f:=x}`, `${f=x}`, zsh's `${f::=x}`), or takes zsh flags (`${(P)n}`, `${(A)f=…}`). */
const BRACED = /\$\{([!#]?)(\()?([A-Za-z_][A-Za-z0-9_]*)?(\[[^\]]*\])?(::?=|=)?/g;

/** A loop word with wildcards whose matches all begin with its first character: not `-`, `~`, `=`, `*`, `?`, `[` or `{`. */
const SAFE_PATTERN = /^[A-Za-z0-9_./][^\s;&|()<>'"`$\\]*$/;

/** A loop word of `*`, `?` and plain name characters that begins with a wildcard (`*.md`): its matches may begin with `-`. */
const WILD_LEAD = /^[*?][\w./*?@%+,:=-]*$/;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Entry {
  values: string[];
  patterns: string[];
  unknown?: string;
  /** Loop words that begin with a wildcard (see `loopWildPattern`). */
  wild?: string[];
  /** How many reasons made it unknown. */
  reasons?: number;
}

const CACHE = new SideTable<ShellAnalysis, ChosenVariables>();

/**
 * The variables `analysis`'s command sets: read once per analysis, on the first question (most
 * commands have no quoted variable to ask about).
 * @internal
 */
export function chosenVariables(analysis: ShellAnalysis): ChosenVariables {
  let chosen: ChosenVariables | undefined;
  const get = (): ChosenVariables => {
    chosen ??= CACHE.get(analysis);
    if (chosen === undefined) CACHE.set(analysis, (chosen = compute(analysis)));
    return chosen;
  };
  return {
    of: (name) => get().of(name),
    mayBeOption: (name) => get().mayBeOption(name),
    loopPattern: (name, command) => get().loopPattern(name, command),
    loopWildPattern: (name, command) => get().loopWildPattern(name, command),
  };
}

function compute(analysis: ShellAnalysis): ChosenVariables {
  const facts = variableFactsOf(analysis);
  const text = analysis.command;
  const entries = new Map<string, Entry>();
  const entry = (name: string): Entry => {
    let e = entries.get(name);
    if (e === undefined) entries.set(name, (e = { values: [], patterns: [] }));
    return e;
  };
  const unknown = (name: string, why: string): void => {
    const e = entry(name);
    e.unknown ??= why;
    e.reasons = (e.reasons ?? 0) + 1;
  };
  const value = (name: string, v: string): void => {
    const e = entry(name);
    if (!e.values.includes(v)) e.values.push(v);
  };
  let everything = facts.everything;
  if (IFS.test(text)) everything ??= 'IFS may change any variable';
  const hidden = HIDDEN_SETTER.test(text) ? 'eval, source or . may set any variable' : undefined;

  // `${f:=x}`, `${f=x}`: assign when unset; zsh's flags may assign or name any variable.
  if (text.includes('${'))
    for (const m of text.matchAll(BRACED)) {
      if (m[2] !== undefined || (m[1] === '!' && m[5] !== undefined)) everything ??= `${m[0]}… may set any variable`;
      else if (m[5] !== undefined && m[3] !== undefined) unknown(m[3], `\${${m[3]}${m[5]}…} may assign ${m[3]}`);
    }
  // Arithmetic may assign any name it mentions (`((f=0-1))`, `a[f=1]`, `let f=-1`).
  for (const n of arithmeticNames(text)) unknown(n, `arithmetic may assign ${n}`);

  const assignment = (a: string, why: string): void => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=)(.*)$/s.exec(a);
    if (m === null) return;
    const name = m[1]!;
    if (m[2] !== '=') return unknown(name, `${why} ${a} changes ${name} in a way toolgate does not follow`);
    const d = decodeWord(m[3]!);
    if (m[3]!.startsWith('(') || !d.literal) unknown(name, `${name} is assigned a value toolgate cannot read`);
    else value(name, d.value);
  };
  for (const a of facts.assignments) assignment(a, '');

  for (const loop of facts.loops) {
    if (loop.words === undefined) {
      unknown(loop.name, `${loop.name} takes values the command does not show`);
      continue;
    }
    for (const w of loop.words) {
      const d = decodeWord(w);
      if (d.literal) value(loop.name, d.value);
      else if (SAFE_PATTERN.test(w)) {
        const e = entry(loop.name);
        if (!e.patterns.includes(w)) e.patterns.push(w);
      } else {
        unknown(loop.name, `the loop over ${w} may give ${loop.name} any value`);
        if (WILD_LEAD.test(w)) (entry(loop.name).wild ??= []).push(w);
      }
    }
  }

  for (const cmd of analysis.commands) {
    for (const a of cmd.assignments) assignment(a, '');
    const program = cmd.literal[0] === true ? cmd.argv[0] : undefined;
    const model = program === undefined ? undefined : PROGRAMS.get(program);
    const args = cmd.argv.slice(1);
    const setter = model?.variableWords;
    // A program that sets no variable: an external one, or a builtin that names none.
    if (model !== undefined && setter === undefined && model.variables === undefined) continue;
    const why = `${program ?? cmd.argv[0]} may set it`;
    if (setter === undefined) {
      // `mapfile f`, or a program toolgate has no model of (a function, zsh's `vared f`): any word may be a name.
      for (const a of args) for (const n of namesIn(a)) unknown(n, why);
      continue;
    }
    const flags = args.filter((a) => /^[-+][A-Za-z]/.test(a));
    if (setter.nameref === true && flags.some((f) => f.includes('n')) && model?.variables === 'assigns')
      everything ??= `${program} -n makes a name refer to another variable`;
    for (const k of nameWords(args, setter)) {
      const a = args[k]!;
      // `declare f=x`, `local f`: a literal value, or none; any attribute (`-i`: arithmetic) leaves it unknown.
      if (model?.variables === 'assigns' && flags.length === 0 && cmd.literal[k + 1] === true) {
        if (a.includes('=')) assignment(a, `${program}`);
        continue;
      }
      for (const n of namesIn(a)) unknown(n, why);
    }
    // A name at the end of an option word (`read -af`) the grammar above does not take as one;
    // a builtin whose options alone name variables (`printf -v`, `test -v`) has them read above.
    if (setter.optionsOnly !== true) for (const a of flags) for (const n of namesIn(a)) unknown(n, why);
  }

  const shells = shellsFor('unknown');
  const valuesOf = (name: string, unseen: string | undefined): PossibleValues | undefined => {
    const e = entries.get(name);
    const why =
      unseen ??
      (SHELL_SET.has(name) ? `the shell sets ${name} from what the command does` : undefined) ??
      (anyShell(shells, (s) => s.specialParameter(name)) !== undefined ? `${name} is a special parameter` : undefined);
    if (why !== undefined) return { values: e?.values ?? [], patterns: e?.patterns ?? [], unknown: e?.unknown ?? why };
    return e;
  };
  const of = (name: string): PossibleValues | undefined => valuesOf(name, everything ?? hidden);
  /**
   * Whether a command of a loop's body other than `command` may set a variable unseen (`.`,
   * `source`, `eval`, a function or a command toolgate has no model of, a word it cannot read).
   * When none may, `command` sees the value the loop gave at this turn: `command` itself runs
   * after its words are expanded, and the loop sets the variable again at the next turn
   * (`for f in scripts/*.sh; do . "$f"; done` sourced each match, bash 5.2 and dash: fix28-b21).
   */
  const bodySetsUnseen = (body: readonly [number, number], command: number): boolean => {
    for (let j = body[0]; j < body[1]; j++) {
      if (j === command) continue;
      const c = analysis.commands[j];
      if (c === undefined || c.literal[0] !== true) return true;
      const program = c.argv[0]!;
      if (HIDDEN_SETTERS.has(program) || PROGRAMS.get(program) === undefined) return true;
    }
    return false;
  };
  return {
    of,
    loopPattern: (name, command) => {
      const loop = facts.loops.find((l) => l.name === name && l.body !== undefined && command >= l.body[0] && command < l.body[1]);
      const p = loop !== undefined && everything === undefined && hidden !== undefined && !bodySetsUnseen(loop.body!, command) ? valuesOf(name, undefined) : of(name);
      if (p === undefined || p.unknown !== undefined || p.values.length > 0 || p.patterns.length !== 1) return undefined;
      // A brace makes it several words.
      if (p.patterns[0]!.includes('{')) return undefined;
      const inBody = facts.loops.some((l) => l.name === name && l.body !== undefined && command >= l.body[0] && command < l.body[1]);
      return inBody ? p.patterns[0] : undefined;
    },
    loopWildPattern: (name, command) => {
      const loops = facts.loops.filter((l) => l.name === name);
      const loop = loops.find((l) => l.body !== undefined && command >= l.body[0] && command < l.body[1]);
      const e = entries.get(name);
      // One loop sets it, over this word alone, and nothing else may (its only unknown is that word's).
      if (loop?.body === undefined || loops.length > 1 || loop.words?.length !== 1 || e === undefined || e.wild?.length !== 1) return undefined;
      if (e.values.length > 0 || e.patterns.length > 0 || e.reasons !== 1 || e.unknown !== `the loop over ${e.wild[0]} may give ${name} any value`) return undefined;
      if (everything !== undefined || (hidden !== undefined && bodySetsUnseen(loop.body, command))) return undefined;
      if (SHELL_SET.has(name) || anyShell(shells, (sh) => sh.specialParameter(name)) !== undefined) return undefined;
      return { pattern: e.wild[0]!, body: loop.body[0] };
    },
    mayBeOption: (name) => {
      if (!NAME.test(name)) return true;
      const p = of(name);
      return p !== undefined && (p.unknown !== undefined || p.values.some((v) => v.startsWith('-')));
    },
  };
}

/**
 * The names a word may give a builtin: the word itself, the name before `=`, `+=` or `[`, and for
 * an option word each name it ends with (`-af` may name `f` or `af`).
 */
function namesIn(word: string): string[] {
  const out: string[] = [];
  const head = /^[A-Za-z_][A-Za-z0-9_]*/.exec(word)?.[0];
  if (head !== undefined) out.push(head);
  if (/^[-+][A-Za-z0-9_]+$/.test(word)) for (let i = 1; i < word.length; i++) if (/[A-Za-z_]/.test(word[i]!)) out.push(word.slice(i));
  return out;
}

/**
 * The names arithmetic in `text` may assign: every name but a `$name` read inside `((…))`,
 * `$[…]`, a subscript `a[…]` (an indexed array's `([k]=v)` too), `[[…]]` (`-eq` evaluates its
 * operands), `${…}` (`${x:off:len}`) and a `let` command, the regions found by their brackets.
 */
function arithmeticNames(text: string): Set<string> {
  const out = new Set<string>();
  const names = (from: number, to: number): void => {
    const part = text.slice(from, to);
    for (const m of part.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
      const at = from + (m.index ?? 0);
      if (at > 0 && /[A-Za-z0-9_$]/.test(text[at - 1]!)) continue;
      // The name a `${…}` reads (`${f:-x}`, `${#f}`, `${!f}`).
      if (/\$\{[#!]?$/.test(text.slice(Math.max(0, at - 3), at))) continue;
      out.add(m[0]);
    }
  };
  /** Where the bracket opened at `at` closes (counting nested ones), or the end of the text. */
  const close = (at: number, open: string, shut: string): number => {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      if (text[i] === open) depth++;
      else if (text[i] === shut && --depth === 0) return i;
    }
    return text.length;
  };
  for (const m of text.matchAll(/\(\(|\[\[|\$\{|\[/g)) {
    const i = m.index ?? 0;
    if (m[0] === '((') names(i, close(i, '(', ')'));
    else if (m[0].length === 2 && m[0][0] === '$') names(i + 1, close(i + 1, '{', '}'));
    else if (m[0].length === 2) names(i, text.indexOf(']]', i) < 0 ? text.length : text.indexOf(']]', i));
    // `[ -f x ]`: the test command, no subscript.
    else if (!(/^$|[\s;&|]/.test(text[i - 1] ?? '') && /\s/.test(text[i + 1] ?? ''))) names(i, close(i, m[0], ']'));
  }
  for (const m of text.matchAll(/(^|[\s;&|(){}])let(?![A-Za-z0-9_])[^;&|\n]*/g)) names(m.index ?? 0, (m.index ?? 0) + m[0].length);
  return out;
}
