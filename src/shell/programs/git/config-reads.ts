/**
 * The configuration keys and environment variables that make a read-only git subcommand run a
 * program, per subcommand: what git 2.39 reads when it refreshes the index (`core.fsmonitor`,
 * clean filters, the `post-index-change` hook `git status` runs when it writes the index), when
 * it makes a diff (`diff.external` and `diff.<driver>.command` for `git diff`, textconv for
 * every patch and `blame`), when it verifies signatures (`log.showSignature`, a `%G` placeholder
 * in `format.pretty` or a `pretty.<name>` alias, which run `gpg.program`), when it lists
 * alternates' refs (`core.alternateRefsCommand`), and, in a partial clone, when it fetches
 * missing objects (ssh, credential helpers). Observed with git 2.39 (`git -c KEY=probe SUB`).
 * Keys only a terminal or another subcommand reads are not listed: git starts `core.pager`,
 * `pager.<cmd>` and `$PAGER` only when its output is a terminal, which a tool call's is not;
 * hooks other than `post-index-change`, `core.editor`, `core.sshCommand` outside a partial clone,
 * `uploadpack.*` and aliases belong to subcommands that are not read-only (a built-in subcommand
 * cannot be replaced by an alias).
 */
import { formatVerifiesSignatures } from './formats.js';
import type { GitConfigEntry } from './config-file.js';

/** One kind of program a configuration makes git run. */
interface ConfigRead {
  /** The keys (lower-case `section.name`, a subsection as any text). */
  key: RegExp;
  /** Whether a value makes git run something (default: any non-empty value). */
  runs?: (value: string | null) => boolean;
  /** What runs, for reasons. */
  what: string;
}

const nonEmpty = (v: string | null) => v !== null && v.trim() !== '';
const isTrue = (v: string | null) => v === null || /^(true|yes|on|1)$/i.test(v.trim());
const BOOLEAN = /^(true|false|yes|no|on|off|1|0|)$/i;

const FSMONITOR: ConfigRead = {
  key: /^core\.fsmonitor$/,
  // `true` is the built-in daemon (git itself); any other value is a hook program.
  runs: (v) => v !== null && !BOOLEAN.test(v.trim()),
  what: 'core.fsmonitor names a program git runs to ask what changed',
};
const CLEAN_FILTER: ConfigRead = {
  key: /^filter\..+\.(clean|process)$/,
  what: 'a clean filter runs on working-tree files its attributes name',
};
const EXTERNAL_DIFF: ConfigRead = { key: /^diff\.external$|^diff\..+\.command$/, what: 'an external diff program makes the diff' };
const TEXTCONV: ConfigRead = { key: /^diff\..+\.textconv$/, what: 'a textconv program converts files before they are shown' };
const SHOW_SIGNATURE: ConfigRead = {
  key: /^log\.showsignature$/,
  runs: (v) => isTrue(v),
  what: 'log.showSignature verifies each signed commit, running gpg.program',
};
const PRETTY_SIGNATURE: ConfigRead = {
  key: /^format\.pretty$|^pretty\..+$/,
  runs: (v) => v !== null && formatVerifiesSignatures(v),
  what: 'a format with a %G placeholder verifies each signed commit, running gpg.program',
};
const ALTERNATE_REFS: ConfigRead = {
  key: /^core\.alternaterefscommand$/,
  what: "core.alternateRefsCommand runs to list an alternate's refs",
};
/** What a fetch runs, read only in a partial clone (a missing object is fetched on demand). */
const FETCH: ConfigRead = {
  key: /^core\.(sshcommand|gitproxy|askpass)$|^credential\.(.+\.)?helper$|^remote\..+\.(uploadpack|proxy)$/,
  what: 'a partial clone fetches missing objects, running ssh, proxies and credential helpers',
};

const INDEX = [FSMONITOR, CLEAN_FILTER];
const HISTORY = [TEXTCONV, SHOW_SIGNATURE, PRETTY_SIGNATURE, ALTERNATE_REFS];

/**
 * Per read-only subcommand: the configuration it reads that runs programs; whether it runs the
 * `post-index-change` hook (it may write the index); which environment variables run programs
 * (beyond those that move configuration or discovery, which every subcommand honours); whether
 * it reads objects (so a partial clone may fetch).
 */
interface SubcommandReads {
  config: readonly ConfigRead[];
  indexHook?: boolean;
  variables?: readonly string[];
  objects?: boolean;
}

/** The read-only subcommands' reads. A subcommand not listed reads every kind (see {@link configReadsOf}). @internal */
export const GIT_CONFIG_READS: Readonly<Record<string, SubcommandReads>> = {
  status: { config: INDEX, indexHook: true },
  diff: { config: [...INDEX, EXTERNAL_DIFF, TEXTCONV], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
  log: { config: HISTORY, objects: true },
  show: { config: HISTORY, objects: true },
  whatchanged: { config: HISTORY, objects: true },
  reflog: { config: HISTORY, objects: true },
  'rev-list': { config: [PRETTY_SIGNATURE, ALTERNATE_REFS], objects: true },
  shortlog: { config: [SHOW_SIGNATURE, PRETTY_SIGNATURE], objects: true },
  blame: { config: [...INDEX, TEXTCONV], objects: true },
  'ls-files': { config: INDEX },
  describe: { config: INDEX, objects: true },
  grep: { config: [FSMONITOR, TEXTCONV], objects: true },
  stash: { config: [...INDEX, EXTERNAL_DIFF, ...HISTORY], variables: ['GIT_EXTERNAL_DIFF'], objects: true },
  'cat-file': { config: [], objects: true },
  'merge-base': { config: [], objects: true },
  'name-rev': { config: [], objects: true },
  // diff-tree reads the index (core.fsmonitor runs, observed) but runs no diff driver or
  // textconv without --ext-diff/--textconv; a pretty.<name> alias with %G verifies signatures.
  'diff-tree': { config: [...INDEX, PRETTY_SIGNATURE], objects: true },
  // Reads the index (core.fsmonitor runs, observed) and the ignore files, core.excludesFile
  // among them: patterns, the one that matches printed with -v.
  'check-ignore': { config: INDEX },
  'show-branch': { config: [], objects: true },
  'count-objects': { config: [] },
  'rev-parse': { config: [] },
  branch: { config: [] },
  tag: { config: [] },
  'for-each-ref': { config: [] },
  remote: { config: [] },
  worktree: { config: [] },
  config: { config: [] },
  help: { config: [] },
};

const EVERY_READ: SubcommandReads = {
  config: [...INDEX, EXTERNAL_DIFF, ...HISTORY],
  indexHook: true,
  variables: ['GIT_EXTERNAL_DIFF'],
  objects: true,
};

/** What a subcommand reads (every kind, for one toolgate does not list). @internal */
export function configReadsOf(sub: string): SubcommandReads {
  return Object.prototype.hasOwnProperty.call(GIT_CONFIG_READS, sub) ? GIT_CONFIG_READS[sub]! : EVERY_READ;
}

/**
 * Environment variables that move where git finds its repository or configuration, or add
 * configuration: every subcommand honours them (git(1), "ENVIRONMENT VARIABLES"). `XDG_CONFIG_HOME`
 * moves the global file; `GIT_EXEC_PATH` the helpers git starts. `GIT_TRACE*` set to a path make
 * git write there.
 * @internal
 */
export const GIT_MOVING_VARIABLES: readonly string[] = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'XDG_CONFIG_HOME',
  'GIT_EXEC_PATH',
  'GIT_TRACE',
  'GIT_TRACE2',
  'GIT_TRACE2_EVENT',
  'GIT_TRACE2_PERF',
  'GIT_TRACE_SETUP',
  'GIT_TRACE_PERFORMANCE',
  'GIT_TRACE_PACKET',
  'GIT_TRACE_FSMONITOR',
];

/** Variables a partial clone's fetch runs (ssh, proxies, askpass). @internal */
export const GIT_FETCH_VARIABLES: readonly string[] = ['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND', 'GIT_ASKPASS', 'SSH_ASKPASS'];

/**
 * The last setting of each key in the order git reads them (a later file, or a later line,
 * overrides an earlier one), then the first that makes `sub` run a program: `{ entry, what }`.
 * `partialClone` says whether the repository fetches missing objects.
 * @internal
 */
export function programKey<E extends GitConfigEntry>(
  sub: string,
  entries: readonly E[],
  partialClone: boolean,
): { entry: E; what: string } | undefined {
  const reads = configReadsOf(sub);
  const kinds = [...reads.config, ...(partialClone && reads.objects === true ? [FETCH] : [])];
  const last = new Map<string, E>();
  for (const e of entries) {
    // A multi-valued credential helper list is reset by an empty value; keep any non-empty one seen.
    if (/^credential\./.test(e.key) && last.has(e.key) && nonEmpty(last.get(e.key)!.value) && e.value !== '') continue;
    last.set(e.key, e);
  }
  for (const [key, entry] of last) {
    for (const k of kinds) {
      if (!k.key.test(key)) continue;
      if ((k.runs ?? nonEmpty)(entry.value)) return { entry, what: k.what };
    }
  }
  return undefined;
}

/** Whether the configuration makes the repository a partial clone (git-config(1) `extensions.partialClone`, `remote.<name>.promisor`). @internal */
export function isPartialClone(entries: readonly GitConfigEntry[]): boolean {
  return entries.some(
    (e) => (e.key === 'extensions.partialclone' && nonEmpty(e.value)) || (/^remote\..+\.promisor$/.test(e.key) && isTrue(e.value)),
  );
}

/** Every environment variable git's read-only model reads (for the front ends that pass them on). @internal */
export const GIT_ENVIRONMENT_NAMES: readonly string[] = [
  ...new Set([...GIT_MOVING_VARIABLES, 'GIT_EXTERNAL_DIFF', ...GIT_FETCH_VARIABLES]),
];
