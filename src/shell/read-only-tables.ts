/**
 * The built-in read-only command sets, as data. Each entry says which options disqualify a
 * command (or, for the stricter robota set, which short letters are known safe).
 *
 * - `claudeCode`: Claude Code docs, Configure permissions › Bash ("built-in read-only
 *   commands": ls, cat, echo, pwd, head, tail, grep, find, wc, which, diff, stat, du, cd,
 *   read-only git forms, sort without -o, file without -m/-f, …).
 * - `robota`: robota docs, Read-only commands (a smaller set; unknown short letters, globs,
 *   variables, escapes, paths outside the working directory and more disqualify).
 */

/** How one command qualifies as read-only. @public */
export interface ReadOnlySpec {
  /** Short option letters that disqualify (claudeCode). */
  unsafeShort?: string;
  /** Short option letters known safe; any other letter disqualifies (robota). */
  safeShort?: string;
  /** Long options (without `--`) that disqualify; abbreviations of them disqualify too. */
  unsafeLong?: readonly string[];
  /** Short letters that take a value, so the value is not read as more letters. */
  shortArg?: string;
  /** Whether unquoted globs may appear in its arguments (Claude Code: ls, cat, wc, … yes; find, sort, sed, git no). */
  globs: boolean;
  /** Most operands allowed (uniq's second operand is an output file). */
  maxOperands?: number;
  /** Extra command-specific check: returns why it is not read-only. */
  check?: 'git' | 'find' | 'cd' | 'noOperands' | 'date';
}

const ANY_GLOB = { globs: true } as const;
/** `-c`/`--check` reads the files named inside a checksum file. */
const CHECKSUM: ReadOnlySpec = { globs: true, unsafeShort: 'c', unsafeLong: ['check'] };

/** Claude Code's built-in read-only commands. @public */
export const CLAUDE_CODE_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
  ls: ANY_GLOB,
  cat: ANY_GLOB,
  echo: ANY_GLOB,
  printf: { globs: true, unsafeShort: 'v' },
  pwd: { globs: false },
  head: ANY_GLOB,
  tail: ANY_GLOB,
  grep: ANY_GLOB,
  egrep: ANY_GLOB,
  fgrep: ANY_GLOB,
  rg: { globs: true, unsafeLong: ['pre', 'search-zip', 'hostname-bin'], unsafeShort: 'z' },
  find: { globs: false, check: 'find' },
  wc: { globs: true, unsafeLong: ['files0-from'] },
  which: ANY_GLOB,
  type: ANY_GLOB,
  diff: { globs: true },
  cmp: ANY_GLOB,
  comm: ANY_GLOB,
  stat: ANY_GLOB,
  du: { globs: true, unsafeLong: ['files0-from'] },
  df: ANY_GLOB,
  cd: { globs: false, check: 'cd' },
  file: { globs: true, unsafeShort: 'mfC', unsafeLong: ['magic-file', 'files-from', 'compile'] },
  sort: { globs: false, unsafeShort: 'o', unsafeLong: ['output', 'compress-program', 'files0-from'], shortArg: 'kStT' },
  uniq: { globs: false, maxOperands: 1, shortArg: 'fsw' },
  cut: ANY_GLOB,
  nl: ANY_GLOB,
  tac: ANY_GLOB,
  rev: ANY_GLOB,
  od: ANY_GLOB,
  hexdump: ANY_GLOB,
  xxd: { globs: true, maxOperands: 1, shortArg: 'cglosn' },
  strings: ANY_GLOB,
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha256sum: CHECKSUM,
  sha512sum: CHECKSUM,
  cksum: ANY_GLOB,
  basename: ANY_GLOB,
  dirname: ANY_GLOB,
  realpath: ANY_GLOB,
  readlink: ANY_GLOB,
  // `tree -R` runs tree again in each directory with `-o 00Tree.html`.
  tree: { globs: true, unsafeShort: 'oR', unsafeLong: ['output'] },
  whoami: { globs: false },
  id: { globs: false },
  uname: { globs: false },
  hostname: { globs: false, check: 'noOperands', unsafeShort: 'Fb', unsafeLong: ['file', 'boot'] },
  date: { globs: false, check: 'date', unsafeShort: 's', unsafeLong: ['set'] },
  printenv: { globs: false },
  true: { globs: false },
  false: { globs: false },
  test: { globs: false },
  '[': { globs: false },
  git: { globs: false, check: 'git' },
};

/** Safe short letters of the robota set. */
export const ROBOTA_READ_ONLY: Readonly<Record<string, ReadOnlySpec>> = {
  ls: { globs: false, safeShort: 'aAbBcCdfFgGhiklmnopqrRsStuUvwxX1ITw', shortArg: 'ITw' },
  cat: { globs: false, safeShort: 'AbeEnstTuv' },
  echo: { globs: false, safeShort: 'neE' },
  pwd: { globs: false, safeShort: '' },
  head: { globs: false, safeShort: 'nqvcz0123456789', shortArg: 'nc' },
  tail: { globs: false, safeShort: 'nqvcfFz0123456789', shortArg: 'nc' },
  grep: {
    globs: false,
    safeShort: 'abcEFGhHiIlLnoqrsvwxyzZABCemUP0123456789',
    shortArg: 'eABCm',
    unsafeLong: ['file', 'dereference-recursive', 'exclude-from', 'include-from', 'devices', 'directories'],
  },
  wc: { globs: false, safeShort: 'clmwL', unsafeLong: ['files0-from'] },
  which: { globs: false, safeShort: 'a' },
  stat: { globs: false, safeShort: 'cft', shortArg: 'c', unsafeLong: ['dereference'] },
  du: { globs: false, safeShort: 'abchkmsSxd0', shortArg: 'd', unsafeLong: ['dereference', 'files0-from', 'exclude-from'] },
  cd: { globs: false, safeShort: '', check: 'cd' },
  find: { globs: false, check: 'find', safeShort: 'P' },
  git: { globs: false, check: 'git' },
};

/** Long options that read a named file or follow symlinks (robota disqualifies them everywhere). */
export const ROBOTA_UNSAFE_LONG: readonly string[] = ['exclude-from', 'files0-from', 'files-from', 'from-file', 'dereference', 'deref', 'output'];

/** Read-only git subcommands (claudeCode also allows a few more listing commands). */
export const GIT_READ_ONLY = {
  claudeCode: new Set([
    'status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'describe', 'branch', 'remote', 'blame', 'shortlog', 'ls-tree', 'cat-file',
    'rev-list', 'name-rev', 'merge-base', 'show-ref', 'for-each-ref', 'count-objects', 'grep', 'reflog', 'tag', 'stash', 'worktree', 'config',
    'help', 'version',
  ]),
  robota: new Set(['status', 'log', 'diff', 'show', 'rev-parse', 'ls-files', 'describe', 'branch', 'remote']),
} as const;

/** git options that disqualify anywhere in the command. */
export const GIT_UNSAFE_LONG: readonly string[] = ['output', 'ext-diff', 'no-index', 'open-files-in-pager', 'exec', 'upload-pack', 'textconv', 'filters'];

/** find predicates that run, delete or write. */
export const FIND_UNSAFE = new Set(['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']);
