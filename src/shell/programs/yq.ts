/**
 * `yq` (Debian's yq 3, the Python jq wrapper): filters YAML (and JSON) the way jq filters JSON. Its
 * own options are read by argparse; every word it does not take goes to jq, in order, so the rest
 * of the words are read with jq's loop (the filter is the first operand unless `-f` gives a file).
 * `-i`/`--in-place` rewrites its files in place.
 */
import type { FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { jqFiles } from './jq.js';
import { defineProgram } from './model.js';

/**
 * yq 3.1.0 (`yq --help` on Debian 12): its own options (argparse; the words it does not take are
 * jq's, see jq.ts). argparse combines short flags (`-iy`), matches long names exactly here (`--in`
 * goes to jq) and takes a value attached or from the next word.
 */
const grammar: GnuOptionSpec = {
  short: 'hyYiw:',
  long: longOptions(
    'help yaml-output yml-output yaml-roundtrip yml-roundtrip yaml-output-grammar-version= yml-out-ver= width= indentless-lists indentless in-place version',
  ),
  abbreviations: false,
};

/** Whether a word of yq is its `-i`: `--in-place`, or a cluster of single-letter flags with `i` (`-iy`); jq has no `-i`. */
const inPlace = (word: string): boolean => word === '--in-place' || /^-[A-Za-z]*i[A-Za-z]*$/.test(word);

/** yq's files: jq's, over the words yq does not take; written in place under `-i`. */
function yqFiles(argv: readonly string[]): FileOperands {
  const words: string[] = [argv[0]!];
  const at: number[] = [0];
  let rewrite = false;
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      for (; k < argv.length; k++) (words.push(argv[k]!), at.push(k));
      break;
    }
    if (inPlace(a)) rewrite = true;
    // yq's own value options take the next word (the grammar's `w`, `width`, the grammar version).
    if (['-w', '--width', '--yaml-output-grammar-version', '--yml-out-ver'].includes(a)) {
      k++;
      continue;
    }
    if (/^-[hyYi]+$/.test(a) || (a.startsWith('--') && a.slice(2).split('=')[0]! in grammar.long!)) continue;
    words.push(a);
    at.push(k);
  }
  const jq = jqFiles(words);
  const files = jq.files.map((f) => ({
    ...f,
    index: at[f.index]!,
    op: rewrite && f.op === 'read' && f.tree === undefined && !jqOptionValue(words, f.index) ? ('write' as const) : f.op,
  }));
  return { files, unresolved: jq.unresolved, notFiles: (jq.notFiles ?? []).map((k) => at[k]!) };
}

/** Whether the word at `k` is the value of a jq option that names a file (`-f FILE`, `--rawfile NAME FILE`): read, never rewritten. */
function jqOptionValue(words: readonly string[], k: number): boolean {
  const before = words[k - 1];
  return before === '-f' || before === '--from-file' || ['--slurpfile', '--rawfile'].includes(words[k - 2] ?? '');
}

/** The yq model. @internal */
export const yq = defineProgram({
  names: ['yq'],
  summary: 'yq: filter YAML',
  sources: ['yq 3.1.0 yq(1)'],
  grammar,
  files: (_name, argv) => yqFiles(argv),
  runtime: 'python',
  runs: 'unseen',
  examples: [
    { command: "yq '.a' conf.yaml", effects: ['read ./conf.yaml'], readOnly: false, why: 'the first operand is the filter' },
    { command: "yq -y '.a' conf.yaml", effects: ['read ./conf.yaml'], why: "-y (YAML output) is yq's own flag" },
    { command: "yq -i -y '.a = 2' conf.yaml", effects: ['write ./conf.yaml'], why: '-i rewrites the files in place' },
    { command: "yq -iy '.a = 2' conf.yaml", effects: ['write ./conf.yaml'], why: 'argparse combines short flags: -iy is -i -y' },
    { command: 'yq -f q.jq conf.yaml', effects: ['read ./q.jq', 'read ./conf.yaml'], why: '-f goes to jq: the filter is read from q.jq' },
  ],
});
