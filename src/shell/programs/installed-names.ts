/**
 * The names one installed program may answer to, for deny and ask rules (decision 0119): a rule
 * that names a program is tried against a command that runs it under another of its names, both
 * ways — `Bash(sh *)` meets `dash -c …` (Debian's /bin/sh is dash), `Bash(mawk *)` meets `awk …`
 * (Debian's awk alternative is mawk). Only ever a deny or an ask more; allow rules match the name
 * as written.
 *
 * A group is a program and the names a link or an alternative installs it under: the names of
 * {@link INSTALLED_NAMES}, the names of the same program (name-variants.ts, `SAME_PROGRAM`: `view`
 * is vim, `slogin` ssh), and the dashed forms of {@link DASHED_COMMANDS} (`git-receive-pack` is `git
 * receive-pack`). A command is tried under every other name of each group its name is in, one
 * step: `mawk` meets `awk` and `nawk`, never `gawk` (awk may be either; mawk is not gawk). A name
 * no group has is looked up by its shapes (`x86_64-linux-gnu-ld.bfd` is `ld.bfd`), and a name with
 * option words is read through its program's grammar (decision 0122): `xz --decompress -k f`,
 * `xz -dk f` and `xz -k -d f` are `unxz -k f`. Scripts that run a program with words of their own
 * (`zgrep` runs gzip) are `installed-scripts.ts`'s.
 */
import { parseGnuOptions, type GnuOption } from '../options/gnu-options.js';
import { isGitCommand } from './git/autocorrect.js';
import { SAME_PROGRAM, variantBase } from './name-variants.js';
import { PROGRAMS } from './index.js';

/**
 * A program as it runs (its name, or its name and the words its other name adds), and the other
 * names a link or an alternative installs it under: Debian 12's `ls -l /usr/bin`,
 * `update-alternatives --query NAME` and `dpkg -L PACKAGE`, and the systems named beside an entry.
 * Each alias was run on Debian 12 and was the program (its version, and what it did).
 * @internal
 */
export const INSTALLED_NAMES: Readonly<Record<string, readonly string[]>> = {
  // dash 0.5.12: /bin/sh -> dash on Debian and Ubuntu (`dash -c 'touch pwn'` made pwn as sh -c does).
  dash: ['sh'],
  // GNU bash: /bin/sh is bash on Fedora, RHEL, Arch and macOS; Debian's /bin/rbash -> bash
  // (`rbash -c 'echo $BASH_VERSION'` printed 5.2.15 and ran restricted).
  bash: ['sh', 'rbash'],
  // BusyBox (Alpine): /bin/sh and /bin/ash are both links to busybox, whose shell is ash.
  ash: ['sh'],
  // The awk alternative and its slave nawk (`update-alternatives --query awk`): mawk 1.3.4 (Debian's
  // default: `awk -W version` and `nawk -W version` printed mawk's), gawk, the One True AWK.
  mawk: ['awk', 'nawk'],
  gawk: ['awk', 'nawk'],
  'original-awk': ['awk', 'nawk'],
  // The ctags and etags alternatives: universal-ctags 5.9 (`etags --version` printed Universal
  // Ctags 5.9.0; `etags -R src` wrote TAGS), exuberant-ctags.
  'ctags-universal': ['ctags', 'etags'],
  'ctags-exuberant': ['ctags', 'etags'],
  // The vi and ex alternatives of every vim build (`vi --version`, `ex --version`: VIM 9.0).
  vim: ['vi', 'ex'],
  // Node.js 20: /usr/bin/nodejs -> /etc/alternatives/nodejs -> node (`nodejs -e …` printed v20.20.2).
  node: ['nodejs'],
  // GNU make 4.3: /usr/bin/gmake -> make (`gmake --version` printed GNU Make 4.3).
  make: ['gmake'],
  // GNU binutils 2.40: the linker `ld` is ld.bfd (Debian: /usr/bin/ld -> x86_64-linux-gnu-ld ->
  // x86_64-linux-gnu-ld.bfd, one file; `ld.bfd --version` printed GNU ld 2.40) or gold, another
  // linker of binutils that Fedora's ld alternative and binutils' `--enable-gold=default` install as
  // ld (Debian: /usr/bin/gold and ld.gold -> x86_64-linux-gnu-ld.gold; `ld.gold --version` printed
  // GNU gold). A rule on ld denies "the linker" both are; ld.bfd and gold do not meet (one step).
  'ld.bfd': ['ld'],
  'ld.gold': ['ld', 'gold'],
  // sudo 1.9.13 (sudo(8): sudoedit is `sudo -e`): /usr/bin/sudoedit -> sudo (`sudoedit -V` printed sudo's version).
  'sudo -e': ['sudoedit'],
  // Python: python-is-python3 (Debian, Ubuntu) links /usr/bin/python to python3; older systems to python2.
  python3: ['python'],
  python2: ['python'],
  // pip 23 (python3-pip): /usr/bin/pip and pip3 are one script (`diff` found no difference), and
  // pyenv's shims are too (`pip --version` and `pip3 --version` printed the same pip).
  pip3: ['pip'],
  // The compressors' other names, as their manuals give them (xz(1), zstd(1), lz4(1), bzip2(1);
  // gunzip and zcat are scripts running `gzip -d`, `gzip -cd`): each unpacked the file as the form
  // beside it did (xz-utils 5.4, zstd 1.5.4, lz4 1.9.4, bzip2 1.0.8, gzip 1.12).
  'xz -d': ['unxz'],
  'xz -dc': ['xzcat'],
  'xz --format=lzma': ['lzma'],
  'xz --format=lzma -d': ['unlzma'],
  'xz --format=lzma -dc': ['lzcat'],
  'zstd -d': ['unzstd'],
  'zstd -dcf': ['zstdcat'],
  'lz4 -d': ['unlz4'],
  'lz4 -dcfm': ['lz4cat'],
  'bzip2 -d': ['bunzip2'],
  'bzip2 -dc': ['bzcat'],
  // gzip 1.12: /usr/bin/uncompress is the same script as gunzip (`diff` found no difference; `exec gzip -d "$@"`).
  'gzip -d': ['gunzip', 'uncompress'],
  'gzip -cd': ['zcat'],
  // gdb 13: /usr/bin/gdbtui is a script that runs `gdb --tui "$@"` ("Cannot enable the TUI…", as gdb --tui).
  'gdb --tui': ['gdbtui'],
};

/**
 * Programs that run `NAME-SUB` as `NAME SUB` for each SUB the predicate knows: git (git.c, a
 * dashed name's builtin) — /usr/bin/git-receive-pack, git-upload-pack and git-upload-archive are
 * links to git (`git-receive-pack .` advertised the refs), and git-core's `git-status`,
 * `git-rev-parse`… (/usr/lib/git-core) are too, or are git's own scripts git runs for `git SUB`.
 * @internal
 */
export const DASHED_COMMANDS: Readonly<Record<string, (sub: string) => boolean>> = {
  git: isGitCommand,
};

/**
 * The long spellings of the short options the entries above are written with, by program (each
 * program's manual and `--help`; gzip.c's and xz's longopts): `xz --decompress -k`, `xz
 * --uncompress -k` and `xz -dk` are `xz -d -k`, which is `unxz -k`.
 * @internal
 */
export const OPTION_SPELLINGS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  sudo: { e: ['edit'] },
  gzip: { d: ['decompress', 'uncompress'], c: ['stdout', 'to-stdout'] },
  xz: { d: ['decompress', 'uncompress'], c: ['stdout', 'to-stdout'], F: ['format'] },
  bzip2: { d: ['decompress'], c: ['stdout'] },
  zstd: { d: ['decompress', 'uncompress'], c: ['stdout'], f: ['force'] },
  lz4: { d: ['decompress', 'uncompress'], c: ['stdout', 'to-stdout'], f: ['force'], m: ['multiple'] },
};

/** Each name's groups: the words of the name, and every name of the group (words). */
const groupsOf = new Map<string, { name: readonly string[]; group: readonly (readonly string[])[] }[]>();
type Mode = { mode: readonly string[]; name: readonly string[]; group: readonly (readonly string[])[] };
/**
 * The names with option words (`xz -d`, `sudo -e`) of each program, read as the program reads them:
 * the options each is. Made on a program's first lookup, from that program's groups alone: reading
 * them takes the program's grammar, and a command of another program (every `git …`, `ls …` that a
 * deny or ask rule is tried against) would otherwise load the compressors', sudo's and gdb's models
 * to learn that it has none. A program in no group has none, and is not remembered.
 */
const modes = new Map<string, Mode[] | undefined>();
function modesOf(program: string): Mode[] | undefined {
  if (modes.has(program)) return modes.get(program);
  const entries = groupsOf.get(program);
  if (entries === undefined) return undefined;
  let found: Mode[] | undefined;
  for (const { name, group } of entries) {
    const mode = name.length > 1 ? optionsOf(name) : undefined;
    if (mode !== undefined) (found ??= []).push({ mode: mode.keys, name, group });
  }
  modes.set(program, found);
  return found;
}
{
  const groups = new Map<string, Set<string>>();
  const join = (program: string, name: string): void => {
    if (!groups.has(program)) groups.set(program, new Set([program]));
    groups.get(program)!.add(name);
  };
  for (const [program, names] of Object.entries(INSTALLED_NAMES)) for (const name of names) join(program, name);
  for (const [name, program] of Object.entries(SAME_PROGRAM)) join(program, name);
  for (const names of groups.values()) {
    const group = [...names].map((n) => n.split(' '));
    for (const name of group) {
      const first = name[0]!;
      if (!groupsOf.has(first)) groupsOf.set(first, []);
      groupsOf.get(first)!.push({ name, group });
    }
  }
}

/**
 * `argv`'s options as its program's grammar (the model's) reads them, each named by its short
 * letter where {@link OPTION_SPELLINGS} knows one (`d`, `F=lzma`), and its words as pieces by argv
 * index; `undefined` when the program has no grammar or refuses a word.
 */
function optionsOf(argv: readonly string[]): { keys: string[]; pieces: { index: number; key?: string; words: string[] }[] } | undefined {
  const program = argv[0]!;
  const grammar = PROGRAMS.get(program)?.grammar;
  const spellings = OPTION_SPELLINGS[program];
  if (grammar === undefined || spellings === undefined) return undefined;
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return undefined;
  const letterOf = (o: GnuOption): string =>
    o.kind === 'long' ? (Object.keys(spellings).find((l) => spellings[l]!.includes(o.name)) ?? `-${o.name}`) : o.name;
  const pieces: { index: number; key?: string; words: string[] }[] = [];
  for (const o of parse.options) {
    const key = o.value === undefined ? letterOf(o) : `${letterOf(o)}=${o.value}`;
    // A short option in a cluster stands alone (`-dk` → `-d`, `-k`); a long one is its word.
    const words =
      o.kind === 'short'
        ? o.valueIndex !== undefined
          ? [`-${o.name}`, o.value!]
          : [`-${o.name}${o.value ?? ''}`]
        : o.valueIndex !== undefined
          ? [o.word, argv[o.valueIndex]!]
          : [o.word];
    pieces.push({ index: o.index, key, words });
  }
  if (parse.endOfOptions !== undefined) pieces.push({ index: parse.endOfOptions, words: ['--'] });
  for (const operand of parse.operands) pieces.push({ index: operand.index, words: [operand.text] });
  pieces.sort((a, b) => a.index - b.index);
  return { keys: pieces.flatMap((p) => (p.key !== undefined ? [p.key] : [])), pieces };
}

const startsWith = (argv: readonly string[], words: readonly string[]): boolean => words.every((w, i) => argv[i] === w);

/** The command under another name of its program: its words, and the two names (`dash`, `sh`). */
export interface OtherName {
  argv: string[];
  name: string;
  as: string;
}

/**
 * The command `argv` under each other name of the program it runs (see the file's comment): a
 * deny or ask rule naming that name is tried against it. Empty when its name has none.
 * @internal
 */
export function otherInstalledNames(argv: readonly string[]): OtherName[] {
  const out: OtherName[] = [];
  const head = argv[0];
  if (head === undefined) return out;
  // `x86_64-linux-gnu-ld.bfd` is `ld.bfd`: a name a group does not have is looked up by its shapes (name-variants.ts).
  const name = groupsOf.has(head) ? head : variantBase(head, (base) => groupsOf.has(base));
  const words = name === undefined || name === head ? argv : [name, ...argv.slice(1)];
  for (const { name, group } of groupsOf.get(words[0]!) ?? []) {
    if (!startsWith(words, name)) continue;
    const rest = words.slice(name.length);
    for (const other of group) if (other !== name) out.push({ argv: [...other, ...rest], name: name.join(' '), as: other.join(' ') });
  }
  // `xz -dk f.xz`, `xz --decompress -k f.xz` are `unxz -k f.xz`, and `unxz -c f.xz`, read as `xz -d -c f.xz`, is `xzcat f.xz`:
  // the options of a name with option words, wherever and however the command writes them.
  // Most commands' programs have no other name (`out` empty) and no name with option words: with
  // only `words` to read and no modes for its program, inModes gives nothing, so nothing is made.
  if (out.length > 0 || modesOf(words[0]!) !== undefined) {
    const seen = new Set([argv.join(' '), ...out.map((o) => o.argv.join(' '))]);
    for (const command of [words, ...out.map((o) => o.argv)]) {
      for (const other of inModes(command)) {
        const text = other.argv.join(' ');
        if (!seen.has(text)) out.push(other);
        seen.add(text);
      }
    }
  }
  // `git-receive-pack .` is `git receive-pack .`, and `git receive-pack .` is `git-receive-pack .`.
  const dash = head.indexOf('-');
  if (dash > 0) {
    const program = head.slice(0, dash);
    const sub = head.slice(dash + 1);
    if (Object.hasOwn(DASHED_COMMANDS, program) && DASHED_COMMANDS[program]!(sub))
      out.push({ argv: [program, sub, ...argv.slice(1)], name: head, as: `${program} ${sub}` });
  }
  const sub = argv[1];
  if (sub !== undefined && Object.hasOwn(DASHED_COMMANDS, head) && DASHED_COMMANDS[head]!(sub))
    out.push({ argv: [`${head}-${sub}`, ...argv.slice(2)], name: `${head} ${sub}`, as: `${head}-${sub}` });
  return out;
}

/** `argv` under the other names of each name with option words whose options it has (`xz -d` for `xz -dk f`). */
function inModes(argv: readonly string[]): OtherName[] {
  const modes = modesOf(argv[0]!);
  if (modes === undefined) return [];
  const read = optionsOf(argv);
  if (read === undefined) return [];
  const out: OtherName[] = [];
  for (const { mode, name, group } of modes) {
    if (!mode.every((key) => read.keys.includes(key))) continue;
    const rest = read.pieces.filter((p) => p.key === undefined || !mode.includes(p.key)).flatMap((p) => p.words);
    for (const other of group) if (other !== name) out.push({ argv: [...other, ...rest], name: name.join(' '), as: other.join(' ') });
  }
  return out;
}

/**
 * The programs `name` (a program a rule names) may be another name of, by the names of its groups
 * (`unxz` → `xz`, for `xz -d`; `zcat` → `gzip`): a script running one may run it as `name`. @internal
 */
export function programsNamedBy(name: string): string[] {
  const out: string[] = [];
  for (const { group } of groupsOf.get(name) ?? [])
    for (const other of group) if (other[0] !== name && !out.includes(other[0]!)) out.push(other[0]!);
  return out;
}
