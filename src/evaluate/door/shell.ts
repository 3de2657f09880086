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
  return value === 'bash' || value === 'sh' || value === 'zsh' || value === 'unknown'
    ? value
    : new Error(`unknown shell "${value}"; expected bash, sh, zsh or unknown`);
}

/**
 * The `X-Toolgate-Shell` header value `toolgate serve --print-hook-config` writes: Claude Code's
 * shell override, then the login shell, for Claude Code to interpolate (`allowedEnvVars`).
 * @public
 */
export const SHELL_HEADER_TEMPLATE = '${CLAUDE_CODE_SHELL}|${SHELL}';

/**
 * Read an `X-Toolgate-Shell` header: `A|B` as {@link SHELL_HEADER_TEMPLATE} sends it (the first of
 * `$CLAUDE_CODE_SHELL` and `$SHELL` that is set decides, as `toolgate hook` reads them), or a
 * single shell path or name. More than one `|` cannot be read for certain: `unknown`.
 * @public
 */
export function shellFromHeader(header: string | undefined): ContextShell {
  if (header === undefined) return 'unknown';
  const parts = header.split('|');
  if (parts.length > 2) return 'unknown';
  const chosen = parts.find((p) => p.trim() !== '');
  return shellFromPath(chosen);
}
