import type { DecisionListener } from '../provenance/types.js';
import { UsageError } from './load.js';

/** The OTLP/HTTP encodings `serve --otlp-protocol` takes, named as `OTEL_EXPORTER_OTLP_PROTOCOL` names them. */
export type OtlpProtocol = 'http/protobuf' | 'http/json';

/**
 * The OpenTelemetry packages `serve --otlp` loads, at the releases it is built and tested with:
 * the last line that runs on Node 20 (the 3.x / 0.30x lines need Node 22.15). Development
 * dependencies only (the API two are optional peers): a consumer installs them only to export
 * (decision 0061).
 */
const CORE = {
  '@opentelemetry/api': '1.9',
  '@opentelemetry/api-logs': '0.223',
  '@opentelemetry/resources': '2.12',
  '@opentelemetry/sdk-logs': '0.223',
  '@opentelemetry/sdk-metrics': '2.12',
  '@opentelemetry/sdk-trace': '2.12',
} as const;
const EXPORTERS: Record<OtlpProtocol, Record<string, string>> = {
  'http/protobuf': {
    '@opentelemetry/exporter-logs-otlp-proto': '0.223',
    '@opentelemetry/exporter-metrics-otlp-proto': '0.223',
    '@opentelemetry/exporter-trace-otlp-proto': '0.223',
  },
  'http/json': {
    '@opentelemetry/exporter-logs-otlp-http': '0.223',
    '@opentelemetry/exporter-metrics-otlp-http': '0.223',
    '@opentelemetry/exporter-trace-otlp-http': '0.223',
  },
};

/** The packages an OTLP export in `protocol` needs, as `npm install` takes them. */
export function otlpPackages(protocol: OtlpProtocol): string[] {
  return Object.entries({ ...CORE, ...EXPORTERS[protocol] }).map(([name, line]) => `${name}@${line}`);
}

/** A running export: the listener to hand `onDecision`, and how to flush and stop it. */
export interface OtlpExport {
  listener: DecisionListener;
  /** Export what is still queued and stop. */
  shutdown(): Promise<void>;
}

/** What `serve --otlp` is given. */
export interface OtlpOptions {
  /** The collector's base URL; the signals go to `/v1/logs`, `/v1/metrics` and `/v1/traces` below it. */
  endpoint: string;
  protocol: OtlpProtocol;
  serviceVersion: string;
  /** How often metrics are exported, in milliseconds (default `OTEL_METRIC_EXPORT_INTERVAL`, else 60 000). */
  metricIntervalMs?: number;
  /** Where export failures are reported, at most one line a minute. */
  warn: (line: string) => void;
}

/** `http(s)://HOST[:PORT][/PATH]`, its trailing slashes dropped, or a usage error. */
export function parseOtlpEndpoint(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--otlp must be the collector's http:// or https:// URL (e.g. http://127.0.0.1:4318), not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--otlp must be an http:// or https:// URL (OTLP over HTTP), not "${value}"`);
  if (url.search !== '' || url.hash !== '')
    throw new UsageError(`--otlp takes the collector's base URL, without a query or fragment, not "${value}"`);
  return url.href.replace(/\/+$/, '');
}

/** An endpoint as serve's log shows it: without a user name or password in it. */
export function shownEndpoint(endpoint: string): string {
  const url = new URL(endpoint);
  url.username = '';
  url.password = '';
  return url.href.replace(/\/+$/, '');
}

/** Import a package by name; a missing one becomes the usage error that says what to install. */
async function load<T>(name: string, protocol: OtlpProtocol): Promise<T> {
  try {
    return (await import(name)) as T;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
    throw new UsageError(
      `toolgate serve --otlp needs the OpenTelemetry SDK and OTLP exporters (${name} is not installed): run \`npm install ${otlpPackages(protocol).join(' ')}\` where toolgate is installed`,
    );
  }
}

type Api = typeof import('@opentelemetry/api');
type Resources = typeof import('@opentelemetry/resources');
type SdkLogs = typeof import('@opentelemetry/sdk-logs');
type SdkMetrics = typeof import('@opentelemetry/sdk-metrics');
type SdkTrace = typeof import('@opentelemetry/sdk-trace');
type LogsExporter = typeof import('@opentelemetry/exporter-logs-otlp-proto');
type MetricsExporter = typeof import('@opentelemetry/exporter-metrics-otlp-proto');
type TraceExporter = typeof import('@opentelemetry/exporter-trace-otlp-proto');

/**
 * Start exporting decisions over OTLP/HTTP: the SDK's logger, meter and tracer providers with
 * batching processors and the OTLP exporters of `protocol`, under a resource naming the service
 * `toolgate`. Headers, compression and timeouts follow the `OTEL_EXPORTER_OTLP_*` environment
 * variables, as the exporters read them. The packages are imported only here, only when asked.
 */
export async function startOtlp(options: OtlpOptions): Promise<OtlpExport> {
  const { protocol } = options;
  const exporters = EXPORTERS[protocol];
  const [logsName, metricsName, traceName] = Object.keys(exporters) as [string, string, string];
  const api = await load<Api>('@opentelemetry/api', protocol);
  await load<unknown>('@opentelemetry/api-logs', protocol);
  const [resources, sdkLogs, sdkMetrics, sdkTrace, logsExp, metricsExp, traceExp] = await Promise.all([
    load<Resources>('@opentelemetry/resources', protocol),
    load<SdkLogs>('@opentelemetry/sdk-logs', protocol),
    load<SdkMetrics>('@opentelemetry/sdk-metrics', protocol),
    load<SdkTrace>('@opentelemetry/sdk-trace', protocol),
    load<LogsExporter>(logsName, protocol),
    load<MetricsExporter>(metricsName, protocol),
    load<TraceExporter>(traceName, protocol),
  ]);
  const { otelListener } = await import('../otel/listener.js');
  reportExportFailures(api, options.warn);

  const base = options.endpoint;
  const resource = resources.resourceFromAttributes({ 'service.name': 'toolgate', 'service.version': options.serviceVersion });
  const loggers = new sdkLogs.LoggerProvider({
    resource,
    processors: [new sdkLogs.BatchLogRecordProcessor({ exporter: new logsExp.OTLPLogExporter({ url: `${base}/v1/logs` }) })],
  });
  const interval = options.metricIntervalMs ?? (Number(process.env['OTEL_METRIC_EXPORT_INTERVAL']) || 60_000);
  const meters = new sdkMetrics.MeterProvider({
    resource,
    readers: [
      new sdkMetrics.PeriodicExportingMetricReader({
        exporter: new metricsExp.OTLPMetricExporter({ url: `${base}/v1/metrics` }),
        exportIntervalMillis: interval,
        exportTimeoutMillis: Math.min(30_000, interval),
      }),
    ],
  });
  const tracers = new sdkTrace.TracerProvider({
    resource,
    spanProcessors: [new sdkTrace.BatchSpanProcessor({ exporter: new traceExp.OTLPTraceExporter({ url: `${base}/v1/traces` }) })],
  });
  const scope = { version: options.serviceVersion };
  const listener = otelListener({
    logger: loggers.getLogger('toolgate', scope.version),
    meter: meters.getMeter('toolgate', scope.version),
    tracer: tracers.getTracer('toolgate', scope.version),
  });
  return {
    listener,
    async shutdown() {
      // Spans first: a log record may point at one. Each provider flushes before it stops.
      await Promise.allSettled([tracers.shutdown(), loggers.shutdown(), meters.shutdown()]);
    },
  };
}

/** The SDK reports a failed export through the API's diagnostic logger: one line a minute, to serve's log. */
function reportExportFailures(api: Api, warn: (line: string) => void): void {
  let last = -Infinity;
  const report = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    const detail = args
      .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : (JSON.stringify(a) ?? String(a))))
      .join(' ');
    warn(`OpenTelemetry export: ${message}${detail !== '' ? ` ${detail}` : ''}`);
  };
  const quiet = () => {};
  api.diag.setLogger(
    { error: report, warn: report, info: quiet, debug: quiet, verbose: quiet },
    { logLevel: api.DiagLogLevel.WARN, suppressOverrideMessage: true },
  );
}
