/**
 * Programs whose options name a shared library they load, a configuration file that names one, or
 * a helper program they start: openssl, ssh-keygen, ssh-add, gpg. Such an option is opaque code,
 * the kind `gcc -fplugin=` and `nm --plugin` are (the opaque-code table: a firm ask under a
 * wildcard allow when a deny rule names a program). Only these options are modelled: what each
 * program does otherwise stays unknown (`otherwiseUnknown`), so `openssl rand -hex 16`,
 * `ssh-keygen -t ed25519 -f k` and `gpg --list-keys` are judged as before.
 *
 * Verified on Debian 12 (red team 19, R19-10) with a library whose constructor touched a marker
 * file and a script that did: `openssl rand -engine ./evil.so 1`, `openssl x509 -engine ./e.so …`,
 * `openssl rand -engine d/e.so 1`, `openssl engine dynamic -pre SO_PATH:$PWD/evil.so -pre LOAD`,
 * `openssl rand -provider-path . -provider evil 1`, `openssl rand -provider $PWD/evil.so 1`,
 * `openssl req -config ./cfg -new` (cfg's engines section, `dynamic_path`), `ssh-keygen -D
 * ./evil.so`, `gpg --agent-program ./evil --card-status` and `gpg --dirmngr-program ./evil
 * --locate-external-keys a@b.c` ran it. An engine or provider named without a `/` (`-engine
 * evil.so`, `-provider evil`) is looked for in OpenSSL's own folders only (verified: not loaded
 * from the working directory). `ssh-add -s LIB` and `-S LIB` ask ssh-agent to load LIB (the
 * agent's own `-P` list decides; not verified to run with Debian's default list).
 */
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** The opaque code an option loads or starts. */
const opaque = (reason: string): Unwrapped => ({ kind: 'opaque', reason });

/** What the found options load, or undefined when none does (the program stays unknown). */
const loaded = (inner: Unwrapped[]): WrapperInfo | undefined => (inner.length > 0 ? wrapInfo(inner) : undefined);

/** A value that names a file by its path (`./e.so`, `d/e.so`, `$PWD/e.so`), not a name looked up in the program's own folders. */
const byPath = (value: string, literal: boolean | undefined): boolean => literal === false || value.includes('/');

/**
 * openssl: `-engine E` (any command), `-provider P` and `-provider-path DIR` (OpenSSL 3),
 * `-config FILE` (its `openssl_conf` section loads engines and providers), and the `engine`
 * command's `-pre`/`-post` control commands (`SO_PATH:LIB`) and engine operands.
 */
function opensslLoads(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  const engineCommand = argv[1] === 'engine';
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    const value = argv[k + 1];
    const valueLiteral = literal[k + 1];
    if (value === undefined) break;
    if ((w === '-engine' || w === '-provider') && byPath(value, valueLiteral))
      inner.push(opaque(`openssl ${w} ${value} loads the shared library ${value}, whose code runs in openssl`));
    else if (w === '-provider-path') inner.push(opaque(`openssl -provider-path ${value} loads its providers from ${value}, code toolgate cannot see`));
    else if (w === '-config')
      inner.push(opaque(`openssl -config ${value} reads the configuration file ${value}, whose engines and providers load shared libraries`));
    else if (engineCommand && (w === '-pre' || w === '-post'))
      inner.push(opaque(`openssl engine ${w} ${value} sends an engine a control command that may load a shared library (SO_PATH)`));
    else continue;
    k++;
  }
  if (engineCommand)
    for (let k = 2; k < argv.length; k++)
      if (!argv[k]!.startsWith('-') && byPath(argv[k]!, literal[k]) && !['-pre', '-post'].includes(argv[k - 1]!))
        inner.push(opaque(`openssl engine ${argv[k]!} loads the shared library ${argv[k]!}, whose code runs in openssl`));
  return loaded(inner);
}

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

/** gpg's options whose value is a program it starts, and what for. */
const GPG_PROGRAMS: readonly (readonly [string, string])[] = [
  ['agent-program', 'as its gpg-agent'],
  ['dirmngr-program', 'as its dirmngr'],
  ['photo-viewer', 'to show photo IDs'],
];

/** gpg's options that name where its configuration file is (`gpg.conf` may say `agent-program PROG`). */
const GPG_CONFIGURATION: readonly (readonly [string, (value: string) => string])[] = [
  ['homedir', (dir) => `reads ${dir}/gpg.conf`],
  ['options', (file) => `reads the configuration file ${file}`],
];

/**
 * gpg's `--agent-program PROG`, `--dirmngr-program PROG` and `--photo-viewer CMD`, and the
 * configuration `--homedir DIR` and `--options FILE` name (`--NAME VALUE`
 * or `--NAME=VALUE`; gpg's argument parser takes any unambiguous abbreviation, so a word that
 * begins one of these names counts as it).
 */
function gpgStarts(argv: readonly string[]): WrapperInfo | undefined {
  const inner: Unwrapped[] = [];
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const m = /^--([a-z-]{3,})(?:=([\s\S]*))?$/.exec(argv[k]!);
    if (m === null) continue;
    const hit = GPG_PROGRAMS.find(([name]) => name.startsWith(m[1]!));
    const configuration = GPG_CONFIGURATION.find(([name]) => name.startsWith(m[1]!));
    if (hit === undefined && configuration === undefined) continue;
    const value = m[2] ?? argv[++k] ?? '';
    if (hit !== undefined) inner.push(opaque(`gpg --${hit[0]} ${value} starts ${value} ${hit[1]}, code toolgate cannot see`));
    else {
      const [name, reads] = configuration!;
      inner.push(opaque(`gpg --${name} ${value} ${reads(value)}, whose agent-program or dirmngr-program may name a program gpg starts`));
    }
  }
  return loaded(inner);
}

/** @internal */
export const openssl = defineProgram({
  names: ['openssl'],
  summary: 'openssl: the OpenSSL tool (only the options that load engines, providers and configuration are modelled)',
  sources: ['OpenSSL 3.0 openssl(1) (-engine, -provider, -provider-path, -config), openssl-engine(1), config(5); verified on Debian 12 (#37, R19-10)'],
  unwrap: (argv, literal) => opensslLoads(argv, literal),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'openssl rand -engine ./e.so 1', effects: ['write ./rand (word)', 'write ./e.so (path)', 'write ./1 (word)'], why: 'the engine is opaque code (unwrap); the rest is not modelled' },
  ],
});

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

/** @internal */
export const gpg = defineProgram({
  names: ['gpg', 'gpg2'],
  summary: 'gpg: OpenPGP (only the programs its options name or its configuration files may name are modelled)',
  sources: ['GnuPG 2.2 gpg(1) (--agent-program, --dirmngr-program, --photo-viewer, --homedir, --options); verified on Debian 12 (#37, R19-10)'],
  unwrap: (argv) => gpgStarts(argv),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'gpg --agent-program ./a --card-status', effects: ['write ./a (path)'], why: 'the agent is opaque code (unwrap)' },
  ],
});
