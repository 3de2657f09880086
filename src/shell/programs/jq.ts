/**
 * `jq FILTER [FILE…]`: filters JSON. Claude Code's read-only set takes it with path expressions and
 * builtins that only compute on the input; its files are read with jq's own option loop ({@link jqFiles}:
 * the filter is no file unless `-f`, `--slurpfile`/`--rawfile NAME FILE` read FILE).
 */
import type { ReadOnlyVerdict } from '../types.js';
import { all, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { CC_CLI } from './sources.js';

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/** jq: known-safe options (its own loop: combined letters, exact long names, `--arg N V`), a path-expression filter, files read. */
function jqReadOnly(argv: readonly string[]): ReadOnlyVerdict {
  const flags = new Set([
    'null-input',
    'raw-output',
    'join-output',
    'ascii-output',
    'slurp',
    'compact-output',
    'color-output',
    'monochrome-output',
    'sort-keys',
    'exit-status',
    'tab',
    'raw-input',
    'unbuffered',
    'seq',
    'stream',
    'help',
    'version',
  ]);
  let filter: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      if (filter === undefined) filter = argv[i + 1];
      break;
    }
    if (a.startsWith('--')) {
      const n = a.slice(2);
      if (flags.has(n)) continue;
      if (n === 'indent') {
        i++;
        continue;
      }
      if (n === 'arg' || n === 'argjson') {
        i += 2;
        continue;
      }
      return no(`jq ${a} is not an option known to be read-only`);
    }
    if (a.startsWith('-') && a.length > 1) {
      if (!/^-[nrjascCMSeRh]+$/.test(a)) return no(`jq ${a} is not an option known to be read-only`);
      continue;
    }
    if (filter === undefined) filter = a;
  }
  if (filter === undefined) return no('jq without a filter');
  return checkJqFilter(filter);
}

/** jq builtins that only compute on the input (no environment, files, modules or input names). */
const JQ_SAFE_NAMES = new Set([
  'keys',
  'keys_unsorted',
  'values',
  'length',
  'utf8bytelength',
  'type',
  'not',
  'has',
  'in',
  'map',
  'map_values',
  'select',
  'empty',
  'to_entries',
  'from_entries',
  'with_entries',
  'add',
  'any',
  'all',
  'flatten',
  'range',
  'floor',
  'sqrt',
  'tostring',
  'tonumber',
  'ascii_downcase',
  'ascii_upcase',
  'sort',
  'sort_by',
  'group_by',
  'unique',
  'unique_by',
  'min',
  'max',
  'min_by',
  'max_by',
  'reverse',
  'contains',
  'inside',
  'startswith',
  'endswith',
  'ltrimstr',
  'rtrimstr',
  'explode',
  'implode',
  'split',
  'join',
  'test',
  'match',
  'capture',
  'scan',
  'sub',
  'gsub',
  'splits',
  'ascii',
  'recurse',
  'paths',
  'leaf_paths',
  'path',
  'getpath',
  'first',
  'last',
  'nth',
  'limit',
  'until',
  'while',
  'repeat',
  'indices',
  'index',
  'rindex',
  'tojson',
  'fromjson',
  'todate',
  'fromdate',
  'tostream',
  'fromstream',
  'truncate_stream',
  'objects',
  'arrays',
  'strings',
  'numbers',
  'booleans',
  'nulls',
  'iterables',
  'scalars',
  'infinite',
  'nan',
  'isinfinite',
  'isnan',
  'isnormal',
  'isvalid',
  'null',
  'true',
  'false',
  'if',
  'then',
  'elif',
  'else',
  'end',
  'and',
  'or',
  'as',
  'reduce',
  'foreach',
  'try',
  'catch',
  'error',
  'del',
  'to_array',
  'combinations',
  'walk',
  'transpose',
  'splits',
  'abs',
  'round',
  'ceil',
  'pow',
  'log',
  'exp',
  'fabs',
  'trim',
  'ltrim',
  'rtrim',
  'debug',
  'halt',
  'halt_error',
  'getpath',
  'input_line_number',
  'splits',
  'significand',
  'tojson',
  'todateiso8601',
  'fromdateiso8601',
  'dateadd',
  'datesub',
  'date',
  'now',
  'mktime',
  'gmtime',
  'localtime',
  'strftime',
  'strptime',
  'format',
  'builtins',
  'label',
  'break',
]);

/** Words that reach outside the input: environment, files, modules, other inputs. */
const JQ_UNSAFE =
  /\$ENV\b|\benv\b|\binput_filename\b|\$__loc__|\$__prog|\bimport\b|\binclude\b|\bmodulemeta\b|\binputs?\b|\bget_search_list\b|\bget_prog_origin\b|\bget_jq_origin\b|\bdef\b/;

/**
 * jq filters: path expressions and builtins that only compute on the input. `env`, `$ENV`,
 * `input_filename`, `input`/`inputs`, `import`/`include`, `def` and variables (`$x`) are not
 * read-only; neither is a string interpolation (`"\(…)"`), which is checked as code.
 * Source: jq 1.6 manual.
 */
function checkJqFilter(filter: string): ReadOnlyVerdict {
  if (JQ_UNSAFE.test(filter)) return no(`jq filter ${filter} reads the environment, files or other inputs`);
  if (filter.includes('$')) return no(`jq filter ${filter} uses a variable`);
  if (filter.includes('\\(')) return no(`jq filter ${filter} interpolates code into a string`);
  // Drop string literals, then every name that is not after a `.` must be a safe builtin or an object key.
  const code = filter.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  if (/"/.test(code.replace(/""/g, ''))) return no(`jq filter ${filter} has an unterminated string`);
  if (/[^\w\s.[\]|,:(){}?"=!<>+\-*/%@;]/.test(code)) return no(`jq filter ${filter} has a character toolgate does not read`);
  for (const m of code.matchAll(/(^|[^.\w@])([A-Za-z_]\w*)(\s*:)?/g)) {
    const name = m[2]!;
    if (m[3] !== undefined) continue; // an object key `{name: …}`
    if (!JQ_SAFE_NAMES.has(name)) return no(`jq filter uses ${name}, which is not a builtin known to be read-only`);
  }
  for (const m of code.matchAll(/@(\w+)/g)) {
    if (!['text', 'json', 'html', 'uri', 'csv', 'tsv', 'sh', 'base64', 'base64d', 'base32', 'base32d'].includes(m[1]!)) {
      return no(`jq format @${m[1]} is not known to be read-only`);
    }
  }
  return YES;
}

/**
 * jq 1.6's files, read with its own option loop (main.c), which is not getopt's: a short option
 * counts wherever its letter is in a word (`-nf` is `-n -f`), a long name is matched exactly,
 * `--arg NAME VALUE` and `--argjson`, `--slurpfile`, `--rawfile NAME FILE` take two words, `-L DIR`
 * and `--indent N` one. The filter is the first operand unless `-f`/`--from-file` (then that
 * operand is the filter's file: every operand may be a file read) or `--run-tests`. `-L DIR`
 * names a directory of modules it may read. So jq's walk is its grammar; yq (which hands jq the
 * words it does not take) reads its words with it too.
 * @internal
 */
export function jqFiles(argv: readonly string[], start = 1): FileOperands {
  const files: FileOperand[] = [];
  const ops: number[] = [];
  const notFiles: number[] = [];
  let filterFromFile = false;
  let k = start;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      for (k++; k < argv.length; k++) ops.push(k);
      break;
    }
    if (['--slurpfile', '--rawfile'].includes(a)) {
      notFiles.push(k + 1);
      if (k + 2 < argv.length) files.push({ op: 'read', index: k + 2 });
      k += 2;
      continue;
    }
    if (['--arg', '--argjson'].includes(a)) {
      notFiles.push(k + 1, k + 2);
      k += 2;
      continue;
    }
    if (['-f', '--from-file'].includes(a)) {
      filterFromFile = true;
      if (k + 1 < argv.length) files.push({ op: 'read', index: k + 1 });
      k++;
      continue;
    }
    if (a.startsWith('--from-file=')) {
      filterFromFile = true;
      files.push({ op: 'read', index: k, value: a.slice('--from-file='.length) });
      continue;
    }
    // `--run-tests [FILE]` reads its tests from FILE (every operand may be one).
    if (a === '--run-tests') {
      filterFromFile = true;
      continue;
    }
    // jq 1.6 reads -f inside a cluster too (`-fn FILE`, `-rf FILE`): then every operand may be a file read.
    if (/^-[A-Za-z]*f[A-Za-z]*$/.test(a)) {
      filterFromFile = true;
      continue;
    }
    // --tab and --seq take no value.
    if (['-L', '--indent', '-I', '--output-format', '--input-format'].includes(a)) {
      if (a === '-L' && k + 1 < argv.length) files.push({ op: 'read', index: k + 1, tree: 'all' });
      k++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    ops.push(k);
  }
  const fileOps = filterFromFile ? ops : ops.slice(1);
  if (!filterFromFile && ops[0] !== undefined) notFiles.push(ops[0]);
  files.push(...all(fileOps, 'read'));
  return { files, unresolved: [], notFiles };
}

/** The jq model. @internal */
export const jq = defineProgram({
  names: ['jq'],
  summary: 'jq: filter JSON',
  sources: ['jq 1.6 jq(1)', CC_CLI],
  files: (_name, argv) => jqFiles(argv),
  readOnly: {
    claudeCode: {
      jq: {
        source: `${CC_CLI}; jq 1.6 jq(1) (path expressions only; env, $ENV, input_filename, -f, --rawfile, --slurpfile, -L not listed)`,
        operands: 'read',
        globs: false,
        check: 'jq',
      },
    },
  },
  readOnlyCheck: { claudeCode: (_name, argv) => jqReadOnly(argv) },
  runs: 'unseen',
  examples: [
    { command: 'jq .name package.json', effects: ['read ./package.json'], readOnly: true },
    { command: 'jq -r .version a.json b.json', effects: ['read ./a.json', 'read ./b.json'], readOnly: true },
    {
      command: 'jq -f filter.jq data.json',
      effects: ['read ./filter.jq', 'read ./data.json'],
      readOnly: false,
      why: '-f reads the filter from a file',
    },
    { command: 'jq env package.json', effects: ['read ./package.json'], readOnly: false, why: 'the filter reads the environment' },
  ],
});
