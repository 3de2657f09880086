/**
 * A here-document's delimiter is its word after quote removal, and quoting anywhere in the word
 * makes the body literal (bash, dash and zsh agree: `<<"E"OF`, `<<E"O"F`, `<<'EOF'x` end at the
 * line `EOF` / `EOFx` and expand nothing). The grammar reads only a wholly quoted word or one with
 * backslashes; a word with a quoted part is rewritten, in place and at the same length, to the
 * wholly single-quoted form the grammar reads, with the same meaning (blanks pad the rest).
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';

/** A delimiter the rewrite spells in single quotes: nothing in it a shell or the grammar reads. */
const PLAIN = /^[A-Za-z0-9_.\-+=:,@%/]+$/;

/** The shell word starting at `i` (ended by a blank or an operator), or undefined when it leaves what this reads. */
function wordAt(src: string, i: number): { end: number; value: string; quoted: boolean } | undefined {
  let value = '';
  let quoted = false;
  while (i < src.length && !/[\s;&|<>()]/.test(src[i]!)) {
    const ch = src[i]!;
    if (ch === "'") {
      const close = src.indexOf("'", i + 1);
      if (close < 0) return undefined;
      value += src.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else if (ch === '"') {
      const close = src.indexOf('"', i + 1);
      const inner = close < 0 ? '' : src.slice(i + 1, close);
      // Backslashes, expansions and backquotes inside double quotes: not read here.
      if (close < 0 || /[\\$`]/.test(inner)) return undefined;
      value += inner;
      quoted = true;
      i = close + 1;
    } else if (ch === '\\') {
      if (i + 1 >= src.length || src[i + 1] === '\n') return undefined;
      value += src[i + 1];
      quoted = true;
      i += 2;
    } else if (ch === '$' || ch === '`') return undefined;
    else {
      value += ch;
      i += 1;
    }
  }
  return { end: i, value, quoted };
}

/**
 * `src` with every here-document delimiter that has a quoted part (and is not wholly one quoted
 * string) spelled `'DELIM'` plus blanks, found from the here-documents of a first parse; `src`
 * itself when there is none.
 */
export function respellQuotedDelimiters(root: Node, src: string): string {
  const spans: [number, number, string][] = [];
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    // A here-document the grammar could not close is an ERROR node holding the operator.
    if (n.type === 'heredoc_redirect' || n.type === 'ERROR') {
      for (const op of n.children.filter((c) => c.type === '<<' || c.type === '<<-')) {
        let i = op.endIndex;
        while (src[i] === ' ' || src[i] === '\t') i += 1;
        const word = wordAt(src, i);
        const text = word && src.slice(i, word.end);
        if (word && text && word.quoted && /['"]/.test(text) && !/^(?:'[^']*'|"[^"]*")$/.test(text) && PLAIN.test(word.value))
          spans.push([i, word.end, `'${word.value}'`.padEnd(word.end - i, ' ')]);
      }
    }
    for (const child of n.children) visit(child, depth + 1);
  };
  visit(root, 0);
  let out = src;
  for (const [start, end, spelled] of spans.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + spelled + out.slice(end);
  return out;
}
