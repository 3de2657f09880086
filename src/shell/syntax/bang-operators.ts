/**
 * A `!` written right after an output redirection operator or after `&`: zsh reads it as part of
 * the operator, bash and sh as the start of the next word (zsh 5.9 zshmisc(1), "Redirection" and
 * "Simple Commands & Pipelines"; checked in bash 5.2, dash 0.5.12 and zsh 5.9):
 *
 * - `>!`, `>>!`, `&>!`, `&>>!`, `>&!`, `N>!`, `N>>!`, `N>&!`: zsh opens the NEXT word for writing
 *   whatever `NO_CLOBBER` says (`echo x >! f` writes `f`, `>!f` too); bash and sh write a file whose
 *   name starts with `!` and keep the next word as an argument (`echo x >! f` writes `x f` to `!`).
 * - `&!`: zsh runs the command before it in the background, disowned, and starts a new command
 *   (`a &!rm x` runs `rm x`); bash and sh start a command named `!rm` (or negate one after a blank).
 *
 * The grammar reads the bash meaning. For zsh the source is respelled in place at the same length
 * to the bash spelling of zsh's meaning (`>!` → `>|`, `>>!` → `>> `, `>&!` → `&> `, `N>&!` → `N>| `,
 * `&!` → `& `), the way {@link respellQuotedDelimiters} respells here-document delimiters.
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';

/** One `!` the two readings disagree on. @internal */
export interface BangSpot {
  /** Where the operator starts and the `!` ends (exclusive) in the source. */
  start: number;
  end: number;
  /** The same span spelled as the grammar reads zsh's meaning (same length). */
  spelled: string;
  /** The operator with its `!` as written (`>!`, `2>&!`, `&!`). */
  written: string;
  /**
   * The readings run different commands or touch different files: every redirection, and `&!`
   * glued to the next word (`&!rm`). `&! rm` negates `rm` in bash and runs it in zsh, and `a &!`
   * negates nothing: the same commands.
   */
  differs: boolean;
}

/** Output redirection operators of the grammar that zsh joins a following `!` to. */
const WRITE_OPS = new Set(['>', '>>', '&>', '&>>', '>&']);

/** Parents of `&` tokens that are operators of arithmetic or tests, not command separators. */
const EXPRESSIONS = new Set(['binary_expression', 'unary_expression', 'postfix_expression', 'parenthesized_expression']);

/**
 * Every place in `src` where zsh joins a `!` to the operator before it, found from a parse of the
 * bash reading (`root`); ERROR nodes are searched too.
 */
export function bangSpots(root: Node, src: string): BangSpot[] {
  if (!src.includes('!')) return [];
  const spots: BangSpot[] = [];
  const visit = (n: Node, parent: Node | null, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    if (n.type === 'file_redirect') {
      const op = n.children.find((c) => !c.isNamed && WRITE_OPS.has(c.type));
      if (op && src[op.endIndex] === '!') {
        const fd = n.children.find((c) => c.type === 'file_descriptor');
        const start = fd ? fd.startIndex : op.startIndex;
        const written = src.slice(start, op.endIndex + 1);
        const spelled =
          op.type === '>'
            ? written.slice(0, -1) + '|'
            : op.type === '>&'
              ? fd
                ? written.slice(0, -2) + '| '
                : '&> '
              : written.slice(0, -1) + ' ';
        spots.push({ start, end: op.endIndex + 1, spelled, written, differs: true });
      }
    } else if (n.type === '&' && src[n.endIndex] === '!' && !(parent && EXPRESSIONS.has(parent.type))) {
      // bash and sh negate what follows a `!` and a blank or an operator (`a &! b`, `a &!;`): the same commands run.
      const after = src[n.endIndex + 1];
      spots.push({
        start: n.startIndex,
        end: n.endIndex + 1,
        spelled: '& ',
        written: '&!',
        differs: after !== undefined && !/[\s;&|<>)]/.test(after),
      });
    }
    for (const child of n.children) visit(child, n, depth + 1);
  };
  visit(root, null, 0);
  return spots;
}

/** `src` with every spot (these, or `numeric-globs.ts`'s) spelled as the grammar reads zsh's meaning. @internal */
export function respellSpots(src: string, spots: readonly Pick<BangSpot, 'start' | 'end' | 'spelled'>[]): string {
  let out = src;
  for (const s of [...spots].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.spelled + out.slice(s.end);
  return out;
}
