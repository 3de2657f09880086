/**
 * `xe [-0FLRnqv] [-I ARG] [-N MAX] [-j JOBS] [-f FILE] COMMAND…` (leahneukirchen/xe, an xargs
 * without its quoting): runs COMMAND (no shell) with the lines it reads appended, or in place of
 * `{}` (or `-I ARG`), one per run unless `-N`; `-f FILE` reads them from FILE; `-s SCRIPT` runs
 * SCRIPT with `sh -c`, the lines its positional parameters. The `-a`, `-A` and `-p` forms are
 * not read (unknown). Modelled from xe's README (0.11): not verified here, xe is not packaged in
 * Debian 12.
 */
import type { FileOperands } from '../options/file-operands.js';
import type { RunTimeInput } from '../types.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { wrapInfo } from './wrapper-info.js';

const FLAGS = new Set(['0', 'F', 'L', 'R', 'n', 'q', 'v']);
const VALUED = new Set(['I', 'N', 'j', 'f', 's']);

/** xe's words: its options' values by letter (with the value's word), the command's first word, or why they cannot be read. */
interface XeWords {
  /** `offset`: the value is attached to its option, from that character of the word on. */
  readonly values: ReadonlyMap<string, { readonly value: string; readonly index: number; readonly offset?: number }>;
  readonly start: number;
  readonly problem?: string;
}

function readXe(argv: readonly string[]): XeWords {
  const values = new Map<string, { value: string; index: number; offset?: number }>();
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return { values, start: k + 1 };
    if (!w.startsWith('-') || w === '-') return { values, start: k };
    for (let c = 1; c < w.length; c++) {
      const letter = w[c]!;
      if (VALUED.has(letter)) {
        // getopt: the rest of the word is the value (`-N2`), else the next word.
        const attached = w.slice(c + 1);
        if (attached !== '') values.set(letter, { value: attached, index: k, offset: c + 1 });
        else if (k + 1 >= argv.length) return { values, start: argv.length, problem: `xe -${letter} without a value` };
        else values.set(letter, { value: argv[++k]!, index: k });
        break;
      }
      if (!FLAGS.has(letter)) return { values, start: argv.length, problem: `xe -${letter} is not an option toolgate reads` };
    }
  }
  return { values, start: argv.length };
}

/** What xe runs: its command with the lines it reads, or `-s`'s script. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const { values, start, problem } = readXe(argv);
  if (problem !== undefined) return wrapInfo([{ kind: 'unknown', reason: problem }]);
  const script = values.get('s');
  if (script !== undefined)
    return wrapInfo([{ kind: 'script', index: script.index, ...(script.offset !== undefined ? { offset: script.offset } : {}) }]);
  if (start >= argv.length) return wrapInfo([{ kind: 'unknown', reason: 'xe without a command' }]);
  const placeholder = values.get('I')?.value ?? '{}';
  const placed = argv.slice(start).some((w) => w.includes(placeholder));
  const input: RunTimeInput = { appended: !placed, placeholder, via: 'xe' };
  return { inner: [{ kind: 'argv', start, end: argv.length }], transparent: false, exactOnly: true, input };
}

/** xe reads the lines of `-f FILE`; the command's words are its own. */
function files(_name: string, argv: readonly string[]): FileOperands {
  const { values, problem } = readXe(argv);
  if (problem !== undefined) return { files: [], unresolved: [problem], modelled: false };
  const list = values.get('f');
  const read =
    list === undefined ? [] : [{ op: 'read' as const, index: list.index, ...(list.offset !== undefined ? { value: list.value } : {}) }];
  return { files: read, unresolved: [] };
}

/** The xe model. @internal */
export const xe = defineProgram({
  names: ['xe'],
  summary: 'xe: run a command with the lines of its input as arguments (xargs without quoting)',
  sources: ['https://github.com/leahneukirchen/xe README (0.11), not verified'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  files,
  touchesFilesAsWrapper: true,
  handsOnInput: true,
  examples: [{ command: 'xe -f list.txt wc -l', effects: ['read ./list.txt'], readOnly: false, why: 'wc gets the lines of list.txt' }],
});
