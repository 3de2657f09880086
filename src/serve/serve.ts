import { createShadowQueue } from '../shadow/index.js';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAuditWriter, defaultSpillFile, openSpillJournal, type AuditWriter, type Store } from '../store/index.js';
import { prepareShell } from '../shell/index.js';
import { createAsks } from './asks.js';
import { announcer } from './announce.js';
import { answererNameProblem } from './answerers.js';
import { createAnswerCodes } from './answer-code.js';
import { createAuth } from './auth.js';
import type { CredentialLimitOptions } from './credential-limit.js';
import { NO_AUDIT, type ServeContext } from './context.js';
import { createDecider } from './decide.js';
import { releaseEntry } from './audit.js';
import { createAnchors } from './anchor.js';
import { reportEntry } from './provenance.js';
import { createHolder, DEFAULT_HOLDER_TIMEOUT_SECONDS } from './holders.js';
import { createOverdueSweep, DEFAULT_API_ASK_TIMEOUT_SECONDS } from './overdue.js';
import { newId } from '../gate/results.js';
import { lingerBeforeClose } from './linger.js';
import { createIntake, type IntakeLimits } from './intake.js';
import { createProjects } from './projects.js';
import { apiRoutes } from './routes/api.js';
import { hookRoutes } from './routes/hooks.js';
import { pageRoutes } from './routes/page.js';
import { builtInSettings, guardedDirectory, guardedFiles, type SelfTarget } from './self-guard.js';
import { processIds } from './process-ids.js';
import type { DecisionListener } from '../provenance/types.js';
import { DEFAULT_GRANT_TTL, type GrantTtl } from '../grants/ttl.js';

/** Milliseconds any client has to send a request's headers. */
const HEADERS_TIMEOUT_MS = 10_000;

/** Default seconds a hook request is held for an answer (below Claude Code's 600 s hook timeout). @public */
export const DEFAULT_HOLD_TIMEOUT_SECONDS = 590;

/** Options of {@link createServe}. @public */
export interface ServeOptions {
  /** Where asks, grants and the audit log live. The caller opens and closes it. */
  store: Store;
  /** The server's own settings files (trusted), added to every project's policy. */
  settings?: readonly string[];
  /**
   * A shadow settings file: each project's shadow policy is its policy with this file in place of
   * its `.claude/settings.json` (instead of its `$toolgate.shadow`). Decided after each reply and
   * never enforced (README, "Shadow policies").
   */
  shadow?: string;
  /** Trusted project roots (and everything inside them). Default: the current directory. */
  projects?: readonly string[];
  /** Trust every project. */
  trustAll?: boolean;
  /**
   * The answer secret: answering needs it (or an answerer's token) from every address, with the
   * ask's one-time answer code; requests from off loopback need it too. The page's sign-in takes
   * it. At least 16 characters.
   */
  token: string;
  /** The file the token was read from: gated agents may neither read nor write it. */
  tokenFile?: string;
  /** Where the CLI records serve's address for `toolgate asks answer`: gated agents may neither read nor write it. */
  addressFile?: string;
  /** Named answerers, name to token: each may answer (and sign in to the page) as itself. */
  answerers?: ReadonlyMap<string, string>;
  /** The file the answerers were read from: gated agents may neither read nor write it. */
  answerersFile?: string;
  /**
   * A second token that only asks for decisions (hook events, `POST /v1/decisions`) — what every
   * developer's Claude Code sends to a shared server, so that no agent's environment holds the
   * token that answers. Needs {@link ServeOptions.token}.
   */
  hookToken?: string;
  /** `hold` (default): park an ask and hold the hook request for an answer; `prompt`: leave it to Claude Code's own prompt. */
  askVia?: 'hold' | 'prompt';
  /** Seconds to hold a hook request before denying it. Default {@link DEFAULT_HOLD_TIMEOUT_SECONDS}. */
  holdTimeoutSeconds?: number;
  /**
   * Seconds a serve process sharing the store may go without a heartbeat before its pending
   * asks are given up (expired, answered deny to anyone polling them). Each process beats every
   * third of this. Default 30.
   */
  holderTimeoutSeconds?: number;
  /**
   * Seconds an ask parked through the JSON API (no request holds it: its client polls) waits for
   * a person; then it is given up — answered deny, "no answer within N s", as a held request's
   * ask at the end of its hold — with an `expired` audit entry. Default 3600. Asks parked without
   * a deadline (before serve kept one) are given up this long after they were parked.
   */
  apiAskTimeoutSeconds?: number;
  /** Home directory whose `.claude/settings.json` is the user layer. Default: the real one. */
  home?: string;
  /** The user layer's folder in place of `home/.claude` (`$CLAUDE_CONFIG_DIR`, as Claude Code reads it). */
  userSettingsDir?: string;
  /** Managed settings files. Default: Claude Code's for Linux and macOS. */
  managedPaths?: readonly string[];
  /** Keep the audit log (default `true`). */
  audit?: boolean;
  /**
   * The audit log's spill journal: where entries go, before the call they record is answered,
   * while the store cannot be written (written back in order once it can). Default
   * {@link defaultSpillFile}: beside a SQLite store's file (`FILE-audit-spill.jsonl`), in the state
   * directory for PostgreSQL, none for a memory store; `false`: none (an allow whose entry cannot
   * reach the store is then denied).
   */
  spillFile?: string | false;
  /** Limits for requests that carry no token (the page, health checks, a server without a token). */
  intake?: IntakeLimits;
  /**
   * The limit on guessing the token: after a number of wrong tokens (the token, an answerer's; at
   * the API, the hook route or the page's sign-in), every request carrying a token — the right one
   * too — is refused with 429 for a while. The page's signed-in sessions and the hook token keep
   * working. Default: 10 within 60 s lock it for 60 s, each lock soon after another twice as long.
   */
  credentialLimit?: CredentialLimitOptions;
  /** Where problems are reported, one line each. Default: standard error. */
  log?: (line: string) => void;
  /**
   * Where each parked ask is announced with its one-time answer code, one line each — serve's
   * own terminal, which a gated agent does not see. Default: standard error, with the code only
   * when standard error is a terminal (a log file or journal may be readable by the agent's user:
   * the line then says the code is on the approval page).
   */
  announce?: (line: string) => void;
  /**
   * Print the answer codes to standard error even when it is not a terminal. Unsafe wherever the
   * gated agent can read that log (`serve 2>serve.err`, the user's journal). Default `false`.
   */
  printAnswerCodes?: boolean;
  /**
   * How long a new grant lives, per scope (`--grant-ttl`, see `parseGrantTtl`). Default
   * `DEFAULT_GRANT_TTL`: once 1h, session 12h, project 30d, user 7d. The ask view shows it
   * (`rememberFor`), so a person sees it where they choose.
   */
  grantTtl?: GrantTtl;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /**
   * Called once per decision serve makes, with its `DecisionEvent` (front end `serve`): each
   * call decided, each ask given up, and each answer — reported by the release of the held hook
   * request it answers, or, for an ask made through the JSON API, by the answer itself. The
   * gates serve decides with report nothing of their own.
   */
  onDecision?: DecisionListener;
  /**
   * Anchors of the audit chain outside the store, for `toolgate audit verify --anchor`: the head's
   * position, count and hash, logged (`toolgate serve: audit anchor {…}`) every `everyEntries`
   * entries (default 1000) or `everyMinutes` minutes (default 10) with entries since the last, and
   * at close; with `file`, also appended to it, one JSON line each. Keep the file where the gated
   * agents cannot write.
   */
  auditAnchors?: { file?: string; everyEntries?: number; everyMinutes?: number };
}

/** Where a listening server is. @public */
export interface Listening {
  url: string;
  host: string;
  port: number;
}

/** A decision service: a Hono app plus what it needs to listen and stop. @public */
export interface Serve {
  /** The Hono app (`app.fetch` serves a web-standard `Request`). */
  readonly app: Hono;
  /** Listen on `host:port` (port 0: any free port). Resolves once listening. */
  listen(host: string, port: number): Promise<Listening>;
  /** Stop listening (held requests are cut, so Claude Code fails them closed) and write the waiting audit entries (to the store, else to the spill journal). The store stays open. */
  close(): Promise<void>;
  /** @internal */
  readonly context: ServeContext;
}

/**
 * Create `toolgate serve`'s decision service (README, "toolgate serve"): Claude Code `http` hooks
 * at `POST /hooks/claude-code`, the JSON API under `/v1`, parked asks held until answered.
 * @public
 */
export function createServe(options: ServeOptions): Serve {
  if (typeof options.token !== 'string' || options.token.length < 16)
    throw new Error('toolgate serve needs a token of at least 16 characters: answering an ask needs it');
  if (options.hookToken !== undefined && options.hookToken === options.token)
    throw new Error('the hook token must differ from the token: it is the one agents can read');
  for (const [name, t] of options.answerers ?? []) {
    const bad = answererNameProblem(name);
    if (bad !== undefined) throw new Error(`answerer "${name}": ${bad}`);
    if (t.length < 16) throw new Error(`answerer "${name}": the token must be at least 16 characters`);
    if (t === options.token || t === options.hookToken)
      throw new Error(`answerer "${name}": the token must differ from serve's token and the hook token`);
  }
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const home = resolve(options.home ?? homedir());
  const store = options.store;
  const storeFile = store.kind === 'sqlite' ? store.location : undefined;
  const secrets: Omit<SelfTarget, 'host' | 'port'> = {
    ...(options.tokenFile !== undefined ? { tokenFile: resolve(options.tokenFile) } : {}),
    ...(options.answerersFile !== undefined ? { answerersFile: resolve(options.answerersFile) } : {}),
    ...(options.addressFile !== undefined ? { addressFile: resolve(options.addressFile) } : {}),
    ...(storeFile !== undefined ? { storeFile } : {}),
    pid: process.pid,
    // The server's own policy and the audit's anchors: a gated agent must not rewrite them (red team H3).
    policyFiles: [
      ...(options.settings ?? []),
      ...(options.shadow !== undefined ? [options.shadow] : []),
      ...(options.auditAnchors?.file !== undefined ? [options.auditAnchors.file] : []),
    ].map((f) => resolve(f)),
  };
  let self: SelfTarget | undefined;
  const projects = createProjects({
    store,
    home,
    ...(options.userSettingsDir !== undefined ? { userSettingsDir: options.userSettingsDir } : {}),
    settings: (options.settings ?? []).map((f) => resolve(f)),
    ...(options.shadow !== undefined ? { shadowFile: resolve(options.shadow) } : {}),
    trusted: (options.projects ?? [process.cwd()]).map((p) => resolve(p)),
    trustAll: options.trustAll === true,
    builtIn: [builtInSettings(secrets)],
    ...(options.managedPaths !== undefined ? { managedPaths: options.managedPaths } : {}),
    now,
  });
  // Shadow policies are decided after the reply, one at a time (decision 0066).
  const shadowQueue = createShadowQueue();
  const decider = createDecider({
    projects,
    store,
    home,
    shadowQueue,
    guarded: guardedFiles(secrets),
    ...(secrets.addressFile !== undefined ? { directory: guardedDirectory(secrets.addressFile, home) } : {}),
    ...(secrets.policyFiles !== undefined ? { policyFiles: secrets.policyFiles } : {}),
    processIds: processIds(process.pid),
    now,
  });
  const codes = createAnswerCodes(options.token, store);
  const announce = announcer({
    ...(options.announce !== undefined ? { announce: options.announce } : {}),
    terminal: process.stderr.isTTY === true,
    printCodes: options.printAnswerCodes === true,
    write: (line) => process.stderr.write(`${line}\n`),
  });
  const spillFile = options.spillFile ?? defaultSpillFile(store) ?? false;
  const journal = spillFile !== false ? openSpillJournal(resolve(spillFile)) : undefined;
  const anchors = options.audit === false ? undefined : createAnchors({ store, log, ...options.auditAnchors });
  // Entries reach the store through here: each batch counts toward the next anchor of the chain.
  const anchored: Pick<Store, 'appendAudit'> = {
    async appendAudit(entries) {
      const counted = anchors?.before() ?? false;
      await store.appendAudit(entries);
      anchors?.written(entries.length, counted);
    },
  };
  const writer: AuditWriter | undefined =
    options.audit === false ? undefined : createAuditWriter(anchored, { log, now, ...(journal !== undefined ? { journal } : {}) });
  const holderSeconds = options.holderTimeoutSeconds ?? DEFAULT_HOLDER_TIMEOUT_SECONDS;
  if (!(Number.isFinite(holderSeconds) && holderSeconds > 0))
    throw new Error(`holderTimeoutSeconds must be a positive number of seconds, not ${holderSeconds}`);
  const holder = createHolder({
    store,
    id: newId('holder'),
    timeoutMs: Math.round(holderSeconds * 1000),
    now,
    log,
    async onExpired(expired, silent, why) {
      log(`toolgate serve: gave up ${expired.length} ask${expired.length === 1 ? '' : 's'} of serve process ${silent}: ${why.message}`);
      const at = now();
      await Promise.all(
        expired.map(async (ask) => {
          const entry = {
            ...releaseEntry('expired', ask, at, { expired: why.message }),
            detail: `holder ${silent}; given up by ${holder.id}`,
          };
          await (writer ?? NO_AUDIT).write(entry);
          reportEntry(options.onDecision, entry, now());
        }),
      );
    },
  });
  const apiAskSeconds = options.apiAskTimeoutSeconds ?? DEFAULT_API_ASK_TIMEOUT_SECONDS;
  if (!(Number.isFinite(apiAskSeconds) && apiAskSeconds > 0))
    throw new Error(`apiAskTimeoutSeconds must be a positive number of seconds, not ${apiAskSeconds}`);
  const unheldMs = Math.round(apiAskSeconds * 1000);
  const overdue = createOverdueSweep({
    store,
    timeoutMs: unheldMs,
    now,
    log,
    async onExpired(ask, why) {
      const entry = { ...releaseEntry('expired', ask, now(), { expired: why.message }), detail: `given up by ${holder.id}` };
      await (writer ?? NO_AUDIT).write(entry);
      reportEntry(options.onDecision, entry, now());
    },
  });
  const grantTtl = options.grantTtl ?? DEFAULT_GRANT_TTL;
  const asks = createAsks({ store, decider, projects, codes, announce, holder, grantTtl, unheldMs, now });
  const holdSeconds = options.holdTimeoutSeconds ?? DEFAULT_HOLD_TIMEOUT_SECONDS;
  const context: ServeContext = {
    store,
    projects,
    decider,
    asks,
    auth: createAuth({
      token: options.token,
      ...(options.hookToken !== undefined ? { hookToken: options.hookToken } : {}),
      ...(options.answerers !== undefined ? { answerers: options.answerers } : {}),
      ...(options.credentialLimit !== undefined ? { limit: options.credentialLimit } : {}),
      log,
      now,
    }),
    codes,
    audit: writer ?? NO_AUDIT,
    get self() {
      return self;
    },
    set self(v) {
      self = v;
    },
    holder,
    closing: false,
    askVia: options.askVia ?? 'hold',
    holdMs: Math.round(holdSeconds * 1000),
    grantTtl,
    now,
    log,
    ...(options.onDecision !== undefined ? { onDecision: options.onDecision } : {}),
  };

  const intake = createIntake({ auth: context.auth, log, ...options.intake });
  const app = new Hono();
  app.use('*', intake.middleware);
  app.route('/hooks', hookRoutes(context));
  app.route('/v1', apiRoutes(context));
  app.route('/', pageRoutes(context));

  let server: Server | undefined;
  return {
    app,
    context,
    async listen(host, port) {
      // The page masks a command's secrets only where the full parser proves them data.
      await prepareShell();
      const s = createAdaptorServer({ fetch: app.fetch }) as Server;
      // Held requests wait up to the hold timeout; nothing else should cut them. A request's
      // headers arrive at once from any real client; a body without a token has the intake's
      // deadline, and connections without a token are capped there (see IntakeLimits).
      s.requestTimeout = 0;
      s.headersTimeout = HEADERS_TIMEOUT_MS;
      s.keepAliveTimeout = 65_000;
      intake.attach(s);
      // A reply sent before its request body arrived (too large, refused) must reach a client still
      // sending it: Claude Code lets a call through on a connection error.
      lingerBeforeClose(s);
      await new Promise<void>((ok, fail) => {
        s.once('error', fail);
        s.listen({ host, port, backlog: 4096 }, () => {
          s.off('error', fail);
          ok();
        });
      });
      server = s;
      const address = s.address() as AddressInfo;
      self = { host, port: address.port, ...secrets };
      holder.start();
      // Asks left pending by an earlier run (or another replica) whose deadline passed go first.
      overdue.start();
      const shown = host.includes(':') ? `[${host}]` : host;
      return { url: `http://${shown}:${address.port}`, host, port: address.port };
    },
    async close() {
      // Held requests are cut below; their asks stay pending, answerable after a restart within
      // the holder timeout.
      context.closing = true;
      // This process stops beating: its asks left pending are given up by whichever serve process
      // sharing the store sees the silence (a restarted one included), unless answered first.
      await holder.stop();
      await overdue.stop();
      const s = server;
      server = undefined;
      if (s !== undefined) {
        await new Promise<void>((ok) => {
          s.close(() => ok());
          s.closeAllConnections();
        });
      }
      // Shadow outcomes still being decided are written before the audit closes (each has a timeout).
      await shadowQueue.idle();
      await writer?.close();
      anchors?.stop();
      await anchors?.flush();
    },
  };
}
