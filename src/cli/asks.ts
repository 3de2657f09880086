import { escapeHidden } from '../core/text.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { AskRecord, AuditEntry, GrantRecord, Store } from '../store/index.js';
import { rememberScopes, type RememberChoice } from '../serve/views.js';
import { DEFAULT_GRANT_TTL, formatSpan } from '../grants/ttl.js';
import { maskInput, maskText } from '../serve/display/index.js';
import { UsageError } from './load.js';
import type { ProposalView } from '../serve/proposals.js';

/** The flags every command that reads the store directly takes. */
export interface StoreFlags {
  store?: string;
  json?: boolean;
}

/** Open the store `--store` names (default: serve's), run `f` with it, close it; a store that cannot be opened is a usage error. */
export async function withStore<T>(flags: StoreFlags, f: (store: Store) => Promise<T>): Promise<T> {
  const { openStore, defaultStoreAddress, StoreOpenError } = await import('../store/index.js');
  const address = flags.store ?? defaultStoreAddress();
  // serve's default store is made by serve alone (decision 0073): one made here would be refused by it.
  const file = address.slice('sqlite:'.length);
  if (flags.store === undefined && !existsSync(file))
    throw new UsageError(`no store at ${file} yet: toolgate serve makes it when it first starts (or name one with --store)`);
  let store: Store;
  try {
    store = await openStore(address);
  } catch (e) {
    if (e instanceof StoreOpenError) throw new UsageError(e.message);
    throw e;
  }
  try {
    return await f(store);
  } finally {
    await store.close();
  }
}

/**
 * Load the full shell parser when a command to show holds something of a secret's shape: masking
 * it needs the parser to prove it is data (without it the command is shown unmasked).
 */
async function prepareDisplay(asks: readonly AskRecord[]): Promise<void> {
  const command = (a: AskRecord) => (a.tool === 'Bash' ? a.pending.call.input['command'] : undefined);
  const masks = (c: unknown) => typeof c === 'string' && maskText(c).parts.length > 1;
  if (!asks.some((a) => masks(command(a)))) return;
  const { prepareShell } = await import('../shell/index.js');
  await prepareShell();
}

/** `--store ADDRESS`, as every command that reads the store directly takes it. */
export const storeOption = () =>
  new Option(
    '--store <address>',
    'sqlite:PATH (default: sqlite:${XDG_STATE_HOME:-~/.local/state}/toolgate/toolgate.db) or postgres://USER@HOST/DB',
  );

function oneLine(value: unknown, max = 80): string {
  const text =
    typeof value === 'object' && value !== null && 'command' in value && typeof (value as { command: unknown }).command === 'string'
      ? (value as { command: string }).command
      : JSON.stringify(value);
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function age(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  return s < 120 ? `${s}s` : s < 7200 ? `${Math.round(s / 60)}m` : s < 172_800 ? `${Math.round(s / 3600)}h` : `${Math.round(s / 86_400)}d`;
}

/** The ask's input as a person is shown it: whole, secrets of recognised shapes masked. */
const shownInput = (a: AskRecord) => maskInput(a.pending.call.tool, a.pending.call.input);

function askLine(a: AskRecord, now: number): string {
  const who = subAgent(a);
  return escapeHidden(
    `${a.id}  ${age(a.createdAt, now).padStart(4)}  ${a.state.padEnd(8)}  ${a.pending.askKind.padEnd(9)}  ${who !== undefined ? `[${who}]  ` : ''}${a.tool}(${oneLine(shownInput(a).input)})  — ${maskText(a.pending.reason.message).text}`,
  );
}

/** The sub-agent that made an ask's call, as a person reads it: `sub-agent Explore (id a1)`; absent for the main agent. */
function subAgent(a: AskRecord): string | undefined {
  const type = a.pending.agent?.type;
  const id = a.pending.agent?.id !== undefined && a.pending.agent.id !== '' ? a.pending.agent.id : a.agent;
  if (type === undefined && id === undefined) return undefined;
  return `sub-agent ${type ?? ''}${type !== undefined && id !== undefined && id !== type ? ` (id ${id})` : type === undefined ? `id ${id}` : ''}`;
}

/** Text indented under a label, every line of it. */
const block = (text: string) => text.replace(/\n/g, '\n            ');

/**
 * The call, whole (the same view as the approval page): the command or other headline field, the
 * agent's `description` apart as its own words, the other fields as JSON, and what was masked.
 */
function callLines(a: AskRecord): string[] {
  const { input, masks } = shownInput(a);
  const fields =
    input !== null && typeof input === 'object' && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : undefined;
  if (fields === undefined) return [`  call:     ${a.tool} ${JSON.stringify(input)}`];
  const lines = [`  call:     ${a.tool}`];
  const command = typeof fields['command'] === 'string' ? fields['command'] : undefined;
  if (command !== undefined) {
    lines.push(`  command:  ${block(command)}`);
    delete fields['command'];
  }
  if (typeof fields['description'] === 'string' && fields['description'] !== '') {
    lines.push(`  agent says (not checked): ${block(fields['description'])}`);
    delete fields['description'];
  }
  if (Object.keys(fields).length > 0) lines.push(`  input:    ${block(JSON.stringify(fields, null, 2))}`);
  if (masks.length > 0) lines.push(`  masked:   ${masks.map((m) => `${m.label} at ${m.path}`).join('; ')}`);
  return lines;
}

/**
 * What remembering would save, as lines: each part's suggested rule with what it covers (flagged
 * when broader than the call) and examples, then the narrower rules `--rule` may choose instead.
 */
export function proposalLines(p: ProposalView): string[] {
  const lines: string[] = [];
  for (const part of p.parts) {
    if (p.parts.length > 1) lines.push(`  for:      ${part.text}`);
    part.options.forEach((o, i) => {
      const flag = o.broader ? ' (broader than this call)' : '';
      lines.push(
        `  ${i === 0 ? 'remember:' : 'or:      '} ${o.rule} — ${o.covers}${flag}${o.masked ? ' [holds a masked secret: choose it on the page]' : ''}`,
      );
      for (const e of o.examples)
        lines.push(
          `              e.g. ${e.text} (${e.from === 'session' ? 'run in this session' : e.from === 'examples' ? "toolgate's examples" : 'made from the rule'})`,
        );
    });
  }
  return lines;
}

/** How long each scope's grant lives, in words: `once 1h, session 12h, project never (until revoked)`. */
const spans = (choices: readonly Pick<RememberChoice, 'scope' | 'ttl'>[]) =>
  choices.map((c) => `${c.scope} ${c.ttl === 'never' ? 'never (until revoked)' : c.ttl}`).join(', ');

/**
 * How long a grant would live, for a pending ask: the time-to-live of each scope it may choose, as
 * the running serve gives it (`rememberFor` of its ask view), or — when that serve cannot be asked
 * — its defaults, said to be defaults.
 */
export function lastsLine(
  a: Pick<AskRecord, 'sessionId'> & Partial<Pick<AskRecord, 'projectDir' | 'pending'>>,
  served?: { rememberFor: readonly RememberChoice[]; url: string },
): string {
  if (served !== undefined) return `  lasts:    ${spans(served.rememberFor)} (as toolgate serve at ${served.url} keeps grants)`;
  // The scopes serve's `rememberFor` offers: only once where no grant could be remembered (no project found, no rule to remember).
  const scopes = rememberScopes(a);
  return `  lasts:    as the toolgate serve that records the answer keeps grants (serve --grant-ttl), which cannot be asked now; by default ${spans(scopes.map((scope) => ({ scope, ttl: formatSpan(DEFAULT_GRANT_TTL[scope]) })))}`;
}

/** The grants an answer saved, each with when it ends: `grant:    ID session Bash(x) — until 2026-…Z`. */
export function grantLines(grants: readonly GrantRecord[]): string[] {
  return grants.map(
    (g) =>
      `  grant:    ${g.id} ${g.scope} ${g.scope === 'once' ? `${g.rule} (this exact input)` : g.rule} — ${g.revokedAt !== undefined ? `revoked ${new Date(g.revokedAt).toISOString()}` : g.usedAt !== undefined ? `spent ${new Date(g.usedAt).toISOString()}` : g.expiresAt !== undefined ? `until ${new Date(g.expiresAt).toISOString()}` : 'until revoked (no expiry)'}`,
  );
}

/** What `toolgate asks show` adds to an ask: its scopes' time-to-live while pending, the grants its answer saved. */
export interface AskExtras {
  /** For a pending ask: how long each scope's grant would live, from the running serve when it could be asked. */
  served?: { rememberFor: readonly RememberChoice[]; url: string };
  /** For an answered ask: the grants its answer saved. */
  grants?: readonly GrantRecord[];
}

/** `toolgate asks show`: one ask as text, its call whole (secrets of recognised shapes masked), and what remembering it would save. */
export function askDetail(a: AskRecord, proposal?: ProposalView, extras: AskExtras = {}): string {
  const p = a.pending;
  const lines = [
    `ask ${a.id} (${a.state})`,
    ...callLines(a),
    `  sha256:   ${a.inputSha256}`,
    `  why:      ${p.askKind} ask — ${maskText(p.reason.message).text}${p.rule ? ` (${p.rule.list} rule ${p.rule.text}${p.rule.source.file ? ` in ${p.rule.source.file}` : ''})` : ''}`,
    `  where:    ${a.projectDir}${a.cwd !== a.projectDir ? ` (cwd ${a.cwd})` : ''}`,
    `  session:  ${a.sessionId ?? '-'}${subAgent(a) !== undefined ? `, ${subAgent(a)}` : ''}; via ${a.origin}`,
    `  parked:   ${new Date(a.createdAt).toISOString()}${a.expiresAt ? `, held until ${new Date(a.expiresAt).toISOString()}` : ''}`,
  ];
  if (proposal !== undefined) lines.push(...proposalLines(proposal));
  else
    for (const s of p.suggestions)
      if (s.type === 'addRules')
        lines.push(
          `  remember: ${s.rules.map((r) => (r.ruleContent !== undefined ? `${r.toolName}(${r.ruleContent})` : r.toolName)).join(', ')}`,
        );
  // Where a person may choose a scope, how long each scope's grant lives is shown with it.
  if (a.state === 'pending') lines.push(lastsLine(a, extras.served));
  if (a.state === 'expired')
    lines.push(
      `  given up: ${new Date(a.updatedAt).toISOString()}, ${a.expiry?.message ?? 'no answer came in time'}; the call was not allowed`,
    );
  if (a.answer) {
    const w = a.answer;
    lines.push(
      `  answer:   ${w.answer.behavior} by ${w.answerer} at ${new Date(w.answeredAt).toISOString()} (scope ${w.scope})${w.answer.behavior === 'deny' && w.answer.message ? ` — ${w.answer.message}` : ''}`,
    );
    lines.push(...grantLines(extras.grants ?? []));
  }
  return escapeHidden(lines.join('\n'));
}

/** `toolgate asks list|show|answer`, against the store directly. */
export function registerAsksCommand(program: Command): void {
  const asks = program.command('asks').description('list, show and answer the asks toolgate serve parked');

  asks
    .command('list')
    .description('list parked asks (default: pending), newest first')
    .addOption(storeOption())
    .addOption(new Option('--state <state>', 'which asks').choices(['pending', 'answered', 'expired', 'all']).default('pending'))
    .option('--session <id>', 'only this session')
    .option('--project <dir>', 'only this project root (relative to the current directory)')
    .option('--limit <n>', 'at most this many', '100')
    .option('--json', 'one JSON object per ask, one per line')
    .action(
      async (
        flags: StoreFlags & { state: 'pending' | 'answered' | 'expired' | 'all'; session?: string; project?: string; limit: string },
      ) => {
        const limit = Number(flags.limit);
        if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive integer');
        await withStore(flags, async (store) => {
          const list = await store.listAsks({
            state: flags.state,
            ...(flags.session ? { sessionId: flags.session } : {}),
            ...(flags.project ? { projectDir: resolve(flags.project) } : {}),
            limit,
          });
          await prepareDisplay(list);
          const now = Date.now();
          if (flags.json) for (const a of list) process.stdout.write(`${JSON.stringify(publicAsk(a))}\n`);
          else if (list.length === 0) process.stdout.write(`no ${flags.state === 'all' ? '' : `${flags.state} `}asks\n`);
          else for (const a of list) process.stdout.write(`${askLine(a, now)}\n`);
        });
      },
    );

  asks
    .command('show')
    .description('show one ask')
    .argument('<id>')
    .addOption(storeOption())
    .option(
      '--token-file <file>',
      'the token to ask the running toolgate serve with, for the time-to-live of each scope and what remembering would save (default: the one toolgate serve makes, ${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-token)',
    )
    .option('--json', 'as JSON')
    .action(async (id: string, flags: StoreFlags & { tokenFile?: string }) => {
      // A token file named is read as `asks answer` reads it: one that cannot be read is an error.
      const { readTokenFile } = await import('./serve-token.js');
      const token =
        flags.tokenFile !== undefined
          ? readTokenFile(flags.tokenFile, '--token-file', (line) => process.stderr.write(`toolgate: ${line}\n`))
          : undefined;
      await withStore(flags, async (store) => {
        const a = await store.getAsk(id);
        if (!a) {
          process.stderr.write(`toolgate: no ask with id ${id}\n`);
          process.exitCode = 1;
          return;
        }
        await prepareDisplay([a]);
        const fromServe = a.state === 'pending' ? await askViewFromServe(a.id, token) : undefined;
        const served = fromServe !== undefined ? { rememberFor: fromServe.rememberFor, url: fromServe.url } : undefined;
        // The running serve's proposal counts the grants in force as its decisions do; without it, the store's.
        const proposal = a.state !== 'pending' ? undefined : fromServe !== undefined ? fromServe.proposal : await proposalOf(store, a);
        const grants = a.answer !== undefined ? await store.findGrants({ askId: a.id, state: 'all', at: Date.now() }) : [];
        const { grantView } = await import('../grants/manage.js');
        const json = {
          ...publicAsk(a),
          ...(proposal !== undefined ? { proposal } : {}),
          ...(served !== undefined ? { rememberFor: served.rememberFor } : {}),
          ...(grants.length > 0 ? { grants: grants.map((g) => grantView(g, Date.now())) } : {}),
        };
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(json, null, 2)}\n`
            : `${askDetail(a, proposal, { ...(served !== undefined ? { served } : {}), grants })}\n`,
        );
      });
    });

  asks
    .command('answer')
    .description("answer a pending ask through a running toolgate serve (with its token and the ask's answer code)")
    .argument('<id>')
    .argument('<behavior>', 'allow or deny')
    .requiredOption('--code <code>', "the ask's one-time answer code: the approval page and serve's terminal show it")
    .option(
      '--server <url>',
      'where toolgate serve listens, on loopback (default: the address the running serve recorded in ${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-address; without it, this option is needed)',
    )
    .option('--allow-remote', 'send the token to a --server off the loopback network (https: only)')
    .option(
      '--token-file <file>',
      'the token to answer with (default: the one toolgate serve makes, ${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-token)',
    )
    .option('--message <text>', 'for deny: what the model is told')
    .option('--interrupt', 'for deny: stop the agent')
    .addOption(
      new Option(
        '--scope <scope>',
        'how far an allow reaches: once (this exact input), session, project, or user (every project serve trusts); session, project and user store the rules of --remember, each for the time-to-live serve gives it (serve --grant-ttl)',
      ).choices(['once', 'session', 'project', 'user']),
    )
    .addOption(
      new Option(
        '--remember [scope]',
        "for allow: also allow the ask's suggested rules from now on, for the scope given here or by --scope (default session); a rule broader than the call must be confirmed with --rule",
      ).choices(['session', 'project', 'user']),
    )
    .option(
      '--rule <rule>',
      'for allow: remember this rule, one `asks show` proposes (the suggestion or a narrower one; repeatable, one per part of the call)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option('--updated-input <json>', 'for allow: run this input instead (it is gated again)')
    .option('--json', 'print the answered ask as JSON')
    .action(
      async (
        id: string,
        behavior: string,
        flags: {
          code: string;
          server?: string;
          allowRemote?: boolean;
          tokenFile?: string;
          message?: string;
          interrupt?: boolean;
          scope?: 'once' | 'session' | 'project' | 'user';
          remember?: boolean | 'session' | 'project' | 'user';
          rule?: string[];
          updatedInput?: string;
          json?: boolean;
        },
      ) => {
        if (behavior !== 'allow' && behavior !== 'deny') throw new UsageError(`the answer must be allow or deny, not "${behavior}"`);
        if (behavior === 'deny' && (flags.remember || flags.rule !== undefined || flags.updatedInput !== undefined))
          throw new UsageError('--remember, --rule and --updated-input go with allow');
        const remembers = behavior === 'allow' && ((flags.remember !== undefined && flags.remember !== false) || flags.rule !== undefined);
        if (behavior === 'allow' && (flags.message !== undefined || flags.interrupt))
          throw new UsageError('--message and --interrupt go with deny');
        // `--remember SCOPE` is `--remember --scope SCOPE`; the two must agree when both are given.
        if (typeof flags.remember === 'string') {
          if (flags.scope !== undefined && flags.scope !== flags.remember)
            throw new UsageError(`--remember ${flags.remember} and --scope ${flags.scope} disagree: give one scope`);
          flags.scope = flags.remember;
        }
        let updatedInput: Record<string, unknown> | undefined;
        if (flags.updatedInput !== undefined) {
          try {
            updatedInput = JSON.parse(flags.updatedInput) as Record<string, unknown>;
          } catch (e) {
            throw new UsageError(`--updated-input is not JSON: ${(e as Error).message}`);
          }
          if (updatedInput === null || typeof updatedInput !== 'object' || Array.isArray(updatedInput))
            throw new UsageError('--updated-input must be a JSON object');
        }
        const { defaultAddressFile, defaultTokenFile, readTokenFile } = await import('./serve-token.js');
        const { chooseAnswerServer, readRecordedServer } = await import('./answer-server.js');
        // The token answers every ask: it goes to serve on loopback, nowhere else unless asked (https only).
        const recordFile = defaultAddressFile();
        const recorded = readRecordedServer(recordFile);
        const target = await chooseAnswerServer({
          recordFile,
          ...(flags.server !== undefined ? { server: flags.server } : {}),
          ...(recorded !== undefined ? { recorded } : {}),
          ...(flags.allowRemote === true ? { allowRemote: true } : {}),
        });
        if (!target.ok) throw new UsageError(target.message);
        const base = target.url;
        const token = readTokenFile(flags.tokenFile ?? defaultTokenFile(), '--token-file', (line) =>
          process.stderr.write(`toolgate: ${line}\n`),
        );
        const body = {
          behavior,
          code: flags.code,
          ...(behavior === 'allow'
            ? {
                ...(updatedInput ? { updatedInput } : {}),
                ...(remembers ? { remember: true } : {}),
                ...(flags.rule !== undefined ? { rules: flags.rule } : {}),
              }
            : { ...(flags.message !== undefined ? { message: flags.message } : {}), ...(flags.interrupt ? { interrupt: true } : {}) }),
          ...(flags.scope ? { scope: flags.scope } : {}),
        };
        // The token goes only to a server that proves it holds it: a program that took serve's port
        // while serve was down or restarting cannot (decision 0068).
        const { verifyServer } = await import('../serve/identity.js');
        const identity = await verifyServer(base, token);
        if (!identity.ok) {
          process.stderr.write(`toolgate: ${identity.message}\n`);
          process.exitCode = 1;
          return;
        }
        const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
        // What remembering saves is seen before it is saved: a rule broader than the call is saved
        // only when named with --rule (the server checks every rule named is one it proposed).
        let proposal: ProposalView | undefined;
        let rememberFor: RememberChoice[] | undefined;
        if (remembers && flags.scope !== 'once') {
          const view = await fetchProposal(base, id, headers);
          rememberFor = view?.rememberFor;
          // An ask with nothing to remember (a firm ask: an ask rule, a guarded path) is approved once only.
          if (view !== undefined && view.pending && view.proposal === undefined) {
            throw new UsageError(
              'this ask offers no rule to remember: it can only be allowed this once — answer without --remember and --rule',
            );
          }
          proposal = view?.proposal;
          const broad = proposal?.parts.map((p) => p.options[0]).filter((o) => o !== undefined && o.broader) ?? [];
          if (flags.rule === undefined && broad.length > 0 && proposal !== undefined) {
            const lasts = rememberFor !== undefined ? `\n${lastsLine({}, { rememberFor, url: base.origin })}` : '';
            throw new UsageError(
              `remembering would save a rule broader than this call:\n${proposalLines(proposal).join('\n')}${lasts}\nconfirm it with --rule '${broad[0]?.rule}', or choose a narrower one with --rule`,
            );
          }
        }
        // Through the server, never the store: the server checks the token and the code, records
        // who answered, and releases the request it holds.
        let res: Response;
        try {
          // No redirect is followed: the token goes to the chosen server only.
          res = await fetch(new URL(`/v1/asks/${encodeURIComponent(id)}/answer`, base), {
            method: 'POST',
            redirect: 'error',
            headers,
            body: JSON.stringify(body),
          });
        } catch (e) {
          process.stderr.write(
            `toolgate: cannot reach toolgate serve at ${base.origin}: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}\n`,
          );
          process.exitCode = 1;
          return;
        }
        const text = await res.text();
        let reply: Record<string, unknown>;
        try {
          reply = JSON.parse(text) as Record<string, unknown>;
        } catch {
          reply = { error: text };
        }
        if (!res.ok) {
          process.stderr.write(`toolgate: ${escapeHidden(String(reply['error'] ?? `HTTP ${res.status}`))}\n`);
          process.exitCode = res.status === 400 ? 2 : 1;
          return;
        }
        const answer = reply['answer'] as { behavior?: string; answerer?: string; scope?: string; answeredAt?: string } | undefined;
        // How long what was remembered lives: the scope's time-to-live from the answer's time.
        const span = rememberFor?.find((c) => c.scope === answer?.scope);
        const until =
          span === undefined
            ? ''
            : span.ttlMs === null
              ? '; until revoked (no expiry)'
              : `; until ${new Date((Number.isNaN(Date.parse(answer?.answeredAt ?? '')) ? Date.now() : Date.parse(answer?.answeredAt ?? '')) + span.ttlMs).toISOString()} (${span.ttl})`;
        process.stdout.write(
          flags.json
            ? `${JSON.stringify(reply)}\n`
            : `${escapeHidden(`ask ${id}: ${answer?.behavior ?? behavior} by ${answer?.answerer ?? '?'}`)}\n`,
        );
        if (!flags.json && proposal !== undefined && answer?.scope !== undefined && answer.scope !== 'once') {
          const saved = flags.rule ?? proposal.parts.map((p) => p.options[0]?.rule ?? '');
          const all = proposal.parts.flatMap((p) => p.options);
          for (const rule of saved) {
            const o = all.find((x) => x.rule === rule);
            process.stdout.write(
              `${escapeHidden(`remembered for the ${answer.scope}: ${rule}${o !== undefined ? ` — ${o.covers}${o.broader ? ' (broader than this call)' : ''}` : ''}${until}`)}\n`,
            );
          }
        }
      },
    );
}

/**
 * The ask as `GET /v1/asks/:id` gives it: whether it is pending and its proposal (none when there
 * is nothing to remember), or `undefined` when it cannot be read (the answer then reports why).
 */
async function fetchProposal(
  base: URL,
  id: string,
  headers: Record<string, string>,
): Promise<{ pending: boolean; proposal?: ProposalView; rememberFor?: RememberChoice[] } | undefined> {
  try {
    const r = await fetch(new URL(`/v1/asks/${encodeURIComponent(id)}`, base), { redirect: 'error', headers });
    if (!r.ok) return undefined;
    const view = (await r.json()) as { state?: unknown; proposal?: ProposalView; rememberFor?: RememberChoice[] };
    return {
      pending: view.state === 'pending',
      ...(view.proposal !== undefined ? { proposal: view.proposal } : {}),
      ...(Array.isArray(view.rememberFor) ? { rememberFor: view.rememberFor } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Ask `id` as the running serve shows it (`GET /v1/asks/:id`): the time-to-live of each scope an
 * approval may choose, and what remembering would save, counting the grants in force as its
 * decisions do. Asked only of the serve recorded on this machine, on loopback, with `token` (by
 * default the token file serve makes), once it proves it holds that token, as `asks answer` does;
 * `undefined` when there is none to ask, or it does not hold the ask (another store).
 */
async function askViewFromServe(
  id: string,
  token?: string,
): Promise<{ rememberFor: RememberChoice[]; proposal?: ProposalView; url: string } | undefined> {
  try {
    const { defaultAddressFile, defaultTokenFile, readTokenFile } = await import('./serve-token.js');
    const { chooseAnswerServer, readRecordedServer } = await import('./answer-server.js');
    const recorded = readRecordedServer(defaultAddressFile());
    if (recorded === undefined) return undefined;
    const target = await chooseAnswerServer({ recorded });
    if (!target.ok) return undefined;
    const bearer = token ?? readTokenFile(defaultTokenFile(), '--token-file', () => undefined);
    const { verifyServer } = await import('../serve/identity.js');
    const identity = await verifyServer(target.url, bearer, { timeoutMs: 3000 });
    if (!identity.ok) {
      // A token the person named and serve did not take is said; the default one failing is not (there may be no serve).
      if (token !== undefined) process.stderr.write(`toolgate: ${identity.message}; shown from the store alone\n`);
      return undefined;
    }
    const r = await fetch(new URL(`/v1/asks/${encodeURIComponent(id)}`, target.url), {
      redirect: 'error',
      headers: { authorization: `Bearer ${bearer}` },
      signal: AbortSignal.timeout(3000),
    });
    if (!r.ok) return undefined;
    const view = (await r.json()) as { rememberFor?: RememberChoice[]; proposal?: ProposalView };
    if (!Array.isArray(view.rememberFor)) return undefined;
    return { rememberFor: view.rememberFor, ...(view.proposal !== undefined ? { proposal: view.proposal } : {}), url: target.url.origin };
  } catch {
    return undefined;
  }
}

/**
 * What remembering a pending ask would save, read from the store (the session's commands as
 * examples, the grants in force counted — a `user` grant as if the project were trusted, since
 * serve's trust cannot be read here: it only keeps more options within the grants).
 */
async function proposalOf(store: Store, a: AskRecord): Promise<ProposalView | undefined> {
  const { prepareShell } = await import('../shell/index.js');
  await prepareShell();
  const { askProposal, grantedRules, proposalView, sessionHistory } = await import('../serve/proposals.js');
  const p = askProposal(a, await sessionHistory(store, a.sessionId), await grantedRules({ store, trusted: true }, a));
  return p.parts.length > 0 ? proposalView(p) : undefined;
}

/** An ask as the CLI prints it: the input whole with secrets of recognised shapes masked (the audit's redacted copy left out). */
function publicAsk(a: AskRecord): Record<string, unknown> {
  const { pending, inputRedacted: _redacted, ...rest } = a;
  const { call: _call, originalCall: _original, trace: _trace, ...p } = pending;
  const shown = shownInput(a);
  return {
    ...rest,
    input: shown.input,
    masks: shown.masks,
    pending: { ...p, reason: { ...p.reason, message: maskText(p.reason.message).text } },
  };
}

/** Read `--since` / `--until`: an ISO date or time, or a span back from now (`30m`, `24h`, `7d`). */
export function parseWhen(value: string, now = Date.now()): number {
  const span = /^(\d+(?:\.\d+)?)\s*(s|m|h|d|w)$/.exec(value.trim());
  if (span) return now - Number(span[1]) * { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 }[span[2] as 's'];
  const t = Date.parse(value);
  if (Number.isNaN(t))
    throw new UsageError(`"${value}" is neither a date (2026-01-31, 2026-01-31T09:00Z) nor a span back from now (30m, 24h, 7d)`);
  return t;
}

function auditLine(e: AuditEntry): string {
  const call = e.tool !== undefined ? `${e.tool}${e.inputRedacted !== undefined ? `(${oneLine(e.inputRedacted, 60)})` : ''}` : '';
  const parts = [
    new Date(e.at).toISOString(),
    e.event.padEnd(17),
    (e.behavior ?? '-').padEnd(5),
    call,
    e.decidedBy !== undefined ? `by ${e.decidedBy}${e.answerer !== undefined ? ` (${e.answerer})` : ''}` : '',
    e.ruleText !== undefined ? `[${e.ruleText}]` : '',
    e.reason !== undefined ? `— ${e.reason}` : (e.detail ?? ''),
    e.sessionId !== undefined ? `session ${e.sessionId}` : '',
  ];
  return escapeHidden(parts.filter((p) => p !== '').join('  '));
}

/** `toolgate audit tail|verify|why|shadow|export`. */
export function registerAuditCommand(program: Command): void {
  const audit = program.command('audit').description('read the audit log toolgate serve keeps');

  audit
    .command('tail')
    .description('the newest audit entries')
    .addOption(storeOption())
    .option('-n, --lines <n>', 'how many', '20')
    .option('-f, --follow', 'keep printing new entries as they are written')
    .option('--json', 'one JSON object per entry, one per line')
    .action(async (flags: StoreFlags & { lines: string; follow?: boolean }) => {
      const n = Number(flags.lines);
      if (!Number.isInteger(n) || n < 1) throw new UsageError('--lines must be a positive integer');
      const print = (e: AuditEntry) => process.stdout.write(flags.json ? `${JSON.stringify(e)}\n` : `${auditLine(e)}\n`);
      await withStore(flags, async (store) => {
        const first = await store.readAudit({ limit: Math.min(n, 10_000), newest: true });
        first.forEach(print);
        if (!flags.follow) return;
        let after = first.at(-1)?.seq ?? 0;
        let stopped = false;
        const stop = () => (stopped = true);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        while (!stopped) {
          await new Promise((r) => setTimeout(r, 500));
          for (const e of await store.readAudit({ afterSeq: after, limit: 10_000 })) {
            print(e);
            after = e.seq ?? after;
          }
        }
      });
    });

  audit
    .command('verify')
    .description(
      'check the audit chain: each entry linked to the one before it (exit 1 at the first broken link); with --anchor, against anchors kept outside the store',
    )
    .addOption(storeOption())
    .option('--anchor <file>', "anchors of the chain: serve's anchor file (--audit-anchor) or its log")
    .option('--json', 'the result as one JSON object')
    .action(async (flags: StoreFlags & { anchor?: string }) => {
      const { readFileSync } = await import('node:fs');
      const { parseAuditAnchors, verifyAuditChain } = await import('../store/index.js');
      const { verificationLines } = await import('./audit-verify.js');
      let anchors: ReturnType<typeof parseAuditAnchors> = [];
      if (flags.anchor !== undefined) {
        let text: string;
        try {
          text = readFileSync(flags.anchor, 'utf8');
        } catch (e) {
          throw new UsageError(`cannot read the anchor file ${flags.anchor}: ${(e as Error).message}`);
        }
        anchors = parseAuditAnchors(text);
        if (anchors.length === 0) throw new UsageError(`the anchor file ${flags.anchor} holds no anchor`);
      }
      await withStore(flags, async (store) => {
        const v = await verifyAuditChain(store, anchors);
        const out = flags.json
          ? [JSON.stringify({ location: store.location, ...v })]
          : verificationLines(v, store.location, flags.anchor, anchors.length);
        process.stdout.write(`${out.join('\n')}\n`);
        if (!v.ok) process.exitCode = 1;
      });
    });

  audit
    .command('why')
    .description(
      "one call's story from the audit log, by its tool-use id or ask id: every entry with its reason, rule, mode, policy digest and trace; re-decided with today's settings when the stored input is not masked",
    )
    .argument('<id>', 'a tool-use id (toolu_…) or an ask id')
    .addOption(storeOption())
    .option('--home <dir>', "home directory whose settings are today's user layer (default: the real one)")
    .action(async (id: string, flags: StoreFlags & { home?: string }) => {
      const { auditWhy } = await import('./audit-why.js');
      const { inputSha256 } = await import('../store/index.js');
      const { homedir } = await import('node:os');
      const home = flags.home ?? homedir();
      const redecide = async (e: AuditEntry & { tool: string; inputRedacted: Record<string, unknown> }) => {
        const { loadSessionPolicy } = await import('../node/index.js');
        const { evaluateAsync } = await import('../evaluate/index.js');
        const { policyDigest } = await import('../provenance/digest.js');
        const project =
          e.projectDir !== undefined && e.projectDir !== ''
            ? { known: true as const, dir: e.projectDir, via: 'declared' as const }
            : { known: false as const };
        const policy = await loadSessionPolicy(project, { home });
        const cwd = project.known ? project.dir : home;
        const d = await evaluateAsync(
          { tool: e.tool, input: e.inputRedacted },
          {
            mode: (e.mode ?? 'default') as 'default',
            policy,
            cwd,
            home,
            ...(project.known ? { projectDir: cwd } : { projectUnknown: true }),
          },
        );
        return {
          behavior: d.behavior,
          reason: d.reason.message,
          ...(d.rule !== undefined ? { rule: d.rule.text } : {}),
          policyDigest: policyDigest(policy),
        };
      };
      await withStore(flags, async (store) => {
        const r = await auditWhy(store, id, redecide, inputSha256);
        process.stdout.write(`${r.lines.join('\n')}\n`);
        if (!r.found) process.exitCode = 1;
      });
    });

  audit
    .command('shadow')
    .description(
      'where the shadow policy ($toolgate.shadow, --shadow) would have decided otherwise than the live one: counts by direction, grouped by the rule responsible, with example calls; --promote shows `toolgate diff` of live vs shadow and writes the shadow into the settings only when confirmed',
    )
    .addOption(storeOption())
    .option('--since <when>', 'only calls since a date or time (2026-01-31) or a span back from now (30m, 24h, 7d)')
    .option('--examples <n>', 'example calls per group', '3')
    .option('--json', 'the summary as one JSON object')
    .option(
      '--promote',
      "promote the shadow: show `toolgate diff` of the live policy against the shadow, then (with --yes, or when confirmed at a terminal) write the shadow's rules into the settings",
    )
    .option('--project <dir>', 'with --promote: the project whose settings hold the shadow (default: the current directory)')
    .option(
      '--shadow <file>',
      "with --promote: a shadow settings file (serve's --shadow) to promote in place of the project's .claude/settings.json",
    )
    .option('--home <dir>', 'with --promote: the home directory whose settings are the user layer (default: the real one)')
    .option('--yes', 'with --promote: write without asking')
    .action(
      async (
        flags: StoreFlags & {
          since?: string;
          examples: string;
          json?: boolean;
          promote?: boolean;
          project?: string;
          shadow?: string;
          home?: string;
          yes?: boolean;
        },
      ) => {
        if (flags.promote === true) {
          const { promoteShadow } = await import('./shadow-promote.js');
          process.exitCode = await promoteShadow(flags);
          return;
        }
        const n = Number(flags.examples);
        if (!Number.isInteger(n) || n < 0) throw new UsageError('--examples must be a whole number');
        const since = flags.since !== undefined ? parseWhen(flags.since) : undefined;
        const { summariseShadow, formatShadowSummary } = await import('../shadow/index.js');
        await withStore(flags, async (store) => {
          const entries: AuditEntry[] = [];
          let after: number | undefined;
          for (;;) {
            const page = await store.readAudit({
              ...(since !== undefined ? { since } : {}),
              ...(after !== undefined ? { afterSeq: after } : {}),
              limit: 10_000,
            });
            for (const e of page) if (e.event === 'shadow') entries.push(e);
            if (page.length < 10_000) break;
            after = page.at(-1)?.seq;
          }
          const summary = summariseShadow(entries, { examples: n });
          process.stdout.write(
            flags.json === true ? `${JSON.stringify(summary, null, 2)}\n` : `${escapeHidden(formatShadowSummary(summary))}\n`,
          );
        });
      },
    );

  audit
    .command('export')
    .description('audit entries since a time, as JSON lines')
    .addOption(storeOption())
    .requiredOption('--since <when>', 'a date or time (2026-01-31, 2026-01-31T09:00Z) or a span back from now (30m, 24h, 7d)')
    .option('--until <when>', 'stop before this time')
    .action(async (flags: StoreFlags & { since: string; until?: string }) => {
      const since = parseWhen(flags.since);
      const until = flags.until !== undefined ? parseWhen(flags.until) : undefined;
      await withStore(flags, async (store) => {
        let after: number | undefined;
        for (;;) {
          const page = await store.readAudit({ since, ...(after !== undefined ? { afterSeq: after } : {}), limit: 10_000 });
          const out: string[] = [];
          for (const e of page) if (until === undefined || e.at < until) out.push(`${JSON.stringify(e)}\n`);
          if (out.length > 0) process.stdout.write(out.join(''));
          if (page.length < 10_000) break;
          after = page.at(-1)?.seq;
        }
      });
    });
}
