/** The answers a wrapper's `unwrap` facet builds: what it runs, refusals, an interactive shell. */
import { quoteWord } from '../syntax/environment.js';
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

/**
 * A command a wrapper runs in another directory (`env -C DIR`, `unshare --wd DIR`): read again as
 * `cd -P -- DIR && COMMAND`, the same judgement as a `cd` through links (the program `chdir`s
 * before it execs: links resolve, no CDPATH, hence `./` before a bare name). `command` is shell
 * text, one word each; a directory toolgate cannot tell (`undefined`) makes the command unknown,
 * for `unknown`. @internal
 */
export function inDirectory(dir: string | undefined, command: readonly string[], what: string, unknown: string): Unwrapped {
  if (dir === undefined) return { kind: 'unknown', reason: unknown };
  const target = /^(\/|\.\.?(\/|$))/.test(dir) ? dir : `./${dir}`;
  return { kind: 'text', script: ['cd -P --', quoteWord(target), '&&', ...command].join(' '), what };
}
