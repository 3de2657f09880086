import type { Decision, PermissionMode, ToolCall } from '../core/types.js';
import { evaluate } from '../evaluate/index.js';
import { policyFromObjects, type Policy } from '../settings/index.js';
import type { GateCore } from './core.js';
import { escapeRuleContent } from '../rules/index.js';
import type { AllowedPrompt } from './types.js';

/**
 * Plan-mode tools (toolgate spec, "Plan mode"): EnterPlanMode asks first, except in auto mode (and
 * where nothing asks: bypassPermissions, or already planning); ExitPlanMode in plan mode is a firm
 * ask — a person approves the plan (a PermissionRequest hook or `canUseTool` may answer for them;
 * no mode, classifier or PreToolUse allow does). A deny is never softened.
 */
export function adjustForPlanTools(call: ToolCall, d: Decision, mode: PermissionMode): Decision {
  if (d.behavior === 'deny') return d;
  if (call.tool === 'EnterPlanMode' && d.behavior === 'allow' && d.reason.kind !== 'rule') {
    if (mode === 'auto' || mode === 'plan' || mode === 'bypassPermissions') return d;
    const message = 'entering plan mode asks first';
    return {
      ...d,
      behavior: 'ask',
      askKind: 'plain',
      reason: { kind: 'mode', message },
      trace: [...d.trace, { step: 'planMode', outcome: 'ask', detail: message }],
    };
  }
  if (call.tool === 'ExitPlanMode' && mode === 'plan') {
    const message = 'the plan needs approval before plan mode ends';
    const { suggestions: _none, ...rest } = d;
    return {
      ...rest,
      behavior: 'ask',
      askKind: 'firm',
      reason: { kind: 'planApproval', message },
      trace: [...d.trace, { step: 'planMode', outcome: 'ask', detail: message }],
    };
  }
  return d;
}

/** The `allowedPrompts` of an ExitPlanMode input (`[{ tool, prompt }]`); malformed entries are dropped. */
export function allowedPromptsFrom(input: Record<string, unknown>): AllowedPrompt[] {
  const list = input['allowedPrompts'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((e: unknown) => {
    const o = e as { tool?: unknown; prompt?: unknown };
    return o !== null &&
      typeof o === 'object' &&
      typeof o.tool === 'string' &&
      typeof o.prompt === 'string' &&
      o.tool !== '' &&
      o.prompt !== ''
      ? [{ tool: o.tool, prompt: o.prompt }]
      : [];
  });
}

/**
 * The one-rule policy of each `allowedPrompts` text (a pure function of the text). The texts come
 * from the model's ExitPlanMode input, so the memo is bounded: emptied when full, like the rule
 * pattern caches, rather than growing with every plan a long-running gate sees.
 */
const promptPolicies = new Map<string, Policy | null>();
const PROMPT_POLICIES_LIMIT = 1024;

/**
 * The default `allowedPrompts` matcher: the prompt is the content of an allow rule for its tool
 * (`{ tool: "Bash", prompt: "npm test *" }` → `Bash(npm test *)`), matched with allow-rule
 * semantics (every part of a compound command covered). Free-text prompts ("run tests") need the
 * host's `matchAllowedPrompt`.
 */
export function defaultMatchAllowedPrompt(
  prompt: AllowedPrompt,
  call: ToolCall,
  ctx: { cwd: string; home: string; projectDir: string },
): boolean {
  const text = `${prompt.tool}(${escapeRuleContent(prompt.prompt)})`;
  let policy = promptPolicies.get(text);
  if (policy === undefined) {
    const p = policyFromObjects([{ kind: 'session', settings: { permissions: { allow: [text] } } }]);
    policy = p.rules.length === 1 ? p : null;
    if (promptPolicies.size >= PROMPT_POLICIES_LIMIT) promptPolicies.clear();
    promptPolicies.set(text, policy);
  }
  if (policy === null) return false;
  const d = evaluate(call, { mode: 'default', policy, cwd: ctx.cwd, home: ctx.home, projectDir: ctx.projectDir });
  return d.behavior === 'allow' && d.rule?.list === 'allow';
}

/** Does an approved plan authorise this call? A matcher that throws authorises nothing. */
export function matchesAllowedPrompt(core: GateCore, call: ToolCall): boolean {
  const prompts = core.session.allowedPrompts;
  if (prompts.length === 0) return false;
  const match = core.options.matchAllowedPrompt ?? ((p: AllowedPrompt, c: ToolCall) => defaultMatchAllowedPrompt(p, c, core));
  return prompts.some((p) => {
    try {
      return match(p, call) === true;
    } catch {
      return false;
    }
  });
}
