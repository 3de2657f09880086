/**
 * `git-shell`, the login shell git offers for ssh accounts that only push and fetch: `git-shell -c
 * 'CMD ARGS'` runs git-receive-pack, git-upload-pack or git-upload-archive on the repository named,
 * and any other CMD as `~/git-shell-commands/CMD`, a program of the user's that toolgate cannot
 * see; with no `-c` it runs `~/git-shell-commands/help` and then each command line it reads
 * (git-shell(1), git 2.39). Red team 22 (NEW-T6): a script written to `~/git-shell-commands/x` ran
 * on `git-shell -c x` under Bash(*). So every form is opaque code; the folder is protected
 * (`paths/protected.ts`).
 */
import { defineProgram } from './model.js';
import type { WrapperInfo } from './wrapper-types.js';

const RUNS =
  'git-shell runs programs of ~/git-shell-commands (or git receive-pack, upload-pack or upload-archive on a repository), code toolgate cannot see';

/** Whatever it is given, what it runs is code toolgate does not read. */
function gitShellRuns(): WrapperInfo {
  return { inner: [{ kind: 'opaque', reason: RUNS }], transparent: false, exactOnly: false };
}

/** The git-shell model. @internal */
export const gitShell = defineProgram({
  names: ['git-shell'],
  summary: 'git-shell: a restricted login shell that runs git transport commands and ~/git-shell-commands',
  sources: ['git 2.39 git-shell(1)'],
  runs: 'seen',
  unwrap: () => gitShellRuns(),
  files: () => ({ files: [], unresolved: [] }),
  examples: [
    { command: 'git-shell -c x', effects: [], readOnly: false, why: 'runs ~/git-shell-commands/x' },
    { command: 'git-shell', effects: [], readOnly: false, why: 'runs ~/git-shell-commands/help, then the commands it reads' },
  ],
});
