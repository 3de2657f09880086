/**
 * The programs git runs because of its configuration FILES (#37, red team 20 R20-1). The same key
 * given on the command line (`git -c core.fsmonitor='rm -f x' status`, `-c alias.lg='!…'`) is read
 * by the git model (`programs/git/runs.ts`) and its value analysed as the command git hands to
 * `sh -c`; a file the view shows (system, global, repository, worktree, their includes) was read
 * only by the read-only check, so under an allow rule or bypassPermissions nothing judged it:
 * with `alias.lg = !rm -f README.md` in .git/config, `git lg` ran rm under Bash(*) with a
 * `Bash(rm *)` deny; `alias.lg = log --output=.claude/settings.json` wrote the settings in
 * bypassPermissions; `core.fsmonitor = rm -f README.md` made `git status` run rm (git 2.39.5).
 *
 * Here each git command of the line is placed where it runs (the `cd`s before it, its `-C`, its
 * `--git-dir`), the configuration git reads there is read through the view, and each value that
 * makes THIS command run a program — the alias git expands for a word that is not one of its own
 * commands, the kinds of keys its subcommand reads (`config-reads.ts`) — is analysed as the text
 * git runs: a `!` alias or a program value as shell text, an alias without `!` as the git words it
 * becomes. What that text reads, writes and removes is added to the command's effects (Read deny
 * rules and protected paths see it), and where it runs a program toolgate models or one named by
 * its path (rm, a script), the git command is opaque code naming the file and key: a deny rule
 * naming a program cannot see it on the line. A program toolgate has no model of, named by its
 * name (`filter.lfs.process = git-lfs filter-process`), is what a wildcard allow rule consents to,
 * as on the command line: no mark. Without a view nothing is known, and git is judged as before.
 * The pairs the inherited environment exports (`GIT_CONFIG_COUNT`/`KEY_n`/`VALUE_n`,
 * `GIT_CONFIG_PARAMETERS`; `programs/git/inherited-config.ts`) are read after the files, as git does.
 */
import type { PathEffect, ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { analyzeShell } from '../shell/analyze.js';
import { knownCommandDirectories, shellPathEffects } from '../shell/effects/path-effects.js';
import { quoteWord } from '../shell/syntax/environment.js';
import { isGitCommand } from '../shell/programs/git/autocorrect.js';
import type { FoundRepository, PlacedConfigEntry } from '../shell/programs/git/repository.js';
import { configFiles } from '../shell/programs/git/repository.js';
import { gitSubcommandWords, submoduleConfigSub } from '../shell/programs/git/hooks.js';
import { gitPagerOff } from '../shell/programs/git/global-options.js';
import { SIGNING_PROGRAM_VARIABLES } from '../shell/programs/git/config-forms.js';
import { submoduleHooksDirectories } from '../shell/programs/git/submodules.js';
import { isTrue } from '../shell/programs/git/config-kinds.js';
import { isPartialClone, programKeys } from '../shell/programs/git/config-reads.js';
import type { ConfigRead } from '../shell/programs/git/config-kinds.js';
import type { GitReads } from '../shell/programs/git/reads.js';
import { credentialHelperScript, isCredentialHelperKey, lineConfigEntries } from '../shell/programs/git/runs.js';
import { legacyRemoteEntries } from '../shell/programs/git/legacy-remotes.js';
import { remoteNamesOf, unreadUrlStarts } from '../shell/programs/git/remote-urls.js';
import { configPlaces } from '../shell/programs/git/world.js';
import { inheritedConfig } from '../shell/programs/git/inherited-config.js';
import { givesTerminal } from '../shell/programs/startup-code.js';
import { givenAssignment, givenEnvironment } from '../shell/commands/given-environment.js';
import type { Platform } from '../core/types.js';
import { readGitCommands } from './git-commands.js';
import { namedRepository } from './git-hook-runs.js';
import { opaqueCommands } from './opaque-commands.js';
import { pathDirectoryWrite, writableProgram, type PathWorld } from './path-lookup.js';

type Variable = (name: string) => string | null | undefined;

/** How many aliases deep the git words an alias becomes are followed. */
const MAX_ALIAS_DEPTH = 3;

/** No entries. */
const NONE: ReadonlySet<PlacedConfigEntry> = new Set();

/** What the configuration files make the line's git commands do. */
export interface GitConfigRuns {
  /** The reads, writes and removals of the programs they run, placed on the git command. */
  effects: PathEffect[];
  /**
   * The programs a git command starts by their names with words of its own (`ConfigRead.startsByName`:
   * the signing program `commit.gpgSign` starts), with the setting that starts them: deny and ask
   * rules on them meet the command.
   */
  starts: ConfiguredStart[];
}

/** A program git command `command` (its index in the analysis) starts by name, and why. */
export interface ConfiguredStart {
  command: number;
  runs: readonly string[];
  why: string;
  /** It may start them: what chooses is text toolgate does not read (a submodule's URL). */
  maybe?: true;
}

/** One program a configuration value makes git run: the text, and what set it. */
interface ConfiguredRun {
  script: string;
  entry: PlacedConfigEntry;
  /** The kind that reads it, when not an alias. */
  kind?: ConfigRead;
}

/** A value as a reason shows it: flat, a long one cut. */
function shown(value: string): string {
  const flat = value.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

/** The last setting of each key, in git's reading order. */
function lastOf(entries: readonly PlacedConfigEntry[]): Map<string, PlacedConfigEntry> {
  const last = new Map<string, PlacedConfigEntry>();
  for (const e of entries) last.set(e.key, e);
  return last;
}

/**
 * The text git runs for a key of a kind `sub` reads: the value itself (a program or shell text),
 * a credential helper's as git expands it, what the kind says it starts (the signing program a
 * `commit.gpgSign` starts), and for the history's signature kinds the `gpg.program` they start
 * (git's own `gpg` when none is set: nothing the configuration chose).
 */
function kindScript(e: PlacedConfigEntry, kind: ConfigRead, last: ReadonlyMap<string, PlacedConfigEntry>): string | undefined {
  if (kind.program !== undefined) return kind.program(e.key, e.value, last);
  if (/^log\.showsignature$|^format\.pretty$|^pretty\./.test(e.key)) {
    const gpg = last.get('gpg.program') ?? last.get('gpg.openpgp.program');
    return gpg?.value ?? undefined;
  }
  const v = e.value ?? '';
  if (isCredentialHelperKey(e.key)) return credentialHelperScript(v);
  return v;
}

/**
 * What the configuration makes `git sub args` run (one level: an alias's git words are read again
 * by the caller); `terminal`: its output is one. `line`: the entries the command's own line gives
 * (`runs.ts lineConfigEntries`), which override the files' and are judged by the git model, so
 * only a program they make git start by its name (ssh for a remote's URL) is added here.
 */
function configuredRuns(
  sub: string,
  args: readonly string[],
  entries: readonly PlacedConfigEntry[],
  terminal = false,
  line: ReadonlySet<PlacedConfigEntry> = NONE,
): ConfiguredRun[] {
  const last = lastOf(entries);
  if (!isGitCommand(sub)) {
    const alias = last.get(`alias.${sub.toLowerCase()}`);
    if (alias === undefined || alias.value === null || alias.value.trim() === '' || line.has(alias)) return [];
    const rest = args.map((w) => ' ' + quoteWord(w)).join('');
    // `!cmd` runs `cmd` with the words after it in a shell; anything else is more git words.
    return [{ script: alias.value.startsWith('!') ? alias.value.slice(1) + rest : `git ${alias.value}${rest}`, entry: alias }];
  }
  const out: ConfiguredRun[] = [];
  for (const { entry, kind } of programKeys(sub, entries, isPartialClone(entries), args, terminal)) {
    if (line.has(entry) && kind.byNameOnly !== true) continue;
    const script = kindScript(entry, kind, last);
    if (script !== undefined && script.trim() !== '') out.push({ script, entry, kind });
  }
  return out;
}

/**
 * Why the text a configuration value makes git run holds a program the line's rules must see by
 * name (a modelled program, one named by its path, code toolgate cannot read), or undefined when it
 * runs only git and programs toolgate has no model of, named by their names.
 */
function programOf(analysis: ShellAnalysis, every: boolean): string | undefined {
  if (analysis.unknown.length > 0) return analysis.unknown[0];
  const consented = new Set<SimpleCommand>();
  for (const o of opaqueCommands(analysis)) {
    if (o.unmodelled !== true) return o.why;
    if (!every) consented.add(o.cmd);
  }
  for (const cmd of analysis.commands) {
    if (cmd.literal[0] !== true) return `${cmd.argv[0] ?? 'a command'} is not a literal name`;
    const name = cmd.program;
    // git itself: its effects are the command's, its own configured programs read again.
    if (gitSubcommandWords(name, cmd.argv) !== undefined || consented.has(cmd)) continue;
    // A parent that only starts another (`env`, `nice`) is judged through its child.
    const k = analysis.commands.indexOf(cmd);
    if (analysis.commands.some((c) => c.parent === k)) continue;
    return `it runs ${name}`;
  }
  return undefined;
}

type Judge = (runs: ConfiguredRun[], of: string, depth: number, from?: string, chain?: readonly PlacedConfigEntry[]) => boolean;

/**
 * Judges what the configuration of each submodule `git sub args` visits makes git run there (red
 * team 23 RT23-C: `git status` ran the `core.fsmonitor` of `.git/modules/sub/config`, git 2.39.5):
 * the kinds of the subcommand git runs in it (`hooks.ts submoduleConfigSub`), from its work tree.
 * True when the command was marked.
 */
function judgeSubmodules(
  cmd: SimpleCommand,
  sub: string,
  args: readonly string[],
  repo: FoundRepository,
  entries: readonly PlacedConfigEntry[],
  world: PathWorld,
  reads: GitReads,
  variable: Variable,
  judge: Judge,
): boolean {
  const recurse = entries.findLast((e) => e.key === 'submodule.recurse');
  const visit = submoduleConfigSub(sub, args, recurse !== undefined && isTrue(recurse.value));
  if (visit === undefined) return false;
  const subs = submoduleHooksDirectories(reads, repo, world.home, configPlaces(variable));
  if ('unknown' in subs) {
    cmd.opaque = `git ${sub} visits the repository's submodules, which toolgate cannot list (${subs.unknown}): their configuration may run a program`;
    return true;
  }
  for (const s of subs) {
    const runs = configuredRuns(visit, [], s.config);
    if (runs.length > 0 && judge(runs, `${sub} (in the submodule ${s.path})`, 0, s.workTree ?? repo.workTree, s.config)) return true;
  }
  return false;
}

/** Whether command `i` runs under a program that gives it a terminal (`script -qc 'git log'`, `unbuffer git log`): git pages there. */
function hasTerminal(analysis: ShellAnalysis, i: number): boolean {
  for (let k = analysis.commands[i]?.parent; k !== undefined; k = analysis.commands[k]?.parent) {
    const c = analysis.commands[k]!;
    if (c.literal[0] === true && givesTerminal(c.program)) return true;
  }
  return false;
}

/** The names `GIT_CONFIG_COUNT` brings with it. */
const COUNTED = /^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/;

/**
 * The environment command `i` inherits, as git reads its configuration from it: a variable the
 * line gives the command (`GIT_CONFIG_COUNT=1 … git status`) is the git model's (`runs.ts`), so
 * the inherited one of that name is not read again here.
 */
function inheritedVariable(analysis: ShellAnalysis, i: number, variable: Variable): Variable {
  const given = givenEnvironment(analysis, i);
  const sets = (name: string) => givenAssignment(given, name) !== undefined;
  return (name) => ((COUNTED.test(name) ? sets('GIT_CONFIG_COUNT') : sets(name)) ? null : variable(name));
}

/**
 * Reads the configuration git reads for each git command of a fresh analysis and judges what it
 * makes that command run (see the file's comment): marks `SimpleCommand.opaque`, and returns the
 * effects to add to the call's.
 */
export function gitConfigRuns(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  world: PathWorld,
  reads: GitReads,
  variable: Variable,
  platform: Platform,
): GitConfigRuns {
  const out: PathEffect[] = [];
  const starts: ConfiguredStart[] = [];
  for (const { cmd, i, sub, args } of readGitCommands(analysis)) {
    if (sub.startsWith('-')) continue;
    const named = namedRepository(analysis, i, variable);
    if ('unknown' in named) continue;
    dirs: for (const dir of knownCommandDirectories(effects, i, world.cwd)) {
      const found = reads.repositoryAt(dir, named.gitDir, named.workTree);
      if ('unknown' in found) continue;
      const repo = 'found' in found ? found.found : undefined;
      const config = reads.config(configFiles(repo, world.home, configPlaces(variable)), world.home);
      if ('unknown' in config) continue;
      // What the inherited environment adds, read after the files (a pair the line sets is runs.ts's).
      const inherited = inheritedConfig(inheritedVariable(analysis, i, variable));
      if ('unknown' in inherited) {
        cmd.opaque = `git ${sub} reads configuration from its environment: ${inherited.unknown}; it may name a program git runs`;
        break;
      }
      // The line's own pairs last (git reads them after the environment's); before the files, the
      // remotes the older remote files name, for the names this command may reach.
      const lineEntries: PlacedConfigEntry[] = lineConfigEntries(cmd.argv, cmd.literal, givenEnvironment(analysis, i).assignments);
      const read = [...config.entries, ...inherited.entries, ...lineEntries];
      const older = repo === undefined ? [] : legacyRemoteEntries(reads.view, repo.commonDir, remoteNamesOf(sub, args, lastOf(read)));
      const legacy = 'unknown' in older ? [] : older;
      const entries = legacy.length === 0 && read.length === config.entries.length ? config.entries : [...legacy, ...read];
      const line = new Set(lineEntries);
      // What git may start for URLs toolgate does not read (a submodule's): a rule on it asks.
      for (const s of unreadUrlStarts(sub, args, lastOf(entries), 'unknown' in older ? older.unknown : undefined))
        starts.push({ command: i, ...s, maybe: true });
      // `--no-pager`/`-P` start no pager on a terminal either (nor in a `!` alias: GIT_PAGER=cat).
      const terminal = hasTerminal(analysis, i) && !gitPagerOff(cmd.argv);
      // git runs an alias's shell text and its configured programs from the top of the working tree.
      const top = repo?.workTree ?? dir;
      const judge = (
        runs: ConfiguredRun[],
        of: string,
        depth: number,
        from = top,
        chain: readonly PlacedConfigEntry[] = entries,
      ): boolean => {
        for (const run of runs) {
          // A program git starts by its name (its signing program): judged as running it, unless
          // what it reads may hold code the configuration does not show.
          const byName = run.kind?.startsByName?.(run.script);
          if (byName !== undefined) {
            const unseen = byNameUnseen(byName, analysis, i, effects, world, variable);
            if (unseen === undefined) {
              starts.push({ command: i, runs: [byName], why: `${run.entry.key} in ${run.entry.file} makes git ${of} start it` });
              continue;
            }
            cmd.opaque = `git ${of} runs \`${byName}\`, set as ${run.entry.key} in ${run.entry.file} (${unseen}): a program its configuration names, not the command line`;
            return true;
          }
          const inner = analyzeShell(run.script, { shell: 'sh' });
          const at = shellPathEffects(inner, { cwd: from, home: world.home, platform, shell: 'sh' });
          for (const e of at.effects) if (e.op === 'read' || e.op === 'write' || e.op === 'remove') out.push({ ...e, command: i });
          const why = programOf(inner, run.kind?.everyProgram === true) ?? at.unresolved[0];
          if (why !== undefined) {
            const how = run.kind?.program === undefined || run.script === run.entry.value ? 'set as' : 'started by';
            cmd.opaque = `git ${of} runs \`${shown(run.script)}\`, ${how} ${run.entry.key} in ${run.entry.file} (${why}): a program its configuration names, not the command line`;
            return true;
          }
          // An alias's git words are a git command of their own, with its own configured programs.
          for (const c of inner.commands) {
            const words = c.literal[0] === true ? gitSubcommandWords(c.program, c.argv) : undefined;
            if (words === undefined) continue;
            const more = configuredRuns(words.sub, words.args, chain, terminal, line);
            if (more.length === 0) continue;
            if (depth >= MAX_ALIAS_DEPTH) {
              cmd.opaque = `git ${of} expands aliases more than ${MAX_ALIAS_DEPTH} deep (${run.entry.key} in ${run.entry.file}): what it runs is not followed further`;
              return true;
            }
            if (judge(more, `${of} (as git ${words.sub})`, depth + 1, from, chain)) return true;
          }
        }
        return false;
      };
      if (judge(configuredRuns(sub, args, entries, terminal, line), sub, 0)) break dirs;
      if (repo !== undefined && judgeSubmodules(cmd, sub, args, repo, entries, world, reads, variable, judge)) break dirs;
    }
  }
  return { effects: out, starts };
}

/**
 * Why a program git starts by its name may run code toolgate cannot see, or undefined: found along
 * PATH in a directory the agent may write, a file of its name the line writes (or a write whose
 * name is unknown), or a variable it reads that names code (`SIGNING_PROGRAM_VARIABLES`), from
 * the line or the environment.
 */
function byNameUnseen(
  name: string,
  analysis: ShellAnalysis,
  i: number,
  effects: readonly PathEffect[],
  world: PathWorld,
  variable: Variable,
): string | undefined {
  const found = writableProgram(name, world, true);
  if (found !== undefined) return found;
  // A write whose place is not known, or one where PATH looks that may be a file of this name.
  for (const e of effects) {
    if (e.op !== 'write') continue;
    if (!e.literal && !e.glob)
      return `the command line writes ${e.raw}, a place toolgate cannot tell, which may be where PATH finds ${name}`;
    const base = e.path.slice(e.path.lastIndexOf('/') + 1);
    // A file of its name (or a pattern) where PATH looks; else the written path as a directory PATH searches (`cp -r kit ~/bin`).
    const where = e.glob || base === name ? pathDirectoryWrite(e.path, world) : pathDirectoryWrite(`${e.path}/${name}`, world);
    if (where !== undefined) return `the command line writes ${e.path}: ${where}`;
  }
  const given = givenEnvironment(analysis, i);
  for (const v of SIGNING_PROGRAM_VARIABLES[name] ?? []) {
    if (givenAssignment(given, v) !== undefined) return `the command line sets ${v}, which may name code ${name} runs`;
    const value = variable(v);
    if (value !== null && value !== undefined && value !== '') return `${v} is set, which may name code ${name} runs`;
  }
  return undefined;
}
