/**
 * `flock`: runs a command (or a `-c` script) while it holds a lock on a file, which it creates.
 * One grammar, read by both facets: the lock file it writes and the command it runs
 * (`flock --wait 5 FILE CMD`: `--wait` takes 5; `-c` is read only after the file).
 */
import { describeGnuProblem, parseGnuOptions, type GnuArgument, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperand } from '../options/file-operands.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;
const r = 'required' as const;
const same = (name: string, argument: GnuArgument = 'none') => ({ argument, same: name });

/** util-linux 2.38 flock: every option. */
const grammar: GnuOptionSpec = {
  short: '+sexnoFuw:E:hV?',
  long: {
    shared: n,
    exclusive: n,
    unlock: n,
    nonblocking: n,
    nb: same('nonblocking'),
    timeout: r,
    wait: same('timeout', r),
    'conflict-exit-code': r,
    close: n,
    'no-fork': n,
    verbose: n,
    fcntl: n,
    help: n,
    version: n,
  },
};

/** `flock [opts] FILE COMMAND…` or `flock [opts] FILE -c SCRIPT` (`-c`/`--command` right after the file, as flock reads it). */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, grammar);
  if (!parsed.ok) return refusedWrap(`flock: ${describeGnuProblem(parsed)}`);
  const [, next, script] = parsed.operands;
  if (next === undefined) return wrapInfo([], false, true);
  if (next.text === '-c' || next.text === '--command') {
    return wrapInfo(
      [script ? { kind: 'script', index: script.index } : { kind: 'unknown', reason: `flock ${next.text} without a script` }],
      false,
      true,
    );
  }
  return wrapInfo([{ kind: 'argv', start: next.index, end: argv.length }], false, true);
}

/** The flock model. @internal */
export const flock = defineProgram({
  names: ['flock'],
  summary: 'flock: run a command while holding a lock on a file',
  sources: ['util-linux 2.38 flock(1)'],
  grammar,
  // `flock [opts] FILE|FD …`: the lock file is created (a number is a descriptor).
  files(_name, argv) {
    return readBy(argv, grammar, ({ operands: [lock] }) => {
      const files: FileOperand[] = [];
      if (lock !== undefined && !/^\d+$/.test(argv[lock]!)) files.push({ op: 'write', index: lock });
      return { files, unresolved: [] };
    });
  },
  touchesFilesAsWrapper: true,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: 'flock build.lock cat a.txt', effects: ['write ./build.lock', 'read ./a.txt'], readOnly: false },
    {
      command: 'flock --wait 5 build.lock rm a.txt',
      effects: ['write ./build.lock', 'remove ./a.txt'],
      why: '--wait takes 5 as its value',
    },
    {
      command: "flock build.lock -c 'rm a.txt'",
      effects: ['write ./build.lock', 'remove ./a.txt'],
      why: '-c after the file runs a script',
    },
    { command: 'flock 9 rm a.txt', effects: ['remove ./a.txt'], why: 'a number is a descriptor already open, not a file' },
  ],
});
