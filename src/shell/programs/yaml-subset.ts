/**
 * A small, strict subset of YAML 1.2 for the configuration files whose names toolgate reads (a
 * kustomization's `resources:` list): block mappings and sequences by indentation (a sequence may
 * sit at its key's own indentation, as kustomizations write it), one-line flow sequences, plain,
 * single-quoted and double-quoted scalars without escapes, comments. Anything else — anchors,
 * aliases, tags, block scalars (`|`, `>`), flow mappings, several documents, a scalar over
 * several lines, tabs — is `undefined`: text toolgate does not read, never a guess.
 */

/** A value of the subset: a scalar (as text), a sequence or a mapping. @internal */
export type YamlValue = string | YamlValue[] | { readonly [key: string]: YamlValue };

interface Line {
  readonly indent: number;
  readonly text: string;
}

/** Thrown inside the reader for text outside the subset. */
class Outside extends Error {}

const outside = (): never => {
  throw new Outside();
};

/** The line without its comment (a `#` at its start or after a blank, outside quotes). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || line[i - 1] === ' ')) return line.slice(0, i).trimEnd();
  }
  if (quote !== undefined) outside();
  return line.trimEnd();
}

/** A scalar written on one line. */
function scalar(text: string): string {
  const t = text.trim();
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) outside();
    const inner = t.slice(1, -1);
    if (/'(?!')/.test(inner.replace(/''/g, ''))) outside();
    return inner.replace(/''/g, "'");
  }
  if (t.startsWith('"')) {
    if (!t.endsWith('"') || t.length < 2 || /["\\]/.test(t.slice(1, -1))) outside();
    return t.slice(1, -1);
  }
  // A plain scalar: none of the indicators that start something else, no `: ` or ` #` inside.
  if (t === '' || (/^[-?:,[\]{}#&*!|>%@`]/.test(t) && !/^-[^\s]/.test(t))) outside();
  if (/: |:$/.test(t) || /[{}[\]]/.test(t)) outside();
  return t;
}

/** A one-line flow sequence `[a, 'b', "c"]` of scalars. */
function flowSequence(text: string): string[] {
  const t = text.trim();
  if (!t.startsWith('[') || !t.endsWith(']')) outside();
  const inner = t.slice(1, -1).trim();
  if (inner === '') return [];
  const items: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ',' || c === undefined) {
      const item = inner.slice(start, i).trim();
      if (item === '' && c === undefined && items.length > 0) break; // a trailing comma
      items.push(scalar(item));
      start = i + 1;
    }
  }
  return items;
}

/** A value written after `key:` or `- ` on the same line. */
const inline = (text: string): YamlValue => (text.trim().startsWith('[') ? flowSequence(text) : scalar(text));

/** The key of a `key: value` or `key:` line, and what follows it; undefined when the line is no such pair. */
function pair(text: string): { key: string; rest: string } | undefined {
  const m = /^('[^']*'|"[^"\\]*"|[^\s'"#:-][^:#]*?|-[^\s:#][^:#]*?)\s*:(?:\s+(.*))?$/.exec(text);
  if (m === null) return undefined;
  return { key: scalar(m[1]!), rest: m[2] ?? '' };
}

class Reader {
  private at = 0;
  /** The lines; `- key: value` is rewritten in place to `key: value` at the key's column. */
  constructor(private readonly lines: Line[]) {}

  done(): boolean {
    return this.at >= this.lines.length;
  }

  /** The block that starts at the current line, whose lines are indented exactly `indent`. */
  block(indent: number): YamlValue {
    const first = this.lines[this.at];
    if (first === undefined || first.indent !== indent) return outside();
    return isItem(first.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private sequence(indent: number): YamlValue[] {
    const out: YamlValue[] = [];
    for (let line = this.lines[this.at]; line !== undefined && line.indent === indent && isItem(line.text); line = this.lines[this.at]) {
      const rest = line.text.slice(1).replace(/^ +/, '');
      if (rest === '') {
        this.at++;
        out.push(this.nested(indent, false));
      } else if (isItem(rest)) outside();
      else if (pair(rest) !== undefined) {
        // `- name: x` opens a mapping whose keys sit where `name` does.
        const column = indent + line.text.length - rest.length;
        this.lines[this.at] = { indent: column, text: rest };
        out.push(this.mapping(column));
      } else {
        this.at++;
        out.push(inline(rest));
      }
    }
    return out;
  }

  private mapping(indent: number): { [key: string]: YamlValue } {
    const out: { [key: string]: YamlValue } = {};
    for (let line = this.lines[this.at]; line !== undefined && line.indent === indent; line = this.lines[this.at]) {
      const p = pair(line.text);
      if (p === undefined || Object.hasOwn(out, p.key) || p.key === '__proto__') return outside();
      this.at++;
      out[p.key] = p.rest === '' ? this.nested(indent, true) : inline(p.rest);
    }
    return out;
  }

  /** The value of a key or item with nothing after it: a deeper block, a sequence at the key's own indent, or empty (''). */
  private nested(indent: number, key: boolean): YamlValue {
    const next = this.lines[this.at];
    if (next !== undefined && next.indent > indent) return this.block(next.indent);
    if (key && next !== undefined && next.indent === indent && isItem(next.text)) return this.sequence(indent);
    return '';
  }
}

/** Whether a line (its indentation dropped) is an item of a block sequence. */
const isItem = (text: string): boolean => text === '-' || text.startsWith('- ');

/** The value the text holds, or undefined when it is not in the subset (or not one document). @internal */
export function readYamlSubset(text: string): YamlValue | undefined {
  const lines: Line[] = [];
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [n, l] of raw.entries()) {
    if (/^\s*$/.test(l) || /^\s*#/.test(l)) continue;
    if (n === 0 && /^---\s*$/.test(l)) continue;
    if (/^(---|\.\.\.)(\s|$)/.test(l) || /^ *\t/.test(l) || /^%/.test(l)) return undefined;
    try {
      const t = withoutComment(l);
      const indent = t.length - t.trimStart().length;
      lines.push({ indent, text: t.trimStart() });
    } catch {
      return undefined;
    }
  }
  if (lines.length === 0) return {};
  try {
    const reader = new Reader(lines);
    const value = reader.block(lines[0]!.indent);
    return reader.done() ? value : undefined;
  } catch (e) {
    if (e instanceof Outside) return undefined;
    throw e;
  }
}
