/**
 * The shapes of a read-only profile (Claude Code's set and robota's), below both the tables
 * (`read-only-tables.ts`) and the program models (`programs/`) that fill them, so neither imports
 * the other for its types.
 */
/** What a command's operands are. @public */
export type OperandRole =
  /** Paths the command reads. */
  | 'read'
  /** Text (echo, printf, tr sets, names): no path is read. */
  | 'text'
  /** No operand is allowed (an operand would change something: `hostname NAME`, `date MMDD…`). */
  | 'none'
  /** The first operand is a pattern (unless `-e`/`-f` gave one), the rest are paths read (grep). */
  | 'patternThenRead';

/** A command-specific check beyond the option table. @public */
export type ReadOnlyCheck =
  'git' | 'find' | 'cd' | 'date' | 'sed' | 'jq' | 'xargs' | 'ps' | 'version' | 'echo' | 'strings' | 'test' | 'lsof';

/** How one command of Claude Code's set qualifies as read-only: the options known safe. @public */
export interface ReadOnlyEntry {
  /** Where its safe options come from. */
  readonly source: string;
  /** Safe short letters as a getopt optstring (`'c:n:qv'`: a `:` after a letter means it takes a value). */
  readonly short?: string;
  /** Safe long options: `'bytes= lines= quiet color[=]'` (`=` takes a value, `[=]` an optional one). */
  readonly long?: string;
  /** The tool's other long options (not read-only), so an abbreviation resolves as the tool resolves it. */
  readonly otherLong?: string;
  /** Options (letter or long name) whose value is a path the command reads. */
  readonly reads?: readonly string[];
  /** What its operands are. */
  readonly operands: OperandRole;
  /** Most operands allowed (`uniq IN OUT` writes OUT). */
  readonly maxOperands?: number;
  /** `-NUM` is an option (head, tail, fold). */
  readonly numeric?: boolean;
  /** The tool matches long names exactly (no getopt abbreviations). */
  readonly exactLong?: boolean;
  /** The tool's own option loop takes each value from the next word (tree). */
  readonly separateValues?: boolean;
  /** Whether unquoted globs may appear (Claude Code: ls, cat, wc… yes; find, sort, sed, git no). */
  readonly globs: boolean;
  /**
   * For a tool with no grammar (echo, type): every option it has only changes what it prints, so
   * a file name a glob turns into an option does no harm. Without it, a glob word that could
   * begin with `-` is not read-only. A tool with a grammar is judged by what its options do
   * (`glob-options.ts`: `wc -c [-]*` may be `wc --files0-from=.env`).
   */
  readonly anyOptionHarmless?: boolean;
  /**
   * Stays read-only when `xargs` feeds it names toolgate cannot see: it prints no file contents
   * (counts, the names themselves) and the CLI allows it there. Commands that print contents
   * (`cat`, `grep`) keep an ask: a whitespace-split name can point outside (`./a /etc/passwd`
   * from a directory named `a `).
   */
  readonly afterXargs?: boolean;
  /** A command-specific check. */
  readonly check?: ReadOnlyCheck;
}

/**
 * Short-hand: the legacy shape of a read-only spec (robota's set, which keeps its own
 * seed-defined letters).
 * @public
 */
export interface ReadOnlySpec {
  /** Short option letters known safe; any other letter disqualifies (robota). */
  safeShort?: string;
  /** Long options (without `--`) that disqualify; abbreviations of them disqualify too. */
  unsafeLong?: readonly string[];
  /** Short letters that take a value, so the value is not read as more letters. */
  shortArg?: string;
  /** Whether unquoted globs may appear in its arguments. */
  globs: boolean;
  /** Extra command-specific check. */
  check?: 'git' | 'find' | 'cd';
}
