/**
 * setupFiles of the hermetic test projects: a property that names no count of its own tries
 * fast-check's default of 100 cases scaled like every other (test/support/property-runs.ts).
 */
import fc from 'fast-check';
import { propertyRuns } from './property-runs.js';

fc.configureGlobal({ ...fc.readConfigureGlobal(), numRuns: propertyRuns(100) });
