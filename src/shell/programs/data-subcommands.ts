/**
 * Programs toolgate has no model of whose words, for the subcommands listed, are data — titles,
 * bodies, labels, resource names, queries — never a command the program starts. An unmodelled
 * program's words are otherwise read for a command it may start (decision 0118: `cpulimit -l 50
 * sh x.sh`), and prose reads as one: `gh pr create --title 'make it work'` named make, `kubectl
 * describe node x` named node. The program stays one with no model (a wildcard allow rule
 * consents to what it does); only that reading of its words is skipped. An allowlist: a
 * subcommand not listed, an option before it, or a subcommand that runs a local program or hands
 * words to one (`gh extension`, `gh alias`, `gh codespace ssh`, `kubectl exec`, `kubectl
 * plugin`, `kubectl edit`, `kubectl diff`) is read as before. From `gh help` (gh 2.x) and
 * `kubectl help` (1.2x).
 */

/** The subcommands, per program, whose words are data. */
const DATA_SUBCOMMANDS: Readonly<Record<string, ReadonlySet<string>>> = {
  gh: new Set([
    'api',
    'attestation',
    'auth',
    'browse',
    'cache',
    'completion',
    'gist',
    'gpg-key',
    'issue',
    'label',
    'org',
    'pr',
    'project',
    'release',
    'repo',
    'ruleset',
    'run',
    'search',
    'secret',
    'ssh-key',
    'status',
    'variable',
    'workflow',
  ]),
  kubectl: new Set([
    'annotate',
    'api-resources',
    'api-versions',
    'apply',
    'auth',
    'certificate',
    'cluster-info',
    'config',
    'cordon',
    'create',
    'delete',
    'describe',
    'drain',
    'events',
    'explain',
    'expose',
    'get',
    'label',
    'logs',
    'patch',
    'replace',
    'rollout',
    'scale',
    'set',
    'taint',
    'top',
    'uncordon',
    'version',
    'wait',
  ]),
};

/**
 * Programs with no model whose every word is data: files they check, format or convert, and their
 * options — none takes a program to run (`--help` of each: shellcheck 0.9, yamllint 1.29, black
 * 23, isort 5, ruff 0.x, fuser (psmisc 23.6), ffmpeg and ffprobe 5.1). Replay 21 found
 * `shellcheck ./build.sh`, `black ./src`, `ffmpeg -i /tmp/in.mp4 /tmp/out.mp4` asking once every
 * word was read (decision 0118): a path where a wrapper takes its command. Left out on purpose:
 * mypy (`--python-executable` runs the interpreter it names), pylint (`--load-plugins`), pandoc
 * (`--filter`), ImageMagick (delegates run programs).
 */
const DATA_PROGRAMS: ReadonlySet<string> = new Set(['shellcheck', 'yamllint', 'black', 'isort', 'ruff', 'fuser', 'ffmpeg', 'ffprobe']);

/**
 * Whether the words of `argv` (a program toolgate has no model of, `name` its folded name) are
 * data: it is one of {@link DATA_PROGRAMS}, or its first word is a subcommand
 * {@link DATA_SUBCOMMANDS} lists for it.
 * @internal
 */
export function argumentsAreData(name: string, argv: readonly string[]): boolean {
  if (DATA_PROGRAMS.has(name)) return true;
  const subcommands = Object.hasOwn(DATA_SUBCOMMANDS, name) ? DATA_SUBCOMMANDS[name] : undefined;
  return subcommands !== undefined && argv[1] !== undefined && subcommands.has(argv[1]);
}

/**
 * Examples, each a test (`test/shell/programs/data-subcommands.test.ts`): whether the words of the
 * command are data.
 * @internal
 */
export const DATA_SUBCOMMAND_EXAMPLES: readonly { readonly command: readonly string[]; readonly data: boolean; readonly why?: string }[] = [
  { command: ['gh', 'pr', 'create', '--title', 'make it work'], data: true, why: 'a title is prose' },
  { command: ['gh', 'issue', 'list', '--label', 'python'], data: true },
  { command: ['kubectl', 'describe', 'node', 'x'], data: true, why: 'node is a kind of resource' },
  { command: ['kubectl', 'logs', 'deploy/web'], data: true },
  { command: ['gh', 'extension', 'exec', 'x'], data: false, why: 'runs an installed extension' },
  { command: ['gh', 'my-alias', 'sh', 'x.sh'], data: false, why: 'an alias may run shell text' },
  { command: ['kubectl', 'exec', 'pod', '--', 'sh', 'x.sh'], data: false, why: 'hands the words after -- to a program' },
  { command: ['kubectl', '-n', 'ns', 'get', 'pods'], data: false, why: 'an option before the subcommand: read as before' },
  { command: ['kubectl', 'edit', 'deploy/web'], data: false, why: 'runs the editor KUBE_EDITOR or EDITOR names' },
  { command: ['shellcheck', './build.sh'], data: true, why: 'a script it checks, not one it runs' },
  { command: ['ffmpeg', '-i', '/tmp/in.mp4', '/tmp/out.mp4'], data: true },
  { command: ['mypy', './src'], data: false, why: 'mypy runs the interpreter --python-executable names: read as before' },
];
