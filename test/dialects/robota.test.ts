import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import {
  canonicalUrl,
  compileUrlPattern,
  isBroadExecutionAllowRule,
  matchUrl,
  robotaCombinePreToolUse,
  robotaDecodeHookVerdict,
  robotaOutcome,
  robotaPolicy,
  robotaPreToolUseEffect,
  robotaRuleProblem,
  ROBOTA_AUTO_MODE_LIMITS,
  ROBOTA_HOOK_TIMEOUT_SECONDS,
} from '../../src/dialects/robota/index.js';
import { caseFsView } from '../../src/cases/index.js';
import { decideIn } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

beforeAll(async () => {
  await prepare();
});

describe('robota URLs', () => {
  it('canonicalises hosts, ports and unreserved escapes', () => {
    const p = compileUrlPattern('http://127.0.0.1/**');
    if (!p.ok) throw new Error(p.why);
    for (const u of ['http://0x7f.1/', 'http://2130706433/', 'http://127.0.0.1:80/', 'http://127.0.0.1./a']) {
      const c = canonicalUrl(u);
      expect(c.ok && matchUrl(p.pattern, c.url)).toBe(true);
    }
    const admin = compileUrlPattern('https://h/admin/**');
    const c = canonicalUrl('https://h/%61dmin/x');
    expect(admin.ok && c.ok && matchUrl(admin.pattern, c.url)).toBe(true);
  });
  it('reports what cannot be judged', () => {
    expect(canonicalUrl('https://a@b.example/').ok).toBe(false);
    expect(canonicalUrl('file:///etc/passwd').ok).toBe(false);
    expect(compileUrlPattern('https://x/?q=1').ok).toBe(false);
    expect(compileUrlPattern('https://u@x/**').ok).toBe(false);
    expect(compileUrlPattern('https://a**b.example.com/**').ok).toBe(false);
    expect(compileUrlPattern('https://exam\\ple.com/**').ok).toBe(false);
    expect(canonicalUrl('https://h/a%2Fb/x').ok).toBe(false);
    expect(canonicalUrl('https://h/%E0%A4%A/x').ok).toBe(false);
    expect(canonicalUrl('foo://0x7f.1/').ok).toBe(false);
  });
  const matches = (pattern: string, url: string): boolean => {
    const p = compileUrlPattern(pattern);
    const c = canonicalUrl(url);
    if (!p.ok || !c.ok) throw new Error(`${pattern} / ${url} cannot be judged`);
    return matchUrl(p.pattern, c.url);
  };
  it('compares hosts label by label: * one or more labels, ** any number, a dot is a boundary', () => {
    expect(matches('https://**.example.com/**', 'https://example.com/')).toBe(true);
    expect(matches('https://*.example.com/**', 'https://example.com/')).toBe(false);
    expect(matches('https://*.example.com/**', 'https://evilexample.com/')).toBe(false);
    expect(matches('https://a.**.c/**', 'https://a.c/')).toBe(true);
    expect(matches('https://api-*.example.com/**', 'https://api-1example.com/')).toBe(false);
    expect(matches('https://*.bücher.example/**', 'https://a.xn--bcher-kva.example/')).toBe(true);
    expect(matches('http://[::1]/**', 'http://[0:0:0:0:0:0:0:1]/')).toBe(true);
  });
  it('compares paths segment by segment on decoded segments; %2A in a pattern is a literal star', () => {
    expect(matches('https://h/%2A/**', 'https://h/zzz/x')).toBe(false);
    expect(matches('https://h/%2A/**', 'https://h/*/x')).toBe(true);
    expect(matches('https://h/a/*', 'https://h/a/b/c')).toBe(false);
    expect(matches('https://h/a/**', 'https://h/a')).toBe(true);
    expect(matches('https://evil.tld/**', 'https://evil.tld/?a=.example.com/x')).toBe(true);
    expect(matches('https://*.example.com/**', 'https://evil.tld/?a=.example.com/x')).toBe(false);
  });
});

describe('robota tool profiles', () => {
  it('governs Bash and Shell by one set of rules', () => {
    expect(
      decideIn(
        'robota',
        { tool: 'Bash', input: { command: 'rm -rf build' } },
        { settings: { permissions: { deny: ['Shell(rm *)'], allow: ['Bash'] } } },
      ).behavior,
    ).toBe('deny');
    expect(
      decideIn('robota', { tool: 'Shell', input: { command: 'ls' } }, { settings: { permissions: { deny: ['Bash'] } } }).behavior,
    ).toBe('deny');
  });
  it('asks for a pattern on the argument of a tool nobody declared, and matches it once the host declares one', () => {
    const settings = { permissions: { deny: ['MyTool(secrets/**)'], allow: ['MyTool'] } };
    const call = { tool: 'MyTool', input: { path: 'secrets/key.pem' } };
    expect(decideIn('robota', call, { settings }).behavior).toBe('ask');
    const toolProfiles = { MyTool: { argument: { key: 'path', kind: 'text' } } };
    expect(decideIn('robota', call, { settings, input: { toolProfiles } }).behavior).toBe('deny');
    expect(decideIn('robota', { tool: 'MyTool', input: { path: 'public/a.md' } }, { settings, input: { toolProfiles } }).behavior).toBe(
      'allow',
    );
    // A host that changes its declarations in place is read anew on the next call.
    const profiles: Record<string, unknown> = {};
    expect(decideIn('robota', call, { settings, input: { toolProfiles: profiles } }).behavior).toBe('ask');
    profiles['MyTool'] = toolProfiles.MyTool;
    expect(decideIn('robota', call, { settings, input: { toolProfiles: profiles } }).behavior).toBe('deny');
  });
  it('allows a whole line written verbatim in a pattern without a wildcard, and no other line', () => {
    const settings = { permissions: { allow: ['Bash(git fetch && git rebase)'] } };
    expect(decideIn('robota', { tool: 'Bash', input: { command: 'git fetch && git rebase' } }, { settings }).behavior).toBe('allow');
    expect(decideIn('robota', { tool: 'Bash', input: { command: 'git fetch && git rebase; rm -rf x' } }, { settings }).behavior).not.toBe(
      'allow',
    );
  });
});

describe('robota rules and auto mode', () => {
  it('checks validity per list', () => {
    expect(robotaRuleProblem('Bash(run_in_background:true)', 'allow')).toBeDefined();
    expect(robotaRuleProblem('Bash(run_in_background:true)', 'deny')).toBeUndefined();
    expect(robotaRuleProblem('*', 'allow')).toBeDefined();
    expect(robotaRuleProblem('*', 'deny')).toBeUndefined();
    expect(robotaRuleProblem('github__*', 'allow')).toBeUndefined();
  });
  it('names a malformed pattern at load with its file, JSON path and what was expected (robota issue #2428)', () => {
    const file = '/w/project/.robota/settings.json';
    const policy = robotaPolicy([
      {
        kind: 'projectSettings',
        file,
        settings: {
          permissions: {
            allow: ['Bash()'],
            ask: ['Bash(git *'],
            deny: ['Read', 'WebFetch(domain:https://example.com)', 'AskUserQuestion(anything)'],
          },
        },
      },
    ]);
    const found = policy.diagnostics
      .filter((d) => d.code === 'TG_DIALECT_RULE')
      .map((d) => ({ file: d.file, path: d.path, message: d.message }));
    expect(found).toEqual([
      {
        file,
        path: ['permissions', 'allow', 0],
        message: expect.stringMatching(/"Bash\(\)": has an empty argument pattern; write Bash or Bash\(\*\) instead; this rule is dropped/),
      },
      {
        file,
        path: ['permissions', 'ask', 0],
        message: expect.stringMatching(/opens "\(" without closing it; expected Tool\(pattern\).*every call of its tool asks/),
      },
      {
        file,
        path: ['permissions', 'deny', 1],
        message: expect.stringMatching(/does not fit the domain grammar domain:host.*is not a host/),
      },
      {
        file,
        path: ['permissions', 'deny', 2],
        message: expect.stringMatching(/declares no argument key.*expected AskUserQuestion alone/),
      },
    ]);
  });
  it('asks for every call of its tool where a deny or ask pattern cannot be evaluated, and drops such an allow pattern', () => {
    const fetch = { tool: 'WebFetch', input: { url: 'https://example.com/' } };
    // A domain rule holding a URL used to match no host: a deny that refused nothing.
    expect(decideIn('robota', fetch, { settings: { permissions: { deny: ['WebFetch(domain:https://example.com)'] } } }).behavior).toBe(
      'ask',
    );
    expect(
      decideIn('robota', fetch, { settings: { permissions: { deny: ['WebFetch(domain:https://example.com)'] } }, mode: 'plan' }).behavior,
    ).toBe('deny');
    expect(decideIn('robota', fetch, { settings: { permissions: { deny: ['WebFetch(domain:EXAMPLE.COM.)'] } } }).behavior).toBe('deny');
    const npm = { tool: 'Bash', input: { command: 'npm test' } };
    expect(decideIn('robota', npm, { settings: { permissions: { ask: ['Bash(git *'] } }, mode: 'bypassPermissions' }).behavior).toBe('ask');
    expect(decideIn('robota', npm, { settings: { permissions: { deny: ['Bash()'] } }, mode: 'bypassPermissions' }).behavior).toBe('ask');
    expect(decideIn('robota', npm, { settings: { permissions: { allow: ['Bash()'] } } }).behavior).toBe('ask');
  });
  it('sets broad execution rules aside', () => {
    expect(isBroadExecutionAllowRule('Bash(npm r*)')).toBe(true);
    expect(isBroadExecutionAllowRule('Bash(pnpm test*)')).toBe(false);
    // Every wrapper, interpreter and shell the program models know runs whatever follows it.
    for (const rule of ['Bash(chroot /srv *)', 'Bash(setsid *)', 'Bash(pypy3 *)', 'Bash(tsx *)', 'Bash(mksh *)', 'Bash(ch*)'])
      expect(isBroadExecutionAllowRule(rule), rule).toBe(true);
    expect(isBroadExecutionAllowRule('Bash(gmake *)')).toBe(true);
    expect(isBroadExecutionAllowRule('Bash(volta run *)')).toBe(true);
    expect(isBroadExecutionAllowRule('Bash(volta list)')).toBe(false);
    // The package runners that fetch and run a package are executors (programs/unmodelled-programs.ts).
    for (const rule of ['Bash(npx prettier *)', 'Bash(npx -y *)', 'Bash(bunx *)', 'Bash(npm -y *)'])
      expect(isBroadExecutionAllowRule(rule), rule).toBe(true);
    expect(ROBOTA_AUTO_MODE_LIMITS).toEqual({ consecutiveRefusals: 3, sessionBlocks: 20 });
  });
});

describe('robota decisions', () => {
  it('reports outcomes in robota words', () => {
    expect(robotaOutcome(decideIn('robota', { tool: 'Read', input: { filePath: '/w/project/a' } }, { mode: 'default' }))).toBe('auto');
    expect(robotaOutcome(decideIn('robota', { tool: 'Bash', input: { command: 'npm test' } }, { mode: 'default' }))).toBe('approve');
  });
  it('a symlink out of the workspace disqualifies a read-only command', () => {
    const call = { tool: 'Bash', input: { command: 'cat link' } };
    expect(decideIn('robota', call, { mode: 'default' }).behavior).toBe('allow');
    const fs = caseFsView({ '/w/project/link': 'symlink -> /etc' }, { cwd: '/w/project', home: '/home/user', platform: 'linux' });
    expect(decideIn('robota', call, { mode: 'default', extra: { fs } }).behavior).toBe('ask');
  });
  it('with no approver, what would ask is denied', () => {
    expect(
      decideIn('robota', { tool: 'Write', input: { filePath: '/w/project/a' } }, { mode: 'default', input: { approver: false } }).behavior,
    ).toBe('deny');
  });
  it('an empty ceiling never lets anything run (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Bash', 'Read', 'Write', 'WebFetch', 'github__x', 'Agent'),
        fc.dictionary(fc.constantFrom('command', 'filePath', 'url'), fc.string()),
        fc.constantFrom('default', 'acceptEdits', 'plan', 'auto', 'bypassPermissions', 'dontAsk'),
        (tool, input, mode) => {
          expect(decideIn('robota', { tool, input }, { mode, input: { ceiling: [] } }).behavior).toBe('deny');
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
  it('never throws and never allows a matching deny (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('default', 'acceptEdits', 'plan', 'auto', 'bypassPermissions'), (command, mode) => {
        const d = decideIn('robota', { tool: 'Bash', input: { command } }, { mode, settings: { permissions: { deny: ['Bash'] } } });
        expect(d.behavior).toBe('deny');
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe('robota hooks', () => {
  it('cannot approve: only a deny or continue:false refuses', () => {
    const allow = robotaCombinePreToolUse([{ type: 'command', stdout: { hookSpecificOutput: { permissionDecision: 'allow' } } }]);
    expect(robotaPreToolUseEffect(allow)).toBe('continue');
    const stop = robotaCombinePreToolUse([{ type: 'command', stdout: { continue: false, stopReason: 'no' } }]);
    expect(robotaPreToolUseEffect(stop)).toBe('deny');
  });
  it('decodes ok/reason verdicts strictly', () => {
    expect(robotaDecodeHookVerdict('{"ok":true}', 'http')).toEqual({ outcome: 'allow' });
    expect(robotaDecodeHookVerdict('{"ok":"true"}', 'http').outcome).toBe('error');
    expect(robotaDecodeHookVerdict('{"ok":false}', 'agent')).toEqual({ outcome: 'deny', reason: 'Blocked by agent hook' });
    expect(ROBOTA_HOOK_TIMEOUT_SECONDS).toEqual({ command: 600, agent: 60, http: 10 });
  });
});
