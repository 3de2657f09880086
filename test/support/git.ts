/**
 * git for tests that build real repositories: none of the user's or the system's configuration,
 * none of the variables that move git, a fixed author, and `home` as its home directory.
 */
import { execFileSync } from 'node:child_process';

/** The environment such a git runs with; `extra` adds or overrides variables (say `GIT_PAGER`). */
export function isolatedGitEnv(home: string, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@e',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@e',
    ...extra,
  };
}

/** Runs git in a directory with `env`, returning what it prints. */
export const gitWith =
  (env: Readonly<Record<string, string>>) =>
  (cwd: string, ...args: string[]): string =>
    execFileSync('git', args, { cwd, env, encoding: 'utf8' });
