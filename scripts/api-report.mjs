// Run api-extractor once per public entry point (it takes one entry per configuration).
// `--local` updates the reports in etc/; without it a changed API fails (as in CI).
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  // it as a (silenced) warning and still reports success. Differences only in the bundler's chunk
  // file names (`dist/types-AbC123.d.ts:70:5` in the forgotten-export comments) and in line endings
  // (api-extractor writes CRLF; a checkout or an editor may turn them into LF) do not count.
  const changed = !result.succeeded || (!local && result.apiReportChanged && differs(config));
  const state = changed ? 'CHANGED' : result.apiReportChanged ? 'updated' : 'unchanged';
  console.log(`api-report ${file.replace('.json', '')}: ${state}`);
  if (changed) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);

function differs(config) {
  const read = (f) =>
    existsSync(f)
      ? readFileSync(f, 'utf8')
          .replace(/\r\n/g, '\n')
          .replace(/dist\/[\w.-]+\.d\.[cm]?ts:\d+:\d+/g, 'dist/CHUNK')
      : undefined;
  const a = read(config.reportFilePath);
  const b = read(config.reportTempFilePath);
  return a === undefined || a !== b;
}
