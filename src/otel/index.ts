/**
 * `toolgate/otel`: decisions to OpenTelemetry. {@link otelListener} is an `onDecision` listener
 * that sends each decision as a log record with Claude Code's `claude_code.tool_decision`
 * attributes and toolgate's own, a span over each wait for a person, and metrics, through a
 * logger, meter and tracer you supply. Needs the optional peer dependencies
 * `@opentelemetry/api` and `@opentelemetry/api-logs`; no SDK.
 * @packageDocumentation
 */
export {
  otelListener,
  DECISION_EVENT_NAME,
  ASK_WAIT_SPAN_NAME,
  DECISIONS_METRIC_NAME,
  ASK_WAIT_METRIC_NAME,
  type OtelListenerOptions,
} from './listener.js';
export {
  decisionAttributes,
  decisionMetricAttributes,
  claudeCodeDecision,
  claudeCodeSource,
  type DecisionAttributeOptions,
  type OtelAttributes,
  type OtelAttributeValue,
} from './attributes.js';
