/**
 * Agreement between toolgate and the Claude Code CLI's observed decisions on everyday commands:
 * replays `cc-observed` cases and prints a table of disagreements and the totals.
 * Usage: npx tsx scripts/observe-cli/agreement.ts test/cases/shared/cc-benign.jsonl test/cases/own/cc-benign-holdout.jsonl
 */
import { readFileSync } from 'node:fs';
import { prepare } from '../../src/evaluate/index.js';
import { parseCaseFile, runCase } from '../../src/testing/conformance.js';

await prepare();
for (const file of process.argv.slice(2)) {
  const { cases } = parseCaseFile(readFileSync(file, 'utf8'));
  let agree = 0;
  let allowedWhatCliAsks = 0;
  const rows: string[] = [];
  for (const c of cases) {
    const outcome = runCase(c);
    if (outcome.status === 'skip') {
      rows.push(`  ${c.id}  skipped: ${outcome.reason}`);
      continue;
    }
    const got = outcome.got;
    const cli = c.expected.result;
    if (got === cli) agree++;
    else {
      if (got === 'allow') allowedWhatCliAsks++;
      const kept = (c.expected.acceptable as string[] | undefined)?.includes(String(got)) ? ' (kept: safer)' : '';
      rows.push(
        `  ${c.id}  cli=${cli} toolgate=${got}${kept}  ${(c.case?.call as { input: { command: string } } | undefined)?.input.command}  — ${outcome.decision?.reason.message ?? ''}`,
      );
    }
  }
  console.log(
    `${file}: ${agree}/${cases.length} agree (${((100 * agree) / cases.length).toFixed(1)}%), toolgate allows what the CLI asks: ${allowedWhatCliAsks}`,
  );
  for (const r of rows) console.log(r);
}
