/**
 * `newgrp [-] [GROUP]`: starts a new shell with another group ID. It takes no command: the shell
 * it starts reads its input (`newgrp staff < x.sh` runs x.sh's commands; with `-` a login shell
 * in the home directory), so what it runs is code toolgate cannot see.
 */
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { wrapInfo } from './wrapper-info.js';

/** Always a shell reading its input (shadow-utils 4.13 newgrp: `echo 'touch x' | newgrp` makes x). */
const unwrap = (): WrapperInfo =>
  wrapInfo([{ kind: 'opaque', reason: 'newgrp starts a shell that reads its input, which toolgate cannot see' }]);

/** The newgrp model. @internal */
export const newgrp = defineProgram({
  names: ['newgrp'],
  summary: 'newgrp: start a shell with another group ID',
  sources: ['shadow-utils 4.13 newgrp(1)', 'util-linux newgrp(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [{ command: 'newgrp staff < x.sh', readOnly: false, why: 'the shell it starts runs the commands x.sh holds' }],
});
