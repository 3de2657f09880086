/**
 * `unbuffer` (expect): runs a program under a pseudo-terminal so its output is not buffered. Its
 * words are expect's `spawn` flags, then the program: no GNU options.
 */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** `unbuffer [-p] PROGRAM…` (expect's `spawn` reads its own flags first). */
function unwrap(argv: readonly string[]): WrapperInfo {
  let i = argv[1] === '-p' ? 2 : 1;
  while (i < argv.length && argv[i]!.startsWith('-')) {
    const a = argv[i]!;
    if (['-noecho', '-console', '-nottycopy', '-nottyinit', '-pty'].includes(a)) i++;
    else if (a === '-ignore') i += 2;
    else if (a === '-open' || a === '-leaveopen') return wrapInfo([]);
    else return refusedWrap(`unbuffer: spawn does not take ${a}`);
  }
  return wrapInfo(i < argv.length ? [{ kind: 'argv', start: i, end: argv.length }] : []);
}

/** The unbuffer model. @internal */
export const unbuffer = defineProgram({
  names: ['unbuffer'],
  summary: 'unbuffer: run a program with its output unbuffered',
  sources: ['expect 5.45 unbuffer(1), expect(1) spawn'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: 'unbuffer rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
    { command: 'unbuffer -p rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: "-p reads the program's input from a pipe" },
  ],
});
