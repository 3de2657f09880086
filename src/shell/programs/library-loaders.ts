/**
 * Programs whose options name a shared library they load: ssh-keygen and ssh-add. Such an option
 * is opaque code, the kind `gcc -fplugin=` and `nm --plugin` are (the opaque-code table: a firm ask
 * under a wildcard allow when a deny rule names a program). Only these options are modelled: what
 * each program does otherwise stays unknown (`otherwiseUnknown`), so `ssh-keygen -t ed25519 -f k`
 * is judged as before. openssl's engines, providers and configuration are in `openssl.ts`, the
 * programs GnuPG's tools start in `gnupg.ts`.
 *
 * Verified on Debian 12 (red team 19, R19-10) with a library whose constructor touched a marker
 * file: `ssh-keygen -D ./evil.so` ran it. `ssh-add -s LIB` and `-S LIB` ask ssh-agent to load LIB
 * (the agent's own `-P` list decides; not verified to run with Debian's default list).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** The opaque code an option loads or starts. */
const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** What the found options load, or undefined when none does (the program stays unknown). */
const loaded = (inner: Unwrapped[]): WrapperInfo | undefined => (inner.length > 0 ? wrapInfo(inner) : undefined);

/**
 * `argv`'s options by the getopt string `spec`, in one scan (words that are not options skipped,
 * none after `--`): each letter that takes a value with its value (glued or the next word), and
 * the letters that take none.
 */
function getoptWords(argv: readonly string[], spec: string): { values: { letter: string; value: string }[]; flags: Set<string> } {
  const values: { letter: string; value: string }[] = [];
  const flags = new Set<string>();
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') continue;
    for (let j = 1; j < word.length; j++) {
      const letter = word[j]!;
      const at = spec.indexOf(letter);
      if (at >= 0 && spec[at + 1] === ':') {
        values.push({ letter, value: j + 1 < word.length ? word.slice(j + 1) : (argv[++k] ?? '') });
        break;
      }
      flags.add(letter);
    }
  }
  return { values, flags };
}

/** The values of the getopt letters `letters` among `argv`'s options (see {@link getoptWords}). */
const getoptValues = (argv: readonly string[], spec: string, letters: string): { letter: string; value: string }[] =>
  getoptWords(argv, spec).values.filter((o) => letters.includes(o.letter));

/** OpenSSH 9.2 ssh-keygen.c's getopt string. */
const SSH_KEYGEN_OPTIONS = 'ABHKLQUXceghiklopquvyC:D:E:F:I:M:N:O:P:R:V:Z:a:b:f:g:j:m:n:r:s:t:w:z:';

/** OpenSSH 9.2 ssh-add.c's getopt string. */
const SSH_ADD_OPTIONS = 'vkKlLcdDTxXE:e:h:H:M:m:qs:S:t:';

/** What ssh-keygen's `-D LIB` (PKCS#11) and `-w LIB` (FIDO security key middleware) load. */
function sshKeygenLoads(argv: readonly string[]): WrapperInfo | undefined {
  return loaded(
    getoptValues(argv, SSH_KEYGEN_OPTIONS, 'Dw')
      .filter((o) => o.value !== '' && o.value !== 'internal')
      .map((o) => opaque(`ssh-keygen -${o.letter} ${o.value} loads the shared library ${o.value}, whose code runs in ssh-keygen`)),
  );
}

/**
 * The known_hosts file ssh-keygen works on when `-f` names none (ssh-keygen(1)): `-F HOST` prints
 * its lines for HOST (fingerprints with `-l`, hashed with `-H`), `-R HOST` and `-H` alone rewrite it
 * (keeping `known_hosts.old`). ssh-keygen finds it below the home directory of the password
 * database (verified in a namespace with a test home bound over /root, OpenSSH 9.2: `ssh-keygen -F
 * github.com` printed the whole line, red team 20 R20-6); toolgate's `~` is `HOME`, the same home
 * unless sudo or a container set them apart. With `-f FILE` that file is the one judged: its word
 * stays a path as every word of this program's otherwise unmodelled commands does.
 */
function sshKeygenFiles(argv: readonly string[]): FileOperands {
  const { values, flags } = getoptWords(argv, SSH_KEYGEN_OPTIONS);
  const files: FileOperand[] = [];
  if (!values.some((o) => o.letter === 'f')) {
    const find = values.some((o) => o.letter === 'F');
    const remove = values.some((o) => o.letter === 'R');
    const hash = flags.has('H');
    if (find || remove || hash) files.push({ op: 'read', index: 0, value: KNOWN_HOSTS, inHome: true });
    if (remove || (!find && hash)) files.push({ op: 'write', index: 0, value: KNOWN_HOSTS, inHome: true });
  }
  return { files, unresolved: [], modelled: 'partly' };
}

/** The user's known hosts, below the home directory. */
const KNOWN_HOSTS = '.ssh/known_hosts';

/** What ssh-add's `-s LIB` (PKCS#11) and `-S LIB` (security key middleware) have ssh-agent load. */
function sshAddLoads(argv: readonly string[]): WrapperInfo | undefined {
  return loaded(
    getoptValues(argv, SSH_ADD_OPTIONS, 'sS')
      .filter((o) => o.value !== '' && o.value !== 'internal')
      .map((o) => opaque(`ssh-add -${o.letter} ${o.value} asks ssh-agent to load the shared library ${o.value}`)),
  );
}

/** @internal */
export const sshKeygen = defineProgram({
  names: ['ssh-keygen'],
  summary: 'ssh-keygen: make and manage SSH keys (only the libraries -D and -w load and the default known_hosts are modelled)',
  sources: [
    'OpenSSH 9.2 ssh-keygen(1) (-D pkcs11, -w provider), ssh-keygen.c getopt; verified on Debian 12 (#37, R19-10)',
    'ssh-keygen -F/-R/-H on ~/.ssh/known_hosts, verified with a test home bound over /root (#37, R20-6)',
  ],
  unwrap: (argv) => sshKeygenLoads(argv),
  files: (_name, argv) => sshKeygenFiles(argv),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'ssh-keygen -D ./p11.so', effects: ['write ./p11.so (path)'], why: 'the library is opaque code (unwrap)' },
    {
      command: 'ssh-keygen -F github.com',
      effects: ['read /home/user/.ssh/known_hosts', 'write ./github.com (word)'],
      why: 'prints the known_hosts lines for the host',
    },
  ],
});

/** @internal */
export const sshAdd = defineProgram({
  names: ['ssh-add'],
  summary: 'ssh-add: add keys to ssh-agent (only the libraries -s and -S name are modelled)',
  sources: ['OpenSSH 9.2 ssh-add(1) (-s pkcs11, -S provider), ssh-add.c getopt'],
  unwrap: (argv) => sshAddLoads(argv),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'ssh-add -s ./p11.so', effects: ['write ./p11.so (path)'], why: 'the agent loads the library: opaque code (unwrap)' },
  ],
});
