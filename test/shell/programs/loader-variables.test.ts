import { describe, expect, it } from 'vitest';
import { COMMAND_PLACE_EXAMPLES, loaderPlaces } from '../../../src/shell/programs/loader-variables.js';

describe('loaderPlaces: the files an exported command line may run (replay 23, RP23-V8)', () => {
  it.each(COMMAND_PLACE_EXAMPLES.map((e) => [e.value, e.places, e.shape ?? 'command', e.asData === true] as const))(
    '%s (as data: %s)',
    (value, places, shape, asData) => {
      expect(loaderPlaces(shape, value, asData ? () => true : undefined)).toEqual(places);
    },
  );
});
