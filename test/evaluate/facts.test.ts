/**
 * What a shell command writes, for the protected-path check (`shellWrites` in src/evaluate/facts.ts):
 * metadata a program makes with content of its own (`git init`'s `.git`, a bare repository's
 * layout) is passed over, unless it is made in a protected folder (red team 24, RT24-G:
 * `git -C .claude init --bare` filled `.claude` with git's files, `git -C .git/hooks init` put a
 * repository among the hooks).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';

beforeAll(async () => {
  await prepare();
});

describe('metadata a program makes, in and out of protected folders', () => {
  const fs = caseFsView(
    {
      [`${P}/.claude/settings.json`]: 'text: {}\n',
      [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
      [`${P}/.git/hooks/pre-commit.sample`]: 'text: x\n',
      [`${P}/sub/a.txt`]: 'text: a\n',
    },
    { cwd: P, home: H, platform: 'linux' },
  );
  const decide = (command: string) =>
    evaluate(
      { tool: 'Bash', input: { command } },
      { mode: 'bypassPermissions', policy: policyFromObjects([]), cwd: P, home: H, projectDir: P, workingDirectories: [P], fs, environment: { values: { PATH: '/usr/bin:/bin', HOME: H }, complete: true } },
    );

  it('a repository made in .claude or among the hooks is a protected ask, the reason naming what git writes', () => {
    for (const [command, written] of [
      ['git -C .claude init --bare', `${P}/.claude/HEAD`],
      ['git -C .claude init', `${P}/.claude/.git`],
      ['cd .claude && git init', `${P}/.claude/.git`],
      ['git -C .git/hooks init --bare', `${P}/.git/hooks/HEAD`],
      ['git -C .git/hooks init', `${P}/.git/hooks/.git`],
    ] as const) {
      const d = decide(command);
      expect([command, d.behavior, d.askKind, d.reason.message.includes(written)]).toEqual([command, 'ask', 'protected', true]);
    }
  });

  it('a repository made in the project or a folder of it stays git’s own content', () => {
    for (const command of ['git init', 'git init sub', 'git -C sub init', 'git init --bare ../repo.git', 'git -C sub init --bare'])
      expect([command, decide(command).behavior]).toEqual([command, 'allow']);
  });
});
