// Refresh test/cases/shared/ from the shared case folder beside the repository.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const from = resolve(process.argv[2] ?? '../shared/cases');
const to = resolve('test/cases/shared');
if (!existsSync(from)) {
  console.error(`sync-cases: ${from} does not exist`);
  process.exit(2);
}
mkdirSync(to, { recursive: true });
const files = readdirSync(from).filter((f) => f.endsWith('.jsonl') || f === 'README.md');
for (const f of files) copyFileSync(join(from, f), join(to, f));
console.log(`sync-cases: copied ${files.length} files to ${to}`);
