/**
 * Whether the configuration a read-only git subcommand runs with makes it run a program: the
 * kinds of keys it reads are its entry's `reads` in the subcommand table (`subcommands.ts`), the
 * kinds themselves are `config-kinds.ts`. Keys only a terminal or another subcommand reads are
 * not listed: git starts `core.pager`, `pager.<cmd>` and `$PAGER` only when its output is a
 * terminal, which a tool call's is not (unless a program gives it one: `programKeys`' `terminal`);
 * hooks other than `post-index-change` and aliases belong to subcommands that are not read-only
 * (a built-in subcommand cannot be replaced by an alias).
 * The editor, signing, trailer, viewer, transport and credential kinds (`COMMAND_FORMS`) are read
 * for every subcommand, a read-only one's too (`git tag -v`, `git remote show`, `git help`): they
 * start only in some forms (`config-forms.ts`), which each kind's `when` tells from the words.
 */
import type { GitConfigEntry } from './config-file.js';
import { COMMAND_FORMS, EVERY_READ, FETCH, PAGER, isTrue, nonEmpty, type ConfigRead, type SubcommandReads } from './config-kinds.js';
import { GIT_SUBCOMMANDS } from './subcommands.js';
import { consultedFormats } from './formats.js';
import { withSshUrls } from './remote-urls.js';

/** What a subcommand reads: its entry's `reads` (`subcommands.ts`), every kind for one that names none. @internal */
export function configReadsOf(sub: string): SubcommandReads {
  return (Object.hasOwn(GIT_SUBCOMMANDS, sub) ? GIT_SUBCOMMANDS[sub]!.reads : undefined) ?? EVERY_READ;
}

/**
 * The last setting of each key in the order git reads them (a later file, or a later line,
 * overrides an earlier one), then the first that makes `sub` run a program: `{ entry, what }`.
 * `partialClone` says whether the repository fetches missing objects. `words`, the subcommand's
 * words when known, say which `pretty.<name>` formats it may use; without them, every one counts.
 * @internal
 */
export function programKey<E extends GitConfigEntry>(
  sub: string,
  entries: readonly E[],
  partialClone: boolean,
  words?: readonly string[],
): { entry: E; what: string; kind: ConfigRead } | undefined {
  return programKeys(sub, entries, partialClone, words)[0];
}

/**
 * Every setting that makes `sub` run a program, as {@link programKey} finds the first. `terminal`:
 * git runs with a terminal for its output (under `script`, `unbuffer`), so the pager keys count.
 * @internal
 */
export function programKeys<E extends GitConfigEntry>(
  sub: string,
  entries: readonly E[],
  partialClone: boolean,
  words?: readonly string[],
  terminal = false,
): { entry: E; what: string; kind: ConfigRead }[] {
  const out: { entry: E; what: string; kind: ConfigRead }[] = [];
  const reads = configReadsOf(sub);
  // The forms' kinds are read by every subcommand: their `when` tells which forms start them.
  const forms = COMMAND_FORMS.filter((k) => !reads.config.includes(k));
  const kinds = [...reads.config, ...forms, ...(partialClone && reads.objects === true ? [FETCH] : []), ...(terminal ? [PAGER] : [])];
  const last = new Map<string, E>();
  for (const e of entries) {
    // A multi-valued credential helper list is reset by an empty value; keep any non-empty one seen.
    if (/^credential\./.test(e.key) && last.has(e.key) && nonEmpty(last.get(e.key)!.value) && e.value !== '') continue;
    last.set(e.key, e);
  }
  withSshUrls(entries, last);
  const used = words === undefined ? undefined : formatsUsed(words, last);
  for (const [key, entry] of last) {
    for (const k of kinds) {
      if (!k.key.test(key)) continue;
      if (k.namedFormats === true && used !== undefined && key.startsWith('pretty.') && !used.has(key.slice('pretty.'.length))) continue;
      if (k.when !== undefined && !k.when(sub, words, last, key)) continue;
      if ((k.runs ?? nonEmpty)(entry.value)) {
        out.push({ entry, what: k.what, kind: k });
        break;
      }
    }
  }
  return out;
}

/** The `pretty.<name>` formats a subcommand with these words may use (undefined: any). */
function formatsUsed(words: readonly string[], last: ReadonlyMap<string, GitConfigEntry>): Set<string> | undefined {
  const user = new Map<string, string>();
  for (const [key, e] of last) if (key.startsWith('pretty.')) user.set(key.slice('pretty.'.length), e.value ?? '');
  const pretty = last.get('format.pretty');
  return consultedFormats(words, pretty === undefined ? undefined : (pretty.value ?? ''), user);
}

/** Whether the configuration makes the repository a partial clone (git-config(1) `extensions.partialClone`, `remote.<name>.promisor`). @internal */
export function isPartialClone(entries: readonly GitConfigEntry[]): boolean {
  return entries.some(
    (e) => (e.key === 'extensions.partialclone' && nonEmpty(e.value)) || (/^remote\..+\.promisor$/.test(e.key) && isTrue(e.value)),
  );
}
