#!/usr/bin/env bash
# The SQLite store needs better-sqlite3's native addon, built by its install script. npm 11 runs
# install scripts listed in package.json "allowScripts"; if the addon is still missing (a stricter
# npm, --ignore-scripts), build it once here rather than let the store tests fail obscurely.
set -euo pipefail
if node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then
  echo "better-sqlite3: native addon loads"
  exit 0
fi
echo "better-sqlite3: native addon missing; rebuilding"
npm rebuild better-sqlite3 --foreground-scripts
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "better-sqlite3: native addon built"
