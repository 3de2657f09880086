/**
 * An OTLP/HTTP receiver for tests: a node http server that accepts what an OTLP exporter posts to
 * `/v1/logs`, `/v1/metrics` and `/v1/traces` — protobuf (`application/x-protobuf`) or OTLP's JSON
 * encoding (`application/json`), gzip or not — decodes it with protobufjs from the official
 * protocol definitions (test/fixtures/otlp-proto/, OTLP v1.11.0), and keeps every request,
 * decoded to the same plain shape whichever encoding it came in. A payload the definitions do not
 * describe is refused with 400 and kept as a failure, so a test sees it. No collector binary.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

const PROTO_DIR = join(import.meta.dirname, '../../fixtures/otlp-proto');

/** The signals, by path, and their request and response messages. */
const SIGNALS = {
  '/v1/logs': {
    signal: 'logs',
    request: 'opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest',
    response: 'opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse',
  },
  '/v1/metrics': {
    signal: 'metrics',
    request: 'opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest',
    response: 'opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse',
  },
  '/v1/traces': {
    signal: 'traces',
    request: 'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest',
    response: 'opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse',
  },
} as const;

export type Signal = 'logs' | 'metrics' | 'traces';

/** One request the receiver accepted: its signal, encoding and the decoded message. */
export interface Received {
  signal: Signal;
  encoding: 'protobuf' | 'json';
  /** The request decoded to a plain object: camelCase fields, 64-bit integers as decimal strings, ids as lowercase hex. */
  body: Record<string, unknown>;
}

let root: protobuf.Root | undefined;

/** The OTLP definitions, loaded once. */
function definitions(): protobuf.Root {
  if (root !== undefined) return root;
  const r = new protobuf.Root();
  // The files import each other by their path below the repository's root: resolve them in the fixture.
  r.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  r.loadSync(
    ['logs', 'metrics', 'trace'].map((s) => `opentelemetry/proto/collector/${s}/v1/${s}_service.proto`),
    { keepCase: false },
  );
  r.resolveAll();
  root = r;
  return r;
}

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** OTLP JSON writes trace and span ids as hex, where protobuf's JSON mapping has base64: turn them back before decoding. */
function hexIdsToBase64(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hexIdsToBase64);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = ID_FIELDS.has(k) && typeof v === 'string' ? Buffer.from(v, 'hex').toString('base64') : hexIdsToBase64(v);
  return out;
}

/** Decoded ids as lowercase hex (protobufjs gives bytes as base64). */
function idsToHex(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(idsToHex);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = ID_FIELDS.has(k) && typeof v === 'string' ? Buffer.from(v, 'base64').toString('hex') : idsToHex(v);
  return out;
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: String, enums: Number, bytes: String, defaults: false, arrays: true };

/**
 * Decode one request body. JSON is checked against the definitions: every field must be one the
 * message has (protobufjs's `fromObject` would skip unknown ones silently).
 */
export function decodeOtlp(path: keyof typeof SIGNALS, contentType: string, raw: Buffer): Received {
  const s = SIGNALS[path];
  const type = definitions().lookupType(s.request);
  if (contentType.startsWith('application/x-protobuf')) {
    const message = type.decode(raw);
    return { signal: s.signal, encoding: 'protobuf', body: idsToHex(type.toObject(message, TO_OBJECT)) as Record<string, unknown> };
  }
  if (contentType.startsWith('application/json')) {
    const json = hexIdsToBase64(JSON.parse(raw.toString('utf8'))) as Record<string, unknown>;
    unknownFields(type, json, s.request);
    const problem = type.verify(type.fromObject(json));
    if (problem !== null) throw new Error(`${s.request}: ${problem}`);
    return {
      signal: s.signal,
      encoding: 'json',
      body: idsToHex(type.toObject(type.fromObject(json), TO_OBJECT)) as Record<string, unknown>,
    };
  }
  throw new Error(`unsupported content type ${contentType}`);
}

/** Throw on a JSON field the message type does not define (walks nested messages). */
function unknownFields(type: protobuf.Type, value: Record<string, unknown>, at: string): void {
  for (const [key, v] of Object.entries(value)) {
    const field = type.fields[key] ?? Object.values(type.fields).find((f) => f.name === key);
    if (field === undefined) throw new Error(`${at}.${key}: no such field in ${type.fullName}`);
    const resolved = field.resolve().resolvedType;
    if (!(resolved instanceof protobuf.Type) || v === null) continue;
    const items = field.repeated ? (v as unknown[]) : [v];
    items.forEach((item, i) => unknownFields(resolved, item as Record<string, unknown>, `${at}.${key}${field.repeated ? `[${i}]` : ''}`));
  }
}

/** A running receiver: its base URL, what it got, and how to wait for it. */
export interface Receiver {
  url: string;
  received: Received[];
  /** Requests it could not decode, with why. */
  failures: string[];
  /** Resolves once `predicate` holds of what was received (polling), or rejects after `ms`. */
  until(predicate: (received: Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Start a receiver on a free loopback port. */
export async function startReceiver(): Promise<Receiver> {
  definitions();
  const received: Received[] = [];
  const failures: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] as keyof typeof SIGNALS;
      const contentType = req.headers['content-type'] ?? '';
      try {
        if (req.method !== 'POST' || !(path in SIGNALS)) throw new Error(`${req.method} ${req.url}: not an OTLP/HTTP export path`);
        let raw = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
        received.push(decodeOtlp(path, contentType, raw));
        const response = definitions().lookupType(SIGNALS[path].response);
        if (contentType.startsWith('application/json')) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else {
          res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.from(response.encode(response.create({})).finish()));
        }
      } catch (e) {
        failures.push((e as Error).message);
        res.writeHead(400, { 'content-type': 'text/plain' }).end((e as Error).message);
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    failures,
    async until(predicate, ms = 20_000) {
      const end = Date.now() + ms;
      while (!predicate(received)) {
        if (Date.now() > end)
          throw new Error(
            `the receiver did not get what was expected within ${ms} ms; got ${received.map((r) => `${r.signal}/${r.encoding}`).join(', ') || 'nothing'}; failures: ${failures.join('; ') || 'none'}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/** An OTLP attribute list (`KeyValue[]`) as a plain record of its values. */
export function attributesOf(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of (list as { key: string; value?: Record<string, unknown> }[] | undefined) ?? []) out[kv.key] = anyValue(kv.value);
  return out;
}

function anyValue(v: Record<string, unknown> | undefined): unknown {
  if (v === undefined) return undefined;
  if ('stringValue' in v) return v['stringValue'];
  if ('boolValue' in v) return v['boolValue'];
  if ('intValue' in v) return Number(v['intValue']);
  if ('doubleValue' in v) return v['doubleValue'];
  if ('arrayValue' in v) return ((v['arrayValue'] as { values?: Record<string, unknown>[] }).values ?? []).map(anyValue);
  if ('kvlistValue' in v) return attributesOf((v['kvlistValue'] as { values?: unknown }).values);
  return undefined;
}
