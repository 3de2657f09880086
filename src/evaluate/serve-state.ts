/**
 * toolgate serve's default state directory (`${XDG_STATE_HOME:-~/.local/state}/toolgate`): its
 * store, the store's seal, its token and recorded address live there when serve is given no
 * `--store` or `--token-file`. Decision 0073 seals the store so that one planted before serve's
 * first start is refused — but a seal is a file the same user can write, so a gated agent must
 * not reach the directory at all, whether or not serve is running: any read or write of a path
 * in it, or a command whose text names one (SQL given to `sqlite3`: `.output …/toolgate.db-serve-seal`),
 * is denied in every mode. The rule is built in, so it never makes opaque code a firm ask.
 */
import { posix } from 'node:path';
import type { ReadonlyFsView } from '../core/ports.js';
import { segmentMatches } from '../paths/glob.js';
import type { RuleRef } from '../core/types.js';
import { isInside } from '../paths/index.js';
import { textNamesPath } from '../paths/named-in-text.js';
import type { CallFacts } from './facts.js';
import { environmentValue } from './shell-world.js';
import type { EnvironmentFacts } from './types.js';

/** The built-in rule a denial names. */
export const SERVE_STATE_RULE: RuleRef = {
  text: 'toolgate serve: its default state directory (store, seal, token, address)',
  list: 'deny',
  source: { kind: 'inline', builtIn: true },
};

/**
 * Every directory serve's default state may be in, as serve computes it (`src/store/open.ts`,
 * `src/cli/serve-token.ts`): `$XDG_STATE_HOME/toolgate` when the variable is set and not empty,
 * else `~/.local/state/toolgate`. Unknown variable: the default, and `xdgUnknown` says a path
 * written through the variable is unknown too. A relative value (serve would resolve it against
 * its own directory) keeps the default guarded.
 */
export function serveStateDirs(
  environment: EnvironmentFacts | undefined,
  home: string,
): { dirs: string[]; xdg: string | undefined; xdgUnknown: boolean } {
  const xdg = environmentValue(environment, 'XDG_STATE_HOME');
  const fallback = `${home === '/' ? '' : home.replace(/\/+$/, '')}/.local/state/toolgate`;
  if (typeof xdg === 'string' && xdg !== '') {
    const value = xdg.replace(/(?<=.)\/+$/, '');
    return value.startsWith('/')
      ? { dirs: [posix.normalize(`${value}/toolgate`)], xdg: value, xdgUnknown: false }
      : { dirs: [fallback], xdg: undefined, xdgUnknown: false };
  }
  return { dirs: [fallback], xdg: undefined, xdgUnknown: xdg === undefined };
}

/** A path through `$XDG_STATE_HOME` (any spelling of the expansion) to its `toolgate` directory. */
const THROUGH_XDG = /\$\{?XDG_STATE_HOME(?:[:]?[-=+?][^}]*)?\}?\/+toolgate(?=$|\/|[\s'"`(),;=<>|&])/;

/** How a denial names the directory when `XDG_STATE_HOME` is not known. */
const UNKNOWN_XDG = '$XDG_STATE_HOME/toolgate (XDG_STATE_HOME is not known)';

/** serve's file names in its state directory, for a path toolgate cannot place (an unknown `XDG_STATE_HOME`). */
const SERVE_FILE = /(?:^|\/)toolgate\/(?:toolgate\.db(?:-wal|-shm|-journal|-serve-lock|-serve-seal)?|serve-token|serve-address)$/;

/** The names of serve's files in its state directory. */
const STATE_NAMES = [
  'toolgate.db',
  'toolgate.db-wal',
  'toolgate.db-shm',
  'toolgate.db-journal',
  'toolgate.db-serve-lock',
  'toolgate.db-serve-seal',
  'serve-token',
  'serve-address',
];

/** Whether one glob word (`*`, `?`, `[…]`, `[[:alpha:]]`) may match `name` as some shell reads it. */
function globWordMatches(word: string, name: string): boolean {
  if (word === name) return true;
  return /[*?[]/.test(word) && segmentMatches(word, name, false);
}

/**
 * Whether a glob path may name `dir` or a path in it: each of its first components may match
 * `dir`'s; past a `**`, its last component may name one of serve's files (`/**` alone, as a
 * `cd ..` through an unknown `CDPATH` reads, names no file).
 */
function globMayReach(path: string, dir: string): boolean {
  const g = path.split('/');
  const d = dir.split('/');
  for (let i = 0; i < d.length; i++) {
    const word = g[i];
    if (word === undefined) return false;
    if (word === '**') {
      const last = g[g.length - 1]!;
      return last !== '**' && STATE_NAMES.some((n) => globWordMatches(last, n));
    }
    if (!globWordMatches(word, d[i]!)) return false;
  }
  return true;
}

/**
 * Why the call reaches serve's default state directory, or `undefined`: a Read, Edit or Write of
 * a path in it (after links resolve); a shell command's read or write of a path in it, a write of
 * a folder holding it below the home directory (a directory moved there becomes the state), a
 * glob that may name it; or a command whose text names a path
 * in it (a program's code given as a string).
 */
export function serveStateReach(
  tool: string,
  facts: CallFacts,
  environment: EnvironmentFacts | undefined,
  home: string,
  fs: ReadonlyFsView | undefined,
): string | undefined {
  const { dirs, xdg, xdgUnknown } = serveStateDirs(environment, home);
  const real = (p: string) => fs?.realpath(p) ?? p;
  const inState = (p: string) =>
    dirs.find((d) => isInside(p, d) || isInside(real(p), d)) ?? (xdgUnknown && SERVE_FILE.test(p) ? UNKNOWN_XDG : undefined);
  const why = (p: string, dir: string) =>
    `${p} ${dir === UNKNOWN_XDG ? 'may be' : 'is'} in ${dir}, toolgate serve's default state directory (its store, the store's seal, its token and address)`;
  if (facts.kind === 'read' || facts.kind === 'edit') {
    for (const p of [facts.path, ...(facts.realPath !== undefined ? [facts.realPath] : []), ...(facts.aliases ?? [])]) {
      const dir = inState(p);
      if (dir !== undefined) return why(p, dir);
    }
    // Grep reads the contents of every file under its path.
    if (tool === 'Grep') {
      const dir = dirs.find((d) => isInside(d, facts.path) || isInside(real(d), real(facts.path)));
      if (dir !== undefined) return `Grep searches ${facts.path}, which holds ${dir}, toolgate serve's default state directory`;
    }
    return undefined;
  }
  if (facts.kind !== 'shell') return undefined;
  const top = home.replace(/(?<=.)\/+$/, '');
  for (const e of facts.effects) {
    const dir = inState(e.path);
    if (dir !== undefined) return why(e.path, dir);
    for (const d of dirs) {
      if (e.glob && globMayReach(e.path, d)) return `${e.raw} may name a path in ${d}, toolgate serve's default state directory`;
      if (e.path !== d && isInside(d, e.path) && e.path !== '/') {
        if (e.op !== 'read' && e.path !== top && isInside(e.path, top))
          return `the command ${e.possible !== undefined ? `may change ${e.path} (${e.possible})` : `changes ${e.path}`}, which holds ${d}, toolgate serve's default state directory (a folder moved or written there becomes its state)`;
      }
    }
  }
  const command = facts.command;
  if (!command.includes('toolgate') && !command.includes('XDG_STATE_HOME')) return undefined;
  const text = command.replace(/\\\n/g, '').replace(/\\(.)/g, '$1');
  const texts = [text, text.replace(/["']/g, ''), ...facts.analysis.commands.flatMap((c) => c.argv)];
  for (const t of texts) {
    if (xdgUnknown && THROUGH_XDG.test(t))
      return `the command names $XDG_STATE_HOME/toolgate, which may be toolgate serve's default state directory`;
    const dir = dirs.find((d) =>
      textNamesPath(t, d, {
        home: top,
        ...(xdg !== undefined ? { variables: { XDG_STATE_HOME: xdg } } : {}),
        ...(fs !== undefined ? { realpath: (p: string) => fs.realpath(p) } : {}),
      }),
    );
    if (dir !== undefined)
      return `the command names ${dir}, toolgate serve's default state directory (its store, the store's seal, its token and address)`;
  }
  return undefined;
}
