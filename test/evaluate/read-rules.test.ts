/**
 * Read allow rules approve a read-only command's reads outside the working directories, and an
 * ask whose only cause is such reads offers those rules — only rules that, once saved, make the
 * same call run (Claude Code CLI 2.1.332 offers `Read(//tmp/**)` for `cd /tmp && ls` and then runs it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Decision, PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
const HOME = '/home/user';
const POLICIES: Record<string, Record<string, string[]>> = {
  none: {},
  readme: { allow: ['Bash(npm run test *)', 'Edit(src/**)'], ask: ['Bash(git push *)'], deny: ['Read(./.env)', 'Bash(rm -rf *)'] },
  secrets: { deny: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Edit(./.env)', 'Edit(./secrets/**)'] },
  allowlist: {
    allow: ['Bash(npm *)', 'Bash(git *)', 'Bash(node *)'],
    deny: ['Read(./.env)', 'Read(./.env.*)', 'Read(./secrets/**)', 'Bash(git push *)'],
  },
};
const view = () =>
  createMemoryFileSystem({
    [`${P}/.env`]: 'S=1\n',
    [`${P}/src/a.js`]: 'a\n',
    '/tmp/notes.txt': 'n\n',
    [`${HOME}/other/x.txt`]: 'x\n',
    [`${HOME}/.ssh/id_rsa`]: 'k\n',
    '/etc/hostname': 'h\n',
  }).view();

function decide(command: string, permissions: Record<string, string[]>, mode: PermissionMode = 'default'): Decision {
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
  return evaluate({ tool: 'Bash', input: { command } }, { mode, policy, cwd: P, home: HOME, fs: view() });
}

/** The permissions with every rule the decision offers saved as an allow rule. */
function saved(permissions: Record<string, string[]>, d: Decision): Record<string, string[]> {
  const added: string[] = [];
  for (const u of d.suggestions ?? []) {
    if (u.type !== 'addRules') throw new Error(`offered ${u.type}`);
    for (const r of u.rules) added.push(r.ruleContent === undefined ? r.toolName : `${r.toolName}(${r.ruleContent})`);
  }
  return { ...permissions, allow: [...(permissions['allow'] ?? []), ...added] };
}

beforeAll(async () => {
  await prepare();
});

describe('an ask whose only cause is reads outside offers Read rules that, saved, make the call run', () => {
  for (const [name, permissions] of Object.entries(POLICIES)) {
    it.each(['cd /tmp && ls', 'cd .. && ls', 'ls /tmp', 'cat /etc/hostname', 'cd .. && cat other/x.txt'])(`%s (${name})`, (command) => {
      const d = decide(command, permissions);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'plain']);
      expect(d.suggestions?.some((u) => u.type === 'addRules' && u.rules.some((r) => r.toolName === 'Read'))).toBe(true);
      expect(decide(command, saved(permissions, d)).behavior).toBe('allow');
    });
  }
  it('the rule offered for cd /tmp is the directory entered, for the session', () => {
    expect(decide('cd /tmp && ls', {}).suggestions).toEqual([
      { type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Read', ruleContent: '//tmp/**' }] },
    ]);
  });
});

describe('what a Read allow rule does not do', () => {
  it('deny rules still hold: cd .. && cat project/.env under Read(//home/user/**)', () => {
    expect(decide('cd .. && cat project/.env', { allow: ['Read(//home/user/**)'], deny: ['Read(./.env)'] }).behavior).toBe('deny');
  });
  it('a rule for one directory does not let a read elsewhere run', () => {
    expect(decide('cat /etc/hostname', { allow: ['Read(//tmp/**)'] }).behavior).toBe('ask');
  });
  it('a rule naming only files does not cover a read of everything in a directory', () => {
    expect(decide('grep -r x /tmp', { allow: ['Read(//tmp/*.txt)'] }).behavior).toBe('ask');
  });
  it('it approves no write: cd /tmp && touch x still asks', () => {
    expect(decide('cd /tmp && touch x', { allow: ['Read(//tmp/**)'] }).behavior).toBe('ask');
  });
  it('no rule is offered for a read of the root', () => {
    expect(decide('ls /', {}).suggestions ?? []).toEqual([]);
  });
  it('no Read rule is offered when a write also asks', () => {
    const d = decide('cd /tmp && touch x', {});
    expect(d.suggestions?.some((u) => u.type === 'addRules' && u.rules.some((r) => r.toolName === 'Read')) ?? false).toBe(false);
  });
});
