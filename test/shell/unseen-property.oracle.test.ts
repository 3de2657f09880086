/**
 * The property of what toolgate cannot read, against real bash (the bash oracle: needs root and
 * namespaces; skipped elsewhere, a failure under CI=true): for any read-only command `r` and a
 * generated suffix `s`, if toolgate allows `r s` — with no rules, in default and in
 * bypassPermissions, or with narrow allow rules — bash runs no stub and changes nothing it must not.
 */
import fc from 'fast-check';
import { it } from 'vitest';
import { describeWithOracle, judge, presetNamed } from '../support/bash-oracle/index.js';
import { readOnlyWithSuffix, setupFor } from '../support/unseen-generators.js';

/** Runs per setting; raise with TOOLGATE_UNSEEN_RUNS for a longer search. */
const RUNS = Number(process.env['TOOLGATE_UNSEEN_RUNS'] ?? 60);

const SETTINGS = [
  { name: 'none', mode: 'default' },
  { name: 'none', mode: 'bypassPermissions' },
  { name: 'narrow', mode: 'default' },
] as const;

describeWithOracle('read-only command + generated suffix against real bash', (oracle) => {
  for (const { name, mode } of SETTINGS) {
    it(`settings ${name}, ${mode}: an allowed "r s" runs no stub and changes nothing it must not`, () => {
      const settings = presetNamed(name)!.settings;
      fc.assert(
        fc.property(readOnlyWithSuffix, (command) => {
          const v = judge(oracle(), { settings, mode, command, ...(setupFor(command) ? { setup: setupFor(command)! } : {}) });
          if (v.outcome === 'fail-open') {
            throw new Error(
              `fail-open: ${JSON.stringify(command)} — ${v.decision.reason.message} — ${v.violations.map((x) => `${x.kind}: ${x.evidence}`).join('; ')}`,
            );
          }
        }),
        { numRuns: RUNS, seed: Number(process.env['TOOLGATE_UNSEEN_SEED'] ?? 13) },
      );
    }, 600_000);
  }
});
