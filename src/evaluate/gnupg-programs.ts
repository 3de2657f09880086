/**
 * The programs GnuPG's configuration names (red team 27, class G): `pinentry-program` and
 * `scdaemon-program` in `gpg-agent.conf`, `agent-program` and `dirmngr-program` in `gpg.conf`, of
 * the GnuPG home (`GNUPGHOME`, else `~/.gnupg`). gpg-agent starts its pinentry whenever a key needs
 * its passphrase — a signed commit (`commit.gpgsign`), a signed tag, `gpg --sign`, `pass` — so a
 * rule allowing `git commit` consents to it only as the person left it (decision 0139): a write to
 * it is a protected ask, as to a program the git configuration names (`git-configured-programs.ts`).
 * The configuration files are protected already (`.gnupg`, the folder `GNUPGHOME` names). Only an
 * absolute value runs (GnuPG 2.2.40: `pinentry-program ~/bin/pin` started nothing); a GNUPGHOME
 * that is not absolute names no home toolgate can read, and protects nothing more (decision 0136).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { environmentValue } from './shell-world.js';
import type { EnvironmentFacts } from './types.js';

/** The keys of each configuration file that name a program the agent or gpg starts. */
const PROGRAM_KEYS: readonly { file: string; keys: RegExp }[] = [
  { file: 'gpg-agent.conf', keys: /^(pinentry-program|scdaemon-program)$/ },
  { file: 'gpg.conf', keys: /^(agent-program|dirmngr-program)$/ },
];

/** A program file GnuPG's configuration names, and the line that names it. */
export interface GnupgProgram {
  path: string;
  key: string;
  file: string;
}

/** The programs the GnuPG home's configuration names (none without a view that reads). */
export function gnupgPrograms(environment: EnvironmentFacts | undefined, home: string, view: ReadonlyFsView | undefined): GnupgProgram[] {
  if (view?.readText === undefined) return [];
  const given = environmentValue(environment, 'GNUPGHOME');
  const dir = typeof given === 'string' ? (given.startsWith('/') ? given.replace(/\/+$/, '') : undefined) : `${home === '/' ? '' : home}/.gnupg`;
  if (dir === undefined) return [];
  const out: GnupgProgram[] = [];
  for (const { file, keys } of PROGRAM_KEYS) {
    const path = `${dir}/${file}`;
    const text = view.exists(path) ? view.readText(path) : undefined;
    if (text === undefined) continue;
    for (const line of text.split('\n')) {
      const m = /^\s*([a-z-]+)\s+(.*?)\s*$/.exec(line);
      if (m === null || !keys.test(m[1]!)) continue;
      const value = m[2]!.replace(/^"(.*)"$/, '$1');
      if (value.startsWith('/')) out.push({ path: value, key: m[1]!, file: path });
    }
  }
  return out;
}

/** Why a write to `written` changes a program GnuPG's configuration names, or `undefined`. */
export function gnupgProgramWrite(written: string, programs: readonly GnupgProgram[]): string | undefined {
  const hit = programs.find((p) => p.path === written);
  return hit === undefined
    ? undefined
    : `${hit.key} in ${hit.file} names ${hit.path} as a program GnuPG starts (gpg-agent asks for a passphrase with it when git signs a commit or tag): writing it changes what a later git commit runs`;
}
