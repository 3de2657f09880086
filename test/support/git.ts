/**
 * git for tests that build real repositories: none of the user's or the system's configuration,
 * none of the variables that move git, a fixed author, and `home` as its home directory.
 */
import { execFileSync } from 'node:child_process';
import { environmentFromProcess } from '../../src/evaluate/door/environment.js';
import { evaluate } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/fs-view.js';
import { policyFromObjects } from '../../src/settings/index.js';

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

/** The settings a {@link bashDecider} decides under (`permissions` only). */
export type BashPermissions = { allow?: string[]; deny?: string[]; ask?: string[] };

/** One call of a {@link bashDecider}: variables added to its environment, and the project when it is not the cwd. */
export interface BashCall {
  /** Added to (or overriding) the decider's environment for this call (say `GIT_INDEX_FILE`). */
  env?: Readonly<Record<string, string>>;
  /** The project directory, when the call runs in another directory (a subdirectory of it); the cwd when absent. */
  projectDir?: string;
}

/**
 * Decides Bash calls in default mode through the Node file-system view, the way a hook run in
 * `cwd` would: `permissions` as the only settings, `home` as the home directory, `env` (PATH
 * only, unless given) as the whole inherited environment, with what each {@link BashCall} adds.
 */
export function bashDecider(permissions: BashPermissions, home: string, env: Readonly<Record<string, string>> = { PATH: '/usr/bin:/bin' }) {
  const policy = policyFromObjects([{ kind: 'inline', settings: { permissions } }]);
  return (cwd: string, command: string, call: BashCall = {}) =>
    evaluate(
      { tool: 'Bash', input: { command } },
      {
        mode: 'default',
        policy,
        cwd,
        home,
        projectDir: call.projectDir ?? cwd,
        fs: nodeFsView(),
        environment: environmentFromProcess({ ...env, ...call.env }),
      },
    );
}
