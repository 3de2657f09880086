/**
 * Files a program writes because its configuration file names them (api-extractor's
 * `dtsRollup.untrimmedFilePath`, `apiReport.reportFolder`, …): the command line does not show
 * them. The model (`configWrites`) reads the configuration; this module gives it the file-system
 * view and turns what it finds into writes of the command, judged by deny rules and protected
 * paths like a name on the command line; the model finds the configuration from the files the
 * command reads (placed by the path-effect walk) as the program does. What cannot be told — no view, a file the same line writes (or may), a
 * word that is not literal, what the model cannot read — is a write of names toolgate cannot work
 * out below the command's directory: a protected ask (decision 0092).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';

/** More than this many bytes: a configuration file is not read. */
const MAX_TEXT = 256 * 1024;

/** The writes the configuration files of the line's commands name. */
export function configNamedWrites(analysis: ShellAnalysis, effects: readonly PathEffect[], view: ReadonlyFsView | undefined): PathEffect[] {
  const out: PathEffect[] = [];
  analysis.commands.forEach((cmd, i) => {
    const argv0 = cmd.argv[0];
    if (argv0 === undefined || cmd.literal[0] !== true) return;
    const name = foldedCommandName(argv0);
    const model = PROGRAMS.get(name);
    if (model?.configWrites === undefined) return;
    const reads = effects.filter((e) => e.command === i && e.op === 'read' && e.tree === undefined);
    const unseen = (at: string, why: string): void => {
      out.push({
        op: 'write',
        path: at,
        raw: `the files ${name}'s configuration names (${why})`,
        literal: true,
        command: i,
        glob: false,
        tree: 'some',
        names: { kind: 'unseen', what: 'program' },
      });
    };
    const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';
    const where = reads[0] !== undefined ? dirOf(reads[0].path) : '/';
    // No read: the command reads no configuration (`api-extractor --help`); the model says what it writes.
    if (reads.some((e) => !e.literal || e.glob)) return unseen(where, 'a file toolgate cannot name');
    if (view === undefined && reads.length > 0) return unseen(where, 'toolgate has no view of the files');
    const written = (f: string) =>
      effects.some((e) => e.op !== 'read' && (!e.literal || e.glob || e.path === f || (e.tree !== undefined && isInside(f, e.path))));
    const read = (p: string): string | null | undefined => {
      if (written(p)) return undefined;
      if (view === undefined) return undefined;
      if (!view.exists(p)) return null;
      const text = view.readText?.(p);
      return text === undefined || text.length > MAX_TEXT ? undefined : text;
    };
    const rewritten = reads.find((e) => written(e.path));
    if (rewritten !== undefined) return unseen(where, `the line writes ${rewritten.path}, which it reads`);
    const found = model.configWrites(
      cmd.argv,
      reads.map((e) => e.path),
      read,
    );
    if ('unknown' in found) return unseen(where, found.unknown);
    for (const w of found.writes) {
      out.push({
        op: 'write',
        path: w.path,
        raw: `${w.path} (${w.setting} in ${w.file})`,
        literal: true,
        command: i,
        glob: false,
        ...(w.tree !== undefined ? { tree: w.tree } : {}),
      });
    }
  });
  return out;
}
