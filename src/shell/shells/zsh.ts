/**
 * zsh: what it does that bash does not, where a decision depends on it. Its lower-case special
 * parameters are state: the tied arrays mirror environment variables (`path` is `PATH`, `cdpath`
 * is `CDPATH`) and the zsh/parameter module's hashes are the shell's own tables (`functions`
 * defines functions, `commands` is the command hash, `aliases` the aliases, `options` the
 * options). A statement of redirections alone runs a program; the triple-star glob `***` (before a slash) is a recursive glob that
 * follows symbolic links; `$x[2]` is a subscript and `~name` a named directory, words toolgate
 * does not read; a brace sequence with quotes inside (`{e\..f}`), of characters other than letters
 * (`{-../}`) or made by a value (`{$x}`) expands in zsh alone (`zsh-braces.ts`). The pattern options
 * a .zshrc commonly sets (EXTENDED_GLOB's `.e#nv`, BRACE_CCL's `.{e}nv`) make more words patterns:
 * `zsh-globs.ts`. A `<x-y>` in a word is a numeric range glob, not a redirection (`key<->.pem`:
 * `syntax/numeric-globs.ts`).
 */
import { ZSH_ANSI_C } from './ansi-c.js';
import type { ShellModel } from './model.js';
import { zshOnlyBraceGroup } from './zsh-braces.js';
import { characterSetSlash, zshPatternOf } from './zsh-globs.js';

/** zsh 5.9's tied arrays (zshparam(1), "Parameters used by the shell"; `typeset -T` ties of its own). */
const TIED_ARRAYS = new Set([
  'path',
  'cdpath',
  'fpath',
  'manpath',
  'mailpath',
  'module_path',
  'fignore',
  'psvar',
  'watch',
  'zsh_eval_context',
]);

/**
 * zsh 5.9's special hashes whose elements are command names bound to code (zshmodules(1), the
 * zsh/parameter module): an element of `commands` is a `hash` entry, of `functions` a function
 * whose body is the element's text, of `aliases` an alias — each with its disabled twin, which
 * `enable` turns on.
 */
const COMMAND_TABLES = new Map([
  ['commands', `binds command names to programs, as 'hash' does`],
  ['functions', 'defines functions from text'],
  ['dis_functions', 'defines functions from text'],
  ['aliases', `defines aliases, as 'alias' does`],
  ['dis_aliases', `defines aliases, as 'alias' does`],
  ['galiases', `defines aliases, as 'alias' does`],
  ['dis_galiases', `defines aliases, as 'alias' does`],
  ['saliases', `defines aliases, as 'alias' does`],
  ['dis_saliases', `defines aliases, as 'alias' does`],
]);

/**
 * zsh 5.9's special hashes and arrays that change what later commands run or touch (the
 * zsh/parameter module, zshmodules(1); `mapfile` of zsh/mapfile writes files). The read-only
 * ones (`funcstack`, `history`, …) and those holding results (`match`, `pipestatus`) are data.
 */
const SPECIAL_TABLES = new Set([
  'aliases',
  'dis_aliases',
  'galiases',
  'dis_galiases',
  'saliases',
  'dis_saliases',
  'builtins',
  'dis_builtins',
  'commands',
  'functions',
  'dis_functions',
  'functions_source',
  'dis_functions_source',
  'options',
  'nameddirs',
  'reswords',
  'dis_reswords',
  'patchars',
  'dis_patchars',
  'dirstack',
  'mapfile',
]);

/**
 * An unbraced parameter (`$PWD`, `$1`, `$#`, `$x[1]`) followed by `:` and a letter or `&`: zsh
 * applies history-style modifiers to its value (zshexpn(1), "Modifiers": `$PWD:h` is the parent
 * directory), in double quotes too; bash keeps `:h` as text. A colon followed by anything else
 * (`$PATH:/bin`) is text in both.
 */
const UNBRACED_MODIFIER = /\$([A-Za-z_]\w*|[0-9#?$!*@-])(\[[^\]]*\])?:[A-Za-z&]/;

/**
 * An unbraced parameter followed by `[`: zsh reads `$x[2]`, `$x[1,7]`, `$1[2]` as a subscript of
 * the parameter — an element of the array or characters of the text (zshparam(1), "Array
 * Subscripts"), in double quotes too — where bash and sh read the value followed by a glob
 * (`$x` then `[2]`), so the word's value is the parameter's, not text toolgate reads.
 */
const UNBRACED_SUBSCRIPT = /\$([A-Za-z_]\w*|[0-9@*])\[/;

/**
 * A leading `~name` (up to a slash or the end): zsh looks `name` up as a named directory — a
 * parameter whose value begins with `/` (`c=$PWD/.claude; echo x > ~c/settings.json`), a
 * `hash -d` name, or a user's home (zshexpn(1), "Filename Expansion"); bash and sh read only a
 * user's home, and the literal word when there is no such user.
 */
const NAMED_DIRECTORY = /^~[A-Za-z_]\w*(\/|$)/;

/** A character every problem `wordProblem` reports needs in the word as written. */
const MAY_HAVE_PROBLEM = /[*${]|^~/;

/**
 * A word as written with what the shell does not expand blanked out: single-quoted text (`$'…'`
 * too, outside double quotes) and each escaped character, so `'$PWD:h'` and `\$PWD:h` hold no
 * parameter while `\\$PWD:h` does.
 */
function unquoted(raw: string): string {
  let out = '';
  let double = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      out += '__';
      i++;
    } else if (c === '"') {
      double = !double;
      out += c;
    } else if (!double && (c === "'" || (c === '$' && raw[i + 1] === "'"))) {
      const start = c === '$' ? i + 2 : i + 1;
      const end = raw.indexOf("'", start);
      const stop = end < 0 ? raw.length : end;
      out += '_'.repeat(stop - i + 1);
      i = stop;
    } else out += c;
  }
  return out;
}

/** zsh 5.9. @internal */
export const zsh: ShellModel = {
  name: 'zsh',
  sources: [
    'zsh 5.9 zshparam(1)',
    'zsh 5.9 zshmodules(1) (zsh/parameter, zsh/mapfile)',
    'zsh 5.9 zshmisc(1) (Redirections with no command)',
    'zsh 5.9 zshexpn(1) (Recursive globbing)',
    'zsh 5.9 zshexpn(1) (Modifiers)',
    'zsh 5.9 zshparam(1) (Array Subscripts)',
    'zsh 5.9 zshexpn(1) (Filename Expansion: named directories)',
    'zsh 5.9 zshmisc(1) (Redirection: >!, >>!, &>!, >&!; Simple Commands & Pipelines: &!)',
    'zsh 5.9 zshexpn(1) (Brace Expansion)',
    'zsh 5.9 zshexpn(1) (Glob Operators: EXTENDED_GLOB) and zshoptions(1) (BRACE_CCL)',
    'zsh 5.9 zshoptions(1) (CDABLE_VARS)',
    'zsh 5.9 zshexpn(1) (Glob Operators: <[x]-[y]>)',
  ],
  commandTable(name) {
    const as = COMMAND_TABLES.get(name);
    return as === undefined ? undefined : `setting ${name} (a special parameter of zsh) ${as}`;
  },
  specialParameter(name) {
    if (TIED_ARRAYS.has(name)) return `setting ${name} (zsh ties it to ${name.toUpperCase()}) changes what later commands do`;
    if (SPECIAL_TABLES.has(name)) return `setting ${name} (a special parameter of zsh) changes what later commands do`;
    return undefined;
  },
  redirectionsAlone(redirects) {
    if (redirects.length === 0) return undefined;
    return 'a statement of only redirections runs $NULLCMD or $READNULLCMD in zsh, programs its start-up files may set';
  },
  ansiC: [ZSH_ANSI_C],
  wordProblem(raw) {
    // Each reading below needs one of `*`, `$`, `{` or a leading `~` in the word as written (the
    // masks and `unquoted` only blank characters out): a word without them, most words, has none.
    if (!MAY_HAVE_PROBLEM.test(raw)) return undefined;
    // `***/` (and `****/`…): recursive, following symbolic links; `**/` does not follow them.
    if (/(^|\/)\*\*\*+\//.test(raw))
      return `${raw}: zsh's ***/ walks every directory and follows symbolic links, which toolgate does not model`;
    if (UNBRACED_MODIFIER.test(unquoted(raw)))
      return `${raw}: zsh reads :h, :t, :s/…/…/ and the like after an unbraced parameter as modifiers that change its value (bash reads them as text), which toolgate does not model`;
    const subscript = UNBRACED_SUBSCRIPT.exec(unquoted(raw));
    if (subscript !== null)
      return `${raw}: zsh reads $${subscript[1]!}[…] as a subscript of the parameter ${subscript[1]!} (an element of an array, or characters of its value; bash reads the value followed by a pattern), which toolgate does not model`;
    if (characterSetSlash(raw))
      return `${raw}: with the option BRACE_CCL (which start-up files may set) zsh reads a brace group without a comma as a set of characters, here holding /, which toolgate does not model`;
    const named = NAMED_DIRECTORY.exec(raw);
    if (named !== null)
      return `${raw}: zsh reads ${named[0].replace(/\/$/, '')} as a named directory — the value of a parameter of that name holding an absolute path, a hash -d name or a user's home — which toolgate does not model`;
    const brace = zshOnlyBraceGroup(raw);
    if (brace?.why === 'sequence')
      return `${raw}: zsh expands ${brace.group} as a sequence (it takes quotes off first and ranges over any two characters; bash keeps it as written), which toolgate does not model`;
    if (brace !== undefined)
      return `${raw}: zsh expands parameters and substitutions before braces, so the value in ${brace.group} may make a sequence (bash keeps it as written), which toolgate does not model`;
    return undefined;
  },
  // EXTENDED_GLOB and BRACE_CCL, common in a .zshrc: `.e#nv` and `.{e}nv` may name `.env`.
  patternOf: zshPatternOf,
  // CDABLE_VARS (zshoptions(1)), which start-up files may set: a relative DIR that is neither a
  // directory here nor along cdpath is read as `~NAME/rest` (zsh 5.9 builtin.c, cd_able_vars: the
  // name up to the first slash, looked up as a named directory). `./x` and `../x` name no one.
  cdFallback(dir) {
    if (dir === '' || dir.startsWith('/') || /^\.\.?(\/|$)/.test(dir)) return undefined;
    const slash = dir.indexOf('/');
    return slash < 0 ? '' : dir.slice(slash);
  },
  bracedModifier(value, modifier) {
    // zshexpn(1), "Modifiers": `:h` removes the last name (`/` stays `/`), `:t` keeps only it.
    const cut = value.replace(/\/+$/, '');
    if (modifier === 'h' && cut === '' && value.startsWith('/')) return '/';
    if (modifier === 'h') return cut.includes('/') ? cut.slice(0, cut.lastIndexOf('/')) || '/' : '.';
    if (modifier === 't') return cut.slice(cut.lastIndexOf('/') + 1);
    return undefined;
  },
  equalsExpansion: true,
  bangJoinsOperator: true,
  numericRangeGlob: true,
  autoloadsFunctions: true,
  loadsModules: true,
  emulatesShells: true,
  setsOptionsByName: true,
  evaluatesOptionNumbers: true,
  // zsh sets OLDPWD to the directory it starts in, whatever it inherits (zshparam(1), OLDPWD).
  previousAtStart: (start) => [{ kind: 'directory', path: start }],
  previousAfterCd: (left) => [{ kind: 'directory', path: left }],
};
