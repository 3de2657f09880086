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
 * run `tools/x.sh -c 'node -e 1'`; `node-options=--require ./tools/pre.js` loaded pre.js; and
 * `init-module`, the module `npm init` (with no package name; `npm init <pkg>` runs create-<pkg>
 * instead) loads — `~/.npm-init.js` where no npmrc sets it (npm 11.19: `npm init -y` ran either).
 * A value naming a program by name only (`script-shell=bash`) is found along PATH (protected
 * apart). npm puts in `${VAR}` and `${VAR?}` (`@npmcli/config`'s env-replace: an unset `${VAR}`
 * stays as written, `${VAR?}` is empty; npm 11.19 ran `node-options=--require ${PWD}/tools/x.js`'s
 * file): `${PWD}` is the folder npm runs in, `${HOME}` the home, a known variable its value, and
 * one not known each value toolgate cannot exclude (`configuration-variables.ts`, decision 0148).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { loaderPlaces } from '../shell/programs/loader-variables.js';
import { npmConfigFiles } from '../shell/programs/npm-config.js';
import { expandedWord, type ExpansionRules } from './configuration-variables.js';

/** The npm commands that run what a key names, as a reason says. */
const RUNS = 'a later npm run, npm test or npx';
const INIT = 'a later npm init';

/**
 * The keys whose value names a program npm runs, with the value's shape and what runs it; `cwd`:
 * a relative value is npm's `path` type, resolved from where npm runs (npm 11.19 ran
 * `init-module=./tools/x.js` from a subfolder as that subfolder's tools/x.js). Not `init.module`:
 * npm 11.19 loaded no module it named in an npmrc.
 */
const PROGRAM_KEYS: Readonly<Record<string, { shape: 'program' | 'node-options' | 'file'; what: string; cwd?: true; by: string }>> = {
  'script-shell': { shape: 'program', what: 'the shell npm runs every package script with', by: RUNS },
  'node-options': { shape: 'node-options', what: 'options npm gives every node its scripts start (--require loads a file first)', by: RUNS },
  'init-module': { shape: 'file', what: 'the module npm init loads and runs', cwd: true, by: INIT },
};

/** npm's default `init-module` (npm-config(7)), below the home directory. */
const DEFAULT_INIT_MODULE = '.npm-init.js';

/** npm's env-replace (`@npmcli/config`): `${VAR}`, `${VAR?}`, a backslash escapes. */
const NPM_EXPANSION: ExpansionRules = { optional: true, escapes: true };

/** A program file an npmrc names, and the line that names it. */
export interface NpmProgram {
  path: string;
  key: string;
  /** The npmrc that sets it, or `undefined` for npm's default. */
  file: string | undefined;
  what: string;
  /** The npm commands that run it (`a later npm init`). */
  by: string;
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
  // `${PWD}`: the shell that runs npm sets it to where npm runs.
  const known = (name: string) => (name === 'PWD' ? world.cwd : name === 'HOME' ? (stringOf(variable(name)) ?? world.home) : variable(name));
  let initModule = stringOf(variable('npm_config_init_module')) !== undefined || stringOf(variable('NPM_CONFIG_INIT_MODULE')) !== undefined;
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
      if (program.shape === 'file') initModule = true;
      const written = set![2]!.replace(/^"(.*)"$|^'(.*)'$/, '$1$2');
      const folders = program.cwd === true ? [...new Set([world.cwd, from])] : [from];
      for (const value of expandedWord(written, { variable: known, here: from }, NPM_EXPANSION))
        for (const place of loaderPlaces(program.shape, value))
          for (const folder of folders) {
            const path = place.startsWith('/') ? place : place.startsWith('~/') ? `${world.home}/${place.slice(2)}` : `${folder}/${place}`;
            out.push({ path: normal(path), key, file, what: program.what, by: program.by });
          }
    }
  }
  if (!initModule)
    out.push({ path: `${world.home === '/' ? '' : world.home}/${DEFAULT_INIT_MODULE}`, key: 'init-module', file: undefined, what: PROGRAM_KEYS['init-module']!.what, by: INIT });
  return out;
}

function stringOf(value: string | null | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
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
    : `${hit.file === undefined ? `the default ${hit.key} of npm` : `${hit.key} in ${hit.file}`} names ${hit.path}, ${hit.what}: writing it changes what ${hit.by} runs, which a rule allowing that command consents to only as it is`;
}
