/**
 * The files gpg writes under names it chooses itself (GnuPG 2.2.40, verified on Debian 12 in the
 * read-only sandbox, #37, red team 24 RT24-L):
 * - with no command (gpg guesses what to do) and with `--decrypt-files` (`--multifile -d`), each
 *   operand ending in `.gpg`, `.pgp`, `.sig`, `.sign` or `.asc` (as written: `D.GPG` is refused) is
 *   written to its name without that suffix, beside it — `gpg --batch --yes .npmrc.gpg` wrote
 *   `.npmrc`, `sub/.bashrc.gpg` wrote `sub/.bashrc`; `-d` alone writes to standard output;
 * - `--use-embedded-filename` (any start of it gpg takes for it: `--use-embedded`) writes the name
 *   the OpenPGP data holds, its last component, into the working directory — `.mcp.json`,
 *   `.npmrc`, `.bashrc` in the red team's tries — names toolgate does not read, any of them a
 *   protected path.
 * `-o FILE` / `--output FILE` names the one file written instead (read as one of gpg's words,
 * assumed written). Every other word stays assumed (`modelled: 'partly'`).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';

/** The suffixes gpg takes off an input's name for its output's (g10/openfile.c make_outfile_name). */
const SUFFIX = /\.(gpg|pgp|sig|sign|asc)$/;

/** gpg's commands, as long options (a start of one given is taken for it) and as short letters. */
const COMMANDS = [
  'sign',
  'clear-sign',
  'clearsign',
  'detach-sign',
  'encrypt',
  'encrypt-files',
  'symmetric',
  'store',
  'decrypt',
  'verify',
  'verify-files',
  'list-keys',
  'list-public-keys',
  'list-signatures',
  'list-sigs',
  'check-signatures',
  'check-sigs',
  'fingerprint',
  'list-secret-keys',
  'generate-key',
  'gen-key',
  'full-generate-key',
  'full-gen-key',
  'edit-key',
  'sign-key',
  'lsign-key',
  'delete-keys',
  'delete-secret-keys',
  'delete-secret-and-public-keys',
  'export',
  'export-secret-keys',
  'export-secret-subkeys',
  'export-ssh-key',
  'export-ownertrust',
  'import',
  'import-ownertrust',
  'send-keys',
  'receive-keys',
  'recv-keys',
  'search-keys',
  'refresh-keys',
  'locate-keys',
  'locate-external-keys',
  'list-packets',
  'show-keys',
  'dearmor',
  'dearmour',
  'enarmor',
  'enarmour',
  'print-md',
  'print-mds',
  'gen-random',
  'gen-prime',
  'gen-revoke',
  'generate-revocation',
  'desig-revoke',
  'card-edit',
  'edit-card',
  'card-status',
  'change-pin',
  'update-trustdb',
  'check-trustdb',
  'fix-trustdb',
  'list-config',
  'list-gcrypt-config',
  'version',
  'help',
  'warranty',
  'dump-options',
  'tofu-policy',
  'passwd',
  'quick-generate-key',
  'quick-gen-key',
  'quick-add-uid',
  'quick-add-key',
  'quick-revoke-uid',
  'quick-sign-key',
  'quick-lsign-key',
  'quick-set-expire',
  'quick-set-primary-uid',
  'rebuild-keydb-caches',
  'server',
  'fetch-keys',
];
/** Short command letters: -s -e -c -d -b -k -K (`-a` is --armor, an option). */
const SHORT_COMMANDS = 'secdbkK';
/** Short options that take a value (the rest of their word or the next). */
const SHORT_VALUES = 'orRufFzN';

interface GpgWords {
  commands: string[];
  output: boolean;
  embedded: boolean;
  operands: number[];
}

function gpgWords(argv: readonly string[]): GpgWords {
  const words: GpgWords = { commands: [], output: false, embedded: false, operands: [] };
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') {
      for (let j = k + 1; j < argv.length; j++) words.operands.push(j);
      break;
    }
    if (w.startsWith('--')) {
      const given = w.slice(2).split('=')[0]!;
      if (given.length >= 3 && 'output'.startsWith(given)) words.output = true;
      else if (given.length >= 5 && 'use-embedded-filename'.startsWith(given)) words.embedded = true;
      else if (given === 'no-use-embedded-filename') words.embedded = false;
      else if (given === 'multifile') words.commands.push('multifile');
      else {
        const command = COMMANDS.find((c) => c === given) ?? (given.length >= 3 ? COMMANDS.find((c) => c.startsWith(given)) : undefined);
        if (command !== undefined) words.commands.push(command);
      }
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      for (let j = 1; j < w.length; j++) {
        const letter = w[j]!;
        if (SHORT_VALUES.includes(letter)) {
          if (letter === 'o') words.output = true;
          if (j === w.length - 1) k++;
          break;
        }
        if (SHORT_COMMANDS.includes(letter)) words.commands.push(letter);
      }
      continue;
    }
    words.operands.push(k);
  }
  return words;
}

/** gpg's files: the names it derives from its operands and the name its data holds (module comment). @internal */
export function gpgFiles(argv: readonly string[]): FileOperands {
  const { commands, output, embedded, operands } = gpgWords(argv);
  const files: FileOperand[] = [];
  if (output) return { files, unresolved: [], modelled: 'partly' };
  const multifile = commands.includes('multifile') && commands.includes('d');
  const deriving = commands.length === 0 || commands.includes('decrypt-files') || multifile;
  // With --use-embedded-filename the data's name is written in place of the derived one.
  if (deriving && !embedded)
    for (const index of operands) {
      const word = argv[index]!;
      if (!SUFFIX.test(word)) continue;
      files.push({ op: 'read', index }, { op: 'write', index, value: word.replace(SUFFIX, '') });
    }
  // The name the data holds, as gzip -N's and an archive's: unseen names written into the working directory.
  if (embedded) files.push({ op: 'write', index: 0, value: '.', tree: 'some', names: { kind: 'unseen', what: 'archive' } });
  return { files, unresolved: [], modelled: 'partly' };
}
