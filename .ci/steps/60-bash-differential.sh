#!/usr/bin/env bash
# The bash differential (npm run test:bash): the bash oracle's self-test, then the fixed-seed CI
# sample decided by toolgate and every allow run in real bash inside namespaces (needs root; under
# CI=true a missing sandbox fails). Counted as one test: "1 0 0" passed or "0 1 0" failed.
set -uo pipefail
status=0
npm run -s test:bash || status=$?
if [ "$status" -eq 0 ]; then echo "1 0 0" >> "$TOOLGATE_CI_COUNTS"; else echo "0 1 0" >> "$TOOLGATE_CI_COUNTS"; fi
exit "$status"
