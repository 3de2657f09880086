/**
 * The other names a program is installed under, in one place: every table of programs (the
 * models' registry, the interpreters, shells, code and project runners) looks a name it does not
 * know up by the names this gives, and accepts the first it knows.
 *
 * Two kinds. Names of the same program ({@link SAME_PROGRAM}): Debian's alternatives and links
 * (`vim.basic`, `view`, `rzsh`, `zsh5`) — folded like case and `.exe` (`foldedCommandName`), so
 * every facet reads them as the program. And shapes of a name: a cross or multiarch toolchain puts
 * a target triplet in front (`x86_64-linux-gnu-gcc`, `arm-none-eabi-gdb`), a versioned one a
 * version behind (`gcc-12`, `lli-14`, `zsh-5.9`) or glued to it (`python3.11`, `pydoc3.11`,
 * `perl5.36.0`), and libperl puts a triplet behind a glued version (`perl5.36-x86_64-linux-gnu`,
 * `cpan5.36-x86_64-linux-gnu`). Debian 12 installs all of these (`ls /usr/bin`); each behaves as the
 * plain name. A shape is only ever looked up in a table, so a name stays unknown unless its
 * plain name is one the table knows (fail closed): an unknown `foo-12` is still unknown.
 */

/** The first part of a target triplet: a CPU architecture (GNU config.sub's list, the common ones). */
const ARCH =
  /^(x86_64|amd64|i[3-7]86|aarch64(_be)?|arm(eb|v\w*|hf)?|thumb\w*|riscv(32|64)|mips\w*|powerpc\w*|ppc\w*|s390x?|sparc\w*|loongarch(32|64)|alpha\w*|hppa\w*|m68k|sh(\d\w*|eb)?|ia64|avr\d*|xtensa\w*|or1k|nios2|microblaze\w*|csky|arc(eb|v\d)?|bpf\w*|wasm(32|64)|msp430|m32r|h8300|cris|lm32|bfin|c6x|pru|rl78|rx|v850|vax|z80)$/;

/** A version behind the name: `-12`, `-16.0`. */
const VERSION = /-\d+(\.\d+)*$/;

/** A version glued to a name after a dot: `pydoc3.11` (Debian's /usr/bin/pydoc3.11), `perl5.36.0`. */
const DOTTED_VERSION = /^(.*?[a-z])(\d+)(\.\d+)+$/;

/** A version glued to a name without a dot: `perl5`, `ksh93`, `tclsh8`. */
const GLUED_VERSION = /^(.*?[a-z])(\d+)$/;

/**
 * Names that are the same program as a modelled one, by the packages that install them (Debian
 * 12: `ls -l /etc/alternatives/`, `dpkg -S`). Only names whose program is truly the model's, all
 * of it: an alternative a system may point at another program (`editor`, `pager`) is not here
 * (`editor` is an opaque code runner of its own, `code-runners.ts`).
 * @internal
 */
export const SAME_PROGRAM: Readonly<Record<string, string>> = {
  // zsh 5.9 (Debian): /bin/rzsh is a link to zsh (restricted mode after startup; it still runs
  // scripts and -c, red team 20 NEW-R9); /bin/zsh5 is a script that execs /bin/zsh "$@", or
  // /bin/zsh-static as zsh5-static (zsh-static package: a statically linked zsh).
  rzsh: 'zsh',
  zsh5: 'zsh',
  'zsh-static': 'zsh',
  'zsh5-static': 'zsh',
  // ksh93u+m (Debian ksh): the rksh alternative is ksh93 in restricted mode.
  rksh: 'ksh',
  rksh93: 'ksh',
  // vim 9.0 (Debian vim, vim-tiny, vim-nox, vim-gtk3, vim-motif): the binaries of each build, and
  // the names vim(1) gives its modes — view (-R, read-only, but -c and -S still run), vimdiff (-d),
  // rvim/rview (-Z), gvim/gview/gvimdiff/evim/eview/rgvim/rgview (GUI); each registers them as
  // alternatives (`update-alternatives --display view`). vimx is Fedora's vim-X11 binary.
  'vim.basic': 'vim',
  'vim.tiny': 'vim',
  'vim.nox': 'vim',
  'vim.gtk': 'vim',
  'vim.gtk3': 'vim',
  'vim.motif': 'vim',
  'vim.athena': 'vim',
  view: 'vim',
  vimdiff: 'vim',
  rvim: 'vim',
  rview: 'vim',
  gvim: 'vim',
  gview: 'vim',
  gvimdiff: 'vim',
  evim: 'vim',
  eview: 'vim',
  rgvim: 'vim',
  rgview: 'vim',
  vimx: 'vim',
  // The One True AWK (Debian original-awk, an alternative for awk): the awk language, system() and
  // pipes included (awk(1), "The AWK Programming Language").
  'original-awk': 'awk',
  // OpenSSH 9.2p1 (Debian openssh-client): /usr/bin/slogin is a link to ssh (`slogin -V` printed
  // OpenSSH_9.2p1; `slogin -G github.com` printed ssh's configuration).
  slogin: 'ssh',
  // GNU Emacs 28 (Debian emacs-gtk, emacs-nox, emacs-lucid): each build's binary.
  'emacs-gtk': 'emacs',
  'emacs-nox': 'emacs',
  'emacs-lucid': 'emacs',
  // Docutils (0.19 and older, pip or pyenv installs) names its front ends with `.py`; 0.21 drops it
  // (red team 22, NEW-T5: `rst2html.py f.rst` printed the .env its `.. include::` named).
  'rst2html.py': 'rst2html',
  'rst2html4.py': 'rst2html4',
  'rst2html5.py': 'rst2html5',
  'rst2latex.py': 'rst2latex',
  'rst2man.py': 'rst2man',
  'rst2odt.py': 'rst2odt',
  'rst2pseudoxml.py': 'rst2pseudoxml',
  'rst2s5.py': 'rst2s5',
  'rst2xetex.py': 'rst2xetex',
  'rst2xml.py': 'rst2xml',
  'rstpep2html.py': 'rstpep2html',
};

/**
 * {@link SAME_PROGRAM} as a Map, made once with the table: every command word's folded name asks
 * it (`foldedCommandName`), and a Map's lookup of a name it lacks is several times quicker than
 * `Object.hasOwn` on the object literal — the same answers.
 */
const SAME_PROGRAM_MAP: ReadonlyMap<string, string> = new Map(Object.entries(SAME_PROGRAM));

/**
 * The other names `name` may be a variant of, nearest first: the program it is the same as, then
 * the plain names of its shapes — without a version behind, without a target triplet in front
 * (the shortest triplet first, so `x86_64-linux-gnu-gcc-ar` gives `gcc-ar` before `ar`), without a
 * triplet behind a dotted version, then without a glued version (`python3.11` → `python3`,
 * `python`). `glued`: `'dotted'` strips a glued version only after a dot (`pydoc3.11`; a name
 * ending in digits alone, `ed25519`, `as86`, keeps them: they may be its name); `'any'` also strips
 * a version of digits alone (`perl5`, `ksh93`), for the interpreters and shells. Empty when it has
 * none.
 * @internal
 */
export function nameVariants(name: string, glued: 'dotted' | 'any' = 'dotted'): string[] {
  const out: string[] = [];
  const add = (n: string | undefined): void => {
    if (n !== undefined && n !== '' && n !== name && !out.includes(n)) out.push(n);
  };
  const addGlued = (n: string): void => {
    const dotted = DOTTED_VERSION.exec(n);
    if (dotted) {
      add(dotted[1]! + dotted[2]!);
      add(dotted[1]);
      return;
    }
    if (glued === 'any') add(GLUED_VERSION.exec(n)?.[1]);
  };
  add(SAME_PROGRAM_MAP.get(name));
  // Every shape has a digit or a dash (most names have neither: looked up for each command).
  if (!/[\d-]/.test(name)) return out;
  const unversioned = name.replace(VERSION, '');
  add(unversioned);
  const parts = unversioned.split('-');
  if (parts.length >= 3 && ARCH.test(parts[0]!)) {
    // A triplet has two to four parts (arch-os, arch-vendor-os, arch-vendor-os-abi).
    for (let k = 2; k <= Math.min(4, parts.length - 1); k++) add(parts.slice(k).join('-'));
  }
  // `perl5.36-x86_64-linux-gnu`: libperl's binaries, a dotted version then a triplet behind.
  const behind = parts.findIndex((p, k) => k > 0 && ARCH.test(p));
  const head = behind > 0 && parts.length - behind >= 2 && parts.length - behind <= 4 ? parts.slice(0, behind).join('-') : undefined;
  if (head !== undefined && DOTTED_VERSION.test(head)) addGlued(head);
  addGlued(unversioned);
  return out;
}

/**
 * The name a program installed under `name` answers to when it is a variant of one that `known`
 * accepts (see {@link nameVariants}); `undefined` when it is none.
 * @internal
 */
export function variantBase(name: string, known: (base: string) => boolean, glued: 'dotted' | 'any' = 'dotted'): string | undefined {
  return variantsOf(name, glued).find(known);
}

/**
 * {@link nameVariants}, kept for the last names asked about: one word of a command is looked up by
 * each table that accepts variants (the registry, interpreters, shells, runners, compilers, …),
 * so the same name comes back several times in a row. A memo of a pure function, bounded (emptied
 * when full).
 */
const variantsKept = { dotted: new Map<string, readonly string[]>(), any: new Map<string, readonly string[]>() };
const VARIANTS_KEPT = 512;

function variantsOf(name: string, glued: 'dotted' | 'any'): readonly string[] {
  const kept = variantsKept[glued];
  let variants = kept.get(name);
  if (variants === undefined) {
    if (kept.size >= VARIANTS_KEPT) kept.clear();
    variants = nameVariants(name, glued);
    kept.set(name, variants);
  }
  return variants;
}

/** The program `name` is the same as (`vim.basic` → `vim`), or `name` itself. @internal */
export function sameProgram(name: string): string {
  return SAME_PROGRAM_MAP.get(name) ?? name;
}
