/**
 * What matching a shell call's rules works out once for the call (STYLE, "prepared state is an
 * object you hold"): one call's analysis meets every deny, ask and allow rule in turn, and each
 * asks the same questions of it. The call's facts hold one {@link ShellMatching} (`facts.ts`), so
 * two calls decided in turn or interleaved (two policies, two views: serve decides many) never
 * share an answer.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { squeezeCommand } from '../rules/command.js';
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { PROGRAMS } from '../shell/programs/index.js';
import { plainProgramName } from '../shell/programs/plain-names.js';
import { otherInstalledNames } from '../shell/programs/installed-names.js';
import { programsRunByCommand } from '../shell/programs/installed-scripts.js';
import { unknownPatterns, wordsOfUnknownPrograms } from '../shell/unknown-programs.js';
import { hasHoles, wordVariants } from './holes.js';
import { opaqueCommands, type OpaqueCommand } from './opaque-commands.js';
import { SameFileNames } from './same-file-names.js';

/**
 * One shell call's answers, each worked out on first use and kept for the call: the texts deny
 * and ask rules are tried against, the analysis' {@link AnalysisExtras}, and the names looked up
 * in the file-system view ({@link SameFileNames}). Made with the call's facts; worked out lazily
 * because the evaluation marks the analysis' commands (programs the agent may write, start-up
 * code) after the facts are made and before any rule is tried.
 */
export class ShellMatching {
  private texts: RestrictiveTexts | undefined;
  private extras: AnalysisExtras | undefined;
  private names: SameFileNames | undefined;
  private scriptRuns: ScriptCommand[] | undefined;
  private readonly configured: ScriptCommand[] = [];

  constructor(readonly analysis: ShellAnalysis) {}

  /** The texts deny and ask rules are tried against ({@link restrictiveTextsOf}). */
  restrictiveTexts(): RestrictiveTexts {
    return (this.texts ??= restrictiveTextsOf(this.analysis));
  }

  /** The commands with holes, the opaque ones and the unknown programs' words ({@link analysisExtras}). */
  analysisExtras(): AnalysisExtras {
    return (this.extras ??= analysisExtras(this.analysis));
  }

  /**
   * The commands whose first word names a script installed beside a program, in order, then those
   * a configuration file makes start a program by its name ({@link ScriptCommand}).
   */
  scripts(): readonly ScriptCommand[] {
    return (this.scriptRuns ??= [...scriptCommands(this.analysis), ...this.configured]);
  }

  /** Programs the configuration makes commands start by their names (git's signing program), told before any rule is tried. */
  startedByConfiguration(started: readonly { command: number; runs: readonly string[]; why: string; maybe?: true }[]): void {
    for (const s of started) {
      const cmd = this.analysis.commands[s.command];
      if (cmd !== undefined)
        this.configured.push(s.maybe === true ? { cmd, runs: s.runs, why: s.why, maybe: true } : { cmd, runs: s.runs, why: s.why });
    }
    this.scriptRuns = undefined;
  }

  /** The names looked up in `view` for this call (a view other than the last one asked about starts afresh). */
  sameFileNames(view: ReadonlyFsView): SameFileNames {
    if (this.names === undefined || !this.names.isFor(view, this.analysis)) this.names = new SameFileNames(view, this.analysis);
    return this.names;
  }
}

/**
 * A command run by a script installed beside a program (`zgrep` runs gzip: `installed-scripts.ts`),
 * a program's transport (`scp a host:b` runs ssh), or one a configuration file makes start a
 * program by its name (`git commit` gpg), the programs it runs, and `why` in a reason's words.
 */
export interface ScriptCommand {
  cmd: SimpleCommand;
  runs: readonly string[];
  why?: string;
  /** It may run them, by text toolgate does not read (a submodule's URL): a rule on them asks. */
  maybe?: true;
}

/** The {@link ScriptCommand}s of an analysis: every deny and ask rule asks, so they are found once per call. */
function scriptCommands(analysis: ShellAnalysis): ScriptCommand[] {
  const out: ScriptCommand[] = [];
  for (const cmd of analysis.commands) {
    const found = programsRunByCommand(cmd.argv);
    if (found !== undefined) out.push({ cmd, runs: found.runs, why: found.how });
  }
  return out;
}

/** What matching deny and ask rules (and the rule index) asks of an analysis beyond its texts. */
export interface AnalysisExtras {
  /** The commands with words that are not literal, and their word variants. */
  holes: { cmd: SimpleCommand; variants: ReturnType<typeof wordVariants> }[];
  /** The first opaque command's reason. */
  opaque: string | undefined;
  /** The commands that run opaque code ({@link opaqueCommands}, also the opaque-code table's). */
  opaqueCommands: OpaqueCommand[];
  /** The words in the arguments of programs toolgate does not know. */
  unknownWords: Map<string, string>;
  /** Those of them that are patterns (`unknownPatterns`). */
  unknownPatterns: readonly string[];
}

/** {@link AnalysisExtras} of an analysis, worked out afresh (a call's are held by its {@link ShellMatching}). */
export function analysisExtras(analysis: ShellAnalysis): AnalysisExtras {
  const holes = analysis.commands.filter(hasHoles).map((cmd) => ({ cmd, variants: wordVariants(cmd) }));
  const opaque = opaqueCommands(analysis);
  const unknownWords = wordsOfUnknownPrograms(analysis);
  return { holes, opaque: opaque[0]?.why, opaqueCommands: opaque, unknownWords, unknownPatterns: unknownPatterns(unknownWords) };
}

/** A text a deny or ask rule is tried against, and why it stands for the command when it is not its own words. */
interface RestrictiveText {
  raw: string;
  note?: string;
}

/** Texts a deny or ask rule is tried against for one simple command: with and without assignments. */
function restrictiveTexts(cmd: SimpleCommand): RestrictiveText[] {
  const names = restrictiveNames(cmd);
  const texts: RestrictiveText[] = names.map((argv) => ({ raw: argv.join(' ') }));
  if (cmd.assignments.length > 0) texts.splice(1, 0, { raw: cmd.source });
  // `dash -c …` is `sh -c …` where /bin/sh is dash, `awk …` may be `mawk …`, `git-receive-pack .` is
  // `git receive-pack .`: the command under the other names of the program it runs (decision 0119;
  // like the folded name, only ever adds a deny or an ask).
  for (const argv of names) {
    for (const other of otherInstalledNames(argv)) {
      const raw = other.argv.join(' ');
      if (!texts.some((t) => t.raw === raw)) texts.push({ raw, note: `${other.name} and ${other.as} may be one program` });
    }
  }
  return texts;
}

/** The command's own words, then under its basename, its folded name and its plain name, and without git's global options. */
function restrictiveNames(cmd: SimpleCommand): (readonly string[])[] {
  let argv: readonly string[] = cmd.argv;
  const names = [argv];
  // `/bin/rm -rf x` is still rm to a deny rule.
  const name = argv[0];
  if (name !== undefined && name.includes('/')) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    if (base !== '') {
      argv = [base, ...argv.slice(1)];
      names.push(argv);
    }
  }
  // On case-insensitive file systems `RM` runs rm, and on Windows `rm.exe` is rm: deny rules see
  // the folded name too (on Linux this only ever adds a deny, never an allow).
  const folded = (argv[0] ?? '').toLowerCase().replace(/\.(exe|cmd|bat|com)$/, '');
  if (folded !== '' && folded !== argv[0]) {
    argv = [folded, ...argv.slice(1)];
    names.push(argv);
  }
  // `perl5.36-x86_64-linux-gnu x.pl`, `rzsh -c …`, `view x`: another installed name of a program
  // is that program to a deny rule too (decision 0119; like the folded name, only ever adds a deny).
  const installed = plainProgramName(argv[0] ?? '');
  if (installed !== undefined) {
    argv = [installed, ...argv.slice(1)];
    names.push(argv);
  }
  // `git -C . push` and `git --no-pager push` are still `git push` to a deny rule.
  const plain = PROGRAMS.get(argv[0] ?? '')?.withoutGlobalOptions?.(argv);
  if (plain !== undefined) names.push(plain);
  return names;
}

/** A text a rule is tried against: as written (for messages) and squeezed (for matching). */
export interface Text {
  raw: string;
  squeezed: string;
  /** Why the text stands for the command when its program has another name in it (`dash and sh may be one program`). */
  note?: string;
}

/** A {@link Text} of `raw`. */
export function text(raw: string, note?: string): Text {
  return note === undefined ? { raw, squeezed: squeezeCommand(raw) } : { raw, squeezed: squeezeCommand(raw), note };
}

/** The texts deny and ask rules are tried against: the whole command's, then its parts'. */
export interface RestrictiveTexts {
  whole: string;
  parts: Text[];
}

/** The texts deny and ask rules are tried against, worked out afresh (a call's are held by its {@link ShellMatching}). */
export function restrictiveTextsOf(analysis: ShellAnalysis): RestrictiveTexts {
  const whole = squeezeCommand(analysis.command.trim());
  const parts: Text[] = [];
  // A part the same as the whole command or as an earlier part is left out: the rule that text
  // matches has matched it already, with the same message (`git push origin main` is one text).
  for (const cmd of analysis.commands) {
    for (const { raw, note } of restrictiveTexts(cmd)) {
      const t = text(raw, note);
      if (t.squeezed !== whole && !parts.some((p) => p.squeezed === t.squeezed)) parts.push(t);
    }
  }
  return { whole, parts };
}
