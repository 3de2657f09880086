/**
 * `sqlite3 [OPTIONS] [DATABASE [SQL|DOT-COMMAND]...]`: SQLite's command-line shell. It runs the
 * SQL and dot-commands in its words (after the database), in `-cmd` values, in an `-init` file and,
 * given none in its words, on its input — and those run programs and touch any file: `.shell` and
 * `.system` run a command with the shell, `.import '|cmd'`, `.output |cmd` and `.once |cmd` run
 * one as a pipe, `.load` loads a library, `.read` reads a file of commands, `.output FILE`,
 * `.once FILE` and `.log FILE` write a file, and the SQL functions `readfile()` and `writefile()`
 * read and write any file. The code stays opaque code, judged by the opaque-code table (as
 * `python3 -c` is: a database's own views may call `edit()`); toolgate reads it by allowlist
 * (`sqlite3-code.ts`, `sqlite3-sql.ts`) for what it names and runs: the shell commands literal code
 * hands `sh -c` are judged as scripts; a script written on its input (`<<< '.tables'`, a
 * here-document) is read as shell.c reads it; and code it does not understand — an unknown
 * dot-command or function, a script in a file or on an input the line does not write (a pipe,
 * `< x.sql`) — is a write of names toolgate cannot see, a protected ask in every mode (decision
 * 0092). Red team 12 had `sqlite3 :memory: '.shell r""m -f
 * notes.txt'` run rm, and `readfile('.env')` print a secret; replay 18 of red team 18 (NEW-8) had
 * `.shell`/`.system rm -rf .claude`, `edit(1, "rm -rf .claude")` and a script on its input
 * (`echo '.output .claude/settings.json' | sqlite3 :memory:`, `sqlite3 :memory: < ./i.sql`)
 * remove or write .claude in bypassPermissions.
 *
 * Options are single-dash words (a double dash is the same option) and may come anywhere; the
 * first other word is the database, the rest are commands. Only `-version` and `-help` run nothing.
 *
 * Source: sqlite3 3.40 (Debian 12) `sqlite3 -help` and shell.c (`main`: options, database,
 * commands; `do_meta_command`); SQLite docs, "Command Line Shell For SQLite" (§ 7 `.shell`, § 8
 * `.import`, § 9 `.output`/`.once`, § 10 `readfile`/`writefile`).
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import { defineProgram, type ProgramText, type ReadVariable, type WrittenInput } from './model.js';
import { sqliteCodeFiles, sqliteScript } from './sqlite3-code.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** Options that take values, and how many words (sqlite3 3.40 shell.c). */
const VALUES: Readonly<Record<string, number>> = {
  cmd: 1,
  init: 1,
  heap: 2,
  lookaside: 2,
  pagecache: 2,
  maxsize: 1,
  mmap: 1,
  newline: 1,
  nonce: 1,
  nullvalue: 1,
  separator: 1,
  vfs: 1,
  sorterref: 1,
  limit: 2,
};

const VISUAL: ReadVariable = { may: ['code'], what: "VISUAL names the editor sqlite3's edit() runs" };
const EDITOR: ReadVariable = { may: ['code'], what: "EDITOR names the editor sqlite3's edit() runs when VISUAL is not set" };

/** Words that only print what the program is. */
const INFO = new Set(['version', 'help']);

/** A sqlite3 command line: its options by name, the database word, and the command words. */
interface Sqlite3Words {
  options: { name: string; index: number; value?: number }[];
  database?: number;
  commands: number[];
}

/** How sqlite3 reads its words: options anywhere, the first operand the database, the rest commands. */
function readSqlite3(argv: readonly string[]): Sqlite3Words {
  const out: Sqlite3Words = { options: [], commands: [] };
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.startsWith('-') && word.length > 1) {
      const name = word.replace(/^--?/, '');
      const count = VALUES[name] ?? 0;
      out.options.push({ name, index: k, ...(count > 0 ? { value: k + 1 } : {}) });
      // `-A ARGS…` hands every word after it to `.archive`.
      if (name === 'A') break;
      k += count;
    } else if (out.database === undefined) out.database = k;
    else out.commands.push(k);
  }
  return out;
}

/** Whether the command only prints what sqlite3 is (`sqlite3 -version`, `sqlite3 --help`). */
function informational(words: Sqlite3Words): boolean {
  return words.options.length > 0 && words.options.every((o) => INFO.has(o.name));
}

/** The words that hold sqlite3 code: the commands after the database and `-cmd` values. */
function codeWords(words: Sqlite3Words, argv: readonly string[]): number[] {
  const code = [...words.commands];
  for (const o of words.options) if (o.name === 'cmd' && o.value !== undefined && o.value < argv.length) code.push(o.value);
  return code;
}

/** Whether sqlite3 reads its commands from its input: no command words (`-cmd` values do not count), no `-A`. */
function readsInput(words: Sqlite3Words): boolean {
  return words.commands.length === 0 && !informational(words) && !words.options.some((o) => o.name === 'A');
}

/**
 * What sqlite3 runs: the SQL and dot-commands toolgate reads only in part (opaque code, see the
 * module comment), and the shell commands literal code hands `sh -c` — `.shell`/`.system`, a
 * `|cmd` output or input, `edit()`'s editor — judged as scripts (as sed's `e cmd` is).
 */
function sqlite3Runs(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const words = readSqlite3(argv);
  if (informational(words)) return undefined;
  const given = words.commands.length > 0 || words.options.some((o) => o.name === 'cmd' || o.name === 'A');
  const reason = given
    ? 'sqlite3 runs the SQL and dot-commands it is given, which may run programs (.shell, .system, .import and .output with |) and read and write any file (readfile, writefile, .read, .output)'
    : 'sqlite3 runs the SQL and dot-commands it reads from its input or an -init file, which may run programs (.shell, .system) and read and write any file (readfile, writefile, .read, .output)';
  const inner: Unwrapped[] = [{ kind: 'opaque', reason }];
  for (const k of codeWords(words, argv)) {
    if (literal[k] === false) continue;
    for (const script of sqliteCodeFiles(argv[k]!).runs) inner.push({ kind: 'text', script, what: `sqlite3 ${argv[k]!.slice(0, 40)}` });
  }
  return { inner, transparent: false, exactOnly: false };
}

/**
 * The files its words name: the database (read, and written unless `-readonly`), an `-init` file,
 * and the files its SQL and dot-commands name (see {@link sqliteCodeFiles}): `VACUUM INTO`,
 * `ATTACH`, `writefile()`, `.output`, `.backup`… write them, `readfile()` and `.import` read them.
 * The code is still opaque (it may do more); what it names plainly raises the asks a written
 * command would, as an awk program's `print > "f"` does (red team 18: `vacuum into
 * '.git/hooks/pre-push'` and `.output .claude/settings.json` wrote those files in
 * bypassPermissions). Code toolgate cannot read or does not understand — an `-init` or `.read`
 * file, the script on its input, `-A`, a word that is not literal, a dot-command or SQL function
 * off the allowlist — may write any name: a write of names toolgate cannot see (decision 0092).
 */
function sqlite3Files(argv: readonly string[], literal?: readonly boolean[], input?: WrittenInput): FileOperands {
  const words = readSqlite3(argv);
  const files: FileOperand[] = [];
  const unseen: UnseenNames[] = [];
  const unresolved: string[] = [];
  const notFiles: number[] = [...words.commands];
  const code = codeWords(words, argv);
  // `sqlite3 db <<< '.tables'` is read as a script; `echo '.output .claude/x' | sqlite3 :memory:`
  // and `sqlite3 db < x.sql` are code toolgate does not read.
  const script = readsInput(words) ? input?.() : undefined;
  if (readsInput(words) && script === undefined)
    unseen.push({ op: 'write', why: 'sqlite3 runs the SQL and dot-commands of its input, which toolgate does not read' });
  const named = script !== undefined ? sqliteScript(script) : undefined;
  for (const value of named?.reads ?? []) files.push({ op: 'read', index: 0, value });
  for (const value of named?.writes ?? []) files.push({ op: 'write', index: 0, value });
  for (const why of named?.unseen ?? []) if (!unseen.some((u) => u.why === why)) unseen.push({ op: 'write', why });
  for (const why of named?.hiddenReads ?? []) if (!unresolved.includes(why)) unresolved.push(why);
  for (const o of words.options) {
    if (o.name === 'init' && o.value !== undefined) {
      files.push({ op: 'read', index: o.value });
      unseen.push({ op: 'write', why: 'sqlite3 runs the commands of its -init file, which toolgate does not read' });
    } else if (o.name === 'A')
      unseen.push({ op: 'write', why: 'sqlite3 -A extracts or updates archive members whose names toolgate cannot see' });
    if (o.value === undefined) continue;
    if (o.name !== 'init') for (let k = o.value; k < o.value + (VALUES[o.name] ?? 0); k++) notFiles.push(k);
  }
  for (const k of code) {
    if (k >= argv.length) continue;
    if (literal?.[k] === false) {
      unseen.push({ op: 'write', why: `the sqlite3 code ${argv[k]!} is not literal: it may write any file` });
      continue;
    }
    const named = sqliteCodeFiles(argv[k]!);
    for (const value of named.reads) files.push({ op: 'read', index: k, value });
    for (const value of named.writes) files.push({ op: 'write', index: k, value });
    for (const why of named.unseen) if (!unseen.some((u) => u.why === why)) unseen.push({ op: 'write', why });
    for (const why of named.hiddenReads) if (!unresolved.includes(why)) unresolved.push(why);
  }
  const db = words.database;
  const name = db !== undefined ? argv[db]! : '';
  if (db !== undefined && name !== ':memory:' && name !== '') {
    // `file:x.db?mode=ro`: the path of the URI.
    const value = name.startsWith('file:') ? name.slice(5).replace(/[?#].*$/s, '') : undefined;
    const at = value !== undefined ? { value } : {};
    files.push({ op: 'read', index: db, ...at });
    if (!words.options.some((o) => o.name === 'readonly')) files.push({ op: 'write', index: db, ...at });
  } else if (db !== undefined) notFiles.push(db);
  return { files, unresolved, ...(unseen.length > 0 ? { unseen } : {}), notFiles };
}

/**
 * Where sqlite3 reads commands from files or its input: an `-init` file, the files the `.read`
 * commands of its words and `-cmd` values name, and its input when its words give no command.
 * Verified (sqlite3 3.40): a `.shell touch M` line ran for `sqlite3 db ".read x.sql"`, `sqlite3 -cmd
 * ".read x.sql" db .quit`, `sqlite3 -init x.sql db .quit`, `sqlite3 db < x.sql` and `sqlite3 <
 * x.sql`, not for `sqlite3 db "select 1" < x.sql`.
 */
function sqlite3ProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readSqlite3(argv);
  if (informational(words)) return undefined;
  const files: { index: number; value?: string }[] = [];
  for (const o of words.options) if (o.name === 'init' && o.value !== undefined && o.value < argv.length) files.push({ index: o.value });
  for (const k of codeWords(words, argv))
    if (k < argv.length) for (const value of sqliteCodeFiles(argv[k]!).programs ?? []) files.push({ index: k, value });
  return files.length === 0 && !readsInput(words) ? undefined : { files, ...(readsInput(words) ? { input: true as const } : {}) };
}

/** The sqlite3 model. @internal */
export const sqlite3 = defineProgram({
  names: ['sqlite3'],
  summary: "sqlite3: SQLite's command-line shell, which runs the SQL and dot-commands it is given",
  sources: [
    'sqlite3 3.40 (Debian 12): sqlite3 -help, shell.c (main, do_meta_command)',
    'SQLite docs, "Command Line Shell For SQLite": .shell, .system, .import, .output, .once, .read, .load, readfile(), writefile()',
  ],
  // What its commands run is opaque code (the opaque-code table).
  runs: 'seen',
  unwrap: (argv, literal) => sqlite3Runs(argv, literal),
  // `edit(X)` runs $VISUAL, else $EDITOR, on a file holding X (shell.c editFunc).
  readsVariables: { VISUAL, EDITOR },
  files: (_name, argv, literal, _variable, input) => sqlite3Files(argv, literal, input),
  programText: sqlite3ProgramText,
  examples: [
    {
      command: 'sqlite3 app.db .tables',
      effects: ['read ./app.db', 'write ./app.db'],
      why: 'its dot-commands are code toolgate does not read',
    },
    { command: 'sqlite3 -readonly app.db "select 1"', effects: ['read ./app.db'] },
    { command: `sqlite3 :memory: "select readfile('.env')"`, effects: ['read ./.env'], why: 'readfile() reads the file it names' },
    {
      command: `sqlite3 :memory: "vacuum into '.git/hooks/pre-push'"`,
      effects: ['write ./.git/hooks/pre-push'],
      why: 'VACUUM INTO writes the file it names (red team 18)',
    },
    {
      command: 'sqlite3 app.db ".output .claude/settings.json" .dump',
      effects: ['write ./.claude/settings.json', 'read ./app.db', 'write ./app.db'],
    },
    { command: `sqlite3 app.db ".import data.csv t"`, effects: ['read ./data.csv', 'read ./app.db', 'write ./app.db'] },
    {
      command: `sqlite3 :memory: "select writefile('.cl' || 'aude/x', 'y')"`,
      effects: ['write . [some]'],
      why: 'a name the SQL builds may be any path: names toolgate cannot see (decision 0092)',
    },
    {
      command: 'sqlite3 -init setup.sql app.db',
      effects: ['write . [some]', 'read ./setup.sql', 'read ./app.db', 'write ./app.db'],
      why: 'the -init file holds commands toolgate does not read',
    },
    {
      command: 'sqlite3 :memory: < ./i.sql',
      effects: ['read ./i.sql', 'write . [some]'],
      why: 'the script on its input is code toolgate does not read (replay 18 NEW-8)',
    },
    { command: "sqlite3 app.db <<< '.tables'", effects: ['read ./app.db', 'write ./app.db'], why: 'a script written on its input is read' },
    {
      command: "sqlite3 :memory: <<< '.output .claude/settings.json'",
      effects: ['write ./.claude/settings.json'],
      why: 'a script written on its input names the files it writes',
    },
    {
      command: 'sqlite3 :memory: .load ./x.so',
      effects: ['write . [some]'],
      why: 'a dot-command off the allowlist may read or write any file',
    },
    {
      command: `sqlite3 :memory: "select load_extension('./x.so')"`,
      effects: ['write . [some]'],
      why: 'a function off the allowlist may read or write any file',
    },
    {
      command: 'sqlite3 :memory: ".shell rm -rf .claude"',
      effects: ['remove ./.claude'],
      why: '.shell runs its words with sh -c (replay 18 NEW-8)',
    },
    {
      command: `sqlite3 :memory: "select edit(1, 'rm -rf .claude')"`,
      effects: ['remove ./.claude', 'remove ./temp0000000000000000'],
      why: "edit()'s editor runs with sh -c on a temporary file in the working directory",
    },
    { command: 'sqlite3 -version', effects: [], why: 'prints its version' },
  ],
});
