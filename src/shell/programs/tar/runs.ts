/**
 * What a tar command runs besides tar: `--use-compress-program`/`-I` (run by `sh -c`),
 * `--to-command`, `--checkpoint-action=exec=…`, `--info-script`/`--new-volume-script`/`-F`
 * (run by `sh -c`), `--rsh-command`, `--rmt-command`, and archives on another host (`-f host:x`,
 * reached through rsh). GNU tar manual, "All tar Options".
 */
import { describeGnuProblem, parseGnuOptions } from '../../options/gnu-options.js';
import type { Unwrapped, WrapperInfo } from '../wrapper-types.js';
import { TAR_OPTIONS, tarWords } from './options.js';

/** What a `tar` command runs besides tar. */
export function tarWrapper(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const { words, from } = tarWords(argv);
  const parsed = parseGnuOptions(words, TAR_OPTIONS);
  if (!parsed.ok)
    return { inner: [{ kind: 'unknown', reason: `tar: ${describeGnuProblem(parsed)}` }], transparent: false, exactOnly: false };
  const inner: Unwrapped[] = [];
  const forceLocal = parsed.options.some((o) => o.name === 'force-local');
  for (const o of parsed.options) {
    const value = o.value ?? '';
    const lit = literal[from[o.valueIndex ?? o.index] ?? -1] !== false;
    const runs = (script: string, what: string): void => {
      if (!lit) inner.push({ kind: 'opaque', reason: `tar ${what} runs a program that is not literal: ${value}` });
      else if (script.trim() !== '') inner.push({ kind: 'text', script, what: `tar ${what}` });
    };
    switch (o.name) {
      case 'I':
      case 'use-compress-program':
        runs(value, '--use-compress-program');
        break;
      case 'to-command':
        runs(value, '--to-command');
        break;
      case 'F':
      case 'info-script':
        runs(value, '--info-script');
        break;
      case 'rsh-command':
      case 'rmt-command':
        runs(value, `--${o.name}`);
        break;
      case 'checkpoint-action': {
        if (!lit) inner.push({ kind: 'opaque', reason: `tar --checkpoint-action that is not literal: ${value}` });
        else if (/^exec/.test(value)) {
          const eq = value.indexOf('=');
          if (eq < 0) inner.push({ kind: 'unknown', reason: `tar --checkpoint-action=${value} without a command` });
          else runs(value.slice(eq + 1), '--checkpoint-action=exec');
        }
        break;
      }
      case 'f':
      case 'file':
        // `host:archive` is reached through rsh (or --rsh-command) unless --force-local.
        if (!forceLocal && (!lit || /^[^/]*:/.test(value)))
          inner.push({ kind: 'opaque', reason: `tar -f ${value} may reach a remote archive through rsh` });
        break;
    }
  }
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}
