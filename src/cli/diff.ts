import type { Command } from 'commander';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { ReadonlyFsView } from '../core/ports.js';
import type { SettingsSourceKind, ToolCall } from '../core/types.js';
import {
  cachedFsView,
  callsOfPolicies,
  diffCorpus,
  diffPolicies,
  formatPolicyDiff,
  policyDiffToSarif,
  type DiffCall,
  type PolicyDiff,
  type RuleLineOf,
} from '../diff/index.js';
import { indexJson, lineColumn, locate } from '../lint/locate.js';
import { TOOLGATE_VERSION } from './version.js';
import { claudeCode, evaluationContextFor, prepare, type EvaluationContext } from '../evaluate/index.js';
import { nodeFileSystem } from '../node/index.js';
import { nodeFsView } from '../node/fs.js';
import {
  MANAGED_SETTINGS_PATHS,
  mergePolicy,
  parseSettingsFile,
  readSettingsFile,
  unreadableSettings,
  type ParsedSettingsFile,
  type Policy,
} from '../settings/index.js';
import { startingMode, UsageError } from './load.js';
import { callFromObject } from './shorthand.js';

const run = promisify(execFile);

interface DiffFlags {
  old?: string[];
  new?: string[];
  oldProject?: string;
  newProject?: string;
  oldRef?: string;
  cwd?: string;
  home?: string;
  mode?: string;
  json?: boolean;
  failOn?: string;
  calls?: string[];
  sarif?: string | boolean;
}

/** One settings file of a side: which layer it is and where it lives. */
export interface Wanted {
  kind: SettingsSourceKind;
  file: string;
  /** A file named with `--old`/`--new` must exist; a layer of a project need not. */
  required: boolean;
}

const LAYERS: Record<string, SettingsSourceKind> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
};

/** `[layer=]FILE` (layer user, project, local or managed; default project). */
function namedFile(arg: string): Wanted {
  const m = /^(user|project|local|managed)=(.+)$/.exec(arg);
  if (m === null && /^[a-z]+=/.test(arg) && !existsSync(arg))
    throw new UsageError(`unknown layer in "${arg}"; expected user, project, local or managed (e.g. project=.claude/settings.json)`);
  return { kind: m !== null ? LAYERS[m[1]!]! : 'projectSettings', file: resolve(m !== null ? m[2]! : arg), required: true };
}

/** The four layers of a project, as Claude Code reads them. */
export function projectLayers(dir: string, home: string): Wanted[] {
  const root = resolve(dir);
  if (!existsSync(root)) throw new UsageError(`project directory not found: ${root}`);
  return [
    { kind: 'userSettings', file: resolve(home, '.claude/settings.json'), required: false },
    { kind: 'projectSettings', file: resolve(root, '.claude/settings.json'), required: false },
    { kind: 'localSettings', file: resolve(root, '.claude/settings.local.json'), required: false },
    ...[MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos].map((file): Wanted => ({ kind: 'managed', file, required: false })),
  ];
}

async function readNow(w: Wanted): Promise<ParsedSettingsFile | undefined> {
  if (w.required && !existsSync(w.file)) throw new UsageError(`settings file not found: ${w.file}`);
  return readSettingsFile(nodeFileSystem(), { kind: w.kind, file: w.file });
}

/**
 * The file as it was at a git revision: read with `git show REV:PATH` in the file's repository.
 * A file outside any repository (the user's or managed settings) reads as it is now; one the
 * revision does not have is missing.
 */
async function readAtRef(w: Wanted, ref: string): Promise<ParsedSettingsFile | undefined> {
  let dir = dirname(w.file);
  while (!existsSync(dir)) dir = dirname(dir);
  let top: string;
  try {
    top = (await run('git', ['-C', dir, 'rev-parse', '--show-toplevel'])).stdout.trim();
  } catch {
    return readNow({ ...w, required: false });
  }
  try {
    await run('git', ['-C', top, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new UsageError(`--old-ref: no such revision "${ref}" in ${top}`);
  }
  const path = relative(top, w.file).split('\\').join('/');
  let text: string;
  try {
    text = (await run('git', ['-C', top, 'show', `${ref}:${path}`], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch {
    return undefined;
  }
  const source = { kind: w.kind, file: `${w.file}@${ref}` };
  return text.includes('\uFFFD')
    ? unreadableSettings(source, { kind: 'unreadable', code: 'TG_SETTINGS_ENCODING', message: 'not UTF-8' })
    : parseSettingsFile(text, source);
}

async function policyOf(wanted: readonly Wanted[], read: (w: Wanted) => Promise<ParsedSettingsFile | undefined>): Promise<Policy> {
  const parsed = (await Promise.all(wanted.map(read))).filter((p): p is ParsedSettingsFile => p !== undefined);
  return mergePolicy(parsed);
}

/** Both policies the flags describe, and the project the calls are placed in. */
async function sidesFromFlags(flags: DiffFlags, home: string): Promise<{ old: Policy; new: Policy; projectDir: string }> {
  const newWanted =
    flags.new !== undefined ? flags.new.map(namedFile) : flags.newProject !== undefined ? projectLayers(flags.newProject, home) : undefined;
  if (newWanted === undefined) throw new UsageError('name the new policy: --new [layer=]FILE… or --new-project DIR');
  const oldGiven = [flags.old !== undefined, flags.oldProject !== undefined, flags.oldRef !== undefined].filter(Boolean).length;
  if (oldGiven !== 1) throw new UsageError('name the old policy once: --old [layer=]FILE…, --old-project DIR or --old-ref GITREF');
  if (flags.new !== undefined && flags.newProject !== undefined) throw new UsageError('give --new or --new-project, not both');
  const projectDir = resolve(flags.cwd ?? flags.newProject ?? flags.oldProject ?? process.cwd());
  const newPolicy = await policyOf(newWanted, readNow);
  const oldPolicy =
    flags.oldRef !== undefined
      ? await policyOf(newWanted, (w) => readAtRef(w, flags.oldRef!))
      : await policyOf(flags.old !== undefined ? flags.old.map(namedFile) : projectLayers(flags.oldProject!, home), readNow);
  return { old: oldPolicy, new: newPolicy, projectDir };
}

/**
 * Calls from a JSONL file, one a line: `{"tool", "input"}` as `check --batch` reads them, or a
 * hook event's `tool_name` / `tool_input` (an audit or hook log). A line that is not a call is a
 * usage error naming the file and line.
 */
function callsFromFile(file: string): ToolCall[] {
  if (!existsSync(file)) throw new UsageError(`--calls: file not found: ${file}`);
  const out: ToolCall[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e) {
        throw new UsageError(`--calls ${file}:${i + 1}: not JSON: ${(e as Error).message}`);
      }
      const parsed = callFromObject(value);
      if (!parsed.ok) throw new UsageError(`--calls ${file}:${i + 1}: ${parsed.message}`);
      out.push(parsed.call);
    });
  return out;
}

/** A rule's line and column in its settings file, read now (undefined when the file cannot be read). */
const lineOf: RuleLineOf = (file, list, index) => {
  try {
    const text = readFileSync(file, 'utf8');
    const at = locate(indexJson(text), ['permissions', list, index]);
    return at !== undefined ? lineColumn(text, at.start) : undefined;
  } catch {
    return undefined;
  }
};

function contextOf(
  policy: Policy,
  mode: EvaluationContext['mode'],
  where: { projectDir: string; home: string; fs: ReadonlyFsView },
): EvaluationContext {
  return evaluationContextFor(
    { cwd: where.projectDir, mode },
    { policy, home: where.home, project: { known: true, dir: where.projectDir, via: 'declared' }, dialect: claudeCode, fs: where.fs },
  );
}

/**
 * Decide the body of calls (given ones, the shipped corpus, calls generated from both policies'
 * rules) under two policies placed in `projectDir`, and say which outcomes change. Each side's
 * mode is `mode`, else its own defaultMode, else default.
 */
export async function diffOf(
  oldPolicy: Policy,
  newPolicy: Policy,
  o: { projectDir: string; home: string; mode?: string; given?: readonly ToolCall[] },
): Promise<PolicyDiff> {
  const modeOf = (policy: Policy) => {
    const m = startingMode(o.mode, { policy, dialect: claudeCode });
    if (m instanceof Error) throw new UsageError(m.message);
    return m;
  };
  await prepare();
  const { projectDir, home } = o;
  const seen = new Set<string>();
  const fresh = (call: ToolCall) => {
    const key = JSON.stringify(call);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const calls: DiffCall[] = [
    ...(o.given ?? []).filter(fresh).map((call): DiffCall => ({ call, origin: 'given' })),
    ...diffCorpus({ projectDir, home })
      .filter(fresh)
      .map((call): DiffCall => ({ call, origin: 'corpus' })),
    ...callsOfPolicies([oldPolicy, newPolicy], { cwd: projectDir, home, projectDir })
      .filter(fresh)
      .map((call): DiffCall => ({ call, origin: 'generated' })),
  ];
  // One view of the file system for both sides: they see the same world, each path looked at once.
  const where = { projectDir, home, fs: cachedFsView(nodeFsView()) };
  return diffPolicies(contextOf(oldPolicy, modeOf(oldPolicy), where), contextOf(newPolicy, modeOf(newPolicy), where), calls);
}

async function runDiff(flags: DiffFlags): Promise<number> {
  const failOn = flags.failOn ?? 'widen';
  if (failOn !== 'widen' && failOn !== 'any' && failOn !== 'never')
    throw new UsageError(`--fail-on: expected widen, any or never, not "${failOn}"`);
  const home = resolve(flags.home ?? homedir());
  const sides = await sidesFromFlags(flags, home);
  const given = (flags.calls ?? []).flatMap((f) => callsFromFile(resolve(f)));
  const diff = await diffOf(sides.old, sides.new, {
    projectDir: sides.projectDir,
    home,
    given,
    ...(flags.mode !== undefined ? { mode: flags.mode } : {}),
  });
  if (flags.sarif !== undefined) {
    const sarif = `${JSON.stringify(policyDiffToSarif(diff, { toolVersion: TOOLGATE_VERSION, baseUri: process.cwd(), lineOf }), null, 2)}\n`;
    if (typeof flags.sarif === 'string') writeFileSync(flags.sarif, sarif);
    else process.stdout.write(sarif);
  }
  if (typeof flags.sarif !== 'boolean')
    process.stdout.write(flags.json === true ? `${JSON.stringify(diff, null, 2)}\n` : `${formatPolicyDiff(diff)}\n`);
  if (failOn === 'never') return 0;
  if (failOn === 'any') return diff.counts.widen + diff.counts.narrow > 0 ? 1 : 0;
  return diff.widened ? 1 : 0;
}

const DIFF_HELP = `
The body of calls: a corpus shipped with toolgate (everyday commands observed against the
Claude Code CLI, file, web, MCP and agent calls, and the shell program models' examples), placed
in the project (--cwd, else --new-project, else the current directory), plus calls generated from
every rule of both policies (its own examples, the prefix plus one word, the path plus one segment,
the same path under the other file tools, risky commands a broad rule would let through).

--calls FILE adds calls of your own (JSONL: {"tool":"Bash","input":{"command":"…"}} or a hook
event with tool_name and tool_input, one a line), e.g. the calls a hook or audit log recorded.

A side's mode is --mode, else its own defaultMode, else default: a changed defaultMode shows.

Exit codes: 0 nothing widens (--fail-on widen, the default) or nothing changes (--fail-on any),
1 something does, 2 usage error.

Examples:
  toolgate diff --old-ref origin/main --new .claude/settings.json
  toolgate diff --old user=old/settings.json --new user=new/settings.json
  toolgate diff --old-project ../before --new-project .`;

/** Register `toolgate diff`. */
export function registerDiffCommand(program: Command): void {
  program
    .command('diff')
    .description('decide a body of calls under an old and a new policy and list every call whose outcome changes, widenings first')
    .option('--old <[layer=]file...>', 'settings files of the old policy (layer user, project, local or managed; default project)')
    .option('--new <[layer=]file...>', 'settings files of the new policy (layer as for --old)')
    .option('--old-project <dir>', 'the old policy: the user, project, local and managed settings of this project')
    .option('--new-project <dir>', 'the new policy: the user, project, local and managed settings of this project')
    .option('--old-ref <gitref>', "the old policy: the new policy's settings files as they were at this git revision")
    .option('--cwd <dir>', 'the project the calls are placed in (default: --new-project, --old-project, else the current directory)')
    .option('--home <dir>', 'home directory (default: the real one)')
    .option('-m, --mode <mode>', "the permission mode of both sides (default: each side's defaultMode, else default)")
    .option(
      '--calls <file...>',
      'also decide these calls: JSONL, one {"tool","input"} (or a hook event) a line, e.g. from a hook or audit log',
    )
    .option('--fail-on <what>', 'exit 1 when something widens (widen, the default), changes at all (any), or never', 'widen')
    .option('--json', 'print the whole diff as JSON')
    .option(
      '--sarif [file]',
      'SARIF 2.1.0 for pull-request annotations (one result per rule responsible, at its line): to the file, else instead of the text on stdout',
    )
    .addHelpText('after', DIFF_HELP)
    .action(async (flags: DiffFlags) => {
      process.exitCode = await runDiff(flags);
    });
}
