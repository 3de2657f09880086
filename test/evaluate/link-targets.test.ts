/**
 * A settings file that is a link is written through its target too: the target of every file the
 * policy was read from (managed settings, `--settings` files) is protected, found through the
 * file-system view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { linkedProtected, linkedSettings, linkTargetWrite } from '../../src/evaluate/link-targets.js';
import { CLAUDE_CODE_PROTECTED_PATHS } from '../../src/paths/index.js';
import { whereLinkLeads } from '../../src/paths/real.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';
const EXTRA = `${H}/.config/toolgate/extra.json`;
const TARGET = `${H}/dotfiles/toolgate/extra.json`;

beforeAll(async () => {
  await prepare();
});

describe('settings files that are links', () => {
  const policy = policyFromObjects([{ kind: 'cli', file: EXTRA, settings: { permissions: { deny: ['Bash(git push *)'] } } }]);
  const fs = caseFsView(
    { [EXTRA]: `symlink -> ${TARGET}`, [TARGET]: 'file', [`${P}/README.md`]: 'file' },
    { cwd: P, home: H, platform: 'linux' },
  );

  it('names the targets of the files the policy was read from, and nothing without a view', () => {
    expect(linkedSettings(policy, P, H, fs)).toEqual([{ name: EXTRA, target: TARGET }]);
    expect(linkedSettings(policy, P, H, undefined)).toEqual([]);
  });

  it('a write to a target, or inside a linked folder, is a settings write; a neighbour is not', () => {
    const linked = [
      { name: EXTRA, target: TARGET },
      { name: `${P}/.claude`, target: `${P}/shared/claude` },
    ];
    expect(linkTargetWrite(TARGET, undefined, linked)).toContain('is a link to');
    expect(linkTargetWrite(`${P}/shared/claude/agents/a.md`, undefined, linked)).toContain('inside the target');
    expect(linkTargetWrite(`${P}/x.json`, TARGET, linked)).toContain('is a link to');
    expect(linkTargetWrite(`${P}/shared/claudex/a.md`, undefined, linked)).toBeUndefined();
    expect(linkTargetWrite(`${H}/dotfiles/toolgate/other.json`, undefined, linked)).toBeUndefined();
  });

  it("bypassPermissions: writing the target of a --settings file that is a link is held (red team: it removed the file's deny rules)", () => {
    for (const call of [
      { tool: 'Write', input: { file_path: TARGET, content: '{}' } },
      { tool: 'Bash', input: { command: `echo '{}' > ${TARGET}` } },
    ]) {
      const d = evaluate(call, { mode: 'bypassPermissions', policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs });
      expect([call.tool, d.behavior, d.askKind]).toEqual([call.tool, 'ask', 'protected']);
    }
  });
});

describe('protected files that are links (red team 24, RT24-A)', () => {
  const policy = policyFromObjects([]);
  const tree = {
    [`${H}/.bashrc`]: `symlink -> ${H}/dotfiles/bashrc`,
    [`${H}/dotfiles/bashrc`]: 'text: # rc\n',
    [`${H}/dotfiles/notes.txt`]: 'text: notes\n',
    [`${H}/.ssh`]: 'directory',
    [`${H}/.ssh/config`]: `symlink -> ${H}/dotfiles/ssh_config`,
    [`${H}/dotfiles/ssh_config`]: 'text: Host *\n',
    [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
    [`${P}/.git/config`]: 'text: [core]\n',
    [`${P}/.git/hooks/pre-commit`]: `symlink -> ${P}/scripts/pre-commit`,
    [`${P}/scripts/pre-commit`]: 'text: #!/bin/sh\n',
    [`${P}/scripts/build.sh`]: 'text: #!/bin/sh\n',
    [`${P}/.claude/worktrees`]: `symlink -> /tmp/worktrees`,
    ['/tmp/worktrees/a/x.txt']: 'text: x\n',
  };
  const fs = caseFsView(tree, { cwd: P, home: H, platform: 'linux' });
  const decide = (command: string, mode: 'bypassPermissions' | 'acceptEdits' = 'bypassPermissions') =>
    evaluate({ tool: 'Bash', input: { command } }, { mode, policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs });

  it('finds the links at the top of the home and the project, inside a protected folder, and in the hooks folder', () => {
    const found = linkedProtected(CLAUDE_CODE_PROTECTED_PATHS, [H, P], [{ path: `${P}/.git/hooks`, entry: 'a git hook' }, { path: `${H}/.ssh`, entry: '~/.ssh' }], fs);
    expect(found.map((l) => [l.name, l.target]).sort()).toEqual(
      [
        [`${H}/.bashrc`, `${H}/dotfiles/bashrc`],
        [`${H}/.ssh/config`, `${H}/dotfiles/ssh_config`],
        [`${P}/.git/hooks/pre-commit`, `${P}/scripts/pre-commit`],
      ].sort(),
    );
    expect(linkedProtected(CLAUDE_CODE_PROTECTED_PATHS, [H, P], [], undefined)).toEqual([]);
  });

  it('a write to where a protected link leads is a protected ask; a neighbour of the target is not', () => {
    for (const command of ["echo 'rm -f README.md' >> ~/dotfiles/bashrc", 'cp x.sh scripts/pre-commit', "printf 'Host *\\n' >> ~/dotfiles/ssh_config"])
      expect([command, decide(command).askKind]).toEqual([command, 'protected']);
    expect(decide('echo x >> ~/dotfiles/notes.txt').behavior).toBe('allow');
    expect(decide('cp x.sh scripts/build.sh', 'acceptEdits').behavior).toBe('allow');
  });

  it('the Write tool meets the same link (acceptEdits: a hook written as scripts/pre-commit)', () => {
    const d = evaluate(
      { tool: 'Write', input: { file_path: `${P}/scripts/pre-commit`, content: 'rm -rf src' } },
      { mode: 'acceptEdits', policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs },
    );
    expect([d.behavior, d.askKind]).toEqual(['ask', 'protected']);
  });

  it("an exception's link is no protected link (.claude/worktrees may lead anywhere)", () => {
    expect(decide('echo y > /tmp/worktrees/a/x.txt').behavior).toBe('allow');
  });
});

describe('links whose target is missing, and the folders holding a target (replay 24, RP24-L1)', () => {
  const policy = policyFromObjects([]);
  const tree = {
    [`${H}/.bashrc`]: 'symlink -> dotfiles/bashrc',
    [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
    [`${P}/.git/hooks/pre-commit`]: 'symlink -> ../../scripts/pre-commit',
    [`${P}/.claude`]: 'symlink -> conf/claude',
    [`${P}/conf/claude/settings.json`]: 'text: {}\n',
    [`${P}/conf/other.txt`]: 'text: x\n',
    [`${P}/src/index.js`]: 'text: x\n',
  };
  const fs = caseFsView(tree, { cwd: P, home: H, platform: 'linux' });
  const decide = (command: string, mode: 'bypassPermissions' | 'acceptEdits' = 'acceptEdits') =>
    evaluate({ tool: 'Bash', input: { command } }, { mode, policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs });

  it('a relative link is read from its own folder', () => {
    expect(fs.realpath(`${P}/.git/hooks/pre-commit`)).toBe(`${P}/scripts/pre-commit`);
    // The link's text as written (decision 0132); where it leads is read from the link's folder.
    expect(fs.readlink!(`${H}/.bashrc`)).toBe('dotfiles/bashrc');
    expect(whereLinkLeads(`${H}/.bashrc`, fs)).toBe(`${H}/dotfiles/bashrc`);
  });

  it('creating the missing target, or moving or filling a folder that holds a target, is a protected ask', () => {
    for (const [command, mode] of [
      ["mkdir -p scripts && printf '#!/bin/sh\\n' > scripts/pre-commit", 'acceptEdits'],
      ["mkdir -p ~/dotfiles && echo 'rm -f README.md' > ~/dotfiles/bashrc", 'bypassPermissions'],
      ['mv conf conf.old', 'acceptEdits'],
      ['rm -rf conf', 'acceptEdits'],
      ['mv hooks.d scripts', 'acceptEdits'],
      ['cp -r shared/. conf/', 'acceptEdits'],
    ] as const)
      expect([command, decide(command, mode).askKind]).toEqual([command, 'protected']);
    expect(decide('mv conf conf.old').reason.message).toContain('which holds the target');
  });

  it('a folder beside the target, a file beside it and a plain mkdir of a parent stay allowed', () => {
    for (const command of ['mkdir -p scripts', 'echo x > scripts/build.sh', 'mv src lib', 'rm conf/other.txt', 'echo y > conf/notes.txt'])
      expect([command, decide(command).behavior]).toEqual([command, 'allow']);
  });
});
