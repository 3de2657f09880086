import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './load.js';

/**
 * Where `toolgate serve` keeps the answer token it makes when `--token-file` is not given, and
 * where `toolgate asks answer` looks for it: `${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-token`.
 */
export function defaultTokenFile(env: NodeJS.ProcessEnv = process.env): string {
  const state =
    env['XDG_STATE_HOME'] !== undefined && env['XDG_STATE_HOME'] !== '' ? env['XDG_STATE_HOME'] : join(homedir(), '.local', 'state');
  return join(state, 'toolgate', 'serve-token');
}

/**
 * Where `toolgate serve` records the address it listens on while it runs, for `toolgate asks
 * answer` to send the token there and nowhere else: `${XDG_STATE_HOME:-~/.local/state}/toolgate/serve-address`.
 */
export function defaultAddressFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(defaultTokenFile(env)), 'serve-address');
}

/**
 * Read a token file the person named: at least 16 characters; a warning when other users can read
 * it, when it is a symbolic link (serve reads whatever it points to, now and at every restart), and
 * when another user owns it.
 */
export function readTokenFile(file: string, flag: string, warn: (line: string) => void): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${flag} ${file}: ${(e as Error).message}`);
  }
  const token = text.trim();
  if (token.length < 16) throw new UsageError(`${flag} ${file}: the token must be at least 16 characters`);
  if (process.platform !== 'win32') {
    if ((statSync(file).mode & 0o077) !== 0) warn(`warning: ${file} can be read by other users (chmod 600 it)`);
    if (lstatSync(file).isSymbolicLink())
      warn(
        `warning: ${file} is a symbolic link: serve trusts whatever it points to; make sure only you can change the link and its target`,
      );
    const uid = process.getuid?.();
    if (uid !== undefined && statSync(file).uid !== uid)
      warn(`warning: ${file} belongs to another user (uid ${statSync(file).uid}), who can change the token`);
  }
  return token;
}

/**
 * A new answer token at `file`, serve's default path, made at every start: 32 random bytes,
 * written with mode 0600 to a new file (exclusive create) in serve's state directory and renamed
 * over whatever was at `file` (a file, or a link, is replaced, never followed). A token found there
 * is never adopted: a program that wrote it while serve was not running would know the token of
 * every later serve (decision 0025 addendum). The state directory must be a directory, not a link,
 * owned by this user; one other users could enter is narrowed to 0700, said in a warning.
 */
export function freshTokenFile(file: string, warn: (line: string) => void): { token: string; made: true } {
  const dir = dirname(file);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new UsageError(`cannot make serve's state directory ${dir}: ${(e as Error).message}`);
  }
  if (process.platform !== 'win32') {
    const st = lstatSync(dir);
    if (!st.isDirectory())
      throw new UsageError(
        `serve's state directory ${dir} is a ${st.isSymbolicLink() ? 'symbolic link' : 'file'}, not a directory serve made: remove it (serve makes it again, mode 0700), or give --token-file and --store`,
      );
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid)
      throw new UsageError(
        `serve's state directory ${dir} belongs to another user (uid ${st.uid}): remove it, or give --token-file and --store`,
      );
    if ((st.mode & 0o077) !== 0) {
      chmodSync(dir, 0o700);
      warn(`warning: ${dir} could be entered by other users: its mode is now 0700`);
    }
  }
  const token = randomBytes(32).toString('base64url');
  const made = join(dir, `.serve-token-${randomBytes(8).toString('hex')}`);
  try {
    writeFileSync(made, `${token}\n`, { mode: 0o600, flag: 'wx' });
    renameSync(made, file);
  } catch (e) {
    rmSync(made, { force: true });
    throw new UsageError(`cannot write the answer token to ${file}: ${(e as Error).message}`);
  }
  return { token, made: true };
}
