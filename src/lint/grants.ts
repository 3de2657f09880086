/**
 * `toolgate lint --store`: saved grants judged against the calls that produced them and against the
 * ask rules of their project. Pure: the grants, the asks they were saved with and the projects'
 * policies come in as values.
 */
import type { ToolCall } from '../core/types.js';
import type { PendingAsk } from '../gate/types.js';
import { describeRule, proposeRules } from '../grants/index.js';
import { matchBashPattern, matchDomainRule, parseRule, ruleCoversTool } from '../rules/index.js';
import type { Rule } from '../rules/types.js';
import type { Policy } from '../settings/types.js';
import { analyzeShell } from '../shell/index.js';
import { samplesOf, type SampleEnv } from './samples.js';
import type { LintDiagnostic } from './types.js';

/** A saved grant, as much of it as linting reads. */
export interface GrantToLint {
  id: string;
  /** `once` grants are bound to one exact input and are not judged. */
  scope: string;
  rule: string;
  projectDir: string;
  sessionId?: string;
  askId?: string;
  /** For the record of a rule "don't ask again" wrote to a settings file: the file. */
  settingsFile?: string;
  /** Who the store says gave it. */
  grantedBy?: string;
}

/** What {@link lintGrants} reads. */
export interface GrantLintInput {
  /** The live grants. */
  grants: readonly GrantToLint[];
  /** The ask a grant was saved with, by id (`undefined` when the store no longer has it). */
  askOf: (id: string) => Pick<PendingAsk, 'call' | 'askKind' | 'suggestions'> | undefined;
  /** The policy of a project, with where its relative rules resolve; `undefined` when it cannot be loaded. */
  policyOf: (projectDir: string) => { policy: Policy; env: SampleEnv } | undefined;
  /** Where the grants are (named in each finding, as a file is). */
  store: string;
}

/** How a finding names a grant. */
const named = (g: GrantToLint) =>
  `grant ${g.id} (${g.scope}${g.scope === 'session' && g.sessionId !== undefined ? ` ${g.sessionId}` : ''}, project ${g.projectDir}) "${g.rule}"`;

const callText = (call: ToolCall) =>
  typeof call.input['command'] === 'string' ? (call.input['command'] as string) : `${call.tool} ${JSON.stringify(call.input)}`;

/** Whether a grant's rule, as an allow rule, matches a sample call by its text (the reach a person reads in it). */
function grantMatches(rule: Rule, call: ToolCall): boolean {
  if (!ruleCoversTool(rule, call.tool, 'allow')) return false;
  if (rule.family === 'bare') return true;
  if (rule.family === 'bash')
    return typeof call.input['command'] === 'string' && matchBashPattern(rule.specifier ?? '', call.input['command']);
  if (rule.family === 'domain') return typeof call.input['url'] === 'string' && matchDomainRule(rule, call.input['url'], 'allow');
  return false;
}

/** Where a grant with no call in the store came from, as far as the store says. */
function origin(g: GrantToLint): string {
  if (g.askId !== undefined) return `the call it was saved with is not in the store (ask ${g.askId})`;
  if (g.settingsFile !== undefined) return `it records a rule written to ${g.settingsFile} for an ask this store does not hold`;
  return `it names no ask: no answer through toolgate serve saved it (written to the store directly${g.grantedBy !== undefined ? `, given by "${g.grantedBy}"` : ''})`;
}

/**
 * A grant whose call the store does not hold — gone, or never there (a row written straight into
 * the store) — is judged by its rule alone: one that allows more than one command (a prefix,
 * domain or whole-tool rule) is broader than any one call, so it is reported as such; an exact
 * command is noted only, since how it came to be saved cannot be told.
 */
function withoutCall(g: GrantToLint, rule: Rule, input: GrantLintInput): LintDiagnostic {
  const content =
    rule.family === 'bare'
      ? undefined
      : rule.family === 'domain' && rule.domain !== undefined
        ? `domain:${rule.domain}`
        : (rule.specifier ?? rawContent(g.rule));
  const alone = describeRule(rule.tool, content);
  if (rule.toolIsGlob || alone.broader) {
    return {
      code: 'TG_LINT_GRANT_BROADER',
      severity: 'warning',
      file: input.store,
      message: `${named(g)} allows ${rule.toolIsGlob ? `every call of every tool its name ${rule.tool} matches` : alone.covers}, more than any one call, and ${origin(g)}: nothing shows a person saw and chose that reach — narrow or revoke it (toolgate grants revoke ${g.id})`,
    };
  }
  return {
    code: 'TG_LINT_GRANT_NO_CALL',
    severity: 'info',
    file: input.store,
    message: `${named(g)}: ${origin(g)}, so how it came to be saved cannot be judged; it allows ${alone.covers}`,
  };
}

/** The content of a rule as written, between its parentheses (`Bash(npm test *)` → `npm test *`). */
function rawContent(text: string): string | undefined {
  const open = text.indexOf('(');
  return open === -1 || !text.endsWith(')') ? undefined : text.slice(open + 1, -1);
}

/** Is the grant broader than the call it was saved with? */
function breadth(g: GrantToLint, rule: Rule, input: GrantLintInput): LintDiagnostic | undefined {
  const ask = g.askId !== undefined ? input.askOf(g.askId) : undefined;
  if (ask === undefined) return withoutCall(g, rule, input);
  const command = ask.call.input['command'];
  const analysis = ask.call.tool === 'Bash' && typeof command === 'string' ? analyzeShell(command) : undefined;
  // What would have been proposed, whatever kind of ask it is now: the suggestions it was saved with.
  const proposal = proposeRules({ pending: { ...ask, askKind: 'plain' }, ...(analysis !== undefined ? { analysis } : {}) });
  const options = proposal.parts.flatMap((p) => p.options);
  const option = options.find((o) => o.rule === g.rule);
  if (option !== undefined && !option.broader) return undefined;
  const call = callText(ask.call);
  const message =
    option !== undefined
      ? `${named(g)} is broader than the call it was saved with ("${call}"): it allows ${option.covers}${options.some((o) => !o.broader) ? `; the narrowest rule for that call is "${options.find((o) => !o.broader)?.rule}"` : ''}`
      : `${named(g)} is not a rule toolgate proposes for the call it was saved with ("${call}"${options.length > 0 ? `: ${options.map((o) => o.rule).join(', ')}` : ''}), so it may reach far past that call`;
  return { code: 'TG_LINT_GRANT_BROADER', severity: 'warning', file: input.store, message };
}

/** The ask rules of the grant's project whose calls the grant also covers. */
function shadows(g: GrantToLint, rule: Rule, input: GrantLintInput): LintDiagnostic[] {
  const project = input.policyOf(g.projectDir);
  if (project === undefined) return [];
  const out: LintDiagnostic[] = [];
  for (const cr of project.policy.rules) {
    if (cr.list !== 'ask') continue;
    const hit = (samplesOf(cr.rule, project.env) ?? []).find((c) => grantMatches(rule, c));
    if (hit === undefined) continue;
    const where = cr.source.file !== undefined ? ` in ${cr.source.file}` : ` (${cr.source.kind})`;
    out.push({
      code: 'TG_LINT_GRANT_SHADOWS_ASK',
      severity: 'warning',
      file: input.store,
      message: `${named(g)} covers calls the ask rule "${cr.rule.text}"${where} names (for example "${callText(hit)}"): those calls still ask, since an ask rule outranks a grant, but the grant answers every other call it covers — if the ask rule means the program, narrow or revoke the grant (toolgate grants revoke ${g.id})`,
    });
  }
  return out;
}

/**
 * Saved grants that reach past the call they were saved with (`TG_LINT_GRANT_BROADER`: a prefix or
 * tool rule where the call was one command, or a rule that was never among those proposed for it;
 * `TG_LINT_GRANT_NO_CALL` when the call is gone), and grants that cover calls an ask rule of their
 * project names (`TG_LINT_GRANT_SHADOWS_ASK`, judged on the ask rule's sample calls). `once`
 * grants, bound to one exact input, are not judged.
 */
export function lintGrants(input: GrantLintInput): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  for (const g of input.grants) {
    if (g.scope === 'once') continue;
    const parsed = parseRule(g.rule);
    if (!parsed.ok) {
      out.push({
        code: 'TG_LINT_GRANT_BROADER',
        severity: 'warning',
        file: input.store,
        message: `${named(g)} does not parse as a rule (${parsed.issues[0].message}): what it answers cannot be judged`,
      });
      continue;
    }
    const broad = breadth(g, parsed.rule, input);
    if (broad !== undefined) out.push(broad);
    out.push(...shadows(g, parsed.rule, input));
  }
  return out;
}
