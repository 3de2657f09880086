/**
 * cp copies a link it is given as a link with `-d`, `-P`, `--no-dereference` and `-a` (not with
 * `-L`, `-H` or no option); `-r` keeps the links inside a folder; mv and ln -s carry them over
 * (decision 0162). The model says so with `keepsLinks` on the source's read.
 */
import { describe, expect, it } from 'vitest';
import { cp } from '../../../src/shell/programs/cp.js';
import { mv } from '../../../src/shell/programs/mv.js';
import { ln } from '../../../src/shell/programs/ln.js';
import type { ProgramModel } from '../../../src/shell/programs/model.js';

const kept = (model: ProgramModel, command: string): boolean[] => {
  const argv = command.split(' ');
  const out = model.files?.(
    argv[0]!,
    argv,
    argv.map(() => true),
  );
  return (out?.files ?? []).filter((f) => f.op === 'read' && argv[f.index] === 'docs/rc').map((f) => f.keepsLinks === true);
};

describe('copies that keep a link as a link', () => {
  it.each([
    'cp -d docs/rc x',
    'cp -P docs/rc x',
    'cp --no-dereference docs/rc x',
    'cp -a docs/rc x',
    'cp -r docs/rc x',
    'cp -dt d docs/rc',
  ])('%s keeps the link', (command) => expect(kept(cp, command)).toEqual([true]));
  it.each(['cp docs/rc x', 'cp -L docs/rc x', 'cp -H docs/rc x', 'cp -aL docs/rc x', 'cp -s docs/rc x', 'cp -l docs/rc x'])(
    '%s does not',
    (command) => expect(kept(cp, command)).toEqual([false]),
  );
  it('mv and ln -s carry it over', () => {
    expect(kept(mv, 'mv docs/rc x')).toEqual([true]);
    expect(kept(ln, 'ln -s docs/rc x')).toEqual([true]);
  });
});
