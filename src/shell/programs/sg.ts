/** `sg`: runs a command with another group ID. */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { interactiveShell, wrapInfo } from './wrapper-info.js';

/** `sg [-] [GROUP [-c] COMMAND]`: the command is run by `sh -c`. */
function unwrap(argv: readonly string[]): WrapperInfo {
  let i = 1;
  if (argv[i] === '-') i++;
  i++;
  if (i >= argv.length) return wrapInfo([interactiveShell('sg')]);
  if (argv[i] === '-c')
    return wrapInfo(i + 1 < argv.length ? [{ kind: 'script', index: i + 1 }] : [{ kind: 'unknown', reason: 'sg -c without a command' }]);
  return wrapInfo([{ kind: 'script', index: i, joinFrom: i }]);
}

/** The sg model. @internal */
export const sg = defineProgram({
  names: ['sg'],
  summary: 'sg: run a command with another group ID',
  sources: ['shadow-utils 4.13 sg(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [{ command: "sg staff -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'the command is run by sh -c' }],
});
