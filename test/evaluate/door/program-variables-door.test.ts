/**
 * One door for the variables that name programs (programs/program-variables.ts): the same event
 * gets the same decision whether the environment comes from the hook's process (every variable
 * known) or from serve's `X-Toolgate-Env` header (the names `ENVIRONMENT_FACT_NAMES` lists, the
 * rest unknown). Before the list carried the one table's names, serve was never told an exported
 * TAR_OPTIONS, MAKEFLAGS or GIT_CONFIG_KEY_0, and a write to the program it names was allowed
 * there while the hook asked. One row of each class of #37's fix29-env (N: an npmrc named by NPM_CONFIG_USERCONFIG), from its case file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeMode } from '../../../src/core/types.js';
import { environmentFromProcess, environmentHeaderTemplate, parseEnvironmentHeader } from '../../../src/evaluate/door/index.js';
import { evaluate, prepare, type EvaluationContext } from '../../../src/evaluate/index.js';
import { caseFsView, caseShell } from '../../../src/cases/index.js';
import { casePolicy, parseCaseFile } from '../../../src/testing/conformance.js';
import type { EnvironmentFacts } from '../../../src/evaluate/types.js';

const CASES = join(__dirname, '../../cases/own');

/** The rows, by file: one of each class (tidy28b's table, V15, V16, C, N). */
const ROWS: Readonly<Record<string, readonly string[]>> = {
  'tidy28.jsonl': ['tidy28-manpager-inherited'],
  'rt29-fix29-env.jsonl': [
    'rt27-v15-tar-options-compress-program',
    'rt29-env-v15-zipopt-TT',
    'rt27-v16-makeflags-shell',
    'rt29-env-v16-makeflags-cc',
    'rt27-c1-env-git-config-count-fsmonitor',
    'rt27-c2-env-git-config-parameters-fsmonitor',
    'rt29-env-v16-makeflags-jobs-keep',
    'rt29-env-n-userconfig-variable-script-shell',
  ],
};

/** The header serve's --print-hook-config makes Claude Code send, filled in from `env`. */
function served(env: Readonly<Record<string, string>>): EnvironmentFacts | undefined {
  return parseEnvironmentHeader(environmentHeaderTemplate().replace(/\$\{([A-Za-z_0-9]+)\}/g, (_m, n: string) => env[n] ?? ''));
}

describe('serve and hook decide the variables that name programs alike', () => {
  beforeAll(async () => {
    await prepare();
  });
  for (const [file, ids] of Object.entries(ROWS)) {
    const { cases } = parseCaseFile(readFileSync(join(CASES, file), 'utf8'));
    for (const id of ids) {
      it(id, () => {
        const c = cases.find((x) => x.id === id);
        expect(c, id).toBeDefined();
        const body = c!.case as Record<string, unknown>;
        const env = body['environment'] as Record<string, string>;
        const cwd = body['cwd'] as string;
        const home = body['home'] as string;
        const decide = (environment: EnvironmentFacts | undefined) => {
          const ctx: EvaluationContext = {
            mode: normalizeMode(String(body['mode'])) ?? 'default',
            policy: casePolicy(body),
            cwd,
            home,
            platform: 'linux',
            shell: caseShell(body),
            fs: caseFsView(body['fs'] as Record<string, unknown>, { cwd, home, platform: 'linux' }),
            ...(environment !== undefined ? { environment } : {}),
          };
          const d = evaluate(body['call'] as never, ctx);
          return { behavior: d.behavior, reason: d.reason.message };
        };
        const viaHook = decide(environmentFromProcess(env));
        const viaServe = decide(served(env));
        expect(viaHook.behavior).toBe(c!.expected.result);
        expect(viaServe).toEqual(viaHook);
      });
    }
  }
});
