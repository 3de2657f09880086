import type { Platform, ToolCall } from '../core/types.js';
import {
  matchContentRule,
  matchDomainRule,
  matchParamRule,
  matchPathRule,
  primaryField,
  ruleCoversTool,
  toolFamily,
} from '../rules/index.js';
import { matchSqueezedCommand, squeezeCommand } from '../rules/command.js';
import type { PathMatchContext, Rule } from '../rules/types.js';
import type { CompiledRule } from '../settings/types.js';
import type { PathEffect, ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { patternReach, type PatternReach } from '../paths/index.js';
import { compilePathPattern, matchPathMatcher, normalizedForMatch, pathMatcher, type PathMatcher } from '../paths/pattern.js';
import type { CallFacts } from './facts.js';
import { braceAlternatives, globMayHitRule, hasGlob } from './glob-overlap.js';
import { literalText, mayMatchWithHoles } from './holes.js';
import { looksAtNameOnly } from './name-looks.js';
import { opaqueCommands } from './opaque-commands.js';
import { SAFE_ENVIRONMENT } from '../shell/syntax/variables.js';
import { unknownWordNaming } from '../shell/unknown-programs.js';
import { effectOutOfReach, effectProbes } from './path-probe.js';
import { dirHolds, expandGlob, newBudget, realOfEffectName, type Budget, type Reach } from './fs-reach.js';
import { takenOf, walksThroughLinks } from './tree-takes.js';
import { grepToolTreeRead } from './grep-tool.js';
import { PROGRAMS } from '../shell/programs/index.js';
import { programsNamedBy } from '../shell/programs/installed-names.js';
import { cwdAlternative, type CwdAlternative } from '../shell/effects/path-effects.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { includedReadWhy } from './include-reads.js';
import { text, type ShellMatching, type Text } from './shell-matching.js';
import { isChosenName } from '../shell/programs/chosen-names.js';

/**
 * Can the rule bear on a call of `tool` — as {@link restrictiveMatch} (`restrictive`) or as
 * {@link allowCovers} and the shell allow step (`allow`) use it? False means those never match
 * the rule against such a call, whatever its input, so a step may skip it. Mirrors the coverage
 * tests at the top of both: a deny/ask path rule meets every shell call (the paths a command
 * touches) and a `Read(...)` one also the edit tools it blocks, an `Edit(...)` allow rule also the
 * reading tools it grants; otherwise the rule must cover the tool (`ruleCoversTool`). (A shell
 * call's redirection writes are checked against the whole allow list, not through this.)
 */
export function ruleBearsOnTool(cr: CompiledRule, tool: string, use: 'restrictive' | 'allow'): boolean {
  const rule = cr.rule;
  if (rule.family === 'path') {
    const family = toolFamily(tool);
    if (use === 'restrictive' && (family === 'shell' || (rule.tool === 'Read' && READ_DENY_ALSO_BLOCKS.has(tool)))) return true;
    if (use === 'allow' && rule.tool === 'Edit' && family === 'read') return true;
  }
  return ruleCoversTool(rule, tool, use === 'allow' ? 'allow' : cr.list);
}

/** How a rule relates to a call: it matches, it does not, or what is hidden may match. */
export type RuleMatch =
  | { kind: 'match'; detail: string }
  | { kind: 'none' }
  /**
   * What is hidden may match; `opaque`: only because the command runs code toolgate cannot read
   * (the opaque-code table decides); `guarded`: a read the file-system view cannot settle (a
   * guarded-read ask); `unseenWrite`: a write or removal that may reach a path the rule covers,
   * which the view cannot settle (a protected ask: DESIGN, "Which answer for what cannot be seen").
   */
  | { kind: 'hidden'; detail: string; opaque?: true; guarded?: true; unseenWrite?: true };

const NONE: RuleMatch = { kind: 'none' };
const NO_COVER: AllowMatch = { kind: 'none' };

/** Per-call environment for matching. */
export interface MatchEnv {
  cwd: string;
  /**
   * Where `p`, `./p` and `../p` rule patterns anchor: the session's original working directory
   * (Claude Code's "current (original) working directory"), not the directory an earlier call's
   * `cd` left the shell in. Absent: {@link MatchEnv.cwd} (decision 0167).
   */
  ruleCwd?: string;
  home: string;
  platform: Platform;
  /** The directory `/p` patterns of this rule anchor at. */
  slashAnchorOf: (rule: CompiledRule) => string;
  /** Path rules' patterns compiled for this environment, made on first use (see {@link rulePathMatches}). */
  patterns?: Map<CompiledRule, PathMatcher>;
  /**
   * How many compiled patterns `patterns` keeps before it is emptied (default 4,096): room for
   * every rule of the environment's policy, so a large one is not compiled again and again.
   */
  patternsLimit?: number;
  /** Allow lists indexed by path prefix (see {@link allowCandidates}), per rule list. */
  allowIndexes?: Map<readonly CompiledRule[], AllowPathIndex>;
}

/** An allow list's path rules by the literal directory prefix every path they match starts with. */
interface AllowPathIndex {
  byPrefix: Map<string, number[]>;
  /** Rules without such a prefix (other families, patterns that start with a wildcard). */
  others: number[];
  /** The last directory looked up and its answer: the candidates depend on the path's directory only. */
  lastDir: string | undefined;
  lastOut: readonly number[];
}

const INDEXES_PER_ENV = 64;

function buildAllowIndex(rules: readonly CompiledRule[], env: MatchEnv): AllowPathIndex {
  const byPrefix = new Map<string, number[]>();
  const others: number[] = [];
  rules.forEach((cr, i) => {
    const rule = cr.rule;
    const prefix =
      rule.family === 'path' && rule.specifier !== undefined && rule.ignored !== true && cr.list === 'allow'
        ? compiledPatternOf(cr, rule.specifier, env).prefix
        : '';
    if (prefix === '') others.push(i);
    else {
      const list = byPrefix.get(prefix);
      if (list === undefined) byPrefix.set(prefix, [i]);
      else list.push(i);
    }
  });
  return { byPrefix, others, lastDir: undefined, lastOut: others };
}

/**
 * The positions in `rules` (an allow list) of the rules that may cover a Read or Edit call of
 * `path`, in list order: a path rule whose literal directory prefix the path does not start with
 * never matches it (`matchPathMatcher` rejects it first), so only the prefixes that are
 * directories above the path are looked up. The rules left out are exactly those that cannot
 * match; the answer is the one a scan of the whole list gives.
 */
export function allowCandidates(rules: readonly CompiledRule[], path: string, env: MatchEnv): readonly number[] {
  let indexes = env.allowIndexes;
  if (indexes === undefined) indexes = env.allowIndexes = new Map();
  let index = indexes.get(rules);
  if (index === undefined) {
    if (indexes.size >= INDEXES_PER_ENV) indexes.clear();
    index = buildAllowIndex(rules, env);
    indexes.set(rules, index);
  }
  if (index.byPrefix.size === 0 || typeof path !== 'string') return rules.map((_, i) => i);
  const abs = normalizedForMatch(path, env);
  const dir = abs.slice(0, abs.lastIndexOf('/') + 1);
  if (dir === index.lastDir) return index.lastOut;
  let out: number[] | undefined;
  for (let j = dir.indexOf('/'); j !== -1; j = dir.indexOf('/', j + 1)) {
    const hit = index.byPrefix.get(dir.slice(0, j + 1));
    if (hit !== undefined) (out ??= [...index.others]).push(...hit);
  }
  index.lastDir = dir;
  index.lastOut = out === undefined ? index.others : out.sort((x, y) => x - y);
  return index.lastOut;
}

const PATTERNS_PER_ENV = 4096;

/** The rule's path pattern compiled for `env` (its cwd, home, `/p` anchor, platform and list), made once per environment. */
function compiledPatternOf(cr: CompiledRule, spec: string, env: MatchEnv): PathMatcher {
  let patterns = env.patterns;
  if (patterns === undefined) patterns = env.patterns = new Map();
  let compiled = patterns.get(cr);
  if (compiled === undefined) {
    if (patterns.size >= (env.patternsLimit ?? PATTERNS_PER_ENV)) patterns.clear();
    compiled = pathMatcher(compilePathPattern(spec, pathCtx(cr, env)));
    patterns.set(cr, compiled);
  }
  return compiled;
}

/** The matcher {@link rulePathMatches} uses for a path rule, or `undefined` when it is not one with a pattern in effect. */
export function pathRuleMatcher(cr: CompiledRule, env: MatchEnv): PathMatcher | undefined {
  const rule = cr.rule;
  if (rule.family !== 'path' || rule.specifier === undefined || rule.ignored === true) return undefined;
  return compiledPatternOf(cr, rule.specifier, env);
}

/** `matchPathRule(cr.rule, path, pathCtx(cr, env))`, with the pattern compiled once per environment. */
export function rulePathMatches(cr: CompiledRule, path: string, env: MatchEnv): boolean {
  const rule = cr.rule;
  if (rule.family !== 'path' || rule.specifier === undefined || rule.ignored === true) return false;
  if (typeof path !== 'string') return cr.list !== 'allow';
  return matchPathMatcher(compiledPatternOf(cr, rule.specifier, env), path, env);
}

/** Tools whose writes a `Read(...)` deny rule also blocks (Claude Code docs, "Read and Edit"). */
const READ_DENY_ALSO_BLOCKS = new Set(['Edit', 'Write', 'MultiEdit']);

function pathCtx(cr: CompiledRule, env: MatchEnv): PathMatchContext {
  return { cwd: env.ruleCwd ?? env.cwd, home: env.home, slashAnchor: env.slashAnchorOf(cr), platform: env.platform, list: cr.list };
}

/**
 * Does a deny or ask rule match the call? Any part of a compound command, the wrapper form and
 * the wrapped command, and the whole command string are all tried; Read/Edit rules also see the
 * paths a shell command reads, writes or removes.
 */
export function restrictiveMatch(
  cr: CompiledRule,
  call: ToolCall,
  facts: CallFacts,
  env: MatchEnv,
  view?: ReadonlyFsView,
  maySet?: (name: string) => boolean,
  grepLeavesOut?: readonly string[],
): RuleMatch {
  const rule = cr.rule;
  if (rule.family === 'path' && facts.kind === 'shell') return shellPathMatch(cr, facts, env, view, maySet);
  const covers =
    ruleCoversTool(rule, call.tool, cr.list) || (rule.family === 'path' && rule.tool === 'Read' && READ_DENY_ALSO_BLOCKS.has(call.tool));
  if (!covers) return NONE;
  switch (rule.family) {
    case 'bare':
      return { kind: 'match', detail: `matches every ${call.tool} call` };
    case 'param':
      return matchParamRule(rule, call.input) ? { kind: 'match', detail: `input field ${rule.param?.name} matches` } : NONE;
    case 'bash':
      return facts.kind === 'shell' ? bashRestrictive(rule, facts.matching, view) : NONE;
    case 'path':
      if (facts.kind !== 'read' && facts.kind !== 'edit') return NONE;
      if (rulePathMatches(cr, facts.path, env)) return { kind: 'match', detail: `path ${facts.path} matches` };
      if (facts.realPath !== undefined && rulePathMatches(cr, facts.realPath, env))
        return { kind: 'match', detail: `path ${facts.realPath} matches` };
      if (facts.aliases !== undefined) {
        for (const p of facts.aliases) if (rulePathMatches(cr, p, env)) return { kind: 'match', detail: `path ${p} matches` };
      }
      if (facts.aliasUnknown !== undefined) return { kind: 'hidden', detail: facts.aliasUnknown };
      // A Glob or Grep whose pattern may name a path the rule covers.
      if (facts.kind === 'read' && facts.glob !== undefined && rule.specifier !== undefined) {
        for (const alt of braceAlternatives(facts.glob)) {
          if (!hasGlob(alt) ? matchPathRule(rule, alt, pathCtx(cr, env)) : globMayHitRule(alt, rule.specifier, pathCtx(cr, env))) {
            return { kind: 'hidden', detail: `the search pattern ${facts.glob} may name a path the rule covers` };
          }
        }
      }
      if (facts.kind === 'read' && call.tool === 'Grep' && rule.tool === 'Read')
        return grepTreeMatch(cr, call, facts, env, view, maySet, grepLeavesOut);
      return NONE;
    case 'domain':
      return facts.kind === 'web' && matchDomainRule(rule, facts.url, cr.list)
        ? { kind: 'match', detail: `host of ${facts.url} matches` }
        : NONE;
    case 'content':
      return contentMatch(rule, call);
  }
}

/**
 * A Grep call on a folder meets a Read rule through the files it opens there (decision 0150): the
 * tree as its rg walks it (`--hidden`, version-control folders left out, ignore files matched as
 * written, its `glob` and `type`), each file the view shows there that the rule covers and the walk
 * does not surely leave out. `leavesOut`: the names the host's Grep hands rg last to leave out (the
 * dialect's, decision 0155; Claude Code's per relative Read deny rule). Never a verified read — a
 * host may leave the file out — so a guarded ask, not a deny; a folder the view cannot look through
 * likewise. A file or a path the view does not show as a folder: nothing more.
 */
function grepTreeMatch(
  cr: CompiledRule,
  call: ToolCall,
  facts: Extract<CallFacts, { kind: 'read' }>,
  env: MatchEnv,
  view: ReadonlyFsView | undefined,
  maySet: ((name: string) => boolean) | undefined,
  leavesOut: readonly string[] | undefined,
): RuleMatch {
  if (cr.rule.specifier === undefined || view === undefined) return NONE;
  const path = facts.realPath ?? facts.path;
  if (view.isDirectory?.(path) !== true || !view.exists(path)) return NONE;
  const e = grepToolTreeRead(call, path, facts.raw, leavesOut);
  const v = effectVerdict(cr.rule, e, true, pathCtx(cr, env), false, {
    view,
    maySet,
    home: env.home,
    skips: 'Grep runs rg, which may read it',
    what: `Grep searches ${path}`,
  });
  if (v === undefined || v.kind === 'none') return NONE;
  return { kind: 'hidden', guarded: true, detail: v.detail };
}

function contentMatch(rule: Rule, call: ToolCall): RuleMatch {
  const field = primaryField(call.tool);
  const value = field !== undefined ? call.input[field] : undefined;
  if (typeof value !== 'string') return NONE;
  return matchContentRule(rule, value) ? { kind: 'match', detail: `${field} "${value}" matches` } : NONE;
}

function bashRestrictive(rule: Rule, matching: ShellMatching, view: ReadonlyFsView | undefined): RuleMatch {
  const spec = rule.specifier ?? '*';
  const analysis = matching.analysis;
  const texts = matching.restrictiveTexts();
  if (matchSqueezedCommand(spec, texts.whole)) return { kind: 'match', detail: 'the whole command matches' };
  for (const t of texts.parts) {
    if (matchSqueezedCommand(spec, t.squeezed))
      return { kind: 'match', detail: `part "${t.raw}" matches${t.note !== undefined ? ` (${t.note})` : ''}` };
  }
  const sameFile = view?.identity !== undefined ? sameFileMatch(spec, matching, view) : undefined;
  if (sameFile !== undefined) return sameFile;
  const script = scriptMatch(spec, matching);
  if (script !== undefined) return script;
  if (analysis.unknown.length > 0) {
    return { kind: 'hidden', detail: `parts of the command could not be read (${analysis.unknown[0]})` };
  }
  if (analysis.stateChanges.length > 0) return { kind: 'hidden', detail: analysis.stateChanges[0]! };
  // Words that are not literal: spell out brace expansions, and ask whether a variable or
  // substitution could make the command match (`P=push; git $P origin` against `git push *`).
  const extras = matching.analysisExtras();
  for (const { cmd, variants } of extras.holes) {
    for (const words of variants) {
      const literal = literalText(words);
      if (literal !== undefined) {
        if (matchSqueezedCommand(spec, squeezeCommand(literal)))
          return { kind: 'match', detail: `part "${literal}" (after brace expansion) matches` };
      } else if (mayMatchWithHoles(spec, words)) {
        return { kind: 'hidden', detail: `part "${cmd.argv.join(' ')}" has words that are not literal and could match` };
      }
    }
  }
  // `ssh host rm -rf x`, `make CC=rm`: a program toolgate does not know, given the rule's program by name.
  const unknownWords = extras.unknownWords;
  const program = unknownWords.size === 0 ? undefined : ruleProgram(spec);
  const holder = program === undefined ? undefined : unknownWordNaming(unknownWords, program, extras.unknownPatterns);
  if (holder !== undefined)
    return {
      kind: 'hidden',
      detail: holder.word === program ? `${holder.where} ${program}` : `${holder.where} ${holder.word}, a pattern ${program} matches`,
    };
  // Code toolgate cannot read may run what the rule names: the opaque-code table decides.
  const opaque = extras.opaque;
  if (opaque !== undefined) return { kind: 'hidden', detail: opaque, opaque: true };
  return NONE;
}

/**
 * A part run by another name of the program the rule names, where the view shows the two names
 * are one file (`editor` under `Bash(vi *)` where Debian's editor alternative is vim: `same-file-names.ts`).
 */
function sameFileMatch(spec: string, matching: ShellMatching, view: ReadonlyFsView): RuleMatch | undefined {
  const program = ruleProgram(spec);
  if (program === undefined) return undefined;
  for (const cmd of matching.analysis.commands) {
    const name = cmd.argv[0];
    if (name === undefined || name === program || (!isChosenName(program) && !isChosenName(name))) continue;
    if (!matching.sameFileNames(view).same(name, program)) continue;
    const raw = [program, ...cmd.argv.slice(1)].join(' ');
    if (matchSqueezedCommand(spec, squeezeCommand(raw)))
      return { kind: 'match', detail: `part "${raw}" matches (${name} and ${program} are one file on this machine)` };
  }
  return undefined;
}

/** A rule on a program as a whole: its name alone, `NAME *` or `NAME:*`. */
const WHOLE_PROGRAM = /^\S+(?:\s+\*|:\*)?$/;

/**
 * A part run by a script installed beside the program the rule names, which runs it with words of
 * its own (`zgrep` runs gzip, `c89` gcc: `installed-names.ts`, decision 0122): a rule on the
 * program as a whole matches; a rule naming more of its words, or naming another name of the
 * program the script runs (`Bash(unxz *)`, xz's, and `xzgrep`), may match what the script passes
 * it, unseen (a firm ask).
 */
function scriptMatch(spec: string, matching: ShellMatching): RuleMatch | undefined {
  // The call's script commands are found once (most calls have none), not once per rule.
  const scripts = matching.scripts();
  if (scripts.length === 0) return undefined;
  const program = ruleProgram(spec);
  if (program === undefined) return undefined;
  for (const { cmd, runs, why, maybe } of scripts) {
    const name = cmd.argv[0] ?? '';
    const base = name.slice(name.lastIndexOf('/') + 1);
    const raw = cmd.argv.join(' ');
    const how = why ?? `${base} is a script that runs it`;
    if (maybe === true && runs.includes(program)) return { kind: 'hidden', detail: `part "${raw}" may run ${program} (${how})` };
    if (runs.includes(program) && WHOLE_PROGRAM.test(spec.trim()))
      return { kind: 'match', detail: `part "${raw}" runs ${program} (${how})` };
    const ran = runs.includes(program) ? program : programsNamedBy(program).find((p) => runs.includes(p));
    if (ran !== undefined) return { kind: 'hidden', detail: `part "${raw}" runs ${ran} with words of its own (${how})` };
  }
  return undefined;
}

/** The program a command pattern names (`rm` for `rm -rf *`, `git` for `git push:*`), or undefined when it is a wildcard. */
export function ruleProgram(spec: string): string | undefined {
  if (programs.has(spec)) return programs.get(spec);
  if (programs.size >= PROGRAMS_LIMIT) programs.clear();
  const program = programOf(spec);
  programs.set(spec, program);
  return program;
}

/** {@link ruleProgram} by pattern, worked out once per pattern. */
const programs = new Map<string, string | undefined>();
/** As many as the compiled command patterns (`rules/command.ts`): a large policy's patterns all fit. */
const PROGRAMS_LIMIT = 65_536;

function programOf(spec: string): string | undefined {
  const first = spec.trim().split(/\s+/)[0]?.replace(/:\*$/, '') ?? '';
  if (first === '' || /[*=]/.test(first)) return undefined;
  return first.slice(first.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * Why the command runs code toolgate cannot read (the first of {@link opaqueCommands}), or
 * `undefined`. Its commands may be anything a deny or ask rule covers.
 */
export function opaqueScript(analysis: ShellAnalysis): string | undefined {
  return opaqueCommands(analysis)[0]?.why;
}

/**
 * Read rules against what a command reads (copying, moving, linking, archiving and sending are
 * reads of the source; removing or creating a path is not); Edit rules against what it writes or
 * removes. With a file-system view, a directory is judged by its real entries (bounded).
 */
function shellPathMatch(
  cr: CompiledRule,
  facts: Extract<CallFacts, { kind: 'shell' }>,
  env: MatchEnv,
  view?: ReadonlyFsView,
  maySet?: (name: string) => boolean,
): RuleMatch {
  const rule = cr.rule;
  const isRead = rule.tool === 'Read';
  const isEdit = rule.tool === 'Edit';
  if (!isRead && !isEdit) return NONE;
  const ctx = pathCtx(cr, env);
  let hidden: string | undefined;
  let guarded: string | undefined;
  // An effect whose path lacks the pattern's literal (`.pem`) is passed over (decision 0027).
  const m = facts.effects.length > 0 ? pathRuleMatcher(cr, env) : undefined;
  const probes = m !== undefined && m.gitignore.needle !== '' ? effectProbes(facts.effects, env) : undefined;
  let unseenWrite: string | undefined;
  const budget = newBudget();
  const writers = isEdit ? new Set(facts.effects.filter((x) => x.op !== 'read').map((x) => x.command)) : undefined;
  const soleWriter = writers !== undefined && writers.size === 1 && !writers.has(-1);
  const lineMakesNothing =
    facts.effects.every((x) => x.op === 'read') &&
    facts.unresolved.length === 0 &&
    facts.analysis.unknown.length === 0 &&
    facts.analysis.stateChanges.length === 0 &&
    facts.analysis.commands.every((c) => c.opaque === undefined);
  // The readings of a cd that may have gone to several places, by the word read from each.
  const readings = new Map<string, { alt: CwdAlternative; met: Set<string>; detail: string }>();
  for (let i = 0; i < facts.effects.length; i++) {
    const e = facts.effects[i]!;
    const relevant = isRead ? e.op === 'read' || e.assumed !== undefined : e.op !== 'read';
    if (!relevant) continue;
    const probe = probes?.[i];
    if (probe !== undefined && effectOutOfReach(m!, e, probe)) continue;
    const reader = isRead ? facts.analysis.commands[e.command] : undefined;
    const verdict = effectVerdict(rule, e, isRead, ctx, foldsGlobs(facts.command), {
      view,
      budget,
      skips: reader !== undefined ? skipRules(reader) : undefined,
      maySet,
      home: ctx.home,
      soleWriter,
      lineMakesNothing,
    });
    if (verdict === undefined || verdict.kind === 'none') continue;
    // From one of the places a `cd ..` after a link may have left: sure only if met from each.
    const alt = verdict.kind === 'match' ? cwdAlternative(e) : undefined;
    if (alt !== undefined) {
      const g = readings.get(alt.group) ?? { alt, met: new Set<string>(), detail: verdict.detail };
      g.met.add(alt.base);
      readings.set(alt.group, g);
      continue;
    }
    if (verdict.kind === 'match') return verdict;
    if (verdict.guarded === true) guarded ??= verdict.detail;
    else if (verdict.unseenWrite === true) unseenWrite ??= verdict.detail;
    else hidden ??= verdict.detail;
  }
  for (const { alt, met, detail } of readings.values()) {
    if (alt.of.every((b) => met.has(b)))
      return { kind: 'match', detail: `${detail}, from each place a cd may have left it (${alt.of.join(' or ')})` };
    hidden ??= `${detail}, if ${alt.why}`;
  }
  if (hidden !== undefined) return { kind: 'hidden', detail: hidden };
  // Code toolgate cannot read (`node x.js`) is no hidden path effect: Read and Edit deny rules
  // alone never make it ask (the opaque-code table; the person consents to the program by name).
  if (facts.analysis.unknown.length > 0 || facts.analysis.stateChanges.length > 0 || facts.unresolved.length > 0) {
    return {
      kind: 'hidden',
      detail: `the command touches paths that could not be worked out (${facts.unresolved[0] ?? facts.analysis.unknown[0] ?? facts.analysis.stateChanges[0]})`,
    };
  }
  if (guarded !== undefined) return { kind: 'hidden', detail: guarded, guarded: true };
  if (unseenWrite !== undefined) return { kind: 'hidden', detail: unseenWrite, unseenWrite: true };
  return NONE;
}

/** What {@link effectVerdict} may ask of the world: the file-system view, its budget, and the reader's skip rules. */
export interface EffectLook {
  view?: ReadonlyFsView | undefined;
  budget?: Budget;
  /** Why the reading program may skip hidden or ignored files (`rg`), when it does: a covered path it holds is then not sure to be read. */
  skips?: string | undefined;
  /** Whether an environment variable may be set (a reader's choice of files may depend on it); absent: any may be. */
  maySet?: ((name: string) => boolean) | undefined;
  /** The user's home, where a reader's global ignore files live (git's excludes, which rg reads). */
  home?: string | undefined;
  /**
   * The effect's command is the only one on the line that writes or removes: what the view shows
   * of the paths it writes is what that command meets (no other part, run before or alongside it,
   * may have made a link or folder there first). Settling a write by the view needs it.
   */
  soleWriter?: boolean;
  /**
   * No part of the line writes, removes or runs code toolgate cannot read: a path the view shows
   * missing stays missing while the line runs (a read of it reads nothing).
   */
  lineMakesNothing?: boolean;
  /** Who reads what, for the reasons, when not a shell command (`Grep searches /p`). */
  what?: string;
}

/**
 * How one rule bears on one effect. A literal path it covers is a match. For a Read rule only
 * reads count (a copy's, move's, link's or archive's source is read; a removal or a creation is
 * not — Edit rules and protected paths decide those). A directory the command reads whole (`grep
 * -r`, `cp -r`, `tar c`) matches when it holds a covered path — with a file-system view, when one
 * of its real entries is covered; a regular file holds nothing — and is a guarded read when that
 * cannot be settled (no view, a bound hit) or the reader may skip the path. A glob is expanded
 * against the view under every shell option; without one, one that may name a covered path is a
 * guarded read. For Edit rules a removal or write of a directory that may hold a covered path
 * matches (lexically, or by the view's entries).
 */
export function effectVerdict(
  rule: Rule,
  e: PathEffect,
  isRead: boolean,
  ctx: PathMatchContext,
  foldGlobs = false,
  look: EffectLook = {},
): RuleMatch | undefined {
  // A path named inside the text a program toolgate does not model is given: a read it may do,
  // met only by a rule that covers the path itself, and never a verified one (a firm ask).
  if (e.op === 'read' && e.possible !== undefined) {
    if (!isRead || !matchPathRule(rule, e.path, ctx)) return undefined;
    return { kind: 'hidden', detail: `the command may read ${e.path}${e.viaSymlink ? ' (through a symbolic link)' : ''}: ${e.possible}` };
  }
  const v = pathVerdict(rule, e, isRead, ctx, foldGlobs, look);
  // A write the command may do is never a verified one: a path the rule covers is an ask.
  if (e.possible !== undefined && v?.kind === 'match') return { kind: 'hidden', detail: `${v.detail} (${e.possible})`, unseenWrite: true };
  // A write or removal that may reach a covered path where the view cannot settle it is a
  // protected ask; one whose operand is a variable or substitution may name any path (firm).
  if (!isRead && v?.kind === 'hidden' && v.unseenWrite === undefined && !namedByExpansion(e)) return { ...v, unseenWrite: true };
  return v;
}

/** The operand is a variable, a substitution or a `~user`: it may name any path. */
function namedByExpansion(e: PathEffect): boolean {
  return !e.literal && (/[$`]/.test(e.raw) || e.raw.startsWith('~'));
}

function pathVerdict(
  rule: Rule,
  e: PathEffect,
  isRead: boolean,
  ctx: PathMatchContext,
  foldGlobs: boolean,
  look: EffectLook,
): RuleMatch | undefined {
  const what = look.what ?? `the command ${verb(e.op, e)} ${e.path}${e.viaSymlink ? ' (through a symbolic link)' : ''}`;
  const readish = e.op === 'read' || e.assumed !== undefined;
  if (isRead && !readish) return undefined;
  // `stat .env`, `ls -la .env`: a look at the name reads no content a Read rule names.
  if (isRead && looksAtNameOnly(e, look.view)) return undefined;
  if (matchPathRule(rule, e.path, ctx)) return { kind: 'match', detail: what };
  // `gcc -E x.c`: the files x.c's #include lines name, any path (decision 0096).
  const included = isRead && rule.specifier !== undefined ? includedReadWhy(e) : undefined;
  if (included !== undefined) return { kind: 'hidden', guarded: true, detail: included };
  const covered = (p: string) => matchPathRule(rule, p, ctx);
  const mayHold = (p: string) => reachOf(rule, p, ctx) !== undefined;
  const budget = look.budget ?? newBudget();
  if (e.assumed === 'word') {
    // A bare word counts only as what the rule names literally: the directory it covers, or one above a path it names.
    const reach = reachOf(rule, e.path, ctx);
    if (reach === 'contents') return { kind: 'match', detail: `${what}, a directory the rule covers` };
    if (reach !== 'stem') return undefined;
    if (!isRead) return { kind: 'hidden', detail: `${what}, which holds a path the rule covers; the program may read it whole` };
    const held = dirHolds(look.view, e.path, covered, mayHold, budget);
    if (held.kind === 'nothing') return undefined;
    return {
      kind: 'hidden',
      guarded: true,
      detail: `${what}, which ${held.kind === 'holds' ? `holds ${held.path}, a path the rule covers` : `may hold a path the rule covers (${held.why})`}; the program may read it whole`,
    };
  }
  const whole = e.op === 'remove' || e.tree !== undefined || e.assumed !== undefined;
  if (!e.literal) {
    // A tree read of a pattern whose every alternative the view expands is judged by what it
    // matches, each name with all it holds (`tar cf x.tar src/*`, 7z's `**/*.js`): the pattern's
    // own text names no folder to look into.
    let judged = isRead && e.tree !== undefined && e.assumed === undefined && look.view !== undefined;
    // `cat config/prod.{json,x}` reads config/prod.json; `cat .en*` may read .env.
    for (const alt of braceAlternatives(e.path)) {
      if (!hasGlob(alt) || rule.specifier === undefined) judged = false;
      if (!hasGlob(alt)) {
        if (alt !== e.path && matchPathRule(rule, alt, ctx)) return { kind: 'match', detail: `the command ${verb(e.op, e)} ${alt}` };
      } else if (rule.specifier !== undefined) {
        const may = (g: string): boolean =>
          globMayHitRule(g, rule.specifier!, ctx) ||
          ((foldGlobs || isRead) && globMayHitRule(g.toLowerCase(), rule.specifier!.toLowerCase(), ctx));
        const asWritten = may(alt) || (whole && may(`${alt}/**`));
        // A pattern that cannot name a covered path as written may still through a link it matches (a read, with a view).
        if (!asWritten && look.view === undefined) {
          judged = false;
          continue;
        }
        // A write target the pattern cannot name by its spelling may still reach a covered path
        // through a link among the names it matches in the view.
        if (!asWritten && !isRead) {
          const named = expandGlob(look.view, alt, budget);
          const through =
            'paths' in named
              ? named.paths.find((p) => {
                  const real = look.view !== undefined ? realOfEffectName(look.view, p, e.linkItself) : undefined;
                  return (
                    real !== undefined &&
                    real !== p &&
                    effectVerdict(rule, { ...e, path: real, raw: real, literal: true, glob: false }, isRead, ctx, foldGlobs, {
                      ...look,
                      budget,
                    })?.kind === 'match'
                  );
                })
              : undefined;
          if (through !== undefined)
            return {
              kind: 'hidden',
              detail: `the pattern ${e.raw} may name ${through}, which leads to ${look.view !== undefined ? realOfEffectName(look.view, through, e.linkItself) : through}, a path the rule covers`,
            };
          continue;
        }
        if (!isRead && (look.view === undefined || look.soleWriter !== true || namedByExpansion(e)))
          return { kind: 'hidden', detail: `the pattern ${e.raw} may name a path the rule covers` };
        // The names the pattern matches in the view, under every shell option.
        const named = expandGlob(look.view, alt, budget);
        if ('unknown' in named) {
          judged = false;
          if (!asWritten) continue;
          return { kind: 'hidden', guarded: true, detail: `the pattern ${e.raw} may name a path the rule covers (${named.unknown})` };
        }
        // Each name as matched and where its links lead (`vendor/*/id_rsa` with `vendor/keys -> ~/.ssh`);
        // a program that takes the name itself (`mv vendor/* x`) does not follow its last part.
        const reached = named.paths.flatMap((p) => {
          const real = look.view !== undefined ? realOfEffectName(look.view, p, e.linkItself) : undefined;
          return real !== undefined && real !== p ? [p, real] : [p];
        });
        for (const p of reached) {
          // A file it matches is read, not "everything in" it.
          const { tree: _tree, ...asFile } = e;
          const base = isRead && look.view?.isDirectory?.(p) === false ? asFile : e;
          const one = effectVerdict(rule, { ...base, path: p, raw: p, literal: true, glob: false }, isRead, ctx, foldGlobs, {
            ...look,
            budget,
          });
          if (one === undefined || one.kind === 'none') continue;
          // A write names what it matches only under some shell options: it may reach it (a protected ask).
          if (one.kind === 'match' && !isRead) return { kind: 'hidden', detail: `the pattern ${e.raw} may name ${p}: ${one.detail}` };
          // A directory somewhere unknown (`cd .ssh` through a CDPATH that may be set, `/**/.ssh`)
          // is no glob bash expands: a name it matches is only where the command may be (an ask).
          if (one.kind === 'match' && anywhere(e))
            return { kind: 'hidden', guarded: true, detail: `the pattern ${e.raw} may name ${p}, a path the rule covers` };
          return one.kind === 'match' ? { kind: 'match', detail: `${one.detail} (named by the pattern ${e.raw})` } : one;
        }
      }
    }
    if (judged) return undefined;
  }
  if (!whole) return undefined;
  const reach = reachOf(rule, e.path, ctx);
  if (reach === undefined) return readThroughLinks(e, isRead, what, covered, look, budget);
  if (reach === 'contents') return { kind: 'match', detail: `${what}, a directory the rule covers` };
  if (isRead) {
    // The path itself is read (`ls dir` lists names); a word of a program toolgate does not model
    // may hand over the directory whole only when it is one above a path the rule names.
    if (e.tree === undefined && (e.assumed === undefined || reach !== 'stem')) return undefined;
    // A folder that is not there, on a line that makes nothing, holds nothing to read (grep and
    // rg open it and meet ENOENT); a part of the line that makes files may make it first.
    // (A view that shows entries below it, or a folder there, says it is there whatever exists says.)
    if (
      look.lineMakesNothing === true &&
      look.view !== undefined &&
      !look.view.exists(e.path) &&
      look.view.isDirectory?.(e.path) === undefined &&
      look.view.isSymlink?.(e.path) === false
    )
      return undefined;
    // Does the directory hold a covered path? Its real entries say, when the view can list them.
    const taken = takenOf(e, covered, look);
    const held = dirHolds(look.view, e.path, taken.covered, mayHold, budget);
    if (held.kind === 'nothing') return undefined;
    if (held.kind === 'unknown') {
      return { kind: 'hidden', guarded: true, detail: `${what}, which may hold a path the rule covers (${held.why})` };
    }
    const sure = e.tree === 'all' && e.assumed === undefined && look.skips === undefined;
    if (sure) return { kind: 'match', detail: `${what}, which holds ${held.path}, a path the rule covers` };
    const maybe =
      e.assumed !== undefined ? 'the program may read it whole' : taken.settled ? taken.why : (look.skips ?? 'the command may read it');
    return { kind: 'hidden', guarded: true, detail: `${what}, which holds ${held.path}, a path the rule covers; ${maybe}` };
  }
  // A path the view shows does not exist is no removal: whatever an earlier part of the line puts
  // there is judged as that part's write.
  if (
    e.op === 'remove' &&
    look.view !== undefined &&
    look.soleWriter === true &&
    !look.view.exists(e.path) &&
    look.view.isSymlink?.(e.path) === false
  )
    return undefined;
  if (e.op === 'remove' || (e.tree === 'all' && reach === 'stem')) {
    const held = look.view !== undefined ? dirHolds(look.view, e.path, covered, mayHold, budget) : undefined;
    if (held?.kind === 'nothing') return undefined;
    // Refused only when it verifiably removes a covered path: the view shows one inside and the
    // command removes everything there. A directory the view cannot settle (it does not exist
    // yet, the bound) or a removal of names the program chooses (`find -name '*.tmp' -delete`) asks.
    if (e.op === 'remove' && held !== undefined && (held.kind === 'unknown' || e.tree === 'some')) {
      const why =
        held.kind === 'unknown'
          ? `may hold a path the rule covers (${held.why})`
          : `holds ${held.path}, a path the rule covers, which it may remove`;
      return { kind: 'hidden', detail: `${what}, which ${why}` };
    }
    // With no view, a deny needs the rule to name what the removal verifiably takes: a directory
    // above a path the rule names (`rm -rf .` under `Edit(./.env)`), removed whole. A directory
    // that holds a covered path only if one happens to be there (`rm -r src` under `Edit(./.env)`,
    // which matches at any depth), or names the program chooses, may hold one: a protected ask
    // (DESIGN, "Which answer for what cannot be seen").
    if (held === undefined && (reach === 'probe' || e.tree === 'some')) {
      return { kind: 'hidden', detail: `${what}, which may hold a path the rule covers (no file-system view)` };
    }
    if (held === undefined) return { kind: 'match', detail: `${what}, and with it every path the rule names there` };
    return { kind: 'match', detail: `${what}, which holds ${held?.kind === 'holds' ? `${held.path}, ` : ''}a path the rule covers` };
  }
  // A word of a program toolgate does not model that names a directory above a path the rule
  // names may hand that directory over whole (`scp -r /home/user/project host:`).
  if (e.tree === undefined && e.assumed === 'path' && reach === 'stem') {
    return { kind: 'hidden', detail: `${what}, which holds a path the rule covers; the program may read it whole` };
  }
  if (e.tree === undefined) return undefined;
  // A directory handed to a program toolgate does not model: what it may write there that a rule
  // covers is what the directory holds (new names are the program's own doing, which the
  // opaque-code table judges, not the word it was given).
  if (e.assumed === 'path' && e.tree === 'some' && e.literal && look.view !== undefined && look.soleWriter === true) {
    const held = dirHolds(look.view, e.path, covered, mayHold, budget);
    if (held.kind === 'nothing') return undefined;
    return {
      kind: 'hidden',
      detail:
        held.kind === 'holds'
          ? `${what}, which holds ${held.path}, a path the rule covers`
          : `${what}, which may hold a path the rule covers (${held.why})`,
    };
  }
  // A move, copy or link lands known trees there: their names, as the view lists them, say.
  if (
    e.tree === 'some' &&
    e.contentFrom !== undefined &&
    e.literal &&
    e.assumed === undefined &&
    look.view !== undefined &&
    look.soleWriter === true
  ) {
    const landed = landedHolds(look.view, e.path, e.contentFrom, covered, mayHold, budget);
    if (landed.kind === 'nothing') return undefined;
    return {
      kind: 'hidden',
      detail:
        landed.kind === 'holds'
          ? `${what}, where it may put ${landed.path}, a path the rule covers`
          : `${what}, whose names the file-system view cannot settle (${landed.why})`,
    };
  }
  return {
    kind: 'hidden',
    detail: `${what}${e.tree === 'all' ? ', which' : ', where it may touch names toolgate cannot see; it'} may hold a path the rule covers`,
  };
}

/**
 * Does a write that lands the trees of `sources` at `path` (a move's or copy's sources, or for a
 * link the linked path itself) put a covered name there? Each source's real entries, bounded,
 * re-rooted at `path`; a source that is a regular file lands as `path` alone (checked by the
 * caller), one the view shows does not exist lands nothing (an earlier part that makes it is
 * judged as that part's write).
 */
function landedHolds(
  view: ReadonlyFsView,
  path: string,
  sources: readonly string[],
  covered: (p: string) => boolean,
  mayHold: (p: string) => boolean,
  budget: Budget,
): Reach {
  for (const source of sources) {
    const moved = source !== path;
    // A relative link moved or copied elsewhere points elsewhere: where it lands, the view cannot say.
    if (moved && view.isSymlink?.(source) !== false)
      return { kind: 'unknown', why: `${source} may be a symbolic link, which points elsewhere once moved or copied` };
    if (!view.exists(source)) continue;
    if (view.isDirectory?.(source) === false) continue;
    const prefix = source === '/' ? '/' : `${source}/`;
    const at = (p: string): string | undefined =>
      p.startsWith(prefix) ? `${path === '/' ? '' : path}/${p.slice(prefix.length)}` : p === source ? path : undefined;
    let link: string | undefined;
    let through: string | undefined;
    const held = dirHolds(
      view,
      source,
      (p) => {
        if (moved && view.isSymlink?.(p) !== false) {
          link = p;
          return true;
        }
        const q = at(p);
        if (q === undefined) return false;
        if (covered(q)) return true;
        // A file landing on a name the destination already holds is written through it: a link
        // there writes where it leads, a hard link every other name of the file.
        if (moved && view.isDirectory?.(p) === false && (view.isSymlink?.(q) === true || (view.linkCount?.(q) ?? 1) > 1)) {
          const real = view.isSymlink?.(q) === true ? view.realpath(q) : undefined;
          if (real === undefined || covered(real)) {
            through = q;
            return true;
          }
        }
        return false;
      },
      (p) => {
        const q = at(p);
        return q === undefined || mayHold(q);
      },
      budget,
    );
    if (link !== undefined)
      return { kind: 'unknown', why: `${source} holds the symbolic link ${link}, which may point elsewhere once copied` };
    if (through !== undefined)
      return { kind: 'unknown', why: `${through} is a link or one of several names of a file, which the copy writes through` };
    if (held.kind === 'holds') return { kind: 'holds', path: at(held.path.replace(/ \(a link to .*\)$/s, '')) ?? held.path };
    if (held.kind === 'unknown') return held;
  }
  return { kind: 'nothing' };
}

/**
 * A whole tree the rule does not reach as written may still reach what it covers through the links
 * inside it, when the reader follows them (`grep -R . vendor` with `vendor/keys -> ~/.ssh`): the
 * view's entries say, walked wherever links lead (bounded); without a view, paths are as written.
 */
function readThroughLinks(
  e: PathEffect,
  isRead: boolean,
  what: string,
  covered: (p: string) => boolean,
  look: EffectLook,
  budget: Budget,
): RuleMatch | undefined {
  if (!isRead || look.view === undefined || e.tree === undefined || e.assumed !== undefined || !walksThroughLinks(e, look))
    return undefined;
  const held = dirHolds(look.view, e.path, covered, () => true, budget);
  if (held.kind === 'nothing') return undefined;
  if (held.kind === 'unknown')
    return { kind: 'hidden', guarded: true, detail: `${what}, whose links may lead to a path the rule covers (${held.why})` };
  if (look.skips === undefined)
    return { kind: 'match', detail: `${what}, which reaches ${held.path}, a path the rule covers, through a link it follows` };
  return {
    kind: 'hidden',
    guarded: true,
    detail: `${what}, which reaches ${held.path}, a path the rule covers, through a link; ${look.skips}`,
  };
}

/**
 * Why a reading program may skip a covered path it walks past: ripgrep, ag and fd skip hidden and
 * ignored files, and git reads what it tracks. Their skips count only when the view shows every
 * ignore file and no environment (`RIPGREP_CONFIG_PATH`) can change them — toolgate is not given
 * the environment yet, so a covered path they walk past is a guarded read, never a deny.
 */
function skipRules(cmd: SimpleCommand): string | undefined {
  const name = (cmd.argv[0] ?? '').slice((cmd.argv[0] ?? '').lastIndexOf('/') + 1);
  return PROGRAMS.get(name)?.skips;
}

/** `shopt -s nocaseglob` (or `nocasematch`) anywhere: bash's globs then ignore case. */
function foldsGlobs(command: string): boolean {
  return /\bnocase(glob|match)\b/.test(command);
}

function reachOf(rule: Rule, path: string, ctx: PathMatchContext): PatternReach | undefined {
  if (rule.specifier === undefined || rule.ignored === true) return undefined;
  return patternReach(rule.specifier, path, ctx);
}

function verb(op: 'read' | 'write' | 'remove', e?: PathEffect): string {
  if (e?.assumed !== undefined) return 'may read and write';
  if (e?.possible !== undefined) return op === 'remove' ? 'may remove' : 'may write';
  // git's diff, show, log, stash, commit -a and grep take only some of the files they may read: what
  // its index tracks (or does not ignore), and of those the changed ones (decision 0082).
  if (e?.tree === 'all' && op === 'read' && e.gitTakes !== undefined)
    return e.gitTakes === 'tracked' ? 'may read any file git tracks in' : 'may read any file git tracks or does not ignore in';
  if (e?.tree === 'all') return op === 'read' ? 'reads everything in' : op === 'write' ? 'writes everything in' : 'removes';
  if (e?.tree === 'some') return op === 'read' ? 'reads files in' : op === 'write' ? 'writes files in' : 'removes files it chooses in';
  return op === 'read' ? 'reads' : op === 'write' ? 'writes' : 'removes';
}

/** Why an allow rule did or did not cover a call. */
export type AllowMatch = { kind: 'match'; detail: string } | { kind: 'none'; detail?: string };

/**
 * Does an allow rule cover the call? For a shell command every part must be covered (a wrapper
 * Claude Code looks through need not be), and nothing in a substitution or unknown part is ever
 * covered by a pattern.
 */
export function allowCovers(cr: CompiledRule, call: ToolCall, facts: CallFacts, env: MatchEnv): AllowMatch {
  const rule = cr.rule;
  const grantsRead = rule.family === 'path' && rule.tool === 'Edit' && facts.kind === 'read';
  if (!grantsRead && !ruleCoversTool(rule, call.tool, 'allow')) return { kind: 'none' };
  switch (rule.family) {
    case 'bare':
      return { kind: 'match', detail: `allows every ${call.tool} call` };
    case 'param':
      return { kind: 'none', detail: 'parameter rules never allow' };
    case 'bash':
      return facts.kind === 'shell' ? bashCovers(rule, facts.analysis) : { kind: 'none' };
    case 'path': {
      if (facts.kind !== 'read' && facts.kind !== 'edit') return { kind: 'none' };
      return rulePathMatches(cr, facts.path, env) && (facts.realPath === undefined || rulePathMatches(cr, facts.realPath, env))
        ? { kind: 'match', detail: `path ${facts.path} matches` }
        : NO_COVER;
    }
    case 'domain':
      return facts.kind === 'web' && matchDomainRule(rule, facts.url, 'allow')
        ? { kind: 'match', detail: `host of ${facts.url} matches` }
        : { kind: 'none' };
    case 'content': {
      const m = contentMatch(rule, call);
      return m.kind === 'match' ? m : { kind: 'none' };
    }
  }
}

/** The commands an allow rule has to cover: every one but the wrappers Claude Code looks through. */
export function partsToCover(analysis: ShellAnalysis): SimpleCommand[] {
  return analysis.commands.filter((c) => !c.transparentWrapper);
}

/** The text an allow rule sees for a command: safe environment assignments are looked past. */
export function allowText(cmd: SimpleCommand): string {
  return allowTextOf(cmd).raw;
}

let lastAllow: { cmd: SimpleCommand | undefined; text: Text } = { cmd: undefined, text: { raw: '', squeezed: '' } };

/** {@link allowText} with its squeezed form, remembered for the last command (which meets every allow rule in turn). */
export function allowTextOf(cmd: SimpleCommand): Text {
  if (lastAllow.cmd === cmd) return lastAllow.text;
  const t = text(allowWords(cmd).join(' '));
  lastAllow = { cmd, text: t };
  return t;
}

/**
 * The words of {@link allowText}, in order: assignments allow rules do not look past, then the
 * command's words (one holding whitespace quoted). A prefix of them, followed by ` *`, is an allow
 * pattern that covers the command.
 */
export function allowWords(cmd: SimpleCommand): string[] {
  const unsafe = cmd.assignments.length === 0 ? cmd.assignments : cmd.assignments.filter((a) => !SAFE_ENVIRONMENT.test(a));
  const words = cmd.argv.map(wordForAllow);
  return unsafe.length === 0 ? words : [...unsafe, ...words];
}

/**
 * A word holding whitespace (`./build.sh\ x`, `'build.js x'`) is one word to bash: quoted, so an
 * allow rule's literal words never match across it (`Bash(./build.sh *)` must not run the file
 * `build.sh x`).
 */
export function wordForAllow(word: string): string {
  return /\s/.test(word) ? `'${word.replace(/'/g, `'\\''`)}'` : word;
}

/** Does one allow pattern cover one simple command? */
export function patternCoversCommand(spec: string, cmd: SimpleCommand): boolean {
  if (cmd.unknown !== undefined || cmd.context === 'substitution') return false;
  if (cmd.exactOnly && spec.includes('*')) return false;
  return matchSqueezedCommand(spec, allowTextOf(cmd).squeezed);
}

function bashCovers(rule: Rule, analysis: ShellAnalysis): AllowMatch {
  if (analysis.unknown.length > 0) return { kind: 'none', detail: `unknown parts: ${analysis.unknown[0]}` };
  if (analysis.stateChanges.length > 0) return { kind: 'none', detail: analysis.stateChanges[0]! };
  if (analysis.hasSubstitution) return { kind: 'none', detail: 'an allow rule never covers a substitution' };
  const spec = rule.specifier ?? '*';
  const parts = partsToCover(analysis);
  if (parts.length === 0) return { kind: 'none', detail: 'no command to cover' };
  for (const cmd of parts) {
    if (!patternCoversCommand(spec, cmd)) return { kind: 'none', detail: `does not cover "${allowText(cmd)}"` };
  }
  return { kind: 'match', detail: `covers ${parts.map((c) => `"${allowText(c)}"`).join(', ')}` };
}

/** A path below a working directory somewhere unknown (path-effects' `/**` with its account of why, `… (cd X, where …)`). */
function anywhere(e: PathEffect): boolean {
  return (e.path === '/**' || e.path.startsWith('/**/')) && e.raw.includes(', where ');
}
