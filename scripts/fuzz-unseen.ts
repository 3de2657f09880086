/**
 * A long differential run of the unseen-input generators against real bash (the bash oracle):
 * `npm run fuzz:unseen -- [count] [seed]`. Every generated command is decided under the settings
 * "none" (default and bypassPermissions) and "narrow"; each `allow` runs in the sandbox and is
 * checked against the invariant. Prints the counts and every fail-open; exit 1 on any.
 */
import fc from 'fast-check';
import { judge, openOracle, prepareDecisions, presetNamed } from '../test/support/bash-oracle/index.js';
import { readOnlyWithSuffix, suffix, setupFor } from '../test/support/unseen-generators.js';

const count = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? Date.now() % 100000);
const settings = [
  { name: 'none', mode: 'default' },
  { name: 'none', mode: 'bypassPermissions' },
  { name: 'narrow', mode: 'default' },
];

async function main(): Promise<void> {
  await prepareDecisions();
  const opened = openOracle();
  if (!opened.ok) {
    console.error(`no sandbox: ${opened.reason}`);
    process.exit(2);
  }
  const { oracle } = opened;
  const gen = fc.oneof(
    readOnlyWithSuffix,
    suffix.map((s) => s.replace(/^\s+/, '')),
  );
  const commands = fc.sample(gen, { numRuns: count, seed });
  const tally = { decided: 0, allowed: 0, held: 0, failOpen: 0, notRun: 0 };
  const failures: string[] = [];
  const started = Date.now();
  for (const command of commands) {
    for (const s of settings) {
      tally.decided++;
      const v = judge(oracle, {
        settings: presetNamed(s.name)!.settings,
        mode: s.mode,
        command,
        ...(setupFor(command) ? { setup: setupFor(command)! } : {}),
      });
      if (v.outcome === 'not-allowed') continue;
      tally.allowed++;
      if (v.outcome === 'held') tally.held++;
      else if (v.outcome === 'not-run') tally.notRun++;
      else {
        tally.failOpen++;
        failures.push(
          `${s.name}/${s.mode} ${JSON.stringify(command)}: ${v.decision.reason.message} — ${v.violations.map((x) => x.evidence).join('; ')}`,
        );
      }
    }
  }
  oracle.close();
  console.log(
    `seed ${seed}: ${commands.length} commands, ${tally.decided} decisions, ${tally.allowed} allowed, ${tally.held} held, ${tally.notRun} not run, ${tally.failOpen} fail-open, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const f of failures.slice(0, 50)) console.log(`FAIL-OPEN ${f}`);
  process.exit(tally.failOpen > 0 ? 1 : 0);
}

void main();
