import type { Decision, PermissionMode } from '../core/types.js';
import { analysesWithoutParser } from '../shell/parser-use.js';

const WHY = 'the command cannot be read safely: shell parser not prepared (a command it runs needs it)';

/**
 * The count of shell analyses that needed the full parser and found it not loaded, taken before a
 * call is decided; {@link askWhileParserMissing} compares it after. A module outside the shell
 * family (`shell/parser-use.ts`), so a Read's decision loads no shell code for it.
 */
export function parserMissingMark(): number {
  return analysesWithoutParser();
}

/**
 * The last word on a decision made while some shell text on the way needed the full parser and
 * found it not loaded — not the call's own command (that one already asks: the pipeline's unseen
 * step) but a command the analysis reads inside it as a command line of its own (`perl -e
 * 'system("rm -rf ~")'`, `torsocks sh -c '…'`, the text of a hook script a write meets). Its
 * analysis came back empty, so nothing judged what it runs: an allow becomes a firm ask (a deny in
 * dontAsk, which refuses what would ask), as the call's own unreadable command does. Asks and
 * denies stay. `prepare()`, `evaluateAsync` and `toolgate hook` load the parser and decide again,
 * so they never see this.
 */
export function askWhileParserMissing(d: Decision, mark: number, mode: PermissionMode): Decision {
  if (d.behavior !== 'allow' || analysesWithoutParser() === mark) return d;
  if (mode === 'dontAsk') {
    const message = `dontAsk refuses what would ask: ${WHY}`;
    return { behavior: 'deny', reason: { kind: 'shellUnknown', message }, trace: [...d.trace, { step: 'unseenShell', outcome: 'deny', detail: message }] };
  }
  const message = `${WHY}; no mode answers a firm ask`;
  return {
    behavior: 'ask',
    askKind: 'firm',
    reason: { kind: 'shellUnknown', message },
    trace: [...d.trace, { step: 'unseenShell', outcome: 'ask', detail: message }],
  };
}
