import type { CompiledRule, Policy } from '../settings/types.js';
import { isMcpName } from '../rules/tools.js';
import { isBuiltInRule } from './opaque-code.js';
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
  /** The first user's Read path rule of `deny` (`null`: none), found on first use: the deny step asks for it on every call. */
  readDeny: CompiledRule | null | undefined;
}

/** Per index, the lists of each tool: MCP tools apart, so that many of them never push out the others' lists. */
interface ByTool {
  mcp: Map<string, ToolRules>;
  other: Map<string, ToolRules>;
}

const byTool = new WeakMap<PolicyIndex, ByTool>();
const TOOLS_PER_INDEX = 256;

/**
 * The rules of `list` that can bear on a call of `tool`, in policy order: the others never match
 * such a call, so the Claude Code steps skip them (a Read call never looks at Bash rules).
 * Cached per index and tool; the lists of MCP tools are kept apart from the others (`toolgate
 * lint` tries a call of each MCP tool a policy names, and a list made again is indexed again).
 */
export function rulesForTool(index: PolicyIndex, list: 'deny' | 'ask' | 'allow', tool: string): CompiledRule[] {
  return toolRules(index, tool)[list];
}

/**
 * The first rule of `rulesForTool(index, 'deny', tool)` that is a user's Read path rule in force
 * (not ignored, not built in), or `undefined`: found once per index and tool, not by a scan of the
 * deny list on every call.
 */
export function firstUserReadDeny(index: PolicyIndex, tool: string): CompiledRule | undefined {
  const rules = toolRules(index, tool);
  if (rules.readDeny === undefined)
    rules.readDeny =
      rules.deny.find((r) => r.rule.family === 'path' && r.rule.tool === 'Read' && r.rule.ignored !== true && !isBuiltInRule(r)) ?? null;
  return rules.readDeny ?? undefined;
}

function toolRules(index: PolicyIndex, tool: string): ToolRules {
  let both = byTool.get(index);
  if (both === undefined) {
    both = { mcp: new Map(), other: new Map() };
    byTool.set(index, both);
  }
  const tools = isMcpName(tool) ? both.mcp : both.other;
  let rules = tools.get(tool);
  if (rules === undefined) {
    if (tools.size >= TOOLS_PER_INDEX) tools.clear();
    const bearing = (list: CompiledRule[], use: 'restrictive' | 'allow') =>
      (isMcpName(tool) ? mcpPool(list).of(list, tool) : list).filter((cr) => ruleBearsOnTool(cr, tool, use));
    rules = {
      deny: bearing(index.deny, 'restrictive'),
      ask: bearing(index.ask, 'restrictive'),
      allow: bearing(index.allow, 'allow'),
      readDeny: undefined,
    };
    tools.set(tool, rules);
  }
  return rules;
}

/**
 * The rules of one list an MCP tool's call can meet, by what their tool part is: that tool's own
 * name, a whole server (`mcp__server`), or a tool-name glob — no other rule bears on an `mcp__`
 * tool (`ruleCoversTool`). A policy with many MCP tools (`toolgate lint` tries a call of each)
 * then looks at a few rules per tool instead of every rule of the list.
 */
interface McpPool {
  /** The rules that may bear on `tool`, in list order (a superset: {@link rulesForTool} still filters them). */
  of(list: readonly CompiledRule[], tool: string): CompiledRule[];
}

const mcpPools = new WeakMap<readonly CompiledRule[], McpPool>();

function mcpPool(list: readonly CompiledRule[]): McpPool {
  const known = mcpPools.get(list);
  if (known !== undefined) return known;
  const byTool = new Map<string, number[]>();
  const always: number[] = [];
  list.forEach((cr, i) => {
    const tool = cr.rule.tool;
    if (cr.rule.toolIsGlob || (isMcpName(tool) && tool.indexOf('__', 5) === -1)) always.push(i);
    else {
      const at = byTool.get(tool);
      if (at === undefined) byTool.set(tool, [i]);
      else at.push(i);
    }
  });
  const pool: McpPool = {
    of(rules, tool) {
      const own = byTool.get(tool) ?? [];
      const out: CompiledRule[] = [];
      // Both position lists ascend: merge them, so the rules keep the list's order.
      let a = 0;
      let b = 0;
      while (a < own.length || b < always.length) {
        const next = b >= always.length || (a < own.length && own[a]! < always[b]!) ? own[a++]! : always[b++]!;
        out.push(rules[next]!);
      }
      return out;
    },
  };
  mcpPools.set(list, pool);
  return pool;
}
