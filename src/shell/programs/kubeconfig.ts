/**
 * The kubeconfig files kubectl reads by itself: `$KUBECONFIG` (a `:`-separated list, merged) or
 * else `~/.kube/config` — none but the one `--kubeconfig` names (decided apart: credential-plugins.ts).
 * A user's `exec:` credential plugin (client-go) or `auth-provider:` runs a program on nearly every
 * subcommand, `kubectl version` and `kubectl config view` too (verified with kubectl 1.32 on
 * Debian 12, red team 20 R20-4: an `exec` user in `~/.kube/config` ran `sh -c 'cat .env; rm …'`),
 * so a call is judged by its words only when each file is absent or names neither. And the
 * `kubectl config` subcommands that change a kubeconfig write it (R20-8: `kubectl config
 * set-credentials u --exec-command=./x.sh` then ran x.sh on the next call).
 */
import type { FileOperand } from '../options/file-operands.js';
import { kubectlPositionals } from './kustomize.js';
import type { ProgramConfigFiles } from './model.js';

/**
 * Whether a kubeconfig's text names no program: no `exec` or `auth-provider` key. client-go reads
 * YAML through JSON, whose field names match in any case, and a quoted key may be escaped
 * (`"\x65xec"`): any spelling of either word, or any backslash, counts as naming one.
 * @internal
 */
export function harmlessKubeconfig(text: string): boolean {
  return !/exec|auth-?provider|\\/i.test(text);
}

/** `--kubeconfig` before `--`: kubectl reads that file instead (an unseen write of its own). */
function namesKubeconfig(argv: readonly string[]): boolean {
  for (const w of argv.slice(1)) {
    if (w === '--') return false;
    if (w === '--kubeconfig' || w.startsWith('--kubeconfig=')) return true;
  }
  return false;
}

/**
 * The kubeconfig files a kubectl command may read, or why they cannot be listed; `undefined` when
 * `--kubeconfig` names the file.
 * @internal
 */
export function kubectlConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } | undefined {
  if (namesKubeconfig(argv)) return undefined;
  // Not told counts as unset, as for curl's variables (decision 0071 addendum).
  const named = variable('KUBECONFIG') ?? null;
  if (named === null || named === '') return { files: [`${home.replace(/\/+$/, '')}/.kube/config`], harmless: harmlessKubeconfig };
  const files = named.split(':').filter((f) => f !== '');
  const relative = files.find((f) => !f.startsWith('/'));
  if (relative !== undefined) return { unknown: `KUBECONFIG names ${relative}, a kubeconfig relative to where kubectl runs` };
  return { files, harmless: harmlessKubeconfig };
}

/** `kubectl config` subcommands that change the kubeconfig (kubectl 1.32 `kubectl config --help`). */
const CHANGES: ReadonlySet<string> = new Set([
  'set',
  'unset',
  'set-cluster',
  'set-context',
  'set-credentials',
  'use-context',
  'use',
  'delete-cluster',
  'delete-context',
  'delete-user',
  'rename-context',
]);

/**
 * `kubectl config set-credentials …` and the others that change a kubeconfig: a write of
 * `~/.kube/config` (the one `$KUBECONFIG` names instead is read before the next call; the one
 * `--kubeconfig` names is an unseen write already).
 * @internal
 */
export function kubeconfigWrites(argv: readonly string[]): FileOperand[] {
  const [sub, verb] = kubectlPositionals(argv);
  if (sub === undefined || argv[sub] !== 'config' || verb === undefined || !CHANGES.has(argv[verb]!) || namesKubeconfig(argv)) return [];
  return [{ op: 'write', index: verb, value: '.kube/config', inHome: true }];
}
