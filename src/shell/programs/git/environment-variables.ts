/**
 * The environment variables git's model reads, apart from its subcommand table so the front ends
 * that only pass them on (`evaluate/door/environment.ts`) need none of git's model: `toolgate
 * hook` keeps the shell analysis in a file of its own that a Read never loads.
 */

/**
 * Environment variables that move where git finds its repository or configuration, or add
 * configuration: every subcommand honours them (git(1), "ENVIRONMENT VARIABLES"). `XDG_CONFIG_HOME`
 * moves the global file; `GIT_EXEC_PATH` the helpers git starts. `GIT_TRACE*` set to a path make
 * git write there.
 * @internal
 */
export const GIT_MOVING_VARIABLES: readonly string[] = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_COMMON_DIR',
  'GIT_OBJECT_DIRECTORY',
  'GIT_CONFIG',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_PARAMETERS',
  'XDG_CONFIG_HOME',
  'GIT_EXEC_PATH',
  'GIT_TRACE',
  'GIT_TRACE2',
  'GIT_TRACE2_EVENT',
  'GIT_TRACE2_PERF',
  'GIT_TRACE_SETUP',
  'GIT_TRACE_PERFORMANCE',
  'GIT_TRACE_PACKET',
  'GIT_TRACE_FSMONITOR',
];

/** Variables a partial clone's fetch runs (ssh, proxies, askpass). @internal */
export const GIT_FETCH_VARIABLES: readonly string[] = ['GIT_SSH', 'GIT_SSH_COMMAND', 'GIT_PROXY_COMMAND', 'GIT_ASKPASS', 'SSH_ASKPASS'];

/** Every environment variable git's read-only model reads (for the front ends that pass them on). @internal */
export const GIT_ENVIRONMENT_NAMES: readonly string[] = [
  ...new Set([...GIT_MOVING_VARIABLES, 'GIT_EXTERNAL_DIFF', ...GIT_FETCH_VARIABLES]),
];
