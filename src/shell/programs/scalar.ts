/**
 * scalar (git 2.39's large-repository front end, /usr/bin/scalar): each subcommand is read as the
 * git commands it runs, so git's model judges them — `register`, `reconfigure` and `clone` set up
 * `git maintenance start` (writes `.git/config`, `~/.gitconfig` and a scheduler entry, crontab),
 * `run TASK` runs `git maintenance run` (and `config`, `all` rewrite `.git/config`), `unregister`
 * and `delete` take the repository out of `~/.gitconfig`. scalar's own `-C DIR` and `-c KEY=VALUE`
 * are git's (`scalar -c core.sshCommand=… clone …` is `git -c … clone …`). `list`, `help`,
 * `version` only print; any other subcommand is unknown (fail closed).
 *
 * Verified with git 2.39.5 (red team 21, R21-2): under `Bash(*)`, `scalar register`, `scalar run
 * all` and `scalar reconfigure --all` changed .git/config and ~/.gitconfig and ran crontab.
 */
import { quoteWord } from '../syntax/environment.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** Subcommands that only print. */
const SHOWS: ReadonlySet<string> = new Set(['list', 'help', 'version']);

/** scalar clone's options that take a value (scalar(1)): `-b BRANCH`. */
const CLONE_VALUES: ReadonlySet<string> = new Set(['-b', '--branch']);

/** What a scalar command runs, as git commands (module comment); `undefined` when it only prints. */
function scalarRuns(argv: readonly string[]): Unwrapped[] | undefined {
  const git: string[] = ['git'];
  let k = 1;
  for (; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '-C' || w === '-c') git.push(w, argv[++k] ?? '');
    else if (/^-[Cc]./.test(w)) git.push(w.slice(0, 2), w.slice(2));
    else break;
  }
  const sub = argv[k];
  if (sub === undefined || sub === '-h' || sub === '--help' || SHOWS.has(sub)) return undefined;
  const rest = argv.slice(k + 1);
  const operands = rest.filter((w, i) => !w.startsWith('-') && !(sub === 'clone' && CLONE_VALUES.has(rest[i - 1] ?? '')));
  const dir = operands[sub === 'clone' || sub === 'run' ? 1 : 0];
  const at = (words: string[]) => [...git, ...(dir !== undefined && sub !== 'clone' ? ['-C', dir] : []), ...words].map(quoteWord).join(' ');
  const text = (script: string, what: string): Unwrapped => ({ kind: 'text', script, what: `scalar ${sub} ${what}` });
  const globalWrite = text(
    [...git, 'config', '--global', '--add', 'scalar.repo', dir ?? '.'].map(quoteWord).join(' '),
    'lists the repository in ~/.gitconfig',
  );
  switch (sub) {
    case 'register':
      return [text(at(['maintenance', 'start']), 'sets up git maintenance (.git/config, ~/.gitconfig, crontab)'), globalWrite];
    case 'reconfigure': {
      const out = [text(at(['maintenance', 'start']), 'sets up git maintenance again (.git/config, ~/.gitconfig, crontab)'), globalWrite];
      if (rest.some((w) => w === '--all' || w === '-a'))
        out.push({ kind: 'opaque', reason: 'scalar reconfigure --all rewrites the configuration of every repository ~/.gitconfig lists' });
      return out;
    }
    case 'run':
      return [
        text(at(['maintenance', 'run']), `runs git maintenance (${operands[0] ?? 'a task'})`),
        text(at(['config', 'scalar.enlistment', 'true']), 'sets its recommended settings in .git/config (run config, run all)'),
      ];
    case 'unregister':
      return [text(at(['maintenance', 'unregister']), 'stops git maintenance (.git/config, ~/.gitconfig)'), globalWrite];
    case 'delete':
      return [
        { kind: 'opaque', reason: `scalar delete removes the enlistment ${dir ?? ''} with its repository` },
        text(at(['maintenance', 'unregister']), 'stops git maintenance (.git/config, ~/.gitconfig)'),
      ];
    case 'clone': {
      const url = operands[0] ?? '';
      const target = operands[1];
      return [
        text([...git, 'clone', '--', url, ...(target === undefined ? [] : [target])].map(quoteWord).join(' '), 'clones the repository'),
        text(
          [...git, ...(target === undefined ? [] : ['-C', target]), 'maintenance', 'start'].map(quoteWord).join(' '),
          'sets up git maintenance (~/.gitconfig, crontab)',
        ),
        globalWrite,
      ];
    }
    case 'diagnose':
      return [text(at(['diagnose', '-o', '.scalarDiagnostics']), 'writes a diagnostics archive (.scalarDiagnostics)')];
    default:
      return [{ kind: 'unknown', reason: `scalar ${sub} is not a scalar subcommand toolgate knows` }];
  }
}

/** scalar: its subcommands as the git commands they run. @internal */
export const scalar = defineProgram({
  names: ['scalar'],
  summary: "scalar: git's large-repository front end (its subcommands are read as the git commands they run)",
  sources: ['scalar(1) and `scalar -h`, git 2.39.5 (Debian 12); verified under strace (red team 21, R21-2)'],
  unwrap: (argv): WrapperInfo | undefined => {
    const inner = scalarRuns(argv);
    return inner === undefined ? undefined : wrapInfo(inner);
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'scalar register',
      effects: ['write ./.git/config', 'write /home/user/.gitconfig', 'write ./start (word)', 'write /home/user/.gitconfig'],
      why: 'git maintenance start and git config --global write .git/config and ~/.gitconfig (unwrap)',
    },
    {
      command: 'scalar list',
      effects: ['write ./list (word)'],
      why: 'prints the registered repositories; its words are assumed, as for a program with no model',
    },
  ],
});
