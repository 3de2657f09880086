/**
 * How the builtins a start-up file uses name a file the shell later runs, read from their words as
 * the builtin reads them (bash 5.2 "SHELL BUILTIN COMMANDS", zsh 5.9 zshbuiltins(1)): `.`/`source`
 * after `--`, bash's `hash -p PATH NAME` and zsh's `hash NAME=PATH`, an alias's value (the text
 * the shell reads in place of its name), and `cd`/`pushd`, which moves where a later relative
 * `.`/`source` looks. Each was run with `bash -i`/`zsh -i` in a fake home (red team 26 RT26-E1,
 * E3, E4, E6, E7; startup27). The start-up reader (evaluate/sourced-files.ts) reads a Write or
 * Edit call's start-up files too: a table of the hook's main bundle (tsup.config.ts, `outside`).
 * A word is as the file holds it, quotes kept; the caller takes them off.
 */

/** The words of a builtin's call, its name first (`['source', '--', '~/.x']`). */
type Words = readonly string[];

/**
 * The file `.`/`source` runs: the first word after the name, or after `--` (`source -- ~/.x` ran
 * ~/.x in bash 5.2 and zsh 5.9). Another word starting with `-` is an option bash 5.2 refuses
 * (`. -p DIR F` ran nothing): none. @internal
 */
export function sourcedOperand(words: Words): string | undefined {
  if (words[0] !== '.' && words[0] !== 'source') return undefined;
  const first = words[1] === '--' ? words[2] : words[1];
  return first === undefined || (first.startsWith('-') && first !== '-' && words[1] !== '--') ? undefined : first;
}

/**
 * The programs a `hash` call binds a name to: bash's `-p PATH` (`hash -p ~/.x ll`, `-rp PATH`,
 * `-pPATH`), zsh's `NAME=PATH` words (`hash ll=~/.x`) but not a named directory's (`hash -d`).
 * After it, the name runs that file (bash 5.2, zsh 5.9: `ll` ran ~/.x). @internal
 */
export function hashedPrograms(words: Words): string[] {
  const out: string[] = [];
  if (words[0] !== 'hash') return out;
  let options = true;
  let directories = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (options && w === '--') options = false;
    else if (options && /^-[A-Za-z]*p$/.test(w)) {
      if (words[i + 1] !== undefined) out.push(words[++i]!);
    } else if (options && /^-[A-Za-z]*p./.test(w)) out.push(w.slice(w.indexOf('p') + 1));
    else if (options && /^-[A-Za-z]+$/.test(w)) directories ||= w.includes('d');
    else {
      options = false;
      const eq = /^[^=/'"]+=(.+)$/.exec(w);
      if (eq !== null && !directories) out.push(eq[1]!);
    }
  }
  return out;
}

/**
 * The texts an `alias` call makes its names stand for (`alias ll='~/.x'`, zsh's `alias -g`,
 * `alias -s txt=~/.x`): read as commands, since the shell reads them in place of the name at
 * the next prompt (bash 5.2, zsh 5.9: `ll` ran ~/.x). @internal
 */
export function aliasTexts(words: Words): string[] {
  const out: string[] = [];
  if (words[0] !== 'alias') return out;
  let options = true;
  for (const w of words.slice(1)) {
    if (options && w === '--') options = false;
    else if (options && /^[-+][A-Za-z]+$/.test(w)) continue;
    else {
      options = false;
      const eq = /^[^=\s]+=(.*)$/s.exec(w);
      if (eq !== null && eq[1] !== '') out.push(unquoted(eq[1]!));
    }
  }
  return out;
}

/**
 * The folder a `cd`/`pushd` call moves to, as written (`cd ~/dots`, `cd -P -- ~/dots`): a later
 * relative `.`/`source` (`. ./x`, bash's `. x` after its PATH) reads from there (RT26-E6: bash
 * 5.2 ran ~/dots/x). `cd -`, `popd` and a bare `cd` (the home) name none. @internal
 */
export function changedDirectory(words: Words): string | undefined {
  const name = words[0];
  if (name !== 'cd' && name !== 'pushd' && name !== 'chdir') return undefined;
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') {
      i++;
      break;
    }
    if (!/^-[LPe@qsn]+$/.test(w)) break;
  }
  const dir = words[i];
  return dir === undefined || dir === '-' || /^[-+]\d*$/.test(dir) ? undefined : dir;
}

/** A word with the quotes of a whole quoted word taken off, or of its quoted parts (`"$HOME"/x`). */
function unquoted(word: string): string {
  return word.replace(/^(['"])(.*)\1$/s, '$2');
}

/** Examples of the readers above, each a test (`test/shell/programs/startup-builtins.test.ts`). @internal */
export const STARTUP_BUILTIN_EXAMPLES: readonly {
  readonly words: readonly string[];
  readonly sourced?: string;
  readonly hashed?: readonly string[];
  readonly aliased?: readonly string[];
  readonly cd?: string;
}[] = [
  { words: ['source', '~/.x'], sourced: '~/.x' },
  { words: ['source', '--', '~/.x'], sourced: '~/.x' },
  { words: ['.', '--', '"$HOME/.x"'], sourced: '"$HOME/.x"' },
  { words: ['.', '-p', '~/dots', 'x'] },
  { words: ['hash', '-p', '~/.x', 'll'], hashed: ['~/.x'] },
  { words: ['hash', '-rp', '~/.x', 'll'], hashed: ['~/.x'] },
  { words: ['hash', '-p$HOME/.x', 'll'], hashed: ['$HOME/.x'] },
  { words: ['hash', 'll=~/.x'], hashed: ['~/.x'] },
  { words: ['hash', '-d', 'dots=~/dots'], hashed: [] },
  { words: ['hash', '-r'], hashed: [] },
  { words: ['hash', 'ls'], hashed: [] },
  { words: ['alias', "ll='~/.x'"], aliased: ['~/.x'] },
  { words: ['alias', '-s', 'txt=~/.x', 'gg=". ~/dots/x"'], aliased: ['~/.x', '. ~/dots/x'] },
  { words: ['alias', '--', "ll='ls -l'"], aliased: ['ls -l'] },
  { words: ['alias', '-p'], aliased: [] },
  { words: ['cd', '~/dots'], cd: '~/dots' },
  { words: ['cd', '-P', '--', '~/dots'], cd: '~/dots' },
  { words: ['pushd', '"$HOME/dots"'], cd: '"$HOME/dots"' },
  { words: ['cd', '-'] },
  { words: ['cd'] },
  { words: ['export', 'A=b', 'x=~/.x'] },
  { words: ['ls', '--', '~/.x'] },
];
