/**
 * zsh's brace sequences, where they differ from bash's (zshexpn(1), "Brace Expansion"; zsh 5.9
 * observed with `zsh -c` and `bash -c`). zsh removes quotes before it looks for a sequence in a
 * brace group that has no comma: only the braces themselves must be unquoted, so `.{e\..f}nv`,
 * `.{e'..'f}nv`, `{"1..3"}`, `{\-1..2}` and `{0\1..3}` are sequences (`.env .fnv`, `1 2 3`, …)
 * where bash keeps the word as written. Its character sequences take any two characters
 * (`{-../}` is `- . /`, `{a..\}}`, `{é..ê}`), bash's only two letters. And it expands parameters
 * and substitutions before braces, so the value of `$x` in `{$x}` or `{$x..f}` may make a
 * sequence (`x=e..f; print .{$x}nv` prints `.env .fnv`; a comma in a value does not split).
 */

/** One piece of a word as written: a character (quoted or not), an unquoted brace or comma, or an expansion. */
type Piece = { kind: 'char'; text: string; quoted: boolean } | { kind: 'open' | 'close' | 'comma' } | { kind: 'expansion' };

/**
 * The sequences toolgate reads a word with (`syntax/brace.ts`, bash's rule): two integers, with an
 * optional step, or two letters, written without quotes. zsh expands these alike (but for a
 * character sequence with a step, which it keeps as written: one word toolgate reads as more).
 */
const BASH_SEQUENCE = /^(?:-?\d+\.\.-?\d+|[A-Za-z]\.\.[A-Za-z])(?:\.\.-?\d+)?$/;

/** zsh's sequences, after quote removal: two integers with an optional step, or any two characters. */
const ZSH_SEQUENCE = /^(?:-?\d+\.\.-?\d+(?:\.\.-?\d+)?|.\.\..)$/su;

/** The end of the `$(…)`, `$((…))` or `${…}` that opens at `i` (after its closer), or the word's end. */
function skipNested(raw: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < raw.length; j++) {
    const c = raw[j]!;
    if (c === '\\') j++;
    else if (c === "'" && open === '(') j = Math.max(j, raw.indexOf("'", j + 1));
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j + 1;
  }
  return raw.length;
}

/**
 * The pieces of a word as written (quotes taken off, their characters marked quoted); `starts`
 * gets where each piece begins in `raw`.
 */
function pieces(raw: string, starts: number[]): Piece[] {
  const out: Piece[] = [];
  let double = false;
  for (let i = 0; i < raw.length;) {
    const c = raw[i]!;
    const at = i;
    if (c === '\\') {
      // In double quotes a backslash quotes only $ ` " \ and newline; elsewhere the next character.
      const n = raw[i + 1];
      if (n === undefined) break;
      if (double && !'$`"\\\n'.includes(n)) out.push({ kind: 'char', text: '\\', quoted: true }, { kind: 'char', text: n, quoted: true });
      else out.push({ kind: 'char', text: n, quoted: true });
      i += 2;
    } else if (c === '"') {
      double = !double;
      i++;
    } else if (c === '$' && raw[i + 1] === "'" && !double) {
      const end = raw.indexOf("'", i + 2);
      const text = raw.slice(i + 2, end < 0 ? raw.length : end);
      // An escape inside `$'…'` (`$'\x2e'`) may be any character: read as a value toolgate does not work out.
      if (text.includes('\\')) out.push({ kind: 'expansion' });
      else for (const ch of text) out.push({ kind: 'char', text: ch, quoted: true });
      i = end < 0 ? raw.length : end + 1;
    } else if (c === "'" && !double) {
      const end = raw.indexOf("'", i + 1);
      for (const ch of raw.slice(i + 1, end < 0 ? raw.length : end)) out.push({ kind: 'char', text: ch, quoted: true });
      i = end < 0 ? raw.length : end + 1;
    } else if (c === '$' && /[A-Za-z_0-9#?$!*@{(-]/.test(raw[i + 1] ?? '')) {
      out.push({ kind: 'expansion' });
      const n = raw[i + 1]!;
      if (n === '{') i = skipNested(raw, i + 1, '{', '}');
      else if (n === '(') i = skipNested(raw, i + 1, '(', ')');
      else if (/[A-Za-z_]/.test(n)) i = i + 1 + /^[A-Za-z_]\w*/.exec(raw.slice(i + 1))![0].length;
      else i += 2;
    } else if (c === '`') {
      out.push({ kind: 'expansion' });
      let j = i + 1;
      while (j < raw.length && raw[j] !== '`') j += raw[j] === '\\' ? 2 : 1;
      i = j + 1;
    } else {
      const ch = String.fromCodePoint(raw.codePointAt(i)!);
      if (!double && (c === '{' || c === '}' || c === ',')) out.push({ kind: c === '{' ? 'open' : c === '}' ? 'close' : 'comma' });
      else out.push({ kind: 'char', text: ch, quoted: double });
      i += ch.length;
    }
    while (starts.length < out.length) starts.push(at);
  }
  return out;
}

/**
 * Why zsh reads the brace group `body` (its pieces between unquoted braces) otherwise than bash
 * does, or undefined: a group with an unquoted comma is a list in both; one holding a nested group
 * is no sequence in either (the nested group is looked at on its own).
 */
function groupDiffers(body: readonly Piece[]): 'sequence' | 'expansion' | undefined {
  if (body.some((p) => p.kind === 'comma' || p.kind === 'open' || p.kind === 'close')) return undefined;
  if (body.some((p) => p.kind === 'expansion')) return 'expansion';
  const chars = body as readonly { kind: 'char'; text: string; quoted: boolean }[];
  const text = chars.map((p) => p.text).join('');
  if (!ZSH_SEQUENCE.test(text)) return undefined;
  return chars.every((p) => !p.quoted) && BASH_SEQUENCE.test(text) ? undefined : 'sequence';
}

/**
 * The first brace group of the word as written (`raw`) that zsh expands where bash keeps it as
 * written — a sequence with quoting inside or of characters other than letters, or a group whose
 * value a parameter or substitution gives — as it is written there, with why; undefined when
 * there is none.
 */
export function zshOnlyBraceGroup(raw: string): { group: string; why: 'sequence' | 'expansion' } | undefined {
  if (!raw.includes('{')) return undefined;
  const starts: number[] = [];
  const ps = pieces(raw, starts);
  const opens: number[] = [];
  for (let k = 0; k < ps.length; k++) {
    const p = ps[k]!;
    if (p.kind === 'open') opens.push(k);
    else if (p.kind === 'close' && opens.length > 0) {
      const start = opens.pop()!;
      const why = groupDiffers(ps.slice(start + 1, k));
      if (why !== undefined) return { group: raw.slice(starts[start]!, starts[k]! + 1), why };
    }
  }
  return undefined;
}
