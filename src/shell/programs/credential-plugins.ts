/**
 * Cloud command-line clients whose configuration files name a program they run to get
 * credentials: kubectl (a kubeconfig user's `exec:` plugin) and the AWS CLI (a profile's
 * `credential_process`). A configuration file the command line names — by a variable or, for
 * kubectl, by `--kubeconfig` — is one toolgate does not read, so what it runs may write anything:
 * a protected ask in every mode (decision 0092). Verified on Debian 12 (#37): with a kubeconfig
 * whose user ran `sh -c 'rm -rf .claude'`, `KUBECONFIG=./k.yaml kubectl get pods` and `kubectl
 * --kubeconfig k.yaml version` removed .claude (the server was unreachable: the plugin runs first);
 * `AWS_CONFIG_FILE=./c.ini aws sts get-caller-identity` and `AWS_SHARED_CREDENTIALS_FILE=./c.ini aws
 * s3 ls` did with `credential_process = sh -c "rm -rf .claude"`, and `PYTHONPATH=. aws --version`
 * with a `sitecustomize.py` there (AWS CLI 1.x is a Python program).
 *
 * Only that is modelled, and what kubectl's kustomize builds read (`kustomize.ts`): what each
 * does otherwise (`kubectl apply`, `aws s3 rm`) is not, so each stays a program whose writes
 * toolgate does not know (`otherwiseUnknown`).
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import { awsConfigFiles } from './aws-config.js';
import { kubeconfigWrites, kubectlConfigFiles } from './kubeconfig.js';
import { kubectlKustomizeReads } from './kustomize.js';
import { defineProgram } from './model.js';

/**
 * `--kubeconfig FILE` / `--kubeconfig=FILE` anywhere before `--` (kubectl's global flags follow
 * any subcommand; pflag takes no abbreviation): an unseen write for each.
 */
function kubectlFiles(argv: readonly string[]): FileOperands {
  const unseen: UnseenNames[] = [];
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    const file = w === '--kubeconfig' ? argv[k + 1] : w.startsWith('--kubeconfig=') ? w.slice('--kubeconfig='.length) : undefined;
    if (file !== undefined)
      unseen.push({
        op: 'write',
        why: `kubectl --kubeconfig ${file} reads a kubeconfig whose user may name an exec credential plugin, a program kubectl runs, which toolgate cannot see`,
      });
  }
  const kustomized = kubectlKustomizeReads(argv);
  unseen.push(...(kustomized.unseen ?? []));
  return {
    files: [...kustomized.files, ...kubeconfigWrites(argv)],
    unresolved: kustomized.unresolved,
    modelled: 'partly',
    ...(unseen.length > 0 ? { unseen } : {}),
  };
}

/** @internal */
export const kubectl = defineProgram({
  names: ['kubectl'],
  summary:
    'kubectl: the Kubernetes client (only the kubeconfig it reads, its kustomize builds and the programs its variables name are modelled)',
  sources: [
    'Kubernetes docs, Organizing cluster access using kubeconfig files (KUBECONFIG, --kubeconfig); client-go credential plugins (users[].user.exec)',
    'kubectl edit (KUBE_EDITOR, EDITOR), kubectl diff (KUBECTL_EXTERNAL_DIFF); verified with kubectl 1.32 on Debian 12 (#37)',
  ],
  files: (_name, argv) => kubectlFiles(argv),
  configFiles: kubectlConfigFiles,
  configFilesWithoutView: 'absent',
  readsVariables: {
    KUBECONFIG: {
      may: ['options-file'],
      what: 'KUBECONFIG names the kubeconfig files kubectl reads, whose users may name an exec credential plugin it runs',
    },
    KUBE_EDITOR: { may: ['code'], what: 'KUBE_EDITOR names the editor kubectl edit runs' },
    EDITOR: { may: ['code'], what: 'EDITOR names the editor kubectl edit runs when KUBE_EDITOR is not set' },
    KUBECTL_EXTERNAL_DIFF: { may: ['code'], what: 'KUBECTL_EXTERNAL_DIFF names the program kubectl diff runs' },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'kubectl get pods', effects: ['write ./get (word)', 'write ./pods (word)'], why: 'what kubectl does is not modelled' },
    { command: 'kubectl kustomize', effects: ['read . [some]'], why: 'no directory: kustomize builds the one it runs in' },
    {
      command: 'kubectl -n x apply -k overlays/prod',
      effects: ['read ./overlays/prod [some]', 'write ./x (word)', 'write ./apply (word)'],
      why: 'the kustomization directory: the files its kustomization names below it are read',
    },
    {
      command: 'kubectl --kubeconfig k.yaml get pods',
      effects: ['write . [some]', 'write ./k.yaml (word)', 'write ./get (word)', 'write ./pods (word)'],
      why: "the kubeconfig's exec plugin runs before any request",
    },
    {
      command: 'KUBECONFIG=./k.yaml kubectl get pods',
      effects: ['write ./k.yaml', 'write . [some]', 'write ./get (word)', 'write ./pods (word)'],
      why: 'the same file, named by the variable',
    },
    {
      command: 'kubectl config set-credentials u --token=t',
      effects: ['write /home/user/.kube/config', 'write ./config (word)', 'write ./u (word)', 'write ./t (word)'],
      why: 'kubectl config set-* writes the kubeconfig',
    },
  ],
});

/** aws's global options that take a value (AWS CLI 1.x `aws help`, "GLOBAL OPTIONS"). */
const AWS_VALUES: ReadonlySet<string> = new Set([
  '--profile',
  '--region',
  '--output',
  '--endpoint-url',
  '--query',
  '--color',
  '--ca-bundle',
  '--cli-read-timeout',
  '--cli-connect-timeout',
  '--cli-binary-format',
]);

/** `aws configure` subcommands that only read the configuration. */
const AWS_CONFIGURE_READS: ReadonlySet<string> = new Set(['get', 'list', 'list-profiles', 'export-credentials', 'help']);

/**
 * `aws configure set KEY VALUE`, `aws configure` (it asks for the keys), `import`, `sso`: a write
 * of ~/.aws, whose config may then name a `credential_process` (red team 20 R20-8: `aws configure
 * set credential_process 'cat .env'`). The files AWS_CONFIG_FILE names are read before anyway.
 */
function awsFiles(argv: readonly string[]): FileOperands {
  const words: number[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (AWS_VALUES.has(w)) k++;
    else if (!w.startsWith('-')) words.push(k);
  }
  const [sub, verb] = words;
  const writes = sub !== undefined && argv[sub] === 'configure' && (verb === undefined || !AWS_CONFIGURE_READS.has(argv[verb]!));
  return {
    files: writes ? [{ op: 'write', index: sub, value: '.aws', inHome: true, tree: 'some' }] : [],
    unresolved: [],
    modelled: 'partly',
  };
}

/** @internal */
export const aws = defineProgram({
  names: ['aws'],
  summary: 'aws: the AWS command-line client (only the configuration files and the programs its variables name are modelled)',
  sources: [
    'AWS CLI user guide, Environment variables (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, AWS_PAGER), Sourcing credentials with an external process (credential_process), Using the pager',
    'verified with AWS CLI 1.45 (Python 3.11) on Debian 12 (#37); AWS_PAGER from the version 2 guide',
  ],
  readsVariables: {
    AWS_CONFIG_FILE: {
      may: ['options-file'],
      what: 'AWS_CONFIG_FILE names the configuration file aws reads, whose credential_process is a program it runs',
    },
    AWS_SHARED_CREDENTIALS_FILE: {
      may: ['options-file'],
      what: 'AWS_SHARED_CREDENTIALS_FILE names the credentials file aws reads, whose credential_process is a program it runs',
    },
    AWS_PAGER: { may: ['code'], what: 'AWS_PAGER names the pager aws (version 2) pipes its output to' },
  },
  files: (_name, argv) => awsFiles(argv),
  // The files the environment's AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE name (aws-config.ts).
  configFiles: awsConfigFiles,
  configFilesWithoutView: 'absent',
  // AWS CLI 1.x is a Python program: Python imports sitecustomize and aws's modules from PYTHONPATH first.
  runtime: 'python',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'AWS_CONFIG_FILE=./c.ini aws sts get-caller-identity',
      effects: ['write ./c.ini', 'write . [some]', 'write ./sts (word)', 'write ./get-caller-identity (word)'],
      why: 'a credential_process in the file runs',
    },
    { command: 'aws s3 ls', effects: ['write ./s3 (word)', 'write ./ls (word)'], why: 'what aws does is not modelled' },
    {
      command: 'aws configure set region eu-west-1',
      effects: ['write /home/user/.aws [some]', 'write ./set (word)', 'write ./region (word)', 'write ./eu-west-1 (word)'],
      why: 'aws configure writes ~/.aws/config',
    },
  ],
});

/**
 * `--config DIR` / `--config=DIR` (docker's global flag): an unseen write for each, as for
 * DOCKER_CONFIG naming the same folder.
 */
function dockerFiles(argv: readonly string[]): FileOperands {
  const unseen: { op: 'write'; why: string }[] = [];
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    const dir = w === '--config' ? argv[k + 1] : w.startsWith('--config=') ? w.slice('--config='.length) : undefined;
    if (dir !== undefined)
      unseen.push({
        op: 'write',
        why: `docker --config ${dir} reads a config.json that may name credential helpers and plugin folders, programs docker runs, which toolgate cannot see`,
      });
  }
  const files = dockerConfigWrites(argv);
  return { files, unresolved: [], modelled: 'partly', ...(unseen.length > 0 ? { unseen } : {}) };
}

/** docker's global options that take a value (Docker 28.2 `docker --help`), a word of their own. */
const DOCKER_VALUES: ReadonlySet<string> = new Set([
  '--config',
  '-c',
  '--context',
  '-H',
  '--host',
  '-l',
  '--log-level',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
]);

/**
 * The commands that rewrite the user's config.json by themselves: `docker context use` sets
 * `currentContext`, `docker context rm` of the current one clears it (verified, Docker 28.2 on
 * Debian 12: both rewrote ~/.docker/config.json), `docker login`/`logout` keep the registry
 * credentials there (Docker CLI reference, `docker login`: "credentials are stored in
 * config.json" unless a credential store holds them). A protected file: its `credsStore` and
 * `credHelpers` name programs docker runs (red team 21, R21-4: `docker context use` was allowed in
 * bypassPermissions). `--config`/DOCKER_CONFIG name another folder: an unseen write already.
 */
function dockerConfigWrites(argv: readonly string[]): FileOperand[] {
  const words: number[] = [];
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    if (DOCKER_VALUES.has(w)) k++;
    else if (!w.startsWith('-')) words.push(k);
  }
  const [sub, verb] = words;
  if (sub === undefined) return [];
  const cmd = argv[sub]!;
  const writes =
    cmd === 'login' || cmd === 'logout' || (cmd === 'context' && verb !== undefined && ['use', 'rm', 'remove'].includes(argv[verb]!));
  return writes ? [{ op: 'write', index: sub, value: '.docker/config.json', inHome: true }] : [];
}

/**
 * docker: only the configuration folder is modelled. Its config.json names credential helpers
 * (`credsStore`, `credHelpers`: `docker-credential-NAME` along the PATH) and `cliPluginsExtraDirs`,
 * folders whose `docker-NAME` plugins docker runs — even for `docker --help`, which asks each for
 * its metadata (verified, Docker 28.2 on Debian 12, #37: `DOCKER_CONFIG=./d docker --help` ran a
 * plugin in ./pl that removed .claude).
 * @internal
 */
export const docker = defineProgram({
  names: ['docker'],
  summary: 'docker: the Docker client (only the configuration folder it reads is modelled)',
  sources: [
    'Docker CLI reference, docker (--config, DOCKER_CONFIG; config.json credsStore, credHelpers, cliPluginsExtraDirs); verified with Docker 28.2 on Debian 12 (#37)',
  ],
  files: (_name, argv) => dockerFiles(argv),
  readsVariables: {
    DOCKER_CONFIG: {
      may: ['options-file'],
      what: 'DOCKER_CONFIG names the folder of the config.json docker reads, whose credential helpers and plugin folders name programs it runs',
    },
  },
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'DOCKER_CONFIG=./d docker --help',
      effects: ['write ./d', 'write . [some]'],
      why: 'a plugin folder the config names runs even for --help',
    },
    { command: 'docker --config ./d ps', effects: ['write . [some]', 'write ./d (path)', 'write ./ps (word)'] },
    {
      command: 'docker context use xx',
      effects: ['write /home/user/.docker/config.json', 'write ./use (word)', 'write ./xx (word)'],
      why: 'it sets currentContext in ~/.docker/config.json (red team 21)',
    },
    { command: 'docker context ls', effects: ['write ./context (word)', 'write ./ls (word)'], why: 'lists the contexts' },
  ],
});
