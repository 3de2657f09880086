/**
 * The other names a toolchain program is installed under: a cross or multiarch toolchain puts a
 * target triplet in front (`x86_64-linux-gnu-gcc`, `aarch64-linux-gnu-nm`, `arm-none-eabi-as`), a
 * versioned one a version behind (`gcc-12`, `clang-16`, `x86_64-linux-gnu-cpp-12`). Debian 12
 * installs binutils and gcc under all of them (`ls /usr/bin/*-linux-gnu-*`); each behaves as the
 * plain name. A model says it is known by these (`ProgramModel.nameVariants`) and the registry
 * looks a name it does not know up by the names this gives.
 */

/** The first part of a target triplet: a CPU architecture (GNU config.sub's list, the common ones). */
const ARCH =
  /^(x86_64|amd64|i[3-7]86|aarch64(_be)?|arm(eb|v\w*|hf)?|thumb\w*|riscv(32|64)|mips\w*|powerpc\w*|ppc\w*|s390x?|sparc\w*|loongarch(32|64)|alpha\w*|hppa\w*|m68k|sh(\d\w*|eb)?|ia64|avr\d*|xtensa\w*|or1k|nios2|microblaze\w*|csky|arc(eb|v\d)?|bpf\w*|wasm(32|64)|msp430|m32r|h8300|cris|lm32|bfin|c6x|pru|rl78|rx|v850|vax|z80)$/;

/** A version behind the name: `-12`, `-16.0`. */
const VERSION = /-\d+(\.\d+)*$/;

/**
 * The names `name` may be a variant of, nearest first: without its version, without a target
 * triplet in front (the shortest triplet first, so `x86_64-linux-gnu-gcc-ar` gives `gcc-ar` before
 * `ar`), and both. Empty when it has neither.
 * @internal
 */
export function nameVariantBases(name: string): string[] {
  const out: string[] = [];
  const add = (n: string): void => {
    if (n !== '' && n !== name && !out.includes(n)) out.push(n);
  };
  const unversioned = name.replace(VERSION, '');
  add(unversioned);
  const parts = unversioned.split('-');
  if (parts.length >= 3 && ARCH.test(parts[0]!)) {
    // A triplet has two to four parts (arch-os, arch-vendor-os, arch-vendor-os-abi).
    for (let k = 2; k <= Math.min(4, parts.length - 1); k++) add(parts.slice(k).join('-'));
  }
  return out;
}

/** The name a program installed under `name` answers to when it is a variant of one that `known` accepts. @internal */
export function variantBase(name: string, known: (base: string) => boolean): string | undefined {
  return nameVariantBases(name).find(known);
}

/** A version glued to a name after a dot: `pydoc3.11` (Debian's /usr/bin/pydoc3.11), `python3.12`. */
const DOTTED_VERSION = /(\d)\.\d+(\.\d+)*$/;

/**
 * The names a versioned command name (`pydoc3.11`, `lli-14`) may be installed for, nearest
 * first: without a version behind a dash, then with only the major version of a dotted one. Empty
 * when it has none (a name ending in digits alone, `ed25519`, keeps them: they may be its name). For the tables of programs that run code (code and project
 * runners, interpreters): each is also installed under such names, and behaves as the plain one.
 * @internal
 */
export function versionlessNames(name: string): string[] {
  const out: string[] = [];
  const add = (n: string): void => {
    if (n !== '' && n !== name && !out.includes(n)) out.push(n);
  };
  const undashed = name.replace(VERSION, '');
  add(undashed);
  add(undashed.replace(DOTTED_VERSION, '$1'));
  return out;
}
