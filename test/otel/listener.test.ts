/**
 * `otelListener` as an embedder uses it: an `onDecision` listener given a logger, meter and tracer
 * of their own (here the API's interfaces, recorded; no SDK), on a real gate.
 */
import type { Meter, Span, SpanOptions, Tracer } from '@opentelemetry/api';
import { trace } from '@opentelemetry/api';
import type { Logger, LogRecord } from '@opentelemetry/api-logs';
import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/gate/index.js';
import { otelListener } from '../../src/otel/index.js';
import type { DecisionEvent } from '../../src/provenance/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

/** A logger, meter and tracer that keep what they are given. */
function recorders() {
  const logs: LogRecord[] = [];
  const counted: { name: string; value: number; attributes: unknown }[] = [];
  const spans: { name: string; options: SpanOptions; end?: unknown; id: string }[] = [];
  const logger = { emit: (r: LogRecord) => logs.push(r) } as unknown as Logger;
  const instrument = (name: string) => ({
    add: (value: number, attributes: unknown) => counted.push({ name, value, attributes }),
    record: (value: number, attributes: unknown) => counted.push({ name, value, attributes }),
  });
  const meter = { createCounter: instrument, createHistogram: instrument } as unknown as Meter;
  const tracer = {
    startSpan(name: string, options: SpanOptions) {
      const s = { name, options, id: `span-${spans.length}` } as (typeof spans)[number];
      spans.push(s);
      return {
        end: (t: unknown) => (s.end = t),
        spanContext: () => ({ traceId: 'f'.repeat(32), spanId: s.id.padStart(16, '0'), traceFlags: 1 }),
      } as unknown as Span;
    },
  } as unknown as Tracer;
  return { logs, counted, spans, logger, meter, tracer };
}

const cwd = '/home/u/project';
const policy = policyFromObjects([
  {
    kind: 'projectSettings',
    file: `${cwd}/.claude/settings.json`,
    settings: { permissions: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } },
  },
]);

describe('otelListener on a gate', () => {
  it('one log record per decision with the rule; each counted; no span without a wait', async () => {
    const r = recorders();
    const gate = createGate({ policy, cwd, home: '/home/u', onDecision: otelListener(r) });
    await gate.check({ tool: 'Bash', input: { command: 'npm test -- -u' }, id: 'toolu_a' });
    await gate.check({ tool: 'Bash', input: { command: 'rm -rf dist' }, id: 'toolu_b' });
    expect(
      r.logs.map((l) => [
        l.eventName,
        l.severityText,
        l.attributes?.['decision'],
        l.attributes?.['source'],
        l.attributes?.['toolgate.rule'],
        l.attributes?.['tool_use_id'],
      ]),
    ).toEqual([
      ['toolgate.tool_decision', 'INFO', 'accept', 'config', 'Bash(npm test *)', 'toolu_a'],
      ['toolgate.tool_decision', 'WARN', 'reject', 'config', 'Bash(rm *)', 'toolu_b'],
    ]);
    expect(r.logs[0]!.attributes).toMatchObject({
      'toolgate.rule.file': `${cwd}/.claude/settings.json`,
      'toolgate.rule.layer': 'projectSettings',
      'event.sequence': 0,
      'toolgate.front_end': 'gate',
    });
    expect(r.logs[1]!.attributes?.['event.sequence']).toBe(1);
    expect(r.counted.map((c) => [c.name, c.value])).toEqual([
      ['toolgate.decisions', 1],
      ['toolgate.decisions', 1],
    ]);
    expect(r.spans).toEqual([]);
  });

  it('a wait for a person is a span from the ask to the answer, and the log record is emitted inside it', () => {
    const r = recorders();
    const at = Date.UTC(2026, 11, 2, 12);
    const event: DecisionEvent = {
      version: 1,
      frontEnd: 'serve',
      at,
      behavior: 'allow',
      tool: 'Bash',
      toolUseId: 'toolu_c',
      input: {},
      inputSha256: '',
      decidedBy: 'person',
      answerer: 'ann',
      answerScope: 'once',
      askId: 'ask_1',
      askKind: 'plain',
      durations: { totalMs: 30_001, waitMs: 30_000 },
      trace: [],
    };
    otelListener(r)(event);
    expect(r.spans).toHaveLength(1);
    expect(r.spans[0]).toMatchObject({
      name: 'toolgate.ask.wait',
      options: {
        startTime: new Date(at - 30_000),
        attributes: { decision: 'accept', source: 'user_temporary', 'toolgate.ask.id': 'ask_1', 'toolgate.answerer': 'ann' },
      },
      end: new Date(at),
    });
    expect(trace.getSpan(r.logs[0]!.context!)?.spanContext().spanId).toBe(r.spans[0]!.id.padStart(16, '0'));
    expect(r.counted).toContainEqual({
      name: 'toolgate.ask.wait',
      value: 30,
      attributes: expect.objectContaining({ decision: 'accept', 'toolgate.ask.kind': 'plain' }),
    });
  });

  it('sends only where it is given: a meter alone counts, and a listener that throws never changes the decision', async () => {
    const r = recorders();
    const gate = createGate({ policy, cwd, home: '/home/u', onDecision: otelListener({ meter: r.meter }) });
    await gate.check({ tool: 'Bash', input: { command: 'npm test' } });
    expect(r.logs).toEqual([]);
    expect(r.counted).toHaveLength(1);
    const broken = {
      emit: () => {
        throw new Error('exporter down');
      },
    } as unknown as Logger;
    const d = await createGate({ policy, cwd, home: '/home/u', onDecision: otelListener({ logger: broken }) }).check({
      tool: 'Bash',
      input: { command: 'rm -rf /tmp/x' },
    });
    expect(d.behavior).toBe('deny');
  });
});
