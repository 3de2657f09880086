import { Command, Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { normalizeMode, type Platform, type SettingsSourceKind } from '../core/types.js';
import { prepare } from '../evaluate/index.js';
import type { LintInput, LintReport } from '../lint/index.js';
import type { SampleEnv } from '../lint/samples.js';
import type { Policy } from '../settings/types.js';
import type { Store } from '../store/index.js';
import { nodeFileSystem } from '../node/index.js';
import { readSettingsText } from '../settings/index.js';
import { readCall } from '../policy-test/call.js';
import { isShellPrepared } from '../shell/index.js';
import { analysesWithoutParser } from '../shell/analyze.js';
import { dialectFromFlag, loadPolicyFromFlags, UsageError } from './load.js';
import { setV8Flags, WASM_FLAGS } from './wasm-flags.js';

interface LintFlags {
  project?: string;
  settings?: string[];
  kind?: string;
  home?: string;
  cwd?: string;
  platform?: string;
  json?: boolean;
  sarif?: string | boolean;
  publicSchema?: boolean;
  failOn?: string;
  whatIf?: string;
  mode?: string;
  tools?: string[];
  store?: string;
  dialect?: string;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function platformOf(flag: string | undefined): Platform {
  if (flag === 'linux' || flag === 'macos' || flag === 'windows') return flag;
  return process.platform === 'darwin' ? 'macos' : process.platform === 'win32' ? 'windows' : 'linux';
}

/** Which layer a file named on the command line is, from its name. */
function kindOfFile(file: string, flag: string | undefined): SettingsSourceKind {
  const kinds: Record<string, SettingsSourceKind> = {
    user: 'userSettings',
    project: 'projectSettings',
    local: 'localSettings',
    managed: 'managed',
  };
  if (flag !== undefined && kinds[flag] !== undefined) return kinds[flag]!;
  if (/managed-settings\.json$/.test(file) || /managed-settings\.d[\\/]/.test(file)) return 'managed';
  if (/settings\.local\.json$/.test(file)) return 'localSettings';
  if (resolve(file).startsWith(resolve(homedir(), '.claude'))) return 'userSettings';
  return 'projectSettings';
}

/**
 * The linter, loaded when `lint` runs: its schema validators (ajv and the public settings schema)
 * are a sizeable part of every other command's start otherwise.
 */
function lintModule(): Promise<typeof import('../lint/index.js')> {
  return import('../lint/index.js');
}

/**
 * V8 flags for a lint (decision 0104). A lint evaluates one to a few sample calls per rule, so the
 * evaluator and the shell analysis get hot and are compiled by TurboFan while they run; without
 * inlining, those compiles are smaller and cheaper, and the code they make is as fast for these
 * calls: 10,000 rules 1.41–1.46 → 1.13–1.23 s of CPU, 100,000 rules 3.93–4.14 → 3.72–3.90 s
 * (bench/RESULTS.md, "Lint", eighth round). Flags change only how V8 compiles, never a finding.
 * Set by the command line only: the library does not touch its host's V8 flags.
 */
const LINT_V8_FLAGS: readonly string[] = ['--no-turbo-inlining'];

/**
 * V8's tier-up budget for a lint of settings up to {@link SHORT_LINT_BYTES} (decision 0104
 * addendum). V8 optimises a function once it has run through its interrupt budget (67,584 bytes
 * of bytecode by default) a few times; a lint of a few thousand rules ends before most of those
 * compiles pay for themselves, so it runs better with later ones: 10,000 rules 1.17–1.32 →
 * 0.94–1.0 s of CPU, 1,000 rules 0.49–0.51 → 0.42–0.45 s. A long lint gains from early
 * optimisation (100,000 rules 4.1–4.3 → 4.6–4.9 s with this budget; about even at 30,000
 * rules), so a larger input keeps V8's default. Like the flag above, it changes how code is
 * compiled, never a finding. With them the hook's WebAssembly flags (`wasm-flags.ts`): without
 * `--liftoff-only`, V8 compiles the 1.4 MB bash grammar again with TurboFan once a short lint's
 * few parses have run, ≈ 0.6 s of CPU (a 3 kB settings file of the corpus whose rules need the
 * grammar: 1.01–1.07 → 0.41–0.43 s, the report byte for byte the same).
 */
const SHORT_LINT_FLAGS: readonly string[] = ['--interrupt-budget=500000', ...WASM_FLAGS];

/** Settings text up to this many characters (≈ 20,000 rules of `bench/lint-big.mjs`) is a short lint. */
const SHORT_LINT_BYTES = 768 * 1024;

/** Exit status of `toolgate lint`: 1 when a finding at or above `--fail-on` (default error) exists. */
function exitFor(report: LintReport, failOn: string | undefined): number {
  if (failOn === 'never') return 0;
  if (failOn === 'info') return report.diagnostics.length > 0 ? 1 : 0;
  if (failOn === 'warning') return report.errors + report.warnings > 0 ? 1 : 0;
  return report.errors > 0 ? 1 : 0;
}

/**
 * A lint run before the shell grammar is loaded (≈ 40 ms of CPU: most policies' commands are read
 * by the fast lexer alone), and run again after loading it when any of its analyses needed it. An
 * analysis asks for the grammar in one place only, which counts each time it finds none
 * (`analysesWithoutParser`); a run that leaves the count as it was got every analysis the loaded
 * grammar gives, so the report is always the one a lint with the grammar loaded gives.
 */
async function withParserWhenNeeded<T>(lint: () => Promise<T>): Promise<T> {
  const before = analysesWithoutParser();
  const report = await lint();
  if (isShellPrepared() || analysesWithoutParser() === before) return report;
  await prepare();
  return lint();
}

async function runWhatIf(call: string, flags: LintFlags): Promise<number> {
  const parsed = readCall(call);
  if (!parsed.ok) {
    process.stderr.write(`toolgate: ${parsed.message}\n`);
    return 2;
  }
  await prepare();
  const loaded = await loadPolicyFromFlags({
    ...(flags.settings !== undefined ? { settings: flags.settings } : {}),
    ...(flags.project !== undefined ? { project: flags.project } : {}),
    ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}),
    ...(flags.home !== undefined ? { home: flags.home } : {}),
  });
  const mode = normalizeMode(flags.mode ?? loaded.policy.defaultMode?.value ?? 'default');
  if (mode === undefined) {
    process.stderr.write(`toolgate: unknown mode "${flags.mode}"\n`);
    return 2;
  }
  const { formatWhatIf, whatIf } = await lintModule();
  const result = whatIf(parsed.call, { mode, policy: loaded.policy, cwd: loaded.cwd, home: loaded.home, projectDir: loaded.projectDir });
  process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatWhatIf(result)}\n`);
  return 0;
}

/** `toolgate lint --store ADDRESS`: the store's live grants, against their calls and their projects' ask rules. */
async function lintStore(address: string, flags: LintFlags): Promise<LintReport> {
  const { openStore, StoreOpenError } = await import('../store/index.js');
  let store: Store;
  try {
    store = await openStore(address);
  } catch (e) {
    if (e instanceof StoreOpenError) throw new UsageError(e.message);
    throw e;
  }
  try {
    const { liveGrants } = await import('../serve/grants-list.js');
    const { grants, asks } = await liveGrants(store, Date.now());
    const policies = new Map<string, { policy: Policy; env: SampleEnv } | undefined>();
    for (const dir of new Set(grants.map((g) => g.projectDir))) {
      try {
        const loaded = await loadPolicyFromFlags({ project: dir, ...(flags.home !== undefined ? { home: flags.home } : {}) });
        policies.set(dir, { policy: loaded.policy, env: { cwd: loaded.cwd, home: loaded.home, projectDir: loaded.projectDir } });
      } catch {
        // A project that is gone has no ask rules to compare with.
        policies.set(dir, undefined);
      }
    }
    const { lintGrants } = await import('../lint/grants.js');
    const { summarize } = await lintModule();
    const diagnostics = lintGrants({ grants, askOf: (id) => asks.get(id)?.pending, policyOf: (dir) => policies.get(dir), store: address });
    return summarize([address], diagnostics);
  } finally {
    await store.close();
  }
}

/**
 * `toolgate lint [--project DIR | --settings FILE… | --store ADDRESS]`: check settings files (or a store's grants); prints findings
 * (`--json`, `--sarif [FILE]`), exits 1 when there is an error (see `--fail-on`), 2 on usage errors.
 * With `--what-if CALL` it prints the "what if" view for that call instead.
 */
export function registerLintCommand(program: Command): Command {
  return program
    .command('lint')
    .description('check settings files for mistakes: schema, rules, shadowed or broad allows, bypassable denies, hooks')
    .argument('[files...]', 'settings files to lint (like --settings)')
    .option('-p, --project <dir>', "lint a project's layers: user, project, local and managed settings, with .mcp.json")
    .addOption(
      new Option('-s, --settings <file>', 'a settings file to lint (repeatable); several are linted as layers of one policy').argParser(
        collect,
      ),
    )
    .addOption(
      new Option('--kind <layer>', 'which layer the --settings files are (default: from the file name)').choices([
        'user',
        'project',
        'local',
        'managed',
      ]),
    )
    .option('--home <dir>', 'home directory (default: the real one)')
    .option('--cwd <dir>', 'working directory (default: the project directory)')
    .addOption(
      new Option('--platform <name>', 'platform path rules are judged for (default: this one)').choices(['linux', 'macos', 'windows']),
    )
    .addOption(
      new Option(
        '--tools <names>',
        "the agent's own tools besides Claude Code's (comma-separated, repeatable): rules naming them are not unknown",
      ).argParser((v: string, prev: string[] = []) => [
        ...prev,
        ...v
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ]),
    )
    .option('--json', 'print the report as JSON')
    .option('--sarif [file]', 'print (or write to FILE) the report as SARIF 2.1.0')
    .option('--no-public-schema', 'skip the check against the public Claude Code settings schema')
    .addOption(
      new Option('--fail-on <severity>', 'exit 1 when a finding of this severity or worse exists')
        .choices(['error', 'warning', 'info', 'never'])
        .default('error'),
    )
    .option(
      '--what-if <call>',
      "instead of linting: for this call (e.g. 'Bash(git push origin main)'), the smallest allow rule and what else it would allow",
    )
    .option('-m, --mode <mode>', 'permission mode for --what-if')
    .option(
      '-d, --dialect <name>',
      "read the rules as this dialect does (robota, biu): each rule it refuses is named; Claude Code's rule checks are not run",
    )
    .option(
      '--store <address>',
      "instead of settings: the grants saved in toolgate serve's store (sqlite:PATH or postgres://…): grants broader than the call they were saved with, grants that cover calls an ask rule names",
    )
    .action(async (files: string[], flags: LintFlags) => {
      await setV8Flags(LINT_V8_FLAGS);
      if (flags.whatIf !== undefined) {
        process.exitCode = await runWhatIf(flags.whatIf, { ...flags, settings: [...(flags.settings ?? []), ...files] });
        return;
      }
      const { formatLintReport, lintProject, lintReportToSarif, lintSettings } = await lintModule();
      if (flags.store !== undefined) {
        await prepare();
        if (files.length > 0 || flags.settings !== undefined)
          throw new UsageError('--store lints the grants of a store: name no settings files with it');
        if (flags.sarif !== undefined && flags.sarif !== false)
          throw new UsageError('--sarif reports settings files; use --json with --store');
        const report = await lintStore(flags.store, flags);
        process.stdout.write(flags.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatLintReport(report)}\n`);
        process.exitCode = exitFor(report, flags.failOn);
        return;
      }
      const fs = nodeFileSystem();
      const home = resolve(flags.home ?? homedir());
      const platform = platformOf(flags.platform);
      const named = [...(flags.settings ?? []), ...files].map((f) => resolve(f));
      const dialect = dialectFromFlag(flags.dialect);
      if (dialect instanceof Error) throw new UsageError(dialect.message);
      const tools = {
        ...(flags.tools !== undefined ? { tools: flags.tools } : {}),
        ...(dialect.checkRule !== undefined ? { dialect } : {}),
      };
      let report: LintReport;
      if (named.length === 0) {
        const projectDir = resolve(flags.project ?? process.cwd());
        // A project's settings files (read by `lintProject`) are a short lint in practice.
        await setV8Flags(SHORT_LINT_FLAGS);
        report = await withParserWhenNeeded(() =>
          lintProject({
            fs,
            projectDir,
            home,
            platform,
            ...(flags.cwd !== undefined ? { cwd: resolve(flags.cwd) } : {}),
            publicSchema: flags.publicSchema !== false,
            ...tools,
          }),
        );
      } else {
        const inputs: LintInput[] = [];
        for (const file of named) {
          const read = await readSettingsText(fs, file);
          if (read.kind === 'missing') {
            process.stderr.write(`toolgate: settings file not found: ${file}\n`);
            process.exitCode = 2;
            return;
          }
          const kind = kindOfFile(file, flags.kind);
          if (read.kind === 'text') inputs.push({ text: read.text, file, kind });
          else
            inputs.push({
              text: '',
              file,
              kind,
              unreadable: {
                code: read.code,
                message: read.message,
                ...(read.line !== undefined ? { line: read.line, column: read.column ?? 1 } : {}),
              },
            });
        }
        if (inputs.reduce((n, i) => n + i.text.length, 0) <= SHORT_LINT_BYTES) await setV8Flags(SHORT_LINT_FLAGS);
        report = await withParserWhenNeeded(() =>
          lintSettings(inputs, {
            fs,
            home,
            platform,
            publicSchema: flags.publicSchema !== false,
            ...tools,
            ...(flags.project !== undefined ? { projectDir: resolve(flags.project) } : {}),
            ...(flags.cwd !== undefined ? { cwd: resolve(flags.cwd) } : {}),
          }),
        );
      }
      if (flags.sarif !== undefined && flags.sarif !== false) {
        const sarif = `${JSON.stringify(lintReportToSarif(report, { baseUri: `${process.cwd()}/` }), null, 2)}\n`;
        if (typeof flags.sarif === 'string') {
          await writeFile(flags.sarif, sarif);
          process.stderr.write(`toolgate: SARIF written to ${flags.sarif}\n`);
        } else process.stdout.write(sarif);
      }
      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else if (flags.sarif === undefined || typeof flags.sarif === 'string') process.stdout.write(`${formatLintReport(report)}\n`);
      process.exitCode = exitFor(report, flags.failOn);
    });
}
