/**
 * zsh's `zstyle` (zsh/zutil): it stores strings under a pattern and style, and looks them up into
 * a variable it is given the name of — `-s CONTEXT STYLE NAME [SEP]`, `-a …NAME`, `-b …NAME`, `-g
 * NAME [PATTERN [STYLE]]` — so `zstyle x y 0; zstyle -a x y path; ls` runs the project's `0/ls`
 * (red team 18 replay NEW-2). `zstyle -e PATTERN STYLE CODE…` stores code that zsh evaluates each
 * time the style is looked up (`-s`, `-a`, `-b`, `-t`, `-T`, `-m`; not `-g`, which gives the
 * strings): the code is read as a script where it is stored, and since a lookup after it may set
 * any variable, the commands after it are not judged. The option is a word of its own (`-sx` is
 * refused). Behaviour: zsh 5.9 zshmodules(1) (zsh/zutil), verified with zsh 5.9.
 */
import { ownBuiltinOf } from './builtins.js';
import { defineProgram, type ProgramModel } from './model.js';
import { variablesSetBy, type VariableSetter } from './variable-setters.js';
import { wrapInfo } from './wrapper-info.js';
import type { WrapperInfo } from './wrapper-types.js';

/** The index (in its words after the name) of the variable a lookup sets: `-s/-a/-b CONTEXT STYLE NAME`, `-g NAME`. */
const LOOKUP_NAME: Readonly<Record<string, number>> = { '-s': 3, '-a': 3, '-b': 3, '-g': 1 };

const ZSTYLE: VariableSetter = {
  namedAt: (args) => {
    const at = LOOKUP_NAME[args[0] ?? ''];
    return at !== undefined && at < args.length ? [at] : [];
  },
};

/** `zstyle -e PATTERN STYLE CODE…`: each CODE is a script. */
function zstyleUnwrap(argv: readonly string[]): WrapperInfo {
  if (argv[1] !== '-e') return wrapInfo([]);
  return wrapInfo(argv.slice(4).map((_, k) => ({ kind: 'script' as const, index: k + 4 })));
}

/** The zstyle model. @internal */
export const zstyle: ProgramModel = defineProgram({
  names: ['zstyle'],
  summary: 'zstyle (zsh/zutil): store strings (or code, -e) under a pattern and style, and look them up into a variable',
  sources: ['zsh 5.9 zshmodules(1) (zsh/zutil: zstyle -s/-a/-b CONTEXT STYLE NAME, -g NAME, -e PATTERN STYLE STRING…)'],
  runs: 'seen',
  otherwiseUnknown: true,
  unwrap: zstyleUnwrap,
  arithmeticSubscripts: true,
  variableWords: ZSTYLE,
  state: {
    hides: (name, cmd, shells) => {
      if (ownBuiltinOf(shells, name) === undefined) return undefined;
      if (cmd.argv[1] === '-e') return 'zstyle -e stores code that zsh runs whenever the style is looked up';
      return variablesSetBy(name, cmd.argv.slice(1), ZSTYLE, shells, cmd.literal.slice(1));
    },
  },
  examples: [
    { command: 'zstyle x y 0; zstyle -a x y path; ls', hides: true, why: '-a stores the style in the array it names, here path' },
    { command: 'zstyle -s x y PATH :; ls', hides: true, why: '-s CONTEXT STYLE NAME' },
    { command: 'zstyle -g path x y; ls', hides: true, why: '-g NAME comes first' },
    { command: "zstyle -e x y 'reply=(0)'; ls", hides: true, why: 'the code runs at each later lookup' },
    { command: "zstyle -e x y 'rm a.txt'", effects: ['remove ./a.txt'], why: 'the code is a script' },
    { command: "zstyle ':completion:*' menu select; ls", hides: false, why: 'it only stores strings' },
    { command: 'zstyle -s x y out; ls', hides: false, why: 'out is no variable later commands resolve by' },
  ],
});
