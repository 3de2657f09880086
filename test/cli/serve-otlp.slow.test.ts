/**
 * `toolgate serve --otlp`: the built CLI exports its decisions to an OTLP/HTTP receiver in the test
 * (test/support/otlp/receiver.ts), which decodes the real payloads — protobuf and JSON — with the
 * official protocol definitions. A hook call allowed by a rule, one denied, and one held for a
 * person and answered: their log records, the span over the wait, the counters and the histogram.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOtlpEndpoint, shownEndpoint } from '../../src/cli/otlp.js';
import { UsageError } from '../../src/cli/load.js';
import { ORDINARY_ENVIRONMENT } from '../serve/helpers.js';
import { programArgs } from '../support/programs/run.js';
import { memoryServeArgs } from './support/serve-args.js';
import { attributesOf, startReceiver, type Received, type Receiver } from '../support/otlp/receiver.js';

let dir: string;
let project: string;
let home: string;

const env = () => ({ ...process.env, HOME: home, XDG_STATE_HOME: join(dir, 'xdg') });

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-serve-otlp-')));
  project = join(dir, 'project');
  home = join(dir, 'home');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(
    join(project, '.claude', 'settings.json'),
    JSON.stringify({ permissions: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Start the built CLI's serve with `args`; resolves once it listens. */
async function serve(
  program: string[],
  args: string[],
): Promise<{ child: ChildProcess; url: string; err: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [...program, ...memoryServeArgs(project, home), '--print-answer-codes', ...args], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env(),
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', ok));
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    void exited.then((code) => fail(new Error(`toolgate serve exited with ${code}: ${err}`)));
  });
  return { child, url: line.replace(/^toolgate serve listening on /, ''), err: () => err, exited };
}

const hookEvent = (command: string, toolUseId: string) => ({
  session_id: 'otlp-1',
  cwd: project,
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command },
  tool_use_id: toolUseId,
});
const post = async (url: string, body: unknown, headers: Record<string, string> = {}) =>
  (
    await fetch(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { ...ORDINARY_ENVIRONMENT, 'content-type': 'application/json', ...headers },
    })
  ).json() as Promise<Record<string, unknown>>;

/** Three decisions through a running serve: an allow, a deny, an ask answered by a person. */
async function decide(s: { url: string; err: () => string }): Promise<string> {
  const token = readFileSync(join(dir, 'xdg', 'toolgate', 'serve-token'), 'utf8').trim();
  await post(`${s.url}/hooks/claude-code`, hookEvent('npm test -- --ci', 'toolu_allow'));
  await post(`${s.url}/hooks/claude-code`, hookEvent('rm -rf build', 'toolu_deny'));
  const held = post(`${s.url}/hooks/claude-code`, hookEvent('make release', 'toolu_ask'));
  let id = '';
  let code = '';
  for (let i = 0; i < 200 && code === ''; i++) {
    const m = /ask (\S+) waits .*answer code is (\S+)/.exec(s.err());
    if (m !== null) [, id, code] = m as unknown as [string, string, string];
    else await new Promise((r) => setTimeout(r, 50));
  }
  expect(code).not.toBe('');
  // A person takes a moment: the wait is long enough to see in the span and the histogram.
  await new Promise((r) => setTimeout(r, 300));
  const answered = await post(
    `${s.url}/v1/asks/${id}/answer`,
    { behavior: 'allow', code, scope: 'once' },
    { authorization: `Bearer ${token}` },
  );
  expect(answered['state']).toBe('answered');
  expect(((await held)['hookSpecificOutput'] as { permissionDecision: string }).permissionDecision).toBe('allow');
  return id;
}

/** A decoded record or span, with its attributes as a plain record. */
type Decoded = Record<string, unknown> & { attrs: Record<string, unknown> };

/** Everything received of one signal, flattened to its records / spans / metrics with their resource. */
const logRecords = (rs: Received[]): (Decoded & { resource: Record<string, unknown>; scope: string })[] =>
  rs
    .filter((r) => r.signal === 'logs')
    .flatMap((r) =>
      (
        r.body['resourceLogs'] as {
          resource: { attributes: unknown };
          scopeLogs: { scope: { name: string }; logRecords: Record<string, unknown>[] }[];
        }[]
      ).flatMap((rl) =>
        rl.scopeLogs.flatMap((sl) =>
          sl.logRecords.map((l) => ({
            ...l,
            resource: attributesOf(rl.resource.attributes),
            scope: sl.scope.name,
            attrs: attributesOf(l['attributes']),
          })),
        ),
      ),
    );
const spans = (rs: Received[]): Decoded[] =>
  rs
    .filter((r) => r.signal === 'traces')
    .flatMap((r) =>
      (r.body['resourceSpans'] as { scopeSpans: { spans: Record<string, unknown>[] }[] }[]).flatMap((rs2) =>
        rs2.scopeSpans.flatMap((ss) => ss.spans.map((sp) => ({ ...sp, attrs: attributesOf(sp['attributes']) }))),
      ),
    );
const metrics = (rs: Received[]) =>
  rs
    .filter((r) => r.signal === 'metrics')
    .flatMap((r) =>
      (r.body['resourceMetrics'] as { scopeMetrics: { metrics: Record<string, unknown>[] }[] }[]).flatMap((rm) =>
        rm.scopeMetrics.flatMap((sm) => sm.metrics),
      ),
    );

describe('toolgate serve --otlp', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver.close());

  const seen: Record<string, unknown> = {};

  for (const protocol of ['http/protobuf', 'http/json'] as const) {
    it(`exports each decision over OTLP/HTTP (${protocol}): records a standard receiver decodes, with rule-level attributes`, async () => {
      receiver.received.length = 0;
      const s = await serve(programArgs('toolgate'), ['--otlp', `${receiver.url}/`, '--otlp-protocol', protocol]);
      let askId: string;
      try {
        askId = await decide(s);
        expect(s.err()).toContain(`exporting decisions to ${receiver.url} over OTLP/HTTP (${protocol})`);
      } finally {
        s.child.kill('SIGTERM');
      }
      // serve flushes every signal as it stops.
      expect(await s.exited).toBe(0);
      expect(receiver.failures).toEqual([]);
      const encoding = protocol === 'http/json' ? 'json' : 'protobuf';
      expect(new Set(receiver.received.map((r) => r.encoding))).toEqual(new Set([encoding]));

      const records = logRecords(receiver.received);
      expect(records.map((l) => [l.attrs['tool_use_id'], l.attrs['toolgate.behavior'], l.attrs['decision'], l.attrs['source']])).toEqual([
        ['toolu_allow', 'allow', 'accept', 'config'],
        ['toolu_deny', 'deny', 'reject', 'config'],
        ['toolu_ask', 'ask', undefined, undefined],
        ['toolu_ask', 'allow', 'accept', 'user_temporary'],
      ]);
      const settings = join(project, '.claude', 'settings.json');
      for (const l of records) {
        expect(l['eventName']).toBe('toolgate.tool_decision');
        expect(l['body']).toEqual({ stringValue: 'toolgate.tool_decision' });
        expect(l.resource).toMatchObject({ 'service.name': 'toolgate', 'service.version': expect.any(String) });
        expect(l.scope).toBe('toolgate');
        expect(l.attrs).toMatchObject({
          'event.name': 'tool_decision',
          tool_name: 'Bash',
          'session.id': 'otlp-1',
          'toolgate.front_end': 'serve',
          'toolgate.policy.digest': expect.stringMatching(/^[0-9a-f]{64}$/),
        });
      }
      expect(records[0]!.attrs).toMatchObject({
        'toolgate.rule': 'Bash(npm test *)',
        'toolgate.rule.list': 'allow',
        'toolgate.rule.layer': 'projectSettings',
        'toolgate.rule.file': settings,
        'toolgate.decided_by': 'rules',
      });
      expect(records[0]!['severityText']).toBe('INFO');
      expect(records[1]!.attrs).toMatchObject({
        'toolgate.rule': 'Bash(rm *)',
        'toolgate.rule.list': 'deny',
        'toolgate.rule.file': settings,
        'toolgate.reason.kind': 'rule',
      });
      expect(records[1]!['severityText']).toBe('WARN');
      expect(records[2]!.attrs).toMatchObject({
        'toolgate.ask.id': askId,
        'toolgate.ask.kind': 'plain',
        'toolgate.reason.kind': 'opaqueCode',
        'toolgate.rule': 'Bash(rm *)',
      });
      expect(records[3]!.attrs).toMatchObject({
        'toolgate.ask.id': askId,
        'toolgate.decided_by': 'person',
        'toolgate.answerer': 'token',
        'toolgate.answer.scope': 'once',
        'toolgate.wait_ms': expect.any(Number),
      });
      expect(records[3]!.attrs['toolgate.wait_ms']).toBeGreaterThanOrEqual(300);

      // The wait: one span from the ask to the answer; the answer's record carries its ids.
      const waits = spans(receiver.received);
      expect(waits).toHaveLength(1);
      const wait = waits[0]!;
      expect(wait['name']).toBe('toolgate.ask.wait');
      expect(wait.attrs).toMatchObject({
        decision: 'accept',
        source: 'user_temporary',
        tool_use_id: 'toolu_ask',
        'toolgate.ask.id': askId,
        'session.id': 'otlp-1',
      });
      const ms = (BigInt(wait['endTimeUnixNano'] as string) - BigInt(wait['startTimeUnixNano'] as string)) / 1_000_000n;
      expect(Number(ms)).toBe(records[3]!.attrs['toolgate.wait_ms']);
      expect([records[3]!['traceId'], records[3]!['spanId']]).toEqual([wait['traceId'], wait['spanId']]);
      expect(wait['traceId']).toMatch(/^[0-9a-f]{32}$/);

      // The metrics: decisions by outcome, tool and rule; the wait in seconds.
      const all = metrics(receiver.received);
      const counter = all.find((m) => m['name'] === 'toolgate.decisions') as {
        unit: string;
        sum: { isMonotonic: boolean; dataPoints: { attributes: unknown; asDouble?: number; asInt?: string }[] };
      };
      expect(counter.unit).toBe('{decision}');
      expect(counter.sum.isMonotonic).toBe(true);
      const points = counter.sum.dataPoints
        .map((p) => [
          attributesOf(p.attributes)['toolgate.behavior'],
          attributesOf(p.attributes)['toolgate.rule'],
          Number(p.asDouble ?? p.asInt),
        ])
        .sort((x, y) => String(x).localeCompare(String(y)));
      // make runs a Makefile's recipes, which could run rm: the deny rule is why it asked, and the answer is counted under it too.
      expect(points).toEqual([
        ['allow', 'Bash(npm test *)', 1],
        ['allow', 'Bash(rm *)', 1],
        ['ask', 'Bash(rm *)', 1],
        ['deny', 'Bash(rm *)', 1],
      ]);
      const histogram = all.find((m) => m['name'] === 'toolgate.ask.wait') as {
        unit: string;
        histogram: { dataPoints: { count: string; sum: number; attributes: unknown }[] };
      };
      expect(histogram.unit).toBe('s');
      expect(histogram.histogram.dataPoints).toHaveLength(1);
      expect(histogram.histogram.dataPoints[0]!.count).toBe('1');
      expect(histogram.histogram.dataPoints[0]!.sum).toBeCloseTo((records[3]!.attrs['toolgate.wait_ms'] as number) / 1000, 3);
      expect(attributesOf(histogram.histogram.dataPoints[0]!.attributes)).toMatchObject({
        decision: 'accept',
        source: 'user_temporary',
        'toolgate.ask.kind': 'plain',
      });
      // The policy digest is kept: both runs decide with the same settings, and serve's guard of its
      // own process and files (which differ per run) is not part of it.
      seen[encoding] = records.map((l) =>
        Object.fromEntries(
          Object.entries(l.attrs).filter(
            ([k]) => !['event.timestamp', 'toolgate.ask.id', 'toolgate.wait_ms', 'toolgate.duration_ms'].includes(k),
          ),
        ),
      );
    }, 60_000);
  }

  it('the two encodings carry the same attributes', () => {
    expect(seen['protobuf']).toBeDefined();
    expect(seen['json']).toEqual(seen['protobuf']);
  });

  it('without the OpenTelemetry packages, --otlp is a usage error naming what to install', () => {
    // The built CLI beside a node_modules that has every package but the OpenTelemetry ones.
    const main = programArgs('toolgate')[0]!;
    const built = dirname(dirname(dirname(main)));
    const bare = join(dir, 'bare');
    cpSync(join(built, 'dist'), join(bare, 'dist'), { recursive: true });
    cpSync(join(built, 'package.json'), join(bare, 'package.json'));
    const modules = realpathSync(join(built, 'node_modules'));
    mkdirSync(join(bare, 'node_modules'));
    for (const name of readdirSync(modules))
      if (name !== '@opentelemetry' && name !== '.bin') symlinkSync(join(modules, name), join(bare, 'node_modules', name));
    const r = spawnSync(
      process.execPath,
      [join(bare, 'dist', 'cli', 'main.js'), ...memoryServeArgs(project), '--otlp', 'http://127.0.0.1:4318'],
      { cwd: project, encoding: 'utf8', env: env() },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /--otlp needs the OpenTelemetry SDK and OTLP exporters \(@opentelemetry\/\S+ is not installed\): run `npm install @opentelemetry\/api@1\.9 @opentelemetry\/api-logs@0\.223 .*@opentelemetry\/exporter-trace-otlp-proto@0\.223`/,
    );
  }, 30_000);
});

describe('the --otlp endpoint', () => {
  it('is an http(s) base URL; a trailing slash is dropped; credentials are not shown', () => {
    expect(parseOtlpEndpoint('http://127.0.0.1:4318/')).toBe('http://127.0.0.1:4318');
    expect(parseOtlpEndpoint('https://otel.example/otlp')).toBe('https://otel.example/otlp');
    expect(shownEndpoint('https://u:secret@otel.example/otlp')).toBe('https://otel.example/otlp');
    for (const bad of ['127.0.0.1:4318', 'grpc://127.0.0.1:4317', 'http://h/?x=1', 'not a url'])
      expect(() => parseOtlpEndpoint(bad)).toThrow(UsageError);
  });
});
