/**
 * A glob word the shell may expand to one of a program's options: after `echo x >
 * --files0-from=.env`, `wc -c [-]*` runs `wc -c --files0-from=.env`, which reads .env (red team
 * 18, F1). Which options matter comes from the model's one grammar, through the table the
 * registry keeps of what each option does beyond its operands (`input-options.ts`): one that
 * reads another file or a directory's files, writes, or runs a program. A program none of whose
 * options does is unharmed by such a word (`cat [-]*` prints the files, an option only changes
 * how). The glob counts where the program reads options: before a literal `--`, and before its
 * first operand when it stops there. Whether a matching name exists is the caller's to settle
 * (the file-system view, `path-effects.ts`); here only the words are read.
 */
import { decodeWord } from '../syntax/words.js';
import { PROGRAMS } from './index.js';
import { readWordsLeniently } from './parse.js';
import { optionNameAt } from './input-options.js';

/** A glob word that may be an option of the program, and the first such option that acts. @internal */
export interface GlobOption {
  /** argv index of the glob word. */
  readonly index: number;
  /** An option the word may be, as a person reads it (`--files0-from=…`, `-r`, `@FILE`). */
  readonly option: string;
  /** What that option makes the program do beyond its operands. */
  readonly does: 'reads' | 'writes' | 'runs';
  /** The character a name the glob matches must begin with to be that option (`-`, or `@` for a response file). */
  readonly lead: '-' | '@';
}

/**
 * Whether an unquoted glob pattern may match a name beginning with `lead`: its first character is
 * `lead` (quoted or not), `*` or `?`, or a bracket expression that may hold it (`[-]*`, `[!.]*`,
 * `[[:punct:]]*`). `src/*`, `a*`, `[a-z]*` may not.
 * @internal
 */
export function globMayBegin(pattern: string, lead: string): boolean {
  const p = pattern.replace(/^(?:''|"")+/, '');
  const first = p.replace(/^["']/, '').replace(/^\\/, '');
  if (first.startsWith(lead)) return true;
  if (/^["']/.test(p)) return false;
  if (p.startsWith('*') || p.startsWith('?')) return true;
  if (!p.startsWith('[')) return false;
  const negated = /^\[[!^]/.test(p);
  let j = negated ? 2 : 1;
  // A `]` first in the set is a member; the set ends at the next `]`.
  const end = p.indexOf(']', p[j] === ']' ? j + 1 : j);
  if (end < 0) return false;
  let body = p.slice(j, end);
  // A class, equivalence or collating element (`[[:punct:]]`): may hold anything.
  if (/\[[:=.]/.test(body)) return true;
  body = body.replace(/\\(.)/g, '$1');
  let holds = false;
  for (j = 0; j < body.length; j++) {
    const c = body[j]!;
    if (body[j + 1] === '-' && j + 2 < body.length) {
      if (c <= lead && lead <= body[j + 2]!) holds = true;
      j += 2;
    } else if (c === lead) holds = true;
  }
  return negated ? !holds : holds;
}

/** Whether argv word `k` is an unquoted glob (not literal, with a wildcard the shell expands). */
function isGlob(argv: readonly string[], literal: readonly boolean[], k: number): boolean {
  if (literal[k] !== false) return false;
  const d = decodeWord(argv[k]!);
  return d.glob && !d.expansion && d.substitutions === 0;
}

/**
 * The first glob word of `argv` (the program `name`'s words, its name first) that may expand to
 * an option of the program which reads, writes or runs more than its operands, with that
 * option; `undefined` when there is none, or when the program has no grammar to say (the caller
 * keeps its own judgement of such words). A program that expands `@FILE` words into the words
 * FILE holds (binutils' `responseFiles`) reads such a file wherever the word stands.
 * @internal
 */
export function globOptionWord(name: string, argv: readonly string[], literal: readonly boolean[]): GlobOption | undefined {
  const model = PROGRAMS.get(name);
  if (model === undefined) return undefined;
  if (model.responseFiles !== undefined) {
    const k = argv.findIndex((w, j) => j > 0 && isGlob(argv, literal, j) && globMayBegin(w, '@'));
    if (k > 0) return { index: k, option: '@FILE', does: 'reads', lead: '@' };
  }
  // Only a glob word that may begin with `-` can be an option: without one there is nothing to
  // judge, and the table (each option of the grammar tried through the model's facets: npm's
  // 230 cost ≈ 5 ms) is not made for a command of plain words.
  if (!argv.some((w, k) => k > 0 && isGlob(argv, literal, k) && globMayBegin(w, '-'))) return undefined;
  const grammar = model.grammar;
  const table = PROGRAMS.inputOptions(name);
  if (grammar === undefined || table === undefined) return undefined;
  const acting: [string | undefined, GlobOption['does']][] = [
    [table.writes[0], 'writes'],
    [table.runs[0], 'runs'],
    [table.reads[0], 'reads'],
  ];
  const act = acting.find(([o]) => o !== undefined);
  if (act === undefined) return undefined;
  const read = readWordsLeniently(argv, grammar);
  const values = new Set(read.options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [])));
  const stops = grammar.stopAtOperand === true || grammar.short?.startsWith('+') === true;
  for (let k = 1; k < argv.length; k++) {
    if (argv[k] === '--' && literal[k] !== false) return undefined;
    const glob = isGlob(argv, literal, k);
    // Past its first operand a program that stops there reads no option.
    if (stops && !glob && read.operands.includes(k)) return undefined;
    if (!glob || values.has(k) || !globMayBegin(argv[k]!, '-')) continue;
    // An option written out whose value holds the wildcard (`--include=*.ts`, `-e*`): a name it
    // matches is that option's value, never another option.
    if (argv[k]!.startsWith('-') && !optionNameAt(argv[k]!, argv[k]!.search(/[*?[]/), grammar)) continue;
    return { index: k, option: act[0]!, does: act[1], lead: '-' };
  }
  return undefined;
}
