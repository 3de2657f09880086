/**
 * Programs that run commands from a script or input toolgate does not read (ed, m4, dc, lftp, at,
 * batch, crontab, other agents) are opaque code; each example of programs/code-runners.ts is a test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../../src/evaluate/index.js';
import { opaqueCommands } from '../../../src/evaluate/opaque-commands.js';
import { analyzeShell } from '../../../src/shell/index.js';
import { CODE_RUNNER_EXAMPLES } from '../../../src/shell/programs/code-runners.js';

beforeAll(async () => {
  await prepare();
});

describe('code runners', () => {
  it.each(CODE_RUNNER_EXAMPLES.map((e) => [e.command, e.opaque] as const))('%s runs code toolgate cannot see: %s', (command, opaque) => {
    const found = opaqueCommands(analyzeShell(command, { shell: 'bash' }));
    const runner = found.find((o) => !o.unmodelled);
    expect(runner !== undefined).toBe(opaque);
    // A form a listed program runs nothing in is either known to (`crontab -l`) or judged as a program with no model (`run-parts --test d`).
    if (!opaque) expect(found.every((o) => o.unmodelled === true)).toBe(true);
  });
});

describe('programs toolgate has no model of', () => {
  it.each(['docker ps', 'kubectl get pods', 'helm status x', 'lftpget x'])('%s is unmodelled', (command) => {
    const found = opaqueCommands(analyzeShell(command, { shell: 'bash' }));
    expect(found.map((o) => o.unmodelled)).toEqual([true]);
    expect(found[0]!.why).toMatch(/has no model of, so what it writes and runs is unknown/);
  });
  it.each([
    'cat x',
    'ls -la',
    'git status',
    'echo hi',
    'jq . x.json',
    'rm -rf build',
    'curl -s https://example.com',
    'npm ls',
    'cpio -id < x.cpio',
    'timeout 5 ls',
  ])('%s is modelled', (command) => {
    expect(opaqueCommands(analyzeShell(command, { shell: 'bash' })).filter((o) => o.unmodelled)).toEqual([]);
  });
});
