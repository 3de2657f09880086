/**
 * `${VAR}` in a configuration that names programs, put in as the program that reads it does:
 * Claude Code in `.mcp.json`'s `command`, `args` and `env` (`${VAR}`, `${VAR:-default}`), npm in
 * an npmrc's values (`${VAR}`, `${VAR?}`). Where the value is known it is put in; where it is
 * not, the word is each value toolgate cannot exclude that names a place it can tell (decision
 * 0148): the default, or the text as written when the program leaves an unset one so; and, where
 * the variable is the folder a path starts from (`${TOOLS}/pre.js`), the folder the configuration
 * is read from — a word that may name a file below the project is code. Any other value names
 * nothing toolgate could protect without asking for every write (decision 0136's rule).
 */

/** What the expansion knows. */
export interface ExpansionWorld {
  /** A variable's value: a string, `null` when known unset or empty, `undefined` when not known. */
  variable: (name: string) => string | null | undefined;
  /** The folder the configuration's relative words are read from (the project's). */
  here: string;
}

/** How one program expands. */
export interface ExpansionRules {
  /** `${VAR:-default}`: the default where VAR is unset (Claude Code). */
  defaults?: boolean;
  /** `${VAR?}`: empty where VAR is unset (npm's `@npmcli/config` env-replace). */
  optional?: boolean;
  /** `\${VAR}` is no expansion, its backslash taken off (npm). */
  escapes?: boolean;
}

/** How many values one word is judged as, and how many lines one configuration gives. */
const MAX_VALUES = 8;

/**
 * The values `word` may take (the first is the most likely: the known value, the default, the
 * text as written). A word with no `${` is itself.
 */
export function expandedWord(word: string, world: ExpansionWorld, rules: ExpansionRules): string[] {
  if (!word.includes('${')) return [word];
  const re = rules.escapes === true ? /(\\*)\$\{([^${}]+)\}/g : /()\$\{([^}]+)\}/g;
  let values = [''];
  let at = 0;
  for (const m of word.matchAll(re)) {
    const [whole, esc = '', body = ''] = m;
    const before = word.slice(at, m.index) + esc.slice(0, Math.floor(esc.length / 2));
    at = m.index + whole.length;
    const next = word.slice(at);
    const choices = esc.length % 2 === 1 ? [whole.slice(esc.length)] : occurrence(body, next, world, rules);
    values = values.flatMap((v) => choices.map((c) => v + before + c)).slice(0, MAX_VALUES);
  }
  return [...new Set(values.map((v) => v + word.slice(at)))];
}

/** The values one `${…}` may take; `next` is the word's text after it. */
function occurrence(body: string, next: string, world: ExpansionWorld, rules: ExpansionRules): string[] {
  const split = rules.defaults === true ? body.indexOf(':-') : -1;
  const optional = rules.optional === true && body.endsWith('?');
  const name = split >= 0 ? body.slice(0, split) : optional ? body.slice(0, -1) : body;
  const unset = split >= 0 ? body.slice(split + 2) : optional ? '' : `\${${body}}`;
  const value = /^[A-Za-z_]\w*$/.test(name) ? world.variable(name) : undefined;
  if (typeof value === 'string') return [value];
  // Known unset or empty: the program's value for unset, and the empty value.
  if (value === null) return [...new Set([unset, ''])];
  // Not known: the value for unset, and the folder the word is read from where the variable starts a path.
  return next.startsWith('/') ? [unset, world.here] : [unset];
}

/**
 * The command lines a list of words gives, each word expanded (see {@link expandedWord}): the
 * first with each word's first value, then one for each other value of each word, the others at
 * their first — what a word names depends on that word alone, so every value is judged.
 */
export function expandedWords(words: readonly string[], world: ExpansionWorld, rules: ExpansionRules): string[][] {
  const values = words.map((w) => expandedWord(w, world, rules));
  const first = values.map((v) => v[0]!);
  const out = [first];
  values.forEach((v, k) => {
    for (const other of v.slice(1)) out.push(first.map((f, j) => (j === k ? other : f)));
  });
  return out;
}
