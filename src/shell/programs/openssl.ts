/**
 * openssl: only the options that load code are modelled — an engine, a provider, a folder of
 * providers, a configuration file (whose `openssl_conf` section loads engines and providers) —
 * read with OpenSSL's own option syntax (`openssl-options.ts`: `-NAME`, `--NAME`,
 * `-NAME=VALUE`, `--NAME=VALUE`). Such an option is opaque code, as `gcc -fplugin=` is (the
 * opaque-code table: a firm ask under a wildcard allow when a deny rule names a program). What
 * openssl does otherwise stays unknown (`otherwiseUnknown`): every word is taken for a path it may
 * write, so `-out`, `-keyout`, `-writerand`, `-sess_out`, `-keylogfile`, `-msgfile` and the rest
 * are writes in every spelling, and `openssl rand -hex 16` is judged as before.
 *
 * The options, from `openssl COMMAND -help` of each of the 53 commands of OpenSSL 3.0.19 (Debian
 * 12): `-engine` (most commands), `-keygen_engine` (req), `-ssl_client_engine` (s_client),
 * `-provider` and `-provider-path` (most commands), `-config` (ca, cmp, cms, fipsinstall, genpkey,
 * pkeyutl, req, smime, srp, ts), fipsinstall's `-module` and `-provider_name`, and the `engine`
 * command's `-pre`/`-post` control commands (`SO_PATH:LIB`) and engine operands. `-engine_impl`
 * (dgst, pkeyutl) only uses the `-engine` engine; `-propquery`, `-ssl_config` (a section name),
 * asn1parse's `-genconf` (read as data) load nothing.
 *
 * Verified on Debian 12 (red team 19 R19-10 and its replay NEW-5, #37) with a library whose
 * constructor touched a marker file: `openssl rand -engine ./e.so 1`, `-engine=./e.so`, `--engine
 * ./e.so`, `--engine=./e.so`, `-engine=$PWD/e.so`, `openssl req -keygen_engine ./e.so -new`,
 * `openssl s_client -ssl_client_engine ./e.so -connect …`, `openssl s_server -engine ./e.so`,
 * `openssl engine -pre=SO_PATH:./e.so -pre=LOAD dynamic`, `openssl rand --provider-path=.
 * --provider=e 1`, `openssl rand -provider $PWD/e.so 1`, `-config ./cfg` (or `--config`,
 * `-config=`) on req, ca, cms, genpkey, pkeyutl, smime, srp, ts and fipsinstall, and `openssl
 * fipsinstall -module DIR/x -provider_name $PWD/e.so` (it loads `DIR/fips.so`, or the provider it
 * names) ran it. An engine or provider named without a `/` (`-engine evil.so`, `-provider evil`)
 * is looked for in OpenSSL's own folders only (verified: not loaded from the working directory).
 */
import { readOpensslOptions } from './openssl-options.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** What a code option's value is, and so when it loads code toolgate cannot see. */
interface OpensslCode {
  /** `library`: a value with a `/` (or not literal) is a file loaded; a bare name is looked for in OpenSSL's folders. `always`: every value. */
  readonly when: 'library' | 'always';
  /** Only for this command (the `engine` command's `-pre`/`-post`). */
  readonly command?: string;
  /** The reason, for `openssl -NAME VALUE`. */
  readonly why: (name: string, value: string) => string;
}

const library = (name: string, value: string) => `openssl -${name} ${value} loads the shared library ${value}, whose code runs in openssl`;
const provider = (name: string, value: string) =>
  `openssl -${name} ${value} loads the provider module ${value}, whose code runs in openssl`;
const configuration = (name: string, value: string) =>
  `openssl -${name} ${value} reads the configuration file ${value}, whose engines and providers load shared libraries`;

/** The options of any openssl command that load code (module comment), by name. */
const OPENSSL_CODE: Readonly<Record<string, OpensslCode>> = {
  engine: { when: 'library', why: library },
  keygen_engine: { when: 'library', why: library },
  ssl_client_engine: { when: 'library', why: library },
  provider: { when: 'library', why: provider },
  provider_name: { when: 'library', why: provider },
  'provider-path': {
    when: 'always',
    why: (name, value) => `openssl -${name} ${value} loads its providers from ${value}, code toolgate cannot see`,
  },
  module: {
    when: 'always',
    why: (name, value) =>
      `openssl -${name} ${value} names the provider module fipsinstall checks, and it loads the provider from that folder`,
  },
  config: { when: 'always', why: configuration },
  pre: { when: 'always', command: 'engine', why: engineControl },
  post: { when: 'always', command: 'engine', why: engineControl },
};

function engineControl(name: string, value: string): string {
  return `openssl engine -${name} ${value} sends an engine a control command that may load a shared library (SO_PATH)`;
}

/** A code option of `command` by its name, or undefined. */
function codeOption(command: string | undefined, name: string): OpensslCode | undefined {
  const entry = Object.prototype.hasOwnProperty.call(OPENSSL_CODE, name) ? OPENSSL_CODE[name] : undefined;
  return entry !== undefined && (entry.command === undefined || entry.command === command) ? entry : undefined;
}

/** A value that names a file by its path (`./e.so`, `d/e.so`, `$PWD/e.so`), not a name looked up in OpenSSL's own folders. */
const byPath = (value: string, literal: boolean | undefined): boolean => literal === false || value.includes('/');

/** What the command's code options load, and the `engine` command's engine operands. */
function opensslLoads(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const command = argv[1];
  const words = readOpensslOptions(argv, (name) => codeOption(command, name) !== undefined);
  const inner: Unwrapped[] = [];
  for (const o of words.options) {
    const code = codeOption(command, o.name);
    if (code === undefined || o.value === undefined) continue;
    if (code.when === 'library' && !byPath(o.value, literal[o.valueIndex ?? o.index])) continue;
    inner.push({ kind: 'opaque', reason: code.why(o.name, o.value) });
  }
  if (command === 'engine')
    for (const k of words.operands)
      if (byPath(argv[k]!, literal[k]))
        inner.push({
          kind: 'opaque',
          reason: `openssl engine ${argv[k]!} loads the shared library ${argv[k]!}, whose code runs in openssl`,
        });
  return inner.length > 0 ? wrapInfo(inner) : undefined;
}

/** @internal */
export const openssl = defineProgram({
  names: ['openssl'],
  summary: 'openssl: the OpenSSL tool (only the options that load engines, providers and configuration are modelled)',
  sources: [
    'OpenSSL 3.0 openssl(1), openssl-engine(1), config(5), apps/lib/opt.c opt_next; `openssl COMMAND -help` of OpenSSL 3.0.19; verified on Debian 12 (#37, R19-10, replay of red team 19 NEW-5)',
  ],
  unwrap: (argv, literal) => opensslLoads(argv, literal),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'openssl rand -engine ./e.so 1',
      effects: ['write ./rand (word)', 'write ./e.so (path)', 'write ./1 (word)'],
      why: 'the engine is opaque code (unwrap); the rest is not modelled',
    },
    { command: 'openssl rand --engine=./e.so 1', why: 'two dashes and an attached value are the same option (unwrap: opaque code)' },
    { command: 'openssl req -new -keygen_engine ./e.so', why: "req's key generation engine is opaque code (unwrap)" },
    {
      command: 'openssl rand -out=.claude/settings.json 16',
      effects: [
        'write ./rand (word)',
        'write ./.claude/settings.json (path)',
        'write ./ut=.claude/settings.json (path)',
        'write ./t=.claude/settings.json (path)',
        'write ./16 (word)',
      ],
      why: 'every word of an unknown program may be a path it writes, the value after = too',
    },
  ],
});
