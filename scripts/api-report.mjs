// Run api-extractor once per public entry point (it takes one entry per configuration).
// `--local` updates the reports in etc/; without it a changed API fails (as in CI).
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reportsDiffer } from './api-report-compare.mjs';

const local = process.argv.includes('--local');
const dir = resolve('config/api-extractor');
let failed = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const config = ExtractorConfig.loadFileAndPrepare(join(dir, file));
  const result = Extractor.invoke(config, {
    localBuild: local,
    showVerboseMessages: false,
    messageCallback: (m) => {
      if (m.logLevel === 'warning') m.logLevel = 'none';
    },
  });
  // Without --local a report that differs from etc/ is a failure, even though api-extractor counts
  // it as a (silenced) warning and still reports success. What the bundler alone changes does not
  // count (see api-report-compare.mjs).
  const changed = !result.succeeded || (!local && result.apiReportChanged && differs(config));
  const state = changed ? 'CHANGED' : result.apiReportChanged ? 'updated' : 'unchanged';
  console.log(`api-report ${file.replace('.json', '')}: ${state}`);
  if (changed) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);

function differs(config) {
  const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined);
  return reportsDiffer(read(config.reportFilePath), read(config.reportTempFilePath));
}
