/**
 * The GnuPG family: the options of each tool that name a program it starts (`--agent-program`,
 * `--dirmngr-program`, gpgtar's `--gpg`, …), a library it loads (scdaemon's `--pcsc-driver`), or a
 * configuration that may name one (`--homedir DIR`, whose `TOOL.conf` may say `agent-program
 * PROG`, and `--options FILE`), from one table. Such an option is opaque code (the opaque-code
 * table: a firm ask under a wildcard allow when a deny rule names a program). What each tool does
 * otherwise stays unknown (`otherwiseUnknown`), so `gpg --list-keys`, `gpg --verify x.sig` and
 * `gpgconf --list-dirs` are judged as before.
 *
 * Every tool reads its words with GnuPG's argument parser (gpgrt argparse): `--NAME VALUE` or
 * `--NAME=VALUE`, and any start of a name that begins no other option is that option (`gpg --ag
 * ./evil` is `--agent-program ./evil`); a whole name is that option even when it begins another
 * (gpg-connect-agent's `--dirmngr` is not `--dirmngr-program`). A start that begins two code
 * options is taken for either (GnuPG refuses an ambiguous one).
 *
 * The options per tool, from `TOOL --dump-options` of GnuPG 2.2.40 (Debian 12); gpg-card and
 * keyboxd (GnuPG 2.3 and later, not installed here) and the `--keyboxd-program` of 2.3's gpg, gpgsm
 * and gpg-connect-agent from the GnuPG 2.4 manual. Verified on Debian 12 (#37, red team 19 R19-10
 * and its replay NEW-7) with a script that touched a marker: `gpg --agent-program ./evil
 * --card-status`, `gpg --ag ./evil --card-status`, `gpg --dirmngr-program ./evil
 * --locate-external-keys a@b.c`, `gpgsm --agent-program ./evil --learn-card` (and `--agent-p`),
 * `gpg-connect-agent --agent-program ./evil /bye` (and `--a`, `--ag=`), `gpg-connect-agent
 * --dirmngr --dirmngr-program ./evil /bye` and `gpgtar --gpg ./evil --list-archive f` ran it. The
 * others follow the manuals: their programs start only when needed (a passphrase to ask, a photo ID
 * to show, a PKCS#12 file to import, a card), which the tries did not reach.
 */
import { gnupgConfigFiles } from './gnupg-config.js';
import { gpgFiles } from './gpg-outputs.js';
import { defineProgram, type ProgramModel } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** What a code option's value makes a GnuPG tool do, in words after `TOOL --NAME VALUE`. */
const GNUPG_CODE: Readonly<Record<string, (value: string) => string>> = {
  'agent-program': (v) => `starts ${v} as its gpg-agent, code toolgate cannot see`,
  'dirmngr-program': (v) => `starts ${v} as its dirmngr, code toolgate cannot see`,
  'keyboxd-program': (v) => `starts ${v} as its keyboxd, code toolgate cannot see`,
  'protect-tool-program': (v) => `starts ${v} as its protect tool, code toolgate cannot see`,
  'pinentry-program': (v) => `starts ${v} to ask for passphrases, code toolgate cannot see`,
  'scdaemon-program': (v) => `starts ${v} as its smartcard daemon, code toolgate cannot see`,
  'ldap-wrapper-program': (v) => `starts ${v} for LDAP requests, code toolgate cannot see`,
  'http-wrapper-program': (v) => `starts ${v} for HTTP requests, code toolgate cannot see`,
  'photo-viewer': (v) => `runs ${v} to show photo IDs, code toolgate cannot see`,
  'exec-path': (v) => `looks for the photo viewer it runs in ${v}, code toolgate cannot see`,
  gpg: (v) => `runs ${v} as gpg, code toolgate cannot see`,
  'gpg-program': (v) => `runs ${v} as gpg, code toolgate cannot see`,
  'gpgsm-program': (v) => `runs ${v} as gpgsm, code toolgate cannot see`,
  'gpg-args': (v) => `hands gpg the options ${v}, which may name programs gpg starts`,
  tar: (v) => `runs ${v} as tar, code toolgate cannot see`,
  'tar-args': (v) => `hands tar the options ${v}, which may name programs tar starts`,
  'pcsc-driver': (v) => `loads the shared library ${v} as its PC/SC driver, code toolgate cannot see`,
  'ctapi-driver': (v) => `loads the shared library ${v} as its CT-API driver, code toolgate cannot see`,
  homedir: (v) => `uses ${v} as its GnuPG home, whose configuration files may name programs it starts`,
  options: (v) => `reads the configuration file ${v}, which may name programs it starts`,
};

/** One GnuPG tool: its names, the code options it has, and its other options whose whole name begins one of those. */
interface GnupgTool {
  readonly names: readonly string[];
  readonly code: readonly string[];
  /** Options that are not code whose whole name begins a code option's (`--dirmngr` of gpg-connect-agent). */
  readonly shorter?: readonly string[];
}

/** The GnuPG tools and their code options (module comment). @internal */
export const GNUPG_TOOLS: Readonly<Record<string, GnupgTool>> = {
  gpg: {
    names: ['gpg', 'gpg2'],
    code: ['agent-program', 'dirmngr-program', 'keyboxd-program', 'photo-viewer', 'exec-path', 'homedir', 'options'],
  },
  gpgsm: { names: ['gpgsm'], code: ['agent-program', 'dirmngr-program', 'keyboxd-program', 'protect-tool-program', 'homedir', 'options'] },
  'gpg-agent': { names: ['gpg-agent'], code: ['pinentry-program', 'scdaemon-program', 'homedir', 'options'] },
  dirmngr: { names: ['dirmngr'], code: ['ldap-wrapper-program', 'http-wrapper-program', 'homedir', 'options'] },
  scdaemon: { names: ['scdaemon'], code: ['pcsc-driver', 'ctapi-driver', 'homedir', 'options'] },
  keyboxd: { names: ['keyboxd'], code: ['homedir', 'options'] },
  'gpg-connect-agent': {
    names: ['gpg-connect-agent'],
    code: ['agent-program', 'dirmngr-program', 'keyboxd-program', 'homedir'],
    shorter: ['dirmngr', 'keyboxd'],
  },
  'gpg-card': { names: ['gpg-card'], code: ['agent-program', 'gpg-program', 'gpgsm-program', 'homedir', 'options'] },
  gpgconf: { names: ['gpgconf'], code: ['homedir'] },
  gpgtar: { names: ['gpgtar'], code: ['gpg', 'gpg-program', 'gpg-args'] },
  // gpg-zip 2.2.40 (a shell script): `--tar TAR` is the tar it runs, `--tar-args ARGS` that tar's options
  // (red team 21, R21-1: `gpg-zip --tar ./x.sh --list-archive README.md` ran x.sh).
  'gpg-zip': { names: ['gpg-zip'], code: ['gpg', 'gpg-args', 'tar', 'tar-args'] },
  'gpg-wks-client': { names: ['gpg-wks-client', 'gpg-wks-server'], code: ['gpg'] },
  gpgv: { names: ['gpgv', 'gpgv2'], code: ['homedir'] },
  'gpg-protect-tool': { names: ['gpg-protect-tool'], code: ['agent-program', 'homedir'] },
  'gpg-preset-passphrase': { names: ['gpg-preset-passphrase', 'gpg-check-pattern'], code: ['homedir'] },
};

/** One code option found: its name and value, and the argv index of the option's word. @internal */
export interface GnupgCodeOption {
  readonly name: string;
  readonly value: string;
  readonly index: number;
}

/**
 * The code options of `tool` among `argv`'s words, read as gpgrt argparse reads long options
 * (module comment). Every word up to `--` is read: GnuPG stops at its first operand, but a word
 * toolgate takes for one may be another option's value. A caller that knows where the options end
 * (the command gpg-agent starts) gives `end`.
 * @internal
 */
export function gnupgCodeOptions(tool: GnupgTool, argv: readonly string[], end = argv.length): GnupgCodeOption[] {
  const out: GnupgCodeOption[] = [];
  for (let k = 1; k < end && argv[k] !== '--'; k++) {
    const m = /^--([^=]+)(?:=([\s\S]*))?$/.exec(argv[k]!);
    if (m === null) continue;
    const given = m[1]!;
    const name = tool.code.includes(given) ? given : tool.shorter?.includes(given) ? undefined : tool.code.find((c) => c.startsWith(given));
    if (name === undefined) continue;
    const index = k;
    const value = m[2] ?? argv[++k] ?? '';
    out.push({ name, value, index });
  }
  return out;
}

/** The opaque code `tool`'s options (before `end`) name, called by `program`. @internal */
export function gnupgCode(tool: GnupgTool, program: string, argv: readonly string[], end = argv.length): Unwrapped[] {
  return gnupgCodeOptions(tool, argv, end).map((o) => ({
    kind: 'opaque',
    reason: `${program} --${o.name} ${o.value} ${GNUPG_CODE[o.name]!(o.value)}`,
  }));
}

/** gpgconf's commands that write the components' configuration files: `--change-options COMPONENT` its `COMPONENT.conf`, the others any. */
const GPGCONF_WRITERS = ['change-options', 'apply-defaults', 'apply-profile'];

/**
 * The configuration files gpgconf writes in the GnuPG home (`~/.gnupg`; `GNUPGHOME` is not read, as for gpg-agent): `echo
 * 'default-cache-ttl:0:60' | gpgconf --change-options gpg-agent` rewrites gpg-agent.conf,
 * `--apply-profile FILE` writes gpg.conf and gpg-agent.conf (verified with GnuPG 2.2.40), and
 * `--apply-defaults` the files of `/etc/gnupg/gpgconf.conf`. A start of a command's name is that
 * command (gpgrt argparse; an ambiguous one gpgconf refuses); `--dry-run` (`-n`) writes nothing.
 */
function gpgconfWrites(argv: readonly string[]): Unwrapped[] {
  const end = argv.indexOf('--') < 0 ? argv.length : argv.indexOf('--');
  const words = argv.slice(1, end);
  if (words.some((w) => w === '-n' || (w.length > 2 && w.startsWith('--') && 'dry-run'.startsWith(w.slice(2))))) return [];
  const k = words.findIndex(
    (w) => w.length > 2 && w.startsWith('--') && GPGCONF_WRITERS.some((c) => c.startsWith(w.slice(2).split('=')[0]!)),
  );
  if (k < 0) return [];
  const component = words.slice(k + 1).find((w) => !w.startsWith('-'));
  const file =
    words[k]!.startsWith('--ch') && component !== undefined && /^[a-z][a-z0-9-]*$/.test(component) ? `${component}.conf` : 'gpg.conf';
  return [{ kind: 'text', script: `: > ~/.gnupg/${file}`, what: `gpgconf ${words[k]} writes the GnuPG configuration files (${file}, …)` }];
}

/** A GnuPG tool whose code options are all that is modelled of it (gpgconf: and the files it writes). */
function gnupgModel(key: string, summary: string, examples: ProgramModel['examples'], files?: ProgramModel['files']): ProgramModel {
  const tool = GNUPG_TOOLS[key]!;
  return defineProgram({
    names: tool.names,
    summary: `${summary} (only the programs its options name, or its configuration files may name, are modelled)`,
    sources: [`GnuPG 2.2.40 ${key} --dump-options and ${key}(1); verified on Debian 12 (#37, R19-10, replay of red team 19 NEW-7)`],
    unwrap: (argv): WrapperInfo | undefined => {
      const inner = gnupgCode(tool, argv[0]!.replace(/^.*\//, ''), argv);
      if (key === 'gpgconf') inner.push(...gpgconfWrites(argv));
      return inner.length > 0 ? wrapInfo(inner) : undefined;
    },
    // The configuration files of the home the environment's GNUPGHOME names (gnupg-config.ts).
    configFiles: gnupgConfigFiles,
    configFilesWithoutView: 'absent',
    // gpg: the names it writes that are not on its command line (gpg-outputs.ts).
    ...(files !== undefined ? { files } : {}),
    otherwiseUnknown: true,
    runs: 'unseen',
    examples,
  });
}

/** @internal */
export const gpg = gnupgModel(
  'gpg',
  'gpg: OpenPGP',
  [
    { command: 'gpg --agent-program ./a --card-status', effects: ['write ./a (path)'], why: 'the agent is opaque code (unwrap)' },
    {
      command: 'gpg --batch --yes .npmrc.gpg',
      effects: ['read ./.npmrc.gpg', 'write ./.npmrc'],
      why: 'no command: gpg decrypts into the name without .gpg (red team 24)',
    },
    {
      command: 'gpg --decrypt-files sub/.bashrc.asc',
      effects: ['read ./sub/.bashrc.asc', 'write ./sub/.bashrc'],
      why: 'beside the input, without .asc',
    },
    { command: 'gpg -d .npmrc.gpg', effects: ['write ./.npmrc.gpg (path)'], why: '-d writes to standard output' },
    {
      command: 'gpg --use-embedded-filename x.gpg',
      effects: ['write . [some]', 'write ./x.gpg (word)'],
      why: 'the name the data holds, written into the working directory',
    },
    {
      command: 'gpg -o out.txt .npmrc.gpg',
      effects: ['write ./out.txt (word)', 'write ./.npmrc.gpg (path)'],
      why: '-o names the one file written',
    },
  ],
  (_name, argv) => gpgFiles(argv),
);

/** @internal */
export const gpgsm = gnupgModel('gpgsm', 'gpgsm: S/MIME and X.509', [
  {
    command: 'gpgsm --agent-p ./a --learn-card',
    effects: ['write ./a (path)'],
    why: 'an abbreviated --agent-program: opaque code (unwrap)',
  },
]);

/** @internal */
export const dirmngr = gnupgModel('dirmngr', "dirmngr: GnuPG's network daemon", [
  {
    command: 'dirmngr --http-wrapper-program ./w --daemon',
    effects: ['write ./w (path)'],
    why: 'the wrapper it starts is opaque code (unwrap)',
  },
]);

/** @internal */
export const scdaemon = gnupgModel('scdaemon', "scdaemon: GnuPG's smartcard daemon", [
  {
    command: 'scdaemon --pcsc-driver ./p.so --daemon',
    effects: ['write ./p.so (path)'],
    why: 'the driver library is opaque code (unwrap)',
  },
]);

/** @internal */
export const keyboxd = gnupgModel('keyboxd', "keyboxd: GnuPG 2.3's key database daemon", [
  { command: 'keyboxd --homedir ./h --daemon', effects: ['write ./h (path)'], why: "another home's keyboxd.conf: opaque code (unwrap)" },
]);

/** @internal */
export const gpgCard = gnupgModel('gpg-card', 'gpg-card: manage smartcards (GnuPG 2.3)', [
  {
    command: 'gpg-card --agent-program ./a list',
    effects: ['write ./a (path)', 'write ./list (word)'],
    why: 'the agent is opaque code (unwrap)',
  },
]);

/** @internal */
export const gpgconf = gnupgModel('gpgconf', "gpgconf: GnuPG's configuration and component control", [
  { command: 'gpgconf --list-dirs', effects: [], why: 'nothing it runs is named: as an unknown program' },
  {
    command: 'gpgconf --change-options gpg-agent',
    effects: ['write /home/user/.gnupg/gpg-agent.conf'],
    why: "the component's configuration file (unwrap)",
  },
  {
    command: 'gpgconf --apply-profile p',
    effects: ['write /home/user/.gnupg/gpg.conf'],
    why: 'the configuration files (unwrap); the profile is read',
  },
]);

/** @internal */
export const gpgtar = gnupgModel('gpgtar', 'gpgtar: encrypt or sign files into an archive', [
  {
    command: 'gpgtar --gpg ./g --list-archive a.gpg',
    effects: ['write ./g (path)', 'write ./a.gpg (word)'],
    why: 'the gpg it runs is opaque code (unwrap)',
  },
]);

/** @internal */
export const gpgZip = gnupgModel('gpg-zip', 'gpg-zip: the old gpgtar script', [
  {
    command: 'gpg-zip --gpg ./g --list-archive a.gpg',
    effects: ['write ./g (path)', 'write ./a.gpg (word)'],
    why: 'the gpg it runs is opaque code (unwrap)',
  },
  {
    command: 'gpg-zip --tar ./t --list-archive a.gpg',
    effects: ['write ./t (path)', 'write ./a.gpg (word)'],
    why: 'the tar it runs is opaque code (unwrap; red team 21 ran ./x.sh so)',
  },
]);

/** @internal */
export const gpgWks = gnupgModel('gpg-wks-client', 'gpg-wks-client and gpg-wks-server: the Web Key Service tools', [
  {
    command: 'gpg-wks-client --gpg ./g --create k a@b.c',
    effects: ['write ./g (path)', 'write ./k (word)', 'write ./a@b.c (word)'],
    why: 'the gpg it runs is opaque code (unwrap)',
  },
]);

/** @internal */
export const gpgv = gnupgModel('gpgv', 'gpgv: verify OpenPGP signatures', [
  { command: 'gpgv x.sig', effects: ['write ./x.sig (word)'], why: 'nothing it runs is named: as an unknown program' },
]);

/** @internal */
export const gpgProtectTool = gnupgModel('gpg-protect-tool', "gpg-protect-tool: gpg-agent's key protection helper", [
  {
    command: 'gpg-protect-tool --agent-program ./a --p12-export k',
    effects: ['write ./a (path)', 'write ./k (word)'],
    why: 'the agent is opaque code (unwrap)',
  },
]);

/** @internal */
export const gpgHomeHelpers = gnupgModel('gpg-preset-passphrase', "gpg-preset-passphrase and gpg-check-pattern: gpg-agent's helpers", [
  {
    command: 'gpg-preset-passphrase --homedir ./h --preset K',
    effects: ['write ./h (path)', 'write ./K (word)'],
    why: "another home's configuration: opaque code (unwrap)",
  },
]);
