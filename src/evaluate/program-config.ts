/**
 * Programs that read options from files of their own before their command line (curl's
 * `~/.curlrc`, wget's `~/.wgetrc`): such a file can add `upload-file = TOKEN`, so what the command
 * line shows is not all the program does. Each file the model lists must be shown by the world to
 * be absent or harmless; otherwise the call's paths cannot be worked out (an unresolved reason:
 * a deny or ask rule could apply to what is hidden, so it asks). Without a file-system view a
 * file may exist, and a file the same command line writes is not the one the view shows.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { givenAssignment, givenEnvironment } from '../shell/commands/given-environment.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';

/** What the world shows of a call's program config files. */
export interface ConfigWorld {
  /** The file-system view; without one every listed file may exist. */
  view?: ReadonlyFsView | undefined;
  /** A variable of the environment: its value, `null` when known unset, `undefined` when it may be set. */
  variable(name: string): string | null | undefined;
  /** The home directory (absolute, normalised). */
  home: string;
}

/** Why a command of the line reads options toolgate cannot see, one reason per command. */
export function configFileReasons(analysis: ShellAnalysis, effects: readonly PathEffect[], world: ConfigWorld): string[] {
  const out: string[] = [];
  for (const [i, cmd] of analysis.commands.entries()) {
    const argv0 = cmd.argv[0];
    if (argv0 === undefined || cmd.literal[0] !== true) continue;
    const name = foldedCommandName(argv0);
    const config = PROGRAMS.get(name)?.configFiles?.(cmd.argv, lineVariable(analysis, i, world), world.home);
    if (config === undefined) continue;
    if ('unknown' in config) {
      out.push(`${name} reads options from a file before its command line, and where is unknown: ${config.unknown}`);
      continue;
    }
    const why = fileProblem(name, config.files, config.harmless, effects, world.view);
    if (why !== undefined) out.push(why);
  }
  return out;
}

/**
 * The variables a command sees: one the line gives it, through every wrapper on the way
 * (`CURL_HOME=/tmp/e curl …`, `env WGETRC=cfg nice wget …`; `givenEnvironment`), by the value
 * written — a value that is not a plain word (quotes, `$`, `~`) counts as relative, which the
 * models take as unknown, as does one a wrapper may set unseen (dotenv) — else the environment's.
 */
function lineVariable(analysis: ShellAnalysis, i: number, world: ConfigWorld): (name: string) => string | null | undefined {
  const environment = givenEnvironment(analysis, i);
  return (name) => {
    const set = givenAssignment(environment, name);
    if (set === undefined) return world.variable(name);
    if ('hidden' in set) return `unknown:${set.hidden}`;
    return set.append || set.value === undefined || set.written !== set.value || !/^[\w@%+=:,./-]*$/.test(set.value)
      ? `unknown:${set.written}`
      : set.value;
  };
}

function fileProblem(
  name: string,
  files: readonly string[],
  harmless: (text: string) => boolean,
  effects: readonly PathEffect[],
  view: ReadonlyFsView | undefined,
): string | undefined {
  const written = files.find((f) =>
    effects.some((e) => e.op === 'write' && (!e.literal || e.glob || e.path === f || (e.tree !== undefined && isInside(f, e.path)))),
  );
  if (written !== undefined) return `the command line writes ${written} (or may), which ${name} reads options from before its command line`;
  if (view === undefined)
    return `${name} reads options from ${files[0]} and the like when they exist, before its command line (run it with -q/--disable or --no-config first to skip them); toolgate has no view of the files`;
  for (const f of files) {
    if (!view.exists(f)) continue;
    const text = view.readText?.(f);
    if (text === undefined) return `${f} exists and cannot be read: ${name} reads options from it before its command line`;
    if (!harmless(text)) return `${f} sets options ${name} reads before its command line, which may name files it sends or writes`;
  }
  return undefined;
}
