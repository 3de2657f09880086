import { MODELLED_SHELLS, modelledShellOfName } from '../../shell/programs/modelled-shells.js';
import type { ContextShell } from '../types.js';

/**
 * The shell a path or name denotes (`/bin/zsh`, `/usr/local/bin/bash`, `zsh`, `sh`): `bash`, `sh`
 * or `zsh` when its last component names one of them (`bash5`, `zsh-5.9` included), otherwise
 * `unknown` — a shell toolgate does not model (fish, dash under another name) is not guessed.
 * @public
 */
export function shellFromPath(path: string | undefined): ContextShell {
  if (path === undefined) return 'unknown';
  return modelledShellOfName(path.trim().split(/[\\/]/).pop() ?? '') ?? 'unknown';
}

/** A `--shell` value or a batch line's `shell`: one of the names, else an Error naming them. @public */
export function parseShellName(value: string): ContextShell | Error {
  const shell = [...MODELLED_SHELLS, 'unknown' as const].find((s) => s === value);
  return shell ?? new Error(`unknown shell "${value}"; expected ${MODELLED_SHELLS.join(', ')} or unknown`);
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
