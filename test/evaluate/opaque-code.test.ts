/**
 * The opaque-code table (DESIGN "The opaque-code table"): consent × whether a deny or ask rule
 * names a program × mode, for code toolgate cannot read (`node x.js`, `python3 -c`, `bash x.sh`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { proposeRules } from '../../src/grants/index.js';
import { analyzeShell } from '../../src/shell/index.js';

const P = '/home/user/project';
const policy = (permissions: Record<string, string[]>) => policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
const decide = (command: string, permissions: Record<string, string[]>, mode: PermissionMode = 'default') =>
  evaluate({ tool: 'Bash', input: { command } }, { mode, policy: policy(permissions), cwd: P, home: '/home/user' });

beforeAll(async () => {
  await prepare();
});

const OPAQUE = ['node x.js', "python3 -c 'print(1)'", 'bash x.sh', 'timeout 5 node x.js'];
const PROGRAM_RULES = [{ deny: ['Bash(rm -rf *)'] }, { ask: ['Bash(git push *)'] }];
const NOT_AUTO = PERMISSION_MODES.filter((m) => m !== 'auto' && m !== 'dontAsk');

describe('specific consent allows, whatever the rules', () => {
  it.each(OPAQUE)('%s under an allow rule naming its program', (command) => {
    const prog = command.startsWith('timeout') ? 'node' : command.split(' ')[0]!;
    for (const rules of [...PROGRAM_RULES, { deny: ['Read(./.env)'] }, {}]) {
      for (const mode of NOT_AUTO.filter((m) => m !== 'plan')) {
        // The exact command an allow rule must cover: the wrapped one (`timeout` is looked through).
        const inner = command.replace(/^timeout 5 /, '');
        // `Bash(node:*)` is the legacy spelling of `Bash(node *)`: it names the program too.
        for (const allow of [[`Bash(${prog} *)`], [`Bash(${prog}:*)`], ...(inner.includes("'") ? [] : [[`Bash(${inner})`]])]) {
          const d = decide(command, { ...rules, allow }, mode);
          expect([command, JSON.stringify(rules), mode, allow[0], d.behavior]).toEqual([
            command,
            JSON.stringify(rules),
            mode,
            allow[0],
            'allow',
          ]);
        }
      }
    }
  });
  it('explain records the consent and what it grants', () => {
    const d = decide('node x.js', { allow: ['Bash(node *)'], deny: ['Bash(rm -rf *)'] });
    const step = d.trace.find((s) => s.step === 'opaqueCode');
    expect(step?.outcome).toBe('pass');
    expect(step?.detail).toContain('Bash(node *)');
    expect(step?.detail).toContain('Bash(rm -rf *)');
    expect(step?.detail).toContain('no deny rule can hold against');
  });
  it('the README policy with Bash(node *) and Read(./.env) denied allows node x.js', () => {
    const d = decide('node x.js', {
      allow: ['Bash(npm run test *)', 'Edit(src/**)', 'Bash(node *)'],
      ask: ['Bash(git push *)'],
      deny: ['Read(./.env)', 'Bash(rm -rf *)'],
    });
    expect(d.behavior).toBe('allow');
  });
});

describe('a wildcard under a program rule is a firm ask that says how to consent by name', () => {
  it.each(OPAQUE)('%s', (command) => {
    const prog = command.startsWith('timeout') ? 'node' : command.split(' ')[0]!;
    for (const rules of PROGRAM_RULES) {
      for (const allow of [['Bash(*)'], ['Bash']]) {
        for (const mode of NOT_AUTO) {
          const d = decide(command, { ...rules, allow }, mode);
          expect([command, mode, d.behavior, d.askKind, d.reason.kind]).toEqual([command, mode, 'ask', 'firm', 'opaqueCode']);
          const named = [...(rules.deny ?? []), ...(rules.ask ?? [])][0]!;
          expect(d.rule?.text).toBe(named);
          expect(d.reason.message).toContain(named);
          expect(d.reason.message).toContain(`Bash(${prog} *)`);
          expect(d.reason.message).toContain(allow[0]);
        }
      }
    }
  });
});

describe('the example of consent by name is the rule offered to remember', () => {
  it.each([
    'node x.js',
    'npm publish',
    'npm run build',
    'make deploy',
    "python3 -c 'print(1)'",
    // (tsc -p . reads a tsconfig.json this test has no view of: its writes are unseen, decision 0092.)
    './node_modules/.bin/vite build',
    'timeout 5 node x.js',
    'curl -s https://x/y | node',
    "make CC='gcc -O2' all",
    "npm run 'my script' x",
  ])('%s', (command) => {
    for (const rules of PROGRAM_RULES) {
      const d = decide(command, rules);
      expect([command, d.behavior, d.askKind, d.reason.kind]).toEqual([command, 'ask', 'plain', 'opaqueCode']);
      const example = /for example (\S+(?: [^)]*)?\))\)/.exec(d.reason.message)?.[1];
      const proposal = proposeRules({
        pending: { call: { tool: 'Bash', input: { command } }, askKind: d.askKind ?? 'plain', suggestions: d.suggestions ?? [] },
        analysis: analyzeShell(command),
      });
      const offered = proposal.parts.flatMap((p) => p.options.map((o) => o.rule));
      expect(offered, `${command}: ${d.reason.message}`).toContain(example);
      // And it is consent by name: with it allowed, the opaque code asks no more (curl, not read-only, still does).
      const consented = decide(command, { ...rules, allow: [example as string] });
      expect([consented.behavior, consented.reason.kind], `${command} with ${example}`).toEqual(
        command.startsWith('curl') ? ['ask', 'toolDefault'] : ['allow', expect.anything()],
      );
    }
  });
});

describe('a wildcard with no program rule allows (as Claude Code)', () => {
  it.each(OPAQUE)('%s', (command) => {
    for (const rules of [{}, { deny: ['Read(./.env)', 'Edit(secrets/**)'] }]) {
      expect(decide(command, { ...rules, allow: ['Bash(*)'] }).behavior).toBe('allow');
    }
  });
});

describe('no consent', () => {
  it.each(OPAQUE)(
    '%s under a program rule: plain ask in default and acceptEdits, a plan block in plan; firm in auto and bypassPermissions',
    (command) => {
      for (const rules of PROGRAM_RULES) {
        for (const mode of ['default', 'acceptEdits'] as const) {
          const d = decide(command, rules, mode);
          expect([command, mode, d.behavior, d.askKind]).toEqual([command, mode, 'ask', 'plain']);
        }
        // Plan mode holds what is not read-only as a plan block (decision 0049): a plain ask here
        // would let a hook's allow run the code while planning, and the rule would loosen what plan
        // mode does with no rule at all.
        const d = decide(command, rules, 'plan');
        expect([command, d.behavior, d.askKind, d.reason.kind]).toEqual([command, 'ask', 'planBlock', 'opaqueCode']);
        expect(d.reason.message).toContain('plan mode');
        for (const mode of ['auto', 'bypassPermissions'] as const) {
          const d = decide(command, rules, mode);
          expect([command, mode, d.behavior, d.askKind]).toEqual([command, mode, 'ask', 'firm']);
        }
      }
    },
  );
  it.each(OPAQUE)('%s with only Read/Edit deny rules is as the mode decides a plain ask', (command) => {
    const rules = { deny: ['Read(./.env)', 'Edit(secrets/**)'] };
    expect([decide(command, rules).behavior, decide(command, rules).askKind]).toEqual(['ask', 'plain']);
    expect(decide(command, rules, 'bypassPermissions').behavior).toBe('allow');
  });
});

describe('plan mode', () => {
  it.each(OPAQUE)(
    '%s is a plan block without a program rule, with one, and with consent by name; a wildcard under a program rule stays firm',
    (command) => {
      const prog = command.startsWith('timeout') ? 'node' : command.split(' ')[0]!;
      for (const rules of [{}, ...PROGRAM_RULES, { deny: ['Read(./.env)'] }]) {
        for (const allow of [[], [`Bash(${prog} *)`], ...(Object.keys(rules).length === 0 ? [['Bash(*)']] : [])]) {
          const d = decide(command, { ...rules, allow }, 'plan');
          expect([command, JSON.stringify(rules), allow[0], d.behavior, d.askKind]).toEqual([
            command,
            JSON.stringify(rules),
            allow[0],
            'ask',
            'planBlock',
          ]);
        }
      }
      for (const rules of PROGRAM_RULES) {
        const d = decide(command, { ...rules, allow: ['Bash(*)'] }, 'plan');
        expect([command, d.behavior, d.askKind, d.reason.kind]).toEqual([command, 'ask', 'firm', 'opaqueCode']);
      }
    },
  );
});

describe('what the table does not loosen', () => {
  it('a denied program run through an interpreter it names literally is still denied', () => {
    expect(decide("bash -c 'rm -rf src'", { allow: ['Bash(bash *)'], deny: ['Bash(rm -rf *)'] }).behavior).toBe('deny');
  });
  it('an unknown program whose arguments name a denied program stays a firm ask', () => {
    const d = decide('ssh host rm -rf src', { allow: ['Bash(*)'], deny: ['Bash(rm -rf *)'] });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
  });
  it('in auto mode a broad interpreter rule is no consent', () => {
    const d = decide('node x.js', { allow: ['Bash(node *)'], deny: ['Bash(rm -rf *)'] }, 'auto');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
  });
  it("toolgate's own answer-path rules are no user's program rule", () => {
    expect(decide('node x.js', { allow: ['Bash(*)'], deny: ['Bash(toolgate asks answer *)'] }).behavior).toBe('allow');
  });
});

describe('a variable given to a program: the reason says what reads it', () => {
  const star = { allow: ['Bash(*)'], deny: ['Bash(rm *)'] };
  it('one the C library or the loader reads is named as such', () => {
    const d = decide('LD_PRELOAD=/tmp/pre.so ls', star);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    expect(d.reason.message).toContain('ls is given LD_PRELOAD=…, which the C library or the dynamic loader reads');
  });
  it('any other is one toolgate does not know the program to ignore, in plain words', () => {
    const d = decide('NPM_CONFIG_USERCONFIG=x npm --version', star);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    expect(d.reason.message).toContain('npm is given NPM_CONFIG_USERCONFIG=…, which toolgate does not know npm to ignore');
    expect(d.reason.message).not.toContain('inert');
  });
});
