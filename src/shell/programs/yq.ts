/**
 * `yq`: filters YAML (and JSON) the way jq filters JSON. The filter is the first operand unless
 * `-f` gives a file.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';

/** yq (the Python jq wrapper, 3.x) yq(1): the options toolgate reads a value for (not yet every option of the program). */
const grammar: GnuOptionSpec = {
  short: 'f:I:',
  long: longOptions('from-file= indent= output-format= input-format='),
};

/** The yq model. @internal */
export const yq = defineProgram({
  names: ['yq'],
  summary: 'yq: filter YAML',
  sources: ['yq 3 yq(1)'],
  grammar: grammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape, { readShort: 'f' }),
  runs: 'unseen',
  examples: [{ command: "yq '.a' conf.yaml", effects: ['read ./conf.yaml'], readOnly: false, why: 'the first operand is the filter' }],
});
