/**
 * How many cases a property test tries: the one knob for every property of the test suites.
 *
 * A property names its full count (`numRuns: propertyRuns(3000)`); `TOOLGATE_PROPERTY_SCALE` scales every
 * count at once. `npm test` sets it to {@link NPM_TEST_SCALE} (scripts/test.ts), so the fast suite
 * tries a quarter of each property's cases and says so at its end; `npm run test:all` (what CI runs)
 * and a plain `npx vitest run` leave it unset and try every case. `TOOLGATE_PROPERTY_RUNS=N` runs
 * every property N times instead (longer runs by hand). A property that names no count gets
 * fast-check's default of 100, scaled the same way (test/support/property-setup.ts).
 */

/** The scale `npm test` runs the properties at. */
export const NPM_TEST_SCALE = 0.25;

/**
 * A property never drops below this many cases (or its full count, if smaller): a scaled run still
 * tries a property, not one or two of its cases.
 */
const FLOOR = 20;

function scale(): number {
  const s = Number(process.env['TOOLGATE_PROPERTY_SCALE'] ?? 1);
  return Number.isFinite(s) && s > 0 ? Math.min(s, 1) : 1;
}

/** The number of cases a property whose full count is `full` tries in this run. */
export function propertyRuns(full: number): number {
  const fixed = Number(process.env['TOOLGATE_PROPERTY_RUNS']);
  if (Number.isInteger(fixed) && fixed > 0) return fixed;
  return Math.max(Math.min(full, FLOOR), Math.round(full * scale()));
}
