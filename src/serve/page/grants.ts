import type { HtmlEscapedString } from 'hono/utils/html';
import type { GrantRecord } from '../../store/index.js';
import { maskText } from '../display/index.js';
import { h, shown, timeTag } from './cards.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** Where a grant applies, in words. */
function reach(g: GrantRecord): HtmlEscapedString {
  const project = h`<a href="/?project=${encodeURIComponent(g.projectDir)}"><code>${shown(g.projectDir)}</code></a>`;
  const session = h`<a href="/?session=${encodeURIComponent(g.sessionId ?? '')}"><code>${shown(g.sessionId ?? '')}</code></a>`;
  // A once grant answers only its call as it was made (src/grants/apply.ts): where, by whom and in which mode are part of what it covers.
  const by = g.agent !== undefined ? h`sub-agent <code>${shown(g.agent)}</code>` : h`the main agent`;
  if (g.scope === 'once')
    return h`one more run of the exact call it approved${g.sessionId !== undefined ? h`, in session ${session}` : ''}, in project ${project}${g.cwd !== undefined ? h`, from <code>${shown(g.cwd)}</code>` : ''}, by ${by}${g.mode !== undefined ? h`, in mode <code>${g.mode}</code>` : ''}`;
  if (g.scope === 'session') return h`session ${session} in project ${project}${g.agent !== undefined ? h`, for ${by} only` : ''}`;
  if (g.scope === 'project') return h`every session of project ${project}`;
  return h`every project this server trusts (given in project ${project})`;
}

/** What a grant lets through: its rule as saved, or for a `once` grant, the one input it approved. */
function what(g: GrantRecord, here: boolean): HtmlEscapedString {
  if (g.scope === 'once')
    return h`<code class="rule">${shown(g.rule)}</code> <span class="muted">with exactly the input approved (SHA-256 ${(g.inputSha256 ?? '').slice(0, 12)}…)</span>`;
  return h`<code class="rule">${shown(maskText(g.rule).parts)}</code>${g.settingsFile !== undefined ? h` <span class="muted">written by Claude Code to <code>${shown(g.settingsFile)}</code>${here ? '; revoking removes it from the file' : ''}</span>` : ''}`;
}

/**
 * One grant as a row of the Grants view: the rule, where it applies, who gave it and when, when it
 * ends, and Revoke — for a rule Claude Code wrote to a settings file, only when the file is on this
 * machine (`here`): revoking then removes it from the file too.
 */
function grantItem(g: GrantRecord, here: boolean): HtmlEscapedString {
  return h`<li class="grant" data-grant-id="${g.id}" data-scope="${g.scope}">
<div class="grant-rule">${what(g, here)}</div>
<dl class="facts">
<dt>Applies to</dt><dd>${reach(g)}</dd>
<dt>Given by</dt><dd>${g.grantedBy}, ${timeTag(iso(g.createdAt))}${g.askId !== undefined ? h` answering <a href="/asks/${encodeURIComponent(g.askId)}">this ask</a>` : ''}</dd>
<dt>Ends</dt><dd>${g.expiresAt !== undefined ? timeTag(iso(g.expiresAt)) : h`<span class="muted">when revoked</span>`}</dd>
</dl>
${
  g.settingsFile !== undefined && !here
    ? h`<p class="muted">Claude Code applies this rule from its settings file, which is not on this machine: remove it from <code>permissions.allow</code> there by hand.</p>`
    : h`<form method="post" action="/grants/${encodeURIComponent(g.id)}/revoke" class="revoke"><button type="submit" class="deny" aria-label="Revoke ${g.rule}">Revoke</button></form>`
}
</li>`;
}

/**
 * The Grants view: every live grant (a rule "approve and remember" saved), newest first, each with
 * what it lets through, where, who gave it, when it ends, and a Revoke button (`filesHere`: the ids
 * of settings-file rules whose file is on this machine). Revoking takes effect on the next
 * decision: the next matching call asks again.
 */
export function grantsBody(grants: readonly GrantRecord[], filesHere: ReadonlySet<string> = new Set()): HtmlEscapedString {
  return h`<h1>Grants</h1>
<p class="muted">Each grant lets the calls its rule covers through without asking, where it applies, until it ends or is revoked. A grant never answers a call a deny rule, an ask rule or a protected path stops. Revoking one takes effect on the next call: it asks again.</p>
${grants.length > 0 ? h`<ul class="grants" id="grants">${grants.map((g) => grantItem(g, filesHere.has(g.id)))}</ul>` : h`<p class="empty" id="grants-empty">No grant is in force. Choosing "Approve &amp; remember" on an ask adds one.</p>`}`;
}
