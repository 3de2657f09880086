import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AnswerScope, AskRecord, AuditEntry } from '../../store/index.js';
import type { RuleOption, RuleProposal } from '../../grants/index.js';
import { hiddenParts } from '../../core/text.js';
import { maskField, maskText, type MaskedPart } from '../display/index.js';
import { askView, rememberChoices, type AskView } from '../views.js';
import { DEFAULT_GRANT_TTL, type GrantTtl } from '../../grants/ttl.js';

/** Escaping template (hono's `html`): synchronous, since nothing passed to it is a promise. */
export const h = (strings: TemplateStringsArray, ...values: unknown[]): HtmlEscapedString => html(strings, ...values) as HtmlEscapedString;

/** What a form on the page carries besides its own fields. */
export interface FormContext {
  /** Where the view returns to after answering (`/`, `/?session=…`, `/asks/ID`). */
  back: string;
  /** The ask's one-time answer code, for `toolgate asks answer` (shown on pending asks only). */
  code?: string;
  /** Why a pending ask shows no answer code (locked after too many wrong tries, spent, sealed under another token). */
  codeNote?: string;
  /** What "approve and remember" would save, with narrower choices (pending asks that can be remembered). */
  proposal?: RuleProposal;
  /** How long a grant of each scope lives (`serve --grant-ttl`), shown beside each choice. */
  ttl?: GrantTtl;
}

const KIND_TEXT: Record<string, { label: string; title: string }> = {
  plain: { label: 'plain ask', title: 'toolgate asks because no rule allows this call; an approval can be remembered' },
  firm: {
    label: 'firm ask',
    title: 'an ask rule or a check that must always ask: approving lets this one call through, and it cannot be remembered',
  },
  protected: {
    label: 'protected path',
    title: 'the call touches a protected path: approving lets this one call through, and it cannot be remembered',
  },
  planBlock: {
    label: 'plan mode',
    title:
      'the session is planning and this call changes something: no hook or mode approves it; approving lets this one call through, and it cannot be remembered',
  },
  guardedRead: {
    label: 'guarded read',
    title:
      'the call may read a path a deny rule covers, which toolgate cannot rule out: approving lets this one call through; remembering stores this exact command only',
  },
};

/** Time in UTC (`14:03:07 UTC`); the page's script shows it in local time. */
export function timeTag(iso: string | undefined): HtmlEscapedString {
  if (iso === undefined) return h``;
  return h`<time datetime="${iso}" title="${iso}">${iso.slice(11, 19)} UTC</time>`;
}

/** The field of a call's input a person reads first: the command, the URL, the query, the pattern, the path. */
export function headlineKey(tool: string, input: unknown): string | undefined {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const i = input as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.find((k) => typeof i[k] === 'string' && i[k] !== '');
  if (tool === 'Bash' || tool === 'PowerShell') return pick('command');
  if (tool === 'WebFetch') return pick('url');
  if (tool === 'WebSearch') return pick('query');
  if (tool === 'Grep' || tool === 'Glob') return pick('pattern');
  return pick('file_path', 'notebook_path', 'path');
}

/** The text of {@link headlineKey}'s field, for one-line lists (`input` as it is to be shown). */
export function headline(tool: string, input: unknown): string | undefined {
  const key = headlineKey(tool, input);
  return key !== undefined ? ((input as Record<string, string>)[key] as string) : undefined;
}

/**
 * Text as the page shows it: HTML-escaped, each character that does not show as itself written
 * `<U+XXXX>` as hook replies write it (`escapeHidden`) and marked, each masked secret marked with
 * what it was.
 */
export function shown(parts: readonly MaskedPart[] | string): HtmlEscapedString {
  const list = typeof parts === 'string' ? [{ kind: 'text' as const, text: parts }] : parts;
  return h`${list.map((p) =>
    p.kind === 'masked'
      ? h`<span class="masked" title="${p.label}, ${p.length} characters, masked">${p.text}</span>`
      : hiddenParts(p.text).map((x) =>
          x.kind === 'hidden' ? h`<span class="hidden-char" title="a character that does not show as itself">${x.text}</span>` : x.text,
        ),
  )}`;
}

function facts(v: AskView, blockedPath: string | undefined): HtmlEscapedString {
  const rule = v.rule;
  const source = rule !== undefined ? (rule.source.file ?? rule.source.kind) : undefined;
  const held = v.origin === 'api' ? 'the JSON API' : `a ${v.origin} hook`;
  return h`<dl class="facts">
${rule !== undefined ? h`<dt>Rule</dt><dd><code>${shown(rule.text)}</code> <span class="muted">${rule.list} rule, ${source}</span></dd>` : ''}
<dt>Session</dt><dd>${v.sessionId !== undefined ? h`<a href="/?session=${encodeURIComponent(v.sessionId)}"><code>${shown(v.sessionId)}</code></a>` : h`<span class="muted">none</span>`}</dd>
<dt>Project</dt><dd><a href="/?project=${encodeURIComponent(v.projectDir)}"><code>${shown(v.projectDir)}</code></a></dd>
${v.cwd !== v.projectDir ? h`<dt>Directory</dt><dd><code>${shown(v.cwd)}</code></dd>` : ''}
${v.agent !== undefined || v.agentType !== undefined ? h`<dt>Sub-agent</dt><dd>${v.agentType !== undefined ? h`<code>${shown(v.agentType)}</code> ` : ''}${v.agent !== undefined && v.agent !== v.agentType ? h`<span class="muted">id <code>${shown(v.agent)}</code></span>` : ''}</dd>` : ''}
${blockedPath !== undefined ? h`<dt>Path</dt><dd><code>${shown(blockedPath)}</code></dd>` : ''}
<dt>From</dt><dd>${held}, ${timeTag(v.createdAt)}${v.state === 'pending' && v.expiresAt !== undefined ? h`; denied if unanswered by ${timeTag(v.expiresAt)}` : ''}</dd>
</dl>`;
}

/** Text longer than this (lines or characters) may not fit its box: the card says how long it is, and Approve waits until its end has been on screen. */
const FOLD_LINES = 12;
const FOLD_CHARS = 1200;

/** Whether text may not fit its scroll box. */
const folds = (text: string) => text.split('\n').length > FOLD_LINES || text.length > FOLD_CHARS;

/**
 * A scroll box for text: whole, never cut. Long text is announced above it (how many lines and
 * characters) and, below it, the page's script shows how many lines are still below the visible
 * part until its end has been on screen — so a tail after 60 empty lines cannot pass unseen.
 */
function box(text: string, body: HtmlEscapedString, what: string, headline?: string): HtmlEscapedString {
  const lines = text.split('\n').length;
  const extent = folds(text)
    ? h`<p class="extent">${what}: ${lines} ${lines === 1 ? 'line' : 'lines'}, ${text.length} characters. The box scrolls: read it to its end (Approve works once the end has been shown).</p>`
    : '';
  const pre =
    headline !== undefined
      ? h`<pre class="call" tabindex="0" aria-label="${headline}"><code>${body}</code></pre>`
      : h`<pre tabindex="0"><code>${body}</code></pre>`;
  return h`<div class="box">${extent}${pre}<p class="more" hidden></p></div>`;
}

/**
 * The call, whole: its headline field (the command, the URL, the path) with secrets of recognised
 * shapes masked and nothing else changed, the agent's `description` apart as its own words, and
 * every other field of the input. Long text scrolls, with a sign of how much is below; nothing is cut.
 */
function call(a: AskRecord, v: AskView): HtmlEscapedString {
  const input = a.pending.call.input;
  const key = headlineKey(a.tool, input);
  const head = key !== undefined ? maskField(a.tool, [key], input[key] as string) : undefined;
  const shownInput = (v.input ?? {}) as Record<string, unknown>;
  const description =
    typeof shownInput['description'] === 'string' && shownInput['description'] !== '' ? (shownInput['description'] as string) : undefined;
  const rest = Object.fromEntries(
    Object.entries(shownInput).filter(([k]) => k !== key && !(k === 'description' && description !== undefined)),
  );
  const masked = v.masks.length;
  const headText = head !== undefined ? head.parts.map((p) => p.text).join('') : '';
  const restText = JSON.stringify(rest, null, 2);
  return h`${head !== undefined ? box(headText, shown(head.parts), key === 'command' ? 'The command' : `The ${key}`, key) : ''}
${description !== undefined ? h`<div class="claim"><span class="muted">The agent describes this call as (its own words, not checked by toolgate):</span> <q>${shown(description)}</q></div>` : ''}
${Object.keys(rest).length > 0 ? h`<div class="fields"><span class="muted">${head !== undefined ? 'Other fields of the input' : 'Input'}:</span>${box(restText, shown(restText), head !== undefined ? 'The other fields' : 'The input')}</div>` : ''}
${masked > 0 ? h`<p class="masks muted">${masked === 1 ? 'One secret is' : `${masked} secrets are`} masked (${[...new Set(v.masks.map((m) => m.label))].join(', ')}); everything else is shown as the agent sent it.</p>` : ''}`;
}

/** Where an example of what a rule allows comes from, in words. */
export const exampleSource = (from: 'session' | 'examples' | 'pattern'): string =>
  from === 'session'
    ? 'run in this session'
    : from === 'examples'
      ? "from toolgate's examples"
      : 'made from the rule: any words may stand where it has *';

/** One choice of rule: the rule as it would be saved, what it covers, a flag when it reaches past this call, examples. */
function option(o: RuleOption, part: number, index: number): HtmlEscapedString {
  const examples =
    o.examples.length > 0
      ? h`<span class="examples">It would also allow, for example: ${o.examples.map((e, i) => h`${i > 0 ? '; ' : ''}<code>${shown(maskText(e.text).parts)}</code> <span class="muted">(${exampleSource(e.from)})</span>`)}</span>`
      : '';
  return h`<label class="rule-option"><input type="radio" name="rule.${part}" value="${index}"${index === 0 ? ' checked' : ''}> <span><code class="rule">${shown(maskText(o.rule).parts)}</code> — ${shown(maskText(o.covers).parts)}${o.broader ? h` <strong class="broader">broader than this call</strong>` : ''}${examples}</span></label>`;
}

/**
 * The rules "approve and remember" would save, one choice per part of the call: toolgate's
 * suggestion first (chosen), then narrower ones down to the exact command. The form sends the
 * position of the choice; the server saves the rule at that position of the proposal it makes
 * again from the stored ask, so the text saved is the text shown.
 */
function choices(parts: RuleProposal['parts']): HtmlEscapedString {
  return h`<fieldset class="remember-rules"><legend>Approve &amp; remember saves ${parts.length === 1 ? 'this rule' : 'these rules'} <span class="muted">(as a grant; never past a deny rule, a firm ask or a protected path)</span>. Choose a narrower one if you like:</legend>
${parts.map((p, i) => h`<div class="rule-part">${parts.length > 1 ? h`<p class="part">For <code>${shown(maskText(p.text).parts)}</code>:</p>` : ''}${p.options.map((o, j) => option(o, i, j))}</div>`)}
</fieldset>`;
}

function hidden(f: FormContext): HtmlEscapedString {
  return h`<input type="hidden" name="back" value="${f.back}">`;
}

/** The page's remember choices, mapped onto the scopes of the API and the CLI. */
const SCOPE_TEXT: Record<AnswerScope, string> = {
  once: 'this call only',
  session: 'for this session',
  project: 'for this project',
  user: 'for me, in every trusted project',
};

/**
 * The answer forms. When the input may not fit its boxes, the approve buttons start disabled and
 * the page's script enables them once the end of every box has been on screen (a deny needs no
 * reading); without the script they stay disabled.
 */
function forms(a: AskRecord, f: FormContext): HtmlEscapedString {
  const action = `/asks/${encodeURIComponent(a.id)}/answer`;
  const parts = f.proposal?.parts ?? [];
  const wait = mayNotFit(a) ? h` disabled` : '';
  // Only scopes a grant could answer in are offered; with none (no project toolgate found), no remembering.
  const scopes = rememberChoices(a, f.ttl ?? DEFAULT_GRANT_TTL).filter((c) => c.scope !== 'once');
  const remember =
    parts.length > 0 && scopes.length > 0
      ? h`${choices(parts)}<span class="remember"><select name="scope" aria-label="Remember for">${scopes.map(
          (c) => h`<option value="${c.scope}">${SCOPE_TEXT[c.scope]} (${c.ttl === 'never' ? 'until revoked' : c.ttl})</option>`,
        )}</select><button type="submit" name="action" value="remember" class="allow"${wait}>Approve &amp; remember</button></span>`
      : '';
  return h`<form method="post" action="${action}" class="answer approve">${hidden(f)}<button type="submit" name="action" value="approve" class="allow"${wait}>Approve</button>${remember}</form>
<form method="post" action="${action}" class="answer deny">${hidden(f)}<input type="hidden" name="action" value="deny"><input type="text" name="message" maxlength="2000" placeholder="Message for the agent (optional)" aria-label="Message for the agent"><button type="submit" class="deny">Deny</button></form>
${f.code !== undefined ? h`<p class="code muted">Answer code for <code>toolgate asks answer</code>: <code class="answer-code">${f.code}</code></p>` : ''}
${f.codeNote !== undefined ? h`<p class="code code-note">${f.codeNote}</p>` : ''}`;
}

/** Whether any field of the input shown may not fit its box (the same text the boxes show, masks aside). */
function mayNotFit(a: AskRecord): boolean {
  const input = a.pending.call.input;
  return (
    Object.values(input).some((x) => folds(typeof x === 'string' ? x : (JSON.stringify(x, null, 2) ?? ''))) ||
    folds(JSON.stringify(input, null, 2))
  );
}

function outcome(v: AskView): HtmlEscapedString {
  const w = v.answer;
  if (v.state === 'expired' || w === undefined) {
    if (v.expiry?.code === 'holderSilent')
      return h`<p class="outcome expired">Given up: ${v.expiry.message}; the call was not allowed.</p>`;
    return h`<p class="outcome expired">Given up: no answer came in time; the call was denied.</p>`;
  }
  const who = h`<strong>${w.answerer}</strong>`;
  if (w.behavior === 'deny')
    return h`<p class="outcome denied">Denied by ${who} ${timeTag(w.answeredAt)}${w.message !== undefined ? h`: “${shown(w.message)}”` : ''}</p>`;
  const how = w.scope === 'once' ? 'once' : `and remembered for the ${w.scope}`;
  return h`<p class="outcome approved">Approved ${how} by ${who} ${timeTag(w.answeredAt)}${w.updatedInput !== undefined ? ' with an edited input' : ''}</p>`;
}

function auditList(entries: readonly AuditEntry[]): HtmlEscapedString {
  if (entries.length === 0) return h`<p class="muted">No audit entries yet.</p>`;
  return h`<ol class="audit">${entries.map(
    (e) =>
      h`<li>${timeTag(new Date(e.at).toISOString())} <code>${e.event}</code>${e.behavior !== undefined ? h` <span class="b b-${e.behavior}">${e.behavior}</span>` : ''}${e.decidedBy !== undefined ? h` by ${e.decidedBy}` : ''}${e.answerer !== undefined ? h` (${e.answerer})` : ''}${e.reason !== undefined ? h` — ${e.reason}` : ''}${e.ruleText !== undefined ? h` <code>${e.ruleText}</code>` : ''}${e.detail !== undefined ? h` <span class="muted">${e.detail}</span>` : ''}</li>`,
  )}</ol>`;
}

/**
 * One ask as a card: the call (whole, secrets of recognised shapes masked), why toolgate asks, the rule, the kind of ask, where it
 * comes from; a pending ask with its answer forms, an answered one with its outcome (and, when
 * given, its audit entries).
 */
export function askCard(a: AskRecord, f: FormContext, audit?: readonly AuditEntry[]): HtmlEscapedString {
  const v = askView(a);
  const kind = KIND_TEXT[v.askKind] ?? { label: v.askKind, title: '' };
  return h`<article class="ask" id="${a.id}" data-ask-id="${a.id}" data-state="${v.state}">
<header><span class="tool">${v.tool}</span> <span class="kind kind-${v.askKind}" title="${kind.title}">${kind.label}</span> <a class="permalink" href="/asks/${encodeURIComponent(a.id)}">details</a></header>
${call(a, v)}
<p class="reason">${shown(v.reason.message)} <span class="muted">(${v.reason.kind})</span></p>
${facts(v, a.pending.blockedPath)}
${v.state === 'pending' ? forms(a, f) : outcome(v)}
${audit !== undefined ? h`<details class="audit-log" open><summary>Audit log (${audit.length})</summary>${auditList(audit)}</details>` : ''}
</article>`;
}
