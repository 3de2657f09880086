/**
 * The kinds of configuration that make git run a program (a key pattern, which values run
 * something, what runs), and the groups of them a subcommand reads: its entry in the subcommand
 * table (`subcommands.ts`, `reads`) names them. What git 2.39 reads when it refreshes the index
 * (`core.fsmonitor`, clean filters, the `post-index-change` hook `git status` runs when it writes
 * the index), when it makes a diff (`diff.external` and `diff.<driver>.command` for `git diff`,
 * textconv for every patch and `blame`), when it verifies signatures (`log.showSignature`, a `%G`
 * placeholder in `format.pretty` or a `pretty.<name>` alias, which run `gpg.program`), when it
 * lists alternates' refs (`core.alternateRefsCommand`), and, in a partial clone, when it fetches
 * missing objects (ssh, credential helpers). Observed with git 2.39 (`git -c KEY=probe SUB`).
 */
import { formatVerifiesSignatures } from './formats.js';

/** One kind of program a configuration makes git run. @internal */
export interface ConfigRead {
  /** The keys (lower-case `section.name`, a subsection as any text). */
  key: RegExp;
  /** Whether a value makes git run something (default: any non-empty value). */
  runs?: (value: string | null) => boolean;
  /** What runs, for reasons. */
  what: string;
  /** A `pretty.<name>` key is read only when the command's format names it (`formats.ts` consultedFormats). */
  namedFormats?: true;
}

/** Whether a value is set to something (an empty command runs nothing). @internal */
export const nonEmpty = (v: string | null) => v !== null && v.trim() !== '';
/** Whether a value is git's true (a key given without a value is true). @internal */
export const isTrue = (v: string | null) => v === null || /^(true|yes|on|1)$/i.test(v.trim());
const BOOLEAN = /^(true|false|yes|no|on|off|1|0|)$/i;

/** `core.fsmonitor` set to a hook program, run when the index is refreshed. @internal */
export const FSMONITOR: ConfigRead = {
  key: /^core\.fsmonitor$/,
  // `true` is the built-in daemon (git itself); any other value is a hook program.
  runs: (v) => v !== null && !BOOLEAN.test(v.trim()),
  what: 'core.fsmonitor names a program git runs to ask what changed',
};
/** Clean filters, run on working-tree files when the index is refreshed. @internal */
export const CLEAN_FILTER: ConfigRead = {
  key: /^filter\..+\.(clean|process)$/,
  what: 'a clean filter runs on working-tree files its attributes name',
};
/**
 * Smudge filters, run on each file git writes into the working tree from the index or a commit
 * (`git checkout`, `reset --hard`, `stash pop`, `merge`): verified with git 2.39.5, `filter.x.smudge
 * = 'rm -f README.md; cat'` and `* filter=x` made `git checkout -- a.txt` and `git checkout feat`
 * remove README.md. @internal
 */
export const SMUDGE_FILTER: ConfigRead = {
  key: /^filter\..+\.smudge$/,
  what: 'a smudge filter runs on files git writes into the working tree',
};
/** Merge drivers, run on each file its attributes name that both sides of a merge changed. @internal */
export const MERGE_DRIVER: ConfigRead = { key: /^merge\..+\.driver$/, what: 'a merge driver merges files its attributes name' };
/** `diff.external` and diff drivers' commands, run to make a diff. @internal */
export const EXTERNAL_DIFF: ConfigRead = { key: /^diff\.external$|^diff\..+\.command$/, what: 'an external diff program makes the diff' };
/** textconv programs, run before a file's content is shown. @internal */
export const TEXTCONV: ConfigRead = { key: /^diff\..+\.textconv$/, what: 'a textconv program converts files before they are shown' };
/** `log.showSignature`, which verifies signed commits as they are shown. @internal */
export const SHOW_SIGNATURE: ConfigRead = {
  key: /^log\.showsignature$/,
  runs: (v) => isTrue(v),
  what: 'log.showSignature verifies each signed commit, running gpg.program',
};
/** A default or named format with a `%G` placeholder, which verifies signed commits. @internal */
export const PRETTY_SIGNATURE: ConfigRead = {
  key: /^format\.pretty$|^pretty\..+$/,
  runs: (v) => v !== null && formatVerifiesSignatures(v),
  what: 'a format with a %G placeholder verifies each signed commit, running gpg.program',
  namedFormats: true,
};
/** `core.alternateRefsCommand`, run to list an alternate's refs. @internal */
export const ALTERNATE_REFS: ConfigRead = {
  key: /^core\.alternaterefscommand$/,
  what: "core.alternateRefsCommand runs to list an alternate's refs",
};
/** What a fetch runs, read only in a partial clone (a missing object is fetched on demand). @internal */
export const FETCH: ConfigRead = {
  key: /^core\.(sshcommand|gitproxy|askpass)$|^credential\.(.+\.)?helper$|^remote\..+\.(uploadpack|proxy)$/,
  what: 'a partial clone fetches missing objects, running ssh, proxies and credential helpers',
};

/** What refreshing the index runs. @internal */
export const INDEX: readonly ConfigRead[] = [FSMONITOR, CLEAN_FILTER];
/** What writing files into the working tree runs (a stash applied, a worktree checked out). @internal */
export const WORK_TREE: readonly ConfigRead[] = [SMUDGE_FILTER, MERGE_DRIVER];
/** What showing history runs. @internal */
export const HISTORY: readonly ConfigRead[] = [TEXTCONV, SHOW_SIGNATURE, PRETTY_SIGNATURE, ALTERNATE_REFS];

/**
 * Per read-only subcommand: the configuration it reads that runs programs; whether it runs the
 * `post-index-change` hook (it may write the index); which environment variables run programs
 * (beyond those that move configuration or discovery, which every subcommand honours); whether
 * it reads objects (so a partial clone may fetch).
 * @internal
 */
export interface SubcommandReads {
  config: readonly ConfigRead[];
  indexHook?: boolean;
  variables?: readonly string[];
  objects?: boolean;
}

/** Every kind: what a subcommand whose entry names no `reads` is taken to read. @internal */
export const EVERY_READ: SubcommandReads = {
  config: [...INDEX, ...WORK_TREE, EXTERNAL_DIFF, ...HISTORY],
  indexHook: true,
  variables: ['GIT_EXTERNAL_DIFF'],
  objects: true,
};
