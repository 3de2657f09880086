/**
 * The plain name of a program toolgate knows, for a command that names it by another installed
 * name (name-variants.ts): `perl5.36-x86_64-linux-gnu` → `perl`, `rzsh` → `zsh`, `view` → `vim`,
 * `x86_64-linux-gnu-gcc-12` → `gcc`, `cpan5.36-x86_64-linux-gnu` → `cpan`. A deny or ask rule that
 * names the program is tried against the command under its plain name too (decision 0119), as it
 * is under its basename and its case-folded name: it only ever adds a deny or an ask.
 */
import { sameProgram } from './name-variants.js';
import { interpreterName } from './interpreters.js';
import { shellName } from './posix-shells.js';
import { codeRunnerOf } from './code-runners.js';
import { projectRunnerOf } from './project-runners.js';
import { PROGRAMS } from './index.js';

/** Every shape of name-variants.ts has a digit, a dash or a dot: a name with none is only ever itself. */
const MAY_BE_VARIANT = /[-.\d]/;

/** The names looked up so far, with their plain name (`null`: none); emptied when it holds {@link KEPT}. */
const known = new Map<string, string | null>();
const KEPT = 4096;

/**
 * The plain name of the program `name` (a folded program name) is another installed name of —
 * one the models, the interpreters, the shells or the code and project runners know — or
 * undefined when it is none (or is the plain name itself).
 * @internal
 */
export function plainProgramName(name: string): string | undefined {
  const same = sameProgram(name);
  if (same !== name) return same;
  if (!MAY_BE_VARIANT.test(name)) return undefined;
  // Each table tries every shape of the name: kept per name (deny rules ask for each command of each call).
  if (known.has(name)) return known.get(name) ?? undefined;
  if (known.size >= KEPT) known.clear();
  const found = [interpreterName(name), shellName(name), codeRunnerOf(name), projectRunnerOf(name), PROGRAMS.variantOf(name)].find(
    (plain) => plain !== undefined && plain !== name,
  );
  known.set(name, found ?? null);
  return found;
}

