import type { ToolCall } from '../../src/core/types.js';
import { evaluate, type EvaluationContext } from '../../src/evaluate/index.js';
import { dialectByName, policyForDialect } from '../../src/dialects/index.js';

/** Decide a call in a dialect with a project settings object. */
export function decideIn(
  dialectName: string,
  call: ToolCall,
  opts: { settings?: unknown; mode?: string; cwd?: string; input?: Record<string, unknown>; extra?: Partial<EvaluationContext> } = {},
) {
  const dialect = dialectByName(dialectName)!;
  const policy = policyForDialect(dialect, opts.settings !== undefined ? [{ kind: 'projectSettings', settings: opts.settings }] : []);
  return evaluate(call, {
    mode: (opts.mode ?? dialect.defaultMode) as EvaluationContext['mode'],
    policy,
    cwd: opts.cwd ?? '/w/project',
    home: '/home/user',
    dialect,
    dialectInput: opts.input ?? {},
    ...opts.extra,
  });
}
