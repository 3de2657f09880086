/**
 * `cmake -E COMMAND …`, CMake's portable file commands (cmake(1) "Run a Command-Line Tool"): each
 * is the file effect of the coreutils program it stands for, read by that program's model —
 * `copy`/`copy_if_different` as cp, `rename` as mv, `remove`/`rm`/`remove_directory` as rm,
 * `make_directory` as mkdir -p, `touch`/`touch_nocreate` as touch, `create_symlink` as ln -s,
 * `create_hardlink` as ln. `copy_directory DIR… DEST` merges what each DIR holds into DEST, as
 * `cp -r DIR/. DEST` does; `tar x…` (libarchive) writes the names the archive holds into the
 * working directory. Red team 24 (RT24-K, verified): `cmake -E tar xf a.tar` and `cmake -E
 * copy_directory t .` overwrote `.claude/settings.json` in bypassPermissions, and a zip holding a
 * link `lnk -> ../home` and `lnk/.bashrc` wrote ~/.bashrc. cmake otherwise runs CMake files (the
 * opaque-code table, `project-runners.ts`) and stays unknown here (`otherwiseUnknown`).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { cp } from './cp.js';
import { FILE_OPERATION_MODELS } from './file-operations.js';
import { ln } from './ln.js';
import type { ProgramModel } from './model.js';
import { defineProgram } from './model.js';
import { mv } from './mv.js';

const byName = (name: string): ProgramModel => FILE_OPERATION_MODELS.find((m) => m.names.includes(name))!;

/**
 * The coreutils command a `cmake -E` command is, as the two words standing in place of `-E
 * COMMAND` (so every later word keeps its index): `--` ends the options where cmake reads none.
 */
const AS: Readonly<Record<string, { model: () => ProgramModel; words: readonly [string, string] }>> = {
  copy: { model: () => cp, words: ['-f', '--'] },
  copy_if_different: { model: () => cp, words: ['-f', '--'] },
  rename: { model: () => mv, words: ['-f', '--'] },
  remove: { model: () => byName('rm'), words: ['-f', '-f'] },
  rm: { model: () => byName('rm'), words: ['-f', '-f'] },
  remove_directory: { model: () => byName('rm'), words: ['-r', '--'] },
  make_directory: { model: () => byName('mkdir'), words: ['-p', '--'] },
  touch: { model: () => byName('touch'), words: ['-m', '--'] },
  touch_nocreate: { model: () => byName('touch'), words: ['-c', '--'] },
  create_symlink: { model: () => ln, words: ['-s', '--'] },
  create_hardlink: { model: () => ln, words: ['-P', '--'] },
};

/** Any other cmake command: every word may name a file it reads or writes (assumed). */
const unknown: FileOperands = { files: [], unresolved: [], modelled: 'partly' };

/** The files `cmake -E COMMAND …` reads and writes; unknown (its words assumed) for any other cmake command. */
export function cmakeCommandFiles(argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  if (argv[1] !== '-E' || argv.length < 3) return unknown;
  const command = argv[2]!;
  const as = AS[command];
  if (as !== undefined) {
    const model = as.model();
    const name = model.names[0]!;
    return model.files!(name, [name, ...as.words, ...argv.slice(3)], literal);
  }
  const operands = argv.flatMap((_a, k) => (k > 2 ? [k] : []));
  if (command === 'copy_directory' || command === 'copy_directory_if_different') {
    const sources = operands.slice(0, -1);
    const dest = operands[operands.length - 1];
    const files: FileOperand[] = sources.map((index) => ({ op: 'read', index, tree: 'all' }));
    if (dest !== undefined) files.push({ op: 'write', index: dest, tree: 'some', names: { kind: 'entries', of: sources }, from: sources });
    return { files, unresolved: [], notFiles: [1, 2], modelled: true };
  }
  // `tar x…`, `-x…` (and `xf`, `xzf`, `xvf`): libarchive writes the archive's names into the working directory.
  if (command === 'tar' && /^-?[a-zA-Z]*x/.test(argv[3] ?? '')) {
    const files: FileOperand[] = [{ op: 'write', index: 0, value: '.', tree: 'some', names: { kind: 'unseen', what: 'archive' } }];
    return { files, unresolved: [], notFiles: [1, 2, 3], modelled: 'partly' };
  }
  return unknown;
}

/** @internal */
export const cmake = defineProgram({
  names: ['cmake'],
  summary: 'cmake: CMake (only the file commands of cmake -E are modelled; it otherwise runs CMake files)',
  sources: ['CMake 3.25 cmake(1) "Run a Command-Line Tool" (-E); verified on Debian 12 under strace (#37, red team 24 RT24-K)'],
  files: (_name, argv, literal) => cmakeCommandFiles(argv, literal),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'cmake -E tar xf a.tar',
      effects: ['write . [some]', 'write ./a.tar (word)'],
      readOnly: false,
      why: "libarchive writes the archive's names into . (red team 24)",
    },
    {
      command: 'cmake -E copy_directory /tmp/t .',
      effects: ['read /tmp/t [all]', 'write . [some]'],
      readOnly: false,
      why: 'what /tmp/t holds lands in . as with cp -r /tmp/t/. . (red team 24)',
    },
    {
      command: 'cmake -E copy a.txt .claude/settings.json',
      effects: ['write ./.claude/settings.json', 'read ./a.txt', 'write ./.claude/settings.json/a.txt'],
      readOnly: false,
    },
    { command: 'cmake -E rm -rf build', effects: ['remove ./build'], readOnly: false },
    {
      command: 'cmake --build build',
      effects: ['write ./build (word)'],
      readOnly: false,
      why: "not a -E command: its words are judged as an unmodelled program's",
    },
  ],
});
