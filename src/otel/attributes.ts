import type { DecisionEvent } from '../provenance/types.js';

/** An attribute value as OpenTelemetry takes it (a string, number, boolean or an array of one of them). @public */
export type OtelAttributeValue = string | number | boolean | string[];

/** Attributes as OpenTelemetry takes them. @public */
export type OtelAttributes = Record<string, OtelAttributeValue>;

/**
 * Claude Code's `decision` of a `claude_code.tool_decision` event: `accept` for an allow,
 * `reject` for a deny. An ask and a deferred call are not tool decisions in Claude Code's sense
 * (it logs none until the prompt is answered): `undefined`.
 * @public
 */
export function claudeCodeDecision(event: Pick<DecisionEvent, 'behavior'>): 'accept' | 'reject' | undefined {
  return event.behavior === 'allow' ? 'accept' : event.behavior === 'deny' ? 'reject' : undefined;
}

/**
 * Claude Code's `source` of a `claude_code.tool_decision` event, in its own vocabulary: `config`,
 * `hook`, `classifier`, `user_temporary`, `user_permanent`, `user_reject`, `user_abort`. As
 * Claude Code maps them: a rule from the session is `user_temporary` (allow) or `user_reject`
 * (deny); one from the user's or the local settings `user_permanent` or `user_reject`; every other
 * rule, the mode and toolgate's own judgements (read-only commands, working directories, protected
 * paths, a failed check) are `config`. A person's answer is `user_temporary` (for this call or
 * the session), `user_permanent` (for the project or the user) or `user_reject`; a stored grant's hit likewise
 * by its scope; the host's own prompt `user_temporary` or `user_reject`; an ask nobody answered
 * before it was given up `user_abort`. `undefined` where {@link claudeCodeDecision} is.
 * @public
 */
export function claudeCodeSource(event: DecisionEvent): string | undefined {
  const decision = claudeCodeDecision(event);
  if (decision === undefined) return undefined;
  const allow = decision === 'accept';
  switch (event.decidedBy) {
    case 'hook':
      return 'hook';
    case 'classifier':
      return 'classifier';
    case 'person':
    case 'grant':
      return allow
        ? event.answerScope === 'project' || event.answerScope === 'user'
          ? 'user_permanent'
          : 'user_temporary'
        : 'user_reject';
    case 'host':
      return allow ? 'user_temporary' : 'user_reject';
    case 'rules':
      switch (event.rule?.layer) {
        case 'session':
          return allow ? 'user_temporary' : 'user_reject';
        case 'userSettings':
        case 'localSettings':
          return allow ? 'user_permanent' : 'user_reject';
        default:
          return 'config';
      }
    case 'toolgate':
      // An ask given up with no answer: the prompt ended without one.
      return event.askId !== undefined && event.answerer === undefined && event.durations.waitMs !== undefined ? 'user_abort' : 'config';
    default:
      // mode, plan
      return 'config';
  }
}

/** The hook that settled a call: the last handler that returned a permission decision. */
function decidingHook(event: DecisionEvent): string | undefined {
  if (event.decidedBy !== 'hook' || event.hooks === undefined) return undefined;
  for (let i = event.hooks.length - 1; i >= 0; i--) if (event.hooks[i]!.decision !== undefined) return event.hooks[i]!.id;
  return undefined;
}

/** Options for {@link decisionAttributes}. @public */
export interface DecisionAttributeOptions {
  /**
   * Add the call's input, redacted as the audit log redacts it, as JSON (`toolgate.input`).
   * Default `false`: like Claude Code without `OTEL_LOG_TOOL_DETAILS`, only its SHA-256 is sent.
   */
  includeInput?: boolean;
}

/**
 * The attributes of one decision's log record: Claude Code's `claude_code.tool_decision`
 * attributes with its names and values (`decision`, `source`, `tool_name`, `tool_use_id`,
 * `session.id`, `event.name` = `tool_decision`) — `decision` and `source` only on an allow or a
 * deny — and toolgate's own under `toolgate.*` (docs/telemetry.md has the table). Absent facts
 * are absent attributes, never empty strings.
 * @public
 */
export function decisionAttributes(event: DecisionEvent, options: DecisionAttributeOptions = {}): OtelAttributes {
  const a: OtelAttributes = { 'event.name': 'tool_decision', tool_name: event.tool };
  const decision = claudeCodeDecision(event);
  const source = claudeCodeSource(event);
  if (decision !== undefined) a['decision'] = decision;
  if (source !== undefined) a['source'] = source;
  if (event.toolUseId !== undefined) a['tool_use_id'] = event.toolUseId;
  if (event.sessionId !== undefined) a['session.id'] = event.sessionId;
  a['toolgate.behavior'] = event.behavior;
  a['toolgate.decided_by'] = event.decidedBy;
  a['toolgate.front_end'] = event.frontEnd;
  if (event.rule !== undefined) {
    a['toolgate.rule'] = event.rule.text;
    a['toolgate.rule.list'] = event.rule.list;
    a['toolgate.rule.layer'] = event.rule.layer;
    if (event.rule.file !== undefined) a['toolgate.rule.file'] = event.rule.file;
    if (event.rule.index !== undefined) a['toolgate.rule.index'] = event.rule.index;
  }
  if (event.reason !== undefined) {
    a['toolgate.reason.kind'] = event.reason.kind;
    a['toolgate.reason'] = event.reason.message;
  }
  if (event.askKind !== undefined) a['toolgate.ask.kind'] = event.askKind;
  if (event.askId !== undefined) a['toolgate.ask.id'] = event.askId;
  if (event.mode !== undefined) a['toolgate.mode'] = event.mode;
  if (event.policyDigest !== undefined) a['toolgate.policy.digest'] = event.policyDigest;
  const hook = decidingHook(event);
  if (hook !== undefined) a['toolgate.hook'] = hook;
  if (event.hooks !== undefined)
    a['toolgate.hooks'] = event.hooks.map((h) => `${h.id} ${h.status}${h.decision !== undefined ? ` ${h.decision}` : ''}`);
  if (event.answerer !== undefined) a['toolgate.answerer'] = event.answerer;
  if (event.answerScope !== undefined) a['toolgate.answer.scope'] = event.answerScope;
  if (event.grantId !== undefined) a['toolgate.grant.id'] = event.grantId;
  if (event.agent !== undefined) {
    a['toolgate.agent.id'] = event.agent.id;
    if (event.agent.type !== undefined) a['toolgate.agent.type'] = event.agent.type;
  }
  if (event.shadow !== undefined) {
    a['toolgate.shadow.behavior'] = event.shadow.behavior;
    if (event.shadow.rule !== undefined) a['toolgate.shadow.rule'] = event.shadow.rule.text;
    if (event.shadow.reason !== undefined) a['toolgate.shadow.reason.kind'] = event.shadow.reason.kind;
  }
  a['toolgate.duration_ms'] = event.durations.totalMs;
  if (event.durations.waitMs !== undefined) a['toolgate.wait_ms'] = event.durations.waitMs;
  if (event.inputSha256 !== '') a['toolgate.input.sha256'] = event.inputSha256;
  if (options.includeInput === true) a['toolgate.input'] = JSON.stringify(event.input) ?? 'null';
  return withoutEmpty(a);
}

/** Drop the attributes whose value is an empty string: an unknown fact is absent, not blank. */
function withoutEmpty(a: OtelAttributes): OtelAttributes {
  for (const [k, v] of Object.entries(a)) if (v === '') delete a[k];
  return a;
}

/**
 * The attributes a decision is counted by (`toolgate.decisions`): its outcome, tool, rule and who
 * settled it — all of bounded cardinality (a policy's rules are few); no ids, sessions or paths.
 * @public
 */
export function decisionMetricAttributes(event: DecisionEvent): OtelAttributes {
  const a: OtelAttributes = { 'toolgate.behavior': event.behavior, tool_name: event.tool, 'toolgate.decided_by': event.decidedBy };
  const decision = claudeCodeDecision(event);
  const source = claudeCodeSource(event);
  if (decision !== undefined) a['decision'] = decision;
  if (source !== undefined) a['source'] = source;
  if (event.rule !== undefined) {
    a['toolgate.rule'] = event.rule.text;
    a['toolgate.rule.layer'] = event.rule.layer;
  }
  if (event.askKind !== undefined) a['toolgate.ask.kind'] = event.askKind;
  return withoutEmpty(a);
}
