/** The scripts installed beside programs that run them (decision 0122), for deny and ask rules. */
import { PROGRAMS } from './index.js';

/**
 * Scripts installed beside a program that run it with words of their own (decision 0122): gzip's
 * zgrep runs `gzip -cdfq -- FILE | grep …`, gdb's gcore runs gdb with its own commands, Debian's
 * c89 and c99 (alternatives of c89-gcc and c99-gcc) `exec gcc -std=c89 "$@"`. Each was read on
 * Debian 12 (gzip 1.12, xz-utils 5.4, bzip2 1.0.8, zstd 1.5.4, gdb 13, make-dfsg 4.3, gcc-12) and
 * run under strace (zgrep, zdiff, gzexe, gcore, gdb-add-index, make-first-existing-target, c89,
 * c99-gcc ran the program). Not the same file, nor the program's words: a deny or ask rule naming
 * the program as a whole (`Bash(gzip *)`) meets the script, and a rule naming more of its words is
 * a firm ask (the script's words for it are its own). They are not names of the program
 * (`installed-names.ts`): `evaluate/rule-match.ts` asks this table.
 * @internal
 */
export const SCRIPTS_RUNNING: Readonly<Record<string, readonly string[]>> = {
  // gzip 1.12 (zegrep and zfgrep exec zgrep; zcmp execs zdiff; zforce runs `gzip -lv`, znew `gzip -d`).
  ...scripts(['zgrep', 'zegrep', 'zfgrep'], ['gzip', 'grep']),
  zdiff: ['gzip', 'diff'],
  zcmp: ['gzip', 'cmp'],
  zless: ['gzip', 'less'],
  zmore: ['gzip', 'more'],
  ...scripts(['znew', 'zforce', 'gzexe'], ['gzip']),
  // xz-utils 5.4 (and the lz* alternatives Debian points at them): xzgrep and xzdiff pick the
  // decompressor by each file's suffix (`xzgrep x f.gz` ran gzip, `f.bz2` bzip2, `f.zst` zstd; else xz, or lzop).
  ...scripts(['xzgrep', 'xzegrep', 'xzfgrep', 'lzgrep', 'lzegrep', 'lzfgrep'], ['xz', 'gzip', 'bzip2', 'zstd', 'lzop', 'grep']),
  ...scripts(['xzdiff', 'lzdiff'], ['xz', 'gzip', 'bzip2', 'zstd', 'lzop', 'diff']),
  ...scripts(['xzcmp', 'lzcmp'], ['xz', 'gzip', 'bzip2', 'zstd', 'lzop', 'cmp']),
  ...scripts(['xzless', 'lzless'], ['xz', 'less']),
  ...scripts(['xzmore', 'lzmore'], ['xz', 'more']),
  // bzip2 1.0.8 (bzegrep/bzfgrep -> bzgrep, bzcmp -> bzdiff, bzless -> bzmore).
  ...scripts(['bzgrep', 'bzegrep', 'bzfgrep'], ['bzip2', 'grep']),
  bzdiff: ['bzip2', 'diff'],
  bzcmp: ['bzip2', 'cmp'],
  ...scripts(['bzmore', 'bzless'], ['bzip2', 'more']),
  bzexe: ['bzip2'],
  // zstd 1.5.4: zstdgrep runs zstdcat (zstd) and grep, zstdless pages `zstd -cdfq` with less.
  zstdgrep: ['zstd', 'grep'],
  zstdless: ['zstd', 'less'],
  // gdb 13: gcore and gdb-add-index run gdb (gdb-add-index objcopy as well).
  gcore: ['gdb'],
  'gdb-add-index': ['gdb', 'objcopy'],
  // make-dfsg 4.3: a Perl script running `make TARGET` for the first target that exists.
  'make-first-existing-target': ['make'],
  // python-build and ruby-build (pyenv's and rbenv's installers) download sources with aria2c, curl
  // or wget, whichever is found (RT25-F); update-pciids and update-usbids fetch with curl or wget.
  ...scripts(['python-build', 'ruby-build'], ['aria2c', 'curl', 'wget']),
  ...scripts(['update-pciids', 'update-usbids'], ['curl', 'wget']),
  // openssh-client 9.2: ssh-copy-id is a sh script that runs ssh twice (red team 25 RT25-C, strace).
  'ssh-copy-id': ['ssh'],
  // gcc-12 (Debian c89-gcc, c99-gcc; c89 and c99 are alternatives only they provide): `exec gcc -std=c89 … "$@"`.
  ...scripts(['c89-gcc', 'c99-gcc', 'c89', 'c99'], ['gcc']),
  // Scripts whose `#!` line names the interpreter (replay 23 V9: pygettext3 -h exec'd python3 through
  // env, cpan exec'd perl again, ptar ran as perl): perl 5.36's and python3.11's on Debian 12.
  ...scripts(
    (
      'corelist cpan enc2xs encguess h2ph h2xs instmodsh json_pp libnetcfg perlbug perlivp perlthanks piconv pl2pm ' +
      'pod2html pod2man pod2text pod2usage podchecker prove ptar ptardiff ptargrep shasum splain streamzip xsubpp zipdetails'
    ).split(' '),
    ['perl'],
  ),
  ...scripts(['pygettext3', 'pygettext3.11', 'pydoc3', 'pydoc3.11', 'py3clean', 'py3compile'], ['python3']),
};

/**
 * Scripts that run a program for one of their subcommands only (red team 25 RT25-F): pyenv's
 * `install` runs python-build, whose `http()` downloads with aria2c, curl or wget, whichever it
 * finds (pyenv 2.4 under strace: `execve("/usr/bin/curl", ["curl", "-q", "-o", "Python-3.12.0.tar.xz", …])`);
 * rbenv's `install` runs ruby-build alike (its documentation). python-build and ruby-build run
 * them for every use (`SCRIPTS_RUNNING`).
 * @internal
 */
export const SUBCOMMANDS_RUNNING: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  pyenv: { install: ['aria2c', 'curl', 'wget'] },
  rbenv: { install: ['aria2c', 'curl', 'wget'] },
};

/** Each of `names` runs `programs`. */
function scripts(names: readonly string[], programs: readonly string[]): Record<string, readonly string[]> {
  return Object.fromEntries(names.map((n) => [n, programs]));
}

/** The programs a script installed under `name` (a basename) runs (see {@link SCRIPTS_RUNNING}), or undefined. @internal */
export function programsRunBy(name: string): readonly string[] | undefined {
  return Object.hasOwn(SCRIPTS_RUNNING, name) ? SCRIPTS_RUNNING[name] : undefined;
}

/**
 * The programs a command runs with words of its own, and why in a reason's words: a script
 * installed beside them ({@link programsRunBy}), or its model's documented transport (`scp a
 * host:b` runs ssh: `ProgramModel.transports`, looked up in the index, so no other model loads).
 * @internal
 */
export function programsRunByCommand(argv: readonly string[]): { runs: readonly string[]; how: string } | undefined {
  const word = argv[0] ?? '';
  const base = word.slice(word.lastIndexOf('/') + 1);
  const scripts = programsRunBy(base);
  if (scripts !== undefined) return { runs: scripts, how: `${base} is a script that runs it` };
  const sub = Object.hasOwn(SUBCOMMANDS_RUNNING, base) ? argv.slice(1).find((w) => !w.startsWith('-')) : undefined;
  const bySub = sub !== undefined && Object.hasOwn(SUBCOMMANDS_RUNNING[base]!, sub) ? SUBCOMMANDS_RUNNING[base]![sub] : undefined;
  if (bySub !== undefined) return { runs: bySub, how: `${base} ${sub} runs a script that runs it` };
  if (!PROGRAMS.namesWith('transports').includes(base)) return undefined;
  const runs = PROGRAMS.get(base)?.transports?.(argv);
  return runs === undefined || runs.length === 0 ? undefined : { runs, how: `${base} runs it to reach another machine` };
}

/** {@link programsRunBy} for a command's first word, which may name the script by its path (`/usr/bin/zgrep`). @internal */
export function programsRunByWord(word: string): readonly string[] | undefined {
  return programsRunBy(word.slice(word.lastIndexOf('/') + 1));
}
