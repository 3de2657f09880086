import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './load.js';

/**
 * Where `toolgate serve` keeps the answer token it makes when `--token-file` is not given, and
 * where `toolgate asks answer` looks for it: `${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-token`.
 */
export function defaultTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  const state = env['XDG_STATE_HOME'] !== undefined && env['XDG_STATE_HOME'] !== '' ? env['XDG_STATE_HOME'] : join(homedir(), '.local', 'state');
  return join(state, 'toolgate', 'serve-token');
}

/**
 * Where `toolgate serve` records the address it listens on while it runs, for `toolgate asks
 * answer` to send the token there and nowhere else: `${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-address`.
 */
export function defaultAddressFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(defaultTokenFile(env)), 'serve-address');
}

/** Read a token file: at least 16 characters; a warning when other users can read it. */
export function readTokenFile(file: string, flag: string, warn: (line: string) => void): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${(e as Error).message}`);
  }
  const token = text.trim();
  if (token.length < 16) throw new UsageError(`${flag} ${file}: the token must be at least 16 characters`);
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) warn(`warning: ${file} can be read by other users (chmod 600 it)`);
  return token;
}

/**
 * The token in `file`, made first when there is none: 32 random bytes, written with mode 0600 in
 * a directory of mode 0700. `made` says whether it was made now.
 */
export function ensureTokenFile(file: string, warn: (line: string) => void): { token: string; made: boolean } {
  try {
    statSync(file);
  } catch {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const token = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
      return { token, made: true };
    } catch (e) {
      // Another serve made it first: read theirs.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new UsageError(`cannot write the answer token to ${file}: ${(e as Error).message}`);
    }
  }
  return { token: readTokenFile(file, 'the answer token', warn), made: false };
}
