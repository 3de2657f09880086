/**
 * The variables a command runs with: its own `NAME=value` prefixes, those `env`/`sudo` pass
 * it, and those of every command that runs it (`GIT_EDITOR=x timeout 5 git commit`, `X=1 bash
 * -c 'git …'`). Programs read some of them as code (`GIT_EDITOR`, `BASH_ENV`, `PS4`).
 */
import { decodeWord } from './words.js';

/** One variable assignment as written. @internal */
export interface Assignment {
  name: string;
  /** The value after quote removal, when it is literal. */
  value?: string;
  /** The assignment as written. */
  raw: string;
}

/**
 * Reads `NAME=value` (a prefix assignment as written, or an argument `env` passes on, which may
 * be quoted as a whole: `'BASH_FUNC_ls%%=() { …; }'`). Undefined when it is not an assignment.
 */
export function readAssignment(raw: string): Assignment | undefined {
  const d = decodeWord(raw);
  if (d.literal) {
    const eq = d.value.indexOf('=');
    if (eq <= 0) return undefined;
    const name = d.value.slice(0, eq).replace(/\+$/, '');
    return { name, value: d.value.slice(eq + 1), raw };
  }
  // Not literal as a whole: the name must be plain text before `=`; the value stays unknown.
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(raw);
  if (!m) return undefined;
  const value = decodeWord(raw.slice(m[0].length));
  return value.literal ? { name: m[1]!, value: value.value, raw } : { name: m[1]!, raw };
}

/** The variables in effect, innermost last (a later assignment of a name wins). @internal */
export type Environment = readonly string[];

/** The last assignment of `name` in an environment, or undefined. */
export function lookup(env: Environment, name: string): Assignment | undefined {
  for (let i = env.length - 1; i >= 0; i--) {
    const a = readAssignment(env[i]!);
    if (a?.name === name) return a;
  }
  return undefined;
}

/** Every assignment in an environment whose name passes `test`, the innermost of each name. */
export function matching(env: Environment, test: (name: string) => boolean): Assignment[] {
  const seen = new Map<string, Assignment>();
  for (const raw of env) {
    const a = readAssignment(raw);
    if (a && test(a.name)) seen.set(a.name, a);
  }
  return [...seen.values()];
}

/** Shell-quotes a word so a nested analysis reads it back as one literal word. */
export function quoteWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
