/**
 * Paths a shell command reads, writes or removes, resolved against the working directory as
 * earlier `cd` parts changed it (`cd sub && cat x` reads `<cwd>/sub/x`), against what `~`,
 * `$HOME` and `$PWD` may stand for, through Linux's `/proc/self/cwd` and Windows share aliases,
 * and (with a file-system view) through symbolic links.
 */
import { SideTable } from '../../core/side-table.js';
import { expandBraces as expandBraceWord } from '../syntax/brace.js';
import type { Platform } from '../../core/types.js';
import {
  hasShortName,
  isCriticalRemovalTarget,
  normalizePath,
  parentsOf,
  resolveProcAlias,
  resolveWindowsShare,
} from '../../paths/index.js';
import { climbsOutOfLink, throughDescriptor, throughProcessLink, unsettledProcSpelling } from '../../paths/aliases.js';
import { realPathOf } from '../../paths/real.js';
import { segmentMatches } from '../../paths/glob.js';
import { foldedCommandName } from '../commands/emit.js';
import { givenAssignment, givenEnvironment, type GivenEnvironment } from '../commands/given-environment.js';
import { fileOperands, type FileOperand } from './file-effects/index.js';
import type { NamesFrom } from '../options/file-operands.js';
import { inputMayBeOption } from './input-words.js';
import { globOptionNote, globOptionUnsettled, settleGlobOptions, type GlobOptionCandidate } from './glob-option-words.js';
import { globOptionWord } from '../programs/glob-options.js';
import { optionNameAt } from '../programs/input-options.js';
import { readWordsLeniently } from '../programs/parse.js';
import { innerPathWords, inputTextsOf, textPieces } from '../programs/unmodelled-text.js';
import { writtenInput } from '../programs/shell-code.js';
import { PROGRAMS } from '../programs/index.js';
import type { DirectoryChange } from '../programs/model.js';
import { flowOf, loopsOf } from '../syntax/flow.js';
import { followFlow, type CwdOutcome, type CwdStep } from './cwd-flow.js';
import { cdMayFailAnyway } from './cd-failure.js';
import { assignedCdPath, cdCandidates, searchesCdPath } from '../programs/cd.js';
import { findRunsFrom } from '../programs/find.js';
import { expandTilde, substituteVariables, variableView } from '../syntax/known-variables.js';
import { chosenVariables, type ChosenVariables } from './chosen-variables.js';
import { filesRemovalMayBeCritical, mayRemoveDirectory } from './directory-removals.js';
import { shellsFor, type PreviousDirectory } from '../shells/index.js';
import type { NameChoice, PathEffect, PathNames, ShellAnalysis, SimpleCommand } from '../types.js';
import { decodeWord, expandsToOneOperand } from '../syntax/words.js';
import { fileReadVariable, inertAssignment, inertCodeValue, systemVariable } from '../programs/environment-values.js';
import { variableWrite } from '../programs/variable-writes.js';
import { ENVIRONMENT_FREE_BUILTINS, EXPORTING_BUILTINS } from '../programs/builtins.js';
import { exportsOf } from '../programs/variable-setters.js';

/** Where a command's relative paths resolve. @public */
export interface ShellPathContext {
  /** Absolute working directory the command starts in. */
  cwd: string;
  /** Absolute home directory (`~`). */
  home: string;
  /** The platform whose path conventions resolve the paths (Windows drive paths such as `C:\x`). */
  platform: Platform;
  /**
   * The real path of an existing path (symbolic links resolved), from a file-system view;
   * `undefined` when it does not exist. Without it, paths are judged lexically.
   */
  realpath?: (path: string) => string | undefined;
  /**
   * Whether a path is a directory (`undefined` when it does not exist or cannot be told), from a
   * file-system view: a file a command takes whole holds nothing else.
   */
  isDirectory?: (path: string) => boolean | undefined;
  /**
   * The existing paths an absolute glob names (every shell option's matches among them, linked
   * folders walked), from a file-system view, or why the view cannot tell (an unlistable folder,
   * a bound hit). With it, a glob a command writes through, or removes a tree through (`rm -rf
   * su?`, `mv s* x`: each folder it matches goes with all it holds), is reported again by each
   * name it matches and where that name's links lead; without it, the glob is judged by its spelling.
   */
  globMatches?: (glob: string) => { paths: readonly string[] } | { unknown: string };
  /**
   * `CDPATH` in the environment the command runs in: its value, or `null` when it is known to be
   * unset. Absent (the default): it may be set, so a relative `cd DIR` (not `./DIR` or `../DIR`)
   * may go to a directory named DIR anywhere as well as `./DIR`, and paths after it are reported
   * for both — the one anywhere as a pattern under `/**` (not literal, a glob).
   */
  cdPath?: string | null | undefined;
  /** The shell the command runs in (`unknown`, the default: bash and zsh at once), for what `~-` names. */
  shell?: 'bash' | 'sh' | 'zsh' | 'unknown';
  /**
   * `OLDPWD` in the environment the command runs in: its value, or `null` when it is known to be
   * unset. Absent (the default): it may be set, so bash's `~-` may be any directory.
   */
  oldPwd?: string | null | undefined;
  /**
   * What is known of the environment the command inherits, for the programs whose files depend on
   * a variable (`GIT_ICASE_PATHSPECS`): `values` holds the known ones (`null`: known unset), and
   * with `complete` every other is known unset. Absent (the default): any variable may be set.
   */
  environment?: { readonly values: Readonly<Record<string, string | null>>; readonly complete?: boolean };
  /**
   * The work tree git run in `dir` writes in where it is not the folder holding the `.git` found
   * from `dir` (the repository's `core.worktree`, an inherited `GIT_WORK_TREE`), or why that cannot
   * be told; `undefined` where it is that folder. Absent: git's tree is the one discovery finds.
   */
  gitWorkTree?: (dir: string) => string | { unknown: string } | undefined;
}

/** Result of {@link shellPathEffects}. @public */
export interface ShellPathEffects {
  /** Each path the command reads, writes or removes, in order. */
  effects: PathEffect[];
  /** The working directory after the command, as far as it can be told (the start one when unknown). */
  cwdAfter: string;
  /** Why some effects could not be resolved (non-literal paths, `cd $X`, commands with hidden writes). */
  unresolved: string[];
}

interface Resolved {
  path: string;
  literal: boolean;
  glob: boolean;
  /** False when the path cannot even be guessed (`$X`, `~user`). */
  known: boolean;
  /** Why the guess may be wrong, when it may. */
  why?: string;
  /** For a path somewhere unknown (under `/**`): why it is there, when the word itself says (`~-`). */
  anywhere?: string;
}

/** What the whole command may do to `~`, `$HOME` and `$PWD`, and what `~-` names at the point being resolved. */
interface Variables {
  homeAssigned: string[];
  homeUnknown?: string;
  pwdFixed: boolean;
  /** What `~-` may name here: set at the start, changed by each `cd` the command runs. */
  previous: PreviousDirectory[];
}

function variablesOf(command: string, start: string, ctx: ShellPathContext): Variables {
  const home = variableView(command, 'HOME');
  const pwd = variableView(command, 'PWD');
  return {
    homeAssigned: home.assigned,
    ...(home.unknown !== undefined ? { homeUnknown: home.unknown } : {}),
    pwdFixed: pwd.assigned.length === 0 && pwd.unknown === undefined,
    previous: previousAtStart(command, start, ctx),
  };
}

/**
 * What `~-` may name when the command starts, in every shell it may run in, with the directory
 * an inherited OLDPWD names settled by the view where it can be; any value the command assigns
 * OLDPWD is a place it may name as well (wherever the assignment is).
 */
function previousAtStart(command: string, start: string, ctx: ShellPathContext): PreviousDirectory[] {
  const out: PreviousDirectory[] = [];
  for (const shell of shellsFor(ctx.shell ?? 'unknown'))
    for (const p of shell.previousAtStart(start, ctx.oldPwd)) {
      if (p.kind !== 'directory' || p.ifDirectory !== true) out.push(p);
      else {
        const path = normalizePath(p.path, { cwd: start, home: ctx.home, platform: ctx.platform });
        const isDir = ctx.isDirectory?.(path);
        if (isDir !== false) out.push({ kind: 'directory', path });
        if (isDir !== true) out.push({ kind: 'asWritten' });
      }
    }
  const assigned = variableView(command, 'OLDPWD');
  for (const value of assigned.assigned)
    out.push({ kind: 'directory', path: normalizePath(value, { cwd: start, home: ctx.home, platform: ctx.platform }) });
  if (assigned.unknown !== undefined) out.push({ kind: 'unknown', why: `~- is the previous directory ($OLDPWD): ${assigned.unknown}` });
  return uniquePrevious(out);
}

/** What `~-` may name after a `cd` from the directories `left`, in every shell the command may run in. */
function previousAfterCd(left: readonly string[], ctx: ShellPathContext): PreviousDirectory[] {
  return uniquePrevious(shellsFor(ctx.shell ?? 'unknown').flatMap((shell) => left.flatMap((l) => [...shell.previousAfterCd(l)])));
}

function uniquePrevious(list: readonly PreviousDirectory[]): PreviousDirectory[] {
  // Compared in place, not by a key string built for each: the lists hold one to three.
  const same = (a: PreviousDirectory, b: PreviousDirectory): boolean =>
    a.kind === 'directory'
      ? b.kind === 'directory' && a.path === b.path
      : a.kind === 'unknown'
        ? b.kind === 'unknown' && a.why === b.why
        : b.kind === 'asWritten';
  const out: PreviousDirectory[] = [];
  for (const p of list) if (!out.some((o) => same(o, p))) out.push(p);
  return out;
}

/** The home directories `~` may be at this point: the context's, and every literal value the command assigns. */
function homesAt(base: string, ctx: ShellPathContext, vars: Variables): string[] {
  const opts = { cwd: base, home: ctx.home, platform: ctx.platform };
  const out = [normalizePath(ctx.home, opts)];
  for (const v of vars.homeAssigned) {
    const h = normalizePath(v, opts);
    if (!out.includes(h)) out.push(h);
  }
  return out;
}

/**
 * The path the kernel reaches for `value`: a `..` goes up from where the links before it lead
 * (`vendor/keys/../x` with `vendor/keys -> ~/.ssh` is `~/x`), not from the text before it.
 * `undefined` when the value has no `..`, there is no file-system view, or the platform is Windows.
 * A component the view does not know is taken as written (the kernel would fail on it).
 */
function physicalOf(value: string, base: string, ctx: ShellPathContext): string | undefined {
  const realpath = ctx.realpath;
  if (!realpath || ctx.platform === 'windows' || !/(^|\/)\.\.(\/|$)/.test(value)) return undefined;
  let at = '';
  for (const part of (value.startsWith('/') ? value : `${base}/${value}`).split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      const real = realpath(at === '' ? '/' : at) ?? at;
      at = real.slice(0, Math.max(0, real.lastIndexOf('/')));
      continue;
    }
    at = `${at}/${part}`;
  }
  return at === '' ? '/' : at;
}

/** `resolved` (one lexical result) and, when links make `..` lead elsewhere, the physical path too. */
function withPhysical(resolved: [Resolved], value: string, base: string, ctx: ShellPathContext): Resolved[] {
  // With no view, a `..` after a name goes up from wherever that name leads if it is a link: the
  // lexical path is a best guess (not literal), so it is never a read-only allow by itself.
  if (!ctx.realpath && ctx.platform !== 'windows' && /(^|\/)(?!\.\.?\/)[^/]+\/\.\.(\/|$)/.test(value))
    return [{ ...resolved[0], literal: false }];
  const physical = physicalOf(value, base, ctx);
  if (physical === undefined) return resolved;
  const path = normalizePath(physical, { cwd: '/', home: ctx.home, platform: ctx.platform });
  return path === resolved[0].path ? resolved : [resolved[0], { ...resolved[0], path }];
}

/** Why a path under `/**` is there when a `cd` through CDPATH put it there. */
const CDPATH_WHY = 'a cd through CDPATH, which may be set, may have gone to any directory of its name';

/** Why a path under `/**` is there when a `cd` through zsh's CDABLE_VARS or bash's cdable_vars put it there. */
const CDABLE_WHY =
  "with zsh's CDABLE_VARS or bash's cdable_vars (which start-up files may set) a cd to a name that is no directory here goes where a variable of that name points (in zsh also a hash -d name or a user's home)";

/**
 * What `cd DIR` (literal, relative) may lead to below a directory toolgate cannot tell in a shell
 * the command may run in (its model's `cdFallback`): the rest of DIR after its first name,
 * unless the file-system view shows DIR a directory below every place the cd may start from (the
 * shell then goes there first: zsh 5.9 builtin.c, cd_do_chdir). With no view, paths are judged
 * lexically (DIR is below the working directory) unless the first name may be a variable of the
 * command's own (it names it elsewhere: `c=$PWD/.claude; cd c`) or of the environment (upper case:
 * `cd HOME`); a user's name (`cd root`) is then the limit of judging without a view.
 */
function cdFallback(dir: string, bases: readonly string[], ctx: ShellPathContext, command: string): string | undefined {
  const isDirectory = ctx.isDirectory;
  if (isDirectory === undefined) {
    const first = dir.split('/')[0]!;
    const word = new RegExp(`(^|[^A-Za-z0-9_])${first.replace(/[^A-Za-z0-9_]/g, '\\$&')}(?![A-Za-z0-9_])`, 'g');
    if (!/^[A-Z_][A-Z0-9_]*$/.test(first) && [...command.matchAll(word)].length < 2) return undefined;
  } else if (
    bases.every((b) => !isAnywhere(b) && isDirectory(normalizePath(dir, { cwd: b, home: ctx.home, platform: ctx.platform })) === true)
  )
    return undefined;
  for (const shell of shellsFor(ctx.shell ?? 'unknown')) {
    const rest = shell.cdFallback(dir);
    if (rest !== undefined) return rest;
  }
  return undefined;
}

/**
 * A working directory somewhere unknown: `/**` followed by what is known of its end (`cd .ssh`
 * through an unknown `CDPATH` is `/**` + `/.ssh`). Paths below it are patterns (`**` standing for
 * any number of directories), never literal.
 */
const ANYWHERE = '/**';
const isAnywhere = (path: string): boolean => path === ANYWHERE || path.startsWith(`${ANYWHERE}/`);

/** Two stand-ins for an unknown directory: a word that resolves the same below both does not depend on it. */
const STAND_IN_DEPTH = 32;
const standIn = (name: string): string => `/${name}`.repeat(STAND_IN_DEPTH);
const STAND_A = '__toolgate_anywhere_a__';
const STAND_B = '__toolgate_anywhere_b__';

/**
 * {@link resolveWord} from a working directory that may be {@link ANYWHERE}: the word is resolved
 * below two stand-ins for the unknown part; a result that differs between them depends on it and
 * becomes a pattern under `/**` (what a `..` climbs above stays unknown).
 */
function resolveFrom(value: string, literal: boolean, base: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  if (!isAnywhere(base)) return resolveWord(value, literal, base, ctx, vars).map(anywherePattern);
  const below = base.slice(ANYWHERE.length);
  const a = resolveWord(value, literal, `${standIn(STAND_A)}${below}`, ctx, vars);
  const b = resolveWord(value, literal, `${standIn(STAND_B)}${below}`, ctx, vars);
  return a.map((r, i) => {
    if (r.path === b[i]?.path && !r.path.includes(STAND_A)) return anywherePattern(r);
    const parts = r.path.split('/');
    const last = parts.lastIndexOf(STAND_A);
    const rest = last < 0 ? r.path : parts.slice(last + 1).join('/');
    const path = rest === '' || rest === '/' ? ANYWHERE : `${ANYWHERE}/${rest.replace(/^\/+/, '')}`;
    return { ...r, path, literal: false, glob: true };
  });
}

/**
 * {@link resolveFrom} for the word and for each glob a shell may read it as under options its
 * start-up files may set (zsh's EXTENDED_GLOB `.e#nv`, BRACE_CCL `.{e}nv`). `raw` is the word as
 * written when it spells `value`; otherwise `value` is taken as written (quotes lost: read as unquoted).
 */
function resolveReadings(raw: string, value: string, literal: boolean, base: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  const out = resolveFrom(value, literal, base, ctx, vars);
  const written = literal && raw !== value && decodeWord(raw).value === value ? raw : value;
  for (const shell of shellsFor(ctx.shell ?? 'unknown')) {
    const pattern = shell.patternOf(written);
    if (pattern === undefined) continue;
    for (const r of resolveFrom(pattern, false, base, ctx, vars))
      if (!out.some((o) => o.path === r.path)) out.push({ ...r, literal: false, glob: true });
  }
  return out;
}

/** A path that names a directory anywhere (a `cd` candidate) is a pattern, not a literal path. */
function anywherePattern(r: Resolved): Resolved {
  return isAnywhere(r.path) ? { ...r, literal: false, glob: true } : r;
}

/** `~-` or `~-/…` unquoted: the previous directory (`$OLDPWD` in bash and zsh; dash leaves the word as written). */
const PREVIOUS_WORD = /^~-(?=\/|$)/;

/** One reading of a `~-` word: a word to resolve instead, or a directory toolgate cannot tell with the rest of the word below it. */
type PreviousChoice = { value: string; literal: boolean; asWritten: boolean } | { unknown: string; rest: string; literal: boolean };

/** The readings of the `~-` word `value` with `~-` naming each of `previous`. */
function previousChoices(value: string, previous: readonly PreviousDirectory[]): PreviousChoice[] {
  const rest = value.slice(2);
  const d = rest === '' ? { literal: true, value: '' } : decodeWord(rest);
  const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return previous.map((p) => {
    if (p.kind === 'unknown')
      return d.literal ? { unknown: p.why, rest: d.value, literal: true } : { unknown: p.why, rest, literal: false };
    const head = p.kind === 'directory' ? p.path : '~-';
    return d.literal
      ? { value: p.kind === 'directory' ? `${head}${d.value}` : `./${head}${d.value}`, literal: true, asWritten: p.kind === 'asWritten' }
      : { value: `${quoted(head)}${rest}`, literal: false, asWritten: p.kind === 'asWritten' };
  });
}

/** A `~-` word resolved for each directory `~-` may name (one toolgate cannot tell: a pattern under `/**`, not known). */
function resolvePrevious(value: string, base: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  const out: Resolved[] = [];
  for (const c of previousChoices(value, vars.previous)) {
    if ('unknown' in c) {
      const below = resolveFrom(`.${c.rest}`, c.literal, ANYWHERE, ctx, vars);
      out.push(...below.map((r) => ({ ...r, literal: false, glob: true, known: false, why: c.unknown, anywhere: c.unknown })));
    } else out.push(...resolveWord(c.value, c.literal, base, ctx, vars));
  }
  return out.filter((r, i) => out.findIndex((o) => o.path === r.path) === i);
}

/**
 * `~N`, `~+N` or `~-N` unquoted, alone or before a slash: bash and zsh (bash as sh too) take it
 * to an entry of the shell's directory stack (`dirs`; `pushd .claude; pushd ..; echo x >
 * ~1/settings.json` writes .claude/settings.json), which toolgate does not track; dash keeps it
 * as written, a name the pattern under `/**` holds as well.
 */
const STACK_WORD = /^~[+-]?[0-9]+(?=\/|$)/;

/**
 * `=NAME` unquoted at the start of a word (not `=(…)`, a process substitution): with zsh's EQUALS
 * option (on by default) the path of the program NAME — the first entry of PATH holding it, or
 * what `hash NAME=FILE` put in the command table; NAME itself when it has a slash. zsh 5.9: `cp
 * README.md =mytool` and `echo x > =mytool` replaced the program file on PATH. A shell without it
 * (bash, sh) keeps the word as written, a name in the working directory.
 */
const PROGRAM_WORD = /^=(?!\()[^]/;

/** The rest of a word after `head`, resolved below a directory toolgate cannot tell (a pattern under `/**`, not known), for `why`. */
function resolveSomewhere(rest: string, why: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  const d = rest === '' ? { literal: true, value: '' } : decodeWord(rest);
  return resolveFrom(`.${d.literal ? d.value : rest}`, d.literal, ANYWHERE, ctx, vars).map((r) => ({
    ...r,
    literal: false,
    glob: true,
    known: false,
    why,
    anywhere: why,
  }));
}

/** A directory-stack word: an entry of the stack, somewhere toolgate cannot tell. */
function resolveStackEntry(value: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  const head = STACK_WORD.exec(value)![0];
  const why = `${head} is an entry of the shell's directory stack (dirs), which toolgate does not track`;
  return resolveSomewhere(value.slice(head.length), why, ctx, vars);
}

/** A `=NAME` word in the shells that expand it: a program's file somewhere toolgate cannot tell (it looks along PATH). */
function resolveProgramWord(value: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  const why = `zsh takes ${value} to the file of the program ${value.slice(1)} on PATH (its EQUALS option), which toolgate does not look up`;
  return resolveSomewhere(`/${value.slice(1)}`, why, ctx, vars);
}

/**
 * A word's value after quote removal, as a path: a `~` still leading it was quoted (`'~'/x`,
 * `"~/x"`; an unquoted one is expanded before this), and bash, sh and zsh take a quoted tilde as
 * a name like any other, so it is a folder named `~` here, not the home directory.
 */
function asWritten(value: string): string {
  return /^~([/\\]|$)/.test(value) ? `./${value}` : value;
}

/** Resolves one path word against a directory: one result per value `~`/`$HOME` (and `~-`) may have. */
function resolveWord(value: string, literal: boolean, base: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  if (literal || !PROGRAM_WORD.test(value)) return resolveWordAsWritten(value, literal, base, ctx, vars);
  // `=NAME`: the program's file where a shell the command may run in expands it, the name as written where one does not.
  const shells = shellsFor(ctx.shell ?? 'unknown');
  const program = shells.some((s) => s.equalsExpansion) ? resolveProgramWord(value, ctx, vars) : [];
  const written = shells.every((s) => s.equalsExpansion) ? [] : resolveWordAsWritten(value, literal, base, ctx, vars);
  return [...program, ...written];
}

/** {@link resolveWord} for a word no shell reads as `=NAME`. */
function resolveWordAsWritten(value: string, literal: boolean, base: string, ctx: ShellPathContext, vars: Variables): Resolved[] {
  if (!literal && PREVIOUS_WORD.test(value)) return resolvePrevious(value, base, ctx, vars);
  if (!literal && STACK_WORD.test(value)) return resolveStackEntry(value, ctx, vars);
  const opts = (home: string) => ({ cwd: base, home, platform: ctx.platform });
  if (literal)
    return withPhysical(
      [{ path: normalizePath(asWritten(value), opts(ctx.home)), literal: true, glob: false, known: true }],
      value,
      base,
      ctx,
    );
  const out: Resolved[] = [];
  const homes = homesAt(base, ctx, vars);
  // `~` or `~/…` with one home it can be (the command assigns HOME no other value) names one path.
  const plainHome = homes.length === 1 && vars.homeUnknown === undefined && /^~(\/|$)/.test(value);
  for (const home of homes) {
    let raw = value;
    let known = true;
    let why: string | undefined;
    const tilde = expandTilde(raw, home, base);
    if (tilde === 'unknown') known = false;
    else if (tilde !== undefined) {
      raw = tilde;
      if (vars.homeUnknown !== undefined) {
        known = false;
        why = vars.homeUnknown;
      }
    }
    const withHome = substituteVariables(raw, { HOME: home });
    if (withHome !== undefined) {
      raw = withHome;
      if (vars.homeUnknown !== undefined) {
        known = false;
        why = vars.homeUnknown;
      }
    }
    if (vars.pwdFixed) raw = substituteVariables(raw, { PWD: base }) ?? raw;
    const d = decodeWord(raw);
    if (d.literal) {
      out.push(
        ...withPhysical(
          [
            {
              path: normalizePath(asWritten(d.value), opts(home)),
              literal: plainHome && !value.includes('$'),
              glob: false,
              known,
              ...(why !== undefined ? { why } : {}),
            },
          ],
          d.value,
          base,
          ctx,
        ),
      );
      continue;
    }
    const onlyGlob = !d.expansion && d.substitutions === 0 && !d.error && !d.zshEquals;
    // `${PWD:h}/x`: a shell that reads `:h` as a modifier names a path it can tell (zsh: the folder above).
    const mod = vars.pwdFixed ? /^\$\{PWD:([A-Za-z])\}(\/[^$`'"\\*?[{]*)?$/.exec(raw) : null;
    if (mod !== null)
      for (const shell of shellsFor(ctx.shell ?? 'unknown')) {
        const head = shell.bracedModifier(base, mod[1]!);
        if (head !== undefined)
          out.push({ path: normalizePath(`${head}${mod[2] ?? ''}`, opts(home)), literal: false, glob: false, known: true });
      }
    // Best guess: drop quotes; keep glob characters and `$NAME` text as written.
    const guess = raw.replace(/["']/g, '');
    out.push({
      path: normalizePath(asWritten(guess), opts(home)),
      literal: false,
      glob: d.glob || d.brace,
      known: known && onlyGlob && !raw.startsWith('~'),
      ...(why !== undefined ? { why } : {}),
    });
  }
  return out.filter((r, i) => out.findIndex((o) => o.path === r.path) === i);
}

/** The spellings a resolved path stands for: process links, Windows shares, 8.3 names; with why each may be wrong. */
function aliasesOf(path: string, raw: string, base: string, ctx: ShellPathContext): { path: string; unknown?: string }[] {
  const proc = resolveProcAlias(path, base, raw.replace(/["']/g, ''));
  if (proc.path !== path || proc.unknown !== undefined) return [proc];
  if (ctx.platform !== 'windows') return [{ path }];
  const out: { path: string; unknown?: string }[] = [];
  const share = resolveWindowsShare(path);
  if (share.path !== path) out.push({ path });
  out.push(share);
  if (hasShortName(path) && !ctx.realpath)
    out.push({ path, unknown: `${raw} may hold an 8.3 short name that only the file system can resolve` });
  return out;
}

/**
 * The names the glob `path` (spelled `value`; `intoName` added to it for a copy into a folder)
 * matches in the file-system view, or why the view cannot tell: a `..` after a wild component goes up from wherever the matched names lead, which
 * the lexical path has already collapsed. `undefined` without a view that lists.
 */
function globNames(
  path: string,
  value: string,
  intoName: string | undefined,
  ctx: ShellPathContext,
): { paths: readonly string[] } | { unknown: string } | undefined {
  if (ctx.globMatches === undefined) return undefined;
  if (/[*?[][^/]*\/(?:.*\/)?\.\.(?:\/|$)/.test(value))
    return { unknown: `a .. after a pattern in ${value} goes up from wherever the names it matches lead` };
  // A copy into what the glob names (`cp x build/*`): the folders it matches, with the name added.
  const into = intoName !== undefined && path.endsWith(`/${intoName}`) ? `/${intoName}` : '';
  const named = ctx.globMatches(into === '' ? path : path.slice(0, -into.length));
  if ('unknown' in named || into === '') return named;
  return { paths: named.paths.filter((p) => ctx.isDirectory?.(p) !== false).map((p) => `${p === '/' ? '' : p}${into}`) };
}

/** The real path of `path` (its nearest existing parent's real path plus the rest), when it differs. */
function realOf(path: string, ctx: ShellPathContext): string | undefined {
  return ctx.realpath ? realPathOf(path, ctx.realpath, ctx) : undefined;
}

/** The real path of `path` as a name itself (a link not followed): its folder's real path plus its last name, when that differs. */
function realOfLinkItself(path: string, ctx: ShellPathContext): string | undefined {
  const parent = parentsOf(path)[0];
  if (parent === undefined || parent === path) return undefined;
  const dir = realOf(parent, ctx);
  return dir === undefined ? undefined : `${dir === '/' ? '' : dir}${path.slice(parent === '/' ? 0 : parent.length)}`;
}

/** Index of the commands each wrapper runs, so a wrapper's own words are not taken as files. */
function wrapperIndexes(analysis: ShellAnalysis): Set<number> {
  const s = new Set<number>();
  for (const c of analysis.commands) if (c.parent !== undefined) s.add(c.parent);
  return s;
}

/** Most words one brace expansion is spelled out into before the word is judged as one glob. */
const MAX_BRACE_WORDS = 64;

/** A command's words after brace expansion. */
interface Variant {
  readonly argv: readonly string[];
  readonly literal: readonly boolean[];
  readonly raw: readonly string[];
}

/** A {@link Variant} being built. */
interface NewVariant {
  argv: string[];
  literal: boolean[];
  raw: string[];
}

/**
 * The command's words with brace expansions spelled out, as bash does before running it:
 * `xxd {a,b}` is `xxd a b`, `tree {-o,out}` is `tree -o out` (each alternative a word of its own).
 * A word with more than 64 alternatives stays as written (and is judged as a glob).
 */
function expandedArgv(cmd: SimpleCommand): Variant {
  // A command of literal words (the common case) has no brace to spell out: its own arrays are the answer.
  const n = cmd.argv.length;
  let plain = cmd.literal.length === n && (cmd.raw === undefined || cmd.raw.length === n);
  for (let i = 0; plain && i < n; i++) plain = cmd.literal[i] === true;
  if (plain) return { argv: cmd.argv, literal: cmd.literal, raw: cmd.raw ?? cmd.argv };
  const out: NewVariant = { argv: [], literal: [], raw: [] };
  for (let i = 0; i < cmd.argv.length; i++) {
    const word = cmd.argv[i]!;
    const lit = cmd.literal[i] !== false;
    const raw = cmd.raw?.[i] ?? word;
    const alts = !lit && decodeWord(word).brace ? expandBraceWord(word, MAX_BRACE_WORDS) : undefined;
    if (alts === undefined || alts.length < 2) {
      out.argv.push(word);
      out.literal.push(lit);
      out.raw.push(raw);
      continue;
    }
    for (const alt of alts) {
      // An empty alternative (`{-o,}`) is no word at all.
      if (alt === '') continue;
      const d = decodeWord(alt);
      out.argv.push(d.literal ? d.value : alt);
      out.literal.push(d.literal);
      out.raw.push(`${raw} (${alt})`);
    }
  }
  return out;
}

/**
 * The words with each `"$f"` whose value is one match of a loop's wildcard word (see
 * `ChosenVariables.loopPattern`) spelled as that word: its paths are the ones the pattern matches,
 * as the file-system view lists them (`for f in src/*.js; do wc -l "$f"; done` reads src's .js
 * files). The word stays one operand: a wildcard word is never taken as a fixed count of them.
 */
function withLoopPatterns(v: Variant, i: number, chosen: ChosenVariables): Variant {
  let out: NewVariant | undefined;
  for (let k = 1; k < v.argv.length; k++) {
    if (v.literal[k] !== false) continue;
    const m = /^"\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})"$/.exec(v.raw[k] ?? '');
    const pattern = m === null ? undefined : chosen.loopPattern((m[1] ?? m[2])!, i);
    if (pattern === undefined) continue;
    out ??= { argv: [...v.argv], literal: [...v.literal], raw: [...v.raw] };
    out.argv[k] = pattern;
    out.raw[k] = pattern;
  }
  return out ?? v;
}

/**
 * The words with the one `"$f"` a loop gives a match of a word that begins with a wildcard
 * (`for f in *.md; do cp "$f" docs/; done`: see `ChosenVariables.loopWildPattern`) spelled as that
 * word, and the loop body's first command — when no other word of the command is a pattern, so the
 * glob-option check (`glob-option-words.ts`) looks at this word: a match that begins with `-` would
 * be an option in its place, as in `cp *.md docs/` (decision 0161).
 */
function withWildLoopPattern(v: Variant, i: number, chosen: ChosenVariables): { words: Variant; body: number } | undefined {
  let found: { k: number; pattern: string; body: number } | undefined;
  for (let k = 1; k < v.argv.length; k++) {
    if (v.literal[k] !== false) continue;
    const m = /^"\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)\})"$/.exec(v.raw[k] ?? '');
    const wild = m === null ? undefined : chosen.loopWildPattern((m[1] ?? m[2])!, i);
    // Any other word that is not literal (another pattern, a variable) leaves the command as it was.
    if (wild === undefined || found !== undefined) return undefined;
    found = { k, ...wild };
  }
  if (found === undefined) return undefined;
  const { k, pattern, body } = found;
  return {
    words: {
      argv: v.argv.map((w, j) => (j === k ? pattern : w)),
      literal: [...v.literal],
      raw: v.raw.map((w, j) => (j === k ? pattern : w)),
    },
    body,
  };
}

/**
 * A pattern of `*`, `?` and `**` only, among plain name characters (`src/*.js`, `src/**` then `*.ts`):
 * the file-system view's expansion matches what every shell makes of it. Brackets, braces and
 * zsh's extended forms (`^`, `#`, `~`, `(…)`, `<1-9>`) it does not settle.
 */
const PLAIN_PATTERN = /^[\w./*?@%+,:=-]+$/;

/** Extra facts an effect carries from the operand that made it. */
/** `names` resolved: the entries of the directories named (an empty `of`: of the effect's own path). */
type EffectExtra = Pick<
  FileOperand,
  | 'tree'
  | 'assumed'
  | 'ownMetadata'
  | 'looks'
  | 'prefix'
  | 'fromHistory'
  | 'pattern'
  | 'walksLinks'
  | 'walksLinksWith'
  | 'gitTakes'
  | 'rgSkips'
  | 'linkItself'
  | 'keepsLinks'
  | 'madeLink'
  | 'listsNames'
  | 'kustomization'
  | 'because'
> & { includes?: NameChoice } & {
  intoName?: string;
  names?: PathNames;
  contentFrom?: readonly string[];
  possible?: string;
  /** The source patterns whose matches' base names a copy into a folder writes (see {@link globSourceOf}). */
  globSource?: readonly string[];
  /** Why a path under `/**` may be anywhere, when not through CDPATH (a `cd` through zsh's CDABLE_VARS). */
  anywhere?: string;
  /** The path is the operand's word as the shell hands it over, from the folder the command runs in (see `PathEffect.shellMatches`). */
  shellWord?: boolean;
};

/**
 * The paths a command reads, writes or removes: redirections (`>`, `>>`, `<`, …), the file
 * operands of the programs toolgate models (`cat`, `grep -r`, `sed -i`, `cp -r`, `tar`, `git`, …,
 * see `file-effects/`), and for any other program every word that can name a path, assumed read
 * and written. A relative path resolves against the directory earlier `cd` parts moved to; a `cd`
 * inside a subshell or pipeline may or may not apply, so later paths are reported against both
 * directories. `~` and `$HOME` resolve to the home directory and to every literal value the
 * command assigns to HOME (another way of setting it makes them unknown); `$PWD` to the current
 * directory; `/proc/self/cwd` to the command's directory. With `ctx.realpath` each path whose real
 * path differs is reported again by its real path. Paths are absolute and normalised (Windows
 * drives as `/c/...`, like toolgate's path rules). Never throws; what cannot be resolved is listed
 * in `unresolved`, and callers must not treat a command with unresolved effects as touching nothing.
 * Behaviour: Claude Code docs, Configure permissions › Bash (redirections, file commands).
 * @public
 */
export function shellPathEffects(analysis: ShellAnalysis, ctx: ShellPathContext): ShellPathEffects {
  return collectEffects(analysis, ctx);
}

/** The last context {@link collectEffects} was asked about for an analysis, and its answer. */
interface HeldEffects {
  cdPath: string | null | undefined;
  oldPwd: string | null | undefined;
  environment: ShellPathContext['environment'];
  shell: ShellPathContext['shell'];
  cwd: string;
  home: string;
  platform: Platform;
  realpath: unknown;
  isDirectory: unknown;
  globMatches: unknown;
  result: ShellPathEffects;
}

const EFFECTS = new SideTable<ShellAnalysis, HeldEffects>();

/**
 * {@link computeEffects}, the analysis holding the answer for the last context asked about: one
 * call's analysis is asked for its effects by the facts and again by the critical-removal check.
 * (Results are never changed by their readers.)
 */
function collectEffects(analysis: ShellAnalysis, ctx: ShellPathContext): ShellPathEffects {
  const last = EFFECTS.get(analysis);
  if (
    last !== undefined &&
    last.cdPath === ctx.cdPath &&
    last.oldPwd === ctx.oldPwd &&
    last.environment === ctx.environment &&
    last.shell === ctx.shell &&
    last.cwd === ctx.cwd &&
    last.home === ctx.home &&
    last.platform === ctx.platform &&
    last.realpath === ctx.realpath &&
    last.isDirectory === ctx.isDirectory &&
    last.globMatches === ctx.globMatches
  ) {
    return last.result;
  }
  const result = computeEffects(analysis, ctx);
  EFFECTS.set(analysis, {
    cdPath: ctx.cdPath,
    oldPwd: ctx.oldPwd,
    environment: ctx.environment,
    shell: ctx.shell,
    cwd: ctx.cwd,
    home: ctx.home,
    platform: ctx.platform,
    realpath: ctx.realpath,
    isDirectory: ctx.isDirectory,
    globMatches: ctx.globMatches,
    result,
  });
  return result;
}

/**
 * How `cd`'s own options say it resolves `..` after a link (bash 5.2 `help cd`, zsh 5.9 zshbuiltins):
 * `-P` physically, `-L` logically, the last one given; `undefined` when neither is, and the
 * shell's options (`set -P`, zsh's `CHASE_LINKS`) decide. `words`: the words before its directory.
 */
function cdChases(words: readonly string[]): 'physical' | 'logical' | undefined {
  let out: 'physical' | 'logical' | undefined;
  for (const w of words) {
    if (w === '--') break;
    if (!/^-[A-Za-z]+$/.test(w)) continue;
    for (const c of w.slice(1))
      if (c === 'P') out = 'physical';
      else if (c === 'L') out = 'logical';
  }
  return out;
}

/** The directories each command of an analysis works in, by the effects list computed with them. */
const COMMAND_DIRECTORIES = new SideTable<readonly PathEffect[], ReadonlyMap<number, readonly string[]>>();

/**
 * The directories command `i` of the analysis whose {@link shellPathEffects} gave `effects` works
 * in: the working directories the `cd`s before it may have left (more than one where a `cd` may
 * have gone to several; `/**…` where it is somewhere unknown), moved by its own `-C DIR` (`git -C
 * sub`, `tar -C`). `undefined` for a list no analysis gave. Where git looks for its repository
 * (`src/evaluate/git-hook-runs.ts`) starts here, so a `cd` or `-C` moves it as it moves the paths.
 * @internal
 */
export function commandDirectories(effects: readonly PathEffect[], i: number): readonly string[] | undefined {
  return COMMAND_DIRECTORIES.get(effects)?.get(i);
}

/**
 * The directories command `i` runs in whose files toolgate can know: {@link commandDirectories},
 * else `cwd`, without a directory somewhere unknown (a `cd` through a CDPATH that may be set shows
 * no files, configuration or hooks).
 */
export function knownCommandDirectories(effects: readonly PathEffect[], i: number, cwd: string): string[] {
  return (commandDirectories(effects, i) ?? [cwd]).filter((d) => !isUnknownDirectory(d));
}

/**
 * Where an effect stands among the readings of a working directory that depends on how `cd`
 * resolves `..` after a symbolic link (see {@link cwdAlternative}).
 */
export interface CwdAlternative {
  /** The same for every effect of the same word read from each of the directories. */
  group: string;
  /** The directory this effect was resolved from, one of `of`. */
  base: string;
  /** Every directory the working directory may be there. */
  of: readonly string[];
  /** Why, in words a person reads. */
  why: string;
}

const CWD_ALTERNATIVES = new SideTable<PathEffect, CwdAlternative>();

/**
 * For an effect resolved from a working directory a `cd ..` (or `cd DIR/..`) after a symbolic link
 * left in one of several places — logically (bash's, dash's and zsh's default: back where the
 * path came from) or physically (`set -P`, zsh's `CHASE_LINKS`/`CHASE_DOTS`, which an rc file may
 * set: the link's target's parent) — where it stands: a rule meets the command surely only if it
 * meets the word read from each of them (`src/evaluate/rule-match.ts`). `undefined` otherwise, a
 * word that names the same path from each (an absolute one) included.
 * @internal
 */
export function cwdAlternative(e: PathEffect): CwdAlternative | undefined {
  return CWD_ALTERNATIVES.get(e);
}

const GLOB_SOURCES = new SideTable<PathEffect, readonly string[]>();

/**
 * For a write into a folder of the names a source glob matches (`mv src/*.js lib/` writes
 * `lib/*.js`: `lib/a.js`, `lib/b.js`), the source's absolute patterns, whose matches' base names
 * are the names written: where one command writes, the file-system view's matches say them
 * (`src/evaluate/pipeline.ts`), not the spelling `*.js` (which may name `.lintstagedrc.js`).
 * `undefined` for any other effect, a word with expansions or quotes included.
 * @internal
 */
export function globSourceOf(e: PathEffect): readonly string[] | undefined {
  return GLOB_SOURCES.get(e);
}

/** Whether a directory of {@link commandDirectories} is somewhere unknown (`/**…`: a `cd` through a CDPATH that may be set). @internal */
export function isUnknownDirectory(dir: string): boolean {
  return isAnywhere(dir);
}

/** `shellPathEffects`: every simple command and redirection, in order. */
function computeEffects(analysis: ShellAnalysis, ctx: ShellPathContext): ShellPathEffects {
  const start = normalizePath(ctx.cwd, { cwd: '/', home: ctx.home, platform: ctx.platform });
  const effects: PathEffect[] = [];
  const unresolved: string[] = [];
  const note = (why: string): void => {
    if (!unresolved.includes(why)) unresolved.push(why);
  };
  try {
    const vars = variablesOf(analysis.command, start, ctx);
    // Why a working directory is somewhere unknown (under `/**`), by that directory.
    const anywhereWhy = new Map<string, string>();
    let cwds = [start];
    // Why later commands may run in more than one directory: the first part run in a folder of its own.
    let forkedBy: string | undefined;
    const seen = new Set([start]);
    // The directories each command works in: after the `cd`s before it and its own `-C DIR`.
    const placed = new Map<number, readonly string[]>();
    // The `NAME=value` words exported so far, by name, the latest of each: `sure` when by the shell
    // itself; one in a subshell or a nested script may reach a later command or not.
    const exported = new Map<string, { word: string; sure: boolean }>();
    // Working directories that are one of several readings of a `cd ..` after a link (see cwdAlternative).
    const alternatives = new Map<string, { key: string; of: readonly string[]; why: string }>();
    const wrappers = wrapperIndexes(analysis);
    // Glob words that may be an option of their program, settled by the view once the line's writes are known.
    const globOptions: GlobOptionCandidate[] = [];
    // A glob word whose pattern lists the names it can match (`-[n]`): the command read with each in its place.
    const globReadings = new Map<GlobOptionCandidate, (name: string, add: Add) => void>();
    const push = (e: PathEffect): void => {
      if (
        !effects.some(
          (x) =>
            x.op === e.op &&
            x.path === e.path &&
            x.command === e.command &&
            x.tree === e.tree &&
            x.assumed === e.assumed &&
            // A read that follows the link is not the same as one of the link itself.
            x.linkItself === e.linkItself &&
            // A look at a name is not a read of its content (`du -X .env .env`).
            x.looks === e.looks &&
            // A link made at the name is more than a write to it (what is below it changes).
            x.madeLink === e.madeLink &&
            sameNames(x.names, e.names) &&
            sameFrom(x.contentFrom, e.contentFrom),
        )
      )
        effects.push(e);
    };
    const add = (
      cmdIndex: number,
      op: PathEffect['op'],
      raw: string,
      value: string,
      literal: boolean,
      bases: readonly string[],
      extra: EffectExtra = {},
    ): void => {
      // A read of a word that is one `<(…)` (ShellAnalysis.onlyProcessInputs: no longer word
      // holds one) reads a pipe, no path: what the list inside reads is its commands' own.
      if (op === 'read' && !literal && analysis.onlyProcessInputs === true && raw.startsWith('<(') && raw.endsWith(')')) return;
      for (const base of bases) {
        // From one of a cd's readings: uncertain unless the word names the same path from each.
        const alt = alternatives.get(base);
        const uncertain =
          alt !== undefined &&
          new Set(
            alt.of.map((b) =>
              resolveFrom(value, literal, b, ctx, vars)
                .map((r) => r.path)
                .join('\0'),
            ),
          ).size > 1;
        const mark = (e: PathEffect): void => {
          if (uncertain) CWD_ALTERNATIVES.set(e, { group: `${alt!.key}\0${cmdIndex}\0${op}\0${raw}`, base, of: alt!.of, why: alt!.why });
        };
        for (const r of resolveReadings(raw, value, literal, base, ctx, vars)) {
          let path = r.path;
          if (extra.intoName !== undefined) path = `${path === '/' ? '' : path}/${extra.intoName}`;
          let glob = r.glob;
          let lit = r.literal;
          if (extra.prefix) {
            path = /\/["']?$/.test(value) ? `${path === '/' ? '' : path}/*` : `${path}*`;
            glob = true;
            lit = false;
          }
          if (extra.pattern) {
            glob = true;
            lit = false;
          }
          // What the file system says (below) holds for the aliases after it too.
          let tree = extra.tree;
          let assumed = extra.assumed;
          for (const alias of aliasesOf(path, value, base, ctx)) {
            // A regular file taken whole is just the file; a directory an unmodelled program gets may be taken whole.
            const isDir = tree !== undefined || assumed !== undefined ? ctx.isDirectory?.(alias.path) : undefined;
            if (tree !== undefined && op !== 'remove' && isDir === false) tree = undefined;
            if (assumed !== undefined && tree === undefined && isDir === true) {
              assumed = 'path';
              tree = 'some';
            }
            const said = isAnywhere(alias.path)
              ? `${alias.path} (${raw}, where ${r.anywhere ?? anywhereWhy.get(base) ?? extra.anywhere ?? CDPATH_WHY})`
              : raw;
            const e = effectOf(
              op,
              said,
              cmdIndex,
              glob,
              tree,
              assumed,
              extra,
              alias.path,
              lit && alias.unknown === undefined && alias.path === path,
              false,
            );
            // A write through a glob writes what it matches, and where those names' links lead; a
            // removal of a tree through one (`rm -rf su?`, `mv s* x`, `rsync --delete d/ su?/`)
            // removes each folder it matches with all that folder holds, judged as if named.
            const treeGone = op === 'remove' && extra.names !== undefined;
            const named =
              ((op === 'write' && r.glob && !extra.pattern) || (treeGone && (r.glob || extra.pattern === true))) &&
              r.known &&
              !extra.prefix &&
              !isAnywhere(alias.path)
                ? globNames(alias.path, value, extra.intoName, ctx)
                : undefined;
            // A word of a program toolgate does not model is a guess: only what the view shows counts.
            if (named !== undefined && 'unknown' in named && assumed === undefined) e.unsettled = named.unknown;
            // A pattern with a part toolgate cannot see (`$d/*.log`, `"$(…)"/x.jso?`, `$y[2]`): the
            // guess keeps that part's text as letters, but it may be any text, `/` and `..` included,
            // so what the pattern names cannot be told from its literal parts (R17-3).
            if (op !== 'read' && glob && !r.known && !isAnywhere(alias.path) && e.unsettled === undefined)
              e.unsettled = r.why ?? 'a part of it is not literal and may be any text';
            // A name inside the folder an open descriptor has open (`/dev/fd/3/x`, `/dev/stdin/x`
            // after `< .claude`), or a `..` after such a link: any path may be written (R17-2).
            if (op !== 'read' && alias.unknown !== undefined && e.unsettled === undefined) {
              const asFolder = tree !== undefined || op === 'remove' || extra.names !== undefined;
              const written = value.replace(/["']/g, '');
              // Or through another process's link, or a `..` after one toolgate cannot place (NEW-10).
              const through = throughDescriptor(alias.path, written, asFolder) ?? throughProcessLink(written);
              if (through !== undefined) e.unsettled = through;
            }
            // The view's matches are every shell option's at once (dotglob, nocaseglob): a removal
            // is one the command may make, met as an ask (DESIGN: a write that may be protected).
            const each: EffectExtra = treeGone ? { ...extra, possible: `the pattern ${raw} may name it` } : extra;
            if (
              op === 'write' &&
              extra.shellWord === true &&
              PLAIN_PATTERN.test(value) &&
              r.glob &&
              r.known &&
              !extra.pattern &&
              !extra.prefix &&
              extra.intoName === undefined &&
              extra.names === undefined &&
              tree === undefined &&
              assumed === undefined &&
              alias.unknown === undefined &&
              alias.path === path &&
              !isAnywhere(alias.path)
            )
              e.shellMatches = true;
            mark(e);
            push(e);
            if (extra.globSource !== undefined && alias.path === path && alias.unknown === undefined) GLOB_SOURCES.set(e, extra.globSource);
            if (alias.unknown !== undefined) note(alias.unknown);
            const real = extra.linkItself === true ? realOfLinkItself(alias.path, ctx) : realOf(alias.path, ctx);
            if (real !== undefined) {
              const through = effectOf(op, raw, cmdIndex, glob, tree, assumed, extra, real, lit, true);
              mark(through);
              push(through);
            }
            // Where a link carried over as a link leads: read when another command reads through
            // the new name (followKeptLinks drops it otherwise).
            const target = extra.linkItself === true && extra.keepsLinks === true ? realOf(alias.path, ctx) : undefined;
            if (target !== undefined && target !== real) {
              const t = effectOf(op, raw, cmdIndex, glob, tree, assumed, { ...extra, linkItself: false }, target, lit, true);
              t.throughKeptLink = true;
              mark(t);
              push(t);
            }
            for (const name of named !== undefined && 'paths' in named ? named.paths : []) {
              const one = effectOf(op, raw, cmdIndex, false, tree, assumed, each, name, true, false);
              mark(one);
              push(one);
              // A program that takes a link as the name itself (`mv`) removes the link, not where it leads.
              const through = treeGone && extra.linkItself === true ? realOfLinkItself(name, ctx) : realOf(name, ctx);
              if (through === undefined) continue;
              const linked = effectOf(op, raw, cmdIndex, false, tree, assumed, each, through, true, true);
              mark(linked);
              push(linked);
            }
          }
          if (!r.known) note(r.why ?? `${op} ${raw}`);
        }
      }
    };
    // The directories a word names (`git -C DIR`, `tar -C DIR`), aliases resolved.
    const dirsOf: DirsOf = (word, literal, from) => {
      const out: string[] = [];
      for (const b of from) {
        for (const r of resolveFrom(word, literal, b, ctx, vars)) {
          const a = isAnywhere(r.path) ? { path: r.path } : resolveProcAlias(r.path, b, word);
          if (!r.known) note(r.why ?? `a directory that is not literal: ${word}`);
          if (a.unknown !== undefined) note(a.unknown);
          out.push(a.path);
        }
      }
      return [...new Set(out)];
    };
    // The paths inside the values a command is given come after every other effect, so that a
    // write the analysis follows (`GIT_PAGER='rm -rf .claude' git log` runs `rm`) is the one a
    // reason names.
    const last: (() => void)[] = [];
    const addLast: Add = (...args) => void last.push(() => add(...args));
    /**
     * Notes command `i`'s glob word that may be one of its options (see `glob-options.ts`), to be settled by
     * the view below; `refused`: the command is not understood as written (`sed -[n] …`).
     */
    const globCandidate = (
      i: number,
      name: string,
      cmd: SimpleCommand,
      words: Variant,
      bases: readonly string[],
      dirs: readonly string[],
      environment: GivenEnvironment,
      given: NamesGiven | undefined,
      refused = false,
      expandedBefore?: number,
    ): void => {
      const option = globOptionWord(name, words.argv, words.literal, refused);
      if (option === undefined) return;
      const c: GlobOptionCandidate = {
        command: i,
        source: cmd.source,
        name,
        word: words.argv[option.index]!,
        raw: words.raw[option.index] ?? words.argv[option.index]!,
        option,
        bases: dirs,
        ...(expandedBefore !== undefined ? { expandedBefore } : {}),
      };
      globOptions.push(c);
      if (option.names === undefined) return;
      const at = option.index;
      globReadings.set(c, (n, addAs) => {
        const v: Variant = {
          argv: words.argv.map((w, k) => (k === at ? n : w)),
          literal: words.literal.map((l, k) => (k === at ? true : l)),
          raw: words.raw.map((w, k) => (k === at ? n : w)),
        };
        addOperands(i, name, cmd, v, bases, addAs, dirsOf, () => {}, ctx, environment, chosenVariables(analysis), given);
      });
    };
    // Where the shell may be after the last `cd` of the statement being judged (see cwd-flow.ts),
    // and whether that statement may not run at all.
    let moved: CwdOutcome | undefined;
    let branch = false;
    const visit = (cmd: SimpleCommand, i: number): void => {
      const bases = [...cwds];
      placed.set(i, bases);
      for (const r of analysis.redirects) {
        if (r.command !== i || (r.kind !== 'file' && r.kind !== 'read')) continue;
        // `parallel 'gzip < {} > {}.gz'`: a target named from input may be any path (a read of
        // one is left to the command's note that it gets paths from input).
        const placeholder = cmd.argumentsFrom !== undefined ? namesGiven(analysis, i)?.placeholder : undefined;
        if (placeholder !== undefined && r.target.includes(placeholder)) {
          if (r.kind === 'file') add(i, 'write', r.target, '.', true, bases, { names: { kind: 'unseen', what: 'input' } });
          continue;
        }
        // A relative target of a command find -execdir runs (`-execdir sh -c 'echo x > settings.json'`)
        // is in each found file's folder, not the cwd (red team 17, R17-13): names below the folders found.
        if (r.kind === 'file' && r.targetLiteral && !/^[/~]/.test(r.target) && namesGiven(analysis, i)?.inFoundFolder === true) {
          add(i, 'write', r.target, '.', true, bases, { names: { kind: 'unseen', what: 'found-folders' } });
          continue;
        }
        add(i, r.kind === 'file' ? 'write' : 'read', r.target, r.target, r.targetLiteral, bases);
      }
      const name = cmd.program;
      const given = namesGiven(analysis, i);
      if (cmd.unknown) {
        // Why it is not understood, as the analysis says (`XDG_CONFIG_HOME=cfg: git reads configuration …`).
        note(`${cmd.source}: ${cmd.unknown}`);
        // `xargs -I{} tar --{} …`: an option word not understood because input names the option
        // may still be one that writes, whatever else is not understood.
        const option =
          given !== undefined && cmd.argumentsFrom !== undefined && given.plainWords !== true
            ? inputMayBeOption(name, cmd.argv, cmd.literal, given)
            : undefined;
        if (option !== undefined)
          add(i, 'write', 'names from input', '.', true, bases, {
            names: { kind: 'unseen', what: 'input' },
            because: `a word from its input may be ${option}`,
          });
        // `tar $(echo --remove-files) -cf x.tar .claude`: not understood, and a word may be an option that writes.
        const hidden = hiddenOptionWord(
          name,
          { argv: cmd.argv, literal: cmd.literal, raw: cmd.raw ?? cmd.argv },
          () => false,
          chosenVariables(analysis),
        );
        if (hidden !== undefined)
          add(i, 'write', hidden.why, '.', true, bases, { tree: 'some', names: { kind: 'unseen', what: 'program' } });
        // `sed -[n] 'w .git/hooks/pre-push' README.md`: refused as written (sed has no option `-[n]`),
        // but a file `-n` in the folder makes the glob that option (replay 18 NEW-6).
        const refused = withLoopPatterns(expandedArgv(cmd), i, chosenVariables(analysis));
        globCandidate(i, name, cmd, refused, bases, bases, givenEnvironment(analysis, i), given, true);
        return;
      }
      if (cmd.argumentsFrom && readsOnlyFoundNames(name, cmd, given)) {
        // A found name may be a link (`src/key -> ~/.ssh/id_rsa`), which the program reads through.
        for (const s of given!.starts!) add(i, 'read', s.word, s.word, s.literal, bases, { tree: 'all', walksLinks: true });
      } else if (cmd.argumentsFrom && !ignoresGivenNames(name, cmd, given, wrappers.has(i), analysis, i))
        note(`${cmd.source}: ${name} gets paths from ${cmd.argumentsFrom} input`);
      if (given?.inFoundFolder === true) note(`${cmd.source}: find -execdir runs ${name} in each found file's folder`);
      const moves = PROGRAMS.get(name)?.state?.directory;
      if (moves !== undefined) {
        const t = moves(name, cmd.argv, shellsFor(ctx.shell ?? 'unknown'));
        let next: string[];
        const goes = new Set<string>();
        let fresh: Map<string, { key: string; of: readonly string[]; why: string }> | undefined;
        if (t.to === 'untracked') {
          note(t.why);
          next = cwds;
        } else if (t.to === 'home') {
          next = bases.flatMap((b) => {
            const homes = homesAt(b, ctx, vars);
            if (homes.some((h) => !isAnywhere(h) && ctx.isDirectory?.(h) === true)) goes.add(b);
            return homes;
          });
          if (vars.homeUnknown !== undefined) note(`cd goes home: ${vars.homeUnknown}`);
        } else {
          const value = cmd.argv[t.index]!;
          const literal = cmd.literal[t.index] ?? false;
          const raw = cmd.raw?.[t.index] ?? value;
          const assigned = assignedCdPath(cmd.assignments);
          const cdPath = assigned !== undefined ? assigned : ctx.cdPath;
          // A relative directory is looked up along CDPATH: each place it may lead is followed.
          // `cd ~-` goes to each directory `~-` may name; left as written, `~-` is a relative
          // name CDPATH is searched for as well.
          const along = (name: string): string[] =>
            cdPath === undefined || cdPath === 'unknown' ? [name, `${ANYWHERE}/${name}`] : cdCandidates(name, cdPath);
          const words: { word: string; literal: boolean; why?: string }[] = [];
          if (!literal && PREVIOUS_WORD.test(value)) {
            words.push({ word: value, literal });
            for (const c of previousChoices(value, vars.previous))
              if ('asWritten' in c && c.asWritten && c.literal)
                for (const word of along(c.value.slice(2))) if (word !== c.value.slice(2)) words.push({ word, literal: true });
          } else if (literal && searchesCdPath(value)) words.push(...along(value).map((word) => ({ word, literal })));
          else words.push({ word: value, literal });
          // zsh's CDABLE_VARS, bash's cdable_vars: a name that is no directory here may be a variable's, a user's home…
          const rest = literal ? cdFallback(value, bases, ctx, analysis.command) : undefined;
          if (rest !== undefined) words.push({ word: `${ANYWHERE}${rest}`, literal, why: CDABLE_WHY });
          next = [];
          // The places it starts from where the view shows a directory it may go to: from each
          // other one it may fail (`[ -d x ] && cd src; cd lib`: lib may be only in src).
          const reached = <R extends { path: string }>(b: string, got: R[]): R[] => {
            if (got.some((r) => !isAnywhere(r.path) && ctx.isDirectory?.(r.path) === true)) goes.add(b);
            return got;
          };
          const chase = cdChases(cmd.argv.slice(1, t.index));
          fresh = new Map<string, { key: string; of: readonly string[]; why: string }>();
          for (const { word, literal: lit, why: wordWhy } of words) {
            add(i, 'read', raw, word, lit, bases, wordWhy === undefined ? undefined : { anywhere: wordWhy });
            // `cd /proc/self/cwd/..` is /proc/self logically (bash's, dash's and zsh's default) and
            // the folder above the command's physically (`cd -P`, `set -P`, zsh's CHASE_LINKS): both
            // readings, as for `..` after any link (replay 17b NEW-10: `cd -P` then wrote a hook).
            const from = (b: string) =>
              resolveReadings(raw, word, lit, b, ctx, vars).flatMap((r) => {
                if (isAnywhere(r.path)) return [r];
                // `cd /dev/fd/../cwd/..`: a spelling through /proc or /dev toolgate cannot place (replay 18 NEW-3).
                const odd = lit ? unsettledProcSpelling(word) : undefined;
                if (odd !== undefined) return [{ ...r, path: ANYWHERE, literal: false, glob: true, known: false, why: odd, anywhere: odd }];
                const logical = { ...r, path: resolveProcAlias(r.path, b).path };
                const physical = lit && climbsOutOfLink(word) ? resolveProcAlias(r.path, b, word).path : logical.path;
                return physical === logical.path ? [logical] : [logical, { ...r, path: physical }];
              });
            const rs = bases.flatMap((b) => {
              const got = reached(b, from(b));
              // `..` after a link: the logical reading (first) and the physical one (second).
              const split = got.length === 2 && got[0]!.path !== got[1]!.path && /(^|\/)\.\.(\/|$)/.test(word);
              if (split && chase !== undefined) return [got[chase === 'physical' ? 1 : 0]!];
              // `cd -P DIR`: the working directory is where DIR's links lead.
              if (chase === 'physical') return got.map((r) => (isAnywhere(r.path) ? r : { ...r, path: realOf(r.path, ctx) ?? r.path }));
              const alt = alternatives.get(b);
              if (split) {
                const of = [got[0]!.path, got[1]!.path];
                const why = `cd ${value} after a symbolic link goes to ${of[0]} (logically: bash's, dash's and zsh's default) or to ${of[1]} (physically: set -P or zsh's CHASE_LINKS, which a startup file may set)`;
                for (const p of of) fresh!.set(p, { key: `${i}\0${b}`, of, why });
              } else if (alt !== undefined) {
                // From one reading of an earlier cd: each reading leads on to its own directory.
                const of = [...new Set(alt.of.flatMap((x) => from(x).map((r) => r.path)))];
                if (of.length > 1) for (const r of got) fresh!.set(r.path, { key: `${alt.key}\0${i}`, of, why: alt.why });
              }
              return got;
            });
            for (const r of rs) if (!r.known) note(r.anywhere ?? `cd to a directory that is not literal: ${value}`);
            for (const r of rs) if (isAnywhere(r.path)) anywhereWhy.set(r.path, r.anywhere ?? wordWhy ?? CDPATH_WHY);
            next.push(...rs.map((r) => r.path));
          }
        }
        // A `cd` a wrapper runs may not run in this shell: `repeat 0 cd ..` (zsh), `repeat` in bash (a
        // program it does not have), `nice cd ..` (a program, if any, that cannot move this shell);
        // `builtin cd DIR` runs it here, or fails (see ProgramState.runsOnceHere).
        const maybe = cmd.inSubshell || !runsHere(analysis, cmd);
        // One that fails leaves the shell where it was: where the view does not show it goes to a
        // directory, and anywhere when a redirection or a part before a `..` may fail (cd-failure.ts).
        const wrapped = cmd.parent !== undefined;
        const shownDirectory = (part: string) =>
          bases.every(
            (b) => !isAnywhere(b) && ctx.isDirectory?.(normalizePath(part, { cwd: b, home: ctx.home, platform: ctx.platform })) === true,
          );
        const failsFrom =
          maybe || t.to === 'untracked'
            ? []
            : wrapped || cdMayFailAnyway(cmd, t.to === 'operand' ? t.index : undefined, shownDirectory)
              ? bases
              : climbsOnly(cmd, t)
                ? []
                : bases.filter((b) => !goes.has(b));
        // bash and zsh's `cd` sets OLDPWD to the directory it leaves (dash's `~-` stays as written).
        const previousNext = previousAfterCd(bases, ctx);
        vars.previous = maybe || branch ? uniquePrevious([...vars.previous, ...previousNext]) : previousNext;
        const elsewhere = next.filter((n) => !cwds.includes(n));
        if (cmd.inSubshell && elsewhere.length > 0) forkedBy ??= forkDescription(analysis, cmd, elsewhere);
        cwds = maybe ? [...new Set([...cwds, ...next])] : [...new Set(next)];
        if (cmd.context === 'top' || cmd.parent !== undefined) moved = { ok: cwds, fail: maybe || t.to === 'untracked' ? cwds : failsFrom };
        for (const c of cwds) seen.add(c);
        for (const c of next) {
          const alt = fresh?.get(c);
          if (alt !== undefined) alternatives.set(c, alt);
          else alternatives.delete(c);
        }
        return;
      }
      // What the line exported before this command reaches it too, unless it is given its own value.
      const ownEnvironment = givenEnvironment(analysis, i);
      const own = ownEnvironment.assignments;
      const carried: string[] = [];
      const unsure = new Map<string, string>();
      for (const [n, e] of exported) {
        if (own.some((a) => a.startsWith(`${n}=`) || a.startsWith(`${n}+=`))) continue;
        if (e.sure) carried.push(e.word);
        else unsure.set(n, e.word);
      }
      // A builtin the shell runs itself writes nothing a variable names (`IFS=/ read a`).
      if (cmd.parent !== undefined || !ENVIRONMENT_FREE_BUILTINS.has(cmd.argv[0]!))
        addVariableWrites(
          i,
          name,
          carried.length === 0 ? own : [...carried, ...own],
          bases,
          add,
          new Set(carried),
          // A wrapper hands its variables to what it runs, which is judged with them (`nice`, `env`).
          wrappers.has(i) ? undefined : { add: addLast, reads: (variable) => mayRunValue(analysis, i, variable) },
        );
      // `export GIT_TRACE2_EVENT=.claude/x; git status`: a variable exported (or declared, which
      // updates one the environment may already export) reaches every later program, which may
      // write where it names.
      if (EXPORTING_BUILTINS.has(name))
        addVariableWrites(
          i,
          'a program run after it',
          cmd.argv.slice(1).flatMap((w, k) => (ASSIGNMENT_WORD.test(w) ? [cmd.raw?.[k + 1] ?? w] : [])),
          bases,
          add,
        );
      // `export GIT_TRACE2_EVENT=/x; git status`: the commands after it in this shell inherit it.
      // One in a subshell or a nested script (`bash -c 'export TAR_OPTIONS=…; tar …'`) is carried
      // on as one that may reach every later command (its reach is not followed): a value that
      // may be set; only one in this shell takes a variable away.
      const change = exportsOf(name, cmd.argv);
      const sure = !cmd.inSubshell && cmd.parent === undefined;
      if (sure) for (const n of change?.removed ?? []) exported.delete(n);
      for (const k of change?.exported ?? []) {
        const word = cmd.raw?.[k] ?? cmd.argv[k]!;
        exported.set(word.slice(0, word.indexOf('=')), { word, sure });
      }
      // A wrapper's own words are left to what it runs (`timeout 5 rm x`), but a program whose
      // model reads its files keeps them when an option of it runs something too (`sort
      // --compress-program=gzip -o .claude/x y`, `rg --pre=cat s .env`).
      const model = PROGRAMS.get(name);
      // With nothing carried from earlier on the line, the environment is the one read above.
      const environment = carried.length === 0 && unsure.size === 0 ? ownEnvironment : givenEnvironment(analysis, i, carried, unsure);
      if (wrappers.has(i) && model?.touchesFilesAsWrapper !== true && model?.files === undefined) {
        // A wrapper's variables still reach it (`PARALLEL='--rpl …' parallel echo {} ::: a`).
        addCodeVariableWrites(i, name, cmd, environment, bases, add, note, ctx.environment);
        return;
      }
      const chosen = chosenVariables(analysis);
      const looped = withLoopPatterns(expandedArgv(cmd), i, chosen);
      const wild = withWildLoopPattern(looped, i, chosen);
      const words = wild?.words ?? looped;
      const { modelled, dirs } = addOperands(
        i,
        name,
        cmd,
        words,
        bases,
        add,
        dirsOf,
        note,
        ctx,
        environment,
        chosen,
        given,
      );
      placed.set(i, dirs);
      if (modelled !== true) addInnerReads(analysis, i, bases, add);
      globCandidate(i, name, cmd, words, bases, dirs, environment, given, false, wild?.body);
    };
    // Each statement from every directory the shell may be in when it runs (see cwd-flow.ts).
    let judged = 0;
    const step: CwdStep = (to, entry, mayNotRun) => {
      cwds = [...entry];
      moved = undefined;
      branch = mayNotRun;
      let ends = false;
      for (; judged < to && judged < analysis.commands.length; judged++) {
        const cmd = analysis.commands[judged]!;
        visit(cmd, judged);
        // `cd src || exit 1; ls`: nothing after an `exit` of this shell runs.
        if (!cmd.inSubshell && cmd.parent === undefined && cmd.literal[0] === true)
          ends ||= PROGRAMS.get(cmd.program)?.state?.endsShell === true;
      }
      return ends ? { ok: [], fail: [] } : (moved ?? { ok: cwds, fail: cwds });
    };
    const end = followFlow(flowOf(analysis), [start], step);
    step(analysis.commands.length, [...new Set([...end.ok, ...end.fail])], false);
    for (const f of last) f();
    // Redirections on compound commands or on nothing: resolve against every directory seen.
    for (const r of analysis.redirects) {
      if (r.command !== undefined || (r.kind !== 'file' && r.kind !== 'read')) continue;
      add(-1, r.kind === 'file' ? 'write' : 'read', r.target, r.target, r.targetLiteral, [...seen]);
    }
    // A glob word that may be an option (`wc -c [-]*`): settled by the names the view shows, else unseen.
    const settled = new Set<number>();
    const loops = globOptions.length > 0 ? loopsOf(flowOf(analysis)) : [];
    const unsettled = globOptions.flatMap((c) => {
      // The command's own writes come after the shell expanded its glob (`cp *.md docs/`), unless a
      // loop runs it again or a redirection of it opens a file (decision 0161).
      const once =
        !loops.some((l) => l.from <= c.command && c.command < l.to) && !analysis.commands[c.command]!.redirects.some((r) => r.kind === 'file');
      // A loop's word (`for f in *.md`) was expanded before its body's first command: only what ran
      // before that may make such a name — unless another loop or a function runs the loop again.
      const at = c.expandedBefore;
      const before =
        at !== undefined
          ? loops.filter((l) => l.from <= at && at < l.to).length === 1
            ? effects.filter((e) => e.command < at)
            : effects
          : once
            ? effects.filter((e) => e.command !== c.command)
            : effects;
      const why = globOptionUnsettled(c, before, ctx.globMatches, (word, base) => resolveFrom(word, false, base, ctx, vars));
      if (why === undefined) settled.add(c.command);
      return why === undefined ? [] : [{ c, why }];
    });
    for (const { c, why } of unsettled) {
      note(globOptionNote(c, why));
      // The names the glob can match, each in its place: what they write or remove, said to come from the glob.
      let changed = 0;
      const reading = globReadings.get(c);
      for (const n of c.option.names ?? []) {
        const because = `${c.raw} may name a file ${n}, which ${c.name} takes as its option`;
        reading?.(n, (ci, op, raw, value, lit, b, extra) => {
          if (op === 'read') return;
          changed++;
          add(ci, op, raw, value, lit, b, {
            ...extra,
            because: extra?.because === undefined ? because : `${because}, and then ${extra.because}`,
          });
        });
      }
      // An option that runs a program, or one whose names toolgate cannot see: names it cannot work out.
      if (c.option.does !== 'reads' && changed === 0)
        add(c.command, 'write', `${c.raw} may be ${c.name}'s option ${c.option.option}`, '.', true, c.bases, {
          tree: 'some',
          names: { kind: 'unseen', what: 'program' },
        });
    }
    settleGlobOptions(effects, settled);
    // The one directory besides the start a `cd` may have left the shell in (`cd src && make`: src,
    // or the start where the cd failed), else the start.
    const elsewhere = cwds.filter((d) => d !== start);
    const after = elsewhere.length === 1 && !isAnywhere(elsewhere[0]!) ? elsewhere[0]! : start;
    followKeptLinks(effects);
    COMMAND_DIRECTORIES.set(effects, placed);
    return {
      effects,
      cwdAfter: after,
      unresolved:
        cwds.length === 1 || forkedBy === undefined
          ? unresolved
          : [...unresolved, `${forkedBy}, and toolgate cannot tell which folder each command after it runs in`],
    };
  } catch (error) {
    note(`path analysis failed: ${error instanceof Error ? error.message : String(error)}`);
    return { effects, cwdAfter: start, unresolved };
  }
}

/** Whether `cmd` runs in this shell when it runs at all: no wrapper, or wrappers that run their command here once. */
function runsHere(analysis: ShellAnalysis, cmd: SimpleCommand): boolean {
  for (let p = cmd.parent, depth = 0; p !== undefined && depth < 64; depth++) {
    const runner = analysis.commands[p];
    if (runner === undefined || PROGRAMS.get(runner.program)?.state?.runsOnceHere?.(runner.argv) !== true)
      return false;
    p = runner.parent;
  }
  return true;
}

/**
 * Whether `cd`'s one directory is `/`, `.` or only climbs (`..`, `../..`): one that exists
 * wherever the shell is, so the `cd` does not fail for want of it.
 */
function climbsOnly(cmd: SimpleCommand, t: DirectoryChange): boolean {
  if (t.to !== 'operand' || cmd.literal[t.index] !== true) return false;
  return /^(\/+|\.{1,2}(\/+\.{1,2})*\/*)$/.test(cmd.argv[t.index]!);
}

/**
 * What runs in another folder, in plain words: a wrapper's command (`env -C /tmp …`, `parallel
 * --wd DIR`, read as a nested `cd -P -- DIR && …`) or a subshell's `cd` (`(cd /tmp && …)`). The
 * parts after it are judged in every folder they may run in, which toolgate cannot tell apart.
 */
function forkDescription(analysis: ShellAnalysis, cmd: SimpleCommand, dirs: readonly string[]): string {
  const where = dirs.map((d) => (isAnywhere(d) ? 'a folder toolgate cannot tell' : d)).join(' or ');
  const wrapper = cmd.context === 'nested' && cmd.parent !== undefined ? analysis.commands[cmd.parent]?.argv[0] : undefined;
  if (wrapper !== undefined) return `${foldedCommandName(wrapper)} runs a command in another folder (${where})`;
  return `a subshell changes to another folder (${where})`;
}

/** One effect, built field by field (optional fields only when set). */
function effectOf(
  op: PathEffect['op'],
  raw: string,
  command: number,
  glob: boolean,
  tree: PathEffect['tree'],
  assumed: PathEffect['assumed'],
  extra: EffectExtra,
  path: string,
  literal: boolean,
  viaSymlink: boolean,
): PathEffect {
  const e: PathEffect = { op, raw, command, glob, path, literal };
  if (tree !== undefined) e.tree = tree;
  if (extra.listsNames !== undefined) e.listsNames = extra.listsNames;
  if (extra.kustomization !== undefined) e.kustomization = extra.kustomization;
  if (extra.walksLinks !== undefined && (tree !== undefined || extra.walksLinks)) e.walksLinks = extra.walksLinks;
  if (extra.walksLinksWith !== undefined && tree !== undefined) e.walksLinksWith = extra.walksLinksWith;
  if (extra.gitTakes !== undefined && tree !== undefined) e.gitTakes = extra.gitTakes;
  if (extra.rgSkips !== undefined && tree !== undefined) e.rgSkips = extra.rgSkips;
  if (extra.includes !== undefined && tree !== undefined) e.includes = extra.includes;
  if (assumed !== undefined) e.assumed = assumed;
  if (extra.ownMetadata) e.ownMetadata = true;
  if (extra.looks !== undefined && op === 'read') e.looks = extra.looks;
  if (extra.fromHistory) e.fromHistory = true;
  if (extra.prefix) e.namePrefix = true;
  if (extra.possible !== undefined) e.possible = extra.possible;
  if (extra.because !== undefined) e.because = extra.because;
  if (viaSymlink) e.viaSymlink = true;
  if (extra.linkItself === true) e.linkItself = true;
  if (extra.keepsLinks === true) e.keepsLinks = true;
  if (extra.madeLink !== undefined && op === 'write') e.madeLink = extra.madeLink;
  // The entries of the effect's own path (`git clean`): named by the path the effect has.
  if (extra.names !== undefined)
    e.names = extra.names.kind === 'entries' && extra.names.of.length === 0 ? { ...extra.names, of: [path] } : extra.names;
  // A write that lands another tree (or its own path's, for a link) at the path: only with a tree.
  if (extra.contentFrom !== undefined && tree === 'some') e.contentFrom = extra.contentFrom.length === 0 ? [path] : extra.contentFrom;
  return e;
}

/**
 * A program that carries links over as links (`PathEffect.keepsLinks`) reads none of their targets
 * itself, but the names it makes lead there: when another command of the line reads (before or
 * after: a loop or a function may run it later), that read may go through them, so the program's
 * reads are judged as following the links.
 */
function followKeptLinks(effects: PathEffect[]): void {
  if (!effects.some((e) => e.keepsLinks === true)) return;
  const readers = new Set(effects.filter((e) => e.op === 'read' || e.assumed !== undefined).map((e) => e.command));
  const followed = (e: PathEffect) => [...readers].some((c) => c !== e.command);
  for (let i = effects.length - 1; i >= 0; i--) {
    const e = effects[i]!;
    if (e.keepsLinks !== true) continue;
    if (!followed(e)) {
      if (e.throughKeptLink === true) effects.splice(i, 1);
      continue;
    }
    delete e.linkItself;
    delete e.walksLinks;
  }
}

function sameFrom(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.join('\0') === b.join('\0'));
}

/**
 * Names a command's content gives, as the effect carries them: the commits git takes files from
 * with their revisions as written, where every one is a literal word (a word the shell expands
 * may name any commit: then which is not said).
 */
function unseenNames(n: Extract<NamesFrom, { kind: 'unseen' }>, argv: readonly string[], literal: readonly boolean[]): PathNames {
  const { commits, ...rest } = n;
  if (commits === undefined) return rest;
  const revisions = commits.revisions.map((r) => (typeof r === 'string' ? r : literal[r] === true ? argv[r] : undefined));
  if (revisions.some((r) => r === undefined)) return rest;
  return { ...rest, commits: { ...commits, revisions: revisions as string[] } };
}

function sameNames(a: PathNames | undefined, b: PathNames | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}

type Add = (
  cmdIndex: number,
  op: PathEffect['op'],
  raw: string,
  value: string,
  literal: boolean,
  bases: readonly string[],
  extra?: EffectExtra,
) => void;

/** The effects of one spelling of a command's words. */
type DirsOf = (word: string, literal: boolean, bases: readonly string[]) => string[];

/** The folders a symbolic link is made in, from which its relative target resolves (see `FileOperand.linkIn`). */
function linkFolders(
  at: NonNullable<FileOperand['linkIn']>,
  v: Variant,
  bases: readonly string[],
  dirsOf: DirsOf,
  ctx: ShellPathContext,
): string[] {
  const word = at.value ?? v.argv[at.index] ?? '.';
  const literal = at.value !== undefined ? true : (v.literal[at.index] ?? false);
  const out = new Set<string>();
  for (const d of dirsOf(word, literal, bases)) {
    const parent = parentsOf(d)[0] ?? d;
    const isDir = at.as === 'either' ? ctx.isDirectory?.(d) : undefined;
    // A view that shows no directory there (a file, or nothing in a folder it shows): the link is made under that name.
    const named = at.as === 'name' || isDir === false || (isDir === undefined && at.as === 'either' && ctx.isDirectory?.(parent) === true);
    if (at.as === 'dir' || isDir === true) out.add(d);
    else if (named) out.add(parent);
    else {
      // Unknown: the link's own name (the usual `ln -s TARGET NAME`) first, so a reason names it.
      out.add(parent);
      out.add(d);
    }
  }
  return [...out];
}

const SEARCH_LISTS: ReadonlySet<string> = new Set(['PATH', 'CDPATH']);
const ASSIGNMENT_WORD = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/** A value that names a path: a `/` inside, or a leading `.` or `~` (`PYTHONPYCACHEPREFIX=.claude`); no blank, no option. */
const NAMES_A_PATH = /^(?![-=])(?=[^\s]*\/|[.~])[^\s]+$/;

/** A value whose expansion toolgate follows: a path under `~`, `$HOME` or `$PWD`, nothing else expanded. */
const FOLLOWED_EXPANSION = /^(?:~|\$HOME|\$\{HOME\}|\$PWD|\$\{PWD\})(?:\/[^$`\s'"\\*?[]*)?$/;

/**
 * The files a command's environment makes it write (DESIGN "Which answer for what cannot be
 * seen"): a variable known to name a file the program writes (`GIT_TRACE2_EVENT=/tmp/t git
 * status`; `programs/variable-writes.ts`) is a write of its value; any other variable not known
 * to be inert whose value names a path (after `~`, `$HOME`, `$PWD`; relative to the working
 * directory) is a write the program may do (`possible`), which protected paths and Edit deny rules
 * meet as an ask, never as a verified write. `knownOnly`: the assignments the line exported before
 * the command (`export GIT_TRACE2_EVENT=/x; git status`), which count only where the program is
 * known to write what they name. `inside`: for the command's own assignments, where the paths
 * inside their values go ({@link addValuePieces}; decision 0105).
 */
function addVariableWrites(
  i: number,
  name: string,
  assignments: readonly string[],
  bases: readonly string[],
  add: Add,
  knownOnly: ReadonlySet<string> = new Set(),
  inside?: { add: Add; reads: (variable: string) => boolean },
): void {
  if (assignments.length === 0) return;
  const setsOnLine = (v: string) => assignments.some((a) => a.startsWith(`${v}=`) || a.startsWith(`${v}+=`));
  for (const a of assignments) {
    if (inertAssignment(a)) continue;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)$/s.exec(a);
    if (m === null) continue;
    const variable = m[1]!;
    // A search list names directories looked in, not a file written; its own state change is
    // judged elsewhere (DESIGN: PATH=, CDPATH make later parts unprovable).
    if (SEARCH_LISTS.has(variable)) continue;
    const d = decodeWord(m[2]!);
    // An assignment's value is not globbed or brace-expanded: only quotes and expansions count.
    const literal = d.literal || (!d.expansion && d.substitutions === 0 && !d.tilde && d.error === undefined);
    const value = d.literal ? d.value : literal ? m[2]!.replace(/^(['"])(.*)\1$/s, '$2') : m[2]!;
    const known = variableWrite(variable);
    const written = known !== undefined && known.readBy(name) && (known.needs === undefined || setsOnLine(known.needs));
    // An export carried from earlier on the line counts only where the program is known to write
    // its value (the export itself is already a write any later program may do).
    if (knownOnly.has(a) && !written) continue;
    // The C library only reads what TZ and its kin name: no write to assume.
    if (!written && fileReadVariable(variable)) continue;
    const looksLikePath = literal ? NAMES_A_PATH.test(value) : FOLLOWED_EXPANSION.test(value);
    if (!looksLikePath && !(written && !literal)) {
      if (inside !== undefined && known === undefined && !knownOnly.has(a) && !SUBSTITUTED.test(m[2]!) && inside.reads(variable))
        addValuePieces(i, name, a, variable, m[2]!, bases, inside.add);
      continue;
    }
    const target = known?.suffix !== undefined ? `${value}${known.suffix}` : value;
    const extra: EffectExtra = {};
    if (known?.tree === true) extra.tree = 'some';
    if (known?.suffix !== undefined) extra.prefix = true;
    if (!written) extra.possible = `${variable}=… names it, and ${name} may write there`;
    add(i, 'write', a, target, literal, bases, extra);
  }
}

/**
 * A program whose files toolgate does not model (or only some of them: gcc's `@FILE`) may open a file named inside an argument or inside the text
 * written for its input (`sqlite3 x "select readfile('.env')"`, `cpp <<< '#include ".env"'`,
 * `printf '.so creds' | groff`): each piece of that text is a read it may do (`possible`), which a
 * Read deny rule that covers it as a path meets as a firm ask, never a deny (red team 12 E).
 */
function addInnerReads(analysis: ShellAnalysis, i: number, bases: readonly string[], add: Add): void {
  const cmd = analysis.commands[i]!;
  // Code toolgate cannot read (`python3 -c '…'`) is the opaque-code table's to judge.
  if (cmd.literal[0] !== true || cmd.opaque !== undefined) return;
  const words = innerPathWords(cmd.argv, inputTextsOf(analysis, i));
  if (words.length === 0) return;
  const possible = `${cmd.argv[0]} is a program whose files toolgate does not know, and its arguments or the input written for it name the path`;
  for (const word of words) add(i, 'read', word, word, true, bases, { assumed: 'word', possible });
}

/** A value whose text is (partly) a command substitution's: its pieces are that command's words, judged as a command of their own. */
const SUBSTITUTED = /\$\(|`|[<>]\(/;

/**
 * Whether command `i` may run variable `variable`'s value as a command or read it as options that
 * name files, for all toolgate knows: not when a model of it or of a wrapper that hands it the
 * variable says what it does with it (`readsVariables`, judged by `addCodeVariableWrites` and the
 * option grammar: `PARALLEL='…' parallel echo`), nor when its model says its own variables are
 * all data (`environment: 'data'`) and this is none of the C library's, the loader's or a shell's.
 */
function mayRunValue(analysis: ShellAnalysis, i: number, variable: string): boolean {
  for (let k: number | undefined = i; k !== undefined; k = analysis.commands[k]!.parent)
    if (PROGRAMS.get(analysis.commands[k]!.program)?.readsVariables?.[variable] !== undefined) return false;
  const model = PROGRAMS.get(analysis.commands[i]!.program);
  return model?.environment !== 'data' || systemVariable(variable);
}

/**
 * The paths inside a value given on the command line to a program toolgate does not know to
 * ignore the variable (`PAGER='rm -rf .claude' sensible-pager f`, `JAVA_TOOL_OPTIONS=
 * '-Xlog:gc:file=.claude/settings.json' java -version`): the program may run the value as a
 * command (a pager, an editor, a hook) or read it as its options, so each piece of it that names a
 * path (as a whole value does: `NAMES_A_PATH`) is a write it may do (`possible`), which protected
 * paths and Edit deny rules meet as an ask (decision 0105). A piece with a pattern or a leading `~`
 * is read as the shell that runs the value would read it.
 */
function addValuePieces(
  i: number,
  name: string,
  assignment: string,
  variable: string,
  raw: string,
  bases: readonly string[],
  add: Add,
): void {
  for (const piece of textPieces(raw)) {
    if (!NAMES_A_PATH.test(piece)) continue;
    const shellWord = /^~|[*?[]/.test(piece);
    add(i, 'write', assignment, piece, !shellWord, bases, {
      possible: `${variable}=… names it inside its value, and ${name} may run that value or read it as options`,
    });
  }
}

/**
 * A variable the program reads as code or as a file of options toolgate does not read
 * (`LESSOPEN='|rm -rf .claude %s' less f`, `RIPGREP_CONFIG_PATH=cfg rg x`, `PARALLEL='--rpl …'
 * parallel …`), given by the line with a value not known inert: a write whose names toolgate cannot
 * see, under each directory the command works in, which the protected-path check asks about in
 * every mode (red team 16 NEW-3).
 */
function addCodeVariableWrites(
  i: number,
  name: string,
  cmd: SimpleCommand,
  environment: GivenEnvironment,
  bases: readonly string[],
  add: Add,
  note: (why: string) => void,
  exported: ShellPathContext['environment'],
): void {
  for (const [variable, { may, what, exportedToo }] of Object.entries(PROGRAMS.get(name)?.readsVariables ?? {})) {
    if (!may.includes('code') && !may.includes('options-file')) continue;
    const line = givenAssignment(environment, variable);
    // The user's exported value, where the variable says it is judged too (an exported
    // `LESSOPEN='|./x.sh %s'` runs x.sh at every `less f`: red team 23 RT23-N).
    const known = exportedToo === true ? exported?.values[variable] : undefined;
    const set = line ?? (typeof known === 'string' ? { raw: `the exported ${variable}=${known}`, value: known, append: false } : undefined);
    if (set === undefined || (!('hidden' in set) && !set.append && inertCodeValue(variable, set.value, may.includes('options')))) continue;
    const given = 'hidden' in set ? `${variable} (${set.hidden})` : set.raw;
    const why = `${name} is given ${given}: ${what}, which toolgate does not read`;
    note(`${cmd.source}: ${why}`);
    add(i, 'write', why, '.', true, bases, { tree: 'some', names: { kind: 'unseen', what: 'program' } });
  }
}

function addOperands(
  i: number,
  name: string,
  cmd: SimpleCommand,
  written: Variant,
  bases: readonly string[],
  add: Add,
  dirsOf: DirsOf,
  note: (why: string) => void,
  ctx: ShellPathContext,
  environment: GivenEnvironment,
  chosen: ChosenVariables,
  given?: NamesGiven,
): { modelled: boolean | 'partly'; dirs: readonly string[] } {
  // `TAR_OPTIONS=--remove-files nice tar …`: the options the program reads from its variables come first.
  const given0 = withOptionVariables(name, written, environment, ctx.environment);
  // Words xargs appends from its input stand at the end: two of them, so a program whose last
  // operand is its destination (`xargs cp docs/x`) shows where they land.
  const appended = given?.appended === true && cmd.argumentsFrom !== undefined;
  const v: Variant = appended
    ? {
        argv: [...given0.argv, INPUT_WORD, INPUT_WORD],
        literal: [...given0.literal, true, true],
        raw: [...given0.raw, INPUT_WORD, INPUT_WORD],
      }
    : given0;
  const fromInput = (k: number): boolean =>
    k >= given0.argv.length ||
    (cmd.argumentsFrom !== undefined && given?.placeholder !== undefined && given0.argv[k]!.includes(given.placeholder));
  const {
    files,
    unresolved: why,
    unseen,
    chdir,
    modelled,
  } = fileOperands(name, v.argv, v.literal, commandVariable(environment, ctx.environment), () => writtenInput(cmd));
  for (const w of why) note(`${cmd.source}: ${w}`);
  for (const u of unseen ?? []) note(`${cmd.source}: ${u.why}`);
  // `GIT_WORK_TREE=dir git add -A`: the tree it reads and writes is one toolgate does not follow.
  const movedBy = PROGRAMS.get(name)?.movedBy ?? [];
  for (const a of environment.assignments) {
    const variable = a.slice(0, Math.max(0, a.indexOf('=')));
    if (movedBy.includes(variable))
      note(`${cmd.source}: ${variable} moves the tree or repository ${name} works on, which toolgate does not follow`);
  }
  // `git -C a -C b`: the command's relative paths start from a/b.
  let cmdBases = [...bases];
  for (const k of chdir ?? []) {
    const word = v.argv[k];
    if (word === undefined) continue;
    const lit = v.literal[k] ?? false;
    add(i, 'read', v.raw[k] ?? word, word, lit, cmdBases);
    cmdBases = dirsOf(word, lit, cmdBases);
  }
  // `git -C "$d" clean -ffd`: a directory toolgate cannot see may be any (the project itself), so
  // what the command writes or removes there may be any path, as after `cd "$d"`; the view, which
  // does not hold a folder named `$d`, settles nothing.
  const hiddenDir = (chdir ?? []).find((k) => v.literal[k] === false && v.argv[k] !== undefined);
  if (hiddenDir !== undefined && (files.some((f) => f.op !== 'read') || (unseen?.length ?? 0) > 0)) {
    const raw = v.raw[hiddenDir] ?? v.argv[hiddenDir]!;
    add(i, 'write', raw, v.argv[hiddenDir]!, false, bases, {
      tree: 'some',
      because: `${name} writes or removes in ${raw}, a directory toolgate cannot see, so what it changes may be any path`,
    });
  }
  const moved = movedWorkTrees(name, environment.assignments, cmdBases, ctx);
  if (moved.unknown !== undefined && files.some((f) => f.op !== 'read')) note(`${cmd.source}: ${moved.unknown}`);
  // A write or removal whose names the program works out as it runs (`rename 's/^/./' x`, an awk
  // program's `print > f`): one effect under each directory the command works in, its names
  // unseen, which the protected-path check asks about in every mode; the note above lets deny
  // rules meet it (decision 0092).
  // Its code variables given by the line first: the same unseen write, said as the variable the
  // line gives (`LESS='+!rm …' less f` is told as LESS, not as the `+!rm` word less reads from it).
  addCodeVariableWrites(i, name, cmd, environment, cmdBases, add, note, ctx.environment);
  for (const u of unseen ?? []) add(i, u.op, u.why, '.', true, cmdBases, { tree: 'some', names: { kind: 'unseen', what: 'program' } });
  // A word from input may be an option or operand that writes (`echo of=.claude/x | xargs dd
  // if=/dev/null`): a write of a name from input, as a file operand from input is (said once: not
  // when the program already writes or removes a name from input, `xargs zip -m`; a name the
  // model cut from an option word holding the placeholder, `-{}.claude/x` read as `-{` and
  // `}.claude/x`, is no name from input).
  const already = files.some(
    (f) =>
      f.op !== 'read' &&
      fromInput(f.index) &&
      (f.value === undefined || (given?.placeholder !== undefined && f.value.includes(given.placeholder))),
  );
  const option =
    given !== undefined && cmd.argumentsFrom !== undefined && !already && given.plainWords !== true
      ? inputMayBeOption(name, given0.argv, given0.literal, { ...given, appended })
      : undefined;
  if (option !== undefined)
    add(i, 'write', 'names from input', '.', true, cmdBases, {
      names: { kind: 'unseen', what: 'input' },
      because: `a word from its input may be ${option}`,
    });
  // A word whose value toolgate cannot see may be any option (`sort $o`, `sort -$(echo o)x`, `tar
  // -c$x`, `find .claude "$@"`): judged by what the program's options do (its input table).
  const hidden = hiddenOptionWord(name, given0, fromInput, chosen);
  if (hidden !== undefined) add(i, 'write', hidden.why, '.', true, cmdBases, { tree: 'some', names: { kind: 'unseen', what: 'program' } });
  const positional = PROGRAMS.get(name)?.positional === true;
  const settled = v.argv.every((w, k) => v.literal[k] === true || expandsToOneOperand(w));
  for (const f of files) {
    const word = v.argv[f.index];
    if (word === undefined) continue;
    // `git rm '*.log'`: the files the view lists that the pattern matches, where it can say.
    const matched = f.gitPattern !== undefined ? gitPatternMatches(f.value ?? '.', f.gitPattern, v, cmdBases, dirsOf, ctx) : undefined;
    if (matched !== undefined) {
      const spec = v.raw[f.gitPattern!.word] ?? v.argv[f.gitPattern!.word]!;
      const possible = `${name} removes it if its index tracks it: the pathspec ${spec} matches it (git's * matches across /)`;
      for (const m of matched) add(i, 'remove', spec, m, true, ['/'], { possible, linkItself: true });
      continue;
    }
    // `git diff src/index.js`: a word that names an existing path is a pathspec, so the diff is
    // of those paths only (FileOperand.unlessExists).
    if (f.unlessExists !== undefined && namesExistingPath(f.unlessExists, v, cmdBases, dirsOf, ctx)) continue;
    if (f.ifExists === true && !namesExistingPath([f.index], v, cmdBases, dirsOf, ctx)) continue;
    // A copy into a directory (`cp docs/x {}`) writes in the directory its last word names.
    const at = f.intoDir !== undefined && f.intoDir >= 0 ? f.intoDir : f.index;
    // `xargs -I{} dd of={}`, `sort -o{}`: a path that is part of a word holding the placeholder is a name from input too.
    const partFromInput = f.value !== undefined && given?.placeholder !== undefined && f.value.includes(given.placeholder);
    // `-execdir dd of=settings.json`: a path that is part of a word is relative to the found file's folder too (R17-13).
    const partInFolder = f.value !== undefined && f.inHome !== true && given?.inFoundFolder === true;
    if (
      given !== undefined &&
      (f.value === undefined || partFromInput || partInFolder) &&
      writesGivenName(
        i,
        name,
        f.op,
        at,
        v,
        given,
        fromInput(at),
        cmdBases,
        add,
        dirsOf,
        partFromInput || partInFolder ? f.value : undefined,
      )
    )
      continue;
    // A file below the home is `~/…` resolved as the shell resolves an unquoted `~`, so that a
    // HOME the command assigns counts too.
    const home = f.inHome === true && f.value !== undefined ? `~/${f.value}` : undefined;
    const literal = home !== undefined ? false : f.derived !== undefined ? true : (v.literal[f.index] ?? false);
    const value = home ?? f.value ?? word;
    const raw = home ?? f.shown ?? f.value ?? v.raw[f.index] ?? word;
    const extra: EffectExtra = {};
    if (f.tree !== undefined) extra.tree = f.tree;
    if (f.walksLinks !== undefined) extra.walksLinks = f.walksLinks;
    if (f.listsNames !== undefined) extra.listsNames = f.listsNames;
    if (f.kustomization !== undefined) extra.kustomization = f.kustomization;
    if (f.because !== undefined) extra.because = f.because;
    if (f.linkItself === true && (f.pathspecSlash === true || !/\/$/.test(word))) extra.linkItself = true;
    if (f.keepsLinks === true) extra.keepsLinks = true;
    if (f.madeLink !== undefined) extra.madeLink = f.madeLink;
    if (f.walksLinksWith !== undefined) extra.walksLinksWith = f.walksLinksWith;
    if (f.gitTakes !== undefined) extra.gitTakes = f.gitTakes;
    // rg's skips hold only when bash hands it every word as written (no option hidden in a variable).
    if (f.rgSkips !== undefined && v.literal.every((l) => l)) extra.rgSkips = f.rgSkips;
    // Only globs bash leaves as written (every word literal) choose the files.
    if (f.includes !== undefined && f.includes.words.every((k) => v.literal[k] === true)) extra.includes = f.includes.choice;
    if (f.assumed !== undefined) extra.assumed = f.assumed;
    if (f.ownMetadata) extra.ownMetadata = true;
    if (f.looks !== undefined) extra.looks = f.looks;
    if (f.prefix) extra.prefix = true;
    if (f.fromHistory) extra.fromHistory = true;
    if (f.pattern) extra.pattern = true;
    // Entries counted only with a view (`rm -r`): without one, the path named is what is judged.
    if (f.names !== undefined && !(f.names.kind === 'entries' && f.names.seenOnly === true && ctx.isDirectory === undefined)) {
      const n = f.names;
      // The entries of a folder named from input (`parallel rsync -a {}/ dest/`) may be any names.
      extra.names =
        n.kind === 'unseen'
          ? unseenNames(n, v.argv, v.literal)
          : given !== undefined && (n.of ?? []).some((k) => fromInput(k))
            ? { kind: 'unseen', what: 'input' }
            : {
                kind: 'entries',
                of: (n.of ?? []).flatMap((k) => (v.argv[k] === undefined ? [] : dirsOf(v.argv[k]!, v.literal[k] ?? false, cmdBases))),
                ...(n.spares !== undefined ? { spares: n.spares } : {}),
                ...(n.eachFolder !== undefined ? { eachFolder: n.eachFolder } : {}),
                ...(n.skipsHidden === true ? { skipsHidden: true } : {}),
                ...(n.flat !== undefined ? { flat: n.flat } : {}),
              };
    }
    // Only sources written out literally say which trees land there (a glob or variable may name any).
    if (f.from !== undefined && f.from.every((k) => v.argv[k] !== undefined && v.literal[k] === true))
      extra.contentFrom = f.from.flatMap((k) => dirsOf(v.argv[k]!, true, cmdBases));
    let fileBases: readonly string[] = cmdBases;
    // From the work tree's top: the one the view shows, else any folder from here up.
    if (f.fromRoot) fileBases = [...new Set(cmdBases.flatMap((b) => shownWorkTreeTop(b, ctx) ?? [b, ...parentsOf(b)]))];
    if (f.atTop) fileBases = [...new Set(cmdBases.map((b) => workTreeTop(b, ctx)))];
    // Another work tree: its top is the top, and outside it git takes relative paths from there.
    if ((f.fromRoot || f.atTop) && moved.tops.length > 0) fileBases = [...new Set([...fileBases, ...moved.tops])];
    else if (f.under === undefined && f.linkIn === undefined && moved.outside.length > 0)
      fileBases = [...new Set([...fileBases, ...moved.outside])];
    if (f.under !== undefined) {
      const dirWord = v.argv[f.under] ?? '.';
      const dirLit = v.literal[f.under] ?? false;
      const dirs = dirsOf(dirWord, dirLit, cmdBases);
      fileBases = [...new Set(dirs.flatMap((d) => [d, parentsOf(d)[0] ?? d]))];
    }
    // A target that is not literal may be absolute (`$PWD/x`): it stays resolved as the shell reads it.
    if (f.linkIn !== undefined && literal) fileBases = linkFolders(f.linkIn, v, cmdBases, dirsOf, ctx);
    if (f.intoDir !== undefined) {
      const dir = f.intoDir < 0 ? '.' : (f.intoValue ?? v.argv[f.intoDir]!);
      const base = (f.value ?? word).replace(/\/+$/, '').split('/').pop() ?? value;
      if (!base || base === '.' || base === '..') continue;
      const dirLiteral = f.intoDir < 0 ? true : (v.literal[f.intoDir] ?? false);
      extra.intoName = base;
      // A plain source glob (`src/*.js`, no expansion or quote): the names written are its matches'.
      if (f.op === 'write' && f.value === undefined && fileBases === cmdBases && /[*?[]/.test(base) && /^[\w./*?[\]!-]+$/.test(word))
        extra.globSource = dirsOf(word, false, cmdBases);
      // A name find hands the command (`find stage -exec cp {} scripts/ \;`): a start point or a
      // name below one, so what lands in the folder is one of their base names — the view's
      // matches of `START/**/*` (and START itself, when no folder) — or any name (`scripts/*`).
      const found = f.op === 'write' && f.value === undefined ? foundNames(word, given, cmdBases, dirsOf, ctx) : undefined;
      if (found !== undefined) {
        extra.intoName = '*';
        if (found.length > 0) extra.globSource = found;
      }
      add(i, f.op, raw, dir, dirLiteral && literal, fileBases, extra);
      continue;
    }
    // The word itself names what is written, from where the command runs (no text added, no
    // other folder): a pattern in it names what the shell expands it to (`PathEffect.shellMatches`).
    if (f.value === undefined && f.shown === undefined && f.inHome !== true && fileBases === cmdBases && f.linkIn === undefined)
      extra.shellWord = true;
    add(i, f.op, raw, value, literal, fileBases, extra);
    // A glob or variable among positional operands may put any file in the output slot: unless
    // every word stays one argument (`~/notes.txt`, `"$HOME"/x`), the operands may move — but a
    // plain glob before a last word the program writes (`cp src/*.js build/`) stays before it.
    if (
      positional &&
      !settled &&
      f.op === 'read' &&
      f.value === undefined &&
      !literal &&
      f.tree === undefined &&
      !beforeLastTarget(f.index, raw, v, files)
    )
      add(i, 'write', raw, value, literal, fileBases, extra);
  }
  return { modelled, dirs: cmdBases };
}

/**
 * The patterns whose matches' base names a write into a folder of `word` makes, when `word` is the
 * name find -exec hands the command (`{}`): each literal start point's `START/**\/*`, and START
 * itself unless the view shows a folder (a copy without -r skips one). Empty when a start point is
 * not literal (the name may then be any); `undefined` when `word` is no name find hands.
 */
function foundNames(
  word: string,
  given: NamesGiven | undefined,
  bases: readonly string[],
  dirsOf: DirsOf,
  ctx: ShellPathContext,
): string[] | undefined {
  if (given?.via !== 'find -exec' || given.starts === undefined || given.inFoundFolder || word !== given.placeholder) return undefined;
  if (!given.starts.every((s) => s.literal)) return [];
  return given.starts.flatMap((s) =>
    dirsOf(s.word, true, bases).flatMap((d) => [...(ctx.isDirectory?.(d) === true ? [] : [d]), `${d === '/' ? '' : d}/**/*`]),
  );
}

/**
 * Whether word `k` (`raw` as written) is a plain glob that stays before the program's output slot:
 * it begins with a literal character other than `-` and holds no expansion (`src/*.js`), so the
 * shell puts its matches in its place, each a name beginning with that text, never an option; and
 * the last word is one the program itself writes, literal (`cp src/*.js build/`: build/ stays
 * the destination whatever the glob matches). A word after it that is an option's value (`cp
 * src/*.js -S .bak`) is no written word: the glob's last match may then be the destination.
 */
function beforeLastTarget(k: number, raw: string, v: Variant, files: readonly FileOperand[]): boolean {
  const last = v.argv.length - 1;
  if (k >= last || v.literal[last] !== true || !/^[\w./]/.test(raw) || /[$`'"\\]/.test(raw)) return false;
  return files.some((g) => g.op === 'write' && (g.intoDir === last || (g.index === last && g.value === undefined)));
}

/**
 * Whether one of the argv words `words` names a path the file-system view shows, from each
 * directory the command may work in (`FileOperand.unlessExists`): only a literal word, only with a
 * view, never from somewhere unknown. A link that leads nowhere does not count (the effect holds).
 */
function namesExistingPath(words: readonly number[], v: Variant, bases: readonly string[], dirsOf: DirsOf, ctx: ShellPathContext): boolean {
  // Whether it is a folder is known only of a path that exists (the view's realpath may answer for any).
  const isDirectory = ctx.isDirectory;
  if (isDirectory === undefined || bases.length === 0) return false;
  return bases.every((b) =>
    words.some((k) => {
      const word = v.argv[k];
      if (word === undefined || v.literal[k] !== true || word.startsWith('-') || word.startsWith(':') || /[*?[]/.test(word)) return false;
      const paths = dirsOf(word, true, [b]);
      return paths.length > 0 && paths.every((p) => !isAnywhere(p) && isDirectory(p) !== undefined);
    }),
  );
}

/**
 * The files below `folder` that a git wildcard pathspec may select (`FileOperand.gitPattern`), as
 * the view lists them: each path below the folder that `rest` matches as git matches it (`*` and
 * `?` across `/`, case folded: `--icase-pathspecs` may be in force) or that equals it — files and
 * links, not folders, nothing inside a `.git` folder or below a linked folder (the index tracks
 * no path through a link). `undefined` when it cannot be told — no view, a word bash may expand,
 * a folder somewhere unknown, a listing the view cannot give whole — and the whole folder is
 * judged instead.
 */
function gitPatternMatches(
  folder: string,
  pattern: { word: number; rest: string },
  v: Variant,
  bases: readonly string[],
  dirsOf: DirsOf,
  ctx: ShellPathContext,
): string[] | undefined {
  if (ctx.globMatches === undefined || v.literal[pattern.word] !== true) return undefined;
  const out = new Set<string>();
  for (const d of dirsOf(folder, true, bases)) {
    if (isAnywhere(d)) return undefined;
    const named = ctx.globMatches(`${d === '/' ? '' : d}/**/*`);
    if ('unknown' in named) return undefined;
    const top = ctx.realpath?.(d) ?? d;
    // Where a path below the folder is when no link lies on the way.
    const plain = (p: string) => `${top === '/' ? '' : top}${p.slice(d === '/' ? 0 : d.length)}`;
    for (const p of named.paths) {
      const rel = p.slice(d === '/' ? 1 : d.length + 1);
      if (rel === '' || rel.split('/').some((s) => s.toLowerCase() === '.git')) continue;
      const parent = p.slice(0, p.lastIndexOf('/')) || '/';
      if (parent !== d && (ctx.realpath?.(parent) ?? parent) !== plain(parent)) continue;
      if (ctx.isDirectory?.(p) === true && (ctx.realpath?.(p) ?? p) === plain(p)) continue;
      if (segmentMatches(pattern.rest, rel, true) || rel.toLowerCase() === pattern.rest.toLowerCase()) out.add(p);
    }
  }
  return [...out];
}

/**
 * The words a program reads from its option variables (its model's `readsVariables` that may hold
 * `options`: tar's `TAR_OPTIONS`, zip's `ZIPOPT`), put among its command-line words where the program reads them
 * (first, or where its model says: `optionVariablesAt`; decision 0092): a literal value split at
 * blanks, a value that is not literal (`$o`, or `+=` onto a value the environment may hold) one
 * word that is not literal — which a model reads as a word that may be any option
 * (`withHiddenOptions`). The value is the last one the line gives the command, through every
 * wrapper on the way (`TAR_OPTIONS=… nice tar …`; `givenEnvironment`), else the one the
 * environment is known to hold; an environment toolgate is not told is the user's own, not
 * assumed to hold one. A variable a wrapper may set unseen (dotenv) is a word that may be any
 * option. A `--` in a value ends only the variable's own options (tar reads TAR_OPTIONS on its
 * own: `TAR_OPTIONS='--remove-files --' tar -cf x.tar .claude` removes .claude), so it is left out.
 */
function withOptionVariables(name: string, v: Variant, given: GivenEnvironment, environment: ShellPathContext['environment']): Variant {
  const model = PROGRAMS.get(name);
  const table = model?.readsVariables;
  if (table === undefined || v.argv.length === 0) return v;
  const variables = Object.keys(table).filter((k) => table[k]!.may.includes('options'));
  const out: NewVariant = { argv: [], literal: [], raw: [] };
  for (const variable of variables) {
    let word: { value: string; literal: boolean; raw: string } | undefined;
    const set = givenAssignment(given, variable);
    if (set !== undefined && 'hidden' in set) word = { value: `$${variable}`, literal: false, raw: `${variable} (${set.hidden})` };
    else if (set !== undefined)
      word =
        set.value !== undefined && !set.append
          ? { value: set.value, literal: true, raw: set.raw }
          : { value: set.written, literal: false, raw: set.raw };
    const known = environment?.values[variable];
    if (word === undefined && typeof known === 'string') word = { value: known, literal: true, raw: `${variable}=${known}` };
    if (word === undefined) continue;
    if (!word.literal) {
      out.argv.push(word.value);
      out.literal.push(false);
      out.raw.push(word.raw);
      continue;
    }
    for (const w of word.value.split(/\s+/).filter((x) => x !== '' && x !== '--')) {
      out.argv.push(w);
      out.literal.push(true);
      out.raw.push(`${w} (from ${variable})`);
    }
  }
  if (out.argv.length === 0) return v;
  const at = Math.min(Math.max(1, model?.optionVariablesAt?.(v.argv) ?? 1), v.argv.length);
  return {
    argv: [...v.argv.slice(0, at), ...out.argv, ...v.argv.slice(at)],
    literal: [...v.literal.slice(0, at), ...out.literal, ...v.literal.slice(at)],
    raw: [...v.raw.slice(0, at), ...out.raw, ...v.raw.slice(at)],
  };
}

/**
 * What a command's environment holds of a variable: the value the line gives it (through the
 * wrappers on the way), else what the environment is known to hold (`undefined`: it may be set;
 * `null`: set empty or known unset).
 */
function commandVariable(
  given: GivenEnvironment,
  environment: ShellPathContext['environment'],
): (name: string) => string | null | undefined {
  return (name) => {
    const set = givenAssignment(given, name);
    // Set to a value toolgate cannot read (not literal, added to, or set unseen by a wrapper):
    // given as written, a value that is set (`"$x"`).
    if (set !== undefined && 'hidden' in set) return `$${name}`;
    if (set !== undefined) return set.append || set.value === undefined ? set.written || `$${name}` : set.value === '' ? null : set.value;
    if (environment === undefined) return undefined;
    if (Object.prototype.hasOwnProperty.call(environment.values, name)) return environment.values[name] ?? null;
    return environment.complete === true ? null : undefined;
  };
}

/**
 * Whether a command given names at run time does nothing with them that touches a file (`xargs
 * echo`, `parallel echo`): its model is whole and runs no other command, and no word from input
 * is a file operand, a directory it moves to, a name it works out or a redirection's target.
 * Then those names are no paths it touches, and nothing about them is left unresolved.
 */
function ignoresGivenNames(
  name: string,
  cmd: SimpleCommand,
  given: NamesGiven | undefined,
  wrapper: boolean,
  analysis: ShellAnalysis,
  i: number,
): boolean {
  const model = PROGRAMS.get(name);
  if (given === undefined || wrapper || model === undefined || model.unwrap !== undefined || model.state !== undefined) return false;
  const placeholder = given.placeholder;
  const placed = (word: string | undefined): boolean => placeholder !== undefined && word !== undefined && word.includes(placeholder);
  if (analysis.redirects.some((r) => r.command === i && placed(r.target))) return false;
  const words = given.appended ? [...cmd.argv, INPUT_WORD, INPUT_WORD] : cmd.argv;
  const literal = given.appended ? [...cmd.literal, true, true] : cmd.literal;
  const ops = fileOperands(name, words, literal);
  if (ops.modelled !== true || ops.unresolved.length > 0 || (ops.unseen?.length ?? 0) > 0) return false;
  if (given.plainWords !== true && inputMayBeOption(name, cmd.argv, cmd.literal, given) !== undefined) return false;
  const fromInput = (k: number | undefined): boolean => k !== undefined && (k >= cmd.argv.length || placed(words[k]));
  return (
    !ops.files.some((f) => fromInput(f.index) || fromInput(f.intoDir) || (f.from ?? []).some(fromInput)) &&
    !(ops.chdir ?? []).some(fromInput)
  );
}

/**
 * The first word of a command, before a literal `--`, whose value toolgate cannot see and that may
 * be an option of it which writes or removes (its input table): an unquoted expansion (`$o`,
 * `$(…)`), a quoted substitution or `"$@"`, or an option word whose name holds an expansion
 * (`-$(echo o)…`, `tar -c$x`, `--$x`). A quoted variable (`sort "$f"`) is left as a name unless
 * the command itself may have set it to an option (`read f`, `f=$(…)`, `for f in $(…)`: see
 * `chosen-variables.ts`); one it inherits or a loop over `src/*.js` sets is not chosen to be one.
 */
function hiddenOptionWord(
  name: string,
  v: Variant,
  fromInput: (k: number) => boolean,
  chosen: ChosenVariables,
): { k: number; why: string } | undefined {
  if (v.literal.every((l) => l)) return undefined;
  // A model with subcommands (git) says what its subcommand's options are; another, its input table.
  const own = PROGRAMS.get(name)?.hiddenOptions?.(v.argv);
  const table = own ?? PROGRAMS.inputOptions(name);
  if (table === undefined || table.writes.length === 0) return undefined;
  const grammar = own !== undefined ? own.grammar : PROGRAMS.get(name)?.grammar;
  // The subcommand's grammar also says which words are its options' values (`git log -n $n`).
  const values = new Set<number>();
  if (own?.grammar !== undefined)
    for (const o of readWordsLeniently(v.argv, own.grammar, own.from).options) if (o.valueIndex !== undefined) values.add(o.valueIndex);
  for (let k = own?.from ?? 1; k < v.argv.length; k++) {
    const word = v.argv[k]!;
    if (word === '--' && v.literal[k] === true) break;
    if (v.literal[k] !== false || fromInput(k) || values.has(k)) continue;
    const raw = v.raw[k] ?? word;
    // Quotes with nothing in them before an expansion change nothing (`""$o` is `$o`).
    const bare = raw.replace(/^(?:''|"")+/, '');
    const at = word.search(/[$`]/);
    const may = word.startsWith('-')
      ? optionNameAt(word, at, grammar)
      : (/^[$`]/.test(bare) &&
          !/^\$\{?(HOME|PWD)\b/.test(bare) &&
          /(\$[\w@*]+|\$\{[^}]*\}|\$\([^)]*\)|`[^`]*`)$/.test(bare) &&
          !printsNoOption(bare)) ||
        /^"(\$\(|`|\$@"|\$\{@\}"|\$\*")/.test(bare) ||
        quotedVariableChosen(bare, chosen);
    if (may) return { k, why: `${raw} may be ${own?.who ?? name}'s option ${table.writes[0]!}` };
  }
  return undefined;
}

/**
 * Whether `raw` is one command substitution of plain words whose program prints no option word
 * (`$(git merge-base HEAD main)`, its model's `printsNoOption`).
 */
function printsNoOption(raw: string): boolean {
  const inner = /^\$\(([^()$`]*)\)$/.exec(raw)?.[1] ?? /^`([^`$]*)`$/.exec(raw)?.[1];
  if (inner === undefined || !/^[\w ./:~^@{}=-]+$/.test(inner)) return false;
  const words = inner.trim().split(/\s+/);
  return PROGRAMS.get(words[0]!)?.printsNoOption?.(words) === true;
}

/**
 * `"$f"`, `"${f}…"`, `"${f%.js}"`: a word that begins with a quoted variable the command may have
 * set to an option ({@link ChosenVariables}), or a form of it that may begin with `-` whatever
 * the value: a default or alternative word that is not plain (`"${f:--o…}"`), a prefix taken off
 * or a part replaced (`"${f#a}"`, `"${f/a/-o}"`), a substring (`"${f:1}"`), zsh's subscript or
 * modifier (`"$f[2,-1]"`, `"$f:t"`).
 */
function quotedVariableChosen(raw: string, chosen: ChosenVariables): boolean {
  const word = raw;
  const m = /^"\$(?:([A-Za-z_]\w*)|\{([A-Za-z_]\w*)([^}]*)\})/.exec(word);
  if (m === null) return false;
  if (m[1] !== undefined) return /^[[:]/.test(word.slice(m[0].length)) || chosen.mayBeOption(m[1]);
  const op = m[3]!;
  // `${f}`, a suffix taken off (`${f%.js}`), a case changed: it begins as the value does.
  const asValue = op === '' || /^(%|\^|,)/.test(op);
  // A default or alternative that is empty or begins with a plain character.
  const plainWord = /^:?[-=+]([A-Za-z0-9_./]|$)/.test(op);
  if (!asValue && !plainWord) return true;
  return chosen.mayBeOption(m[2]!);
}

/** A word standing for what xargs appends from its input (no file name holds a NUL). */
const INPUT_WORD = '\u0000input';

/**
 * Names a command gets at run time rather than on its command line (see {@link namesGiven}):
 * what xargs appends (`appended`) or puts in place of its placeholder, what find puts in place
 * of `{}` — one of find's start points or a name below one (`starts`, their words and bases) —
 * and whether the command runs in each found file's folder (`-execdir`).
 */
interface NamesGiven {
  appended: boolean;
  /**
   * The input is a here-string written out whose words are plain names (`xargs tar -cf x.tar <<<
   * src`): no word it appends can be an option or an `of=`-style operand.
   */
  plainWords?: boolean;
  placeholder?: string;
  /** The program that hands them (`xargs`, `find -exec`, `parallel`, `fd -x`). */
  via: NonNullable<SimpleCommand['argumentsFrom']>;
  /** No word it hands can be an option (fd's `./NAME`). */
  optionFree?: boolean;
  starts?: readonly { word: string; literal: boolean }[];
  inFoundFolder: boolean;
}

/** What gives command `i` names at run time: the nearest xargs or find above it (through wrappers and shells). */
function namesGiven(analysis: ShellAnalysis, i: number): NamesGiven | undefined {
  let parent = analysis.commands[i]?.parent;
  let inFoundFolder = false;
  let out: NamesGiven | undefined;
  while (parent !== undefined) {
    const p = analysis.commands[parent];
    if (p === undefined || p.unknown !== undefined) break;
    const pname = p.program;
    const input = PROGRAMS.get(pname)?.unwrap?.(p.argv, p.literal)?.input;
    if (input !== undefined) {
      const find = input.via === 'find -exec' ? findRunsFrom(p.argv) : undefined;
      // -execdir moves every command below it, however deep (`-execdir sh -c 'cp a hooks/x'`).
      if (find?.inFoundFolder === true) inFoundFolder = true;
      out ??= {
        appended: input.appended,
        ...(input.via !== 'find -exec' && plainHereString(p) ? { plainWords: true } : {}),
        via: input.via,
        ...(input.optionFree === true ? { optionFree: true } : {}),
        ...(input.placeholder !== undefined ? { placeholder: input.placeholder } : {}),
        ...(find !== undefined
          ? {
              starts:
                find.starts.length === 0
                  ? [{ word: '.', literal: true }]
                  : find.starts.map((k) => ({ word: p.argv[k]!, literal: p.literal[k] ?? false })),
            }
          : {}),
        inFoundFolder: false,
      };
    }
    parent = p.parent;
  }
  return out === undefined ? undefined : { ...out, inFoundFolder };
}

/**
 * Whether xargs or parallel `p` reads its words from a here-string written out (no `-a` or `:::`
 * list), whose text holds no `-`, `=`, quote or backslash: its words are plain names.
 */
function plainHereString(p: SimpleCommand): boolean {
  if (p.argv.some((w, k) => k > 0 && /^(-a|--a|:::)/.test(w))) return false;
  const here = p.redirects.filter((r) => r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read');
  return here.length === 1 && here[0]!.kind === 'herestring' && here[0]!.targetLiteral && /^[^-='"\\]*$/.test(here[0]!.target);
}

/**
 * Whether the names `find START -exec CMD {} +` hands CMD are only read, as files below START: find
 * reads each start point whole when it runs a command (`find.ts`), so what CMD reads of them is
 * judged there (`find src -exec wc -l {} +` as `wc -l src/*.js`), with the links below them
 * followed (a name found may be a link the program reads through). Only for `-exec` and `-ok` from
 * literal start points, a program whose files toolgate models whole, with each word holding `{}`
 * a plain `{}` it reads as a file (not `{}/../x`, not an option's value, not a write); a `{}` the
 * program takes as no file (`sh -c '…' _ {}`, `echo {}`) keeps the command unknown.
 */
function readsOnlyFoundNames(name: string, cmd: SimpleCommand, given: NamesGiven | undefined): boolean {
  if (cmd.argumentsFrom !== 'find -exec' || given?.starts === undefined || given.inFoundFolder || given.placeholder === undefined)
    return false;
  if (!given.starts.every((s) => s.literal)) return false;
  const { files, unresolved, unseen, modelled } = fileOperands(name, cmd.argv, cmd.literal);
  if (modelled !== true || unresolved.length > 0 || (unseen?.length ?? 0) > 0) return false;
  const placeholder = given.placeholder;
  return cmd.argv.every((w, k) => {
    if (!w.includes(placeholder)) return true;
    if (w !== placeholder) return false;
    const uses = files.filter((f) => f.index === k);
    return uses.length > 0 && uses.every((f) => f.op === 'read' && f.value === undefined);
  });
}

/**
 * A write of a name the command gets at run time, judged where it may land: `find START -exec
 * w {}` writes START or a name below it (the entries the view lists); a name from xargs's input,
 * or relative to the folder `-execdir` runs the command in, may be any path. A removal of such a
 * name is judged the same way (`find pkg -exec rm {} +` removes pkg's entries). Input words that are
 * only read are dropped (the command's unresolved note stands for them). `part`: the path that is part
 * of the word (`of={}`), when the word is more than the name. Returns whether the
 * operand was taken care of.
 */
function writesGivenName(
  i: number,
  name: string,
  op: PathEffect['op'],
  at: number,
  v: Variant,
  given: NamesGiven,
  input: boolean,
  bases: readonly string[],
  add: Add,
  dirsOf: DirsOf,
  part?: string,
): boolean {
  const word = part ?? v.argv[at] ?? '';
  const literal = v.literal[at] ?? false;
  const relative = literal && !word.startsWith('/') && !word.startsWith('~');
  if (op === 'read') return input && word === INPUT_WORD;
  if (!input && !(given.inFoundFolder && relative)) return false;
  const raw = v.raw[at] ?? word;
  const placeholder = given.placeholder;
  const found =
    input && given.starts !== undefined && placeholder !== undefined && word.startsWith(placeholder) && !word.split('/').includes('..');
  if (found) {
    // A removal of `{}` removes a start point or a name below it (`find pkg -exec rm {} +`): said
    // as the critical-removal check says a start point, so the two name it alike.
    for (const s of given.starts!)
      add(i, op, op === 'remove' ? `${placeholder} (find start ${s.word})` : raw, s.word, s.literal, bases, {
        names: { kind: 'entries', of: dirsOf(s.word, s.literal, bases) },
      });
    return true;
  }
  const what = input ? 'input' : 'found-folders';
  // A name from input the program writes or removes — whatever its model says it does to that
  // operand (`xargs truncate`, `xargs zip -m`, `xargs tar --remove-files`, `xargs git clean -f`) —
  // may be any path, a protected one too (`ZIPOPT=-m xargs zip`, `xargs gzip` as well). A remover
  // of its operands, `xargs rm`, is answered by the critical-removal check too: any directory.
  if (input) {
    const said = raw === INPUT_WORD ? 'names from input' : raw;
    // Said where the command works: a removal there is one that may reach a path a deny rule
    // covers (a firm ask), never the removal of that folder.
    const possible = op === 'remove' ? { possible: `the names ${name} removes come from its input` } : {};
    add(i, op, said, '.', true, bases, { names: { kind: 'unseen', what }, ...possible });
    return true;
  }
  // A relative name -execdir hands a writer or remover is below any found file's folder: a write
  // or removal that may reach a protected path (deny rules see a removal as one that may, never one that does).
  if (op === 'write') {
    add(i, 'write', raw, '.', true, bases, { names: { kind: 'unseen', what } });
    return true;
  }
  add(i, 'remove', raw, '.', false, bases, {
    names: { kind: 'unseen', what },
    possible: `find -execdir removes ${raw} in each found file's folder`,
  });
  return true;
}

/**
 * The top of the work tree a git command run in `dir` works on: the nearest of `dir` and its
 * parents that holds `.git` (a folder or a gitfile), as the view shows it; no such one: `dir`
 * (git finds no repository and reads nothing). Without a view, `dir`: as git's world check
 * assumes without one that git run in the project's directory works on the project's repository
 * (`programs/git/world.ts`), its top is taken to be there (decision 0082 names the limit).
 */
/**
 * The work trees git (a program that finds its repository from where it runs) writes in other
 * than the folders holding `.git` (`ShellPathContext.gitWorkTree`): `tops`, one per directory the
 * command runs in; `outside`, those of the directories outside their tree — git then takes
 * relative paths from the tree's top (git 2.39.5: with `core.worktree = ~`, `git checkout b --
 * .config/app.toml` run outside ~ wrote ~/.config/app.toml; run inside, paths stay relative to
 * where it runs). A variable the line itself assigns is the `movedBy` note's.
 */
function movedWorkTrees(
  name: string,
  assignments: readonly string[],
  bases: readonly string[],
  ctx: ShellPathContext,
): { tops: string[]; outside: string[]; unknown?: string } {
  const out: { tops: string[]; outside: string[]; unknown?: string } = { tops: [], outside: [] };
  const program = PROGRAMS.get(name);
  if (ctx.gitWorkTree === undefined || program?.findsRepositoryFromCwd !== true) return out;
  if (assignments.some((a) => program.movedBy?.includes(a.slice(0, Math.max(0, a.indexOf('=')))) === true)) return out;
  for (const b of bases) {
    const tree = ctx.gitWorkTree(b);
    if (tree === undefined) continue;
    if (typeof tree !== 'string') {
      out.unknown ??= tree.unknown;
      continue;
    }
    out.tops.push(tree);
    if (b !== tree && !b.startsWith(tree === '/' ? '/' : `${tree}/`)) out.outside.push(tree);
  }
  return out;
}

function workTreeTop(dir: string, ctx: ShellPathContext): string {
  // A folder or a file: the view tells either; `undefined` is no such path (or one it cannot tell).
  const isDirectory = ctx.isDirectory;
  if (isDirectory === undefined) return dir;
  return [dir, ...parentsOf(dir)].find((d) => isDirectory(d === '/' ? '/.git' : `${d}/.git`) !== undefined) ?? dir;
}

/**
 * The top of the work tree git run in `dir` finds, when the view shows it: the nearest of `dir`
 * and its parents whose `.git` is a gitfile or a folder holding `HEAD` (git passes over a `.git`
 * folder without one and goes on up). `undefined` without a view, when none is shown, or when a
 * folder on the way may itself be a repository (a `.git` folder, one holding `HEAD`: git run
 * inside a repository's own folder has no work tree and stays where it is).
 */
function shownWorkTreeTop(dir: string, ctx: ShellPathContext): [string] | undefined {
  const isDirectory = ctx.isDirectory;
  if (isDirectory === undefined) return undefined;
  for (const d of [dir, ...parentsOf(dir)]) {
    const dotGit = d === '/' ? '/.git' : `${d}/.git`;
    const kind = isDirectory(dotGit);
    if (kind === false || (kind === true && isDirectory(`${dotGit}/HEAD`) === false)) return [d];
    if (/(^|\/)\.git$/.test(d) || isDirectory(d === '/' ? '/HEAD' : `${d}/HEAD`) !== undefined) return undefined;
  }
  return undefined;
}

/** Where a removal is judged. @public */
export interface CriticalRemovalShellContext extends ShellPathContext {
  /** The working directories (cwd and additional directories). */
  workingDirectories: string[];
}

/**
 * Targets of `rm`/`rmdir` (anywhere, substitutions included) whose removal is a critical-path
 * removal: `/`, a top-level directory, the home directory (or another user's, `~user`), a drive
 * root, the cwd or a parent of it, a glob directly under a working directory (`rm -rf dir/*`),
 * or a glob or trailing slash under a variable (`rm -rf "$DIR"/*`, `rm -rf $DIR/`), and targets
 * that may be any of these: a bare variable (`rm -rf $DIR`), a substitution (`rm -rf $(pwd)`,
 * `` rm -rf `pwd` ``), operands `xargs` reads from input (`pwd | xargs rm -rf`). Brace
 * expansions are spelled out (`rm -rf ~/{,x}` removes `~/`), and `find DIR -exec rm -rf {} +`
 * is judged on find's start paths. Returns descriptions (`"<target>: <why>"`); empty when none.
 * No allow rule and no hook `allow` approves these.
 * Behaviour: Claude Code docs, Permission modes › Critical-path removals.
 * @public
 */
export function criticalRemovals(analysis: ShellAnalysis, ctx: CriticalRemovalShellContext): string[] {
  const out: string[] = [];
  const push = (text: string): void => {
    if (!out.includes(text)) out.push(text);
  };
  try {
    // Only a removing program's effects are read below. The evaluator asks for this check with a
    // context that differs from the facts' (no environment, CDPATH or file-system view), so the
    // effects are worked out again: for a command with no removing program (most) they are not.
    let known: readonly PathEffect[] | undefined;
    const effectsOf = (): readonly PathEffect[] => (known ??= collectEffects(analysis, ctx).effects);
    const norm = (p: string): string => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform });
    // Whether each command may remove a directory (every critical path is one), and why when
    // only a word toolgate cannot see may make it (`rm -f $t`: `$t` may split into `-r DIR`).
    const directories = new Map<number, boolean | string>();
    const mayRemoveDirectoryAt = (i: number): boolean | string => {
      let out = directories.get(i);
      if (out === undefined)
        directories.set(
          i,
          (out = mayRemoveDirectory(
            analysis.commands[i]!.program,
            analysis.commands[i]!,
            chosenVariables(analysis),
          )),
        );
      return out;
    };
    analysis.commands.forEach((cmd, i) => {
      if (cmd.unknown || !removesOperands(cmd.program)) return;
      const via = inputSource(analysis, i);
      // Names from input may be options (`echo '-r /x' | xargs rm -f`), unless after a literal `--`.
      const endsOptions = cmd.argv.some((a, k) => a === '--' && cmd.literal[k] !== false);
      if (via === 'input' && (endsOptions ? mayRemoveDirectoryAt(i) !== false : true)) {
        const reader = analysis.commands[ancestor(analysis, i, handsOnInput)]!;
        push(`${cmd.source}: operands read from ${reader.program} input may name any directory`);
      }
      // find hands on names that begin with its start path, never an option (find takes a word
      // that begins with `-` for its expression): a removal that cannot take a directory (`find
      // . -name '*.o' -exec rm -f {} +`) removes a critical path only among the top-level names.
      if (via === 'found' && cmd.argv.some((a) => a.includes('{}'))) {
        const finder = ancestor(analysis, i, handsOnFound);
        const directory = mayRemoveDirectoryAt(i);
        for (const e of effectsOf()) {
          if (e.command !== finder || e.op !== 'read') continue;
          if (directory === false && !filesRemovalMayBeCritical(e.path, true)) continue;
          const why = isCriticalRemovalTarget(e.path, { ...ctx });
          if (why !== undefined) push(`{} (find start ${e.raw}): ${why}`);
        }
      }
    });
    for (const e of analysis.commands.some(removesSome) ? effectsOf() : []) {
      if (e.op !== 'remove' || e.command < 0) continue;
      const cmd = analysis.commands[e.command];
      const name = cmd ? cmd.program : '';
      if (!removes(name)) continue;
      // Names from input (`xargs tar --remove-files …`) are said where the command works, not
      // removed there: the protected-path check asks about them.
      if (e.names?.kind === 'unseen' && e.names.what === 'input') continue;
      const word = e.raw.replace(/ \(.*\)$/s, '');
      // A name toolgate cannot see may be any directory only for a removal that can take one;
      // for another (`rm -f "$t"`, `unlink $t`) it names a file, which the protected-path check judges.
      const directory = mayRemoveDirectoryAt(e.command);
      const unseen = directory === false ? undefined : (variableWhy(word) ?? unseenTildeWhy(word));
      const why =
        (unseen !== undefined && typeof directory === 'string' ? `${unseen} (${directory})` : unseen) ??
        globUnderVariableWhy(word) ??
        tildeWhy(word, ctx, norm) ??
        ((e.literal || e.glob || word.startsWith('~')) &&
        (directory !== false || e.glob || filesRemovalMayBeCritical(e.path, e.names?.kind === 'entries'))
          ? isCriticalRemovalTarget(e.path, { ...ctx })
          : undefined);
      if (why !== undefined) push(`${e.raw}: ${why}${e.because !== undefined ? ` (${e.because})` : ''}`);
      // After `cd $X`, `HOME=…; cd` and the like the directory a relative removal names is unknown.
      else if (analysis.stateChanges.length > 0 && directory !== false)
        push(`${e.raw}: removed after a change toolgate cannot follow (${analysis.stateChanges[0]})`);
      if (e.glob && why === undefined) {
        const dir = e.path.slice(0, e.path.lastIndexOf('/')) || '/';
        const under = ctx.workingDirectories.some((w) => norm(w) === dir);
        if (under && /\/[*?.]*[*?][*?.]*$/.test(e.path)) push(`${e.raw}: a glob directly under a working directory`);
      }
    }
  } catch (error) {
    out.push(`critical-removal check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return out;
}

/** Whether a program's operands are removed (its model says so: rm, mv, rename, …). */
const removesOperands = (name: string): boolean => PROGRAMS.get(name)?.removesOperands === true;

/** Whether a program's removals are judged as critical ones: its operands', or what its model removes (find -delete, tar --remove-files). */
const removes = (name: string): boolean => removesOperands(name) || PROGRAMS.get(name)?.removes === true;

/** Whether a command runs a program {@link removes} judges (one with no words removes nothing). */
const removesSome = (cmd: SimpleCommand): boolean => removes(cmd.program);

/** Whether a program runs commands on what it finds (`find -exec`). */
const handsOnFound = (name: string): boolean => PROGRAMS.get(name)?.handsOnFound === true;

/** Index of the nearest wrapper that runs command `i` and that `is` accepts (by its name and words), or -1. */
function ancestor(analysis: ShellAnalysis, i: number, is: (name: string, argv: readonly string[]) => boolean): number {
  let p = analysis.commands[i]?.parent;
  for (let guard = 0; p !== undefined && guard < 64; guard++) {
    const parent = analysis.commands[p];
    if (!parent) return -1;
    if (is(parent.program, parent.argv)) return p;
    p = parent.parent;
  }
  return -1;
}

/** Whether a program runs commands on words it reads from input (`xargs`; `parallel` with no `:::` list). */
function handsOnInput(name: string, argv: readonly string[]): boolean {
  const hands = PROGRAMS.get(name)?.handsOnInput;
  return hands === true || (typeof hands === 'function' && hands(argv));
}

/** Whether command `i` gets operands from input at run time (`xargs CMD`, `find -exec CMD {}`). */
function inputSource(analysis: ShellAnalysis, i: number): 'input' | 'found' | undefined {
  if (ancestor(analysis, i, handsOnInput) >= 0) return 'input';
  if (ancestor(analysis, i, handsOnFound) >= 0) return 'found';
  return undefined;
}

/** `~user` (another user's home) and `~+` (the cwd); `~-` is {@link unseenTildeWhy}'s. */
function tildeWhy(raw: string, ctx: CriticalRemovalShellContext, norm: (p: string) => string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  const m = /^~([^/]*)\/*$/.exec(bare);
  if (!m || m[1] === '') return undefined;
  if (m[1] === '+') return isCriticalRemovalTarget(norm(ctx.cwd), { ...ctx }) ?? 'the working directory';
  if (m[1] === '-') return undefined;
  return "another user's home directory";
}

/**
 * A removal target built on a variable or substitution that may be any directory: bare, or with
 * a trailing slash (a directory, then). Only a removal that can take a directory removes it.
 */
function variableWhy(raw: string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  if (/^(\$\(|`)/.test(bare) || /(^|\/)(\$\([^/]*\)|`[^/`]*`)(\/|$)/.test(bare)) return 'a substitution that may name any directory';
  if (!/\$/.test(bare)) return undefined;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(bare) || /^\$\{[^}]*\}$/.test(bare)) return 'a variable that may name any directory';
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/+$/.test(bare)) return 'a trailing slash under a variable';
  return undefined;
}

/**
 * A glob under a variable (`rm -f "$d"/*`): with the variable empty it is every top-level name,
 * links to folders among them on a merged /usr (`/bin`, `/lib`), which a removal of files takes too.
 */
function globUnderVariableWhy(raw: string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  return /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/[*?.]*[*?][*?.]*$/.test(bare) ? 'a glob under a variable' : undefined;
}

/** `~-`: the previous directory, which may be any directory. */
function unseenTildeWhy(raw: string): string | undefined {
  return /^~-\/*$/.test(raw.replace(/["']/g, '')) ? 'the previous directory, which may be any directory' : undefined;
}

/**
 * Whether acceptEdits mode may auto-approve this command: one of the filesystem commands
 * Claude Code documents (mkdir, touch, rm, rmdir, mv, cp, sed), understood, named literally,
 * with no variable or substitution in its words (globs are allowed: the caller checks the
 * paths from {@link shellPathEffects} against the working directories). Which programs, and
 * which of their commands, is each model's `acceptEdits` facet (sed: a plain substitution that
 * reads, writes and runs nothing else). Behaviour: Claude Code docs, Permission modes › acceptEdits.
 * @public
 */
export function acceptEditsCommand(cmd: SimpleCommand): boolean {
  if (cmd.unknown || cmd.argv.length === 0 || !cmd.literal[0]) return false;
  const model = PROGRAMS.get(cmd.argv[0]!)?.acceptEdits;
  if (model === undefined || model === false) return false;
  if (model === 'withoutOptions') {
    const end = cmd.argv.indexOf('--');
    if (cmd.argv.slice(1, end < 0 ? undefined : end).some((w) => w.length > 1 && w.startsWith('-'))) return false;
  }
  for (let i = 1; i < cmd.argv.length; i++) {
    if (cmd.literal[i]) continue;
    const d = decodeWord(cmd.argv[i]!);
    if (d.expansion || d.substitutions > 0 || d.tilde || d.error || d.zshEquals) return false;
  }
  return typeof model === 'function' ? model(cmd.argv) : true;
}
