/**
 * Families left out of the CI sample (`npm run test:bash`), each with its reason: their classes
 * still fail open on main, and the root fixes come later. `npm run fuzz:shell` runs them all;
 * `npm run test:bash -- --include-pending` runs them in the sample too. Once a class is fixed, take
 * its family off this list (the sample's seed is fixed, so what it finds then is stable).
 */
import type { FamilyName } from './families.js';

/** Family → why it is not in the CI sample yet. */
export const PENDING_FAMILIES: Readonly<Partial<Record<FamilyName, string>>> = {
  'patch-archive': 'patches, archives and git clean are not met with the protected-path check; fails open until fixed at its root',
  'response-files': 'files read through option values (tree --hintro=, date -f) still fail open through the repository\'s links (vendor/keys/id_rsa); @FILE itself is fixed',
  'repo-links': 'paths are collapsed before links resolve, globs judged as text, recursive readers not followed; fails open until fixed at its root',
  'write-then-run': 'files written earlier and run by path, make and package scripts under Bash(*) + deny; fails open until fixed at its root',
};
