#!/usr/bin/env bash
# The README's and docs/*.md's TypeScript blocks compile against the built package (20-build.sh)
# and the real framework types. A test step, not a setup step: a broken snippet is counted as a
# failed test (one per block, skipped blocks as skipped) and the run still reports every other
# test, instead of stopping CI before the unit tests run.
set -euo pipefail
node scripts/typecheck-docs.mjs --counts "$TOOLGATE_CI_COUNTS"
