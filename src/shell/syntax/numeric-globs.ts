/**
 * zsh's numeric range glob `<x-y>` (zsh 5.9 zshexpn(1), "Glob Operators": `<[x]-[y]>` matches any
 * number from x to y, either left out; no option needed): zsh reads an unquoted `<`, digits, `-`,
 * digits and `>` as part of the word it is written in (`key<->.pem`, `gcc-<->`, `<1-5>`, `2<->`,
 * `>out<->`), where bash and sh read a redirection from the file `-` or `-N` and another to the
 * word after the `>`. zsh 5.9 checked: `cat key<->.pem` reads key1.pem, `echo <->` lists the
 * numeric names; `cat <-`, `cat <-5`, `cat <-->`, `cat < x` and `x<>y` stay redirections.
 *
 * The grammar reads the bash meaning. For zsh the source is respelled with each range as the bash
 * glob holding every name it may match, `[0-9]*` (a range matches one or more digits), the way
 * `bang-operators.ts` respells zsh's `>!`.
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';

/** One numeric range glob: where `<` starts and `>` ends (exclusive) in the source, and its bash glob. @internal */
export interface NumericGlobSpot {
  start: number;
  end: number;
  spelled: string;
  written: string;
}

/** What follows a `<` the grammar read as an input redirection, for zsh to read it as a range glob. */
const RANGE = /^<\d*-\d*>/;

/**
 * Every place in `src` where zsh reads a numeric range glob that the bash parse (`root`) read as
 * an input redirection; ERROR nodes are searched too.
 */
export function numericGlobSpots(root: Node, src: string): NumericGlobSpot[] {
  if (!/<\d*-\d*>/.test(src)) return [];
  const spots: NumericGlobSpot[] = [];
  const visit = (n: Node, parent: Node | null, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    // A `<` of a test or arithmetic (`[[ a <-1> b ]]`, `(( a<-1>0 ))`) compares: only a redirection's is read.
    if (!n.isNamed && n.type === '<' && parent?.type === 'file_redirect') {
      const range = RANGE.exec(src.slice(n.startIndex, n.startIndex + 64));
      if (range !== null) spots.push({ start: n.startIndex, end: n.startIndex + range[0].length, spelled: '[0-9]*', written: range[0] });
    }
    for (const child of n.children) visit(child, n, depth + 1);
  };
  visit(root, null, 0);
  return spots;
}
