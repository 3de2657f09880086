import type { CompiledRule, Policy } from '../settings/types.js';
import { ruleBearsOnTool } from './rule-match.js';

/** A policy's rules sorted by list once, so each call does not filter them again. */
export interface PolicyIndex {
  /** Bare deny rules (and tool-name globs): they take a tool away. */
  bareDeny: CompiledRule[];
  deny: CompiledRule[];
  ask: CompiledRule[];
  allow: CompiledRule[];
}

const cache = new WeakMap<Policy, PolicyIndex>();
const sandboxedCache = new WeakMap<Policy, PolicyIndex>();

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
export function indexPolicy(policy: Policy, sessionRules: CompiledRule[] | undefined, sandboxed = false): PolicyIndex {
  // `sandbox.credentials` files are Read deny rules where a sandbox runs the commands.
  const credentials = sandboxed ? (policy.sandbox?.credentialRules ?? []) : [];
  const store = credentials.length > 0 ? sandboxedCache : cache;
  let index = store.get(policy);
  if (!index) {
    index = build(credentials.length > 0 ? [...policy.rules, ...credentials] : policy.rules);
    store.set(policy, index);
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

/** The rules of each list that can bear on calls of one tool. */
interface ToolRules {
  deny: CompiledRule[];
  ask: CompiledRule[];
  allow: CompiledRule[];
}

const byTool = new WeakMap<PolicyIndex, Map<string, ToolRules>>();
const TOOLS_PER_INDEX = 256;

/**
 * The rules of `list` that can bear on a call of `tool`, in policy order: the others never match
 * such a call, so the Claude Code steps skip them (a Read call never looks at Bash rules).
 * Cached per index and tool.
 */
export function rulesForTool(index: PolicyIndex, list: 'deny' | 'ask' | 'allow', tool: string): CompiledRule[] {
  let tools = byTool.get(index);
  if (tools === undefined) {
    tools = new Map();
    byTool.set(index, tools);
  }
  let rules = tools.get(tool);
  if (rules === undefined) {
    if (tools.size >= TOOLS_PER_INDEX) tools.clear();
    rules = {
      deny: index.deny.filter((cr) => ruleBearsOnTool(cr, tool, 'restrictive')),
      ask: index.ask.filter((cr) => ruleBearsOnTool(cr, tool, 'restrictive')),
      allow: index.allow.filter((cr) => ruleBearsOnTool(cr, tool, 'allow')),
    };
    tools.set(tool, rules);
  }
  return rules[list];
}
