/**
 * `npm run oracle -- [options] COMMAND`: toolgate's decision for one Bash call and, when it is
 * `allow`, what real bash did with it and whether the invariant held.
 *
 *   --settings JSON|@FILE|NAME   settings object, a file holding one, or a preset
 *                                (none, narrow, all-but-denied, denied). Default: none.
 *   --mode MODE                  permission mode. Default: default.
 *   --cwd DIR                    working directory in the sandbox. Default: /home/user/project.
 *   --setup CODE                 shell code run first (what existed before).
 *   --shell bash|sh|zsh          the user's shell (runs the command; toolgate is told). Default: bash.
 *   --env NAME=VALUE             the user's environment (repeatable; toolgate is not told).
 *   --then COMMAND               a further call of the same session (repeatable): a scenario.
 *   --always-run                 run bash even when the answer is not allow.
 *   --json                       print one JSON object instead of text.
 *   --self-test                  run the sandbox self-test instead.
 *
 * Exit: 0 = not allowed, or allowed and the invariant held; 1 = fail-open (or a failed
 * self-test); 2 = bad usage or no sandbox.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { describeRun } from './invariant.js';
import { judge, prepareDecisions, type Verdict } from './judge.js';
import { openOracle } from './oracle.js';
import { presetNamed, SETTINGS_PRESETS } from './presets.js';
import { selfTest } from './self-test.js';

function usage(message: string): never {
  process.stderr.write(
    `oracle: ${message}\nusage: npm run oracle -- [--settings JSON|@FILE|${SETTINGS_PRESETS.map((p) => p.name).join('|')}] [--mode MODE] [--cwd DIR] [--setup CODE] [--shell bash|sh|zsh] [--env NAME=VALUE]... [--always-run] [--json] COMMAND [--then COMMAND]...\n       npm run oracle -- --self-test\n`,
  );
  process.exit(2);
}

function readSettings(value: string | undefined): unknown {
  if (value === undefined) return { permissions: {} };
  const preset = presetNamed(value);
  if (preset) return preset.settings;
  const text = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  try {
    return JSON.parse(text);
  } catch (e) {
    return usage(
      `--settings${value.startsWith('@') ? ` (${value.slice(1)})` : ''}: expected a JSON object or a preset name: ${(e as Error).message}`,
    );
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        settings: { type: 'string' },
        mode: { type: 'string', default: 'default' },
        cwd: { type: 'string' },
        setup: { type: 'string' },
        shell: { type: 'string' },
        env: { type: 'string', multiple: true },
        then: { type: 'string', multiple: true },
        'always-run': { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'self-test': { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return usage((e as Error).message);
  }
  const { values, positionals } = parsed;
  const opened = openOracle();
  if (values['self-test']) {
    if (!opened.ok) {
      console.log(`self-test skipped: ${opened.reason}`);
      return 2;
    }
    const checks = selfTest(opened.oracle);
    opened.oracle.close();
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name} — ${c.detail}`);
    const failed = checks.filter((c) => !c.ok).length;
    console.log(`self-test: ${checks.length - failed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  }
  if (positionals.length !== 1) return usage('expected exactly one COMMAND (quote it)');
  const command = positionals[0]!;
  const settings = readSettings(values.settings);
  await prepareDecisions();
  const shell = values.shell ?? 'bash';
  if (shell !== 'bash' && shell !== 'sh' && shell !== 'zsh')
    return usage(`--shell: expected bash, sh or zsh, got ${JSON.stringify(shell)}`);
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(pair);
    if (!m) return usage(`--env: expected NAME=VALUE, got ${JSON.stringify(pair)}`);
    env[m[1]!] = m[2]!;
  }
  const call = {
    settings,
    mode: values.mode!,
    command,
    shell,
    ...(Object.keys(env).length > 0 ? { env } : {}),
    ...(values.cwd ? { cwd: values.cwd } : {}),
    ...(values.setup ? { setup: values.setup } : {}),
  } as const;
  if ((values.then ?? []).length > 0 && opened.ok) {
    const { judgeScenario } = await import('./scenario.js');
    const { command: first, cwd: _cwd, ...common } = call;
    try {
      const v = judgeScenario(opened.oracle, { ...common, calls: [first, ...values.then!] });
      v.steps.forEach((step, i) => {
        console.log(`— call ${i + 1} (cwd ${step.cwd})`);
        printVerdict(step.command, step.verdict);
      });
      console.log(`scenario: ${v.outcome} after ${v.steps.length} of ${values.then!.length + 1} calls`);
      return v.outcome === 'fail-open' ? 1 : 0;
    } finally {
      opened.oracle.close();
    }
  }
  if (!opened.ok) {
    const { decide } = await import('./judge.js');
    const decision = decide(call);
    if (values.json) console.log(JSON.stringify({ command, decision: summary(decision), bash: `skipped: ${opened.reason}` }));
    else
      console.log(`decision: ${decision.behavior} (${decision.reason.kind}: ${decision.reason.message})\nbash: skipped: ${opened.reason}`);
    return 2;
  }
  try {
    const v = judge(opened.oracle, call, { alwaysRun: values['always-run']! });
    if (values.json) console.log(JSON.stringify(toJson(command, v)));
    else printVerdict(command, v);
    return v.outcome === 'fail-open' ? 1 : 0;
  } finally {
    opened.oracle.close();
  }
}

function summary(d: Verdict['decision']) {
  return { behavior: d.behavior, reason: d.reason, ...(d.rule ? { rule: d.rule.text } : {}), ...(d.askKind ? { askKind: d.askKind } : {}) };
}

function toJson(command: string, v: Verdict) {
  const run = 'run' in v ? v.run : undefined;
  return {
    command,
    decision: summary(v.decision),
    outcome: v.outcome,
    ...(v.outcome === 'not-run' ? { bash: `skipped: ${v.reason}` } : {}),
    ...(run && run.status === 'ran'
      ? {
          bash: {
            exitCode: run.exitCode,
            timedOut: run.timedOut,
            execs: run.execs,
            changes: run.changes,
            leaks: run.leaks.map((l) => ({ file: l.canary.file, kind: l.canary.kind, stream: l.stream })),
            stdout: run.stdout,
            stderr: run.stderr,
            ms: run.ms,
          },
        }
      : run
        ? { bash: `skipped: ${run.reason}` }
        : {}),
    ...(v.outcome === 'fail-open' ? { violations: v.violations } : {}),
  };
}

function printVerdict(command: string, v: Verdict): void {
  const d = v.decision;
  console.log(`command: ${JSON.stringify(command)}`);
  console.log(
    `decision: ${d.behavior}${d.askKind ? ` (${d.askKind})` : ''} — ${d.reason.kind}: ${d.reason.message}${d.rule ? ` [${d.rule.text}]` : ''}`,
  );
  const run = 'run' in v ? v.run : undefined;
  if (v.outcome === 'not-run') console.log(`bash: skipped: ${v.reason}`);
  else if (run && run.status === 'skipped') console.log(`bash: skipped: ${run.reason}`);
  else if (run) {
    console.log(`bash: exit ${run.exitCode ?? 'none'}${run.timedOut ? ' (killed at the time limit)' : ''}, ${run.ms.total.toFixed(0)} ms`);
    for (const line of describeRun(run)) console.log(`  ${line}`);
    if (run.stdout) console.log(`  stdout: ${JSON.stringify(run.stdout.slice(0, 2000))}`);
    if (run.stderr) console.log(`  stderr: ${JSON.stringify(run.stderr.slice(0, 2000))}`);
  } else console.log('bash: not run (toolgate did not allow)');
  if (v.outcome === 'held') console.log('invariant: held');
  else if (v.outcome === 'consented') {
    console.log('invariant: held but for consented opaque code (counted apart)');
    for (const x of v.violations) console.log(`  [${x.rule} ${x.kind}] ${x.evidence}`);
  } else if (v.outcome === 'fail-open') {
    console.log('invariant: BROKEN — fail-open');
    for (const x of v.violations) console.log(`  [${x.rule} ${x.kind}] ${x.evidence}`);
  } else if (v.outcome === 'not-allowed') console.log('invariant: not checked (not allowed)');
}

main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`oracle: ${(e as Error).stack ?? String(e)}\n`);
    process.exit(2);
  },
);
