/**
 * `capsh [OPTION…] [== OPTION…] [-- ARG…]` (libcap 2.66): changes capabilities, then with `--`
 * runs its shell with ARGs — `/bin/bash`, or the program `--shell=PROG` names, started by
 * `execve` without a PATH search, so a bare name is a file of the working directory. It is a shell
 * runner, like `script -c`: `capsh -- -c 'CMD'` is `/bin/bash -c 'CMD'`, judged as that command.
 * Its options act in order; `==` runs capsh again with the words after it, read here as the same
 * command line.
 *
 * Verified on Debian 12 (red team 19, R19-8 / R19-10): `capsh -- -c ./evil`, `capsh -- ./evil`,
 * `capsh --shell=./evil --`, `capsh --forkfor=1 -- -c ./evil` and, with a file ./bash in the
 * working directory, `capsh --shell=bash --` ran the project's file; `capsh == --print` did not
 * run a ./capsh there.
 */
import { quoteWord } from '../syntax/environment.js';
import { defineProgram } from './model.js';
import type { WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** What capsh runs: its shell with the words after `--`, as a command line; nothing without `--`. */
function capshRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  let shell = '/bin/bash';
  let root: string | undefined;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') {
      const rest = argv.slice(k + 1);
      if (shell === '' || literal.slice(k + 1).some((l) => l === false))
        return wrapInfo([{ kind: 'opaque', reason: `capsh -- runs its shell with words that are not literal: ${rest.join(' ')}` }]);
      if (root !== undefined)
        return wrapInfo([{ kind: 'opaque', reason: `capsh --chroot=${root} runs its shell ${shell} from inside ${root}` }]);
      // execve without a PATH search: a bare name is the working directory's file.
      const program = shell.includes('/') ? shell : `./${shell}`;
      return wrapInfo([{ kind: 'text', script: [program, ...rest].map(quoteWord).join(' '), what: 'capsh --' }]);
    }
    if (w === '==') continue;
    if (!w.startsWith('--') || literal[k] === false)
      return wrapInfo([{ kind: 'unknown', reason: `capsh: a word toolgate cannot read as one of its options: ${w}` }]);
    if (w.startsWith('--shell=')) shell = w.slice('--shell='.length);
    else if (w.startsWith('--chroot=')) root = w.slice('--chroot='.length);
  }
  return wrapInfo([]);
}

/** @internal */
export const capsh = defineProgram({
  names: ['capsh'],
  summary: 'capsh: change capabilities, then run a shell with the words after --',
  sources: ['libcap 2.66 capsh(1) and capsh.c (--, ==, --shell=, --chroot=); verified on Debian 12 (#37, R19-8)'],
  unwrap: capshRuns,
  runs: 'seen',
  examples: [
    { command: 'capsh --print', effects: [], why: 'no -- : it runs nothing' },
    {
      command: "capsh -- -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      why: 'the words after -- are /bin/bash -c rm a.txt, judged as that command',
    },
  ],
});
