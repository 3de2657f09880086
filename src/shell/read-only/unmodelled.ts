/**
 * Read-only data that belongs to no program model: the claudeCode entries of programs that have
 * no model yet, and robota's long options that disqualify any command. Apart from `tables.ts`, so
 * that the read-only check can use them without building the whole tables (which load every
 * model).
 */
import { CC_CLI } from '../programs/sources.js';
import type { ReadOnlyEntry } from '../programs/read-only-types.js';

/** The entries of programs that have no model in `programs/` yet. @internal */
export const CLAUDE_CODE_UNMOVED: Readonly<Record<string, ReadOnlyEntry>> = {
  type: { source: `${CC_CLI}; bash builtin type`, short: 'afptP', operands: 'text', globs: true, anyOptionHarmless: true },
};

/** Long options that read a named file or follow symlinks (robota disqualifies them everywhere). @internal */
export const ROBOTA_UNSAFE_LONG: readonly string[] = [
  'exclude-from',
  'files0-from',
  'files-from',
  'from-file',
  'dereference',
  'deref',
  'output',
];
