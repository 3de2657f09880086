/**
 * The bash differential's two commands.
 *
 *   npm run test:bash                 the fixed-seed CI sample: the corpus + 1,600 generated calls
 *                                     (two jobs unless --jobs says otherwise), without the families
 *                                     on the pending list (pending.ts) unless --include-pending
 *   npm run fuzz:shell -- --runs N --seed S [--out FILE] [--corpus] [--max-per-class K] [--jobs J] [--family a,b] [--shell bash|sh|zsh]
 *                                     [--cases FILE]  (also replay a case file's Bash calls, e.g.
 *                                     another run's findings, counted under their families)
 *                                     N generated calls; new fail-opens written to FILE (default
 *                                     test/cases/own/shell-fuzz-found.jsonl) and, for that file,
 *                                     listed in test/cases/known-failures.txt by issue
 *
 * `--jobs J` runs J processes, each with its own oracle, over every J-th call (a bash run mostly
 * waits on the kernel; the counts and findings are merged). Both need root and namespaces (the bash oracle's sandbox). Without one, bash is never run:
 * "skipped: no sandbox", which fails under CI=true. The self-test runs first. The last stdout line:
 *   bash differential: N commands, N allowed, N run in bash, N fail-open (N known); …
 * (then the consented opaque code, the scenarios, the shells and the families run). Exit 1 if and only if fail-open > known (or the self-test failed, or no sandbox under CI=true).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  decide,
  openOracle,
  prepareDecisions,
  presetNamed,
  selfTest,
  SHELLS,
  type BashOracle,
  type ShellName,
} from '../bash-oracle/index.js';
import { loadKnownFailures } from '../known-failures.js';
import { bashCases, corpusCalls, everydayCases, FOUND_FILE, mutationSeeds, type DiffCall } from './corpus.js';
import { families, generate, type Family } from './families.js';
import {
  emptyResult,
  fromGenerated,
  mergeInto,
  resultFromJson,
  resultToJson,
  runDifferential,
  type DifferentialResult,
  type Finding,
} from './harness.js';
import { PENDING_FAMILIES } from './pending.js';
import { recordable, recordFindings } from './record.js';

/** The CI sample: fixed seed and size (with the corpus, well over 2,000 calls). */
export const CI_SEED = 12012;
export const CI_GENERATED = 1600;

interface Options {
  mode: 'test' | 'fuzz';
  runs: number;
  seed: number;
  out: string | undefined;
  corpus: boolean;
  cases: string | undefined;
  maxPerClass: number;
  verbose: boolean;
  jobs: number;
  /** Only these generator families (`--family a,b`); all when empty. */
  families: string[];
  /** Run the pending families in the CI sample too. */
  includePending: boolean;
  /** Only this shell (`--shell zsh`): the families it runs in, each in that shell alone. */
  shell: ShellName | undefined;
  /** A child of `--jobs`: its share (`k/J`) and where it writes its result. */
  slice?: { k: number; of: number; result: string };
}

function parse(argv: string[]): Options {
  const [mode, ...rest] = argv;
  if (mode !== 'test' && mode !== 'fuzz') throw new Error('expected "test" or "fuzz" first');
  const { values } = parseArgs({
    args: rest,
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      corpus: { type: 'boolean', default: mode === 'test' },
      'max-per-class': { type: 'string' },
      cases: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      jobs: { type: 'string' },
      family: { type: 'string' },
      'include-pending': { type: 'boolean', default: false },
      shell: { type: 'string' },
      slice: { type: 'string' },
      'result-json': { type: 'string' },
    },
  });
  const slice = values.slice !== undefined ? /^(\d+)\/(\d+)$/.exec(values.slice) : undefined;
  if (values.slice !== undefined && (!slice || values['result-json'] === undefined))
    throw new Error('--slice k/J needs --result-json FILE');
  const int = (v: string | undefined, d: number, name: string) => {
    if (v === undefined) return d;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name}: expected a whole number, got ${JSON.stringify(v)}`);
    return n;
  };
  if (values.shell !== undefined && !(SHELLS as readonly string[]).includes(values.shell))
    throw new Error(`--shell: expected one of ${SHELLS.join(', ')}, got ${JSON.stringify(values.shell)}`);
  return {
    mode,
    shell: values.shell as ShellName | undefined,
    runs: int(values.runs, mode === 'test' ? CI_GENERATED : 1000, 'runs'),
    seed: int(values.seed, mode === 'test' ? CI_SEED : Date.now() % 1_000_000, 'seed'),
    out: values.out !== undefined ? resolve(values.out) : mode === 'fuzz' ? FOUND_FILE : undefined,
    corpus: values.corpus!,
    cases: values.cases !== undefined ? resolve(values.cases) : undefined,
    maxPerClass: int(values['max-per-class'], mode === 'test' ? Number.MAX_SAFE_INTEGER : 3, 'max-per-class'),
    verbose: values.verbose!,
    jobs: Math.max(1, int(values.jobs, mode === 'test' ? 2 : 1, 'jobs')),
    families:
      values.family !== undefined
        ? values.family
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean)
        : [],
    includePending: values['include-pending']!,
    ...(slice ? { slice: { k: Number(slice[1]), of: Number(slice[2]), result: values['result-json']! } } : {}),
  };
}

/**
 * The families that run in one shell, each drawing that shell alone: the generator families run
 * in bash only; a world family names its shells. So a long run can give each shell its share.
 */
function inShell(fams: readonly Family[], shell: ShellName): Family[] {
  return fams.flatMap((f): Family[] => {
    if (!f.world) return shell === 'bash' ? [f] : [];
    return f.world.shells.includes(shell) ? [{ ...f, world: { ...f.world, shells: [shell] } }] : [];
  });
}

/** Run the calls in `jobs` child processes (every J-th call each) and merge what they found. */
async function runJobs(o: Options): Promise<DifferentialResult> {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-fuzz-jobs-'));
  try {
    const base = [
      '--runs',
      String(o.runs),
      '--seed',
      String(o.seed),
      ...(o.corpus ? ['--corpus'] : []),
      ...(o.cases ? ['--cases', o.cases] : []),
      ...(o.families.length > 0 ? ['--family', o.families.join(',')] : []),
      ...(o.includePending ? ['--include-pending'] : []),
      ...(o.shell ? ['--shell', o.shell] : []),
    ];
    const results = await Promise.all(
      Array.from({ length: o.jobs }, (_, k) => {
        const result = join(dir, `job-${k}.json`);
        const args = [...process.execArgv, process.argv[1]!, o.mode, ...base, '--slice', `${k}/${o.jobs}`, '--result-json', result];
        return new Promise<DifferentialResult>((done, fail) => {
          const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
          child.on('error', fail);
          child.on('exit', (code) =>
            code === 0 ? done(resultFromJson(readFileSync(result, 'utf8'))) : fail(new Error(`job ${k} exited ${code}`)),
          );
        });
      }),
    );
    const all = emptyResult();
    for (const r of results) mergeInto(all, r);
    return all;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);

function printGroups(r: DifferentialResult): void {
  const head = (first: string) =>
    console.log(
      `${first.padEnd(28)}${pad('commands', 9)}${pad('scenarios', 10)}${pad('allowed', 9)}${pad('run', 7)}${pad('fail-open', 11)}${pad('known', 7)}${pad('consented', 11)}`,
    );
  const row = (g: string, t: DifferentialResult['total']) =>
    console.log(
      `${g.padEnd(28)}${pad(t.commands, 9)}${pad(t.scenarios ?? 0, 10)}${pad(t.allowed, 9)}${pad(t.run, 7)}${pad(t.failOpen, 11)}${pad(t.known, 7)}${pad(t.consented ?? 0, 11)}`,
    );
  head('group');
  const rows = [...r.groups].sort(([a], [b]) =>
    a.startsWith('corpus:') === b.startsWith('corpus:') ? a.localeCompare(b) : a.startsWith('corpus:') ? 1 : -1,
  );
  for (const [g, t] of [...rows, ['total', r.total] as const]) row(g, t);
  head('shell');
  for (const [g, t] of [...r.shells].sort(([a], [b]) => a.localeCompare(b))) row(g, t);
}

function printFinding(f: Finding): void {
  const preset = f.call.preset ?? JSON.stringify(f.call.settings);
  console.log(`  ${f.call.id}  [${f.class} → #${f.issue}]  ${preset} ${f.call.mode}`);
  console.log(`    command: ${JSON.stringify(f.call.command)}`);
  console.log(
    `    decision: ${f.decision.behavior} — ${f.decision.reason.kind}: ${JSON.stringify(f.decision.reason.message.slice(0, 160))}`,
  );
  for (const v of f.violations.slice(0, 4)) console.log(`    ${v.kind}: ${v.evidence.slice(0, 200)}`);
  if (f.violations.length > 4) console.log(`    … ${f.violations.length - 4} more`);
}

function stats(xs: number[]): string {
  if (xs.length === 0) return 'none';
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return `mean ${mean.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms`;
}

async function main(): Promise<number> {
  let o: Options;
  try {
    o = parse(process.argv.slice(2));
  } catch (e) {
    console.error(`bash differential: ${(e as Error).message}`);
    console.error(
      'usage: npm run test:bash | npm run fuzz:shell -- --runs N --seed S [--out FILE] [--corpus] [--max-per-class K] [--jobs J] [--family a,b] [--shell bash|sh|zsh] [--verbose]',
    );
    return 2;
  }
  const ci = process.env['CI'] === 'true';
  await prepareDecisions();
  const known = loadKnownFailures();

  const corpus = [...(o.corpus ? corpusCalls() : []), ...(o.cases ? bashCases(o.cases, 'corpus:cases', { byFamily: true }) : [])];
  const all = families(mutationSeeds());
  const unknownFamily = o.families.find((f) => !all.some((x) => x.name === f));
  if (unknownFamily !== undefined) {
    console.error(`bash differential: no family named ${JSON.stringify(unknownFamily)} (${all.map((f) => f.name).join(', ')})`);
    return 2;
  }
  // The CI sample leaves the pending families out (each with its reason); fuzz runs every family.
  const held =
    o.mode === 'test' && !o.includePending && o.families.length === 0 ? all.filter((f) => PENDING_FAMILIES[f.name] !== undefined) : [];
  const chosen = o.families.length > 0 ? all.filter((f) => o.families.includes(f.name)) : all.filter((f) => !held.includes(f));
  const fams = o.shell ? inShell(chosen, o.shell) : chosen;
  const started = performance.now();
  const generated = generate(fams, o.runs, o.seed).map(fromGenerated);
  const everyCall: DiffCall[] = [...corpus, ...generated];
  const calls = o.slice ? everyCall.filter((_, i) => i % o.slice!.of === o.slice!.k) : everyCall;
  if (o.slice) {
    const opened = openOracle();
    if (!opened.ok) throw new Error(opened.reason);
    let last = performance.now();
    const r = runDifferential(calls, {
      oracle: opened.oracle,
      known,
      onProgress: (done) => {
        if (performance.now() - last > 60_000) {
          last = performance.now();
          process.stderr.write(
            `  … job ${o.slice!.k}: ${done}/${calls.length} calls, ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
          );
        }
      },
    });
    opened.oracle.close();
    writeFileSync(o.slice.result, resultToJson(r));
    return 0;
  }
  console.log(
    `bash differential (${o.mode === 'test' ? 'CI sample' : 'fuzz'}): seed ${o.seed}, ${generated.length} generated over ${fams.length} families${o.shell ? ` in ${o.shell}` : ''}${corpus.length > 0 ? ` + ${corpus.length} from case files` : ''}`,
  );
  for (const f of held) console.log(`  not in the CI sample: ${f.name} — ${PENDING_FAMILIES[f.name]} (--include-pending runs it)`);

  let oracle: BashOracle | undefined;
  let status = 0;
  const opened = openOracle();
  if (!opened.ok) {
    console.log(`skipped: ${opened.reason} — bash is not run${ci ? ' (a failure under CI=true)' : ''}`);
    if (ci) status = 1;
  } else {
    oracle = opened.oracle;
    const checks = selfTest(oracle);
    const failed = checks.filter((c) => !c.ok);
    console.log(`self-test: ${checks.length - failed.length} passed, ${failed.length} failed`);
    for (const c of failed) console.log(`  FAIL ${c.name} — ${c.detail}`);
    if (failed.length > 0) {
      oracle.close();
      oracle = undefined;
      status = 1;
      console.log('skipped: the sandbox failed its self-test — bash is not run');
    }
  }

  let lastReport = performance.now();
  let r: DifferentialResult;
  if (oracle && o.jobs > 1) {
    oracle.close();
    console.log(`jobs: ${o.jobs} processes, one call in ${o.jobs} each`);
    r = await runJobs(o);
  } else {
    r = runDifferential(calls, {
      oracle,
      known,
      onProgress: (done) => {
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          process.stderr.write(`  … ${done}/${calls.length} calls, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
        }
      },
    });
    oracle?.close();
  }
  const seconds = (performance.now() - started) / 1000;

  printGroups(r);
  const fresh = r.findings.filter((f) => !f.known);
  if (fresh.length > 0) {
    console.log(`new fail-opens (${fresh.length}, not on test/cases/known-failures.txt):`);
    for (const f of fresh.slice(0, o.verbose ? fresh.length : 40)) printFinding(f);
    if (!o.verbose && fresh.length > 40) console.log(`  … ${fresh.length - 40} more (--verbose lists all)`);
  }
  const byIssue = new Map<number, number>();
  for (const f of r.findings.filter((x) => x.known)) byIssue.set(f.issue, (byIssue.get(f.issue) ?? 0) + 1);
  if (byIssue.size > 0)
    console.log(
      `known fail-opens by issue: ${[...byIssue]
        .sort(([a], [b]) => a - b)
        .map(([i, n]) => `#${i} ${n}`)
        .join(', ')}`,
    );
  if (o.verbose) for (const f of r.findings.filter((x) => x.known)) printFinding(f);
  for (const [reason, n] of r.notRun) console.log(`allowed but not run in bash: ${n} (${reason})`);
  console.log(
    `bash runs: ${r.bashMs.total.length}; per run ${stats(r.bashMs.total)} (sandboxed part ${stats(r.bashMs.sandbox)}); whole differential ${seconds.toFixed(0)} s`,
  );

  if (o.out !== undefined && r.findings.some((f) => !f.known)) {
    // Keep at most maxPerClass new cases per class, so a long run does not flood the corpus.
    const perClass = new Map<string, number>();
    const keep = fresh.filter(
      (f) =>
        recordable(f) &&
        perClass
          .set(`${f.class}|${f.call.preset}|${f.call.mode}`, (perClass.get(`${f.class}|${f.call.preset}|${f.call.mode}`) ?? 0) + 1)
          .get(`${f.class}|${f.call.preset}|${f.call.mode}`)! <= o.maxPerClass,
    );
    const written = recordFindings(
      keep,
      o.out,
      { by: o.mode === 'test' ? 'npm run test:bash' : 'npm run fuzz:shell', seed: o.seed },
      { listKnown: o.out === FOUND_FILE },
    );
    console.log(
      `recorded: ${written} new case${written === 1 ? '' : 's'} in ${o.out}${o.out === FOUND_FILE ? ' and test/cases/known-failures.txt' : ''}`,
    );
    const byHand = fresh.filter((f) => !recordable(f));
    for (const f of byHand) console.log(`not recorded (a case of ${f.call.group.slice(7)}; list it by hand): ${f.call.id}`);
  }

  const everyday = everydayCases();
  const none = presetNamed('none')!.settings;
  let allowed = 0;
  let asked = 0;
  for (const c of everyday) {
    // The CLI's hook knows its whole environment: decided as it would be, not as a caller that tells nothing (decision 0038).
    const d = decide({ settings: none, mode: 'default', command: c.command, environmentComplete: true });
    if (d.behavior === 'allow') allowed += 1;
    else if (c.cli === 'allow') asked += 1;
  }
  console.log(`everyday commands: ${everyday.length}, ${allowed} allowed, ${asked} asked where the CLI allows`);
  const shellText = [...r.shells]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, t]) => `${s} ${t.commands}`)
    .join(', ');
  console.log(
    `bash differential: ${r.total.commands} commands, ${r.total.allowed} allowed, ${r.total.run} run in bash, ${r.total.failOpen} fail-open (${r.total.known} known); ` +
      `${r.total.consented} consented opaque code; ${r.total.scenarios} scenarios; shells: ${shellText}; families: ${fams.map((f) => f.name).join(', ')}` +
      (held.length > 0 ? `; not in the sample: ${held.map((f) => f.name).join(', ')}` : ''),
  );
  if (r.total.failOpen > r.total.known) status = 1;
  return status;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`bash differential: ${(e as Error).stack ?? String(e)}`);
    process.exit(2);
  },
);
