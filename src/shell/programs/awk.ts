/**
 * `awk` (gawk 5, mawk, nawk): reads its files and runs its program, which may write files
 * (`print > "f"`), read them (`getline < "f"`) and run commands (`system()`, `|`). Literal
 * redirections in an inline program are followed; anything else the program may do is unresolved.
 * gawk's `-i inplace` edits the files in place.
 *
 * Its words are read with the lenient scanner over the shape below (not yet the GNU parser over a
 * full gawk grammar: gawk's `-e` takes program text, which the shape reads as a flag).
 */
import { all, has, is, optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** Literal files an awk program names: `> "f"`, `>> "f"`, `getline < "f"`. */
const AWK_REDIRECT = /(>>?|<)\s*"((?:[^"\\]|\\.)*)"/g;

/** `awk [-f PROG] [-v a=b] [-i inplace] 'prog' FILE…`: reads files; gawk's inplace edits them. */
function awkOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'fvFiElW',
    // gawk's `--dump-variables[=FILE]`, `--debug[=FILE]`, `--profile[=FILE]`, `--pretty-print[=FILE]` take a value only after `=`.
    longArg: ['file', 'assign', 'field-separator', 'include', 'exec', 'load', 'source'],
  });
  const progFile = options.filter((o) => is(o, '-f', '--file', '-E', '--exec'));
  for (const o of progFile) pushOpt(files, optionFile(o, 'read', argv));
  // `-W exec FILE` (mawk; gawk reads `-W NAME` as `--NAME`, and `e` names only exec in either):
  // FILE is the program, read from the file, and the words after it are its input.
  const wExec = options.filter((o) => is(o, '-W') && o.value !== undefined && /^e(?:x(?:e(?:c)?)?)?(?:=|$)/.test(o.value));
  let execOperand = false;
  for (const o of wExec) {
    const eq = o.value!.indexOf('=');
    if (eq >= 0) files.push({ op: 'read', index: o.index, value: o.value!.slice(eq + 1) });
    else if (ops[0] !== undefined && !execOperand) {
      files.push({ op: 'read', index: ops[0] });
      execOperand = true;
    }
  }
  const sources = options.filter((o) => is(o, '--source'));
  const hasProgram = progFile.length > 0 || sources.length > 0 || wExec.length > 0;
  const fileOps = hasProgram ? (execOperand ? ops.slice(1) : ops) : ops.slice(1);
  const programs = [...sources.map((o) => o.value ?? ''), ...(hasProgram || ops[0] === undefined ? [] : [argv[ops[0]]!])];
  const includes = options.filter((o) => is(o, '-i', '--include'));
  const inPlace = includes.some((o) => o.value === 'inplace' || o.value === 'inplace.awk');
  if (includes.some((o) => o.value !== 'inplace' && o.value !== 'inplace.awk'))
    unresolved.push('awk -i loads a library that may write files or run commands');
  if (has(options, '-l', '--load')) unresolved.push('awk -l loads an extension');
  for (const o of options)
    if (is(o, '--dump-variables', '--profile', '--pretty-print', '--debug') && o.value !== undefined)
      pushOpt(files, optionFile(o, 'write', argv));
  if (progFile.length > 0 || wExec.length > 0) unresolved.push('awk program file may write files or run commands');
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
  const notFiles = [
    ...(hasProgram || ops[0] === undefined ? [] : [ops[0]]),
    ...options
      .filter((o) => is(o, '-v', '--assign', '-F', '--field-separator'))
      .flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [o.index])),
  ];
  return { files, unresolved, notFiles };
}

/** The awk model (gawk, mawk and nawk read their words alike here). @internal */
export const awk = defineProgram({
  names: ['awk', 'gawk', 'mawk', 'nawk'],
  summary: 'awk: pattern scanning and processing language',
  sources: ['GNU awk 5.2 gawk(1)', 'mawk 1.3.4 mawk(1)'],
  files: (_name, argv) => awkOperands(argv),
  // Its program runs commands (`system()`, `print | "cmd"`) named in its arguments.
  runs: 'unseen',
  examples: [
    { command: "awk '{print $1}' in.txt", effects: ['read ./in.txt'], readOnly: false },
    { command: "awk -i inplace '{print}' f", effects: ['write ./f'], why: "gawk's inplace library edits the files in place" },
    {
      command: 'mawk -W exec prog.awk in.txt',
      effects: ['read ./prog.awk', 'read ./in.txt'],
      why: '-W exec reads the program from the file after it; the words after that are input',
    },
    {
      command: 'awk \'{print > "o.txt"}\' in',
      effects: ['write ./o.txt', 'read ./in'],
      why: 'a literal redirection in the program is followed',
    },
  ],
});
