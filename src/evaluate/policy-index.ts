import type { CompiledRule, Policy } from '../settings/types.js';

/** A policy's rules sorted by list once, so each call does not filter them again. */
export interface PolicyIndex {
  /** Bare deny rules (and tool-name globs): they take a tool away. */
  bareDeny: CompiledRule[];
  deny: CompiledRule[];
  ask: CompiledRule[];
  allow: CompiledRule[];
}

const cache = new WeakMap<Policy, PolicyIndex>();

function build(rules: CompiledRule[]): PolicyIndex {
  const index: PolicyIndex = { bareDeny: [], deny: [], ask: [], allow: [] };
  for (const cr of rules) {
    if (cr.list === 'deny') {
      if (cr.rule.family === 'bare') index.bareDeny.push(cr);
      else index.deny.push(cr);
    } else if (cr.list === 'ask') index.ask.push(cr);
    else index.allow.push(cr);
  }
  return index;
}

/** Index a policy (cached per policy object) plus any session rules. */
export function indexPolicy(policy: Policy, sessionRules: CompiledRule[] | undefined): PolicyIndex {
  let index = cache.get(policy);
  if (!index) {
    index = build(policy.rules);
    cache.set(policy, index);
  }
  if (!sessionRules || sessionRules.length === 0) return index;
  const extra = build(sessionRules);
  return {
    bareDeny: [...index.bareDeny, ...extra.bareDeny],
    deny: [...index.deny, ...extra.deny],
    ask: [...index.ask, ...extra.ask],
    allow: [...index.allow, ...extra.allow],
  };
}
