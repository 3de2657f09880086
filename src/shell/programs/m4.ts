/**
 * `m4 [OPTION]... [FILE]...` (GNU m4 1.4.19): the macro processor. Every file it reads is a
 * program — `syscmd(…)` and `esyscmd(…)` run shell commands, `define` changes what later text
 * does — so only where it reads its program is modelled here (`programText`); that it runs
 * commands toolgate cannot see is the opaque-code table's (`code-runners.ts`), and its other
 * facets stay unknown (`otherwiseUnknown`).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram, type ProgramText } from './model.js';
import { readWords } from './parse.js';
import { optionTextWord, programTextFrom } from './program-text.js';

/**
 * GNU m4 1.4.19's options (m4.c's OPTSTRING `-B:D:EF:GH:I:L:N:PQR:S:T:U:W:d::egil:o:st:` and its
 * long options): options and files may come in any order.
 */
const grammar: GnuOptionSpec = {
  short: 'B:D:EF:GH:I:L:N:PQR:S:T:U:W:d::egil:o:st:',
  long: longOptions(
    'arglength= debug[=] debugfile[=] define= error-output= fatal-warnings freeze-state= gnu hashsize= help include= interactive nesting-limit= prefix-builtins quiet reload-state= silent synclines trace= traditional undefine= version warn-macro-sequence[=] word-regexp=',
  ),
};

/**
 * Where m4 reads its program: each FILE (`-` its input), its input when it is given none, and a
 * frozen state `-R FILE` reloads (the macros it defines). Verified (GNU m4 1.4.19): a
 * ``syscmd(`touch M')`` line ran for `m4 x.m4`, `m4 -D a=b x.m4`, `m4 -I. x.m4`, `m4 < x.m4` and
 * `m4 - < x.m4` (with `-P` the builtin is `m4_syscmd`: the file is still its program).
 */
function m4ProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined || has(words.options, '--help', '--version')) return undefined;
  const frozen = words.options.filter((o) => o.name === '-R' || o.name === '--reload-state').map((o) => optionTextWord(o, argv));
  return programTextFrom(argv, [...frozen, ...words.operands.map((index) => ({ index }))], words.operands.length === 0);
}

/** The m4 model: where it reads its program only. @internal */
export const m4 = defineProgram({
  names: ['m4'],
  summary: 'm4: macro processor (only where it reads its program is modelled)',
  sources: ['GNU m4 1.4.19 `m4 --help` and m4.c (OPTSTRING); verified on Debian 12 (#37)'],
  grammar,
  programText: m4ProgramText,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'm4 --version', why: 'prints what m4 is' }],
});
