#!/usr/bin/env bash
# The full suite (npm run test:all): every vitest suite — unit, PostgreSQL, Chromium, the real
# Claude Code CLI, the bash sandbox — then the bash differential. It appends its own
# "passed failed skipped" line to $TOOLGATE_CI_COUNTS (the differential counts as one test).
set -euo pipefail
npm run -s test:all
