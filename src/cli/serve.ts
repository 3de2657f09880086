import { Option, type Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isLoopbackHost } from '../serve/auth.js';
import { UsageError } from './load.js';
import { userSettingsDirFromEnv } from '../node/session-files.js';
import { defaultAddressFile, defaultTokenFile, freshTokenFile, readTokenFile } from './serve-token.js';

interface ServeFlags {
  listen: string;
  store?: string;
  settings?: string[];
  shadow?: string;
  project?: string[];
  trustAll?: boolean;
  tokenFile?: string;
  hookTokenFile?: string;
  answerers?: string;
  askVia: 'hold' | 'prompt';
  holdTimeout: string;
  askHolderTimeout: string;
  apiAskTimeout: string;
  printAnswerCodes?: boolean;
  printHookConfig?: boolean;
  audit: boolean;
  auditAnchor?: string;
  otlp?: string;
  otlpProtocol: 'http/protobuf' | 'http/json';
  home?: string;
  grantTtl?: string;
}

/** `HOST:PORT`, `[v6]:PORT` or `PORT`. */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d+)$/.exec(value) ?? /^()()(\d+)$/.exec(value);
  const port = m ? Number(m[3]) : NaN;
  if (!m || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--listen must be HOST:PORT (port 0–65535), not "${value}"`);
  const host = m[1] !== undefined && m[1] !== '' ? m[1] : m[2] !== undefined && m[2] !== '' ? m[2] : '127.0.0.1';
  return { host, port };
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Register `toolgate serve`; the service and its store load only when it runs. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description(
      'run the decision service: Claude Code http hooks at /hooks/claude-code, the JSON API under /v1, parked asks held for a person',
    )
    .option('--listen <host:port>', 'address to listen on (port 0: any free port)', '127.0.0.1:7370')
    .option(
      '--store <address>',
      'sqlite:PATH (default: sqlite:${XDG_STATE_HOME:-~/.local/state}/toolgate/toolgate.db), postgres://USER@HOST/DB (shared by replicas; needs the pg package), or memory:',
    )
    .addOption(
      new Option('-s, --settings <file>', "the server's own settings file, added to every project's policy (repeatable)").argParser(
        collect,
      ),
    )
    .option(
      '--shadow <file>',
      "a shadow policy: each project's settings with this file in place of its .claude/settings.json, decided after each reply and never enforced (toolgate audit shadow)",
    )
    .addOption(new Option('-p, --project <dir>', 'a trusted project (repeatable; default: the current directory)').argParser(collect))
    .option('--trust-all', 'trust every project (otherwise an untrusted project keeps only its deny and ask rules)')
    .option(
      '--token-file <file>',
      'the answer token: signing in to the page and answering need it, and every request from off loopback (default: one serve makes in ${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-token)',
    )
    .option('--answerers <file>', 'named answerers: a JSON object of name to token; each answers as itself')
    .option(
      '--hook-token-file <file>',
      'a second token that only asks for decisions: what Claude Code sends to a shared server (needs --token-file)',
    )
    .addOption(
      new Option('--ask-via <how>', 'hold: park the ask and hold the hook request for an answer; prompt: leave it to Claude Code')
        .choices(['hold', 'prompt'])
        .default('hold'),
    )
    .option('--hold-timeout <seconds>', 'how long a hook request waits for an answer before it is denied', '590')
    .option(
      '--ask-holder-timeout <seconds>',
      'how long a serve process sharing the store may go without a heartbeat before the asks it holds are given up',
      '30',
    )
    .option('--api-ask-timeout <seconds>', 'how long an ask parked through the JSON API waits for an answer before it is denied', '3600')
    .option(
      '--print-answer-codes',
      "print each ask's answer code to standard error even when it is not a terminal (unsafe where the gated agent can read that log: a file, the journal)",
    )
    .option('--print-hook-config', 'print the Claude Code settings snippet that points http hooks here, and exit')
    .option('--no-audit', 'keep no audit log (for measuring what it costs)')
    .option(
      '--audit-anchor <file>',
      "append the audit chain's anchors (head position, count and hash; also logged) to this file, for toolgate audit verify --anchor: keep it where the agents cannot write",
    )
    .option(
      '--otlp <url>',
      "export each decision to an OpenTelemetry collector over OTLP/HTTP (its base URL, e.g. http://127.0.0.1:4318): a log record with Claude Code's tool_decision attributes and toolgate's, a span over each wait for a person, metrics; needs the OpenTelemetry SDK packages (docs/telemetry.md)",
    )
    .addOption(
      new Option('--otlp-protocol <protocol>', 'the OTLP/HTTP encoding').choices(['http/protobuf', 'http/json']).default('http/protobuf'),
    )
    .option('--home <dir>', 'home directory whose .claude/settings.json is the user layer (default: the real one)')
    .option(
      '--grant-ttl <pairs>',
      'how long a new grant lives per scope, as SCOPE=SPAN pairs (s, m, h, d, w, or never), e.g. session=12h,project=30d,user=7d (default: once=1h,session=12h,project=30d,user=7d)',
    )
    .action(async (flags: ServeFlags) => {
      process.exitCode = await runServe(flags);
    });
}

/** Whether the store `file` passes serve's default-path check (its seal names it). */
function isSealed(seals: typeof import('../store/sqlite/seal.js') | undefined, file: string): boolean {
  try {
    return seals?.checkDefaultStore(file).kind === 'sealed';
  } catch {
    return false;
  }
}

/** The web framework `toolgate serve` runs on: optional peer dependencies, which library users never need. */
const SERVE_PACKAGES = ['hono', '@hono/node-server'];

/** `toolgate/serve`, or a usage error saying what to install when its web framework is missing. */
async function loadServe(): Promise<typeof import('../serve/index.js')> {
  try {
    return await import('../serve/index.js');
  } catch (e) {
    const missing = SERVE_PACKAGES.find((p) => (e as Error).message.includes(`'${p}'`));
    const code = (e as { code?: unknown }).code;
    if (missing === undefined || (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND')) throw e;
    throw new UsageError(
      `toolgate serve needs the optional packages ${SERVE_PACKAGES.join(' and ')} (${missing} is not installed): run \`npm install hono@4 @hono/node-server@2\` where toolgate is installed`,
    );
  }
}

async function runServe(flags: ServeFlags): Promise<number> {
  const { host, port } = parseListen(flags.listen);
  const hold = Number(flags.holdTimeout);
  if (!Number.isFinite(hold) || hold <= 0)
    throw new UsageError(`--hold-timeout must be a positive number of seconds, not "${flags.holdTimeout}"`);
  const holderTimeout = Number(flags.askHolderTimeout);
  if (!Number.isFinite(holderTimeout) || holderTimeout <= 0)
    throw new UsageError(`--ask-holder-timeout must be a positive number of seconds, not "${flags.askHolderTimeout}"`);
  const apiAskTimeout = Number(flags.apiAskTimeout);
  if (!Number.isFinite(apiAskTimeout) || apiAskTimeout <= 0)
    throw new UsageError(`--api-ask-timeout must be a positive number of seconds, not "${flags.apiAskTimeout}"`);
  let grantTtl;
  if (flags.grantTtl !== undefined) {
    const { parseGrantTtl } = await import('../grants/ttl.js');
    const parsed = parseGrantTtl(flags.grantTtl);
    if (!parsed.ok) throw new UsageError(parsed.message);
    grantTtl = parsed.ttl;
  }
  const { hookConfig } = await import('../serve/hook-config.js');
  if (flags.printHookConfig) {
    if (port === 0) throw new UsageError('--print-hook-config needs a fixed port in --listen');
    const shown = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    // Claude Code must never hold the token that answers: a gated agent can read its environment
    // and its settings files. Loopback hooks need no token; off loopback they send the hook token.
    if (flags.hookTokenFile === undefined && !isLoopbackHost(host)) {
      throw new UsageError(
        `--print-hook-config for ${host}, off the loopback network: give --hook-token-file, a token that asks for decisions but cannot answer them, for Claude Code to send`,
      );
    }
    const config = hookConfig({
      url: `http://${shown}:${port}`,
      holdTimeoutSeconds: hold,
      ...(flags.hookTokenFile !== undefined ? { tokenEnv: 'TOOLGATE_HOOK_TOKEN' } : {}),
    });
    process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
    return 0;
  }
  const settings = (flags.settings ?? []).map((f) => resolve(f));
  for (const f of settings) if (!existsSync(f)) throw new UsageError(`settings file not found: ${f}`);
  const shadow = flags.shadow !== undefined ? resolve(flags.shadow) : undefined;
  if (shadow !== undefined && !existsSync(shadow)) throw new UsageError(`--shadow: settings file not found: ${shadow}`);
  const projects = (flags.project ?? [process.cwd()]).map((p) => resolve(p));
  for (const p of projects) if (!existsSync(p)) throw new UsageError(`project directory not found: ${p}`);
  const warn = (line: string) => process.stderr.write(`toolgate serve: ${line}\n`);
  if (!isLoopbackHost(host) && flags.tokenFile === undefined)
    throw new UsageError(`listening on ${host} (off the loopback network) needs a token you chose and share: give --token-file`);
  const { openStore, defaultStoreAddress, defaultSpillFile, parseStoreAddress, StoreOpenError } = await import('../store/index.js');
  const { lockSqliteStoreForServe, ServeLockHeld } = await import('../store/sqlite/serve-lock.js');
  // The packages only serve needs are reported before anything else is tried.
  const { createServe } = await loadServe();
  // The state directory's serve-token and serve-address belong to the serve holding the default
  // store's lock (decision 0069), whatever store it serves: taken before either file is written, so
  // a second serve — on any store — never replaces the running one's token or address (red team
  // rt10s F3).
  const sqliteFile = (address: string): string | undefined => {
    const p = parseStoreAddress(address);
    return !(p instanceof StoreOpenError) && p.kind === 'sqlite' && p.file !== ':memory:' ? resolve(p.file) : undefined;
  };
  const defaultFile = sqliteFile(defaultStoreAddress());
  let filesLock: { release(): void } | undefined;
  let filesRefused: string | undefined;
  if (defaultFile !== undefined) {
    try {
      filesLock = await lockSqliteStoreForServe(defaultFile);
    } catch (e) {
      if (!(e instanceof StoreOpenError)) throw e;
      if (flags.store === undefined || sqliteFile(flags.store) === defaultFile) throw new UsageError(e.message);
      // Only a lock another serve holds refuses the files; a default store that cannot be opened
      // (no SQLite driver installed) is one no serve of this install holds.
      if (e instanceof ServeLockHeld) filesRefused = e.message;
      else warn(`the default store's lock cannot be taken (${e.message}); this serve writes its token and address files`);
    }
  }
  if (filesRefused !== undefined && flags.tokenFile === undefined) {
    // A serve already on this serve's own store is the more precise refusal.
    const own = flags.store !== undefined ? sqliteFile(flags.store) : undefined;
    if (own !== undefined) {
      const probe = await lockSqliteStoreForServe(own, 0).catch((e: unknown) => e);
      if (probe instanceof StoreOpenError) throw new UsageError(probe.message);
      if (probe !== null && typeof probe === 'object' && 'release' in probe) (probe as { release(): void }).release();
    }
    throw new UsageError(
      `another toolgate serve owns ${defaultTokenFile()} and ${defaultAddressFile()} (${filesRefused}); this serve would replace its token and recorded address. Stop it first, or give this serve --token-file FILE (its address is then not recorded: \`toolgate asks answer\` needs --server)`,
    );
  }
  const tokenFile = resolve(flags.tokenFile ?? defaultTokenFile());
  const { token, made } =
    flags.tokenFile !== undefined
      ? { token: readTokenFile(tokenFile, '--token-file', warn), made: false }
      : freshTokenFile(tokenFile, warn);
  const hookToken = flags.hookTokenFile !== undefined ? readTokenFile(flags.hookTokenFile, '--hook-token-file', warn) : undefined;
  const userDir = userSettingsDirFromEnv(process.env, process.cwd());
  if (hookToken !== undefined && hookToken === token)
    throw new UsageError('--hook-token-file must hold a different token from --token-file');
  let answerers: Map<string, string> | undefined;
  if (flags.answerers !== undefined) {
    const { parseAnswerers } = await import('../serve/answerers.js');
    let text: string;
    try {
      text = readFileSync(flags.answerers, 'utf8');
    } catch (e) {
      throw new UsageError(`--answerers ${flags.answerers}: ${(e as Error).message}`);
    }
    const parsed = parseAnswerers(text, flags.answerers);
    if (!parsed.ok) throw new UsageError(`--answerers ${parsed.message}`);
    answerers = parsed.answerers;
    for (const t of answerers.values())
      if (t === token || t === hookToken)
        throw new UsageError(`--answerers ${flags.answerers}: an answerer's token must differ from the token and the hook token`);
  }

  // The OpenTelemetry SDK loads only with --otlp, and before the store opens: a missing package is a usage error.
  let otlp: import('./otlp.js').OtlpExport | undefined;
  let otlpShown = '';
  if (flags.otlp !== undefined) {
    const { parseOtlpEndpoint, shownEndpoint, startOtlp } = await import('./otlp.js');
    const { TOOLGATE_VERSION } = await import('./version.js');
    const endpoint = parseOtlpEndpoint(flags.otlp);
    otlpShown = shownEndpoint(endpoint);
    otlp = await startOtlp({ endpoint, protocol: flags.otlpProtocol, serviceVersion: TOOLGATE_VERSION, warn });
  }
  let store: Awaited<ReturnType<typeof openStore>> | undefined;
  // One serve per SQLite store: a second one (on the person's store, with a token of its own) would answer the person's asks from its own page.
  let lock: { release(): void } | undefined;
  let spillLock: { release(): Promise<void> } | undefined;
  try {
    const address = flags.store ?? defaultStoreAddress();
    const parsed = parseStoreAddress(address);
    const file = !(parsed instanceof StoreOpenError) && parsed.kind === 'sqlite' && parsed.file !== ':memory:' ? parsed.file : undefined;
    // A store at the default path is used only if serve made it (decision 0073); one named with --store, the person vouches for.
    const seals = file !== undefined ? await import('../store/sqlite/seal.js') : undefined;
    const found = file !== undefined && flags.store === undefined ? seals?.checkDefaultStore(file) : undefined;
    // The default store's lock is taken already (`filesLock`).
    if (file !== undefined && resolve(file) !== defaultFile) lock = await lockSqliteStoreForServe(file);
    if (file !== undefined && found?.kind === 'absent') seals?.makeSealedStore(file);
    store = await openStore(address);
    if (file !== undefined && flags.store !== undefined && !isSealed(seals, file)) {
      seals?.seal(file);
    }
    // A store without a file of its own keeps its spill journal in the state directory: one serve per journal (decision 0074).
    const journal = file === undefined ? defaultSpillFile(store) : undefined;
    if (journal !== undefined) {
      const { lockSpillJournal } = await import('../store/spill-lock.js');
      spillLock = await lockSpillJournal(journal, warn);
    }
  } catch (e) {
    await store?.close();
    lock?.release();
    filesLock?.release();
    await otlp?.shutdown();
    if (e instanceof StoreOpenError) throw new UsageError(e.message);
    throw e;
  }
  const serve = createServe({
    store,
    settings,
    ...(shadow !== undefined ? { shadow } : {}),
    projects,
    trustAll: flags.trustAll === true,
    token,
    tokenFile,
    addressFile: defaultAddressFile(),
    ...(answerers !== undefined ? { answerers, answerersFile: resolve(flags.answerers as string) } : {}),
    ...(hookToken !== undefined ? { hookToken } : {}),
    askVia: flags.askVia,
    holdTimeoutSeconds: hold,
    holderTimeoutSeconds: holderTimeout,
    apiAskTimeoutSeconds: apiAskTimeout,
    printAnswerCodes: flags.printAnswerCodes === true,
    audit: flags.audit,
    ...(flags.auditAnchor !== undefined ? { auditAnchors: { file: resolve(flags.auditAnchor) } } : {}),
    ...(flags.home !== undefined ? { home: resolve(flags.home) } : {}),
    // The server's own user layer, as Claude Code run by the same user reads it (not under --home: another user's).
    ...(flags.home === undefined && userDir !== undefined ? { userSettingsDir: userDir } : {}),
    ...(grantTtl !== undefined ? { grantTtl } : {}),
    ...(otlp !== undefined ? { onDecision: otlp.listener } : {}),
  });
  // SIGUSR1 makes Node open its inspector, where any local client evaluates code in this process
  // (and reads the token): a listener keeps it closed. Node has no prctl(PR_SET_DUMPABLE), so
  // ptrace and core dumps by the same OS user stay open (docs/serve-threat-model.md).
  const inspectorClosed = () =>
    warn('ignored SIGUSR1: it would open the Node inspector, through which any local process could read the token');
  process.on('SIGUSR1', inspectorClosed);
  let at;
  try {
    at = await serve.listen(host, port);
  } catch (e) {
    await store.close();
    lock?.release();
    filesLock?.release();
    await spillLock?.release();
    await otlp?.shutdown();
    throw new UsageError(`cannot listen on ${flags.listen}: ${(e as Error).message}`);
  }
  process.stdout.write(`toolgate serve listening on ${at.url}\n`);
  // Where `toolgate asks answer` sends the token: this server, reached over loopback when it listens on every address.
  const { recordServer } = await import('./answer-server.js');
  const reach =
    at.host === '0.0.0.0'
      ? at.url.replace('//0.0.0.0:', '//127.0.0.1:')
      : at.host === '::'
        ? at.url.replace('//[::]:', '//[::1]:')
        : at.url;
  let unrecord = () => {};
  try {
    if (filesRefused !== undefined)
      warn(
        `another toolgate serve owns ${defaultAddressFile()}: this server's address is not recorded, \`toolgate asks answer\` needs --server`,
      );
    else unrecord = recordServer(defaultAddressFile(), reach);
  } catch (e) {
    warn(
      `cannot record this server's address in ${defaultAddressFile()} (${(e as Error).message}): \`toolgate asks answer\` needs --server`,
    );
  }
  process.stderr.write(
    `toolgate serve: the answer token is in ${tokenFile}${made ? ' (made now, mode 0600)' : ''}: sign in to ${at.url}/ with it; \`toolgate asks answer\` reads it there\n`,
  );
  if (process.stderr.isTTY !== true) {
    warn(
      flags.printAnswerCodes === true
        ? 'standard error is not a terminal, and --print-answer-codes prints the answer codes to it: whoever can read this log can answer asks with the token'
        : 'standard error is not a terminal: answer codes are shown on the approval page only (--print-answer-codes prints them here too; unsafe where the gated agent can read this log)',
    );
  }
  if (otlp !== undefined)
    process.stderr.write(`toolgate serve: exporting decisions to ${otlpShown} over OTLP/HTTP (${flags.otlpProtocol})\n`);
  process.stderr.write(
    `toolgate serve: store ${store.kind} ${store.location}; ${flags.trustAll ? 'every project trusted' : `trusted: ${projects.join(', ')}`}; asks ${flags.askVia === 'hold' ? `held up to ${hold} s` : "left to Claude Code's prompt"}\n`,
  );
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  unrecord();
  await serve.close();
  await store.close();
  lock?.release();
  filesLock?.release();
  await spillLock?.release();
  await otlp?.shutdown();
  process.off('SIGUSR1', inspectorClosed);
  return 0;
}
