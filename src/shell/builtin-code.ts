/**
 * bash builtins whose arguments are code run later: `trap ACTION SIGNAL…` runs ACTION when the
 * signal comes (or on EXIT), `mapfile`/`readarray -C CALLBACK` runs CALLBACK every `-c` lines.
 * Behaviour: bash(1) "SHELL BUILTIN COMMANDS".
 */
import { scanOptions } from './options.js';
import type { WrapperInfo } from './wrapper-types.js';

const NOTHING: WrapperInfo = { inner: [], transparent: false, exactOnly: false };

/** `trap [-lpP] [[ACTION] SIGNAL…]`: ACTION is a script, unless it is `-`, empty or a signal number (then every word is a signal). */
export function trapWrapper(argv: readonly string[]): WrapperInfo {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!/^-[lpP]+$/.test(a)) break;
    return NOTHING;
  }
  if (argv.length - i < 2) return NOTHING;
  const action = argv[i]!;
  if (action === '-' || action === '' || /^\d+$/.test(action)) return NOTHING;
  return { inner: [{ kind: 'script', index: i }], transparent: false, exactOnly: false };
}

/** `mapfile [-d D] [-n N] [-O O] [-s N] [-t] [-u FD] [-C CALLBACK] [-c N] [ARRAY]`: CALLBACK is a script. */
export function mapfileWrapper(argv: readonly string[]): WrapperInfo {
  const { options } = scanOptions(argv, 1, { shortArg: 'dnOsuCc', posix: true });
  const callback = options.filter((o) => o.name === '-C').pop();
  if (!callback || callback.value === undefined) return NOTHING;
  const word = argv[callback.index]!;
  const attached = word !== '-C' && word.endsWith(callback.value) && word.length > callback.value.length;
  return attached
    ? { inner: [{ kind: 'script', index: callback.index, offset: word.length - callback.value.length }], transparent: false, exactOnly: false }
    : { inner: [{ kind: 'script', index: callback.index + 1 }], transparent: false, exactOnly: false };
}
