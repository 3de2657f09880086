/**
 * The git configuration the user's shell start-up files give the git they start (decision 0156):
 * the pairs `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` and `GIT_CONFIG_PARAMETERS`
 * a start-up line sets (`export`, `declare -x`, `typeset -x`, or plain: a name inherited exported
 * stays exported), and the `-c KEY=VALUE` of a git command a line, an alias's text or a function's
 * body runs (`alias git='git -c core.fsmonitor=~/bin/x.sh'`, `git() { command git -c
 * core.hooksPath=~/bin "$@"; }`). Every git the user's shell starts — at the terminal, and the
 * Bash tool's through Claude Code's snapshot of aliases and functions — reads them after its
 * files (check30 c30-51, c30-52; red team 27 C4: bash 5.2 -i on a pty ran the program named).
 * The entries are read by the model of git (`programs/git/inherited-config.ts`, `runs.ts`), not here.
 */
import { inheritedConfig } from '../shell/programs/git/inherited-config.js';
import { isGitName, lineConfigEntries } from '../shell/programs/git/runs.js';
import { quoteRemoved } from '../shell/syntax/words.js';
import { quoteWord } from '../shell/syntax/environment.js';
import { aliasTexts, takesExportAway } from '../shell/programs/startup-builtins.js';
import { commandHead, commandsOf, homeExpanded, uncommented } from './sourced-text.js';

/** One configuration entry a start-up file gives git, and the file and spelling that gives it, as a reason says it. */
export interface StartupGitEntry {
  /** The key as git reads it (section and name lower case). */
  key: string;
  value: string;
  /** Where it comes from (`~/.bashrc (GIT_CONFIG_KEY_0)`, `` `git -c` of ~/.bashrc ``). */
  file: string;
}

/** The variables git reads configuration pairs from. */
const PAIR_VARIABLE = /(?:^|[;&|]\s*|\s)(GIT_CONFIG_(?:COUNT|KEY_\d+|VALUE_\d+|PARAMETERS))=((?:"[^"]*"|'[^']*'|[^\s;&|"'`])*)/g;

/** A variable a start-up line sets (`export FSM=~/bin/x.sh`), which `--config-env KEY=FSM` reads. */
const ANY_ASSIGNMENT = /(?:^|[;&|]\s*|\s)([A-Za-z_]\w*)=((?:"[^"]*"|'[^']*'|[^\s;&|"'`])*)/g;

/**
 * What the start-up files read so far set: the pair variables' last values, the `-c` entries, and
 * (decision 0166) every variable's last value with the git commands given `--config-env`, read once
 * all files are: git takes the variable's value when the command runs, after every start-up file.
 */
export interface StartupGitReading {
  variables: Map<string, { value: string; from: string }>;
  entries: StartupGitEntry[];
  assigned: Map<string, string>;
  configEnv: { argv: string[]; literal: boolean[]; from: string }[];
}

/** An empty reading, to fill with {@link readStartupGit}. */
export function startupGitReading(): StartupGitReading {
  return { variables: new Map(), entries: [], assigned: new Map(), configEnv: [] };
}

/**
 * Reads one shell start-up file's text (`from`: as a reason shows it) into `reading`: the pair
 * variables its lines set and the `-c` entries of the git commands its lines, aliases and
 * functions run. `home` expands `~`, `$HOME` and `${HOME}` (bash expands `~` after a `=` in an
 * argument too; git runs a program value through `sh -c`, which expands `$HOME`).
 */
export function readStartupGit(text: string, from: string, home: string, reading: StartupGitReading): void {
  for (const line of text.split('\n').map(uncommented)) {
    // `export -n NAME=V` sets NAME and takes its export away (bash 5.2: git's environment has no NAME).
    const unexported = takesExportAway(line);
    if (!unexported) {
      for (const m of line.matchAll(PAIR_VARIABLE))
        reading.variables.set(m[1]!, { value: homeExpanded(m[2]!.replace(/"([^"]*)"|'([^']*)'/g, '$1$2'), home), from });
      for (const m of line.matchAll(ANY_ASSIGNMENT))
        reading.assigned.set(m[1]!, homeExpanded(m[2]!.replace(/"([^"]*)"|'([^']*)'/g, '$1$2'), home));
    }
    for (const command of commandsOf(line)) {
      const head = commandHead(command);
      if (head === undefined) continue;
      const words = head.words.map((w) => quoteRemoved(w));
      // An alias's text is read as the commands it becomes when typed.
      const texts = [command, ...aliasTexts(words).flatMap(commandsOf)];
      for (const t of texts) reading.entries.push(...gitDashC(t, from, home, reading));
    }
  }
}

/**
 * The entries of a finished reading: the `-c` entries, then the pairs the variables make as git
 * reads them (`inheritedConfig`); pairs git could not read (a count with a pair missing) add none.
 */
export function startupGitEntries(reading: StartupGitReading): StartupGitEntry[] {
  const { variables } = reading;
  // `--config-env KEY=NAME`: NAME's last value, as the start-up files leave it (a value still holding an expansion is none).
  const env = [...reading.assigned].filter(([, v]) => !/[$`]/.test(v)).map(([n, v]) => `${n}=${quoteWord(v)}`);
  const fromEnv = reading.configEnv.flatMap((c) =>
    lineConfigEntries(c.argv, c.literal, env).map((e) => ({ key: e.key, value: e.value, file: `\`git --config-env\` of ${c.from}` })),
  );
  // git's model is in the hook's shell file: a Write or Edit with no pair set never loads it.
  if (variables.size === 0) return [...reading.entries, ...fromEnv];
  const pairs = inheritedConfig((name) => variables.get(name)?.value ?? null);
  const fromPairs = 'unknown' in pairs ? [] : pairs.entries;
  return [
    ...reading.entries,
    ...fromEnv,
    ...fromPairs.flatMap((e) => {
      if (e.value === null) return [];
      const name = /\((\w+)\)$/.exec(e.file)?.[1] ?? 'GIT_CONFIG_PARAMETERS';
      return [{ key: e.key, value: e.value, file: `${variables.get(name)?.from ?? 'a start-up file'} (${name})` }];
    }),
  ];
}

/**
 * The `-c KEY=VALUE` entries of one command when its program is git (`git`, `\git`, `/usr/bin/git`);
 * a command given `--config-env` is kept in `reading` whole, read when every file is.
 */
function gitDashC(command: string, from: string, home: string, reading: StartupGitReading): StartupGitEntry[] {
  const head = commandHead(command);
  // Only a git given configuration on its line is read by git's model (`alias gs='git status'` loads none).
  if (head === undefined || !isGitName(head.name) || !head.words.some((w) => /^-c|^--config-env/.test(w))) return [];
  const argv = head.words.map((w) => homeExpanded(quoteRemoved(w), home));
  // A word still holding an expansion is no value toolgate reads (`-c core.editor=$E`).
  const literal = argv.map((w) => !/[$`]/.test(w));
  if (head.words.some((w) => /^--config-env/.test(w))) {
    reading.configEnv.push({ argv, literal, from });
    return [];
  }
  return lineConfigEntries(argv, literal, []).map((e) => ({ key: e.key, value: e.value, file: `\`git -c\` of ${from}` }));
}
