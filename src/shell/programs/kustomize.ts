/**
 * What a kustomize build reads: `kubectl kustomize [DIR]`, kubectl's `-k DIR` / `--kustomize DIR`
 * (apply, create, delete, diff, get, replace and the other commands that take `-f`), and the
 * standalone `kustomize build [DIR]`. It reads the kustomization in DIR (`.` when no DIR is given:
 * `kubectl kustomize --help`) and the files it names below DIR — some of the tree of DIR — and more
 * that toolgate cannot list: the kustomizations its `resources` and `components` name in other
 * folders (`../base`), each read the same way, and, with `--load-restrictor LoadRestrictionsNone`,
 * files anywhere (`files: [../.env]`). Verified with kubectl 1.32 (kustomize v5) on Debian 12 (red
 * team 19, R19-2): `kubectl kustomize` with `envs: [.env]` in ./kustomization.yaml printed .env;
 * `kubectl kustomize t` with `resources: [../s]` printed s/secret.pem; `kubectl kustomize k
 * --load-restrictor=LoadRestrictionsNone` with `files: [../.env]` printed .env (without the flag:
 * "security; file … is not in or below").
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** kubectl's global flags that take a value (`kubectl options`, kubectl 1.32): a separate word is theirs. */
const KUBECTL_GLOBAL_VALUES = new Set([
  'as',
  'as-group',
  'as-uid',
  'cache-dir',
  'certificate-authority',
  'client-certificate',
  'client-key',
  'cluster',
  'context',
  'kubeconfig',
  'log-flush-frequency',
  'namespace',
  'password',
  'profile',
  'profile-output',
  'request-timeout',
  'server',
  'tls-server-name',
  'token',
  'user',
  'username',
  'v',
  'vmodule',
]);

/** `kubectl kustomize`'s and `kustomize build`'s own flags that take a value (their `--help`). */
const BUILD_VALUES = new Set([
  'env',
  'helm-api-versions',
  'helm-command',
  'helm-kube-version',
  'load-restrictor',
  'mount',
  'network-name',
  'output',
]);

/** Short flags that take a value, here or among kubectl's globals (`-n NS`, `-o FILE`, `-f FILE`, `-l SEL`, …). */
const SHORT_VALUES = 'censvoflLp';

const unlisted = (what: string): string =>
  `${what} reads the files its kustomization names, which toolgate cannot list: the kustomizations its resources and components name in other folders (../base), and with --load-restrictor LoadRestrictionsNone files anywhere`;

/**
 * The words of a command line that are no option and no option's value, with their indexes, from
 * `from` on (pflag: flags anywhere, `--` ends them; an unknown flag is refused, so a long one
 * not listed takes no separate value).
 */
function positionals(argv: readonly string[], from: number, values: ReadonlySet<string>): number[] {
  const out: number[] = [];
  let options = true;
  for (let k = from; k < argv.length; k++) {
    const w = argv[k]!;
    if (!options || w === '-' || !w.startsWith('-')) out.push(k);
    else if (w === '--') options = false;
    else if (w.startsWith('--')) {
      if (!w.includes('=') && values.has(w.slice(2))) k++;
    } else if (w.length === 2 && SHORT_VALUES.includes(w[1]!)) k++;
  }
  return out;
}

/** A pflag boolean that is on: `--NAME`, `--NAME=true` (any value but a false one). */
const on = (w: string, name: string): boolean =>
  w === `--${name}` || (w.startsWith(`--${name}=`) && !/^(false|0|f|F|FALSE|False)$/.test(w.slice(name.length + 3)));

/**
 * The programs a build's flags let it run, which toolgate cannot see and which may write any name
 * (a protected ask in every mode, decision 0092): the helm `--helm-command` names (verified:
 * `kubectl kustomize --enable-helm --helm-command ./evil` with a helmCharts entry ran ./evil), and
 * the plugins `--enable-alpha-plugins` and kustomize's `--enable-exec` let the kustomization name.
 */
function buildRuns(what: string, argv: readonly string[], from: number): { op: 'write'; why: string }[] {
  const unseen: { op: 'write'; why: string }[] = [];
  for (let k = from; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    const helm = w === '--helm-command' ? argv[k + 1] : w.startsWith('--helm-command=') ? w.slice('--helm-command='.length) : undefined;
    if (helm !== undefined)
      unseen.push({
        op: 'write',
        why: `${what} --helm-command ${helm} runs ${helm} for the kustomization's helm charts, a program toolgate cannot see`,
      });
    for (const flag of ['enable-alpha-plugins', 'enable-exec'])
      if (on(w, flag))
        unseen.push({ op: 'write', why: `${what} ${w} runs the plugin programs its kustomization names, which toolgate cannot see` });
  }
  return unseen;
}

/**
 * A kustomize build of the directory at word `dir` (or of `.`, named at word `at`, when there is
 * none): the tree it reads, the reason what its kustomization names cannot be listed, and the
 * programs its flags let it run.
 */
function buildReads(what: string, argv: readonly string[], dir: number | undefined, at: number): FileOperands {
  const kustomization = unlisted(what);
  const file: FileOperand =
    dir === undefined
      ? { op: 'read', index: at, value: '.', tree: 'some', kustomization }
      : { op: 'read', index: dir, tree: 'some', kustomization };
  const unseen = buildRuns(what, argv, at + 1);
  return { files: [file], unresolved: [kustomization], ...(unseen.length > 0 ? { unseen } : {}) };
}

/**
 * The directories kubectl's `-k DIR`, `-kDIR`, `-k=DIR`, `--kustomize DIR`, `--kustomize=DIR`
 * name (before `--`; `-k` may end a run of flags that take no value).
 */
function kustomizeFlags(argv: readonly string[], kustomization: string): FileOperand[] {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    if (w === '--kustomize') {
      if (k + 1 < argv.length) files.push({ op: 'read', index: k + 1, tree: 'some', kustomization });
    } else if (w.startsWith('--kustomize='))
      files.push({ op: 'read', index: k, value: w.slice('--kustomize='.length), tree: 'some', kustomization });
    else if (/^-[^-]/.test(w)) {
      // The first letter that takes a value ends the run; `-k` there takes the rest or the next word.
      const run = w.slice(1);
      const j = [...run].findIndex((c) => c === 'k' || SHORT_VALUES.includes(c));
      if (j < 0 || run[j] !== 'k') continue;
      const rest = run.slice(j + 1).replace(/^=/, '');
      if (rest !== '') files.push({ op: 'read', index: k, value: rest, tree: 'some', kustomization });
      else if (k + 1 < argv.length) files.push({ op: 'read', index: k + 1, tree: 'some', kustomization });
    }
  }
  return files;
}

/** The words of a kubectl command line that are no global flag or a global flag's value: its subcommand's words. */
export function kubectlPositionals(argv: readonly string[]): number[] {
  return positionals(argv, 1, KUBECTL_GLOBAL_VALUES);
}

/**
 * What kubectl reads for kustomize: `kubectl kustomize [DIR]` (its subcommand is the first word
 * that is no global flag or a global flag's value), and every `-k DIR`.
 */
export function kubectlKustomizeReads(argv: readonly string[]): FileOperands {
  const words = positionals(argv, 1, KUBECTL_GLOBAL_VALUES);
  const sub = words[0];
  if (sub !== undefined && argv[sub] === 'kustomize') {
    const dir = positionals(argv, sub + 1, new Set([...KUBECTL_GLOBAL_VALUES, ...BUILD_VALUES]))[0];
    return buildReads('kubectl kustomize', argv, dir, sub);
  }
  const reason = unlisted(sub === undefined ? 'kubectl -k' : `kubectl ${argv[sub]} -k`);
  const files = kustomizeFlags(argv, reason);
  return { files, unresolved: files.length > 0 ? [reason] : [] };
}

/**
 * The standalone kustomize: `kustomize build [DIR]` is modelled; its other commands (`edit`,
 * `create`, `fn`, …) are not (`otherwiseUnknown`): every word is assumed.
 * @internal
 */
export const kustomize = defineProgram({
  names: ['kustomize'],
  summary: 'kustomize: build Kubernetes manifests from a kustomization (only what `kustomize build` reads is modelled)',
  sources: [
    'kustomize v5 `kustomize build --help` (DIR defaults to .; --load-restrictor); kubectl 1.32 kubectl kustomize on Debian 12 (red team 19)',
  ],
  files: (_name, argv) => {
    const words = positionals(argv, 1, BUILD_VALUES);
    const sub = words[0];
    const built =
      sub !== undefined && argv[sub] === 'build' ? buildReads('kustomize build', argv, words[1], sub) : { files: [], unresolved: [] };
    return { ...built, modelled: 'partly' };
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'kustomize build --enable-helm --helm-command ./helm',
      effects: ['write . [some]', 'read . [some]', 'write ./helm (path)'],
      why: 'the helm program it names runs for the charts',
    },
    {
      command: 'kustomize build',
      effects: ['read . [some]'],
      why: 'no directory: kustomize builds the one it runs in',
    },
  ],
});
