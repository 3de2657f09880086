import { Command, Option } from 'commander';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import type { Decision, ToolCall } from '../core/types.js';
import { evaluateAsync, prepare } from '../evaluate/index.js';
import {
  environmentFromAssignments,
  evaluationContextFor,
  parseShellName,
  type ContextShell,
  type EnvironmentFacts,
  type EvaluationContext,
  type SessionFacts,
} from '../evaluate/index.js';
import { callFromObject, parseCallJson, parseCallShorthand } from './shorthand.js';
import { formatDecision, formatTrace } from './format.js';
import { registerHookCommand } from './hook.js';
import { nodeFsView } from '../node/fs.js';
import { formatWhatIf, whatIf } from '../lint/what-if.js';
import { registerLintCommand } from './lint.js';
import { registerTestCommand } from './test-command.js';
import { registerServeCommand } from './serve.js';
import { registerAsksCommand, registerAuditCommand } from './asks.js';
import { registerGrantsCommand } from './grants.js';
import { registerDiffCommand } from './diff.js';
import { formatDiagnostics, loadPolicyFromFlags, startingMode, UsageError, type LoadedPolicy, type PolicyOptions } from './load.js';
import { EXIT, newProgram, runProgram } from './run-program.js';

export { EXIT };

/** The permission modes, as `--mode` takes them (Claude Code docs, "Permission modes"). */
const MODES_HELP = `Modes (--mode; default: the settings' defaultMode, else default):
  default            asks what no rule allows (reads inside the working directories run)
  acceptEdits        also runs file edits inside the working directories
  plan               asks like default (for planning first; the plan file is writable)
  auto               what would ask goes to a classifier (check has none: it asks)
  dontAsk            denies what would ask
  bypassPermissions  allows what would ask, but never a firm ask or a protected path
  (manual is another name for default)`;

const DECIDE_HELP = `
${MODES_HELP}

Exit codes: 0 allow, 3 ask, 4 deny, 2 usage error (bad flags, an unreadable call or settings
file; with --strict, no settings loaded), 1 internal error. --batch: 0 when every line was
decided, 2 when a line could not be read.`;

const PROGRAM_HELP = `
Without --settings or --project, check and explain read no settings file and say so on stderr.

${MODES_HELP}

Exit codes:
  check, explain  0 allow, 3 ask, 4 deny, 2 usage error, 1 internal error
  lint            0 no finding at --fail-on level (default error), 1 findings, 2 usage error
  test            0 every case passed, 1 a case failed, 2 no test file found
  diff            0 nothing widens (--fail-on), 1 something does, 2 usage error
  hook            always 0: the answer (a deny for anything unreadable) is the JSON on stdout`;

interface CheckFlags extends PolicyOptions {
  mode?: string;
  call?: string;
  json?: boolean;
  batch?: boolean;
  quiet?: boolean;
  strict?: boolean;
  whatIf?: boolean;
  dialect?: string;
  shell?: string;
  env?: string[];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

function policyOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option('-s, --settings <file>', 'a settings file to load (repeatable); alone, only these files are read').argParser(collect),
    )
    .option('-p, --project <dir>', 'load the layers of this project: user, project, local and managed settings')
    .option('--setting-sources <list>', 'which layers load with --project (comma-separated: user,project,local,managed)')
    .option('--cwd <dir>', 'working directory of the agent (default: --project or the current directory)')
    .option('--home <dir>', 'home directory (default: the real one)')
    .addOption(new Option('--allowed-tools <rule>', 'an extra allow rule, like --allowedTools (repeatable)').argParser(collect))
    .addOption(new Option('--disallowed-tools <rule>', 'an extra deny rule, like --disallowedTools (repeatable)').argParser(collect))
    .option('-m, --mode <mode>', 'permission mode (default: the settings defaultMode, else the dialect default)')
    .option('-d, --dialect <name>', 'whose semantics to follow: claude-code (default), noeta, biu, robota')
    .option('--shell <name>', 'the shell that runs Bash commands: bash, sh, zsh or unknown (default unknown)')
    .addOption(
      new Option(
        '--env <NAME=VALUE>',
        'a variable of the environment commands run in (repeatable; an empty value is unset); variables not given may be set',
      ).argParser(collect),
    );
}

function readCall(positional: string | undefined, flags: CheckFlags): ToolCall | Error {
  if (flags.call !== undefined && positional !== undefined)
    return new Error('give the call once: either as shorthand or with --call, not both');
  if (flags.call !== undefined) {
    const r = parseCallJson(flags.call);
    return r.ok ? r.call : new Error(r.message);
  }
  if (positional === undefined) return new Error('no call given: pass \'Bash(git status)\' or --call \'{"tool":"Bash","input":{...}}\'');
  const r = parseCallShorthand(positional);
  return r.ok ? r.call : new Error(r.message);
}

/** What `--shell` and `--env` say about the world the call runs in. */
interface WorldFacts {
  shell?: ContextShell;
  environment?: EnvironmentFacts;
}

/**
 * The context for a call, through the one door every front end uses: the loaded policy, the
 * project `--project` names (else the cwd), the shell and environment given, and the Node file
 * system's view (symbolic links are followed).
 */
function contextFor(
  loaded: LoadedPolicy,
  mode: EvaluationContext['mode'],
  world: WorldFacts,
  where: { cwd?: string; projectDir?: string } = {},
): EvaluationContext {
  const facts: SessionFacts = {
    policy: loaded.policy,
    home: loaded.home,
    project: { known: true, dir: where.projectDir ?? loaded.projectDir, via: 'declared' },
    dialect: loaded.dialect,
    fs: nodeFsView(),
    ...world,
  };
  return evaluationContextFor({ cwd: where.cwd ?? loaded.cwd, mode }, facts);
}

/** `--shell` and `--env` as facts; a bad value is a usage error. */
function worldFromFlags(flags: CheckFlags): WorldFacts {
  const shell = flags.shell !== undefined ? parseShellName(flags.shell) : undefined;
  if (shell instanceof Error) throw new UsageError(`--shell: ${shell.message}`);
  const environment = flags.env !== undefined ? environmentFromAssignments(flags.env) : undefined;
  if (environment instanceof Error) throw new UsageError(`--env: ${environment.message}`);
  return { ...(shell !== undefined ? { shell } : {}), ...(environment !== undefined ? { environment } : {}) };
}

/** A batch line's `shell` and `env` (an object of NAME: value, or a list of NAME=VALUE) over the flags'; an Error names what is wrong. */
function worldFromLine(o: Record<string, unknown>, base: WorldFacts): WorldFacts | Error {
  const world: WorldFacts = { ...base };
  if (o['shell'] !== undefined) {
    const shell = typeof o['shell'] === 'string' ? parseShellName(o['shell']) : new Error('"shell" must be bash, sh, zsh or unknown');
    if (shell instanceof Error) return new Error(`"shell": ${shell.message}`);
    world.shell = shell;
  }
  const env = o['env'];
  if (env !== undefined) {
    const list = Array.isArray(env)
      ? env
      : env !== null && typeof env === 'object'
        ? Object.entries(env).map(([k, v]) => (typeof v === 'string' ? `${k}=${v}` : k))
        : undefined;
    if (list === undefined || list.some((a) => typeof a !== 'string'))
      return new Error('"env" must be an object of NAME: "value" or a list of "NAME=VALUE"');
    const environment = environmentFromAssignments(list as string[]);
    if (environment instanceof Error) return new Error(`"env": ${environment.message}`);
    world.environment = environment;
  }
  return world;
}

async function decideOne(positional: string | undefined, flags: CheckFlags, explain: boolean): Promise<number> {
  const call = readCall(positional, flags);
  if (call instanceof Error) throw new UsageError(call.message);
  const loaded = await loadPolicyFromFlags(flags);
  printDiagnostics(loaded, flags.quiet === true);
  noteNothingLoaded(loaded, flags);
  const mode = startingMode(flags.mode, loaded);
  if (mode instanceof Error) throw new UsageError(mode.message);
  const ctx = contextFor(loaded, mode, worldFromFlags(flags));
  const decision = await evaluateAsync(call, ctx);
  if (flags.whatIf) {
    const result = whatIf(call, ctx);
    process.stdout.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatWhatIf(result)}\n`);
    return EXIT[decision.behavior];
  }
  if (flags.json) process.stdout.write(`${JSON.stringify(decision, null, 2)}\n`);
  else process.stdout.write(`${explain ? formatTrace(call, decision) : formatDecision(call, decision, loaded.dialect.nativeWords)}\n`);
  return EXIT[decision.behavior];
}

function printDiagnostics(loaded: LoadedPolicy, quiet: boolean): void {
  if (quiet) return;
  for (const line of formatDiagnostics(loaded.policy.diagnostics.filter((d) => d.severity !== 'info'))) {
    process.stderr.write(`${line}\n`);
  }
}

/**
 * A decision with no settings loaded is decided by the mode alone: say so on stderr (unless
 * `--quiet`); under `--strict` it is a usage error.
 */
function noteNothingLoaded(loaded: LoadedPolicy, flags: CheckFlags): void {
  if (loaded.nothingLoaded === undefined) return;
  if (flags.strict === true) throw new UsageError(`${loaded.nothingLoaded} (--strict)`);
  if (flags.quiet !== true) process.stderr.write(`toolgate: note: ${loaded.nothingLoaded}\n`);
}

/** `--batch`: JSONL calls on stdin, one JSON decision per line on stdout. A line may name its own `settings` file, `mode`, `cwd`, `shell` and `env`. */
async function batch(flags: CheckFlags): Promise<number> {
  await prepare();
  const base = await loadPolicyFromFlags(flags);
  printDiagnostics(base, flags.quiet === true);
  const baseMode = startingMode(flags.mode, base);
  if (baseMode instanceof Error) throw new UsageError(baseMode.message);
  const baseWorld = worldFromFlags(flags);
  const perFile = new Map<string, Promise<LoadedPolicy>>();
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let status: number = EXIT.allow;
  let notedNothing = false;
  let lineNo = 0;
  const out: string[] = [];
  const flush = () => {
    if (out.length > 0) process.stdout.write(out.join(''));
    out.length = 0;
  };
  for await (const line of rl) {
    lineNo += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      out.push(`${JSON.stringify({ line: lineNo, error: `not JSON: ${(e as Error).message}` })}\n`);
      status = EXIT.usage;
      continue;
    }
    const parsed = callFromObject(value);
    if (!parsed.ok) {
      out.push(`${JSON.stringify({ line: lineNo, error: parsed.message })}\n`);
      status = EXIT.usage;
      continue;
    }
    const o = value as Record<string, unknown>;
    const fail = (message: string) => {
      out.push(`${JSON.stringify({ line: lineNo, error: message })}\n`);
      status = EXIT.usage;
    };
    if (o['settings'] !== undefined && typeof o['settings'] !== 'string') {
      fail('"settings" must be a file path');
      continue;
    }
    if (o['cwd'] !== undefined && (typeof o['cwd'] !== 'string' || o['cwd'] === '')) {
      fail('"cwd" must be a non-empty path');
      continue;
    }
    let loaded = base;
    if (typeof o['settings'] !== 'string' && base.nothingLoaded !== undefined) {
      // Said once, before the first line the empty policy decides; under --strict each such line fails.
      if (flags.strict === true) {
        fail(`${base.nothingLoaded} (--strict)`);
        continue;
      }
      if (!notedNothing) noteNothingLoaded(base, flags);
      notedNothing = true;
    }
    if (typeof o['settings'] === 'string') {
      const file = resolve(o['settings']);
      let p = perFile.get(file);
      if (!p) {
        p = loadPolicyFromFlags({ ...flags, settings: [file], project: undefined as never }).then((l) => {
          printDiagnostics(l, flags.quiet === true);
          return l;
        });
        perFile.set(file, p);
      }
      try {
        loaded = await p;
      } catch (e) {
        fail((e as Error).message);
        continue;
      }
    }
    const lineMode =
      typeof o['mode'] === 'string'
        ? startingMode(o['mode'], loaded)
        : o['settings'] !== undefined
          ? startingMode(flags.mode, loaded)
          : baseMode;
    if (lineMode instanceof Error) {
      fail(lineMode.message);
      continue;
    }
    const world = worldFromLine(o, baseWorld);
    if (world instanceof Error) {
      fail(world.message);
      continue;
    }
    // Without --project, a line's cwd is also its project root (where `/p` rules anchor).
    const lineCwd = typeof o['cwd'] === 'string' ? o['cwd'] : undefined;
    const ctx = contextFor(
      loaded,
      lineMode,
      world,
      lineCwd !== undefined ? { cwd: lineCwd, ...(flags.project === undefined ? { projectDir: lineCwd } : {}) } : {},
    );
    const decision: Decision = await evaluateAsync(parsed.call, ctx);
    out.push(
      `${JSON.stringify({ line: lineNo, ...(typeof o['settings'] === 'string' ? { settings: o['settings'] } : {}), call: parsed.call, decision })}\n`,
    );
    if (out.length >= 256) flush();
  }
  flush();
  return status;
}

/** Build the `toolgate` command line program. */
export function buildProgram(): Command {
  const program = newProgram();

  policyOptions(program.command('check'))
    .description('decide one call (or, with --batch, one per line of JSONL on stdin)')
    .argument('[call]', "the call as shorthand, e.g. 'Bash(git push origin main)' or 'Read(src/index.ts)'")
    .option('-c, --call <json>', 'the call as JSON: {"tool":"Bash","input":{"command":"ls"}}')
    .option('--json', 'print the whole Decision as JSON')
    .option('--batch', 'read JSONL calls on stdin, write one JSON decision per line')
    .option('--what-if', 'also say what would change the answer: the allow rule to add, the setting, or only a person, each time, and why')
    .option('-q, --quiet', 'do not print settings diagnostics or the note that no settings were loaded')
    .option('--strict', 'exit 2 (usage error) when no settings file was loaded and no rule was given')
    .action(async (call: string | undefined, flags: CheckFlags) => {
      process.exitCode = flags.batch ? await batch(flags) : await decideOne(call, flags, false);
    });

  policyOptions(program.command('explain'))
    .description('decide one call and print every step of the decision')
    .argument('[call]', "the call as shorthand, e.g. 'Bash(git push origin main)'")
    .option('-c, --call <json>', 'the call as JSON')
    .option(
      '--what-if',
      'what would change the answer (the allow rule to add, the setting, or only a person, each time, and why), and what else each candidate rule would allow',
    )
    .option('--json', 'print the whole Decision as JSON')
    .option('-q, --quiet', 'do not print settings diagnostics or the note that no settings were loaded')
    .option('--strict', 'exit 2 (usage error) when no settings file was loaded and no rule was given')
    .action(async (call: string | undefined, flags: CheckFlags) => {
      process.exitCode = await decideOne(call, flags, true);
    });

  program.addHelpText('after', PROGRAM_HELP);
  for (const name of ['check', 'explain']) program.commands.find((c) => c.name() === name)?.addHelpText('after', DECIDE_HELP);

  registerHookCommand(program, collect);

  registerLintCommand(program);
  registerTestCommand(program);
  registerServeCommand(program);
  registerAsksCommand(program);
  registerGrantsCommand(program);
  registerAuditCommand(program);
  registerDiffCommand(program);
  return program;
}

/** Run the CLI with `argv` (as `process.argv`). Resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  return runProgram(buildProgram(), argv);
}
