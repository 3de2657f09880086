/**
 * How a builtin that sets the variables named among its operands changes later commands: the
 * declaration builtins (`export`, `declare`, … — their model is `declare.ts`) and `read`,
 * `mapfile`, `getopts`, `unset` read their operands alike. Options are read wherever they stand
 * (bash stops at the first operand: `declare A=1 -x` is an error there), which can only find more
 * changes than bash makes.
 */
import type { ShellModel } from '../shells/index.js';
import { operandName, variableStateChange } from '../syntax/variables.js';
import { gitTraceExportWhy, isGitTraceVariable } from './git/trace.js';

/** How one builtin reads its operands. @internal */
export interface VariableSetter {
  /** The option letters that take the next word as their value (`read -p PROMPT`). */
  readonly valued?: string;
  /** It exports what it sets without `-x` (`export`). */
  readonly exports?: boolean;
  /** `-n` makes a name refer to another variable (not `read -n`, a count). */
  readonly nameref?: boolean;
  /** `-f` changes functions without exporting them (`unset -f`). */
  readonly functions?: boolean;
  /** Its first operand is not a name it sets (`getopts OPTSTRING NAME`). */
  readonly skipFirst?: boolean;
  /** The option letters whose value names a variable (`printf -v NAME`, `wait -p NAME`, `test -v NAME`). */
  readonly nameOptions?: string;
  /** Only the values of `nameOptions` name variables, not its operands (`printf FORMAT ARGS`). */
  readonly optionsOnly?: boolean;
  /**
   * Where the words naming variables stand when the grammar is by position, not option (zsh's
   * `zstyle -s CONTEXT STYLE NAME`, `zstyle -g NAME`): their indexes in its words after the name.
   */
  readonly namedAt?: (args: readonly string[]) => readonly number[];
  /**
   * The option letters (among `valued`) whose value a shell that `evaluatesOptionNumbers` reads as
   * arithmetic (zsh's `read -t`, `read -n`: `x='a[$(cmd)]'; read -t "$x" v` runs cmd in zsh 5.9).
   */
  readonly arithmeticValued?: string;
}

/**
 * The indexes in `args` (a builtin's words after its name) of the words holding the value of an
 * option in `how.arithmeticValued`: the next word (`read -t 5`), or the option word itself when
 * the value stands inside it (`read -rt5`). Options end at `--` or the first operand. @internal
 */
export function arithmeticValueWords(args: readonly string[], how: VariableSetter): number[] {
  const math = how.arithmeticValued ?? '';
  if (math === '') return [];
  const valued = (how.valued ?? '') + (how.nameOptions ?? '');
  const out: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || !/^-[A-Za-z]/.test(a)) break;
    const letters = a.slice(1);
    const at = [...letters].findIndex((c) => valued.includes(c));
    if (at < 0) continue;
    const inWord = at < letters.length - 1;
    if (math.includes(letters[at]!)) out.push(inWord ? i : i + 1);
    if (!inWord) i++;
  }
  return out.filter((k) => k < args.length);
}

/**
 * The indexes in `args` (a builtin's words after its name) of the words that name variables, as
 * `how` reads them: its operands (past `skipFirst`, and past the values of its `valued` options)
 * and the values of its `nameOptions`; none after `-f` where `-f` makes them functions (`unset
 * -f`). A word that is not literal counts where it stands (`declare $flags x=1`: `$flags` may be
 * a name). @internal
 */
export function nameWords(args: readonly string[], how: VariableSetter): number[] {
  if (how.namedAt !== undefined) return [...how.namedAt(args)];
  const valued = how.valued ?? '';
  const named = how.nameOptions ?? '';
  if (how.functions === true && args.some((a) => /^-[A-Za-z]*f/.test(a))) return [];
  const out: number[] = [];
  let skipNext = how.skipFirst === true && how.optionsOnly !== true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (a === '--') continue;
    if (/^[-+][A-Za-z]/.test(a)) {
      const letters = a.slice(1);
      const at = letters.search(new RegExp(`[${valued}${named}_]`));
      if (at < 0 || !(valued + named).includes(letters[at]!)) continue;
      // `-vNAME` holds the value; `-v NAME` takes the next word.
      const inWord = at < letters.length - 1;
      if (named.includes(letters[at]!)) {
        if (!inWord && i + 1 < args.length) out.push(i + 1);
        else if (inWord) out.push(i);
        if (!inWord) i++;
      } else if (!inWord) skipNext = true;
      continue;
    }
    if (how.optionsOnly !== true) out.push(i);
  }
  return out;
}

/**
 * The text that names a variable in a word {@link nameWords} found: the word, or the value an
 * option holds inside it (`wait -pPATH`, `read -raPATH`: PATH; red team 18 replay NEW-1).
 */
function namedText(word: string, how: VariableSetter): string {
  if (!/^[-+][A-Za-z]/.test(word)) return word;
  const letters = word.slice(1);
  const at = letters.search(new RegExp(`[${how.valued ?? ''}${how.nameOptions ?? ''}_]`));
  return at < 0 ? word : letters.slice(at + 1);
}

/**
 * Why `name ARGS` (with `args` its words after the name; `literal[i]`: whether `args[i]` is as
 * written) changes later commands, or undefined. The names it sets are the words
 * {@link nameWords} finds, the same reader the check for names that are not literal uses. @internal
 */
export function variablesSetBy(
  name: string,
  args: readonly string[],
  how: VariableSetter,
  shells: readonly ShellModel[],
  literal?: readonly boolean[],
): string | undefined {
  const flags = args.filter((a) => /^[-+][A-Za-z]/.test(a)).join('');
  const exported = how.exports === true || /x/.test(flags);
  if (/n/.test(flags) && how.nameref === true) return `${name} -n makes a name refer to another variable`;
  if (/f/.test(flags) && (exported || how.functions === true)) return `${name} -f changes the functions later commands may run`;
  // The words that name variables, read as `nameWords` reads them for the names that are not literal.
  for (const i of nameWords(args, how)) {
    const a = namedText(args[i]!, how);
    const n = operandName(a);
    if (n === undefined) continue;
    // An exported git trace variable: later git commands write the path it names. A literal
    // absolute path is followed into them (the path analysis carries the export: `exportsOf`);
    // another value says which path it may be.
    if (exported && isGitTraceVariable(n)) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : undefined;
      if (value !== undefined && value.startsWith('/') && literal?.[i] === true) continue;
      const why = gitTraceExportWhy(n, value);
      if (why) return why;
      continue;
    }
    const why = variableStateChange(n, exported, shells);
    if (why) return why;
  }
  return undefined;
}

/** What a builtin does to the environment of the commands after it (see {@link exportsOf}). */
export interface ExportChange {
  /** The indexes (in argv) of the `NAME=value` words it exports. */
  readonly exported: readonly number[];
  /** The names it takes out of the environment (`unset NAME`, `export -n NAME`, `declare +x NAME`). */
  readonly removed: readonly string[];
  /** The names it exports without a value (`export NAME`): what the shell holds for each. */
  readonly named?: readonly string[];
  /** The indexes (in argv) of the `NAME=value` words it sets without exporting them (`readonly X=1`). */
  readonly assigned?: readonly number[];
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The variables `argv` (a declaration builtin or `unset`) puts into or takes out of the
 * environment of the commands after it (bash 5.2 `help export`, `help declare`, `help unset`):
 * `export NAME=value` and `declare`/`typeset`/`local`/`readonly` with `-x` export the value;
 * `export -n`, `declare +x` and `unset` (not `-f`) take the name out. `undefined` for another
 * program. Exporting a name without a value (`export NAME`) exports what the shell holds, which
 * is not followed here. @internal
 */
export function exportsOf(name: string, argv: readonly string[]): ExportChange | undefined {
  const declares = name === 'export' || name === 'declare' || name === 'typeset' || name === 'local' || name === 'readonly';
  if (!declares && name !== 'unset') return undefined;
  const args = argv.slice(1);
  const flags = args.filter((a) => /^-[A-Za-z]/.test(a)).join('');
  const plus = args.filter((a) => /^\+[A-Za-z]/.test(a)).join('');
  const names = args.flatMap((a, k) => (/^[-+]/.test(a) || a.includes('=') ? [] : [{ a, k }]));
  if (/f/.test(flags)) return { exported: [], removed: [] };
  if (name === 'unset' || (name === 'export' && /n/.test(flags)) || /x/.test(plus))
    return { exported: [], removed: [...names.map((n) => n.a), ...args.filter((a) => ASSIGNMENT.test(a)).map((a) => a.split('=')[0]!)] };
  const exports = name === 'export' || /x/.test(flags);
  const words = args.flatMap((a, k) => (ASSIGNMENT.test(a) ? [k + 1] : []));
  return exports
    ? { exported: words, removed: [], named: names.map((n) => n.a).filter((a) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(a)) }
    : { exported: [], removed: [], assigned: words };
}

/**
 * Whether `name ARGS` turns on allexport, after which every assignment is exported (bash 5.2
 * `help set`: `set -a`, `set -o allexport`; zsh's `setopt allexport`, in any case and with any
 * underscores, `ALL_EXPORT`). @internal
 */
export function turnsOnAllExport(name: string, argv: readonly string[]): boolean {
  const args = argv.slice(1);
  if (name === 'setopt') return args.some((a) => /^allexport$/i.test(a.replace(/_/g, '')));
  if (name !== 'set') return false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') break;
    if (a === '-o' && args[i + 1] === 'allexport') return true;
    if (/^-[A-Za-z]*a[A-Za-z]*$/.test(a)) return true;
  }
  return false;
}
