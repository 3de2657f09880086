/**
 * What one call works out once is held by that call — its analysis (a `SideTable` each:
 * input texts, read-only verdicts, path effects) or its state (`EvalState.powerShellReadOnly`) —
 * not by a module: calls decided interleaved under two policies and two views, as serve decides
 * many, each get the decision they get alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const CTX = { cwd: P, home: '/home/user', platform: 'linux' as const };
const view = (files: Record<string, string>): ReadonlyFsView => caseFsView({ [`${P}/README.md`]: 'text: hello', ...files }, CTX);
const PLAIN = view({});
const LINKED = view({ [`${P}/notes`]: 'symlink -> /home/user/.ssh', '/home/user/.ssh/id_rsa': 'text: key' });

const policy = (permissions: Record<string, string[]>) => policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
const OPEN = policy({ allow: ['Bash(myprog)'] });
const GUARDED = policy({ allow: ['Bash(myprog)'], deny: ['Read(~/.ssh/**)', 'Read(./secret.txt)'] });

type Case = [tool: 'Bash' | 'PowerShell', command: string, policy: typeof OPEN, fs: ReadonlyFsView];
const cases: Case[] = [
  ['Bash', 'echo secret.txt | myprog', OPEN, PLAIN],
  ['Bash', 'echo secret.txt | myprog', GUARDED, PLAIN],
  ['Bash', 'ls -la notes/', GUARDED, PLAIN],
  ['Bash', 'ls -la notes/', GUARDED, LINKED],
  ['Bash', 'cat notes/id_rsa', OPEN, LINKED],
  ['PowerShell', 'Get-Content README.md', OPEN, PLAIN],
  ['PowerShell', 'Get-Content secret.txt', GUARDED, PLAIN],
  ['PowerShell', 'Remove-Item README.md', GUARDED, LINKED],
];
const decide = ([tool, command, p, fs]: Case) =>
  evaluate({ tool, input: { command } }, { mode: 'default', policy: p, cwd: P, home: CTX.home, fs }).behavior;

beforeAll(() => prepare());

describe('calls decided interleaved', () => {
  it('two policies and two views, Bash and PowerShell, in several orders: every decision is the one it makes alone', () => {
    const alone = cases.map(decide);
    expect(alone).toEqual(['allow', 'ask', 'allow', 'deny', 'ask', 'allow', 'deny', 'ask']);
    for (const order of [
      [0, 1, 2, 3, 4, 5, 6, 7],
      [7, 6, 5, 4, 3, 2, 1, 0],
      [1, 0, 3, 2, 6, 5, 7, 4, 0, 2, 5],
    ])
      for (const i of order) expect(decide(cases[i]!), cases[i]!.slice(0, 2).join(' ')).toBe(alone[i]);
  });
});
