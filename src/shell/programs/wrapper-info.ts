/** The answers a wrapper's `unwrap` facet builds: what it runs, refusals, an interactive shell. */
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';

/** What a wrapper runs, and how allow rules treat it. @internal */
export const wrapInfo = (inner: Unwrapped[], transparent = false, exactOnly = false): WrapperInfo => ({ inner, transparent, exactOnly });

/** The wrapper refuses its words (an unknown option): what it runs is unknown, for `why`. @internal */
export const refusedWrap = (why: string): WrapperInfo => wrapInfo([{ kind: 'unknown', reason: why }]);

/** A shell that reads its input, started by `name` when no command is given. @internal */
export const interactiveShell = (name: string): Unwrapped => ({
  kind: 'opaque',
  reason: `${name} without a command starts a shell that reads its input`,
});

/** A script given as the value of an option (`-c SCRIPT`, `-cSCRIPT`, `--command=SCRIPT`). @internal */
export function optionScript(argv: readonly string[], opt: { index: number; valueIndex?: number; value?: string }): Unwrapped {
  if (opt.valueIndex !== undefined) return { kind: 'script', index: opt.valueIndex };
  const word = argv[opt.index]!;
  return { kind: 'script', index: opt.index, offset: word.length - (opt.value ?? '').length };
}
