/**
 * `dc [OPTION] [FILE…]` (GNU bc 1.07's dc): the desk calculator, whose `!` lines run shell commands.
 * Only where it reads its program is modelled here (`programText`); that it runs commands toolgate
 * cannot see is the opaque-code table's (`code-runners.ts`), and its other facets stay unknown
 * (`otherwiseUnknown`).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram, type ProgramText } from './model.js';
import { readWords } from './parse.js';
import { optionTextWord, programTextFrom } from './program-text.js';

/** GNU dc 1.4.1 (`dc --help`): every option. */
const grammar: GnuOptionSpec = { short: 'e:f:hV', long: longOptions('expression= file= help version') };

/**
 * Where dc reads its program: each `-f FILE` (`--file`), each FILE operand, and its input when
 * neither they nor `-e` give it one. Verified (GNU dc 1.4.1): a `!touch M` line ran for `dc -f
 * x.dc`, `dc -fx.dc`, `dc --file=x.dc`, `dc -e 1 -f x.dc`, `dc x.dc` and `dc < x.dc`, not for
 * `dc -e 1 < x.dc`.
 */
function dcProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined || has(words.options, '-h', '--help', '-V', '--version')) return undefined;
  const files = words.options.filter((o) => o.name === '-f' || o.name === '--file').map((o) => optionTextWord(o, argv));
  const given = files.length > 0 || words.operands.length > 0 || has(words.options, '-e', '--expression');
  return programTextFrom(argv, [...files, ...words.operands.map((index) => ({ index }))], !given);
}

/** The dc model: where it reads its program only. @internal */
export const dc = defineProgram({
  names: ['dc'],
  summary: 'dc: desk calculator (only where it reads its program is modelled)',
  sources: ['GNU dc 1.4.1 `dc --help` (Debian 12 bc 1.07.1); verified on Debian 12 (#37)'],
  grammar,
  programText: dcProgramText,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'dc --version', why: 'prints what dc is' }],
});
