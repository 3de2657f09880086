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
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** The opaque code an option loads or starts. */
const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** What the found options load, or undefined when none does (the program stays unknown). */
const loaded = (inner: Unwrapped[]): WrapperInfo | undefined => (inner.length > 0 ? wrapInfo(inner) : undefined);

/** The values of getopt letters `letters` among `argv`'s words, by the getopt string `spec` (words that are not options skipped). */
function getoptValues(argv: readonly string[], spec: string, letters: string): { letter: string; value: string }[] {
  const out: { letter: string; value: string }[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word === '--') break;
    if (!word.startsWith('-') || word === '-') continue;
    for (let j = 1; j < word.length; j++) {
      const at = spec.indexOf(word[j]!);
      if (at < 0 || spec[at + 1] !== ':') continue;
      const value = j + 1 < word.length ? word.slice(j + 1) : (argv[++k] ?? '');
      if (letters.includes(word[j]!)) out.push({ letter: word[j]!, value });
      break;
    }
  }
  return out;
}

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
  summary: 'ssh-keygen: make and manage SSH keys (only the libraries -D and -w load are modelled)',
  sources: ['OpenSSH 9.2 ssh-keygen(1) (-D pkcs11, -w provider), ssh-keygen.c getopt; verified on Debian 12 (#37, R19-10)'],
  unwrap: (argv) => sshKeygenLoads(argv),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'ssh-keygen -D ./p11.so', effects: ['write ./p11.so (path)'], why: 'the library is opaque code (unwrap)' }],
});

/** @internal */
export const sshAdd = defineProgram({
  names: ['ssh-add'],
  summary: 'ssh-add: add keys to ssh-agent (only the libraries -s and -S name are modelled)',
  sources: ['OpenSSH 9.2 ssh-add(1) (-s pkcs11, -S provider), ssh-add.c getopt'],
  unwrap: (argv) => sshAddLoads(argv),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'ssh-add -s ./p11.so', effects: ['write ./p11.so (path)'], why: 'the agent loads the library: opaque code (unwrap)' }],
});
