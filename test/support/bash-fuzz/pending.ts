/**
 * Families left out of the CI sample (`npm run test:bash`), each with its reason: their classes
 * still fail open on main, and the root fixes come later. `npm run fuzz:shell` runs them all;
 * `npm run test:bash -- --include-pending` runs them in the sample too. Once a class is fixed, take
 * its family off this list (the sample's seed is fixed, so what it finds then is stable).
 */
import type { FamilyName } from './families.js';

/** Family → why it is not in the CI sample yet. */
export const PENDING_FAMILIES: Readonly<Partial<Record<FamilyName, string>>> = {};
