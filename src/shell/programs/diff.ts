/**
 * `diff`: compares files line by line; a directory operand is read whole (its files, its
 * subdirectories too with `-r`). `-X FILE`, `--exclude-from`, `--from-file` and `--to-file` read
 * the file they name; `-l` (`--paginate`) runs pr.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS } from './sources.js';

/** GNU diffutils 3.8 diff(1): every option. */
const grammar: GnuOptionSpec = {
  short: '0123456789abBcC:dD:eEfF:hiI:lL:nNpPqrsS:tTuU:vwW:x:X:yZ',
  long: longOptions(
    'normal brief report-identical-files context[=] unified[=] ed rcs side-by-side width= left-column suppress-common-lines show-c-function show-function-line= label= expand-tabs initial-tab tabsize= suppress-blank-empty recursive no-dereference new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude= exclude-from= starting-file= from-file= to-file= ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines= text strip-trailing-cr ifdef= old-group-format= new-group-format= changed-group-format= unchanged-group-format= line-format= old-line-format= new-line-format= unchanged-line-format= minimal horizon-lines= speed-large-files color[=] palette= help version paginate binary inhibit-hunk-merge sdiff-merge-assist',
  ),
};

/** `-X`/`--exclude-from` read patterns from a file; `--from-file`/`--to-file` name a file compared with each operand. */
const FACTS = { reads: ['X', 'exclude-from', 'from-file', 'to-file'], wholeDirectories: true };

/** The diff model. @internal */
export const diff = defineProgram({
  names: ['diff'],
  summary: 'diff: compare files line by line',
  sources: ['GNU diffutils 3.8 diff(1)', CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, FACTS),
  readOnly: {
    claudeCode: {
      diff: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; GNU diffutils 3.8 diff(1) (-l/--paginate runs pr)`,
        safe: {
          short: '0123456789abBcCdDeEfFhiILnNpPqrsStTuUvwWxXyZ',
          long: `normal brief report-identical-files context unified ed rcs side-by-side width left-column suppress-common-lines show-c-function show-function-line label expand-tabs initial-tab tabsize suppress-blank-empty recursive no-dereference new-file unidirectional-new-file ignore-file-name-case no-ignore-file-name-case exclude exclude-from starting-file from-file to-file ignore-case ignore-tab-expansion ignore-trailing-space ignore-space-change ignore-all-space ignore-blank-lines ignore-matching-lines text strip-trailing-cr ifdef old-group-format new-group-format changed-group-format unchanged-group-format line-format old-line-format new-line-format unchanged-line-format minimal horizon-lines speed-large-files color palette ${HELP_VERSION}`,
        },
        reads: ['X', 'exclude-from', 'from-file', 'to-file'],
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'diff -u a.txt b.txt', effects: ['read ./a.txt [all]', 'read ./b.txt [all]'], readOnly: true },
    {
      command: 'diff -r src lib',
      effects: ['read ./src [all]', 'read ./lib [all]'],
      readOnly: true,
      why: 'a directory operand is read whole',
    },
    {
      command: 'diff --paginate a b',
      effects: ['read ./a [all]', 'read ./b [all]'],
      readOnly: false,
      why: '--paginate (-l) passes the output through pr',
    },
    {
      command: 'diff --sh a b',
      effects: ['read ./a [all]', 'read ./b [all]'],
      readOnly: false,
      why: '--sh is ambiguous (--show-c-function, --show-function-line): a is an operand, read whole (the files facet once took it as a value)',
    },
  ],
});
