/**
 * What SQL given to the SQLite shell touches besides its database, read by allowlist: a statement
 * is understood when it starts with a known statement word, every name called as a function is a
 * core function, a type, a keyword or a table or column list, and every pragma is a known one.
 * The CLI's own functions that reach files or programs are read for what they name: `writefile()`,
 * `readfile()`, `fsdir()`, `zipfile()`, `VACUUM INTO`, `ATTACH` name files; `edit(X, 'cmd')` runs
 * `cmd "TEMPFILE"` with the shell (its editor is the second argument, else `$VISUAL` or
 * `$EDITOR`). Anything else (`load_extension()`, `sha3_query()`, `fts3_tokenizer()`, a pragma such
 * as `temp_store_directory`, a name the SQL computes) is code toolgate does not understand: it may
 * read or write any file (decision 0092's names toolgate cannot see).
 *
 * Verified with sqlite3 3.40.1 (Debian 12): `select edit(1, "rm -rf .claude")` ran `sh -c 'rm -rf
 * .claude "temp…"'` and removed .claude; `writefile()` in a view or trigger is refused ("unsafe
 * use"), `edit()` in a view is not (so a database's own views may run programs: the opaque code of
 * any query, as before). Source: SQLite docs "SQL As Understood By SQLite" (keywords, core, date,
 * math, aggregate, window and JSON functions, PRAGMA list), "Command Line Shell For SQLite" § 10.
 */

/** What one piece of sqlite3 code touches: literal names read and written, scripts it runs, and why names may be unseen. */
export interface SqliteCodeFiles {
  reads: string[];
  writes: string[];
  /** Shell commands it runs (`sh -c` text), exactly as sqlite3 builds them. */
  runs: string[];
  /** Why the code writes, or runs code that writes, files whose names toolgate cannot see. */
  unseen: string[];
  /** Why the code reads files whose names toolgate cannot see (deny rules meet them). */
  hiddenReads: string[];
  /** Files whose commands it runs (`.read FILE`): among `reads` too. */
  programs?: string[];
}

/** A name as a path: sqlite3 expands no `~` (`./~/x`); a `file:` URI names the path it holds. */
export function pathOf(name: string): string | undefined {
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

/** SQL tokens: comments and white space dropped, strings (`'…'`, `"…"`) kept with their text. */
interface Token {
  kind: 'string' | 'word' | 'other';
  text: string;
  /** A quoted identifier's name (`"x"`, `[x]`, `` `x` ``): before `(` it is called as a function. */
  ident?: string;
}

const SQL_TOKEN =
  /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|([xX]'[^']*'?)|'((?:[^']|'')*)'?|"((?:[^"]|"")*)"?|`(?:[^`]|``)*`?|\[[^\]]*\]?|([A-Za-z_][A-Za-z0-9_$]*)|([\s\S])/g;

function sqlTokens(sql: string): Token[] {
  const out: Token[] = [];
  for (const m of sql.matchAll(SQL_TOKEN)) {
    if (m[2] !== undefined) out.push({ kind: 'string', text: m[2].replace(/''/g, "'") });
    else if (m[3] !== undefined) {
      const text = m[3].replace(/""/g, '"');
      out.push({ kind: 'string', text, ident: text.toLowerCase() });
    } else if (m[4] !== undefined) out.push({ kind: 'word', text: m[4].toLowerCase() });
    else if (m[0].startsWith('`')) out.push({ kind: 'other', text: m[0], ident: m[0].slice(1, -1).replace(/``/g, '`').toLowerCase() });
    else if (m[0].startsWith('[')) out.push({ kind: 'other', text: m[0], ident: m[0].slice(1, -1).toLowerCase() });
    else if (m[1] !== undefined || m[5] !== undefined) out.push({ kind: 'other', text: m[0] });
  }
  return out;
}

/** Whether SQL text holds a statement no `;` ends yet (shell.c: SQL is pending, so a `.` line is SQL too). */
export function sqlPending(text: string): boolean {
  const tokens = sqlTokens(text);
  return tokens.length > 0 && tokens[tokens.length - 1]!.text !== ';';
}

const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

/** Words a statement may start with. */
const STATEMENTS = words(`select with values insert replace update delete create drop alter pragma begin commit end rollback
  savepoint release analyze reindex explain vacuum attach detach`);

/** SQLite's keywords (sqlite3_keyword_name): before `(` they are syntax, not a call. */
const KEYWORDS = words(`abort action add after all alter always analyze and as asc attach autoincrement before begin between by
  cascade case cast check collate column commit conflict constraint create cross current current_date current_time
  current_timestamp database default deferrable deferred delete desc detach distinct do drop each else end escape except
  exclude exclusive exists explain fail filter first following for foreign from full generated glob group groups having if
  ignore immediate in index indexed initially inner insert instead intersect into is isnull join key last left like limit
  match materialized natural no not nothing notnull null nulls of offset on or order others outer over partition plan
  pragma preceding primary query raise range recursive references regexp reindex release rename replace restrict returning
  right rollback row rows savepoint select set table temp temporary then ties to transaction trigger unbounded union unique
  update using vacuum values view virtual when where window with without`);

/**
 * Functions, table-valued functions and virtual-table modules that touch nothing outside the
 * database: core, aggregate, window, date, math and JSON functions, FTS and R-Tree, and the
 * CLI's extensions that only compute (sha3, decimal, ieee754, base64, series, completion).
 */
const FUNCTIONS = words(`abs changes char coalesce concat concat_ws format glob hex ifnull iif instr last_insert_rowid length
  like likelihood likely lower ltrim max min nullif octet_length printf quote random randomblob replace round rtrim sign
  soundex sqlite_compileoption_get sqlite_compileoption_used sqlite_offset sqlite_source_id sqlite_version substr substring
  total_changes trim typeof unhex unicode unlikely upper zeroblob
  avg count group_concat string_agg sum total median percentile percentile_cont percentile_disc
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  date time datetime julianday unixepoch strftime timediff
  acos acosh asin asinh atan atan2 atanh ceil ceiling cos cosh degrees exp floor ln log log10 log2 mod pi pow power radians
  sin sinh sqrt tan tanh trunc
  json json_array json_array_length json_error_position json_extract json_insert json_object json_patch json_pretty
  json_remove json_replace json_set json_type json_valid json_quote json_group_array json_group_object json_each json_tree
  jsonb jsonb_array jsonb_extract jsonb_insert jsonb_object jsonb_patch jsonb_remove jsonb_replace jsonb_set
  jsonb_group_array jsonb_group_object
  fts3 fts4 fts5 fts5vocab highlight snippet bm25 offsets matchinfo rtree rtree_i32 geopoly
  sha1 sha3 decimal decimal_add decimal_sub decimal_mul decimal_cmp decimal_sum ieee754 ieee754_mantissa ieee754_exponent
  ieee754_from_blob ieee754_to_blob base64 base85 regexp generate_series completion lsmode sqlar_compress sqlar_uncompress
  uint dbstat sqlite_dbpage`);

/** Type names that take sizes (`varchar(20)`, `decimal(10,2)`). */
const TYPES = words(`varchar nvarchar char nchar character varying decimal numeric float double precision real int integer
  tinyint smallint mediumint bigint int2 int8 text clob blob boolean date datetime timestamp binary varbinary bit`);

/** PRAGMAs that change nothing outside the database (not `temp_store_directory`, `data_store_directory`). */
const PRAGMAS = words(`analysis_limit application_id auto_vacuum automatic_index busy_timeout cache_size cache_spill
  case_sensitive_like cell_size_check checkpoint_fullfsync collation_list compile_options count_changes data_version
  database_list defer_foreign_keys empty_result_callbacks encoding foreign_key_check foreign_key_list foreign_keys
  freelist_count full_column_names fullfsync function_list hard_heap_limit ignore_check_constraints incremental_vacuum
  index_info index_list index_xinfo integrity_check journal_mode journal_size_limit legacy_alter_table legacy_file_format
  locking_mode max_page_count mmap_size module_list optimize page_count page_size pragma_list query_only quick_check
  read_uncommitted recursive_triggers reverse_unordered_selects schema_version secure_delete short_column_names
  shrink_memory soft_heap_limit stats synchronous table_info table_list table_xinfo temp_store threads trusted_schema
  user_version wal_autocheckpoint wal_checkpoint writable_schema`);

/** SQL functions that take a file name first: what they do with it. */
const FILE_FUNCTIONS: Readonly<Record<string, 'read' | 'write' | 'both'>> = {
  writefile: 'write',
  readfile: 'read',
  fsdir: 'read',
  // The zipfile virtual table reads the archive and, written to, rewrites it.
  zipfile: 'both',
};

const has = (table: object, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** The arguments of the call whose `(` is at `open`: token slices split at top-level commas. */
function argumentsAt(tokens: readonly Token[], open: number): Token[][] {
  const out: Token[][] = [[]];
  let depth = 0;
  for (let k = open + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'other' && t.text === '(') depth++;
    else if (t.kind === 'other' && t.text === ')' && depth-- === 0) return out;
    else if (depth === 0 && t.kind === 'other' && t.text === ',') {
      out.push([]);
      continue;
    }
    out[out.length - 1]!.push(t);
  }
  return out;
}

/** The string an argument is, when it is one string literal and nothing else. */
const literalOf = (arg: readonly Token[] | undefined): string | undefined =>
  arg?.length === 1 && arg[0]!.kind === 'string' ? arg[0]!.text : undefined;

/** The string at `k` when it is the whole value (followed by one of `ends`), else undefined. */
function literalAt(tokens: readonly Token[], k: number, ends: readonly string[]): string | undefined {
  const t = tokens[k];
  const next = tokens[k + 1];
  if (t?.kind !== 'string') return undefined;
  return next === undefined || ends.includes(next.text) ? t.text : undefined;
}

/** Whether the name at `k`, followed by `(`, names a table or its columns, not a function (`insert into t(a)`, `create table t(…)`). */
function namesTable(tokens: readonly Token[], k: number, statement: readonly string[]): boolean {
  const before = tokens[k - 1]?.text;
  const first = statement[0];
  if (before === 'table' || before === 'references' || before === 'view' || before === 'with' || before === 'recursive') return true;
  if (before === 'into') return first === 'insert' || first === 'replace';
  if (before === 'exists') return first === 'create';
  // `create index i on t(a)`: not `join x on f(…)`.
  if (before === 'on') return first === 'create' && statement.includes('index');
  // `.`: `insert into main.t(a)`; the schema name stands two before.
  if (before === '.') return namesTable(tokens, k - 2, statement);
  return false;
}

/** What one SQL text (one or more statements) touches, added to `out`. */
export function sqlFiles(text: string, out: SqliteCodeFiles): void {
  const tokens = sqlTokens(text);
  const take = (name: string | undefined, op: 'read' | 'write' | 'both', why: string): void => {
    const path = name === undefined ? undefined : pathOf(name);
    if (path === undefined) {
      (op === 'read' ? out.hiddenReads : out.unseen).push(why);
      return;
    }
    if (path === '') return;
    if (op !== 'write') out.reads.push(path);
    if (op !== 'read') out.writes.push(path);
  };
  const unknown = (what: string): void => {
    out.unseen.push(`sqlite3 runs SQL toolgate does not know (${what}): it may read or write any file`);
  };
  // The leading words of the statement being read, lower-cased.
  let statement: string[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'other' && t.text === ';') {
      statement = [];
      continue;
    }
    if (statement.length === 0) {
      if (t.kind !== 'word' || !STATEMENTS.has(t.text)) unknown(`a statement starting with ${t.text}`);
    }
    if (t.kind === 'word') statement.push(t.text);
    else if (statement.length === 0) statement.push('');
    const called = tokens[k + 1]?.kind === 'other' && tokens[k + 1]!.text === '(';
    // A quoted identifier names a function as a bare one does (`"writefile"('f', 'x')`, `[edit](…)`).
    const word = t.kind === 'word' ? t.text : t.ident !== undefined && (called || has(FILE_FUNCTIONS, t.ident)) ? t.ident : undefined;
    if (word === undefined) continue;
    if (word === 'vacuum') {
      let j = k + 1;
      while (j < tokens.length && tokens[j]!.text !== ';' && !(tokens[j]!.kind === 'word' && tokens[j]!.text === 'into')) j++;
      if (tokens[j]?.text === 'into')
        take(literalAt(tokens, j + 1, [';']), 'write', 'sqlite3 runs VACUUM INTO a file whose name the SQL computes');
    } else if (word === 'attach') {
      const j = tokens[k + 1]?.kind === 'word' && tokens[k + 1]!.text === 'database' ? k + 2 : k + 1;
      take(literalAt(tokens, j, ['as']), 'write', 'sqlite3 runs ATTACH of a file whose name the SQL computes (it creates the file)');
    } else if (word === 'pragma' && statement.length === 1) {
      // `pragma [schema.]name …`
      const j = tokens[k + 2]?.text === '.' ? k + 3 : k + 1;
      const name = tokens[j]?.kind === 'word' ? tokens[j]!.text : '';
      if (!PRAGMAS.has(name)) unknown(`PRAGMA ${name}`);
      k = j;
    } else if (has(FILE_FUNCTIONS, word) && (called || word === 'fsdir' || word === 'zipfile')) {
      // A table-valued function may take its arguments from WHERE (`from fsdir where path = …`).
      const name = called ? literalAt(tokens, k + 2, [',', ')']) : undefined;
      take(name, FILE_FUNCTIONS[word]!, `sqlite3 runs ${word}() on a file whose name the SQL computes`);
    } else if (word === 'edit' && called) {
      const args = argumentsAt(tokens, k + 1);
      const editor = literalOf(args[1]);
      // shell.c editFunc: system("EDITOR \"TEMPFILE\""), the file in the working directory; with one
      // argument the editor is $VISUAL or $EDITOR (the model's variables).
      if (args.length === 1) continue;
      if (editor === undefined) out.unseen.push('sqlite3 runs edit() with an editor command the SQL computes');
      else out.runs.push(`${editor} "temp0000000000000000"`);
    } else if (word === 'using' && statement[1] === 'virtual') {
      const module = tokens[k + 1];
      if (module?.kind !== 'word' || !(FUNCTIONS.has(module.text) || has(FILE_FUNCTIONS, module.text)))
        unknown(`the virtual-table module ${module?.text ?? ''}`);
    } else if (called && !KEYWORDS.has(word) && !FUNCTIONS.has(word) && !TYPES.has(word) && !word.startsWith('pragma_')) {
      if (t.kind !== 'word' || !namesTable(tokens, k, statement)) unknown(`the function ${word}()`);
    }
  }
}
