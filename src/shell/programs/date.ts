/**
 * `date`: prints (or sets) the date. `-f FILE` reads dates from FILE, `-r FILE` prints FILE's
 * modification time; `-s`/`--set` and an `MMDDhhmm` operand set the clock (the read-only check
 * `date` in `read-only.ts` refuses them). Its operands are formats or dates, never files.
 */
import { is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/**
 * The options the Claude Code CLI 2.1.332 lists as safe for date (its read-only table): not
 * `-f`/`--file` (read dates from a file) nor `--resolution`, which it asks about.
 */
const SAFE_LONG = `date= debug iso-8601[=] rfc-email rfc-3339= reference= utc universal ${HELP_VERSION}`;

/** GNU coreutils 9.1 date(1): every option. */
const grammar: GnuOptionSpec = { short: 'd:f:I::r:Rus:', long: longOptions(`${SAFE_LONG} file= resolution set=`) };

/** `date [-f FILE] [-r FILE] [+FORMAT | DATE]`: the files -f and -r name are read; operands are not files. */
function dateFiles(argv: readonly string[], words: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = words;
  for (const o of options) if (is(o, '-f', '--file', '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  return { files, unresolved: [], notFiles: [...ops] };
}

/** The date model. @internal */
export const date = defineProgram({
  names: ['date'],
  summary: 'date: print or set the date',
  sources: [coreutils('date'), CC_CLI],
  grammar,
  files(_name, argv) {
    const words = readWords(argv, grammar);
    return words ? dateFiles(argv, words) : refusedWords(argv, grammar, (lenient) => dateFiles(argv, lenient));
  },
  readOnly: {
    claudeCode: {
      date: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('date')} (-s/--set and an MMDDhhmm operand set the clock; -f/--file and --resolution are not in the CLI's table)`,
        safe: { short: 'dIrRu', long: Object.keys(longOptions(SAFE_LONG)).join(' ') },
        reads: ['f', 'file', 'r', 'reference'],
        operands: 'text',
        globs: false,
        check: 'date',
      }),
    },
  },
  readOnlyCheck: {
    claudeCodeAfterOptions(_name, _argv, operands) {
      const setting = operands.find((o) => !o.text.startsWith('+'));
      return setting ? { readOnly: false, reason: `date ${setting.text} sets the clock` } : { readOnly: true };
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'date +%F', effects: [], readOnly: true },
    { command: 'date -r package.json', effects: ['read ./package.json'], readOnly: true, why: "-r prints the file's modification time" },
    { command: 'date 01011200', effects: [], readOnly: false, why: 'an MMDDhhmm operand sets the clock' },
    {
      command: 'date -f dates.txt',
      effects: ['read ./dates.txt'],
      readOnly: false,
      why: 'the Claude Code CLI asks about -f (not in its read-only table)',
    },
  ],
});
