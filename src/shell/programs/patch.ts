/**
 * `patch`: applies a diff to the files it names (or to FILE), reading the diff from PATCHFILE,
 * `-i FILE` or its input. GNU patch 2.7.6 patch(1) and `patch --help`.
 */
import { defineProgram } from './model.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { has, is, optionFile, pushOpt, type FileOperand, type FileOperands, type NamesFrom } from '../options/file-operands.js';
import { readBy, type ReadWords } from './parse.js';

/** GNU patch 2.7.6 (its getopt string and long options); `--merge[=STYLE]` takes a value only after `=`. */
const grammar: GnuOptionSpec = {
  short: 'bB:cd:D:eEfF:g:i:lnNo:p:r:RstTuvV:x:Y:z:Z',
  long: {
    backup: 'none',
    prefix: 'required',
    context: 'none',
    directory: 'required',
    ifdef: 'required',
    ed: 'none',
    'remove-empty-files': 'none',
    force: 'none',
    fuzz: 'required',
    get: 'required',
    input: 'required',
    'ignore-whitespace': 'none',
    normal: 'none',
    forward: 'none',
    output: 'required',
    strip: 'required',
    'reject-file': 'required',
    reverse: 'none',
    silent: 'none',
    quiet: 'none',
    batch: 'none',
    'set-time': 'none',
    unified: 'none',
    version: 'none',
    'version-control': 'required',
    debug: 'required',
    'basename-prefix': 'required',
    suffix: 'required',
    'set-utc': 'none',
    'dry-run': 'none',
    verbose: 'none',
    binary: 'none',
    help: 'none',
    'backup-if-mismatch': 'none',
    'no-backup-if-mismatch': 'none',
    posix: 'none',
    'quoting-style': 'required',
    'reject-format': 'required',
    'read-only': 'required',
    'follow-symlinks': 'none',
    merge: 'optional',
  },
};

/** The files a patch names, which toolgate does not read: any name, a protected one included. */
const PATCH_NAMES: NamesFrom = { kind: 'unseen', what: 'diff' };

/**
 * `patch [opts] [FILE [PATCHFILE]]`: reads the diff (PATCHFILE, `-i FILE` or its input) and writes
 * FILE, or `-o OUT` in place of the files, or else the files the diff names; `-r` takes rejects,
 * `-B`/`-Y`/`-z` name backups. `-d DIR` changes directory before anything else, so every file
 * word is relative to DIR. `--dry-run` writes nothing.
 */
function patchOperands(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const dir = options.filter((o) => is(o, '-d', '--directory')).pop();
  // A value in its own word is a directory the walk resolves the other words under; one inside
  // `--directory=DIR` is not, so then every file is "somewhere under DIR".
  const under = dir?.valueIndex !== undefined ? { under: dir.valueIndex } : {};
  const attachedDir = dir !== undefined && dir.valueIndex === undefined;
  const dry = has(options, '--dry-run');
  let output: string | undefined;
  let backupNames = false;
  for (const o of options) {
    if (is(o, '-i', '--input')) pushOpt(files, optionFile(o, 'read', argv, under));
    if (is(o, '-o', '--output')) output = o.value;
    if (!dry && o.value !== '-' && is(o, '-o', '--output', '-r', '--reject-file')) pushOpt(files, optionFile(o, 'write', argv, under));
    // A backup prefix is a path prefix (`-B .claude/`); the basename prefix and suffix make names beside the files.
    if (!dry && is(o, '-B', '--prefix')) pushOpt(files, optionFile(o, 'write', argv, { ...under, prefix: true }));
    if (is(o, '-B', '--prefix', '-Y', '--basename-prefix', '-z', '--suffix')) backupNames = true;
  }
  if (ops[1] !== undefined) files.push({ op: 'read', index: ops[1], ...under });
  if (dry) return { files, unresolved };
  const inPlace = output === undefined;
  if (ops[0] !== undefined && !attachedDir) {
    if (inPlace) files.push({ op: 'write', index: ops[0], ...under });
    else files.push({ op: 'read', index: ops[0], ...under });
    if (!backupNames) return { files, unresolved };
  } else if (ops[0] !== undefined) files.push({ op: inPlace ? 'write' : 'read', index: ops[0] });
  if (!inPlace && !backupNames && !attachedDir) return { files, unresolved };
  // The files named in the diff (or their backups): any name under the directory it patches in.
  if (dir) pushOpt(files, optionFile(dir, 'write', argv, { tree: 'some', names: PATCH_NAMES }));
  else files.push({ op: 'write', index: 0, value: '.', tree: 'some', names: PATCH_NAMES });
  unresolved.push('patch writes the files named in the diff');
  return { files, unresolved };
}

/** The patch model. @internal */
export const patch = defineProgram({
  names: ['patch'],
  summary: 'patch: apply a diff to files',
  sources: ['GNU patch 2.7.6 patch(1), `patch --help`'],
  grammar,
  // A word this grammar refuses (an unknown or ambiguous option, a missing value): another patch may take it.
  files: (_name, argv) => readBy(argv, grammar, (words) => patchOperands(argv, words)),
  runs: 'unseen',
  positional: true,
  examples: [
    {
      command: 'patch -p1 -i x.patch',
      effects: ['read ./x.patch', 'write . [some]'],
      readOnly: false,
      why: 'the files it writes are named in the diff',
    },
    { command: 'patch src/a.c x.patch', effects: ['read ./x.patch', 'write ./src/a.c'], readOnly: false },
    {
      command: 'patch -d sub -o out.c -i x.patch',
      effects: ['write ./sub/out.c', 'write ./out.c', 'read ./sub/x.patch', 'read ./x.patch'],
      why: '-d changes directory first (the walk also tries its parent); -o writes in place of the files',
    },
    { command: 'patch --dry-run -p1 -i x.patch', effects: ['read ./x.patch'], why: 'a dry run writes nothing' },
    {
      command: 'patch -b -B .claude/ a.c x.patch',
      effects: ['write ./.claude/*', 'read ./x.patch', 'write ./a.c', 'write . [some]'],
      why: 'backups are named by the prefix',
    },
  ],
});
