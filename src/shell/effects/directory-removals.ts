/**
 * Whether a removing command may remove a directory. Every critical path is one (`/`, a top-level
 * folder, the home directory, the working directory and its parents), so a removal that cannot
 * remove a directory cannot remove a critical one by a name toolgate cannot see: `rm -f "$t"`
 * refuses a directory ("Is a directory"), and what `$t` may name is a file — a protected one
 * among them, which the protected-path check asks about.
 */
import { PROGRAMS } from '../programs/index.js';
import type { SimpleCommand } from '../types.js';
import type { ChosenVariables } from './chosen-variables.js';

/**
 * Whether raw word text holds an expansion outside quotes (`$t`, `x$(pwd)`, `` `cmd` ``): its
 * value is split at blanks into several words, options among them. `$'…'` and `$"…"` are quotes.
 */
export function expandsUnquoted(raw: string): boolean {
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && quote !== "'") i++;
    else if (quote === "'") quote = c === "'" ? undefined : quote;
    else if (quote === '"') quote = c === '"' ? undefined : quote;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '$' && (raw[i + 1] === "'" || raw[i + 1] === '"')) continue;
    else if (c === '$' || c === '`') return true;
  }
  return false;
}

/**
 * Whether one word that is not literal may be an option by itself: it begins with `-` (`-$x`),
 * with a command substitution (`"$(…)"`), with a glob, or with a variable the command may make
 * begin with `-` (an inherited one it does not choose: `"$t"` is then a name).
 */
function mayBeOneOption(raw: string, chosen: ChosenVariables): boolean {
  const bare = raw.replace(/^(?:''|"")+/, '');
  // A glob may match a file named `-r` (`rm -f * "$t"`).
  if (/^["']?-/.test(bare) || /^"?(\$\(|`)/.test(bare) || /^[*?[]/.test(bare)) return true;
  const name = /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(bare)?.[1];
  return name !== undefined && chosen.mayBeOption(name);
}

/**
 * Whether `cmd`, running the program `name` (its folded name: `/bin/rm` is `rm`), may remove a
 * directory: its model says its own options let it (`rm -r`, `rm -d`;
 * a model that does not say may), or a word that is not literal, before a literal `--`, may be
 * such an option — unquoted, it may split into one and a directory (`t='-r /home/user'; rm -f $t`
 * removes the home directory: GNU rm 9.1 in bash 5.2), and one that may be an option by itself
 * (`"$(…)"`) may be `-r` for another word toolgate cannot see. Why, when it may only through such
 * a word; `true` when its options say so; `false` when it cannot.
 */
export function mayRemoveDirectory(name: string, cmd: SimpleCommand, chosen: ChosenVariables): boolean | string {
  const own = PROGRAMS.get(name)?.removesDirectories;
  if (own === undefined || own.by(cmd.argv)) return true;
  const by = own.option;
  if (by === undefined) return false;
  let option: string | undefined;
  let unseen = 0;
  let ended = false;
  for (let k = 1; k < cmd.argv.length; k++) {
    if (cmd.argv[k] === '--' && cmd.literal[k] !== false) ended = true;
    if (cmd.literal[k] !== false) continue;
    const raw = cmd.raw?.[k] ?? cmd.argv[k]!;
    unseen++;
    if (ended) continue;
    if (expandsUnquoted(raw)) return `unquoted, ${raw} may split into ${name}'s option ${by} and a directory`;
    if (option === undefined && mayBeOneOption(raw, chosen)) option = raw;
  }
  return option !== undefined && unseen > 1 ? `${option} may be ${name}'s option ${by}` : false;
}

/**
 * Whether a removal that cannot take a directory may still remove a critical path at `path`
 * (absolute, as the effect names it): a top-level name, which may be a link to a folder (`/bin`,
 * `/lib` on a merged /usr), or a name below `/` when it removes what it finds there (`entries`:
 * `find / -maxdepth 1 -exec rm -f {} +`). The root, the home directory, the working directory and
 * its parents are folders it refuses (`rm -f ~`: "Is a directory").
 */
export function filesRemovalMayBeCritical(path: string, entries: boolean): boolean {
  return /^\/[^/]+\/*$/.test(path) || (entries && /^\/+$/.test(path));
}
