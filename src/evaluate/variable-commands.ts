/**
 * The ssh configurations a command an inherited variable names makes ssh read, and what they
 * include (red team 27, class K): `GIT_SSH_COMMAND='ssh -F ~/bin/x.cfg'` makes every git fetch,
 * push or ls-remote over ssh read `~/bin/x.cfg`, whose `Include ~/dots/ssh` (or a glob) names
 * more files whose ProxyCommand runs (OpenSSH 9.2p1). The variable's own places are
 * `loader-locations.ts`' (the `-F` file among them); the files that configuration includes are
 * read here by the reader the git configuration's `core.sshCommand` gets (`command-code.ts`
 * `sshConfig`), only for a value that gives ssh a configuration file (`-F`), so a write under an
 * exported `EDITOR=vim` never loads the shell analysis.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { LOADER_VARIABLES } from '../shell/programs/loader-variables.js';
import { commandCode, type CodePlace } from './command-code.js';
import { environmentValue } from './shell-world.js';
import type { EnvironmentFacts } from './types.js';

/** A file an ssh configuration a variable's command names holds, and which variable. */
export interface VariableCodePlace extends CodePlace {
  name: string;
}

/** The places of each `command`-shaped variable of `environment` whose value gives ssh `-F FILE`. */
export function variableSshConfigPlaces(
  environment: EnvironmentFacts | undefined,
  world: { cwd: string; home: string },
  view: ReadonlyFsView | undefined,
): VariableCodePlace[] {
  if (environment === undefined || view === undefined) return [];
  const out: VariableCodePlace[] = [];
  for (const [name, v] of LOADER_VARIABLES) {
    if (v.shape !== 'command' || v.onTerminal === true) continue;
    const value = environmentValue(environment, name);
    if (typeof value !== 'string' || !/(?:^|\s)-F\s*\S/.test(value)) continue;
    for (const c of commandCode(value, { cwd: world.cwd, top: world.cwd, home: world.home, view }, false))
      if (!/^run by `[^`]*`$/.test(c.via)) out.push({ ...c, name });
  }
  return out;
}

/** Why a write to `written` changes an ssh configuration a variable's command reads, or `undefined`. */
export function variableSshConfigWrite(written: string, places: readonly VariableCodePlace[]): string | undefined {
  const hit = places.find((p) => isInside(written, p.path) && (p.pattern === undefined || p.pattern.test(written)));
  return hit === undefined
    ? undefined
    : `the inherited ${hit.name} makes ssh read ${hit.path === written ? written : `${written} (in ${hit.path})`} as configuration (${hit.via}): writing it changes what a later git or ssh command runs`;
}
