/**
 * The files the git configuration names as programs git runs (decision 0126): `core.fsmonitor =
 * ./x.sh`, `gpg.program = ./sign.sh`, `alias.t = !sh scripts/t.sh`, a filter, a merge driver, an
 * editor or pager named by its path or run as a script. A rule naming git and its subcommand
 * (`Bash(git commit:*)`) consents to what the repository's configuration makes that command run,
 * as `Bash(npm test)` consents to the test script; that standing answer holds only for the
 * programs as the person left them, so a write to one is a protected ask — as a write to a file
 * an exported `EDITOR` names is (`loader-locations.ts`). The configuration files themselves are
 * protected already (`.git/config`, `~/.gitconfig`).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import {
  ALTERNATE_REFS,
  CLEAN_FILTER,
  COMMAND_FORMS,
  EXTERNAL_DIFF,
  FETCH,
  FSMONITOR,
  MERGE_DRIVER,
  PAGER,
  PRETTY_SIGNATURE,
  SHOW_SIGNATURE,
  SMUDGE_FILTER,
  TEXTCONV,
  type ConfigRead,
} from '../shell/programs/git/config-kinds.js';
import { COMMAND_KEY_GROUPS, CREDENTIAL_KEYS, SIGNING_KEYS } from '../shell/programs/git/command-keys.js';
import { configFiles } from '../shell/programs/git/repository.js';
import { extCommandText } from '../shell/programs/git/transports.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import { configPlaces, environmentConfig } from '../shell/programs/git/world.js';
import { commandCode } from './command-code.js';
import type { Platform } from '../core/types.js';

/** Every kind of key whose value is a program git runs (`config-kinds.ts`), made on first use. */
let programKinds: readonly ConfigRead[] | undefined;
const kindsOfPrograms = (): readonly ConfigRead[] =>
  (programKinds ??= [
    ...COMMAND_FORMS,
    FSMONITOR,
    CLEAN_FILTER,
    SMUDGE_FILTER,
    MERGE_DRIVER,
    EXTERNAL_DIFF,
    TEXTCONV,
    SHOW_SIGNATURE,
    PRETTY_SIGNATURE,
    ALTERNATE_REFS,
    FETCH,
    PAGER,
  ]);

/** One configured program file: where it is, and the setting that names it. */
export interface ConfiguredProgram {
  path: string;
  /** The top of the working tree it is found from. */
  top: string;
  key: string;
  file: string;
  /** Only the paths inside `path` this matches are the program's (the files an ssh `Include` glob names). */
  pattern?: RegExp;
  /** How git comes to run it, when not as the program the value names (`the ssh configuration \`ssh -F ~/x.cfg\` reads, …`). */
  via?: string;
}

/**
 * The program files the configuration git reads in `cwd` names (the repository there, the user's
 * global files — `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config`, `GIT_CONFIG_GLOBAL` — the system
 * file and what they include; outside a repository the user's and the system's alone): each value
 * of a program key read as a command by the reader of what a command run with no tool call
 * executes (`command-code.ts`, decision 0128) from the top of the working tree, where git runs
 * them — a program by its path, an interpreter's script (`sh ~/bin/x.sh`), `$HOME/…`, `${HOME}/…`
 * and `~/…`, `ssh -F FILE`'s configuration and what its ProxyCommand runs, a shell script's own
 * lines, each also where the kernel takes it through links (red team 26 RT26-A, RT26-G3;
 * decision 0135). Nothing without a view. `git`: the call's reads of its repositories, when it has them.
 */
export function configuredPrograms(
  view: ReadonlyFsView | undefined,
  world: { cwd: string; home: string; platform: Platform },
  variable: (name: string) => string | null | undefined,
  git?: GitReads,
): ConfiguredProgram[] {
  if (view === undefined) return [];
  // The call's reads when it has them: discovery and the configuration files are read once per call.
  const reads = git ?? gitReads(view);
  const found = reads.repositoryAt(world.cwd);
  if ('unknown' in found) return [];
  const repo = 'found' in found ? found.found : undefined;
  const config = reads.config(configFiles(repo, world.home, configPlaces(variable)), world.home);
  if ('unknown' in config) return [];
  // And what the environment gives git after them (GIT_CONFIG_COUNT…, GIT_CONFIG_PARAMETERS; red team 27 C).
  const environment = environmentConfig(variable, { reads, home: world.home });
  const entries = 'unknown' in environment || environment.entries.length === 0 ? config.entries : [...config.entries, ...environment.entries];
  return entryPrograms(entries, repo?.workTree ?? world.cwd, world.home, view);
}

/**
 * The program files `entries` name (see {@link configuredPrograms}), each read as git runs it from
 * `top`, the top of the working tree: the configuration files' entries, the environment's, and
 * those the user's shell start-up files give every git (`startup-git.ts`, decision 0156).
 */
export function entryPrograms(
  entries: readonly { key: string; value: string | null; file: string }[],
  top: string,
  home: string,
  view: ReadonlyFsView,
): ConfiguredProgram[] {
  const world = { home };
  const out: ConfiguredProgram[] = [];
  for (const e of entries) {
    if (e.value === null || e.value.trim() === '' || !mayNameProgram(e.key)) continue;
    // An `ext::` URL — a remote's, or the base a rewrite turns URLs into — is a command git-remote-ext
    // runs from the top of the work tree, with no shell (red team 27, class A).
    const ext = extUrl(e.key, e.value);
    if (ext !== undefined) {
      const text = extCommandText(ext);
      if (text !== undefined)
        for (const c of commandCode(text, { cwd: top, top, home: world.home, view }, false))
          out.push({ path: c.path, top, key: e.key, file: e.file, via: /^run by `[^`]*`$/.test(c.via) ? 'an ext:: URL, whose command git-remote-ext runs' : c.via });
      continue;
    }
    // One word with no slash (`helper = gcloud.sh`, `editor = vim`) is a program PATH finds: no file
    // of the project, and no need to read it as shell text.
    if (/^\s*!?\s*[^\s/'"\\$`;&|<>()]+\s*$/.test(e.value)) continue;
    // A remote's URL starts ssh by its name (`byNameOnly`): no file of the project.
    const kind = kindsOfPrograms().find((k) => k.key.test(e.key) && k.byNameOnly !== true);
    const alias = e.key.startsWith('alias.');
    // The signing programs are values of their own keys (`gpg.program`), and a `!` alias is shell text.
    if (alias ? !e.value.startsWith('!') : kind === undefined && !SIGNING_KEYS.test(e.key)) continue;
    if (kind?.runs !== undefined && !kind.runs(e.value)) continue;
    // A credential helper that is neither `!TEXT` nor an absolute path is `git credential-NAME
    // ARGS` (credential.c): its words are the helper's data (`store --file ~/.creds`), no program file.
    if (CREDENTIAL_KEYS.test(e.key) && !/^\s*[!/]/.test(e.value)) continue;
    for (const c of commandCode(e.value.replace(/^\s*!/, ''), { cwd: top, top, home: world.home, view }, false))
      out.push({ path: c.path, top, key: e.key, file: e.file, ...(c.pattern !== undefined ? { pattern: c.pattern } : {}), ...(/^run by `[^`]*`$/.test(c.via) ? {} : { via: c.via }) });
  }
  return out;
}

/**
 * The `ext::` URL a remote's URL (`remote.NAME.url`, `pushurl`) is, or a rewrite makes
 * (`url.ext::CMD.insteadOf` / `pushInsteadOf`: the subsection is the URL git uses), else undefined.
 */
function extUrl(key: string, value: string): string | undefined {
  if (/^remote\..+\.(?:url|pushurl)$/.test(key)) return value.startsWith('ext::') ? value : undefined;
  const m = /^url\.(ext::.*)\.(?:insteadof|pushinsteadof)$/s.exec(key);
  return m === null ? undefined : m[1];
}

/**
 * Whether a key may be one of {@link kindsOfPrograms}' (the key groups `-c` judges, the signing and
 * history keys, a remote's proxy, an alias): the keys every repository holds (`core.bare`,
 * `remote.origin.fetch`, `branch.main.merge`) are passed over before the kinds are made, so an
 * Edit in a repository never loads the shell family's modules (`tsup.config.ts`).
 */
function mayNameProgram(key: string): boolean {
  return (
    key.startsWith('alias.') ||
    SIGNING_KEYS.test(key) ||
    COMMAND_KEY_GROUPS.some((k) => k.test(key)) ||
    /^(?:commit|tag|push)\.gpgsign$|^log\.showsignature$|^format\.pretty$|^pretty\.|^remote\..+\.(?:proxy|url|pushurl|vcs)$|^url\./.test(key)
  );
}

/** Why a write to `written` changes a program the git configuration names, or `undefined`. */
export function configuredProgramWrite(written: string, programs: readonly ConfiguredProgram[]): string | undefined {
  // The file itself, or a folder holding it below the working tree's top (a copy of a folder over `tools/`).
  const hit = programs.find(
    (p) => (isInside(written, p.path) && (p.pattern === undefined || p.pattern.test(written))) || (isInside(p.path, written) && isInside(written, p.top) && written !== p.top),
  );
  if (hit === undefined) return undefined;
  const names = hit.via === undefined ? `names ${hit.path} as a program git runs` : `makes git run code from ${hit.path} (${hit.via})`;
  return `${hit.key} in ${hit.file} ${names}: writing it changes what a later git command runs, which a rule allowing that command consents to only as it is`;
}
