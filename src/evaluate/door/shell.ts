import type { ContextShell } from '../types.js';

/**
 * The shell a path or name denotes (`/bin/zsh`, `/usr/local/bin/bash`, `zsh`, `sh`): `bash`, `sh`
 * or `zsh` when its last component names one of them (`bash5`, `zsh-5.9` included), otherwise
 * `unknown` — a shell toolgate does not model (fish, dash under another name) is not guessed.
 * @public
 */
export function shellFromPath(path: string | undefined): ContextShell {
  if (path === undefined) return 'unknown';
  const name = path.trim().split(/[\\/]/).pop() ?? '';
  const m = /^(bash|zsh|sh)(?:-?[0-9][0-9.]*)?(?:\.exe)?$/.exec(name);
  return m !== null ? (m[1] as ContextShell) : 'unknown';
}

/** A `--shell` value or a batch line's `shell`: one of the names, else an Error naming them. @public */
export function parseShellName(value: string): ContextShell | Error {
  return value === 'bash' || value === 'sh' || value === 'zsh' || value === 'unknown' ? value : new Error(`unknown shell "${value}"; expected bash, sh, zsh or unknown`);
}
