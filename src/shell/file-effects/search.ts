/**
 * Searchers: grep (recursive with `-r`/`-R`/`-d recurse`), and the ones that always walk a
 * directory — ripgrep, ag, ack. A directory they walk stands for every file inside it.
 * GNU grep 3 manual; ripgrep(1); ag(1); ack(1).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

const GREP_LONG_ARG = [
  'regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'directories', 'devices', 'exclude', 'exclude-from',
  'exclude-dir', 'include', 'label', 'group-separator', 'binary-files',
];
const GREP_LONG_FLAGS = [
  'recursive', 'dereference-recursive', 'extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'ignore-case', 'no-ignore-case',
  'word-regexp', 'line-regexp', 'null-data', 'no-messages', 'invert-match', 'version', 'help', 'byte-offset', 'line-buffered', 'with-filename',
  'no-filename', 'quiet', 'silent', 'text', 'files-without-match', 'files-with-matches', 'count', 'initial-tab', 'null', 'only-matching',
  'line-number', 'no-group-separator', 'color', 'colour', 'binary',
];

/** `grep [opts] PATTERN FILE…`; with recursion (`rgrep` always) each operand (or `.` when none) is a directory read whole. */
export function grepOperands(argv: readonly string[], alwaysRecursive = false): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, { shortArg: 'efmABCdDX', longArg: GREP_LONG_ARG, longFlags: GREP_LONG_FLAGS });
  const patternGiven = has(options, '-e', '-f', '--regexp', '--file');
  for (const o of options) if (is(o, '-f', '--file', '--exclude-from')) pushOpt(files, optionFile(o, 'read', argv));
  const recurse = alwaysRecursive || options.some(
    (o) => is(o, '-r', '-R', '--recursive', '--dereference-recursive') || (is(o, '-d', '--directories') && o.value !== undefined && o.value !== '' && 'recurse'.startsWith(o.value)),
  );
  const paths = patternGiven ? ops : ops.slice(1);
  if (recurse) {
    files.push(...all(paths, 'read', { tree: 'all' }));
    if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  } else files.push(...all(paths, 'read'));
  const notFiles = patternGiven ? [] : ops.slice(0, 1);
  return { files, unresolved: [], notFiles };
}

/** `rg [opts] PATTERN [PATH…]`: searches the cwd when no path is given. */
export function rgOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'efmABCgtTMjEr',
    longArg: [
      'regexp', 'file', 'max-count', 'after-context', 'before-context', 'context', 'glob', 'iglob', 'type', 'type-not', 'type-add', 'type-clear',
      'pre', 'pre-glob', 'ignore-file', 'max-columns', 'max-depth', 'maxdepth', 'max-filesize', 'threads', 'encoding', 'replace', 'sort', 'sortr',
      'color', 'colors', 'context-separator', 'field-context-separator', 'field-match-separator', 'path-separator', 'dfa-size-limit',
      'regex-size-limit', 'engine', 'hostname-bin', 'hyperlink-format', 'generate',
    ],
    longFlags: ['files', 'hidden', 'no-ignore', 'unrestricted', 'search-zip', 'follow', 'no-config'],
  });
  for (const o of options) if (is(o, '-f', '--file', '--ignore-file')) pushOpt(files, optionFile(o, 'read', argv));
  if (has(options, '--pre')) unresolved.push('rg --pre runs a program on every file');
  if (has(options, '--hostname-bin')) unresolved.push('rg --hostname-bin runs a program');
  const listOnly = has(options, '--files', '--type-list', '--version', '-V', '--help', '-h');
  const patternGiven = has(options, '-e', '-f', '--regexp', '--file') || listOnly;
  const paths = patternGiven ? ops : ops.slice(1);
  files.push(...all(paths, 'read', { tree: 'all' }));
  if (paths.length === 0 && !has(options, '--version', '-V', '--help', '-h', '--type-list')) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  return { files, unresolved, notFiles: patternGiven ? [] : ops.slice(0, 1) };
}

/** `ag`/`ack [opts] PATTERN [PATH…]`: recursive by default, from the cwd. */
export function agAckOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'ABCGgmpt',
    longArg: ['file-search-regex', 'max-count', 'path-to-ignore', 'ignore', 'ignore-dir', 'depth', 'pager', 'type', 'output', 'match', 'ackrc'],
  });
  for (const o of options) if (is(o, '-p', '--path-to-ignore', '--ackrc')) pushOpt(files, optionFile(o, 'read', argv));
  const listOnly = has(options, '-f', '-g', '--version', '--help');
  const paths = listOnly ? ops : ops.slice(1);
  files.push(...all(paths, 'read', { tree: 'all' }));
  if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree: 'all' });
  return { files, unresolved: has(options, '--pager') ? ['--pager runs a program'] : [], notFiles: listOnly ? [] : ops.slice(0, 1) };
}
