// Lint findings of two builds, compared byte for byte (issue 36: a speed change to `toolgate lint`
// must keep every finding). Run after `npm run build:js` in both checkouts:
//   node scripts/lint-diff.mjs --base ../base-checkout [--bench 1000,10000,100000]
// Settings: every distinct `settings` object of test/cases (and each layer of a case's `layers`),
// examples/ and test/fixtures' settings files, and the shared corpus and seeds (../shared or
// ../../shared, or TOOLGATE_SHARED) — each linted in process by each build's dist/lint.js (`lintSettings`) as a Linux
// project file and as a macOS user file; then the built CLI (`node dist/cli/main.js lint --json`)
// on files of `bench/lint-big.mjs` (the sizes of --bench) and on a few of those settings. Prints how
// many reports were compared and each one that differs; exits 1 when one does.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

/** In a child: lint every settings text of `inputs` with `root`'s build, one JSON report per line. */
if (args[0] === '--child') {
  const [, root, inputsFile, outFile] = args;
  const { lintSettings } = await import(pathToFileURL(join(root, 'dist/lint.js')).href);
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  const out = [];
  for (const text of inputs) {
    for (const [kind, platform, file] of [
      ['projectSettings', 'linux', '/work/project/.claude/settings.json'],
      ['userSettings', 'macos', '/Users/user/.claude/settings.json'],
    ]) {
      const report = await lintSettings([{ text, file, kind }], { platform, home: kind === 'userSettings' ? '/Users/user' : '/home/user' });
      out.push(JSON.stringify(report));
    }
  }
  writeFileSync(outFile, `${out.join('\n')}\n`);
  process.exit(0);
}

const here = resolve('.');
const base = flag('--base');
if (base === undefined) {
  console.error('usage: node scripts/lint-diff.mjs --base DIR [--bench 1000,10000,100000]');
  process.exit(2);
}
const bench = (flag('--bench') ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const shared =
  process.env.TOOLGATE_SHARED ??
  ['../shared', '../../shared'].map((d) => resolve(d)).find((d) => existsSync(join(d, 'corpus'))) ??
  resolve('../shared');

const texts = new Set();
const addObject = (v) => {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) texts.add(`${JSON.stringify(v, null, 2)}\n`);
};
function* files(dir, test) {
  if (!existsSync(dir)) return;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath ?? dir, e.name);
    if (e.isFile() && test(p)) yield p;
  }
}
for (const f of files('test/cases', (p) => p.endsWith('.jsonl'))) {
  for (const line of readFileSync(f, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let o;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    const c = o.case ?? o;
    addObject(c.settings);
    if (Array.isArray(c.layers)) for (const l of c.layers) addObject(l?.settings ?? l);
  }
}
const settingsFile = (p) => /settings[^/]*\.json$/.test(p) || /\/corpus\/settings\//.test(p) || /schemastore-tests\//.test(p);
for (const dir of ['examples', 'test/fixtures', join(shared, 'corpus'), join(shared, 'seeds')])
  for (const f of files(dir, (p) => p.endsWith('.json') && settingsFile(p))) {
    const text = readFileSync(f, 'utf8');
    texts.add(text);
  }

const work = join(tmpdir(), `toolgate-lint-diff-${process.pid}`);
mkdirSync(work, { recursive: true });
const inputsFile = join(work, 'inputs.json');
writeFileSync(inputsFile, JSON.stringify([...texts]));
const me = new URL(import.meta.url).pathname;
const reports = {};
for (const [name, root] of [
  ['base', resolve(base)],
  ['here', here],
]) {
  const out = join(work, `${name}.jsonl`);
  execFileSync(process.execPath, [me, '--child', root, inputsFile, out], { stdio: 'inherit', maxBuffer: 1 << 30 });
  reports[name] = readFileSync(out, 'utf8').split('\n');
}
let compared = 0;
let differ = 0;
const list = [...texts];
for (let i = 0; i < reports.here.length - 1; i++) {
  compared++;
  if (reports.here[i] !== reports.base[i]) {
    differ++;
    if (differ <= 10)
      console.log(
        `differs: settings #${Math.floor(i / 2)} (${i % 2 === 0 ? 'linux project' : 'macOS user'}): ${list[Math.floor(i / 2)].slice(0, 200).replace(/\s+/g, ' ')}`,
      );
  }
}
console.log(`lintSettings: ${compared} reports of ${texts.size} distinct settings compared, ${differ} differ`);

// The built CLI: bench files, and a few corpus files as they are.
const cliFiles = [];
for (const n of bench) {
  const f = join(work, `lint-big-${n}.json`);
  execFileSync(process.execPath, ['bench/lint-big.mjs', String(n), f]);
  cliFiles.push(f);
}
for (const f of [...files(join(shared, 'corpus/settings'), (p) => p.endsWith('.json'))].slice(0, 20)) cliFiles.push(f);
let cliDiffer = 0;
for (const f of cliFiles) {
  const run = (root) => {
    try {
      return execFileSync(process.execPath, [join(root, 'dist/cli/main.js'), 'lint', '--json', '--home', '/nonexistent-home', f], {
        maxBuffer: 1 << 30,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      // Exit 1 is "an error was found": the report is still on stdout.
      return Buffer.concat([e.stdout ?? Buffer.alloc(0), Buffer.from(`\nexit ${e.status}\n`)]);
    }
  };
  const a = run(resolve(base));
  const b = run(here);
  const same = Buffer.compare(a, b) === 0;
  if (!same) {
    cliDiffer++;
    console.log(`differs: CLI lint --json ${f}`);
  }
  if (statSync(f).size > 1e6 || bench.some((n) => f.endsWith(`lint-big-${n}.json`)))
    console.log(`CLI ${f.replace(work, '$TMP')}: ${a.length} bytes, ${same ? 'identical' : 'DIFFERENT'}`);
}
console.log(`CLI lint --json: ${cliFiles.length} files compared, ${cliDiffer} differ`);
process.exit(differ + cliDiffer > 0 ? 1 : 0);
