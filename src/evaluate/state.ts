import { escapeBidi } from '../core/text.js';
import type { AskKind, Behavior, Decision, ReasonKind, RuleRef, Step } from '../core/types.js';
import type { CompiledRule } from '../settings/types.js';
import { exactCommandSuggestions, suggestionsFor } from './suggestions.js';
import type { EvalState } from './types.js';

/** The rule reference a decision cites for a compiled rule. */
export function ruleRef(cr: CompiledRule): RuleRef {
  const ref: RuleRef = { text: cr.rule.text, list: cr.list, source: cr.source, index: cr.index };
  if (cr.agent !== undefined) ref.agent = cr.agent;
  return ref;
}

/** Record that a step did not decide. */
export function pass(state: EvalState, step: string, detail: string): undefined {
  state.trace.push({ step, outcome: 'pass', detail: escapeBidi(detail) });
  return undefined;
}

/**
 * A pass whose text is fixed, made once: every decision that records it shares the one frozen
 * entry (what a reader of the trace sees is the same as with {@link pass}).
 */
export function fixedPass(step: string, detail: string): Readonly<Step> {
  return Object.freeze({ step, outcome: 'pass' as const, detail: escapeBidi(detail) });
}

/** Record a fixed pass (see {@link fixedPass}). */
export function passFixed(state: EvalState, entry: Readonly<Step>): undefined {
  state.trace.push(entry as Step);
  return undefined;
}

/** Record a pass whose text is toolgate's own words and numbers only (nothing to escape). */
export function passOwnText(state: EvalState, step: string, detail: string): undefined {
  state.trace.push({ step, outcome: 'pass', detail });
  return undefined;
}

export function decide(
  state: EvalState,
  step: string,
  behavior: Behavior,
  reason: ReasonKind,
  message: string,
  extra?: { rule?: RuleRef; askKind?: AskKind; blockedPath?: string },
): Decision {
  message = escapeBidi(message);
  const entry: Step = { step, outcome: behavior, detail: message };
  if (extra?.rule) entry.rule = extra.rule;
  state.trace.push(entry);
  const d: Decision = { behavior, reason: { kind: reason, message }, trace: state.trace };
  if (extra?.rule) d.rule = extra.rule;
  if (extra?.blockedPath !== undefined) d.blockedPath = extra.blockedPath;
  if (behavior === 'ask') {
    d.askKind = extra?.askKind ?? 'plain';
    // A protected ask that a rule naming the command answers offers that rule, as a plain ask does.
    const suggestions =
      d.askKind === 'plain'
        ? suggestionsFor(state)
        : d.askKind === 'guardedRead'
          ? exactCommandSuggestions(state)
          : d.askKind === 'protected' && state.pendingAsk?.namingRuleAnswers === true
            ? suggestionsFor(state).filter((u) => u.type === 'addRules')
            : [];
    if (suggestions.length > 0) d.suggestions = suggestions;
  }
  return d;
}

/** Record an ask for the mode step to settle; a firmer ask is never replaced by a softer one. */
export function holdAsk(state: EvalState, step: string, ask: NonNullable<EvalState['pendingAsk']>): undefined {
  ask = { ...ask, message: escapeBidi(ask.message) };
  const rank = { firm: 5, planBlock: 4, guardedRead: 3, protected: 2, plain: 1 } as const;
  const held = state.pendingAsk;
  // Of two asks of one kind, the one no allow rule answers is kept.
  if (
    !held ||
    rank[ask.kind] > rank[held.kind] ||
    (rank[ask.kind] === rank[held.kind] && held.namingRuleAnswers === true && ask.namingRuleAnswers !== true)
  )
    state.pendingAsk = ask;
  state.trace.push({ step, outcome: 'ask', detail: `${ask.message} (${ask.kind} ask)`, ...(ask.rule ? { rule: ask.rule } : {}) });
  return undefined;
}
