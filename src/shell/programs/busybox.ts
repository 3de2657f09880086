/** `busybox`: one binary holding many applets; `busybox APPLET args…` runs the applet. */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { wrapInfo } from './wrapper-info.js';

/** `busybox APPLET args…` runs the applet; `busybox --list` and the like run nothing. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const first = argv[1];
  if (first === undefined || first.startsWith('-')) return wrapInfo([]);
  return wrapInfo([{ kind: 'argv', start: 1, end: argv.length }]);
}

/** The busybox model. @internal */
export const busybox = defineProgram({
  names: ['busybox'],
  summary: 'busybox: run one of its applets',
  sources: ['BusyBox 1.36 busybox(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [{ command: 'busybox rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
});
