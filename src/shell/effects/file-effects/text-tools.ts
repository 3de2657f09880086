/**
 * Text tools that read files and may write some: awk, split, csplit, xxd, shuf
 * (sed, tee, patch, sort, uniq and date have their models in `programs/`). Option names follow GNU coreutils 9, gawk 5 and xxd's own manual.
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../../options/file-operands.js';

/** Literal files an awk program names: `> "f"`, `>> "f"`, `getline < "f"`. */
const AWK_REDIRECT = /(>>?|<)\s*"((?:[^"\\]|\\.)*)"/g;

/** `awk [-f PROG] [-v a=b] [-i inplace] 'prog' FILE…`: reads files; gawk's inplace edits them. */
export function awkOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'fvFiElW',
    // gawk's `--dump-variables[=FILE]`, `--debug[=FILE]`, `--profile[=FILE]`, `--pretty-print[=FILE]` take a value only after `=`.
    longArg: ['file', 'assign', 'field-separator', 'include', 'exec', 'load', 'source'],
  });
  const progFile = options.filter((o) => is(o, '-f', '--file', '-E', '--exec'));
  for (const o of progFile) pushOpt(files, optionFile(o, 'read', argv));
  const sources = options.filter((o) => is(o, '--source'));
  const hasProgram = progFile.length > 0 || sources.length > 0;
  const fileOps = hasProgram ? ops : ops.slice(1);
  const programs = [...sources.map((o) => o.value ?? ''), ...(hasProgram || ops[0] === undefined ? [] : [argv[ops[0]]!])];
  const includes = options.filter((o) => is(o, '-i', '--include'));
  const inPlace = includes.some((o) => o.value === 'inplace' || o.value === 'inplace.awk');
  if (includes.some((o) => o.value !== 'inplace' && o.value !== 'inplace.awk')) unresolved.push('awk -i loads a library that may write files or run commands');
  if (has(options, '-l', '--load')) unresolved.push('awk -l loads an extension');
  for (const o of options) if (is(o, '--dump-variables', '--profile', '--pretty-print', '--debug') && o.value !== undefined) pushOpt(files, optionFile(o, 'write', argv));
  if (progFile.length > 0) unresolved.push('awk program file may write files or run commands');
  for (const program of programs) {
    for (const m of program.matchAll(AWK_REDIRECT)) {
      const at = ops[0] ?? 0;
      files.push({ op: m[1] === '<' ? 'read' : 'write', index: at, value: m[2]! });
    }
    // Anything else that writes, reads a computed name or runs a command cannot be followed.
    const rest = program.replace(AWK_REDIRECT, '');
    if (/system|\||>|getline|print[f]?\s*>|fflush|close\s*\(/.test(rest)) unresolved.push('awk program may write files or run commands');
  }
  const inputs = fileOps.filter((k) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[k]!));
  files.push(...all(inputs, inPlace ? 'write' : 'read'));
  const notFiles = [...(hasProgram || ops[0] === undefined ? [] : [ops[0]]), ...options.filter((o) => is(o, '-v', '--assign', '-F', '--field-separator')).flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [o.index]))];
  return { files, unresolved, notFiles };
}

/** `split [opts] [FILE [PREFIX]]` and `csplit [opts] FILE PATTERN…` write files named by a prefix. */
export function splitOperands(name: 'split' | 'csplit', argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  if (name === 'split') {
    const { options, operands: ops } = scan(argv, {
      shortArg: 'abClnt',
      longArg: ['suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'lines', 'number', 'separator', 'filter'],
      longFlags: ['numeric-suffixes', 'hex-suffixes', 'elide-empty-files', 'unbuffered', 'verbose', 'help', 'version'],
    });
    if (has(options, '--filter')) unresolved.push('split --filter runs a command for each piece');
    if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
    if (ops[1] !== undefined) files.push({ op: 'write', index: ops[1], prefix: true });
    else files.push({ op: 'write', index: 0, value: 'x', prefix: true });
    return { files, unresolved };
  }
  const { options, operands: ops } = scan(argv, {
    shortArg: 'bfn',
    longArg: ['suffix-format', 'prefix', 'digits'],
    longFlags: ['keep-files', 'suppress-matched', 'quiet', 'silent', 'elide-empty-files', 'help', 'version'],
  });
  const prefix = options.filter((o) => is(o, '-f', '--prefix'));
  for (const o of prefix) pushOpt(files, optionFile(o, 'write', argv, { prefix: true }));
  if (prefix.length === 0) files.push({ op: 'write', index: 0, value: 'xx', prefix: true });
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  return { files, unresolved, notFiles: ops.slice(1) };
}

/** Value letters of xxd and the long spellings that also take the next word (`-c 8`, `-cols 8`, but `-c8`). */
const XXD_VALUE: Readonly<Record<string, string>> = { c: 'ols', g: 'roupsize', l: 'en', o: 'ffset', s: 'eek', n: 'ame', R: '' };

/** `xxd [opts] [IN [OUT]]` (xxd reads `-cols`, `-ps`… by their first letters; options end at the first operand). */
export function xxdOperands(argv: readonly string[]): FileOperands {
  const ops: number[] = [];
  let k = 1;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      k++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const letter = a[1]!;
    const long = XXD_VALUE[letter];
    if (long !== undefined) {
      const rest = a.slice(2);
      if (rest === '' || long.startsWith(rest)) k++;
    }
  }
  for (; k < argv.length; k++) ops.push(k);
  const files: FileOperand[] = [];
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  for (const i of ops.slice(1)) files.push({ op: 'write', index: i });
  return { files, unresolved: [] };
}

/** `shuf [-o OUT] [--random-source F] [FILE]` (`-e` and `-i` take words, not files). */
export function shufOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'ino',
    longArg: ['input-range', 'head-count', 'output', 'random-source'],
    longFlags: ['echo', 'repeat', 'zero-terminated', 'help', 'version'],
  });
  for (const o of options) {
    if (is(o, '-o', '--output')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--random-source')) pushOpt(files, optionFile(o, 'read', argv));
  }
  const echo = has(options, '-e', '--echo');
  if (!echo) files.push(...all(ops, 'read'));
  return { files, unresolved: [], ...(echo ? { notFiles: ops } : {}) };
}
