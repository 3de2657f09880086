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
import type { GitConfigEntry } from './config-file.js';
import {
  CREDENTIAL_KEYS,
  EDITOR_KEYS,
  INTERACTIVE_KEYS,
  PAGER_KEYS,
  SEQUENCE_EDITOR_KEYS,
  SIGNING_KEYS,
  TOOL_KEYS,
  TRAILER_KEYS,
  TRANSPORT_KEYS,
  VIEWER_KEYS,
} from './command-keys.js';
import {
  addsTrailers,
  asksCredentials,
  isTrue,
  patchesInteractively,
  reachesRemote,
  signingProgram,
  signingProgramByName,
  signs,
  signsBy,
  startsEditor,
  startsSequenceEditor,
  startsTool,
  startsViewer,
} from './config-forms.js';
import { formatVerifiesSignatures } from './formats.js';
import { keySubsection, reachedOverSsh, reachesRemoteNamed, typesUrlWith } from './remote-urls.js';

export { isTrue };

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
  /**
   * Whether `git SUB WORDS` starts what the key names (`config-forms.ts`; words unknown: any
   * form), with the last setting of each key. Absent: every subcommand that reads the kind does.
   */
  when?: (sub: string, words: readonly string[] | undefined, last: ReadonlyMap<string, GitConfigEntry>, key: string) => boolean;
  /** The text git runs for a key of this kind, when it is not the value itself (a key that starts a program git chooses). */
  program?: (key: string, value: string | null, last: ReadonlyMap<string, GitConfigEntry>) => string;
  /**
   * The program it starts is judged even where toolgate has no model of it (`gpg`): a `Bash(gpg *)`
   * deny rule must meet git starting gpg, which no wildcard's consent to git covers.
   */
  everyProgram?: true;
  /**
   * The program git starts by its name for this text, with words of its own (the signing program:
   * `gpg`, `ssh-keygen`), when the text names nothing else: the command is judged as running it —
   * a deny or ask rule on that program meets the git command, as `Bash(gpg *)` meets `git commit
   * -S` — not as opaque code (the user's configuration chose git's own default).
   */
  startsByName?: (script: string) => string | undefined;
  /**
   * What it starts is only ever a program by its name ({@link startsByName}: ssh for a remote's
   * URL), never code the configuration holds: the read-only check does not count it (a read-only
   * subcommand that reaches a remote is still read-only); deny and ask rules on the program do.
   */
  byNameOnly?: true;
}

/** Whether a value is set to something (an empty command runs nothing). @internal */
export const nonEmpty = (v: string | null) => v !== null && v.trim() !== '';
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

/*
 * The kinds of the command line's key groups (`command-keys.ts`, which `-c` reads too) that the
 * subcommands without a `reads` entry start in some forms (red team 23 RT23-A: each ran from a
 * repository's or the user's configuration file under `Bash(*)`, verified with git 2.39.5).
 */
/** `core.editor`, started for a message, a note or a patch (`config-forms.ts startsEditor`). @internal */
export const EDITOR: ConfigRead = { key: EDITOR_KEYS, when: startsEditor, what: 'core.editor is the editor git starts for a message' };
/** `sequence.editor`, started for `git rebase -i`'s todo list. @internal */
export const SEQUENCE_EDITOR: ConfigRead = {
  key: SEQUENCE_EDITOR_KEYS,
  when: startsSequenceEditor,
  what: "sequence.editor is the editor git starts for rebase's todo list",
};
/**
 * The signing program (`gpg.program`, `gpg.<format>.program`, `gpg.ssh.defaultKeyCommand`) and
 * the keys that make git sign (`commit.gpgSign`, `tag.gpgSign`, `push.gpgSign`), which start the
 * format's program — `gpg` when none is set, the program a `Bash(gpg *)` deny rule names. @internal
 */
export const SIGNING: ConfigRead = {
  key: new RegExp(`${SIGNING_KEYS.source}|^(commit|tag|push)\\.gpgsign$`),
  runs: (v) => v !== null && v.trim() !== '' && !/^(false|no|off|0)$/i.test(v.trim()),
  when: (sub, words, last, key) => (/\.gpgsign$/.test(key) ? signsBy(key, sub, words) : signs(sub, words, last)),
  // A `*.gpgSign` key starts the format's default program; a program key set for the format is
  // judged as its own key (a program of another format is not what git starts).
  program: (key, value, last) => {
    if (key === 'gpg.ssh.defaultkeycommand') return value ?? '';
    const used = signingProgram(last);
    if (/\.gpgsign$/.test(key)) return used.key === undefined ? used.program : '';
    return used.key === key ? used.program : '';
  },
  everyProgram: true,
  startsByName: signingProgramByName,
  what: 'git signs or verifies with the signing program',
};
/** Trailer commands, run by `git interpret-trailers` and `--trailer`. @internal */
export const TRAILER: ConfigRead = { key: TRAILER_KEYS, when: addsTrailers, what: 'a trailer command runs for each trailer git adds' };
/** Browsers and man viewers, started by `git help` and `git web--browse`. @internal */
export const VIEWER: ConfigRead = {
  key: VIEWER_KEYS,
  when: (sub, words, _last, key) => startsViewer(sub, words, key),
  what: 'a browser or man viewer git help starts',
};
/** What reaches another repository (ssh, a proxy, the other side's upload-pack or receive-pack). @internal */
export const TRANSPORT: ConfigRead = {
  key: TRANSPORT_KEYS,
  when: reachesRemote,
  what: 'git reaches the other repository through it',
};
/**
 * A remote's URL, or a rewrite of URLs (`url.<base>.insteadOf`), that makes git reach a repository
 * over ssh: git starts `ssh` by its name with words of its own, so a deny or ask rule on ssh meets
 * the command (`remote-urls.ts`; red team 25 RT25-C). A URL naming a transport helper (`ext::`) is
 * not this kind: only a remote set on the command line is read for those (`runs.ts`). @internal
 */
export const SSH_REMOTE: ConfigRead = {
  key: /^remote\..+\.(url|pushurl)$|^url\..+\.(insteadof|pushinsteadof)$/,
  when: (sub, words, last, key) =>
    key.startsWith('remote.') ? reachesRemoteNamed(sub, words, last, keySubsection(key)) : typesUrlWith(sub, words, last.get(key)?.value ?? ''),
  program: (key, value, last) =>
    (key.startsWith('remote.') ? reachedOverSsh(value ?? '', last) : reachedOverSsh(keySubsection(key), new Map())) ? 'ssh' : '',
  startsByName: (script) => (script === 'ssh' ? 'ssh' : undefined),
  byNameOnly: true,
  what: 'git reaches the repository over ssh',
};
/** Credential helpers, run when a remote asks who is there. @internal */
export const CREDENTIAL: ConfigRead = {
  key: CREDENTIAL_KEYS,
  when: asksCredentials,
  what: 'a credential helper runs when a remote asks for credentials',
};
/** The merge and diff tools `git mergetool` and `git difftool` start. @internal */
export const TOOL: ConfigRead = {
  key: TOOL_KEYS,
  when: (sub, _words, _last, key) => startsTool(sub, key),
  what: 'a merge or diff tool git starts',
};
/** `interactive.diffFilter`, which each diff of a `--patch` form passes through. @internal */
export const INTERACTIVE: ConfigRead = {
  key: INTERACTIVE_KEYS,
  when: patchesInteractively,
  what: 'interactive.diffFilter runs on each diff git shows to choose from',
};
/**
 * The pager (`core.pager`, `pager.<cmd>` unless a boolean, which only turns paging on or off):
 * git starts it only when its output is a terminal, so it is read only for a git command run in
 * one (`script`, `unbuffer`: `config-reads.ts programKeys`' `terminal`; replay 23 V3, git 2.39.5:
 * `script -qc 'git log' /dev/null` ran `core.pager = ./x.sh`). @internal
 */
export const PAGER: ConfigRead = {
  key: PAGER_KEYS,
  runs: (v) => nonEmpty(v) && !/^\s*(true|false|yes|no|on|off|-?\d+)\s*$/i.test(v!),
  what: 'the pager git starts when its output is a terminal, as script and unbuffer give it',
};
/** What starting programs for a command line's own forms runs (the key groups `-c` judges too). @internal */
export const COMMAND_FORMS: readonly ConfigRead[] = [
  EDITOR,
  SEQUENCE_EDITOR,
  SIGNING,
  TRAILER,
  VIEWER,
  TRANSPORT,
  SSH_REMOTE,
  CREDENTIAL,
  TOOL,
  INTERACTIVE,
];

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
  config: [...INDEX, ...WORK_TREE, EXTERNAL_DIFF, ...HISTORY, ...COMMAND_FORMS],
  indexHook: true,
  variables: ['GIT_EXTERNAL_DIFF'],
  objects: true,
};
