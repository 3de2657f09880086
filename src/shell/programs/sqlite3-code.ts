/**
 * What a piece of sqlite3 code touches: one command-line word (or `-cmd` value) of the SQLite
 * shell, either a dot-command (the word starts with `.`) or SQL (`sqlite3-sql.ts`). It is read by
 * allowlist: a dot-command that only prints or reads the database (`.tables`, `.schema`, `.dump`,
 * `.mode`…) touches nothing; the file-naming ones name files — `.output`/`.once`/`.log`/`.backup`/
 * `.save`/`.clone`/`.trace`/`.open FILE` write FILE, `.import FILE TABLE` and `.restore FILE` read
 * it, `.read FILE` runs a file of commands; `.shell`/`.system ARGS` and a `|cmd` name (`.output`,
 * `.once`, `.import`, `.read`) run a shell command toolgate reads as `sh -c` text; any other
 * dot-command, and a name the code builds (`"\056claude/x"`), is code toolgate does not
 * understand: a write of names it cannot see (decision 0092), a protected ask in every mode.
 *
 * Verified with sqlite3 3.40.1 (Debian 12): each file form created its file under `.claude/`;
 * `.shell rm -rf .claude`, `.system …`, `.sh …`, `.output '|rm -rf .claude'` and `.import '|…' t`
 * removed .claude; `.shell 'a b' c` ran `sh -c '"a b" c'`; dot-command names match as prefixes
 * (`.o F` and `.ou F` are `.output F`); a word starting with space is SQL; `~` is not expanded
 * (`.once ~/x` opens `./~/x`); `"\056claude/x"` (octal) and `file:` URIs name files.
 * Source: shell.c 3.40 (`do_meta_command`, `resolve_backslashes`), SQLite docs "Command Line Shell
 * For SQLite" and "VACUUM", "ATTACH DATABASE", "URI Filenames".
 */
import { pathOf, sqlFiles, sqlPending, type SqliteCodeFiles } from './sqlite3-sql.js';

export type { SqliteCodeFiles } from './sqlite3-sql.js';

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

/**
 * Dot-commands that only show or set how sqlite3 prints, or read the database: the allowlist. Any
 * other dot-command — `.load` (a library's code), `.excel` (opens a viewer), `.selftest` (runs SQL
 * a table holds), `.session`, `.testcase`, `.dbconfig`, one newer than 3.40 — is code toolgate
 * does not understand.
 */
const SAFE = new Set(
  `auth bail binary changes check databases dbinfo dump echo eqp exit expert explain fullschema headers help indexes indices
  limit lint mode nullvalue parameter print progress prompt quit recover scanstats schema separator sha3sum show stats tables
  timeout timer vfsinfo vfslist vfsname width`
    .trim()
    .split(/\s+/),
);

/** Dot-commands that run their arguments as a shell command (shell.c: `system()` of the words joined). */
const RUNS = new Set(['shell', 'system']);

/** The other dot-commands sqlite3 3.40 has (`.help -all`, and hidden ones): none is understood. */
const OTHERS = `connection dbconfig excel filectrl imposter load nonce selftest session testcase testctrl unmodule breakpoint
  wheretrace treetrace selecttrace`
  .trim()
  .split(/\s+/);

const ALL = [...SAFE, ...Object.keys(DOT), ...RUNS, ...OTHERS];

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

/** The command `.shell`/`.system` hands `system()`: each word, in `"…"` when it holds a space (shell.c 3.40). */
function shellCommand(words: readonly { text: string }[]): string {
  return words.map((w) => (w.text.includes(' ') ? `"${w.text}"` : w.text)).join(' ');
}

/** Options of `.output`/`.once` that open the result in the system's viewer or spreadsheet program. */
const VIEWER = new Set(['-e', '-x']);

function dotCommand(line: string, out: SqliteCodeFiles): void {
  const [head, ...rest] = dotWords(line.slice(1));
  const name = head?.text ?? '';
  if (name === '') return;
  const candidates = ALL.filter((c) => c.startsWith(name));
  if (candidates.length === 0)
    out.unseen.push(`sqlite3 runs the dot-command .${name}, which toolgate does not know: it may read or write any file`);
  // Options (`--bom`, `-e`, `--new`) and pipes (`|cmd`: a command it runs) are not files.
  const args = rest.filter((w) => !w.text.startsWith('-') && !w.text.startsWith('|'));
  for (const command of candidates) {
    if (SAFE.has(command)) continue;
    if (RUNS.has(command)) {
      if (rest.some((w) => w.escaped))
        out.unseen.push(`sqlite3's .${command} runs a command with backslash escapes toolgate does not work out`);
      else if (rest.length > 0) out.runs.push(shellCommand(rest));
      continue;
    }
    const use = DOT[command];
    if (use === undefined || use === 'unseen') {
      out.unseen.push(
        use === undefined
          ? `sqlite3 runs .${command}, which is not known to touch only its database: it may read or write any file`
          : `sqlite3's .${command} changes where its files are written or writes names toolgate cannot see`,
      );
      continue;
    }
    // `.import '|cmd' t`, `.read '|cmd'`: popen() of the word; `.output |cmd args…` and `.once`:
    // of the first operand and every word after it, joined with spaces (shell.c 3.40).
    const joins = command === 'output' || command === 'once';
    const popens = joins || command === 'import' || command === 'read';
    const piped = !popens ? -1 : joins ? rest.findIndex((w) => !w.text.startsWith('-')) : rest.findIndex((w) => w.text.startsWith('|'));
    const pipe = piped >= 0 && rest[piped]!.text.startsWith('|') ? (joins ? rest.slice(piped) : [rest[piped]!]) : [];
    if (pipe.some((w) => w.escaped))
      out.unseen.push(`sqlite3's .${command} runs a command with backslash escapes toolgate does not work out`);
    else if (pipe.length > 0)
      out.runs.push(
        pipe
          .map((w) => w.text)
          .join(' ')
          .slice(1),
      );
    if (joins && pipe.length > 0) continue;
    if (joins && rest.some((w) => VIEWER.has(w.text)))
      out.unseen.push(`sqlite3's .${command} -e/-x opens its output with the system's viewer, which toolgate does not know`);
    const chosen = use === 'write-last' || use === 'read-last' ? args.slice(-1) : use === 'read-but-last' ? args.slice(0, -1) : args;
    for (const w of chosen) {
      const path = w.escaped ? undefined : pathOf(w.text);
      const reads = use === 'read-but-last' || use === 'read-last' || use === 'runs-file';
      if (path === undefined) out.unseen.push(`sqlite3's .${command} names a file by an escaped name toolgate does not work out`);
      else if (NOT_FILES.has(path) || path === '') continue;
      else {
        (reads ? out.reads : out.writes).push(path);
        if (use === 'runs-file') (out.programs ??= []).push(path);
      }
      if (use === 'runs-file') out.unseen.push(`sqlite3's .${command} runs the commands of a file toolgate does not read`);
    }
    if (use === 'runs-file' && rest.some((w) => w.text.startsWith('|')))
      out.unseen.push(`sqlite3's .${command} runs the commands a program prints, which toolgate does not read`);
  }
}

/** What one word of sqlite3 code (a command after the database, a `-cmd` value) reads and writes. */
export function sqliteCodeFiles(code: string): SqliteCodeFiles {
  const out: SqliteCodeFiles = { reads: [], writes: [], runs: [], unseen: [], hiddenReads: [] };
  if (code.startsWith('.')) dotCommand(code, out);
  else sqlFiles(code, out);
  // `.o |cmd` is `.open`, `.output` and `.once` at once: one command.
  out.runs = [...new Set(out.runs)];
  return out;
}

/**
 * What a script of sqlite3 code touches (its input written on the line, a here-string or a
 * here-document): as shell.c's process_input reads it, a line starting with `.` when no SQL is
 * pending is a dot-command, a `#` line there is a comment, and the other lines are SQL. A `.` line
 * while SQL is pending (no `;` ends it yet) is read both ways; what sqlite3 would hand `sh -c`
 * from it is code toolgate does not run through the shell analysis here: a write of names it
 * cannot see.
 */
export function sqliteScript(text: string): SqliteCodeFiles {
  const out: SqliteCodeFiles = { reads: [], writes: [], runs: [], unseen: [], hiddenReads: [] };
  let sql = '';
  const merge = (part: SqliteCodeFiles): void => {
    out.reads.push(...part.reads);
    out.writes.push(...part.writes);
    out.unseen.push(...part.unseen);
    out.hiddenReads.push(...part.hiddenReads);
    for (const r of part.runs) out.unseen.push(`sqlite3 runs the command ${JSON.stringify(r.slice(0, 60))} its input names`);
  };
  for (const line of text.split('\n')) {
    const pending = sqlPending(sql);
    if (line.startsWith('.')) {
      merge(sqliteCodeFiles(line));
      if (!pending) continue;
    } else if (line.startsWith('#') && !pending) continue;
    sql += `${line}\n`;
  }
  if (sql.trim() !== '') merge(sqliteCodeFiles(` ${sql}`));
  return out;
}
