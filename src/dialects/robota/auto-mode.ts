/**
 * robota's auto mode as data the gate can use (robota docs, "Auto mode"): which allow rules are
 * set aside while the classifier judges, and the limits after which a person is asked.
 * @packageDocumentation
 */
import { programsOfRole, programsRunningWhatFollows, runsWhatFollows } from '../../shell/programs/index.js';
import { UNMODELLED_EXECUTORS, UNMODELLED_RUNNERS } from '../../shell/programs/unmodelled-programs.js';
import { parseRobotaRule } from './rules.js';

/**
 * Auto-mode limits: after this many refusals in a row (blocks, or no usable verdict), or this
 * many blocks in a session, the mode asks a person until one approves.
 * @public
 */
export const ROBOTA_AUTO_MODE_LIMITS = { consecutiveRefusals: 3, sessionBlocks: 20 } as const;

/** Tools that run commands: a wildcard allow rule on them approves arbitrary execution. */
const EXEC_TOOLS = new Set(['Bash', 'Shell', 'BackgroundProcess', 'ExecuteCommand']);
/** Tools whose bare allow rule approves arbitrary execution. */
const BROAD_BARE = new Set(['Agent', 'Computer']);
/** Programs that run whatever follows them, and package managers and build tools: with a model or without. */
const isExecutor = (name: string): boolean => runsWhatFollows(name) || UNMODELLED_EXECUTORS.includes(name);
const isRunner = (name: string): boolean => programsOfRole('runner').has(name) || UNMODELLED_RUNNERS.includes(name);
const executors = (): Iterable<string> => [...programsRunningWhatFollows(), ...UNMODELLED_EXECUTORS];
const runners = (): Iterable<string> => [...programsOfRole('runner'), ...UNMODELLED_RUNNERS];
const RUN_SUBCOMMANDS = ['run', 'run-script', 'exec', 'dlx', 'x', 'start'];

const maybe = (partial: string, names: Iterable<string>) => [...names].some((n) => n.startsWith(partial));

/**
 * Is this an allow rule that approves arbitrary execution, set aside in auto mode? `*`, a bare
 * or `*` rule on a command tool, a bare `Agent` or `Computer`, and command patterns whose
 * wildcard can reach an interpreter or a run-style subcommand (`Bash(python *)`, `Bash(npm r*)`,
 * `Bash(py*)`, `Bash(/usr/bin/python3 *)`, `Bash(docker run *)`). Narrow rules
 * (`Bash(npm test)`, `Bash(pnpm test*)`, `Read(*)`) are kept.
 * @public
 */
export function isBroadExecutionAllowRule(text: string): boolean {
  const r = parseRobotaRule(text);
  if (!r.ok) return false;
  const rule = r.rule;
  if (rule.tool === '*') return true;
  if (rule.kind === 'bare') return EXEC_TOOLS.has(rule.tool) || BROAD_BARE.has(rule.tool) || (rule.toolIsGlob && !rule.tool.includes('__'));
  if (!EXEC_TOOLS.has(rule.tool) || rule.kind !== 'content') return false;
  const content = rule.content!.replace(/:\*$/, ' *');
  const star = content.indexOf('*');
  if (star < 0) return false;
  const prefix = content.slice(0, star);
  const words = prefix.split(/\s+/);
  const complete = /\s$/.test(prefix);
  const first = (words[0] ?? '').replace(/^.*\//, '');
  if (words.length === 1 && !complete) return first === '' || maybe(first, executors()) || maybe(first, runners());
  if (isExecutor(first)) return true;
  if (!isRunner(first)) return false;
  const rest = words.slice(1).filter((w) => w !== '');
  if (rest.length === 0) return true;
  const second = rest[0]!;
  const secondComplete = rest.length > 1 || complete;
  // `npm -y *`: the runner's yes-to-install flag, before a subcommand that may fetch and run a package.
  if (second === '-y') return true;
  return secondComplete ? RUN_SUBCOMMANDS.includes(second) : maybe(second, RUN_SUBCOMMANDS);
}

/** The allow rules that stay in force in auto mode, in order. @public */
export function allowRulesForAutoMode(rules: readonly string[]): string[] {
  return rules.filter((r) => !isBroadExecutionAllowRule(r));
}
