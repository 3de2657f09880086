// `node bench/lint-big.mjs [rules] [out]`: write a settings file with N permission rules (default
// 100,000; Bash, Read, Edit, WebFetch and MCP rules over allow, ask and deny) for timing
// `toolgate lint` on a large policy. Prints the file name.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const n = Number(process.argv[2] ?? 100_000);
const out = process.argv[3] ?? join(tmpdir(), `toolgate-lint-${n}.json`);
const allow = [];
const ask = [];
const deny = [];
for (let i = 0; i < n; i++) {
  const k = i % 10;
  const list = k < 6 ? allow : k < 8 ? ask : deny;
  const rule = [
    `Bash(npm run task-${i} *)`,
    `Read(./packages/pkg-${i}/**)`,
    `Edit(./packages/pkg-${i}/src/**)`,
    `Bash(git log --author=user${i} *)`,
    `WebFetch(domain:host${i}.example.com)`,
    `mcp__server${i % 50}__tool${i}`,
    `Bash(./scripts/job-${i}.sh)`,
    `Read(**/*.ext${i})`,
    `Bash(make target-${i})`,
    `Edit(/docs/page-${i}.md)`,
  ][i % 10];
  list.push(rule);
}
writeFileSync(out, `${JSON.stringify({ permissions: { allow, ask, deny } }, null, 2)}\n`);
console.log(out);
