/**
 * `history`: the bash builtin that lists, reads and writes the command history. Bash manual, Bash
 * History Builtins. Its words are read by its own loop (bash's builtin option reader: options end
 * at the first operand, a value letter must end its word).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/**
 * `history -r|-n [FILE]` reads FILE into the history list (which `history` then prints);
 * `history -a|-w [FILE]` writes it. Without FILE, `$HISTFILE` (`~/.bash_history` by default).
 * `-d OFFSET` takes a value; after `-p`/`-s` the words are text.
 */
function historyOperands(argv: readonly string[]): FileOperands {
  let read = false;
  let write = false;
  let text = false;
  const notFiles: number[] = [];
  let k = 1;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      k++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const letters = a.slice(1);
    if (/[rn]/.test(letters)) read = true;
    if (/[aw]/.test(letters)) write = true;
    if (/[ps]/.test(letters)) text = true;
    const d = letters.indexOf('d');
    if (d >= 0 && d === letters.length - 1) notFiles.push(++k);
  }
  const rest = argv.map((_, i) => i).filter((i) => i >= k);
  if (text || (!read && !write)) return { files: [], unresolved: [], notFiles: [...notFiles, ...rest] };
  const file = rest[0];
  const files: FileOperand[] = [];
  for (const op of [...(read ? ['read' as const] : []), ...(write ? ['write' as const] : [])]) {
    files.push(file !== undefined ? { op, index: file } : { op, index: 0, value: '.bash_history', inHome: true });
  }
  return { files, unresolved: file === undefined ? ['history without a file uses $HISTFILE'] : [], notFiles: rest.slice(1) };
}

/** The history model. @internal */
export const history = defineProgram({
  names: ['history'],
  summary: 'history: list, read or write the command history',
  sources: ['bash 5.2 help history'],
  files: (_name, argv) => historyOperands(argv),
  runs: 'unseen',
  examples: [
    {
      command: 'history -r h.txt',
      effects: ['read ./h.txt'],
      readOnly: false,
      why: 'it reads the file into the history list, which history then prints',
    },
    { command: 'history 10', effects: [], why: 'a count, not a file' },
  ],
});
