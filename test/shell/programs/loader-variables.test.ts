import { describe, expect, it } from 'vitest';
import { COMMAND_PLACE_EXAMPLES, loaderPlaces, shapedLoaderPlaces } from '../../../src/shell/programs/loader-variables.js';

describe('loaderPlaces: the files an exported command line may run (replay 23, RP23-V8)', () => {
  it.each(COMMAND_PLACE_EXAMPLES.map((e) => [e.value, e.places, e.shape ?? 'command', e.asData === true] as const))(
    '%s (as data: %s)',
    (value, places, shape, asData) => {
      expect(loaderPlaces(shape, value, asData ? () => true : undefined)).toEqual(places);
    },
  );
});

// Decision 0166, gcc 12.2: GCC_EXEC_PREFIX=~/tc/lib/gcc/ ran ~/tc/x86_64-linux-gnu/bin/as; with no `/`
// (`~/tc/gcc`) gcc ran ~/tc/cc1; LIBRARY_PATH's start files are looked for in the `lib` beside it too.
describe('shapedLoaderPlaces: gcc', () => {
  it('reads GCC_EXEC_PREFIX as its folder and the tool folder of its ../..', () => {
    expect(shapedLoaderPlaces('exec-prefix', '/h/tc/lib/gcc/')).toEqual([
      { path: '/h/tc/lib/gcc/' },
      { path: '/h/tc/lib/gcc/../..', loads: 'gcc-tools', what: expect.stringContaining('MACHINE/bin') },
    ]);
    expect(shapedLoaderPlaces('exec-prefix', '/h/tc/gcc')).toEqual([{ path: '/h/tc' }]);
    expect(loaderPlaces('exec-prefix', '/h/tc/lib/gcc/')).toEqual(['/h/tc/lib/gcc/']);
  });
  it('reads LIBRARY_PATH as each folder and the lib folder beside it', () => {
    expect(loaderPlaces('library-path', '/h/lib:/p/build')).toEqual(['/h/lib', '/h/lib/../lib', '/p/build', '/p/build/../lib']);
  });
});
