// Refresh test/cases/shared/ from the shared case folder beside the repository: `../shared/cases`
// from the checkout, or beside the main checkout when this is a git worktree (its common git dir).
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

function candidates() {
  if (process.argv[2] !== undefined) return [resolve(process.argv[2])];
  const out = [resolve('../shared/cases')];
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    out.push(resolve(dirname(common), '../shared/cases'));
  } catch {
    // not a git checkout: only ../shared/cases
  }
  return [...new Set(out)];
}

const tried = candidates();
const from = tried.find((d) => existsSync(d));
const to = resolve('test/cases/shared');
if (from === undefined) {
  console.error(`sync-cases: none of ${tried.join(', ')} exists`);
  process.exit(2);
}
mkdirSync(to, { recursive: true });
const files = readdirSync(from).filter((f) => f.endsWith('.jsonl') || f === 'README.md');
for (const f of files) copyFileSync(join(from, f), join(to, f));
console.log(`sync-cases: copied ${files.length} files from ${from} to ${to}`);
