/** The approval page's stylesheet (`/page.css`): one column, large targets, readable on a phone. */
export const PAGE_CSS = `
:root { --fg: #1b1f24; --muted: #5b6470; --bg: #f5f6f8; --card: #fff; --line: #d8dce2; --allow: #1a7f37; --deny: #c62828; --firm: #9a6700; --link: #0b5cad; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e8eb; --muted: #9aa3ad; --bg: #111418; --card: #1a1e24; --line: #2e343c; --allow: #3fb950; --deny: #f26d6d; --firm: #d29922; --link: #6cb6ff; }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; }
.muted { color: var(--muted); }
header.top { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 1rem; padding: 0.6rem 1rem; background: var(--card); border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; text-decoration: none; color: var(--fg); }
nav { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 1rem; flex: 1; }
nav a { text-decoration: none; padding: 0.25rem 0; }
nav a[aria-current="page"] { font-weight: 600; border-bottom: 2px solid var(--link); }
/* As wide with a count as without one: the header never grows when an ask arrives. */
.count { display: inline-block; min-width: 2.2em; padding: 0 0.35em; border-radius: 1em; font-size: 0.8em; text-align: center; }
.count:not(:empty) { background: var(--deny); color: #fff; }
.live { font-size: 0.8em; color: var(--muted); }
.live::before { content: "●"; margin-right: 0.25em; }
.live[data-live="on"]::before { color: var(--allow); }
.live[data-live="off"]::before { color: var(--muted); }
.who { margin-left: auto; font-size: 0.9em; display: flex; align-items: center; gap: 0.4rem; }
.who input { width: 9rem; }
main { max-width: 56rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.3rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 0.5rem; color: var(--muted); }
.empty { color: var(--muted); padding: 2rem 0; text-align: center; }
.filter { font-size: 0.9em; }
.ask { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--link); border-radius: 8px; padding: 0.8rem 1rem; margin: 0 0 1rem; }
.ask[data-state="answered"], .ask[data-state="expired"] { border-left-color: var(--muted); }
.ask.fresh { animation: fresh 1.5s ease-out; }
@keyframes fresh { from { box-shadow: 0 0 0 3px var(--link); } to { box-shadow: none; } }
.ask header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem; }
.tool { font-weight: 700; }
.kind { font-size: 0.78em; padding: 0.05em 0.5em; border-radius: 1em; border: 1px solid currentColor; }
.kind-plain { color: var(--link); }
.kind-firm, .kind-protected { color: var(--firm); }
.permalink { margin-left: auto; font-size: 0.85em; }
pre { margin: 0.5rem 0; padding: 0.6rem 0.7rem; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
pre.call { font-size: 1.02em; }
pre.call, .fields pre { max-height: 24rem; overflow: auto; }
.box pre { margin-bottom: 0.2rem; }
.extent { margin: 0.5rem 0 0.2rem; font-size: 0.88em; color: var(--firm); }
.more { margin: 0 0 0.5rem; font-size: 0.9em; font-weight: 600; color: var(--firm); }
.masked { padding: 0 0.15em; border-radius: 3px; background: var(--line); cursor: help; }
.hidden-char { padding: 0 0.1em; border-radius: 3px; color: #fff; background: var(--deny); }
.claim { margin: 0.4rem 0; font-size: 0.95em; overflow-wrap: anywhere; }
.claim q { font-style: italic; }
.fields { font-size: 0.92em; }
.masks { font-size: 0.85em; margin: 0.2rem 0; }
details.input summary, details.audit-log summary { cursor: pointer; color: var(--muted); font-size: 0.9em; }
.reason { margin: 0.5rem 0; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 0.8rem; margin: 0.5rem 0; font-size: 0.92em; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.suggest { font-size: 0.92em; }
form.answer { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.6rem 0 0; }
form.answer input[type="text"] { flex: 1 1 12rem; }
.remember { display: inline-flex; flex-wrap: wrap; gap: 0.5rem; }
fieldset.remember-rules { flex: 1 1 100%; margin: 0; padding: 0.4rem 0.7rem 0.6rem; border: 1px solid var(--line); border-radius: 6px; font-size: 0.92em; }
fieldset.remember-rules legend { padding: 0 0.3rem; }
.rule-part .part { margin: 0.4rem 0 0.1rem; }
label.rule-option { display: flex; gap: 0.5rem; align-items: baseline; padding: 0.3rem 0; overflow-wrap: anywhere; }
label.rule-option input { min-height: 0; flex: none; }
.broader { color: var(--firm); }
.examples { display: block; color: var(--muted); }
ul.grants { list-style: none; padding: 0; margin: 0; }
li.grant { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--allow); border-radius: 8px; padding: 0.7rem 1rem; margin: 0 0 0.8rem; }
.grant-rule { font-size: 1.02em; overflow-wrap: anywhere; }
form.revoke { margin: 0.4rem 0 0; }
button, select, input { font: inherit; font-size: 16px; }
input, select { min-height: 2.75rem; padding: 0.4rem 0.6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--card); color: var(--fg); }
button { min-height: 2.75rem; padding: 0.4rem 1rem; border-radius: 6px; border: 1px solid var(--line); background: var(--card); color: var(--fg); cursor: pointer; }
button.allow { background: var(--allow); border-color: var(--allow); color: #fff; }
button.deny { background: var(--deny); border-color: var(--deny); color: #fff; }
button.link { min-height: 0; padding: 0; border: 0; background: none; color: var(--link); text-decoration: underline; }
button:disabled { opacity: 0.6; }
.outcome { font-weight: 600; margin: 0.6rem 0 0; }
.outcome.approved { color: var(--allow); }
.outcome.denied, .outcome.expired { color: var(--deny); }
ol.audit { margin: 0.4rem 0 0; padding-left: 1.3rem; font-size: 0.88em; }
ol.audit li { margin: 0.2rem 0; overflow-wrap: anywhere; }
.b { font-weight: 600; }
.b-allow { color: var(--allow); }
.b-deny { color: var(--deny); }
.b-ask { color: var(--firm); }
.error { color: var(--deny); font-weight: 600; }
.signin form { display: grid; gap: 0.8rem; max-width: 24rem; }
.signin label { display: grid; gap: 0.25rem; }
.recent { list-style: none; padding: 0; margin: 0; font-size: 0.92em; }
.recent li { padding: 0.35rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
@media (max-width: 30rem) {
  main { padding: 0.6rem; }
  .ask { padding: 0.7rem; }
  .facts { grid-template-columns: 1fr; }
  .facts dt { margin-top: 0.3rem; }
  form.answer button, .remember, .remember select { flex: 1 1 100%; }
  .who { margin-left: 0; }
}
`;
