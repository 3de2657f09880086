/**
 * The values an option word holds, read one way for every program toolgate has no model of: a
 * program reads `--name=VALUE` (any start of the name it accepts: sdiff's `--diff-prog=`) and a
 * short letter's attached `-cVALUE` as it reads `--name VALUE` and `-c VALUE`, so the value is
 * judged the same whichever way it is written (red team 22, NEW-T2: `diff3 --diff-program=./x.sh`,
 * `dpkg --pre-invoke=./x.sh`, `mt --rsh-command=./x.sh` ran x.sh while the two-word forms asked).
 */

/** An argument that is a command line: words with blanks between them, or a shell operator (`sh<x.sh`, `a;b`). */
export const COMMAND_TEXT = /\S\s+\S|[;&|<>()]/;

/**
 * The texts of an option word that may name a command: its value after `=`, and a short option's
 * attached text (`-cVALUE`) when it is a command line (`-p'sh x.sh'`) or a path (`-c./x.sh`,
 * `-cd/s`). A word that is no option has none.
 * @internal
 */
export function optionValues(word: string): string[] {
  if (!word.startsWith('-') || word.length < 3) return [];
  const out: string[] = [];
  const eq = word.indexOf('=');
  if (eq > 0) out.push(word.slice(eq + 1));
  const attached = word.slice(2);
  if (!word.startsWith('--') && !attached.startsWith('=') && (COMMAND_TEXT.test(attached) || attached.includes('/'))) out.push(attached);
  return out;
}

/**
 * Examples of {@link optionValues}, each a test (`test/evaluate/option-values.test.ts`).
 * @internal
 */
export const OPTION_VALUE_EXAMPLES: readonly { readonly word: string; readonly values: readonly string[] }[] = [
  { word: '--diff-program=./x.sh', values: ['./x.sh'] },
  { word: '--diff-prog=d/s', values: ['d/s'] },
  { word: '-c./x.sh', values: ['./x.sh'] },
  { word: '-psh x.sh', values: ['sh x.sh'] },
  { word: '-x=./x.sh', values: ['./x.sh'] },
  { word: '-aarm64', values: [] },
  { word: '--verbose', values: [] },
  { word: 'README.md', values: [] },
];
