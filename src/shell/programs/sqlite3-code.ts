/**
 * The files a piece of sqlite3 code names: one command-line word (or `-cmd` value) of the SQLite
 * shell, either a dot-command (the word starts with `.`) or SQL. toolgate does not run SQL, but the
 * literal names its writing forms take are as readable as an awk program's `print > "f"`:
 * dot-commands `.output`/`.once`/`.log`/`.backup`/`.save`/`.clone`/`.trace`/`.open FILE` write
 * FILE, `.import FILE TABLE` and `.restore FILE` read it, `.read FILE` runs a file of commands;
 * SQL `VACUUM INTO 'f'`, `ATTACH 'f'` (it creates the file) and `writefile('f', …)` write, and
 * `readfile('f')` and `fsdir('d')` read. A name the code builds (`'.cl' || 'aude/x'`, `char(46)`,
 * a `"…"` with backslash escapes) may be any path: a write of names toolgate cannot see.
 *
 * Verified with sqlite3 3.40.1 (Debian 12): each form above created its file under `.claude/`;
 * dot-command names match as prefixes (`.o F` and `.ou F` are `.output F`); a word starting with
 * space is SQL; `~` is not expanded (`.once ~/x` opens `./~/x`); `"\056claude/x"` (octal) and
 * `file:` URIs (`attach 'file:x?mode=rwc'`) name files.
 * Source: shell.c 3.40 (`do_meta_command`, `resolve_backslashes`), SQLite docs "Command Line Shell
 * For SQLite" and "VACUUM", "ATTACH DATABASE", "URI Filenames".
 */

/** What one piece of sqlite3 code touches: literal names read and written, and why names may be unseen. */
export interface SqliteCodeFiles {
  reads: string[];
  writes: string[];
  /** Why the code writes, or runs code that writes, files whose names toolgate cannot see. */
  unseen: string[];
}

/** How a dot-command treats its non-option arguments. */
type DotUse = 'write' | 'write-last' | 'read-but-last' | 'read-last' | 'runs-file' | 'unseen';

/**
 * Dot-commands that name files (sqlite3 3.40 `.help`). A word matches every entry it is a prefix
 * of (shell.c compares the first `n` letters), so `.o F` counts as `.open F` and `.output F`.
 */
const DOT: Readonly<Record<string, DotUse>> = {
  output: 'write',
  once: 'write',
  log: 'write',
  trace: 'write',
  iotrace: 'write',
  clone: 'write',
  backup: 'write-last',
  save: 'write-last',
  open: 'write-last',
  import: 'read-but-last',
  restore: 'read-last',
  read: 'runs-file',
  // `.cd DIR` moves where later names land; `.archive -x` writes the archive's members.
  cd: 'unseen',
  archive: 'unseen',
  ar: 'unseen',
};

/** Output names that are not files (`.output stdout`, `.log off`). */
const NOT_FILES = new Set(['stdout', 'stderr', 'off', '']);

/** A dot-command's words, split as shell.c does: white space, `'…'` and `"…"` (with backslash escapes). */
function dotWords(line: string): { text: string; escaped: boolean }[] {
  const out: { text: string; escaped: boolean }[] = [];
  for (const m of line.matchAll(/'([^']*)'?|"((?:[^"\\]|\\.)*)"?|(\S+)/gs)) {
    if (m[2] !== undefined) out.push({ text: m[2], escaped: m[2].includes('\\') });
    else out.push({ text: m[1] ?? m[3]!, escaped: false });
  }
  return out;
}

/** A name as a path: sqlite3 expands no `~` (`./~/x`); a `file:` URI names the path it holds. */
function pathOf(name: string): string | undefined {
  let path = name;
  if (/^file:/i.test(path)) {
    path = path.slice(5).replace(/[?#].*$/s, '');
    if (path.startsWith('//')) path = path.replace(/^\/\/[^/]*/, '');
    if (path.includes('%')) {
      try {
        path = decodeURIComponent(path);
      } catch {
        return undefined;
      }
    }
  }
  if (path === ':memory:') return '';
  return path.startsWith('~') ? `./${path}` : path;
}

function dotCommand(line: string, out: SqliteCodeFiles): void {
  const [head, ...rest] = dotWords(line.slice(1));
  const name = head?.text ?? '';
  if (name === '') return;
  // Options (`--bom`, `-e`, `--new`) and pipes (`|cmd`, code the opaque-code table judges) are not files.
  const args = rest.filter((w) => !w.text.startsWith('-') && !w.text.startsWith('|'));
  for (const [command, use] of Object.entries(DOT)) {
    if (!command.startsWith(name)) continue;
    const chosen = use === 'write-last' || use === 'read-last' ? args.slice(-1) : use === 'read-but-last' ? args.slice(0, -1) : args;
    if (use === 'unseen') {
      out.unseen.push(`sqlite3's .${command} changes where its files are written or writes names toolgate cannot see`);
      continue;
    }
    for (const w of chosen) {
      const path = w.escaped ? undefined : pathOf(w.text);
      const reads = use === 'read-but-last' || use === 'read-last' || use === 'runs-file';
      if (path === undefined) out.unseen.push(`sqlite3's .${command} names a file by an escaped name toolgate does not work out`);
      else if (NOT_FILES.has(path) || path === '') continue;
      else (reads ? out.reads : out.writes).push(path);
      if (use === 'runs-file') out.unseen.push(`sqlite3's .${command} runs the commands of a file toolgate does not read`);
    }
  }
}

/** SQL tokens: comments and white space dropped, strings (`'…'`, `"…"`) kept with their text. */
interface Token {
  kind: 'string' | 'word' | 'other';
  text: string;
}

const SQL_TOKEN =
  /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|([xX]'[^']*'?)|'((?:[^']|'')*)'?|"((?:[^"]|"")*)"?|`(?:[^`]|``)*`?|\[[^\]]*\]?|([A-Za-z_][A-Za-z0-9_$]*)|([\s\S])/g;

function sqlTokens(sql: string): Token[] {
  const out: Token[] = [];
  for (const m of sql.matchAll(SQL_TOKEN)) {
    if (m[2] !== undefined) out.push({ kind: 'string', text: m[2].replace(/''/g, "'") });
    else if (m[3] !== undefined) out.push({ kind: 'string', text: m[3].replace(/""/g, '"') });
    else if (m[4] !== undefined) out.push({ kind: 'word', text: m[4].toLowerCase() });
    else if (m[1] !== undefined || m[5] !== undefined || /^[`[]/.test(m[0])) out.push({ kind: 'other', text: m[0] });
  }
  return out;
}

/** The string at `k` when it is the whole value (followed by one of `ends`), else undefined. */
function literalAt(tokens: readonly Token[], k: number, ends: readonly string[]): string | undefined {
  const t = tokens[k];
  const next = tokens[k + 1];
  if (t?.kind !== 'string') return undefined;
  return next === undefined || ends.includes(next.text) ? t.text : undefined;
}

/** SQL functions that take a file name first: what they do with it. */
const FILE_FUNCTIONS: Readonly<Record<string, 'read' | 'write' | 'both'>> = {
  writefile: 'write',
  readfile: 'read',
  fsdir: 'read',
  // The zipfile virtual table reads the archive and, written to, rewrites it.
  zipfile: 'both',
};

function sql(text: string, out: SqliteCodeFiles): void {
  const tokens = sqlTokens(text);
  const take = (name: string | undefined, op: 'read' | 'write' | 'both', why: string): void => {
    const path = name === undefined ? undefined : pathOf(name);
    if (path === undefined) {
      if (op !== 'read') out.unseen.push(why);
      return;
    }
    if (path === '') return;
    if (op !== 'write') out.reads.push(path);
    if (op !== 'read') out.writes.push(path);
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== 'word') continue;
    if (t.text === 'vacuum') {
      let j = k + 1;
      while (j < tokens.length && tokens[j]!.text !== ';' && !(tokens[j]!.kind === 'word' && tokens[j]!.text === 'into')) j++;
      if (tokens[j]?.text === 'into')
        take(literalAt(tokens, j + 1, [';']), 'write', 'sqlite3 runs VACUUM INTO a file whose name the SQL computes');
    } else if (t.text === 'attach') {
      const j = tokens[k + 1]?.kind === 'word' && tokens[k + 1]!.text === 'database' ? k + 2 : k + 1;
      take(literalAt(tokens, j, ['as']), 'write', 'sqlite3 runs ATTACH of a file whose name the SQL computes (it creates the file)');
    } else if (Object.prototype.hasOwnProperty.call(FILE_FUNCTIONS, t.text) && tokens[k + 1]?.text === '(') {
      take(literalAt(tokens, k + 2, [',', ')']), FILE_FUNCTIONS[t.text]!, `sqlite3 runs ${t.text}() on a file whose name the SQL computes`);
    }
  }
}

/** What one word of sqlite3 code (a command after the database, a `-cmd` value) reads and writes. */
export function sqliteCodeFiles(code: string): SqliteCodeFiles {
  const out: SqliteCodeFiles = { reads: [], writes: [], unseen: [] };
  if (code.startsWith('.')) dotCommand(code, out);
  else sql(code, out);
  return out;
}
