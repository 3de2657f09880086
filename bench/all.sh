#!/usr/bin/env bash
# Every benchmark, one after another (`npm run bench:all`). Each prints its own figures.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsup --silent
for f in bench/run.ts bench/shell.bench.ts bench/rules-matching.bench.ts bench/gate.bench.ts bench/hooks.bench.ts bench/checkpoints.bench.ts; do
  echo "=== $f"
  npx tsx "$f"
done
echo "=== bench/hook-cold-start.mjs"
node bench/hook-cold-start.mjs
