/**
 * Every deny and firm ask names its true cause and the rule that decided (DESIGN, "Which answer
 * for what cannot be seen", last line): each reason kind's text is checked against the facts it
 * was built from — the rule's text, the path or program, and what would change the answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
const FS = createMemoryFileSystem({ [`${P}/.env`]: 'S=1', [`${P}/src/a.js`]: 'a', [`${P}/secrets/k`]: 'k' }).view();

function decide(command: string, permissions: Record<string, string[]>, mode: PermissionMode = 'default', tool = 'Bash') {
  const input = tool === 'Bash' ? { command } : { file_path: command };
  return evaluate(
    { tool, input },
    { mode, policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]), cwd: P, home: '/home/user', fs: FS },
  );
}

beforeAll(async () => {
  await prepare();
});

/** One reason kind: the call, what must decide it, and the facts its text must carry. */
const CASES: {
  kind: string;
  command: string;
  permissions: Record<string, string[]>;
  mode?: PermissionMode;
  tool?: string;
  behavior: string;
  askKind?: string;
  rule?: string;
  facts: string[];
}[] = [
  {
    kind: 'rule (program deny)',
    command: 'rm -rf dist',
    permissions: { deny: ['Read(./.env)', 'Bash(rm -rf *)'] },
    behavior: 'deny',
    rule: 'Bash(rm -rf *)',
    facts: ['Bash(rm -rf *)'],
  },
  {
    kind: 'rule (path deny, a read)',
    command: 'cat .env',
    permissions: { deny: ['Bash(rm -rf *)', 'Read(./.env)'] },
    behavior: 'deny',
    rule: 'Read(./.env)',
    facts: ['Read(./.env)', `${P}/.env`],
  },
  {
    kind: 'rule (path deny, a directory holding it)',
    command: 'grep -r x .',
    permissions: { deny: ['Read(./.env)'] },
    behavior: 'deny',
    rule: 'Read(./.env)',
    facts: ['Read(./.env)', `${P}/.env`, 'holds'],
  },
  {
    kind: 'rule (Edit deny, a removal)',
    command: 'rm -r secrets',
    permissions: { deny: ['Read(./.env)', 'Edit(secrets/**)'] },
    behavior: 'deny',
    rule: 'Edit(secrets/**)',
    facts: ['Edit(secrets/**)', `${P}/secrets`],
  },
  {
    kind: 'rule (ask rule)',
    command: 'git push origin main',
    permissions: { ask: ['Bash(git push *)'] },
    behavior: 'ask',
    askKind: 'firm',
    rule: 'Bash(git push *)',
    facts: ['Bash(git push *)', 'matches'],
  },
  {
    kind: 'opaqueCode (wildcard)',
    command: 'node x.js',
    permissions: { allow: ['Bash(*)'], deny: ['Bash(rm -rf *)'] },
    behavior: 'ask',
    askKind: 'firm',
    rule: 'Bash(rm -rf *)',
    facts: ['node', 'Bash(rm -rf *)', 'Bash(*)', 'Bash(node *)'],
  },
  {
    kind: 'opaqueCode (no consent, bypassPermissions)',
    command: 'python3 y.py',
    permissions: { deny: ['Bash(curl *)'] },
    mode: 'bypassPermissions',
    behavior: 'ask',
    askKind: 'firm',
    rule: 'Bash(curl *)',
    facts: ['python3', 'Bash(curl *)', 'Bash(python3 *)', 'bypassPermissions'],
  },
  {
    kind: 'guardedRead',
    command: 'rg TODO',
    permissions: { deny: ['Read(./.env)'] },
    behavior: 'ask',
    askKind: 'guardedRead',
    rule: 'Read(./.env)',
    facts: ['Read(./.env)', `${P}/.env`, 'rg', 'exact command'],
  },
  { kind: 'criticalRemoval', command: 'rm -rf ~', permissions: {}, behavior: 'ask', askKind: 'firm', facts: ['~', 'the home directory'] },
  {
    kind: 'shellUnknown (a variable that may name a denied program)',
    command: 'P=push; git $P origin',
    permissions: { deny: ['Bash(git push *)'] },
    behavior: 'ask',
    askKind: 'firm',
    rule: 'Bash(git push *)',
    facts: ['setting P', 'Bash(git push *)'],
  },
  { kind: 'toolRemoved', command: 'ls', permissions: { deny: ['Bash'] }, behavior: 'deny', rule: 'Bash', facts: ['Bash'] },
];

describe('each reason kind names the cause and the rule that decided', () => {
  it.each(CASES)('$kind: $command', (c) => {
    const d = decide(c.command, c.permissions, c.mode, c.tool);
    expect([d.behavior, d.askKind]).toEqual([c.behavior, c.askKind]);
    if (c.rule !== undefined) expect(d.rule?.text).toBe(c.rule);
    for (const fact of c.facts) expect(d.reason.message).toContain(fact);
    // The rule the decision cites is the one its text names.
    if (d.rule !== undefined) expect(d.reason.message).toContain(d.rule.text);
  });

  it('no reason names a Read rule for what is not a read', () => {
    for (const command of ['rm -rf dist', 'rm src/a.js', 'mv src/a.js src/b.js', 'touch .env2', 'node x.js']) {
      const d = decide(command, { deny: ['Read(./.env)', 'Bash(rm -rf *)'] });
      expect([command, d.reason.message.includes('Read(./.env)')]).toEqual([command, false]);
    }
  });
});
