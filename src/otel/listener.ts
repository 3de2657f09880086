import { ROOT_CONTEXT, SpanKind, trace, type Context, type Meter, type Tracer } from '@opentelemetry/api';
import type { Logger, SeverityNumber } from '@opentelemetry/api-logs';
import type { DecisionEvent, DecisionListener } from '../provenance/types.js';
import {
  claudeCodeDecision,
  claudeCodeSource,
  decisionAttributes,
  decisionMetricAttributes,
  type DecisionAttributeOptions,
  type OtelAttributes,
} from './attributes.js';

/** The log record's event name and body of a decision. @public */
export const DECISION_EVENT_NAME = 'toolgate.tool_decision';
/** The span of the time a call waited for a person. @public */
export const ASK_WAIT_SPAN_NAME = 'toolgate.ask.wait';
/** The counter of decisions. @public */
export const DECISIONS_METRIC_NAME = 'toolgate.decisions';
/** The histogram of how long asks waited for an answer, in seconds. @public */
export const ASK_WAIT_METRIC_NAME = 'toolgate.ask.wait';

/** Bucket bounds for a person's answer, in seconds: from a glance to an hour. */
const WAIT_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600];

// SeverityNumber is an enum of @opentelemetry/api-logs; its values are fixed by the log data
// model, so they are written here and the package is needed for its types only.
const INFO = 9 as SeverityNumber;
const WARN = 13 as SeverityNumber;

/**
 * Where {@link otelListener} sends each decision: any of a logger (`@opentelemetry/api-logs`), a
 * meter and a tracer (`@opentelemetry/api`) — from an SDK you set up, or from the global
 * providers (`logs.getLogger('toolgate')`, `metrics.getMeter('toolgate')`,
 * `trace.getTracer('toolgate')`). What is not given is not sent.
 * @public
 */
export interface OtelListenerOptions extends DecisionAttributeOptions {
  /** One log record per decision (event name `toolgate.tool_decision`). */
  logger?: Logger;
  /** The counter `toolgate.decisions` and the histogram `toolgate.ask.wait` (seconds). */
  meter?: Meter;
  /** A span `toolgate.ask.wait` for the time each answered or given-up ask waited for a person. */
  tracer?: Tracer;
}

/**
 * An `onDecision` listener that reports each decision to OpenTelemetry: one log record carrying
 * Claude Code's `claude_code.tool_decision` attributes (their values unchanged) and toolgate's
 * `toolgate.*` attributes ({@link decisionAttributes}); for a call that waited for a person, a
 * span over the wait (the log record is emitted inside it, so the two share a trace id); the
 * decision counted (`toolgate.decisions`) and the wait recorded (`toolgate.ask.wait`). It only
 * hands records to the SDK, which batches and exports them off the decision's path. Needs
 * `@opentelemetry/api` (and `@opentelemetry/api-logs` for the logger's type); no SDK.
 * @example
 * ```ts
 * import { logs } from '@opentelemetry/api-logs';
 * import { metrics } from '@opentelemetry/api';
 * import { otelListener } from 'toolgate/otel';
 * const gate = createGate({ ...options, onDecision: otelListener({ logger: logs.getLogger('toolgate'), meter: metrics.getMeter('toolgate') }) });
 * ```
 * @public
 */
export function otelListener(options: OtelListenerOptions): DecisionListener {
  const { logger, meter, tracer } = options;
  const decisions = meter?.createCounter(DECISIONS_METRIC_NAME, {
    unit: '{decision}',
    description: 'Tool-call decisions, by outcome, tool, rule and who settled them',
  });
  const waits = meter?.createHistogram(ASK_WAIT_METRIC_NAME, {
    unit: 's',
    description: 'How long a call waited for a person (answered or given up)',
    advice: { explicitBucketBoundaries: WAIT_BUCKETS },
  });
  const attributeOptions: DecisionAttributeOptions = options.includeInput === true ? { includeInput: true } : {};
  let sequence = 0;
  return (event: DecisionEvent) => {
    const waitMs = event.durations.waitMs;
    let context: Context = ROOT_CONTEXT;
    if (tracer !== undefined && waitMs !== undefined) context = trace.setSpan(ROOT_CONTEXT, waitSpan(tracer, event, waitMs));
    if (logger !== undefined) {
      const attributes = decisionAttributes(event, attributeOptions);
      attributes['event.timestamp'] = new Date(event.at).toISOString();
      attributes['event.sequence'] = sequence++;
      logger.emit({
        eventName: DECISION_EVENT_NAME,
        body: DECISION_EVENT_NAME,
        timestamp: new Date(event.at),
        severityNumber: event.behavior === 'deny' ? WARN : INFO,
        severityText: event.behavior === 'deny' ? 'WARN' : 'INFO',
        attributes,
        context,
      });
    }
    if (decisions !== undefined) decisions.add(1, decisionMetricAttributes(event));
    if (waits !== undefined && waitMs !== undefined) waits.record(waitMs / 1000, waitAttributes(event));
  };
}

/** What a wait is described by: the outcome, who settled it, the tool and the kind of ask. */
function waitAttributes(event: DecisionEvent): OtelAttributes {
  const a: OtelAttributes = { tool_name: event.tool, 'toolgate.behavior': event.behavior, 'toolgate.decided_by': event.decidedBy };
  const decision = claudeCodeDecision(event);
  const source = claudeCodeSource(event);
  if (decision !== undefined) a['decision'] = decision;
  if (source !== undefined) a['source'] = source;
  if (event.askKind !== undefined) a['toolgate.ask.kind'] = event.askKind;
  return a;
}

/** The ended span over a wait: from the ask's parking to the decision. Dates, not numbers: the SDK reads a small number as a monotonic clock's. */
function waitSpan(tracer: Tracer, event: DecisionEvent, waitMs: number) {
  const attributes: OtelAttributes = { ...waitAttributes(event), 'toolgate.wait_ms': waitMs };
  if (event.toolUseId !== undefined) attributes['tool_use_id'] = event.toolUseId;
  if (event.sessionId !== undefined) attributes['session.id'] = event.sessionId;
  if (event.askId !== undefined) attributes['toolgate.ask.id'] = event.askId;
  if (event.answerer !== undefined) attributes['toolgate.answerer'] = event.answerer;
  if (event.rule !== undefined) attributes['toolgate.rule'] = event.rule.text;
  const span = tracer.startSpan(
    ASK_WAIT_SPAN_NAME,
    { kind: SpanKind.INTERNAL, startTime: new Date(event.at - waitMs), attributes },
    ROOT_CONTEXT,
  );
  span.end(new Date(event.at));
  return span;
}
