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
 * step: `mawk` meets `awk` and `nawk`, never `gawk` (awk may be either; mawk is not gawk).
 */
import { isGitCommand } from './git/autocorrect.js';
import { SAME_PROGRAM } from './name-variants.js';

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
  'gzip -d': ['gunzip'],
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

/** Each name's groups: the words of the name, and every name of the group (words). */
const groupsOf = new Map<string, { name: readonly string[]; group: readonly (readonly string[])[] }[]>();
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
  for (const { name, group } of groupsOf.get(head) ?? []) {
    if (!startsWith(argv, name)) continue;
    const rest = argv.slice(name.length);
    for (const other of group) if (other !== name) out.push({ argv: [...other, ...rest], name: name.join(' '), as: other.join(' ') });
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
