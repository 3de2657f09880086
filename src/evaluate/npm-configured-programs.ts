/**
 * The programs npm's own configuration names (red team 27, class N): `script-shell`, the shell
 * `npm run`, `npm test` and `npx -c` run every package script with, and `node-options`, the
 * options npm gives every node a script starts (`--require`/`--import` load a file first), set in
 * an npmrc npm reads by itself — the project's `.npmrc`, the user's (`~/.npmrc`,
 * `$NPM_CONFIG_USERCONFIG`), the global one (`$NPM_CONFIG_GLOBALCONFIG`, `PREFIX/etc/npmrc`):
 * the list `programs/npm-config.ts` gives. A rule allowing `npm run build` consents to what it
 * runs only as the person left it (decision 0126's rule), so a write to such a program is a
 * protected ask, as to a program the git configuration names (`git-configured-programs.ts`). The
 * npmrc files themselves are protected already. npm 11.19 (fake HOME): `script-shell=./tools/x.sh`
 * in ~/.npmrc or the project's, or in `$NPM_CONFIG_USERCONFIG`'s file, made `npm run -s build`
 * run `tools/x.sh -c 'node -e 1'`; `node-options=--require ./tools/pre.js` loaded pre.js. A value
 * naming a program by name only (`script-shell=bash`) is found along PATH (protected apart); one
 * holding a `${…}` other than `${HOME}` names no file toolgate can tell (decision 0136).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { loaderPlaces } from '../shell/programs/loader-variables.js';
import { npmConfigFiles } from '../shell/programs/npm-config.js';

/** The keys whose value names a program npm runs, with the value's shape and what runs it. */
const PROGRAM_KEYS: Readonly<Record<string, { shape: 'program' | 'node-options'; what: string }>> = {
  'script-shell': { shape: 'program', what: 'the shell npm runs every package script with' },
  'node-options': { shape: 'node-options', what: 'options npm gives every node its scripts start (--require loads a file first)' },
};

/** A program file an npmrc names, and the line that names it. */
export interface NpmProgram {
  path: string;
  key: string;
  file: string;
  what: string;
}

/**
 * The programs the npmrc files an npm command run in `cwd` reads name (none without a view that
 * reads, or where the files cannot be listed). A relative value is relative to where npm runs the
 * script: the project's folder (the `.npmrc`'s own, for the project's file — the one beside
 * package.json or node_modules; the working directory for the user's and the global one: npm 11
 * ran `~/.npmrc`'s `script-shell=./tools/x.sh` from the project).
 */
export function npmPrograms(
  view: ReadonlyFsView | undefined,
  world: { cwd: string; home: string },
  variable: (name: string) => string | null | undefined,
): NpmProgram[] {
  if (view?.readText === undefined) return [];
  // The files of a later npm command given no option that moves them (an empty command line).
  const listed = npmConfigFiles([], variable, world.home, world.cwd);
  if ('unknown' in listed) return [];
  const out: NpmProgram[] = [];
  for (const file of listed.files) {
    const text = view.exists(file) ? view.readText(file) : undefined;
    if (text === undefined) continue;
    // A project's file: in a folder above the working directory with package.json or node_modules.
    const dir = file.endsWith('/.npmrc') ? file.slice(0, -'/.npmrc'.length) || '/' : undefined;
    const projectFile = dir !== undefined && isInside(world.cwd, dir) && (view.exists(`${dir}/package.json`) || view.exists(`${dir}/node_modules`));
    const from = projectFile ? dir : world.cwd;
    for (const raw of text.split(/\r?\n/)) {
      const set = /^\s*([^=;#\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(raw);
      const key = set?.[1]!.toLowerCase();
      const program = key === undefined ? undefined : PROGRAM_KEYS[key];
      if (key === undefined || program === undefined) continue;
      const value = set![2]!.replace(/^"(.*)"$|^'(.*)'$/, '$1$2').replace(/\$\{HOME\}/g, world.home);
      if (value.includes('${')) continue;
      for (const place of loaderPlaces(program.shape, value)) {
        const path = place.startsWith('/') ? place : place.startsWith('~/') ? `${world.home}/${place.slice(2)}` : `${from}/${place}`;
        out.push({ path: normal(path), key, file, what: program.what });
      }
    }
  }
  return out;
}

/** `path` with its `.` segments and repeated slashes taken out (a `..` stays: the view resolves it). */
function normal(path: string): string {
  return path.replace(/\/+/g, '/').replace(/\/\.(?=\/|$)/g, '');
}

/** Why a write to `written` changes a program an npmrc names, or `undefined`. */
export function npmProgramWrite(written: string, programs: readonly NpmProgram[]): string | undefined {
  const hit = programs.find((p) => p.path === written);
  return hit === undefined
    ? undefined
    : `${hit.key} in ${hit.file} names ${hit.path}, ${hit.what}: writing it changes what a later npm run, npm test or npx runs, which a rule allowing that command consents to only as it is`;
}
