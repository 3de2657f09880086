/**
 * The everyday corpus: everyday shell commands (file edits and removals, scripts, tests, builds,
 * git, search, package managers, `cd` compounds) × ordinary policies with deny rules, each case
 * on a named file tree (`test/cases/everyday/trees.json`). Writes `test/cases/everyday/corpus.jsonl`;
 * with `--specs`, prints the observer's input instead (`observe-calls.ts`: the tree is built, the
 * settings passed as a file, a PermissionRequest hook saves what the CLI offers to remember).
 *
 * A command keeps its number for good (ids are `ev-<policy>-<mode>-<nnn>`): add new ones at the end.
 * Usage:
 *   npx tsx scripts/observe-cli/everyday-corpus.ts                 # writes corpus.jsonl
 *   npx tsx scripts/observe-cli/everyday-corpus.ts --specs > in.jsonl
 *   nice -n 10 scripts/observe-cli/sandbox.sh observe-calls.ts < in.jsonl > out.jsonl
 *   npx tsx scripts/observe-cli/everyday-record.ts out.jsonl       # writes observed.jsonl
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../test/cases/everyday');

/** Ordinary policies with deny rules (and none, as the control). */
export const POLICIES: Record<string, { permissions: Record<string, string[]> }> = {
  none: { permissions: {} },
  // The README's example policy.
  readme: {
    permissions: { allow: ['Bash(npm run test *)', 'Edit(src/**)'], ask: ['Bash(git push *)'], deny: ['Read(./.env)', 'Bash(rm -rf *)'] },
  },
  secrets: { permissions: { deny: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Edit(./.env)', 'Edit(./secrets/**)'] } },
  star: { permissions: { allow: ['Bash(*)'], deny: ['Read(./.env)', 'Read(./secrets/**)', 'Bash(git push --force *)', 'Bash(curl *)'] } },
  allowlist: {
    permissions: {
      allow: ['Bash(npm *)', 'Bash(git *)', 'Bash(node *)'],
      deny: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Bash(git push *)'],
    },
  },
};

/** Which policy is observed in which modes. */
const VARIANTS: [policy: string, mode: string][] = [
  ['none', 'default'],
  ['readme', 'default'],
  ['readme', 'acceptEdits'],
  ['secrets', 'default'],
  ['star', 'default'],
  ['allowlist', 'default'],
];

/** [category, command, tree (default `app`)] — the index is the command's number. */
export const COMMANDS: [string, string, string?][] = [
  // 000 file edits and removals
  ['remove', 'rm src/old.js'],
  ['remove', 'rm -f src/old.js'],
  ['remove', 'rm -r dist'],
  ['remove', 'rm -rf dist'],
  ['remove', 'rm -rf node_modules'],
  ['remove', 'rm tmp/*.tmp'],
  ['remove', 'rm -rf tmp'],
  ['remove', "find . -name '*.tmp' -delete"],
  ['remove', "find tmp -name '*.tmp' -delete"],
  ['remove', 'rmdir empty'],
  ['remove', 'rm .env'],
  ['remove', 'rm secrets/api.key'],
  ['edit', 'mv src/a.js src/b.js'],
  ['edit', 'mv src/old.js src/legacy.js'],
  ['edit', 'cp src/a.js src/a.bak.js'],
  ['edit', 'cp -r src src-copy'],
  ['edit', 'mkdir -p src/components'],
  ['edit', 'touch src/new.js'],
  ['edit', "echo 'hello' > notes.txt"],
  ['edit', "echo 'more' >> README.md"],
  // 020
  ['edit', "sed -i 's/old/new/g' src/a.js"],
  ['edit', 'chmod +x scripts/deploy.sh'],
  ['edit', 'ln -s src/index.js main.js'],
  ['edit', 'echo done | tee build.log'],
  ['edit', "printf 'export const y = 2;\\n' > src/y.js"],
  ['edit', "cat > src/c.js <<'EOF'\nexport const c = 3;\nEOF"],
  ['edit', 'mv .env .env.bak'],
  ['edit', 'cp .env .env.backup'],
  ['edit', 'cp .env.example .env.local.example'],
  ['edit', 'mkdir build && cp src/*.js build/'],
  // 030 reads and search
  ['read', 'ls'],
  ['read', 'ls -la'],
  ['read', 'ls src'],
  ['read', 'ls -la secrets'],
  ['read', 'cat README.md'],
  ['read', 'cat package.json'],
  ['read', 'cat .env'],
  ['read', 'cat .env.example'],
  ['read', 'cat secrets/api.key'],
  ['read', 'head -20 src/index.js'],
  // 040
  ['read', 'tail -n 5 build.log'],
  ['read', 'wc -l src/*.js'],
  ['read', 'cat src/*.js | wc -l'],
  ['read', "sed -n '1,5p' src/a.js"],
  ['read', 'diff src/a.js src/old.js'],
  ['read', 'file src/index.js'],
  ['read', 'stat package.json'],
  ['read', 'du -sh src'],
  ['read', 'jq .scripts package.json'],
  ['read', "awk '{print $1}' README.md"],
  // 050
  ['search', 'grep -rn TODO src'],
  ['search', 'grep -rn TODO .'],
  ['search', 'grep -r API_KEY .'],
  ['search', 'grep -c import src/index.js'],
  ['search', 'rg TODO'],
  ['search', 'rg TODO src'],
  ['search', "rg -n 'function' src"],
  ['search', "find . -name '*.js'"],
  ['search', 'find src -type f'],
  ['search', "find . -name '*.js' -not -path './node_modules/*'"],
  // 060
  ['search', "find src -name '*.js' | xargs grep -n TODO"],
  ['search', 'git grep TODO'],
  ['search', 'ls src | head'],
  ['search', 'grep -rn TODO src docs'],
  ['search', "grep -rn 'require(' --include='*.js' ."],
  ['search', 'find . -type f -newer package.json'],
  ['search', 'grep -l TODO src/*.js'],
  ['search', 'sort docs/notes.md | uniq -c'],
  ['search', 'grep -rn password config'],
  ['search', 'cat config/app.json | jq .port'],
  // 070 scripts
  ['script', 'node x.js'],
  ['script', 'node src/index.js'],
  ['script', "node -e 'console.log(1)'"],
  ['script', 'node --version'],
  ['script', 'python3 scripts/setup.py'],
  ['script', "python3 -c 'print(1)'"],
  ['script', 'bash scripts/deploy.sh'],
  ['script', './scripts/deploy.sh'],
  ['script', 'sh scripts/deploy.sh'],
  ['script', 'npx prettier --check src'],
  // 080
  ['script', 'npx eslint src'],
  ['script', 'npx tsc --noEmit'],
  ['script', 'NODE_ENV=production node src/index.js'],
  ['script', 'export FOO=1 && node x.js'],
  ['script', 'node scripts/build.js'],
  // 085 tests
  ['test', 'npm test'],
  ['test', 'npm run test'],
  ['test', 'npm run test -- --watch=false'],
  ['test', 'npx vitest run'],
  ['test', 'npx jest'],
  // 090
  ['test', 'pytest'],
  ['test', 'node --test test/'],
  ['test', 'NODE_ENV=test npm test'],
  ['test', 'npm test 2>&1 | tail -20'],
  ['test', 'npm run test:unit'],
  // 095 builds
  ['build', 'npm run build'],
  ['build', 'npm run lint'],
  ['build', 'npx tsc'],
  ['build', 'make build'],
  ['build', 'make'],
  // 100
  ['build', 'yarn build'],
  ['build', 'pnpm build'],
  ['build', 'npm run build && npm test'],
  ['build', 'tar czf src.tar.gz src'],
  ['build', 'zip -r src.zip src'],
  // 105 package managers
  ['package', 'npm install'],
  ['package', 'npm ci'],
  ['package', 'npm install lodash'],
  ['package', 'npm i -D typescript'],
  ['package', 'npm ls'],
  // 110
  ['package', 'npm outdated'],
  ['package', 'npm view react version'],
  ['package', 'npm uninstall lodash'],
  ['package', 'npm audit'],
  ['package', 'pip install requests'],
  ['package', 'pip list'],
  ['package', 'yarn install'],
  ['package', 'pnpm install'],
  ['package', 'npm run'],
  ['package', 'npm --version'],
  // 120 git
  ['git', 'git status'],
  ['git', 'git diff'],
  ['git', 'git diff --stat'],
  ['git', 'git log --oneline -5'],
  ['git', 'git log -p -1'],
  ['git', 'git show HEAD'],
  ['git', 'git branch'],
  ['git', 'git branch -a'],
  ['git', 'git checkout -b feature'],
  ['git', 'git switch -c feat'],
  // 130
  ['git', 'git add .'],
  ['git', 'git add src/a.js'],
  ['git', "git commit -m 'wip'"],
  ['git', "git add -A && git commit -m 'wip'"],
  ['git', 'git push'],
  ['git', 'git push origin main'],
  ['git', 'git push --force origin main'],
  ['git', 'git pull'],
  ['git', 'git fetch'],
  ['git', 'git stash'],
  // 140
  ['git', 'git reset --hard HEAD'],
  ['git', 'git restore src/a.js'],
  ['git', 'git rm src/old.js'],
  ['git', 'git mv src/a.js src/b.js'],
  ['git', 'git blame src/index.js'],
  ['git', 'git rev-parse HEAD'],
  ['git', 'git remote -v'],
  ['git', 'git tag'],
  ['git', 'git clean -fd'],
  ['git', 'git merge main'],
  // 150
  ['git', 'git rebase main'],
  ['git', 'git log --stat'],
  ['git', 'git diff HEAD~1'],
  ['git', 'git show --stat HEAD'],
  ['git', 'git status && git diff'],
  // 155 cd compounds
  ['cd', 'cd src && ls'],
  ['cd', 'cd src && grep -n TODO *.js'],
  ['cd', 'cd src && rm old.js'],
  ['cd', 'cd test && node run.js'],
  ['cd', 'cd .. && ls'],
  // 160
  ['cd', 'cd /tmp && ls'],
  ['cd', 'cd src && cat index.js'],
  ['cd', 'cd docs && cat notes.md'],
  ['cd', 'cd scripts && bash deploy.sh'],
  ['cd', 'cd src && git status'],
  ['cd', 'cd secrets && ls'],
  ['cd', 'cd secrets && cat api.key'],
  ['cd', 'cd src && npm test'],
  ['cd', 'cd src && ls -la && cd ..'],
  ['cd', 'cd config && cat app.json'],
  // 170 everyday odds and ends
  ['misc', 'echo hello'],
  ['misc', 'pwd'],
  ['misc', 'which node'],
  ['misc', 'date'],
  ['misc', 'sleep 1'],
  ['misc', 'curl -s https://example.com'],
  ['misc', 'ps aux'],
  ['misc', 'env | grep NODE'],
  ['misc', 'echo $HOME'],
  ['misc', 'mkdir -p logs && echo start > logs/run.log'],
];

/** The cases, one per command × variant. */
export function everydayCases(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const [policy, mode] of VARIANTS) {
    COMMANDS.forEach(([category, command, tree], i) => {
      out.push({
        id: `ev-${policy}-${mode}-${String(i).padStart(3, '0')}`,
        kind: 'everyday',
        category,
        policy,
        case: { settings: POLICIES[policy], mode, call: { tool: 'Bash', input: { command } }, tree: tree ?? 'app' },
      });
    });
  }
  return out;
}

if (process.argv[1] === import.meta.filename) {
  const cases = everydayCases();
  if (process.argv.includes('--specs')) {
    const trees = JSON.parse(readFileSync(join(dir, 'trees.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const c of cases) {
      const body = c['case'] as { settings: unknown; mode: string; call: { tool: string; input: Record<string, unknown> }; tree: string };
      const spec = {
        id: c['id'],
        tool: body.call.tool,
        input: { ...body.call.input, description: 'run' },
        settings: body.settings,
        mode: body.mode,
        tree: trees[body.tree],
        settingsFile: true,
        permissionRequest: true,
      };
      process.stdout.write(`${JSON.stringify(spec)}\n`);
    }
  } else {
    writeFileSync(join(dir, 'corpus.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n') + '\n');
    console.log(`${cases.length} cases`);
  }
}
