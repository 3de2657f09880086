/**
 * What a word that expands becomes when only the working directory and the home folder make it
 * expand (`$PWD/x.sh`, `"${HOME}"/bin/t`, `~/x.sh`): the evaluator knows both, so such a word
 * names a path it can look at, as a literal word does (replay 22, NEW-U3: `diff3
 * --diff-program=$PWD/x.sh` ran the project's x.sh while `--diff-program=./x.sh` asked).
 */
import { substituteVariables } from '../shell/syntax/known-variables.js';
import { decodeWord } from '../shell/syntax/words.js';

/** What the shell knows when the command runs. */
export interface KnownValues {
  /** The directory the command runs in (`$PWD`), absolute. */
  pwd: string;
  /** The home folder (`$HOME`, `~`), absolute. */
  home: string;
  /** The shell that expands the word. */
  shell: 'bash' | 'zsh' | 'sh';
}

/**
 * A value the shell would split or match as a pattern when it is not quoted (`/tmp/a b`, `/p/*`):
 * the word may then be several or other words.
 */
const SPLITS = /[\s*?[\]{}\\]/;

/**
 * `$PWD` or `$HOME` followed by `:` or `[`: zsh reads a modifier (`$PWD:h`, the folder above) or
 * a subscript (`$HOME[1]`) there, not the text as written.
 */
const ZSH_SUFFIX = /\$(PWD|HOME)[:[]/;

/** Another expansion or a substitution: `$X`, `${PWD%/*}`, `$(pwd)`, `` `pwd` ``, `$((…))`. */
const OTHER = /\$(?!(?:\{(?:PWD|HOME)\}|(?:PWD|HOME)(?![A-Za-z0-9_])))|`/;

/**
 * The texts a word (as written: quotes kept) may become when `$PWD`, `${PWD}`, `$HOME`,
 * `${HOME}` and an unquoted `~` are all that expand in it, or `undefined` when anything else does
 * (another variable, a substitution, a pattern, `~user`) or a value would be split or matched
 * (an unquoted value with blanks or pattern characters). A `~` after `=` or `:` is read both
 * ways: bash expands it in a word shaped like an assignment (`p=~/x`), no shell in an option's
 * value (`--d=~/x`), where the program gets `~/x`, a folder named `~` (written `./~/x`).
 */
export function knownExpansions(raw: string, known: KnownValues): string[] | undefined {
  if (OTHER.test(raw) || ZSH_SUFFIX.test(raw)) return undefined;
  if (SPLITS.test(known.pwd) || SPLITS.test(known.home)) return undefined;
  const out: string[] = [];
  for (const reading of tildeReadings(raw, known.home)) {
    const text = substituteVariables(reading, { PWD: known.pwd, HOME: known.home }) ?? reading;
    const d = decodeWord(text, known.shell);
    if (!d.literal) return undefined;
    if (!out.includes(d.value)) out.push(d.value);
  }
  return out;
}

/** Single-quotes a value for the shell (the word stays literal there). */
const quoted = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/**
 * The word with each unquoted `~` the shells may expand (a leading one; one after `=` or `:`,
 * either way) replaced by the home folder or kept as a name, one word per reading.
 */
function tildeReadings(raw: string, home: string): string[] {
  let readings = [''];
  let inDouble = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      readings = readings.map((r) => r + raw.slice(i, i + 2));
      i++;
      continue;
    }
    if (c === "'" && !inDouble) {
      const j = raw.indexOf("'", i + 1);
      const end = j < 0 ? raw.length : j + 1;
      readings = readings.map((r) => r + raw.slice(i, end));
      i = end - 1;
      continue;
    }
    if (c === '"') inDouble = !inDouble;
    const ends = i + 1 === raw.length || raw[i + 1] === '/';
    if (c === '~' && !inDouble && ends && (i === 0 || raw[i - 1] === '=' || raw[i - 1] === ':')) {
      readings =
        i === 0 ? readings.map((r) => r + quoted(home)) : readings.flatMap((r) => [r + quoted(home), `${r}./\\~`]);
      continue;
    }
    readings = readings.map((r) => r + c);
  }
  return readings;
}

/**
 * Examples of {@link knownExpansions}, each a test (`test/evaluate/known-expansions.test.ts`),
 * with the working directory `/p` and the home folder `/h`.
 * @internal
 */
export const KNOWN_EXPANSION_EXAMPLES: readonly { readonly raw: string; readonly texts: readonly string[] | undefined }[] = [
  { raw: '$PWD/x.sh', texts: ['/p/x.sh'] },
  { raw: '"$PWD/x.sh"', texts: ['/p/x.sh'] },
  { raw: '"$PWD"/x.sh', texts: ['/p/x.sh'] },
  { raw: '${PWD}/x.sh', texts: ['/p/x.sh'] },
  { raw: '--diff-program=$HOME/x.sh', texts: ['--diff-program=/h/x.sh'] },
  { raw: '~/x.sh', texts: ['/h/x.sh'] },
  { raw: '--d=~/x.sh', texts: ['--d=/h/x.sh', '--d=./~/x.sh'] },
  { raw: '$OLDPWD/x.sh', texts: undefined },
  { raw: '$(pwd)/x.sh', texts: undefined },
  { raw: '$PWD:h/x.sh', texts: undefined },
  { raw: '${PWD%/*}/x.sh', texts: undefined },
  { raw: '$PWD/*.sh', texts: undefined },
  { raw: '~root/x.sh', texts: undefined },
];
