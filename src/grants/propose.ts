/**
 * What "approve and remember" would save for an ask, shown before it is saved: the rule toolgate
 * suggests for each part of the call, what each rule would cover (in words, and as examples of
 * other commands it would allow), and narrower rules the person may pick instead — down to the
 * exact command. Pure: the shell analysis and the session's history come in as values.
 *
 * A saved rule is always one of these options, so a saved rule never covers a call the person
 * was not shown it covers (issue 34, item 2; `docs/grants.md`).
 */
import type { PermissionUpdate } from '../core/types.js';
import type { PendingAsk } from '../gate/types.js';
import { escapeRuleContent, matchBashPattern, matchDomainRule, parseRule } from '../rules/index.js';
import { allowWords, partsToCover, patternCoversCommand } from '../evaluate/rule-match.js';
import { runsCodeItReads } from '../evaluate/opaque-commands.js';
import { allProgramModels, PROGRAMS } from '../shell/programs/index.js';
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';

/**
 * How far a rule reaches: `exact` this command only; `prefix` every command that starts with the
 * rule's words; `domain` every URL of one host; `tool` every call of the tool, whatever its input.
 */
export type RuleReach = 'exact' | 'prefix' | 'domain' | 'tool';

/** Another call a rule would allow, and where toolgate took it from. */
export interface CoverageExample {
  /** The command (or call) text. */
  text: string;
  /**
   * `session`: a command this session ran or asked for; `examples`: an example of toolgate's
   * program models; `pattern`: made from the rule's own pattern, with other words where it has
   * `*` (`git push` and `git push another-argument` for `git push *`) — checked to match, so true
   * of every rule, also of a program no model or session command shows.
   */
  from: 'session' | 'examples' | 'pattern';
}

/** One rule a person may save for (a part of) an ask. */
export interface RuleOption {
  /** The rule exactly as it would be saved, e.g. `Bash(npm publish *)`. */
  rule: string;
  reach: RuleReach;
  /** Whether it allows calls other than this one (`Bash(curl *)` from `curl https://x/y`). */
  broader: boolean;
  /** What it would allow, in plain words. */
  covers: string;
  /** Other calls it would allow (at most {@link MAX_EXAMPLES}), from the session first. */
  examples: CoverageExample[];
}

/** The options for one part of the call: toolgate's suggestion first, then narrower ones. */
export interface ProposalPart {
  /** The part of the call the options cover: one simple command, or the call as a whole. */
  text: string;
  /** `options[0]` is what "approve and remember" saves unless the person picks another. */
  options: RuleOption[];
}

/** What remembering an ask would save: one rule per part. Empty when nothing can be remembered. */
export interface RuleProposal {
  parts: ProposalPart[];
}

/** What {@link proposeRules} reads. */
export interface ProposalInput {
  /** The ask: its call, its kind and the rules toolgate suggests for it. */
  pending: Pick<PendingAsk, 'call' | 'askKind' | 'suggestions'>;
  /** The shell analysis of a Bash call's command; without it the suggestions are offered as they are. */
  analysis?: ShellAnalysis;
  /** Commands the session ran or asked for, newest first: examples of what a rule would allow. */
  history?: readonly string[];
  /**
   * The rules of the grants in force for this call (those that took part in deciding it): a part
   * of the call one of them covers is already answered, and no option offered reaches such a part
   * further than the grant does — remembering never widens a grant the person gave.
   */
  granted?: readonly { toolName: string; ruleContent?: string }[];
}

/** At most this many examples per rule. */
export const MAX_EXAMPLES = 3;

/**
 * Whether every path effect a model's example declares stays where a rule's allow reaches: the
 * working directory (`.`, `./…`), no `..`, no dot-name (where protected paths live). An example that
 * reads or writes elsewhere (`curl -s file:///etc/hostname` reads /etc/hostname) still asks under
 * any rule naming its program, so it is no example of what the rule allows.
 */
function staysInside(effects: readonly string[] | undefined): boolean {
  return (effects ?? []).every((e) => {
    const path = e.split(' ')[1] ?? '';
    if (e.includes('(assumed)') || (path !== '.' && !path.startsWith('./'))) return false;
    return path
      .split('/')
      .slice(1)
      .every((seg) => seg !== '..' && !seg.startsWith('.'));
  });
}

/** Commands of the program models' examples that a rule covering them lets through, read once. */
let modelExamples: readonly string[] | undefined;
const examplesOfModels = (): readonly string[] =>
  (modelExamples ??= allProgramModels().flatMap((m) => m.examples.filter((e) => staysInside(e.effects)).map((e) => e.command)));

/**
 * What a rule for a program whose files toolgate reads (its model has file effects: curl, wget,
 * git, node, …) still leaves to a person: toolgate checks the files the command names whatever
 * rule allows it, so a command it finds reading or writing outside the working directories, or
 * that may write a protected path (`wget -r` writes names the server sends), still asks. Said with
 * the rule's reach, so that what it covers is not overstated.
 */
function stillAsks(prefix: string): string {
  const prog = prefix.split(' ')[0] ?? '';
  return PROGRAMS.get(prog)?.files !== undefined
    ? ' (toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path)'
    : '';
}

/** One simple command on one line: no operator, substitution or redirection that a rule could be read across. */
const SIMPLE = /^[^;&|<>`$(){}\n\r\\]+$/;

function allowRuleValues(updates: readonly PermissionUpdate[]): { toolName: string; ruleContent?: string }[] {
  const out: { toolName: string; ruleContent?: string }[] = [];
  for (const u of updates) if (u.type === 'addRules' && u.behavior === 'allow') out.push(...u.rules);
  return out;
}

/**
 * Whether an approval of this ask may be remembered at all (scope `session`, `project`, `user`):
 * a plain ask or a guarded read with an allow rule to suggest. Exactly the asks
 * {@link proposeRules} proposes rules for; any other is approved once or not at all.
 */
export function rememberable(pending: Pick<PendingAsk, 'askKind' | 'suggestions'>): boolean {
  return (
    (pending.askKind === 'plain' || pending.askKind === 'guardedRead') &&
    allowRuleValues(Array.isArray(pending.suggestions) ? pending.suggestions : []).length > 0
  );
}

const ruleText = (tool: string, content: string | undefined) => (content === undefined ? tool : `${tool}(${escapeRuleContent(content)})`);

/**
 * What stands where a pattern has `*` in the examples made from it: nothing, one word, several
 * words with an option — each a different reach past the pattern's literal words.
 */
const FILLERS = ['', 'another-argument', '--any-option and more words'];

/** Commands made from a Bash pattern: each `*` (or a trailing legacy `:*`) replaced by a filler. */
function patternCommands(spec: string): string[] {
  const legacy = spec.endsWith(':*') ? `${spec.slice(0, -2)} *` : spec;
  return FILLERS.map((f) => legacy.split('*').join(f).replace(/\s+/g, ' ').trim());
}

/**
 * Examples of other commands the pattern allows: the session's first, then the models', then —
 * for the slots left, so no broad rule goes without — commands made from the pattern itself.
 * The session never takes the last slot: its commands are the agent's own, and an agent that fills
 * its session with harmless ones would otherwise hide what toolgate knows the rule reaches.
 * Each is checked to match the pattern; none is the call itself.
 */
function bashExamples(spec: string, call: string, history: readonly string[]): CoverageExample[] {
  const out: CoverageExample[] = [];
  const seen = new Set([call.trim()]);
  const take = (list: readonly string[], from: CoverageExample['from'], slots = MAX_EXAMPLES) => {
    for (const text of list) {
      if (out.length >= slots) return;
      const t = text.trim();
      if (t === '' || seen.has(t) || !SIMPLE.test(t) || !matchBashPattern(spec, t)) continue;
      seen.add(t);
      out.push({ text: t, from });
    }
  };
  take(history, 'session', MAX_EXAMPLES - 1);
  take(examplesOfModels(), 'examples');
  take(patternCommands(spec), 'pattern');
  return out;
}

/** URLs a domain rule allows, made from its host pattern (a `*.` label becomes a subdomain), each checked to match. */
function domainExamples(tool: string, content: string): CoverageExample[] {
  const parsed = parseRule(ruleText(tool, content));
  if (!parsed.ok || parsed.rule.domain === undefined) return [];
  const host = parsed.rule.domain.replace(/^\*\./, 'any-subdomain.');
  return [`https://${host}/`, `https://${host}/any/other/page?with=query`]
    .filter((url) => matchDomainRule(parsed.rule, url, 'allow'))
    .map((text) => ({ text, from: 'pattern' as const }));
}

/** One Bash option for a pattern. */
function bashOption(tool: string, spec: string, call: string, history: readonly string[], words?: readonly string[]): RuleOption {
  if (!spec.includes('*')) return exactOption(tool, spec, words ?? spec.split(/\s+/));

  const prefix = spec.endsWith(' *') ? spec.slice(0, -2) : undefined;
  const covers =
    prefix === undefined
      ? `every command the pattern ${spec} matches`
      : prefix.includes(' ')
        ? `every command that starts with "${prefix}", whatever follows${stillAsks(prefix)}`
        : `every ${prefix} command, whatever its arguments${stillAsks(prefix)}`;
  return { rule: ruleText(tool, spec), reach: 'prefix', broader: true, covers, examples: bashExamples(spec, call, history) };
}

/**
 * The option for an exact command. A program that runs code it reads (`sh`, `bash < setup.sh`,
 * `python3 build.py`) runs whatever it is fed: its exact rule allows `cat evil.sh | sh` as well as
 * the call, so it is broader than the call and needs the person's explicit choice.
 */
function exactOption(tool: string, spec: string, words: readonly string[]): RuleOption {
  const runner = runsCodeItReads(words);
  if (runner === undefined)
    return { rule: ruleText(tool, spec), reach: 'exact', broader: false, covers: 'only this exact command', examples: [] };
  const covers = `this exact command, but ${runner} runs whatever script it is given (from its input or a file) — any code`;
  // Alone, it reads its script from its input: any script piped to it is allowed.
  const examples: CoverageExample[] = words.length === 1 ? [{ text: `cat any-script | ${spec}`, from: 'pattern' }] : [];
  return { rule: ruleText(tool, spec), reach: 'exact', broader: true, covers, examples };
}

/** Does a word stop prefixes: one a pattern cannot spell literally (`*`, `\`)? */
const unspellable = (w: string) => w.includes('*') || w.includes('\\');

/**
 * The suggested pattern and the narrower ones for one part: a prefix at each word boundary past
 * the suggestion's, then the exact command. Each one covers the part (checked, not assumed).
 */
function bashPart(tool: string, suggested: string, cmd: SimpleCommand, history: readonly string[]): ProposalPart {
  const words = allowWords(cmd);
  const call = words.join(' ');
  const specs = [suggested];
  if (suggested.includes('*') && suggested.endsWith(' *')) {
    const from = suggested.slice(0, -2).split(' ').length;
    const stop = words.findIndex(unspellable);
    const last = stop === -1 ? words.length - 1 : stop;
    for (let k = from + 1; k <= last; k++) specs.push(`${words.slice(0, k).join(' ')} *`);
    if (stop === -1) specs.push(call);
  }
  const options = [...new Set(specs)]
    .filter((s, i) => i === 0 || patternCoversCommand(s, cmd))
    .map((s) => bashOption(tool, s, call, history, s === call ? words : undefined));
  return { text: call, options };
}

/** The option for a rule offered as it is (no narrower one is known). */
function wholeOption(tool: string, content: string | undefined, call: string, history: readonly string[]): RuleOption {
  if (content !== undefined && (tool === 'Bash' || tool === 'Monitor')) return bashOption(tool, content, call, history);
  if (content !== undefined && content.startsWith('domain:')) {
    const host = content.slice('domain:'.length);
    return {
      rule: ruleText(tool, content),
      reach: 'domain',
      broader: true,
      covers: `every ${tool} call to a URL on ${host}`,
      examples: domainExamples(tool, content),
    };
  }
  if (content === undefined)
    return {
      rule: tool,
      reach: 'tool',
      broader: true,
      covers: `every ${tool} call, whatever its input`,
      examples: [{ text: `${tool} with any input`, from: 'pattern' }],
    };
  return {
    rule: ruleText(tool, content),
    reach: 'prefix',
    broader: true,
    covers: `every ${tool} call the rule's pattern ${content} matches`,
    examples: [],
  };
}

/**
 * What a rule reaches on its own, with no call to compare it with (`toolgate lint --store` on a
 * grant whose call is gone): the option toolgate would show for it — reach, whether it allows more
 * than one call, what it covers in words, and examples made from its pattern.
 */
export function describeRule(tool: string, content: string | undefined): RuleOption {
  return wholeOption(tool, content, '', []);
}

const commandOf = (p: ProposalInput['pending']) => (typeof p.call.input['command'] === 'string' ? (p.call.input['command'] as string) : '');

/**
 * The rules remembering this ask would save, what each covers, and narrower ones to pick
 * instead. Only plain asks and guarded reads can be remembered (a guarded read by its exact
 * command only, which is all toolgate suggests for it); anything else gets no parts.
 *
 * For a Bash call read whole (`analysis`), each suggested rule is matched to the simple command
 * it covers, and the options for that command are the suggestion, a prefix at each later word
 * boundary and the exact command — each checked to cover the command. A suggestion matched to no
 * command or to several, or a call without analysis, is offered as it is, with no alternative.
 */
export function proposeRules(input: ProposalInput): RuleProposal {
  const { pending } = input;
  if (!rememberable(pending)) return { parts: [] };
  const history = input.history ?? [];
  const values = allowRuleValues(Array.isArray(pending.suggestions) ? pending.suggestions : []);
  const cmds = input.analysis !== undefined && input.analysis.unknown.length === 0 ? partsToCover(input.analysis) : [];
  const shellTool = pending.call.tool === 'Bash' || pending.call.tool === 'Monitor';
  const granted = shellTool ? (input.granted ?? []).filter((g) => g.toolName === pending.call.tool) : [];
  const grantedCmds = cmds.filter((c) => granted.some((g) => g.ruleContent === undefined || patternCoversCommand(g.ruleContent, c)));
  const open = cmds.filter((c) => !grantedCmds.includes(c));
  const parts: ProposalPart[] = [];
  for (const v of values) {
    const bash = (v.toolName === 'Bash' || v.toolName === 'Monitor') && v.ruleContent !== undefined && v.toolName === pending.call.tool;
    // A rule that covers several commands of the call still open is offered as it is: narrowing it to one would leave the others uncovered.
    const covered = bash ? open.filter((c) => patternCoversCommand(v.ruleContent as string, c)) : [];
    const cmd = covered.length === 1 ? covered[0] : undefined;
    const whole = { text: commandOf(pending), options: [wholeOption(v.toolName, v.ruleContent, commandOf(pending), history)] };
    const part = cmd !== undefined ? bashPart(v.toolName, v.ruleContent as string, cmd, history) : whole;
    const options =
      granted.length === 0 ? part.options : part.options.filter((o) => !widensGrant(o, granted, grantedCmds, cmds.length > 0));
    // A part left with nothing that keeps within the grants is one remembering cannot cover: approve once.
    if (options.length === 0) return { parts: [] };
    if (!parts.some((p) => p.options[0]?.rule === options[0]?.rule)) parts.push({ ...part, options });
  }
  return { parts };
}

/**
 * Whether an option would reach a part of the call a grant answers further than that grant does
 * (`Bash(curl *)` where `Bash(curl https://x/y)` is granted). Where the call's parts are not known
 * (`partsKnown` false), any option broader than the call might: only an exact one keeps within.
 */
function widensGrant(
  o: RuleOption,
  granted: readonly { toolName: string; ruleContent?: string }[],
  grantedCmds: readonly SimpleCommand[],
  partsKnown: boolean,
): boolean {
  const spec = ruleContentOf(o.rule);
  if (!partsKnown) return o.reach !== 'exact';
  if (spec === undefined) return grantedCmds.length > 0 && !granted.some((g) => g.ruleContent === undefined);
  return grantedCmds.some(
    (c) =>
      patternCoversCommand(spec, c) &&
      !granted.some((g) => (g.ruleContent === undefined || patternCoversCommand(g.ruleContent, c)) && patternWithin(spec, g.ruleContent)),
  );
}

/** The content of an option's rule as written for matching (`Bash(curl *)` → `curl *`), unescaped; none for a bare tool. */
function ruleContentOf(rule: string): string | undefined {
  const parsed = parseRule(rule);
  return parsed.ok ? parsed.rule.specifier : undefined;
}

/**
 * Whether every command the Bash pattern `inner` allows, `outer` allows too — told only where it
 * is plain: `outer` absent (the whole tool) or the same pattern, `inner` an exact command `outer`
 * matches, or both prefixes (`w… *`) with `inner`'s words starting with `outer`'s. Anything else
 * counts as reaching further.
 */
function patternWithin(inner: string, outer: string | undefined): boolean {
  if (outer === undefined || inner === outer) return true;
  if (!inner.includes('*')) return matchBashPattern(outer, inner);
  const prefix = (p: string) => (p.endsWith(' *') && !p.slice(0, -2).includes('*') ? p.slice(0, -2) : undefined);
  const i = prefix(inner);
  const o = prefix(outer);
  return i !== undefined && o !== undefined && (i === o || i.startsWith(`${o} `));
}

/** The result of {@link confirmRules}. */
export type ConfirmResult = { ok: true; rules: string[] } | { ok: false; message: string };

/**
 * The rules to save for an answer: the proposal's first option of each part when `chosen` is not
 * given, else exactly `chosen` — when each chosen rule is one of the proposal's options and every
 * part has one. A rule that was not proposed, or a part left uncovered, is refused with a message
 * naming it: the server saves only rules the person was shown.
 */
export function confirmRules(proposal: RuleProposal, chosen: readonly string[] | undefined): ConfirmResult {
  if (proposal.parts.length === 0) return { ok: false, message: 'toolgate proposes no rule to remember for this ask: approve it once' };
  if (chosen === undefined) return { ok: true, rules: proposal.parts.map((p) => (p.options[0] as RuleOption).rule) };
  const rules = [...new Set(chosen)];
  const offered = new Set(proposal.parts.flatMap((p) => p.options.map((o) => o.rule)));
  const stranger = rules.find((r) => !offered.has(r));
  if (stranger !== undefined)
    return { ok: false, message: `the rule ${stranger} was not proposed for this ask; choose among: ${[...offered].join(', ')}` };
  const open = proposal.parts.find((p) => !p.options.some((o) => rules.includes(o.rule)));
  if (open !== undefined)
    return { ok: false, message: `no chosen rule covers "${open.text}"; choose one of: ${open.options.map((o) => o.rule).join(', ')}` };
  const twice = proposal.parts.find((p) => p.options.filter((o) => rules.includes(o.rule)).length > 1);
  if (twice !== undefined)
    return {
      ok: false,
      message: `choose one rule for "${twice.text}", not ${twice.options
        .filter((o) => rules.includes(o.rule))
        .map((o) => o.rule)
        .join(' and ')}`,
    };
  return { ok: true, rules };
}
