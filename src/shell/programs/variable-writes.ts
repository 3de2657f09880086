/**
 * Environment variables that name a file a program writes: given as a command's prefix
 * (`GIT_TRACE2_EVENT=/tmp/t git status`, `env LD_DEBUG_OUTPUT=log ls`), the path they hold is a
 * write of that program. Each entry says which programs read it; for any other program, and for
 * any variable not listed here and not known to be inert, a value naming a path is only a write
 * the command may do (`PathEffect.possible`).
 */

/** How a variable makes a program write the file its value names. @internal */
export interface VariableWrite {
  /** Whether the program `name` (folded, after wrappers) reads the variable. */
  readBy: (name: string) => boolean;
  /** A directory may be given: the program writes files of its own naming inside it. */
  tree?: true;
  /** The program adds a suffix to the name (`LD_DEBUG_OUTPUT=log` writes `log.<pid>`). */
  suffix?: string;
  /** Another variable the line or the environment must set for anything to be written. */
  needs?: string;
}

const GIT = (name: string): boolean => name === 'git';
const PYTHON = (name: string): boolean => /^(python[0-9.]*|pip[0-9.]*|pypy[0-9.]*)$/.test(name);
const NPM = (name: string): boolean => name === 'npm' || name === 'npx';

/**
 * git's trace targets (git(1) "Debugging"; trace.c, trace2/tr2_dst.c, git 2.39): an absolute
 * path is appended to, and `GIT_TRACE2*` may name a directory where git makes a file per
 * process. The boolean and count settings among the `GIT_TRACE_*` names hold no target.
 */
const GIT_TRACE = /^GIT_TRACE(?:2(?:_EVENT|_PERF)?|_(?!REDACT$|CURL_NO_DATA$|[A-Z_]*NESTING$|[A-Z_]*BRIEF$)[A-Z_]+)?$/;

/**
 * The variable `name` names a file a program writes, or undefined. `LD_DEBUG_OUTPUT`: the
 * dynamic loader (ld.so(8)) of any dynamically linked program writes `<value>.<pid>` when
 * `LD_DEBUG` is set. `PYTHONPYCACHEPREFIX`: Python writes its `.pyc` tree there (Python 3.8+).
 * `npm_config_cache`: npm writes its cache and logs there (npm reads `npm_config_*` names in any
 * case).
 * @internal
 */
export function variableWrite(name: string): VariableWrite | undefined {
  if (GIT_TRACE.test(name)) return name.startsWith('GIT_TRACE2') ? { readBy: GIT, tree: true } : { readBy: GIT };
  if (name === 'LD_DEBUG_OUTPUT') return { readBy: () => true, suffix: '.', needs: 'LD_DEBUG' };
  if (name === 'PYTHONPYCACHEPREFIX') return { readBy: PYTHON, tree: true };
  if (name.toLowerCase() === 'npm_config_cache') return { readBy: NPM, tree: true };
  return undefined;
}
