/**
 * zsh's own builtins that set a variable they are given the name of: `print -v NAME`, `zformat
 * -f NAME` / `-a NAME`, `getln NAME…`, `private NAME=value` (zsh/param/private, declared as
 * `typeset` declares). Setting PATH, `path`, HOME… changes what later commands do: `print -v PATH
 * 0; ls` runs the project's `0/ls` (red team 18 replay NEW-2). Each option grammar below says
 * which word names the variable; the state facet reads it only in a shell that has the builtin
 * (`ownBuiltinOf` in `builtins.ts`: in bash, `print` is a program found along PATH). What else each does
 * is read as for a program toolgate does not know (`otherwiseUnknown`), as before.
 * Behaviour: zsh 5.9 zshbuiltins(1) (print, getln, pushln), zshmodules(1) (zsh/zutil: zformat;
 * zsh/param/private: private); verified with zsh 5.9. `zstyle` is in `zsh-zstyle.ts`.
 */
import type { ShellModel } from '../shells/index.js';
import { ownBuiltinOf } from './builtins.js';
import type { SimpleCommand } from '../types.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { NUMERIC_CONVERSION, operandsAssign } from './shell-builtins.js';
import { nameWords, variablesSetBy, type VariableSetter } from './variable-setters.js';

/** What sets one of these builtins apart. */
interface ZshSetter {
  readonly names: readonly string[];
  readonly summary: string;
  readonly sources: readonly string[];
  /** Which of its words name the variables it sets. */
  readonly variableWords: VariableSetter;
  /** Why its words change later commands otherwise (arithmetic it evaluates), or undefined. */
  readonly more?: (cmd: SimpleCommand, shells: readonly ShellModel[]) => string | undefined;
  readonly examples: readonly ProgramExample[];
}

/** A zsh builtin whose `variableWords` are the variables it sets, read in a shell that has it. */
function zshSetter({ variableWords, more, ...facts }: ZshSetter): ProgramModel {
  return defineProgram({
    ...facts,
    runs: 'unseen',
    otherwiseUnknown: true,
    // A subscript in the name is evaluated (`print -v 'a[$(id)]' x` runs id), as bash's printf -v.
    arithmeticSubscripts: true,
    variableWords,
    state: {
      hides: (name, cmd, shells) =>
        ownBuiltinOf(shells, name) === undefined
          ? undefined
          : (variablesSetBy(name, cmd.argv.slice(1), variableWords, shells, cmd.literal.slice(1)) ?? more?.(cmd, shells)),
    },
  });
}

// zsh 5.9 Src/builtin.c: print's options "abcC:Df:ilmnNoOpPrRsSu:v:x:X:z-".
const PRINT_VALUED = 'CfuxXv';

/**
 * `print -f FORMAT ARGS…` formats as zsh's printf does, evaluating the argument of a numeric
 * conversion or a `*` width as arithmetic (`print -f '%d' PATH=0` sets PATH): why, or undefined.
 * A format that is not literal may hold one.
 */
function printFormatAssigns(cmd: SimpleCommand, shells: readonly ShellModel[]): string | undefined {
  const args = cmd.argv.slice(1);
  let format: { text: string; literal: boolean } | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (!/^[-+][A-Za-z]/.test(a)) break;
    const at = a.slice(1).search(new RegExp(`[${PRINT_VALUED}]`));
    if (at < 0) continue;
    const attached = a.slice(at + 2);
    const value = attached !== '' ? { text: attached, literal: cmd.literal[i + 1] === true } : undefined;
    if (attached === '') i++;
    if (a[at + 1] === 'f') format = value ?? { text: args[i] ?? '', literal: cmd.literal[i + 1] === true };
  }
  if (format === undefined || (format.literal && !NUMERIC_CONVERSION.test(format.text))) return undefined;
  return operandsAssign(args.slice(i), shells);
}

/** The print model. @internal */
export const print: ProgramModel = zshSetter({
  names: ['print'],
  summary: 'print (zsh): print its words (or assign them to a variable with -v)',
  sources: ['zsh 5.9 zshbuiltins(1) (print: -v NAME; -C COLS, -f FORMAT, -u FD, -x/-X TAB take a value)'],
  variableWords: { valued: 'CfuxX', nameOptions: 'v', optionsOnly: true },
  more: printFormatAssigns,
  examples: [
    { command: 'print -v PATH 0; ls', hides: true, why: '-v assigns PATH, which later commands are looked up along' },
    { command: 'print -rvPATH 0; ls', hides: true, why: 'the name may stand inside the option word, after other letters' },
    { command: 'print -f %s -v path 0; ls', hides: true, why: "-f takes the format; zsh's path is PATH" },
    { command: 'print -v x hi; ls', hides: false, why: 'x is no variable later commands resolve by' },
    { command: 'print -r -- PATH=0; ls', hides: false, why: 'its operands are text' },
    { command: "print -f '%d' PATH=0; ls", hides: true, why: 'zsh evaluates the argument of %d as arithmetic, which sets PATH' },
    { command: "print -f '%.*s' PATH=0 x; ls", hides: true, why: 'a * precision takes its value from an argument evaluated as arithmetic' },
    { command: "print -rf'%1$d' -- PATH=0; ls", hides: true, why: 'the format may stand inside the option word' },
    { command: "print -f '%s\n' PATH=0; ls", hides: false, why: '%s prints its argument as text' },
  ],
});

/**
 * `zformat -f PARAM FORMAT SPEC…`: a ternary `%(c.TRUE.FALSE)` in FORMAT evaluates the value of
 * spec `c:VALUE` as arithmetic (`zformat -f x '%(a.1.2)' a:PATH=0` sets PATH): why, or undefined.
 * `-F` is read alike. A format that is not literal may hold one.
 */
function zformatTernaryAssigns(cmd: SimpleCommand, shells: readonly ShellModel[]): string | undefined {
  const [option, , format] = cmd.argv.slice(1);
  if ((option !== '-f' && option !== '-F') || format === undefined) return undefined;
  if (cmd.literal[3] === true && !/%-?\d*\(/.test(format)) return undefined;
  return operandsAssign(
    cmd.argv.slice(4).map((spec) => spec.slice(spec.indexOf(':') + 1)),
    shells,
  );
}

/** The zformat model. @internal */
export const zformat: ProgramModel = zshSetter({
  names: ['zformat'],
  summary: 'zformat (zsh/zutil): format specs into a variable (-f, -F) or an array (-a)',
  sources: ['zsh 5.9 zshmodules(1) (zsh/zutil: zformat -f PARAM FORMAT SPEC…, -F PARAM …, -a ARRAY SEP SPEC…)'],
  variableWords: { nameOptions: 'fFa', optionsOnly: true },
  more: zformatTernaryAssigns,
  examples: [
    { command: 'zformat -f PATH 0; ls', hides: true, why: '-f stores the result in the parameter it names' },
    { command: 'zformat -a path : 0; ls', hides: true, why: '-a stores the result in the array it names' },
    { command: "zformat -f out '%a' a:1; ls", hides: false },
    { command: "zformat -f out '%(a.y.n)' a:PATH=0; ls", hides: true, why: 'a ternary evaluates the spec value as arithmetic' },
  ],
});

/** The getln model. @internal */
export const getln: ProgramModel = zshSetter({
  names: ['getln'],
  summary: 'getln (zsh): read the top of the buffer stack into variables',
  sources: ['zsh 5.9 zshbuiltins(1) (getln [ -AclneE ] name …)'],
  variableWords: {},
  examples: [
    {
      command: 'getln path; ls',
      hides: true,
      why: 'with the buffer stack empty it sets path (zsh ties it to PATH) to nothing, and ls runs from the working directory',
    },
    { command: 'pushln 0; getln -A PATH; ls', hides: true },
    { command: 'getln line; ls', hides: false },
  ],
});

/**
 * The zparseopts model: `-a ARRAY`, `-A ASSOC` and `-v ARGV` name the arrays it stores options in
 * and parses (a subscript in the name is evaluated: `zparseopts -D -E -F -a "$x" a`, with
 * x='a[$(cmd)]', ran cmd in zsh 5.9), and each spec `o=ARRAY` names one more, as `-D` changes the
 * positional parameters: it may change what later commands read, as before it had a model.
 * @internal
 */
export const zparseopts: ProgramModel = zshSetter({
  names: ['zparseopts'],
  summary: 'zparseopts (zsh/zutil): parse the positional parameters into arrays',
  sources: ['zsh 5.9 zshmodules(1) (zsh/zutil: zparseopts [ -D -E -F -K -M ] [ -a array ] [ -A assoc ] [ - ] spec …; -v argv)'],
  variableWords: { nameOptions: 'aAv', optionsOnly: true },
  more: () => 'zparseopts sets the arrays its options and specs name and may remove positional parameters',
  examples: [
    { command: 'zparseopts -A PATH a; ls', hides: true, why: '-A names the array it sets' },
    { command: 'zparseopts -D f=flag; ls', hides: true, why: 'a spec names an array it sets, -D removes what it parsed' },
  ],
});

/** The private model: `typeset`'s declarations, local to a function (at the top level, the script's own). @internal */
export const zshPrivate: ProgramModel = zshSetter({
  names: ['private'],
  summary: 'private (zsh/param/private): declare variables as typeset does, private to the function',
  sources: ['zsh 5.9 zshmodules(1) (zsh/param/private: private [ {+|-}AHUahlmrtux ] … [ name[=value] … ])'],
  variableWords: { nameref: true },
  examples: [
    { command: 'private PATH=0; ls', hides: true, why: 'outside a function it sets the PATH later commands are looked up along' },
    { command: 'private count=0; ls', hides: false },
  ],
});

/**
 * `integer NAME…`, `float NAME…`: `typeset -i`, `typeset -E`. zsh evaluates every value assigned
 * to such a variable as arithmetic, the one given here (`integer x=PATH=0`) and every later one
 * (`integer x; x=PATH=0` sets PATH): why a declaration of one hides the commands after it.
 */
function numericDeclaration(kind: string) {
  return (cmd: SimpleCommand): string | undefined => {
    const args = cmd.argv.slice(1);
    const named = nameWords(args, { valued: '' }).map((k) => /^[A-Za-z_][A-Za-z0-9_]*/.exec(args[k]!)?.[0]);
    const first = named.find((n) => n !== undefined);
    return first === undefined
      ? undefined
      : `${cmd.argv[0]} makes ${first} ${kind} variable: zsh evaluates every value assigned to it as arithmetic, which may set any variable`;
  };
}

/** The integer model. @internal */
export const integer: ProgramModel = zshSetter({
  names: ['integer'],
  summary: 'integer (zsh): declare integer variables (typeset -i)',
  sources: ['zsh 5.9 zshbuiltins(1) (integer [ {+|-}Hghlprtux ] [ {+|-}LRZi [ n ] ] [ name[=value] … ])'],
  variableWords: {},
  more: numericDeclaration('an integer'),
  examples: [
    { command: 'integer x=PATH=0; ls', hides: true, why: 'the value is evaluated as arithmetic, which sets PATH' },
    { command: 'integer x; x=PATH=0; ls', hides: true, why: 'a later assignment to x is arithmetic too' },
    { command: 'integer', effects: [], hides: false, why: 'it lists the integer variables' },
  ],
});

/** The float model. @internal */
export const float: ProgramModel = zshSetter({
  names: ['float'],
  summary: 'float (zsh): declare floating-point variables (typeset -E)',
  sources: ['zsh 5.9 zshbuiltins(1) (float [ {+|-}Hghlprtux ] [ {+|-}EFLRZ [ n ] ] [ name[=value] … ])'],
  variableWords: {},
  more: numericDeclaration('a float'),
  examples: [{ command: 'float x=PATH=0; ls', hides: true, why: 'the value is evaluated as arithmetic, which sets PATH' }],
});

/**
 * zsh's own builtins that set nothing later commands depend on: they describe commands
 * (`whence`), rebuild the command hash (`rehash`), leave the shell (`bye`), query the terminal
 * (`echotc`, `echoti`, `ttyctl`).
 * @internal
 */
export const zshInert: ProgramModel = defineProgram({
  names: ['whence', 'rehash', 'bye', 'echotc', 'echoti', 'ttyctl'],
  summary: 'whence, rehash, bye, echotc, echoti, ttyctl (zsh): builtins that set no variable',
  sources: ['zsh 5.9 zshbuiltins(1), zshmodules(1) (zsh/terminfo, zsh/termcap)'],
  runs: 'unseen',
  otherwiseUnknown: true,
  examples: [{ command: 'whence -v ls; ls', hides: false, why: 'it only says what ls is' }],
});

/** The pushln model: it pushes its words onto the buffer stack, which only zsh's editor, `read -z` and `getln` read. @internal */
export const pushln: ProgramModel = defineProgram({
  names: ['pushln'],
  summary: 'pushln (zsh): push its words onto the buffer stack',
  sources: ['zsh 5.9 zshbuiltins(1) (pushln)'],
  runs: 'unseen',
  otherwiseUnknown: true,
  examples: [{ command: 'pushln PATH=0; ls', hides: false, why: 'it sets no variable; getln and read -z read the stack' }],
});
