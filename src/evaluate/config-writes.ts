/**
 * Files a program writes because its configuration file names them (api-extractor's
 * `dtsRollup.untrimmedFilePath`, `apiReport.reportFolder`, …): the command line does not show
 * them. The model (`configWrites`) reads the configuration; this module gives it the file-system
 * view and turns what it finds into writes of the command, judged by deny rules and protected
 * paths like a name on the command line; the model finds the configuration from the files the
 * command reads (placed by the path-effect walk) as the program does. What cannot be told — no view, a file the same line writes (or may), a
 * word that is not literal, what the model cannot read — is a write of names toolgate cannot work
 * out below the command's directory: a protected ask (decision 0092). A package runner's command
 * (`npx tsc`, `pnpm -C sub exec tsc`, `yarn tsc`) is judged as the program it runs, in the folder
 * the runner runs it in: the runner's words show neither the configuration nor its writes.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { isUnknownDirectory } from '../shell/effects/path-effects.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';
import type { ProgramModel } from '../shell/programs/model.js';
import { isPackageRunner, packageRunsOf, specPackage } from '../shell/programs/package-runners.js';

/** More than this many bytes: a configuration file is not read. */
const MAX_TEXT = 256 * 1024;

/** Runners inside runners followed (`corepack pnpm exec tsc`). */
const MAX_RUNNER_DEPTH = 4;

/** Where the line's commands run and how a word becomes an absolute path there. @internal */
export interface ConfigWritesWorld {
  /** The directories command `i` runs in (`undefined`: cannot be told). */
  readonly dirs: (i: number) => readonly string[] | undefined;
  /** A literal word as an absolute path, resolved against `dir`. */
  readonly resolve: (word: string, dir: string) => string;
}

/**
 * A command a package runner runs whose program reads a configuration naming writes: its words
 * from the program's name on and the folders it runs in, as written relative to the runner's
 * working directory (`undefined`: a workspace, a filter, a folder toolgate cannot tell).
 */
interface RunnerRun {
  readonly name: string;
  readonly model: ProgramModel;
  readonly argv: readonly string[];
  readonly folders: readonly string[] | undefined;
}

/** The folders of a run inside a run: the inner ones taken from each outer one. */
function within(outer: readonly string[] | undefined, inner: readonly string[] | undefined): readonly string[] | undefined {
  if (outer === undefined || inner === undefined) return undefined;
  return outer.flatMap((o) => inner.map((f) => (f.startsWith('/') || o === '.' ? f : f === '.' ? o : `${o}/${f}`)));
}

/** The program a package spec runs: its package's name without runner prefix or version (`npx tsc@5`, `npx npm:@microsoft/api-extractor@7`). */
function specProgram(spec: string): string {
  return foldedCommandName(specPackage(spec).replace(/(?!^)@.*$/s, ''));
}

/** What the runner `name` with these words may run that reads such a configuration (each reading of its words). */
function runnerRuns(name: string, argv: readonly string[], depth: number): RunnerRun[] {
  if (depth > MAX_RUNNER_DEPTH) return [];
  const out: RunnerRun[] = [];
  for (const run of packageRunsOf(name, argv) ?? []) {
    const at = run.runsIn;
    // `npm --prefix sub exec tsc`: it may run in sub or where npm was started; both are judged.
    const folders =
      at === undefined || at === 'cwd' ? ['.'] : at === 'unknown' ? undefined : at.orCwd === true ? ['.', at.folder] : [at.folder];
    // A script's name when no script has it; each word of a command's that starts a reading (`npx -p typescript tsc`).
    const words = run.kind === 'command' ? run.words : run.orCommand ? [run.name, ...run.args] : [];
    const starts = run.kind === 'command' ? words.length : Math.min(words.length, 1);
    for (let k = 0; k < starts; k++) {
      const w = words[k]!;
      if (w.startsWith('-')) continue;
      // A package spec names the package's program (`npx tsc@5`, `npx @microsoft/api-extractor`).
      const program = run.kind === 'command' && run.spec ? specProgram(w) : foldedCommandName(w);
      if (isPackageRunner(program)) {
        for (const inner of runnerRuns(program, words.slice(k), depth + 1)) out.push({ ...inner, folders: within(folders, inner.folders) });
        continue;
      }
      const model = PROGRAMS.get(program);
      if (model?.configWrites !== undefined) out.push({ name: program, model, argv: [program, ...words.slice(k + 1)], folders });
    }
  }
  return out;
}

/**
 * Whether a word after a runner's name may name what `runnerRuns` follows — a program whose
 * configuration names writes (`tsc`, `tsc@5`, `@microsoft/api-extractor@7`) or another runner —
 * so `npm run test` is not read for a runner's command at all: that reading took a fifth of the
 * whole decision of `npm run test && git status | head -5`.
 */
function mayRunConfigWriter(argv: readonly string[]): boolean {
  const writers = PROGRAMS.namesWith('configWrites');
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    // The folded name, then the package spec's program (no array per word: this reads every word of every runner's command).
    const folded = foldedCommandName(w);
    if (writers.includes(folded) || isPackageRunner(folded)) return true;
    const program = specProgram(w);
    if (writers.includes(program) || isPackageRunner(program)) return true;
  }
  return false;
}

/** The writes the configuration files of the line's commands name. */
export function configNamedWrites(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  view: ReadonlyFsView | undefined,
  world?: ConfigWritesWorld,
): PathEffect[] {
  const out: PathEffect[] = [];
  // `skip`: a runner's command, whose words toolgate assumes it writes (`npx tsc -p tsconfig.json`); what it runs is judged here.
  const written = (f: string, skip?: number) =>
    effects.some(
      (e) =>
        e.op !== 'read' &&
        !(e.command === skip && e.assumed !== undefined) &&
        (!e.literal || e.glob || e.path === f || (e.tree !== undefined && isInside(f, e.path))),
    );
  const reader =
    (skip?: number) =>
    (p: string): string | null | undefined => {
      if (written(p, skip)) return undefined;
      if (view === undefined) return undefined;
      if (!view.exists(p)) return null;
      const text = view.readText?.(p);
      return text === undefined || text.length > MAX_TEXT ? undefined : text;
    };
  const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';
  /** Command `i` runs `name` with `argv`, reading `reads` (effects, or absolute paths: in the model's order); `fallback` is its folder when it reads none. */
  const judge = (
    i: number,
    name: string,
    model: ProgramModel,
    argv: readonly string[],
    reads: readonly PathEffect[] | readonly string[],
    fallback: string,
    skip?: number,
  ): void => {
    const paths = reads.map((e) => (typeof e === 'string' ? e : e.path));
    const where = paths[0] !== undefined ? dirOf(paths[0]) : fallback;
    const unseen = (why: string): void => unseenAt(out, i, name, where, why);
    // No read: the command reads no configuration (`api-extractor --help`); the model says what it writes.
    if (reads.some((e) => typeof e !== 'string' && (!e.literal || e.glob))) return unseen('a file toolgate cannot name');
    if (view === undefined && paths.length > 0) return unseen('toolgate has no view of the files');
    const rewritten = paths.find((p) => written(p, skip));
    if (rewritten !== undefined) return unseen(`the line writes ${rewritten}, which it reads`);
    const found = model.configWrites!(argv, paths, reader(skip));
    if ('unknown' in found) return unseen(found.unknown);
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
  };
  analysis.commands.forEach((cmd, i) => {
    if (cmd.literal[0] !== true) return;
    const name = cmd.program;
    const model = PROGRAMS.get(name);
    if (model?.configWrites !== undefined) {
      const reads = effects.filter((e) => e.command === i && e.op === 'read' && e.tree === undefined);
      return judge(i, name, model, cmd.argv, reads, '/');
    }
    if (!isPackageRunner(name) || !mayRunConfigWriter(cmd.argv)) return;
    // `npx tsc`, `pnpm -C sub exec tsc`: the program it runs reads its configuration where the runner runs it.
    for (const run of runnerRuns(name, cmd.argv, 0)) {
      const bases = world?.dirs(i);
      if (bases === undefined || bases.length === 0 || world === undefined) {
        unseenAt(out, i, run.name, '/', `${name} runs it where toolgate cannot tell`);
        continue;
      }
      for (const base of bases) {
        if (!cmd.literal.every((l) => l)) {
          unseenAt(out, i, run.name, base, `${name}'s words are not all literal`);
          continue;
        }
        if (run.folders === undefined || isUnknownDirectory(base)) {
          unseenAt(out, i, run.name, base, `${name} runs it in a folder toolgate cannot tell`);
          continue;
        }
        for (const folder of run.folders) {
          const dir = world.resolve(folder, base);
          const files = run.model.files?.(run.name, run.argv).files ?? [];
          const reads = files.flatMap((f) => (f.op === 'read' ? [world.resolve(f.value ?? run.argv[f.index] ?? '.', dir)] : []));
          judge(i, run.name, run.model, run.argv, reads, dir, i);
        }
      }
    }
  });
  return out;
}

/** A write of names toolgate cannot work out below `at`, by the program `name` command `i` runs (decision 0092). */
function unseenAt(out: PathEffect[], i: number, name: string, at: string, why: string): void {
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
}
