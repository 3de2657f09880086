/**
 * `lint --store`: grants broader than the call they were saved with, grants that cover what an ask
 * rule names, and grants whose call is gone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { lintGrants, type GrantToLint } from '../../src/lint/grants.js';
import { LINT_CODES } from '../../src/lint/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { PendingAsk } from '../../src/gate/types.js';

const P = '/home/user/project';
const env = { cwd: P, home: '/home/user', projectDir: P };
const policy = policyFromObjects([
  { kind: 'projectSettings', file: `${P}/.claude/settings.json`, settings: { permissions: { ask: ['Bash(git push *)'] } } },
]);

/** The ask toolgate parks for a Bash command under the policy. */
function ask(command: string): Pick<PendingAsk, 'call' | 'askKind' | 'suggestions'> {
  const call = { tool: 'Bash', input: { command } };
  const d = evaluate(call, { mode: 'default', policy, cwd: P, home: '/home/user' });
  return { call, askKind: d.askKind ?? 'plain', suggestions: d.suggestions ?? [] };
}

function lint(grants: GrantToLint[], asks: Record<string, ReturnType<typeof ask>>) {
  return lintGrants({
    grants,
    askOf: (id) => asks[id],
    policyOf: (dir) => (dir === P ? { policy, env } : undefined),
    store: 'sqlite:/tmp/t.db',
  });
}

const grant = (id: string, rule: string, askId?: string, scope = 'project'): GrantToLint => ({
  id,
  scope,
  rule,
  projectDir: P,
  ...(askId !== undefined ? { askId } : {}),
});

beforeAll(async () => {
  await prepare();
});

describe('lintGrants', () => {
  it('reports a grant broader than the call it was saved with, saying what it allows and the narrowest rule', () => {
    const d = lint([grant('g1', 'Bash(curl *)', 'a1')], { a1: ask('curl https://x/y') });
    expect(d).toEqual([
      {
        code: 'TG_LINT_GRANT_BROADER',
        severity: 'warning',
        file: 'sqlite:/tmp/t.db',
        message:
          'grant g1 (project, project /home/user/project) "Bash(curl *)" is broader than the call it was saved with ("curl https://x/y"): it allows every curl command, whatever its arguments (toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path); the narrowest rule for that call is "Bash(curl https://x/y)"',
      },
    ]);
  });

  it('says nothing of an exact-command grant, nor of a once grant', () => {
    expect(lint([grant('g2', 'Bash(curl https://x/y)', 'a1'), grant('g3', 'Bash', 'a1', 'once')], { a1: ask('curl https://x/y') })).toEqual(
      [],
    );
  });

  it('reports a grant that was never among the rules proposed for its call', () => {
    const [d] = lint([grant('g4', 'Bash(npm *)', 'a2')], { a2: ask('npm publish --tag next') });
    expect(d?.code).toBe('TG_LINT_GRANT_BROADER');
    expect(d?.message).toMatch(
      /"Bash\(npm \*\)" is not a rule toolgate proposes for the call it was saved with \("npm publish --tag next": Bash\(npm publish \*\), Bash\(npm publish --tag \*\), Bash\(npm publish --tag next\)\)/,
    );
  });

  it("reports a grant that covers calls an ask rule names, with an example call and the rule's file", () => {
    const d = lint([grant('g5', 'Bash(git *)', 'a3')], { a3: ask('git fetch origin') }).filter(
      (x) => x.code === 'TG_LINT_GRANT_SHADOWS_ASK',
    );
    expect(d).toHaveLength(1);
    expect(d[0]?.message).toMatch(
      /^grant g5 .* "Bash\(git \*\)" covers calls the ask rule "Bash\(git push \*\)" in \/home\/user\/project\/\.claude\/settings\.json names \(for example "git push"\): those calls still ask/,
    );
    // A grant that covers none of them is not reported; nor is a blanket one in another project.
    expect(
      lint([grant('g6', 'Bash(git fetch *)', 'a3')], { a3: ask('git fetch origin') }).filter((x) => x.code === 'TG_LINT_GRANT_SHADOWS_ASK'),
    ).toEqual([]);
  });

  it('reports a broad grant whose call is gone as broader than any one call; notes an exact one', () => {
    const [d] = lint([grant('g7', 'Bash(make deploy *)', 'gone')], {});
    expect(d).toMatchObject({ code: 'TG_LINT_GRANT_BROADER', severity: 'warning' });
    expect(d?.message).toBe(
      'grant g7 (project, project /home/user/project) "Bash(make deploy *)" allows every command that starts with "make deploy", whatever follows, more than any one call, and the call it was saved with is not in the store (ask gone): nothing shows a person saw and chose that reach — narrow or revoke it (toolgate grants revoke g7)',
    );
    expect(lint([grant('g8', 'Bash(make deploy)', 'gone')], {}).map((x) => [x.code, x.severity, x.message])).toEqual([
      [
        'TG_LINT_GRANT_NO_CALL',
        'info',
        'grant g8 (project, project /home/user/project) "Bash(make deploy)": the call it was saved with is not in the store (ask gone), so how it came to be saved cannot be judged; it allows only this exact command',
      ],
    ]);
  });

  it('judges a grant written straight into the store (no ask) by its rule alone: a blanket or prefix rule is broader than any call', () => {
    const direct = (id: string, rule: string): GrantToLint => ({ ...grant(id, rule), grantedBy: 'sql' });
    const d = lint(
      [
        direct('d1', 'Bash(*)'),
        direct('d2', 'Bash'),
        direct('d3', 'WebFetch(domain:example.com)'),
        direct('d4', 'Bash(ls -la)'),
        direct('d5', 'mcp__*'),
      ],
      {},
    ).filter((x) => x.code !== 'TG_LINT_GRANT_SHADOWS_ASK');
    expect(d.map((x) => [x.code, x.message.split(' ')[1]])).toEqual([
      ['TG_LINT_GRANT_BROADER', 'd1'],
      ['TG_LINT_GRANT_BROADER', 'd2'],
      ['TG_LINT_GRANT_BROADER', 'd3'],
      ['TG_LINT_GRANT_NO_CALL', 'd4'],
      ['TG_LINT_GRANT_BROADER', 'd5'],
    ]);
    expect(d[1]?.message).toMatch(
      /"Bash" allows every Bash call, whatever its input, more than any one call, and it names no ask: no answer through toolgate serve saved it \(written to the store directly, given by "sql"\)/,
    );
    expect(d[4]?.message).toMatch(/allows every call of every tool its name mcp__\* matches/);
    // A record of a rule "don't ask again" wrote to a settings file says so.
    expect(lint([{ ...grant('f1', 'Bash(git *)'), settingsFile: `${P}/.claude/settings.local.json` }], {})[0]?.message).toMatch(
      /it records a rule written to \/home\/user\/project\/\.claude\/settings\.local\.json for an ask this store does not hold/,
    );
  });

  it('uses documented codes only', () => {
    const d = lint([grant('g1', 'Bash(curl *)', 'a1'), grant('g5', 'Bash(git *)', 'a3'), grant('g7', 'Bash(x *)')], {
      a1: ask('curl https://x/y'),
      a3: ask('git fetch origin'),
    });
    for (const x of d) expect(LINT_CODES[x.code].severity).toBe(x.severity);
  });
});
