import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeBidi } from '../../src/core/index.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { formatLintReport, lintSettings, type LintReport } from '../../src/lint/index.js';
import { hiddenChars } from '../../src/lint/hidden-chars.js';
import { compileMatcher } from '../../src/hooks/config/matcher.js';
import { miscasedTools } from '../../src/lint/hooks.js';
import { policyFromObjects } from '../../src/settings/index.js';

const policyFromRules = (permissions: Record<string, string[]>) =>
  policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
import { formatDecision, formatTrace } from '../../src/cli/format.js';
import { hookReply } from '../../src/cli/hook.js';

beforeAll(async () => {
  await prepare();
});

const FILE = '/home/user/project/.claude/settings.json';
const lint = (settings: unknown): Promise<LintReport> =>
  lintSettings([{ text: JSON.stringify(settings, null, 2), file: FILE }], { publicSchema: false });
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('hidden characters in rules', () => {
  it.each([
    ['Bash(rm\u200B -rf *)', 'U+200B', 8, 'TG_LINT_HIDDEN_CHAR'],
    ['Bash(curl\u00A0*)', 'U+00A0', 10, 'TG_LINT_HIDDEN_CHAR'],
    ['Read(./.env\u202E)', 'U+202E', 12, 'TG_LINT_HIDDEN_CHAR'],
    ['Bash(\u2066rm *)', 'U+2066', 6, 'TG_LINT_HIDDEN_CHAR'],
    ['Ｂａｓｈ(rm *)', 'U+FF22', 1, 'TG_LINT_CONFUSABLE_CHAR'],
    ['Bash(\u0441url *)', 'U+0441', 6, 'TG_LINT_CONFUSABLE_CHAR'],
    ['B\u0430sh(rm *)', 'U+0430', 2, 'TG_LINT_CONFUSABLE_CHAR'],
    ['Bash(rm\uFEFF*)', 'U+FEFF', 8, 'TG_LINT_HIDDEN_CHAR'],
  ])('%j in deny is an error naming %s at position %i, with a line and column', async (rule, cp, pos, code) => {
    const r = await lint({ permissions: { deny: [rule] } });
    const d = r.diagnostics.find((x) => x.code === code);
    expect(d, formatLintReport(r)).toBeDefined();
    expect(d!.severity).toBe('error');
    expect(d!.message).toContain(cp);
    expect(d!.message).toContain(`position ${pos}`);
    expect(d!.message).toMatch(/refuses nothing/);
    expect(d!.path).toEqual(['permissions', 'deny', 0]);
    expect(d!.range).toEqual({ start: pos - 1, end: pos });
    expect(d!.line).toBe(4);
    expect(d!.column).toBe(7 + pos);
    expect(r.errors).toBeGreaterThan(0);
  });

  it('reports every hidden character of a rule, and the message shows them escaped', async () => {
    const r = await lint({ permissions: { ask: ['Bash(git\u200B push\u202E *)'] } });
    const found = r.diagnostics.filter((d) => d.code === 'TG_LINT_HIDDEN_CHAR');
    expect(found.map((d) => d.range)).toEqual([
      { start: 8, end: 9 },
      { start: 14, end: 15 },
    ]);
    expect(found[0]!.message).toContain('Bash(git<U+200B> push<U+202E> *)');
    expect(found.every((d) => !BIDI.test(d.message) && !d.message.includes('\u200B'))).toBe(true);
  });

  it('leaves ordinary rules, real non-Latin names and accented letters alone', async () => {
    const r = await lint({
      permissions: {
        allow: ['Bash(git status)', 'Read(./Документы/**)', 'Edit(./résumé.md)', 'Read(./ΑΒΓ/**)', 'mcp__github__list_issues'],
      },
    });
    expect(r.diagnostics.filter((d) => d.code === 'TG_LINT_HIDDEN_CHAR' || d.code === 'TG_LINT_CONFUSABLE_CHAR')).toEqual([]);
  });

  it('checks hook matchers and `if` rules too', async () => {
    const r = await lint({
      hooks: { PreToolUse: [{ matcher: 'Ba\u200Bsh', hooks: [{ type: 'command', command: 'true', if: 'Bash(rm\u00A0*)' }] }] },
    });
    const paths = r.diagnostics.filter((d) => d.code === 'TG_LINT_HIDDEN_CHAR').map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['hooks', 'PreToolUse', 0, 'matcher'],
        ['hooks', 'PreToolUse', 0, 'hooks', 0, 'if'],
      ]),
    );
  });

  it('the ZWSP deny rule really never matches (what the error warns about)', () => {
    const policy = policyFromRules({ deny: ['Bash(rm\u200B -rf *)'] });
    const d = evaluate({ tool: 'Bash', input: { command: 'rm -rf build' } }, { mode: 'default', policy, cwd: '/p', home: '/h' });
    expect(d.behavior).not.toBe('deny');
  });

  it('property: ASCII rules have no hidden characters; one inserted invisible or bidi character is found where it was put', () => {
    const ascii = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 */.-_:()'.split('')),
      maxLength: 30,
    });
    const hidden = fc.constantFrom(
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00A0',
      '\u202E',
      '\u2066',
      '\u200F',
      '\u3000',
      '\u00AD',
    );
    fc.assert(
      fc.property(ascii, hidden, fc.nat(), (text, h, at) => {
        expect(hiddenChars(text)).toEqual([]);
        const i = at % (text.length + 1);
        const found = hiddenChars(text.slice(0, i) + h + text.slice(i));
        expect(found.map((c) => c.index)).toEqual([i]);
      }),
    );
  });
});

describe('hook matchers are case-sensitive', () => {
  it('warns about a lowercase tool name in a tool-event matcher', async () => {
    const r = await lint({
      hooks: {
        PreToolUse: [
          { matcher: 'bash', hooks: [{ type: 'command', command: 'true' }] },
          { matcher: 'Edit|write', hooks: [{ type: 'command', command: 'true' }] },
        ],
      },
    });
    const found = r.diagnostics.filter((d) => d.code === 'TG_LINT_HOOK_MATCHER_CASE');
    expect(found.map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(found[0]!.message).toMatch(/"bash".*Bash/);
    expect(found[1]!.message).toMatch(/"write".*Write/);
  });

  it('finds miscased names in regex alternatives, not in regexes that already match a tool or in other events', async () => {
    expect(miscasedTools('^bash$|^read$', compileMatcher)).toEqual([
      ['bash', 'Bash'],
      ['read', 'Read'],
    ]);
    expect(miscasedTools('Bash|read.*', compileMatcher)).toEqual([]);
    expect(miscasedTools('mcp__github__.*', compileMatcher)).toEqual([]);
    expect(miscasedTools('Bash', compileMatcher)).toEqual([]);
    const r = await lint({
      hooks: {
        SessionStart: [{ matcher: 'startup', hooks: [{ type: 'command', command: 'true' }] }],
        Notification: [{ matcher: 'bash', hooks: [{ type: 'command', command: 'true' }] }],
      },
    });
    expect(r.diagnostics.filter((d) => d.code === 'TG_LINT_HOOK_MATCHER_CASE')).toEqual([]);
  });
});

describe('human-facing output escapes bidi controls', () => {
  it('escapeBidi writes each control as <U+XXXX> and leaves other text alone', () => {
    expect(escapeBidi('rm \u202Eexe.txt')).toBe('rm <U+202E>exe.txt');
    expect(escapeBidi('\u2066a\u2069 \u200F\u061C')).toBe('<U+2066>a<U+2069> <U+200F><U+061C>');
    expect(escapeBidi('Документы résumé')).toBe('Документы résumé');
  });

  it('decision messages, traces, the CLI formats and the lint report carry no raw bidi control', async () => {
    const policy = policyFromRules({ deny: ['Bash(rm \u202E*)'], ask: ['Bash(echo \u2066*)'] });
    const ctx = { mode: 'default' as const, policy, cwd: '/p', home: '/h' };
    for (const command of ['rm \u202Efdp.exe', 'echo \u2066hi\u2069', 'cat \u202Ex']) {
      const call = { tool: 'Bash', input: { command } };
      const d = evaluate(call, ctx);
      expect(BIDI.test(d.reason.message)).toBe(false);
      expect(d.trace.some((s) => BIDI.test(s.detail))).toBe(false);
      expect(BIDI.test(formatDecision(call, d))).toBe(false);
      expect(BIDI.test(formatTrace(call, d))).toBe(false);
      expect(BIDI.test(JSON.stringify(hookReply('PreToolUse', d, new Set(['allow', 'ask', 'deny']))))).toBe(false);
    }
    const r = await lint({ permissions: { deny: ['Bash(rm \u202E*)'], allow: ['Bsh(\u2067x)'] } });
    expect(BIDI.test(formatLintReport(r))).toBe(false);
  });
});
