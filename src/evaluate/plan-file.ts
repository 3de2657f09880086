import { normalizePath } from '../paths/index.js';
import type { EvalState } from './types.js';

/** Is `path` (absolute, normalised) the session's plan file (`EvaluateOptions.planFilePath`)? @public */
export function isPlanFile(state: EvalState, path: string): boolean {
  const plan = state.ctx.options?.planFilePath;
  if (plan === undefined) return false;
  return normalizePath(plan, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform }) === path;
}
