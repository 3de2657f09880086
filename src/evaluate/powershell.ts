/**
 * The PowerShell tool in the decision pipeline: its facts come from the PowerShell analyser
 * (never the Bash one), `PowerShell(...)` rules match canonical command lines, Read/Edit rules
 * and protected paths see its path effects, read-only cmdlets and acceptEdits file cmdlets
 * follow their allowlists. The steps call these and turn the verdicts into decisions.
 */
import type { AskKind, ReasonKind, ToolCall } from '../core/types.js';
import { isCriticalRemovalTarget, isInsideAny } from '../paths/index.js';
import {
  isPowerShellReadOnly,
  powerShellAllowText,
  powerShellPatternMatches,
  powerShellRestrictiveTexts,
  type PsCommandAnalysis,
} from '../powershell/index.js';
import { ruleCoversTool } from '../rules/index.js';
import type { PathMatchContext } from '../rules/types.js';
import type { CompiledRule } from '../settings/types.js';
import { globBase } from './facts.js';
import { mayMatchWithHoles } from './holes.js';
import type { EvalState, PowerShellReadOnly } from './types.js';
import type { PowerShellFacts } from './powershell-facts.js';
import { rulesForTool } from './policy-index.js';
import { effectVerdict, type MatchEnv, type RuleMatch } from './rule-match.js';

const NONE: RuleMatch = { kind: 'none' };

function pathCtx(cr: CompiledRule, env: MatchEnv): PathMatchContext {
  return { cwd: env.ruleCwd ?? env.cwd, home: env.home, slashAnchor: env.slashAnchorOf(cr), platform: env.platform, list: cr.list };
}

/** A command's words for hole matching: the canonical name, then each element (a hole when not literal). */
function holeWords(a: PsCommandAnalysis): ({ literal: string } | { hole: true })[] | undefined {
  const words: ({ literal: string } | { hole: true })[] = [{ literal: a.name.canonical.toLowerCase() }];
  let holes = false;
  for (const el of a.command.elements) {
    if (el.kind === 'splat') {
      words.push({ hole: true });
      holes = true;
    } else if (el.kind === 'argument') {
      if (el.values.every((v) => v.literal))
        words.push({
          literal: el.values
            .map((v) => v.text)
            .join(',')
            .toLowerCase(),
        });
      else {
        words.push({ hole: true });
        holes = true;
      }
    } else if (el.value !== undefined && el.value.some((v) => !v.literal)) {
      words.push({ literal: `-${el.name}`.toLowerCase() }, { hole: true });
      holes = true;
    } else words.push({ literal: el.raw.toLowerCase() });
  }
  return holes ? words : undefined;
}

/**
 * A deny or ask rule against a PowerShell call: `PowerShell(...)` rules against every command's
 * canonical and other readings (and the whole line); Read/Edit rules against its path effects.
 * What cannot be read, or words that are not literal and could match, make the rule `hidden`.
 */
export function powerShellRestrictive(cr: CompiledRule, call: ToolCall, facts: PowerShellFacts, env: MatchEnv): RuleMatch {
  const rule = cr.rule;
  if (rule.family === 'path') return powerShellPathMatch(cr, facts, env);
  if (rule.family !== 'content' && rule.family !== 'bash') return NONE;
  if (!ruleCoversTool(rule, call.tool, cr.list) || rule.ignored === true) return NONE;
  const spec = rule.specifier ?? '*';
  if (powerShellPatternMatches(spec, facts.command.trim())) return { kind: 'match', detail: 'the whole command matches' };
  for (const a of facts.analysis.commands) {
    for (const t of powerShellRestrictiveTexts(a)) {
      if (powerShellPatternMatches(spec, t)) return { kind: 'match', detail: `part "${a.command.source}" matches as "${t}"` };
    }
  }
  if (facts.analysis.unknown.length > 0)
    return { kind: 'hidden', detail: `parts of the command could not be read (${facts.analysis.unknown[0]})` };
  const forms = [spec.toLowerCase()];
  for (const a of facts.analysis.commands) {
    const words = holeWords(a);
    if (words && forms.some((f) => mayMatchWithHoles(f, words)))
      return { kind: 'hidden', detail: `part "${a.command.source}" has values that are not literal and could match` };
  }
  return NONE;
}

function verb(op: 'read' | 'write' | 'remove'): string {
  return op === 'read' ? 'reads' : op === 'write' ? 'writes' : 'removes';
}

/** Read rules against every path the command touches; Edit rules against what it writes or removes. */
function powerShellPathMatch(cr: CompiledRule, facts: PowerShellFacts, env: MatchEnv): RuleMatch {
  const rule = cr.rule;
  const isRead = rule.tool === 'Read';
  if (!isRead && rule.tool !== 'Edit') return NONE;
  const ctx = pathCtx(cr, env);
  let hidden: string | undefined;
  for (const e of facts.effects) {
    if (!isRead && e.op === 'read') continue;
    const verdict = effectVerdict(rule, e, isRead, ctx);
    if (verdict === undefined || verdict.kind === 'none') continue;
    if (verdict.kind === 'match') return verdict;
    hidden ??= verdict.detail;
  }
  if (hidden !== undefined) return { kind: 'hidden', detail: hidden };
  if (facts.analysis.unknown.length > 0)
    return { kind: 'hidden', detail: `parts of the command could not be read (${facts.analysis.unknown[0]})` };
  const unresolved = facts.unresolved.find((u) => isRead || u.op !== 'read');
  if (unresolved) return { kind: 'hidden', detail: `the command touches a path that could not be worked out (${unresolved.why})` };
  return NONE;
}

/** Removals of critical paths (`Remove-Item C:\`, `ri -r ~`, the working directory, ...). */
export function powerShellCriticalRemovals(state: EvalState, facts: PowerShellFacts): string[] {
  const ctx = { cwd: state.ctx.cwd, home: state.ctx.home, workingDirectories: state.workingDirectories, platform: state.env.platform };
  const out: string[] = [];
  for (const e of facts.effects) {
    if (e.op !== 'remove') continue;
    const why = isCriticalRemovalTarget(e.path, ctx);
    if (why !== undefined) out.push(`${e.raw} (${why})`);
  }
  return out;
}

/** A write or removal whose target is not known may hit a protected path. */
export function powerShellUnknownWrite(facts: PowerShellFacts): string | undefined {
  const u = facts.unresolved.find((x) => x.op !== 'read');
  return u === undefined ? undefined : `it ${verb(u.op)} a path that could not be worked out (${u.why})`;
}

/**
 * Is the line read-only as a whole: every command read-only, every path a read inside the working
 * directories? Worked out when a step first asks and kept on the call's state for its other steps.
 */
export function powerShellReadOnly(state: EvalState, facts: PowerShellFacts): PowerShellReadOnly {
  if (state.powerShellReadOnly !== undefined) return state.powerShellReadOnly;
  const perCommand: boolean[] = [];
  const reasons: string[] = [];
  let why: string | undefined;
  facts.analysis.commands.forEach((a) => {
    const v = isPowerShellReadOnly(a);
    perCommand.push(v.readOnly);
    reasons.push(v.readOnly ? '' : v.reason);
    if (!v.readOnly) why ??= `"${powerShellAllowText(a)}" is not read-only: ${v.reason}`;
  });
  if (facts.analysis.unknown.length > 0) why ??= `parts could not be read: ${facts.analysis.unknown[0]}`;
  if (facts.analysis.commands.length === 0) why ??= 'it runs no command';
  why ??= pathsWhy(state, facts, 'read');
  const result: PowerShellReadOnly = why === undefined ? { ok: true, perCommand, reasons } : { ok: false, why, perCommand, reasons };
  state.powerShellReadOnly = result;
  return result;
}

/** Why the paths keep the line from being read-only (`read`) or from acceptEdits (`edit`), if they do. */
function pathsWhy(state: EvalState, facts: PowerShellFacts, use: 'read' | 'edit', only?: number): string | undefined {
  const wd = state.workingDirectories;
  for (const u of facts.unresolved) if (only === undefined || u.command === only) return `a path could not be worked out (${u.why})`;
  for (const p of facts.providers)
    if (only === undefined || p.command === only) return `it uses ${p.raw}, which is not a file inside the working directories`;
  for (const e of facts.effects) {
    if (only !== undefined && e.command !== only) continue;
    if (use === 'read' && e.op !== 'read') return `it ${verb(e.op)} ${e.path}`;
    if (use === 'edit' && e.glob && e.op !== 'read') return `it ${verb(e.op)} the wildcard path ${e.raw}`;
    const base = e.glob ? globBase(e.path) : e.path;
    if (!isInsideAny(base, wd)) return `it ${verb(e.op)} ${e.path}, outside the working directories`;
  }
  return undefined;
}

/** The allow step's verdict for a PowerShell call: the rule that (with read-only parts) covers every command, or why not. */
export function powerShellAllow(state: EvalState, facts: PowerShellFacts, rules: CompiledRule[]): { rule?: CompiledRule; detail: string } {
  const bare = rules.find((cr) => cr.rule.family === 'bare' && ruleCoversTool(cr.rule, state.call.tool, 'allow'));
  if (bare) return { rule: bare, detail: `allowed by ${bare.rule.text}: every command` };
  if (facts.analysis.unknown.length > 0)
    return { detail: `parts could not be read (${facts.analysis.unknown[0]}): no allow rule covers them` };
  const patterns = rules.filter(
    (cr) =>
      (cr.rule.family === 'content' || cr.rule.family === 'bash') &&
      cr.rule.ignored !== true &&
      ruleCoversTool(cr.rule, state.call.tool, 'allow'),
  );
  const verdicts = partVerdicts(state, facts, patterns);
  const uncovered = verdicts.find((v) => !v.rule && !v.readOnly && !v.acceptEdit);
  if (uncovered) return { detail: `no allow rule covers "${uncovered.text}" (${uncovered.why})` };
  const first = verdicts.find((v) => v.rule)?.rule;
  if (!first) return { detail: 'no part needs an allow rule' };
  const writes = redirectWritesWhy(state, facts);
  if (writes !== undefined) return { detail: `parts are covered, but ${writes}` };
  const detail = verdicts
    .map(
      (v) =>
        `"${v.text}" ${v.rule ? `by ${v.rule.rule.text}` : v.readOnly ? 'is read-only' : 'is a file cmdlet inside the working directories'}`,
    )
    .join('; ');
  return { rule: first, detail: `allowed: ${detail}` };
}

interface PartVerdict {
  text: string;
  rule?: CompiledRule;
  readOnly?: true;
  acceptEdit?: true;
  why?: string;
}

function partVerdicts(state: EvalState, facts: PowerShellFacts, rules: CompiledRule[]): PartVerdict[] {
  const ro = powerShellReadOnly(state, facts);
  const plan = state.mode === 'plan' && state.ctx.options?.bypassAvailable !== true;
  return facts.analysis.commands.map((a, i) => {
    const text = powerShellAllowText(a);
    const rule = rules.find((cr) => !splatted(a) && powerShellPatternMatches(cr.rule.specifier ?? '*', text));
    if (rule) return { text, rule };
    if (ro.perCommand[i] === true && !plan && pathsWhy(state, facts, 'read', i) === undefined) return { text, readOnly: true };
    if (state.mode === 'acceptEdits' && (acceptEditCommand(state, facts, a, i) || readOnlyButRedirect(state, facts, a, i)))
      return { text, acceptEdit: true };
    return { text, why: ro.reasons[i] || pathsWhy(state, facts, 'read', i) || 'not read-only' };
  });
}

/** Splatted parameters are never covered by a pattern (what they hold is not in the text). */
function splatted(a: PsCommandAnalysis): boolean {
  return a.command.elements.some((e) => e.kind === 'splat');
}

/** acceptEdits: Set-Content, Add-Content, Clear-Content, Remove-Item (and aliases) on literal paths inside the working directories. */
function acceptEditCommand(state: EvalState, facts: PowerShellFacts, a: PsCommandAnalysis, i: number): boolean {
  const spec = a.name.spec;
  if (a.name.kind !== 'cmdlet' || spec?.acceptEdits !== true || a.name.ambiguous !== undefined || a.unknown !== undefined) return false;
  if (!a.binding || a.binding.problems.length > 0) return false;
  if (!facts.effects.some((e) => e.command === i)) return false;
  return pathsWhy(state, facts, 'edit', i) === undefined;
}

/** A read-only command whose only write is a redirection inside the working directories (checked by {@link redirectWritesWhy}). */
function readOnlyButRedirect(state: EvalState, facts: PowerShellFacts, a: PsCommandAnalysis, i: number): boolean {
  if (!a.command.redirects.some((r) => r.kind === 'file')) return false;
  if (!isPowerShellReadOnly({ ...a, command: { ...a.command, redirects: [] } }).readOnly) return false;
  const wd = state.workingDirectories;
  if (facts.unresolved.some((u) => u.command === i) || facts.providers.some((p) => p.command === i)) return false;
  return facts.effects.every((e) => e.command !== i || (!e.glob && isInsideAny(e.path, wd)));
}

/** Redirection writes: only inside the working directories, and in acceptEdits. */
function redirectWritesWhy(state: EvalState, facts: PowerShellFacts): string | undefined {
  for (const e of facts.effects) {
    const a = facts.analysis.commands[e.command];
    if (e.op !== 'write' || !a?.command.redirects.some((r) => r.kind === 'file' && r.target?.raw === e.raw)) continue;
    if (!isInsideAny(e.path, state.workingDirectories)) return `it writes ${e.path} outside the working directories`;
    if (state.mode !== 'acceptEdits') return `it writes ${e.path}, which only acceptEdits approves`;
  }
  return undefined;
}

/** The "what the call touches" step's verdict for a PowerShell call. */
export function powerShellTouches(
  state: EvalState,
  facts: PowerShellFacts,
): { allow: boolean; reason: ReasonKind; message: string; askKind?: AskKind } {
  const ro = powerShellReadOnly(state, facts);
  if (ro.ok)
    return {
      allow: true,
      reason: 'readOnly',
      message: 'every command is a read-only cmdlet and reads only inside the working directories',
    };
  if (state.mode === 'acceptEdits') {
    const verdicts = partVerdicts(state, facts, []);
    if (
      facts.analysis.unknown.length === 0 &&
      verdicts.every((v) => v.readOnly || v.acceptEdit) &&
      redirectWritesWhy(state, facts) === undefined
    ) {
      return { allow: true, reason: 'mode', message: 'acceptEdits: file cmdlets inside the working directories' };
    }
  }
  const rules = rulesForTool(state.index, 'allow', state.call.tool).filter(
    (cr) => cr.rule.family === 'content' && cr.rule.ignored !== true,
  );
  const first =
    facts.analysis.unknown.length > 0 ? undefined : partVerdicts(state, facts, rules).find((v) => !v.rule && !v.readOnly && !v.acceptEdit);
  const message = first
    ? `"${first.text}" is not covered by an allow rule and is not read-only: ${first.why ?? 'not read-only'}`
    : (ro.why ?? 'not read-only');
  return { allow: false, reason: facts.analysis.unknown.length > 0 ? 'shellUnknown' : 'toolDefault', message };
}
