/**
 * A command whose program runs a start-up file as code (`gdb --version` with a
 * ~/.gdbearlyinit, `less notes.txt` with a ~/.lesskey that sets LESSOPEN;
 * `shell/programs/startup-code.ts`) is opaque code where the file-system view shows such a file
 * whose text may run something, or where the same command line writes one. Without a view the
 * files are taken as absent, as git's configuration files are: a policy tested with no view keeps
 * its everyday `less` decisions.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { startupCodeOf } from '../shell/programs/startup-code.js';

/** What the world shows of the files. */
export interface StartupWorld {
  view?: ReadonlyFsView | undefined;
  /** The home directory (absolute, normalised). */
  home: string;
  /** A variable of the environment: its value, `null` when known unset, `undefined` when it may be set. */
  variable(name: string): string | null | undefined;
}

/** Marks each command that runs a start-up file's code (`SimpleCommand.opaque`), with why. */
export function markStartupCode(analysis: ShellAnalysis, effects: readonly PathEffect[], world: StartupWorld): void {
  analysis.commands.forEach((cmd) => {
    if (cmd.opaque !== undefined || cmd.unknown !== undefined || cmd.literal[0] !== true) return;
    const name = cmd.program;
    const entry = startupCodeOf(name);
    const files = entry?.files(cmd.argv, world.variable, world.home);
    if (entry === undefined || files === undefined) return;
    const why = (file: string, how: string) => `${name} runs ${entry.what} of ${file} ${entry.when ?? 'as it starts'} (${how}), which toolgate cannot see`;
    // A write the line makes of one of them, or one whose name toolgate cannot see, may put code there.
    const written = files.find((f) => effects.some((e) => e.op === 'write' && (!e.literal || e.glob || e.path === f)));
    if (written !== undefined) {
      cmd.opaque = why(written, 'the command line writes it');
      return;
    }
    const view = world.view;
    if (view === undefined) return;
    for (const f of files) {
      if (!view.exists(f)) continue;
      const text = view.readText?.(f);
      if (text !== undefined && entry.harmless(text)) continue;
      cmd.opaque = why(f, text === undefined ? 'it exists and cannot be read' : 'it exists');
      return;
    }
  });
}
