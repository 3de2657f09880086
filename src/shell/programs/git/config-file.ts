/**
 * git's configuration file syntax, read as git 2.39's `config.c` reads it (git-config(1),
 * "CONFIGURATION FILE"): `[section]`, `[section "subsection"]` and the old `[section.subsection]`
 * headers; `name = value` or a bare `name` (true); values with double quotes, the escapes `\"`,
 * `\\`, `\n`, `\t`, `\b` and `\` before a newline (the line goes on); `#` and `;` start a comment
 * outside quotes. Section and variable names are case-insensitive (kept lower-case here), a
 * subsection is not. A file git would refuse (`bad config line`) is an error here too.
 */

/** One variable as a file sets it, in file order. `value` is `null` for a bare `name` (true). */
export interface GitConfigEntry {
  /** `section.name` or `section.subsection.name`, section and name lower-cased. */
  key: string;
  value: string | null;
}

/** The entries of one file, or the line git would stop at. @internal */
export type GitConfigParse = { ok: true; entries: GitConfigEntry[] } | { ok: false; line: number; reason: string };

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
const isNameChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9-]/.test(c);

/** Parse a configuration file's text. @internal */
export function parseGitConfig(text: string): GitConfigParse {
  const entries: GitConfigEntry[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let section: string | undefined;
  const fail = (reason: string): GitConfigParse => ({ ok: false, line, reason });
  const skipComment = () => {
    while (i < text.length && text[i] !== '\n') i++;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      i++;
      continue;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === '#' || c === ';') {
      skipComment();
      continue;
    }
    if (c === '[') {
      const header = readHeader(text, i + 1);
      if (header === undefined) return fail('a section header git cannot read');
      section = header.section;
      i = header.end;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) return fail(`"${c}" cannot start a variable name`);
    let name = '';
    while (isNameChar(text[i])) name += text[i++]!;
    while (isSpace(text[i])) i++;
    // A variable before any section has no section part (git lists it as `name`).
    const key = section === undefined ? name.toLowerCase() : `${section}.${name.toLowerCase()}`;
    if (text[i] === undefined || text[i] === '\n' || text[i] === '#' || text[i] === ';') {
      entries.push({ key, value: null });
      continue;
    }
    if (text[i] !== '=') return fail(`"${text[i]}" after the variable ${name}`);
    i++;
    const value = readValue(text, i);
    if (value === undefined) return fail(`the value of ${name} is not closed or has an escape git refuses`);
    entries.push({ key, value: value.value });
    line += value.lines;
    i = value.end;
  }
  return { ok: true, entries };
}

/** A `[…]` header from just after `[`: the section key (`section` or `section.subsection`) and where the header ends. */
function readHeader(text: string, from: number): { section: string; end: number } | undefined {
  let i = from;
  let name = '';
  while (i < text.length && (isNameChar(text[i]) || text[i] === '.')) name += text[i++]!;
  if (name === '') return undefined;
  if (text[i] === ']') return { section: name.toLowerCase(), end: i + 1 };
  if (!isSpace(text[i])) return undefined;
  while (isSpace(text[i])) i++;
  if (text[i] !== '"') return undefined;
  i++;
  let sub = '';
  for (;;) {
    const c = text[i];
    if (c === undefined || c === '\n') return undefined;
    if (c === '"') break;
    if (c === '\\') {
      i++;
      const e = text[i];
      if (e === undefined || e === '\n') return undefined;
      sub += e;
      i++;
      continue;
    }
    sub += c;
    i++;
  }
  i++;
  if (text[i] !== ']') return undefined;
  // The old `[section.sub]` form lower-cases the subsection; the quoted one keeps it.
  return { section: `${name.toLowerCase()}.${sub}`, end: i + 1 };
}

/** A value from just after `=`: its text, the newlines it spanned (continuations) and where it ends (at the newline). */
function readValue(text: string, from: number): { value: string; lines: number; end: number } | undefined {
  let i = from;
  let out = '';
  let quoted = false;
  let lines = 0;
  // As config.c: unquoted blanks count once the value has text, and are written as spaces
  // before the next character that is not blank (so trailing ones are dropped).
  let spaces = 0;
  for (;;) {
    const c = text[i];
    if (c === undefined || c === '\n') {
      if (quoted) return undefined;
      break;
    }
    if (!quoted && isSpace(c)) {
      if (out.length > 0) spaces++;
      i++;
      continue;
    }
    if (!quoted && (c === '#' || c === ';')) {
      while (i < text.length && text[i] !== '\n') i++;
      break;
    }
    out += ' '.repeat(spaces);
    spaces = 0;
    if (c === '\\') {
      const e = text[i + 1];
      // A backslash before the end of the file is a continuation too (git reads the end as a newline).
      if (e === '\n' || e === undefined) {
        if (e === '\n') lines++;
        i += 2;
        continue;
      }
      const escapes: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', b: '\b' };
      if (escapes[e] === undefined) return undefined;
      out += escapes[e];
      i += 2;
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return { value: out, lines, end: i };
}
