#!/usr/bin/env bash
# The README's test command. Counts come from vitest's JSON report.
set -euo pipefail
rm -f .vitest-results.json
status=0
npm test || status=$?
if [ -f .vitest-results.json ]; then
  node -e '
    const r = require("./.vitest-results.json");
    const passed = r.numPassedTests ?? 0;
    // A test file that fails to load has no test results of its own: count it as one failure.
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === "failed" && (f.assertionResults ?? []).length === 0).length;
    const failed = (r.numFailedTests ?? 0) + brokenFiles;
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`npm test: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    require("fs").appendFileSync(process.env.TOOLGATE_CI_COUNTS, `${passed} ${failed} ${skipped}\n`);
  '
else
  echo "0 1 0" >> "$TOOLGATE_CI_COUNTS"
  [ "$status" -ne 0 ] || status=1
fi
exit "$status"
