/**
 * The configuration files of the GnuPG home the environment's `GNUPGHOME` names: gpg reads
 * `gpg.conf` and its version's `gpg.conf-2.2.40`, `gpg.conf-2.2`, `gpg.conf-2` (strace of GnuPG
 * 2.2.40 on Debian 12), gpgsm `gpgsm.conf`, and the gpg-agent, dirmngr and scdaemon they start
 * their own `.conf` there; GnuPG 2.3 and later add `common.conf` and `keyboxd.conf`. Such a file
 * names programs they start: `agent-program` in gpg.conf or gpgsm.conf, `scdaemon-program` and
 * `pinentry-program` in gpg-agent.conf ran at `gpg --card-status`, `gpgsm --learn-card` and a key
 * generation (verified, replay of red team 20 NEW-R7); a name's start is not taken in a file, as
 * it is on the command line (`agent-p` did nothing). `--homedir` on the command line is opaque code
 * of its own (`gnupg.ts`). The default home `~/.gnupg` is a protected path and the user's own
 * setup (`pinentry-program`), not read here — as `aws-config.ts` says of `~/.aws`.
 */
import type { ProgramConfigFiles } from './model.js';

/** The configuration files' names in a GnuPG home, each with an optional version suffix. */
const CONF = /^(gpg|gpgsm|gpg-agent|dirmngr|scdaemon|keyboxd|common|gpg-card)\.conf(-[\d.]+)?$/;

/**
 * Options that name no program, library or file: key choice, algorithm preferences, listing and
 * trust switches, cache times, keyservers (a URL dirmngr fetches keys from). From gpg(1),
 * gpg-agent(1), dirmngr(8) and scdaemon(1) of GnuPG 2.2.
 */
const HARMLESS: ReadonlySet<string> = new Set(
  (
    'default-key local-user encrypt-to hidden-encrypt-to default-recipient default-recipient-self no-default-recipient ' +
    'personal-cipher-preferences personal-digest-preferences personal-compress-preferences personal-aead-preferences ' +
    'default-preference-list cert-digest-algo digest-algo cipher-algo compress-algo s2k-cipher-algo s2k-digest-algo ' +
    's2k-mode s2k-count disable-cipher-algo disable-pubkey-algo weak-digest default-new-key-algo keyid-format ' +
    'with-fingerprint with-subkey-fingerprint with-keygrip with-wkd-hash with-sig-check fixed-list-mode ' +
    'list-options verify-options import-options export-options auto-key-locate no-auto-key-locate auto-key-retrieve ' +
    'no-auto-key-retrieve auto-key-import keyserver keyserver-options trust-model tofu-default-policy ' +
    'auto-check-trustdb no-auto-check-trustdb completes-needed marginals-needed max-cert-depth ask-cert-level ' +
    'no-ask-cert-level default-cert-level min-cert-level default-sig-expire default-cert-expire ask-sig-expire ' +
    'ask-cert-expire require-cross-certification no-require-cross-certification throw-keyids no-throw-keyids ' +
    'armor no-armor textmode no-textmode charset display-charset utf8-strings no-utf8-strings no-greeting ' +
    'no-emit-version emit-version no-comments no-symkey-cache use-agent no-use-agent batch no-batch no-tty yes no ' +
    'quiet verbose expert no-expert lock-once lock-multiple no-random-seed-file no-permission-warning ' +
    'ignore-time-conflict ignore-valid-from compliance pinentry-mode interactive no-secmem-warning ' +
    'default-cache-ttl max-cache-ttl default-cache-ttl-ssh max-cache-ttl-ssh enable-ssh-support ' +
    'enable-putty-support allow-loopback-pinentry allow-preset-passphrase allow-emacs-pinentry no-allow-external-cache ' +
    'no-allow-mark-trusted allow-mark-trusted no-grab grab pinentry-timeout ignore-cache-for-signing disable-scdaemon ' +
    'min-passphrase-len min-passphrase-nonalpha enforce-passphrase-constraints max-passphrase-days ' +
    'enable-passphrase-history keep-tty keep-display honor-http-proxy http-proxy standard-resolver ' +
    'recursive-resolver use-tor no-use-tor disable-ipv4 disable-ipv6 allow-version-check disable-http ' +
    'disable-ldap ignore-http-dns ignore-ldap-dns ignore-ocsp-service-url disable-ccid reader-port card-timeout ' +
    'pcsc-shared deny-admin disable-pinpad enable-pinpad-varlen disable-application use-keyboxd no-autostart'
  ).split(' '),
);

/** Whether a GnuPG configuration file's lines are all comments, blank or harmless options (`keyword [value]`). @internal */
export function harmlessGnupgConf(text: string): boolean {
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return true;
    const keyword = /^[A-Za-z0-9-]+(?=\s|$)/.exec(line)?.[0];
    return keyword !== undefined && HARMLESS.has(keyword);
  });
}

/** `--homedir` (or a start of it, as `gnupg.ts` reads one) before `--`: that home instead, opaque code of its own. */
function namesHome(argv: readonly string[]): boolean {
  for (const w of argv.slice(1)) {
    if (w === '--') return false;
    const name = /^--([^=]+)/.exec(w)?.[1];
    if (name !== undefined && 'homedir'.startsWith(name)) return true;
  }
  return false;
}

/**
 * The configuration files a GnuPG tool reads from the home `GNUPGHOME` names, or why they cannot
 * be listed (a relative home); `undefined` when it is not set or `--homedir` names another.
 * @internal
 */
export function gnupgConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
): ProgramConfigFiles | { unknown: string } | undefined {
  // Not told counts as unset, as for curl's variables (decision 0071 addendum).
  const value = variable('GNUPGHOME') ?? null;
  if (value === null || value === '' || namesHome(argv)) return undefined;
  const dir = (value.startsWith('~/') ? `${home.replace(/\/+$/, '')}${value.slice(1)}` : value).replace(/\/+$/, '');
  if (!dir.startsWith('/')) return { unknown: `GNUPGHOME=${value} names the GnuPG home, relative to where it runs` };
  // The home is a folder of option files: its configuration files, versioned names too, are its entries read.
  return { files: [dir], folderEntries: (name) => CONF.test(name), harmless: harmlessGnupgConf };
}
