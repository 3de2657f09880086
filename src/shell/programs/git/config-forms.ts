/**
 * Which forms of a git subcommand start the programs of the command-starting key groups
 * (`command-keys.ts`): the editor (`git commit` without `-m`, `tag -a`, `notes add`, `add -e`,
 * `merge --edit`), the signing program (`-S`, `tag -s`, `commit.gpgSign`, `verify-commit`),
 * trailer commands, viewers, and what reaches another repository. git 2.39's manuals, verified
 * with git 2.39.5 by red team 23 (RT23-A): the editor starts without a terminal (git only warns
 * when it is `vi` and the terminal is dumb), so `git commit --allow-empty` ran `core.editor` in a
 * tool call. Words unknown (`undefined`) are any form: the program may start.
 */
import type { GitConfigEntry } from './config-file.js';

type Last = ReadonlyMap<string, GitConfigEntry>;

/** Whether a value is git's true (a key given without a value is true). @internal */
export const isTrue = (v: string | null) => v === null || /^(true|yes|on|1)$/i.test(v.trim());

/**
 * Whether the words (before `--`) give one of the options: a long name, or a prefix of it git
 * accepts (`--mess=x`), with or without `=VALUE`; a letter of `short` in a cluster of letters,
 * which a letter of `values` ends (its value follows: `-am x` holds `-m`, `-uno` no `-n`).
 */
export function given(words: readonly string[], long: readonly string[], short = '', values = ''): boolean {
  for (const w of words) {
    if (w === '--') return false;
    if (w.startsWith('--')) {
      const name = w.slice(2).split('=')[0]!;
      if (name.length >= 3 && long.some((l) => l.startsWith(name))) return true;
      continue;
    }
    if (!w.startsWith('-') || w === '-') continue;
    for (const c of w.slice(1)) {
      if (short.includes(c)) return true;
      if (values.includes(c)) break;
    }
  }
  return false;
}

/** The first word that is no option (a `notes` or `remote` subcommand), skipping `--ref VALUE`. */
function verb(words: readonly string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--ref') i++;
    else if (!w.startsWith('-')) return w;
  }
  return undefined;
}

const setTrue = (last: Last, key: string) => {
  const e = last.get(key);
  return e !== undefined && isTrue(e.value);
};

/** Per subcommand: whether a form starts `core.editor`. Any other subcommand starts none. */
const EDITS: Readonly<Record<string, (w: readonly string[], last: Last) => boolean>> = {
  commit: (w) => {
    if (given(w, ['edit', 'reedit-message'], 'ec', 'mFCtSu')) return true;
    if (w.some((a) => /^--fixup=(amend|reword):/.test(a))) return true;
    return !given(w, ['message', 'file', 'reuse-message', 'no-edit', 'fixup'], 'mFC', 'ctSu');
  },
  tag: (w, last) => {
    if (given(w, ['edit'], 'e', 'mFu')) return true;
    if (w.length === 0 || given(w, ['list', 'delete', 'verify'], 'ldv', 'mFu')) return false;
    const annotated = given(w, ['annotate', 'sign', 'local-user'], 'asu', 'mF') || setTrue(last, 'tag.gpgsign');
    return annotated && !given(w, ['message', 'file'], 'mF', 'u');
  },
  notes: (w) => {
    const v = verb(w);
    if (v === 'edit') return true;
    if (v !== 'add' && v !== 'append') return false;
    return given(w, ['reedit-message'], 'c', 'mFC') || !given(w, ['message', 'file', 'reuse-message'], 'mFC', 'c');
  },
  add: (w) => given(w, ['edit', 'patch', 'interactive'], 'epi'),
  merge: (w) => given(w, ['edit', 'continue'], 'e', 'mFsX'),
  pull: (w) => given(w, ['edit'], 'e'),
  rebase: (w) => given(w, ['interactive', 'continue', 'edit-todo'], 'i', 'sSXx'),
  'cherry-pick': (w) => given(w, ['edit', 'continue'], 'e', 'mSX'),
  revert: (w) => given(w, ['edit', 'continue'], 'e', 'mSX'),
  am: (w) => given(w, ['interactive'], 'i', 'SC'),
  config: (w) => given(w, ['edit'], 'e', 'f'),
  branch: (w) => given(w, ['edit-description']),
  'send-email': (w) => given(w, ['compose', 'annotate']),
};

/** Whether `git SUB WORDS` may start `core.editor`. @internal */
export function startsEditor(sub: string, words: readonly string[] | undefined, last: Last): boolean {
  if (!Object.hasOwn(EDITS, sub)) return false;
  return words === undefined || EDITS[sub]!(words, last);
}

/** Whether `git SUB WORDS` may start `sequence.editor` (the todo list of `rebase -i`). @internal */
export function startsSequenceEditor(sub: string, words: readonly string[] | undefined): boolean {
  return sub === 'rebase' && (words === undefined || given(words, ['interactive', 'edit-todo'], 'i', 'sSXx'));
}

/** The subcommands that make commits `commit.gpgSign` and `-S` sign. */
const COMMITS: ReadonlySet<string> = new Set(['commit', 'merge', 'rebase', 'pull', 'cherry-pick', 'revert', 'am', 'commit-tree']);

/**
 * Whether the key that makes git sign (`commit.gpgSign`, `tag.gpgSign`, `push.gpgSign`) makes
 * `git SUB WORDS` sign: its own subcommands, unless the words say not to. @internal
 */
export function signsBy(key: string, sub: string, words: readonly string[] | undefined): boolean {
  if (key === 'commit.gpgsign') return COMMITS.has(sub) && (words === undefined || !given(words, ['no-gpg-sign']));
  if (key === 'tag.gpgsign')
    return sub === 'tag' && (words === undefined || (words.length > 0 && !given(words, ['list', 'delete', 'no-sign'], 'ld', 'mFu')));
  return (
    key === 'push.gpgsign' &&
    sub === 'push' &&
    (words === undefined || !words.some((w) => /^--(no-signed|signed=(false|no|off|0))$/i.test(w)))
  );
}

/** Whether `git SUB WORDS` may sign or verify a signature, starting the signing program. @internal */
export function signs(sub: string, words: readonly string[] | undefined, last: Last): boolean {
  if (sub === 'verify-commit' || sub === 'verify-tag') return true;
  // `git log --show-signature`, `git show --show-signature` verify each signed commit they show.
  if (words !== undefined && words.includes('--show-signature')) return true;
  if (sub !== 'tag' && sub !== 'push' && !COMMITS.has(sub)) return false;
  if (words === undefined) return true;
  if (sub === 'tag') {
    if (given(words, ['verify'], 'v', 'mFu')) return true;
    if (words.length === 0 || given(words, ['list', 'delete'], 'ld', 'mFu') || given(words, ['no-sign'])) return false;
    return given(words, ['sign', 'local-user'], 'su', 'mF') || setTrue(last, 'tag.gpgsign');
  }
  if (sub === 'push') {
    const signed = words.some((w) => /^--signed(=(true|yes|on|1|if-asked))?$/i.test(w));
    const config = last.get('push.gpgsign')?.value;
    return signed || (config !== undefined && config !== null && /^(true|yes|on|1|if-asked)$/i.test(config.trim()));
  }
  if (given(words, ['no-gpg-sign'])) return false;
  return given(words, ['gpg-sign', 'verify-signatures'], 'S', 'mFCctX') || setTrue(last, 'commit.gpgsign');
}

/** The program git signs with: `gpg.<format>.program`, `gpg.program` for OpenPGP, else the format's own. @internal */
export function signingProgram(last: Last): { key?: string; program: string } {
  const format = (last.get('gpg.format')?.value ?? 'openpgp').trim().toLowerCase();
  const set = last.get(`gpg.${format}.program`) ?? (format === 'openpgp' ? last.get('gpg.program') : undefined);
  if (set?.value !== undefined && set.value !== null && set.value.trim() !== '') return { key: set.key, program: set.value };
  return { program: format === 'x509' ? 'gpgsm' : format === 'ssh' ? 'ssh-keygen' : 'gpg' };
}

/**
 * The signing programs git starts by their names, with words of its own (git 2.39.5, a logging
 * stand-in on PATH: `commit.gpgSign` ran `gpg --status-fd=2 -bsau KEY`, with `gpg.format = ssh`
 * `ssh-keygen -Y sign -n git -f KEY FILE`, with `x509` `gpgsm --status-fd=2 -bsau KEY`), and the
 * variables under which each runs code the configuration files do not show: GnuPG's tools read
 * the option files of the home `GNUPGHOME` names (`gnupg-config.ts`; `~/.gnupg` is protected),
 * ssh-keygen loads the library `SSH_SK_PROVIDER` names for a security key. @internal
 */
export const SIGNING_PROGRAM_VARIABLES: Readonly<Record<string, readonly string[]>> = {
  gpg: ['GNUPGHOME'],
  gpg2: ['GNUPGHOME'],
  gpgsm: ['GNUPGHOME'],
  'ssh-keygen': ['SSH_SK_PROVIDER'],
};

/** The signing program a value names by its name alone (`gpg`, `gpg2`, `ssh-keygen`), or undefined. @internal */
export function signingProgramByName(script: string): string | undefined {
  const name = script.trim();
  return Object.hasOwn(SIGNING_PROGRAM_VARIABLES, name) ? name : undefined;
}

/** The subcommands that run every configured trailer command, and those that run them given `--trailer`. */
const TRAILERS: ReadonlySet<string> = new Set(['interpret-trailers']);
const TRAILER_OPTION: ReadonlySet<string> = new Set(['commit']);

/** Whether `git SUB WORDS` may run trailer commands (`interpret-trailers`, `commit --trailer`). @internal */
export function addsTrailers(sub: string, words: readonly string[] | undefined): boolean {
  return TRAILERS.has(sub) || (TRAILER_OPTION.has(sub) && (words === undefined || given(words, ['trailer'])));
}

/** The subcommands that start a browser or man viewer. */
const VIEWERS: ReadonlySet<string> = new Set(['help', 'web--browse', 'instaweb']);

/**
 * Whether `git SUB WORDS` may start the browser or man viewer `key` names (`help`, `--help`: either;
 * `web--browse`, `instaweb`: a browser). @internal
 */
export function startsViewer(sub: string, words: readonly string[] | undefined, key = ''): boolean {
  if (VIEWERS.has(sub)) return sub === 'help' || !key.startsWith('man.');
  return words === undefined || words.includes('--help');
}

/** The subcommands that start a merge or diff tool. */
const TOOLS: ReadonlySet<string> = new Set(['mergetool', 'difftool']);

/** Whether `git SUB` may start the merge or diff tool `key` configures (`mergetool.<tool>.cmd` for `git mergetool`). @internal */
export function startsTool(sub: string, key = `${sub}.`): boolean {
  return TOOLS.has(sub) && key.startsWith(`${sub}.`);
}

/** The `git remote` forms that fetch or ask the other side. */
const REMOTE_REACHES: ReadonlySet<string> = new Set(['show', 'update', 'prune', 'set-head']);
/** The subcommands that reach another repository (ssh, a local path's upload-pack, a credential helper). */
const REACHES: ReadonlySet<string> = new Set([
  'fetch',
  'pull',
  'push',
  'ls-remote',
  'clone',
  'fetch-pack',
  'send-pack',
  'archive',
  'submodule',
  'credential',
]);

/** Whether `git SUB WORDS` may reach another repository. @internal */
export function reachesRemote(sub: string, words: readonly string[] | undefined): boolean {
  return sub !== 'credential' && asksCredentials(sub, words);
}

/** Whether `git SUB WORDS` may reach another repository or ask for credentials (`git credential fill`). @internal */
export function asksCredentials(sub: string, words: readonly string[] | undefined): boolean {
  if (REACHES.has(sub)) return true;
  if (sub !== 'remote') return false;
  if (words === undefined) return true;
  const v = verb(words);
  return (v !== undefined && REMOTE_REACHES.has(v)) || (v === 'add' && given(words, ['fetch'], 'f', 'tmo'));
}

/** Whether `git SUB WORDS` may pass diffs through `interactive.diffFilter` (`--patch` forms). @internal */
export function patchesInteractively(sub: string, words: readonly string[] | undefined): boolean {
  if (!['add', 'checkout', 'reset', 'restore', 'stash', 'commit'].includes(sub)) return false;
  return words === undefined || given(words, ['patch', 'interactive'], 'pi');
}
