/**
 * git's trace variables (git(1) "Debugging": `GIT_TRACE`, `GIT_TRACE_PACKET`, `GIT_TRACE_PERFORMANCE`,
 * `GIT_TRACE_SETUP`, `GIT_TRACE_SHALLOW`, `GIT_TRACE_CURL`, `GIT_TRACE_REFS`, `GIT_TRACE_FSMONITOR`,
 * … and trace2's `GIT_TRACE2`, `GIT_TRACE2_EVENT`, `GIT_TRACE2_PERF`): each names where every git
 * command that inherits it writes its trace — standard error (`1`, `2`, `true`), a file descriptor
 * (`3`–`9`), a file git appends to (an absolute path), a directory it writes one file per process
 * into (trace2), or a Unix socket (`af_unix:[stream:|dgram:]PATH`). Exported, the variable makes
 * the git commands after it write that path.
 */

/** Whether `name` is one of git's trace variables. @internal */
export function isGitTraceVariable(name: string): boolean {
  return /^GIT_TRACE(2(_EVENT|_PERF)?|_[A-Z0-9_]+)?$/.test(name);
}

/**
 * Why exporting the trace variable `name` (with `value` when the word gives one) changes the git
 * commands after it, in words a person reads; `undefined` when it writes no file (`0`, `false`,
 * empty: off; `1`, `2`, `true`: standard error), as `world.ts` reads an inherited one.
 * @internal
 */
export function gitTraceExportWhy(name: string, value: string | undefined): string | undefined {
  if (value !== undefined && /^(0|1|2|true|false|)$/i.test(value)) return undefined;
  const where = value === undefined ? 'the path its value names' : value;
  return (
    `exporting ${name}${value !== undefined ? `=${value}` : ''} makes every later git command write its trace to ${where} ` +
    '(a file git appends to, a directory it writes files into, or with af_unix: a socket), which toolgate does not follow into the commands after it'
  );
}
