/**
 * Names every modelled shell runs itself, without looking along `PATH` (bash 5.2 "SHELL BUILTIN
 * COMMANDS", zsh 5.9 zshbuiltins(1), dash(1) "Builtins"; the reserved words a simple command may
 * start with are in too): no file of that name on `PATH` runs in their place.
 */
export const PATH_FREE_BUILTINS: ReadonlySet<string> = new Set([
  '.', ':', '[', '[[', 'alias', 'bg', 'break', 'builtin', 'cd', 'command', 'continue', 'declare', 'dirs', 'disown', 'echo',
  'enable', 'eval', 'exec', 'exit', 'export', 'false', 'fc', 'fg', 'getopts', 'hash', 'history', 'jobs', 'kill', 'let',
  'local', 'logout', 'popd', 'printf', 'pushd', 'pwd', 'read', 'readonly', 'return', 'set', 'shift', 'source', 'suspend',
  'test', 'times', 'trap', 'true', 'type', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'wait',
]);
