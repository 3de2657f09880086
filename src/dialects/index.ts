/**
 * Dialects: Claude Code (the default), noeta, biu and robota — each data plus an ordered list of
 * named steps over the shared engine.
 * @packageDocumentation
 */
import { claudeCode, type Dialect } from '../evaluate/index.js';
import type { SettingsObject } from '../settings/index.js';
import { policyFromObjects } from '../settings/index.js';
import type { MergeOptions, Policy } from '../settings/types.js';
import { biu } from './biu/index.js';
import { noeta } from './noeta/index.js';
import { robota } from './robota/index.js';

export { claudeCode } from '../evaluate/index.js';
export { noeta } from './noeta/index.js';
export { biu } from './biu/index.js';
export { robota } from './robota/index.js';
export { dialectPolicy, type DialectRuleCheck } from './shared/policy.js';

/** Every dialect toolgate ships, by name. @public */
export const dialects = { claudeCode, noeta, biu, robota } as const;

/** A dialect's name. @public */
export type DialectName = keyof typeof dialects;

const NAMES: Readonly<Record<string, DialectName>> = {
  claudecode: 'claudeCode',
  'claude-code': 'claudeCode',
  claude: 'claudeCode',
  noeta: 'noeta',
  biu: 'biu',
  robota: 'robota',
};

/**
 * The dialect for a name: `claude-code` / `claudeCode`, `noeta`, `biu`, `robota` (any case), or
 * `undefined` for an unknown name.
 * @public
 */
export function dialectByName(name: string): Dialect | undefined {
  const key = NAMES[name.toLowerCase()];
  return key !== undefined ? dialects[key] : undefined;
}

/**
 * Build a policy from settings objects with the dialect's rule reader (its `policyFromObjects`):
 * biu's and robota's rule forms that Claude Code's parser rejects (biu `tool:detail`, robota URL
 * patterns) are kept. For Claude Code and noeta this is `policyFromObjects`.
 * @public
 */
export function policyForDialect(dialect: Dialect, objects: readonly SettingsObject[], options: MergeOptions = {}): Policy {
  return (dialect.policyFromObjects ?? policyFromObjects)(objects, options);
}
