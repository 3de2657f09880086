import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDecisions } from './judge.js';
import { openOracle, type BashOracle } from './oracle.js';
import { probeSandbox } from './sandbox.js';

/**
 * A `describe` block that runs against real bash through the oracle: skipped (with the reason in
 * its title) where the sandbox cannot run, a failing test under `CI=true` instead. The body gets a
 * getter for the oracle opened in `beforeAll` (after the decision engine is prepared) and closed in
 * `afterAll`.
 */
export function describeWithOracle(title: string, body: (oracle: () => BashOracle) => void): void {
  const probe = probeSandbox();
  if (!probe.ok && process.env['CI'] === 'true') {
    it('has a sandbox under CI=true', () => {
      expect.fail(`no sandbox: ${probe.reason}`);
    });
  }
  describe.skipIf(!probe.ok)(`${title}${probe.ok ? '' : ` — skipped: no sandbox (${probe.reason})`}`, () => {
    let oracle: BashOracle | undefined;
    beforeAll(async () => {
      await prepareDecisions();
      process.stderr.write(`[oracle] starting the bash sandbox (real bash in Linux namespaces) for ${title}\n`);
      const opened = openOracle();
      if (!opened.ok) throw new Error(opened.reason);
      oracle = opened.oracle;
    });
    afterAll(() => oracle?.close());
    body(() => {
      if (!oracle) throw new Error('the oracle is not open (beforeAll failed)');
      return oracle;
    });
  });
}
