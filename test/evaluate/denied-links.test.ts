/**
 * A Read- or Edit-denied name that is a symbolic link is read (written) by its target's own name
 * too: the target, or a path inside a linked folder, is matched as the link's name (red team 24,
 * RT24-N). Only rules with a literal root are resolved.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { literalRoot } from '../../src/evaluate/denied-links.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const H = '/home/user';

beforeAll(async () => {
  await prepare();
});

describe('literalRoot', () => {
  it('is the pattern before its first glob character, cut to a whole name', () => {
    expect(literalRoot('./.env')).toBe('./.env');
    expect(literalRoot('~/.ssh/**')).toBe('~/.ssh');
    expect(literalRoot('.github/**')).toBe('.github');
    expect(literalRoot('src/*.pem')).toBe('src');
    expect(literalRoot('**/.env')).toBe('');
    expect(literalRoot('**/*.pem')).toBe('');
  });
});

describe('denied links read or written by the target (RT24-N)', () => {
  const tree = {
    [P]: 'directory',
    [`${P}/README.md`]: 'file',
    [`${P}/.env`]: `symlink -> ${P}/secrets/dev.env`,
    [`${P}/secrets`]: 'directory',
    [`${P}/secrets/dev.env`]: 'text: SECRET=1\n',
    [`${P}/secrets/other.env`]: 'text: X=1\n',
    [`${P}/.github`]: `symlink -> ${P}/ci/github`,
    [`${P}/ci`]: 'directory',
    [`${P}/ci/github`]: 'directory',
    [`${P}/ci/github/workflows`]: 'directory',
    [`${P}/ci/other`]: 'directory',
    [H]: 'directory',
    [`${H}/.ssh`]: 'directory',
    [`${H}/.ssh/id_rsa`]: `symlink -> ${H}/keys/id_rsa`,
    [`${H}/keys`]: 'directory',
    [`${H}/keys/id_rsa`]: 'text: KEY\n',
    [`${H}/keys/id_rsa.pub`]: 'text: PUB\n',
  };
  const fs = caseFsView(tree, { cwd: P, home: H, platform: 'linux' });
  const policy = policyFromObjects([
    { kind: 'userSettings', settings: { permissions: { allow: ['Bash(*)', 'Read', 'Edit'], deny: ['Read(./.env)', 'Read(~/.ssh/**)', 'Edit(.github/**)'] } } },
  ]);
  const run = (tool: string, input: Record<string, unknown>) =>
    evaluate({ tool, input }, { mode: 'default', policy, cwd: P, home: H, projectDir: P, workingDirectories: [P], fs });

  it('denies a read of the target, by a command, a pattern, a recursive reader and the Read and Grep tools, naming the link', () => {
    for (const [tool, input] of [
      ['Bash', { command: 'cat secrets/dev.env' }],
      ['Bash', { command: 'cat secrets/*' }],
      ['Bash', { command: 'grep -r SECRET secrets' }],
      ['Bash', { command: 'cat ~/keys/id_rsa' }],
      ['Read', { file_path: `${P}/secrets/dev.env` }],
      ['Grep', { pattern: 'SECRET', path: `${P}/secrets` }],
    ] as const) {
      const d = run(tool, input);
      expect([tool, input, d.behavior]).toEqual([tool, input, 'deny']);
      expect(d.reason.message).toMatch(/is a link to/);
    }
    expect(run('Bash', { command: 'cat secrets/dev.env' }).reason.message).toContain(`${P}/.env is a link to ${P}/secrets/dev.env`);
  });

  it('denies a write inside an Edit-denied folder link by the target', () => {
    for (const [tool, input] of [
      ['Bash', { command: 'echo x > ci/github/workflows/x.yml' }],
      ['Write', { file_path: `${P}/ci/github/workflows/x.yml`, content: 'x' }],
    ] as const) {
      const d = run(tool, input);
      expect([tool, d.behavior]).toEqual([tool, 'deny']);
      expect(d.reason.message).toContain(`${P}/.github is a link to ${P}/ci/github`);
    }
  });

  it('leaves the neighbours alone: another file in the folder, a read of the Edit-denied target, a sibling folder', () => {
    for (const [tool, input] of [
      ['Bash', { command: 'cat secrets/other.env' }],
      ['Bash', { command: 'cat ~/keys/id_rsa.pub' }],
      ['Bash', { command: 'cat ci/github/workflows/x.yml' }],
      ['Bash', { command: 'echo x > ci/other/x.yml' }],
      ['Read', { file_path: `${P}/secrets/other.env` }],
    ] as const) expect([tool, input, run(tool, input).behavior]).toEqual([tool, input, 'allow']);
  });
});
