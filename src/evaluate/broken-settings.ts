import type { Decision, PermissionMode } from '../core/types.js';
import type { BrokenSettingsFile, Policy } from '../settings/types.js';

function named(broken: readonly BrokenSettingsFile[]): string {
  const each = broken.map((b) => `${b.source.file ?? `${b.source.kind} settings`} (${b.message})`);
  return `${broken.length === 1 ? 'the settings file' : 'the settings files'} ${each.join(', ')} cannot be read`;
}

/**
 * The last word on a decision while a settings file is broken (toolgate docs, "Which answer for
 * what cannot be seen"): every allow — from a rule, read-only classification, a mode, a session
 * grant — becomes a firm ask naming the broken file (a deny in dontAsk, which refuses what would
 * ask), and every ask becomes firm, so that no mode, hook or classifier answers it — only a person.
 * Deny stays deny. A policy without broken files is returned as it came.
 */
export function failClosedForBrokenSettings(d: Decision, policy: Policy, mode: PermissionMode): Decision {
  const broken = policy.brokenFiles;
  if (broken === undefined || broken.length === 0 || d.behavior === 'deny') return d;
  const cause = named(broken);
  if (d.behavior === 'ask') {
    if (d.askKind === 'firm') return d;
    const { suggestions: _none, ...rest } = d;
    const detail = `${cause}: only a person may answer while it is broken`;
    return {
      ...rest,
      askKind: 'firm',
      reason: { kind: d.reason.kind, message: `${d.reason.message}; ${detail}` },
      trace: [...d.trace, { step: 'brokenSettings', outcome: 'ask', detail }],
    };
  }
  const would = `otherwise: ${d.reason.message}`;
  if (mode === 'dontAsk') {
    const message = `dontAsk refuses what would ask: ${cause}, so nothing is allowed without a person (${would})`;
    return {
      behavior: 'deny',
      reason: { kind: 'brokenSettings', message },
      trace: [...d.trace, { step: 'brokenSettings', outcome: 'deny', detail: message }],
    };
  }
  const message = `${cause}, so nothing is allowed without a person (${would})`;
  return {
    behavior: 'ask',
    askKind: 'firm',
    reason: { kind: 'brokenSettings', message },
    trace: [...d.trace, { step: 'brokenSettings', outcome: 'ask', detail: message }],
  };
}
