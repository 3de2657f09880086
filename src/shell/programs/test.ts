/**
 * `test EXPR` and `[ EXPR ]`: the shell's conditional builtins. They open no file (a file test
 * such as `-f x` looks only at metadata) and run nothing; what they can do is evaluate a word
 * arithmetically (`test 'a[$(cmd)]' -eq 1` runs cmd while bash reads the subscript), and `[`
 * needs its closing `]`. They take no options: every word is part of the expression (bash 5.2
 * `help test`). The `[[ … ]]` keyword is syntax, read by the parser, not a command.
 */
import type { ReadOnlyVerdict } from '../types.js';
import { defineProgram } from './model.js';
import { CC_CLI } from './sources.js';

const YES: ReadOnlyVerdict = { readOnly: true };

/** Read-only, save a `[` without its closing `]` (bash refuses it). */
function readOnly(name: string, argv: readonly string[]): ReadOnlyVerdict {
  return name === '[' && argv[argv.length - 1] !== ']' ? { readOnly: false, reason: '[ without a closing ]' } : YES;
}

/** The test model. @internal */
export const test = defineProgram({
  names: ['test', '['],
  summary: 'test, [: evaluate a conditional expression',
  sources: ['bash 5.2 help test', CC_CLI],
  // No options: every word is part of the expression (GNU coreutils 9.1 test(1) reads --help and
  // --version only as a lone word of `[`), so no word from input makes it write or run anything.
  grammar: {},
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      test: { source: `${CC_CLI}; bash builtin test`, operands: 'text', globs: false, check: 'test' },
      '[': { source: `${CC_CLI}; bash builtin [`, operands: 'text', globs: false, check: 'test' },
    },
  },
  readOnlyCheck: { claudeCode: readOnly },
  runs: 'nothing',
  arithmeticSubscripts: true,
  // `test -v NAME`: bash evaluates a subscript in the name (`test -v "$x"` with x='a[$(cmd)]' runs cmd).
  variableWords: { nameOptions: 'v', optionsOnly: true },
  examples: [
    { command: 'test -f package.json', effects: [], readOnly: true },
    { command: '[ -d src ]', effects: [], readOnly: true },
    { command: '[ -d src', readOnly: false, why: 'bash refuses a [ without its closing ]' },
    { command: "test 'a[$(id)]' -eq 1", readOnly: false, why: 'bash evaluates the subscript arithmetically and runs id' },
  ],
});
