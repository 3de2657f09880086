import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type PermissionMode, type ToolCall } from '../../src/core/types.js';
import { compileRuleValues } from '../../src/gate/session.js';
import { evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { mergePolicy, parseSettingsFile, parseSettingsObject } from '../../src/settings/index.js';
import { dialects } from '../../src/dialects/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const HOME = '/home/user';
const LOCAL = `${P}/.claude/settings.local.json`;
const SHARED = `${P}/.claude/settings.json`;

beforeAll(() => prepare());

/** A policy whose local file has a trailing comma, beside a sound shared file. */
function brokenPolicy(shared: Record<string, unknown>, localText = '{"permissions": {"allow": ["Bash"],}}') {
  return mergePolicy([
    parseSettingsObject(shared, { kind: 'projectSettings', file: SHARED }),
    parseSettingsFile(localText, { kind: 'localSettings', file: LOCAL }),
  ]);
}

function ctx(
  mode: PermissionMode,
  policy = brokenPolicy({
    permissions: { allow: ['Bash(npm test *)', 'Edit', 'WebFetch'], deny: ['Bash(rm *)', 'Read(./.env)'], ask: ['Bash(git push *)'] },
  }),
): EvaluationContext {
  // A view of the project (no npmrc): npm's own config files are shown absent (decision 0111).
  return { mode, policy, cwd: P, home: HOME, fs: createMemoryFileSystem({ [`${P}/package.json`]: '{}' }).view() };
}
const bash = (command: string): ToolCall => ({ tool: 'Bash', input: { command } });

describe('while a settings file is broken', () => {
  it('an allow rule becomes a firm ask naming the file and the reason', () => {
    const d = evaluate(bash('npm test --watch'), ctx('default'));
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'firm', reason: { kind: 'brokenSettings' } });
    expect(d.reason.message).toContain(LOCAL);
    expect(d.reason.message).toContain('a trailing comma');
    expect(d.reason.message).toContain('(otherwise: allowed: "npm test --watch" by Bash(npm test *))');
    expect(d.trace.at(-1)).toMatchObject({ step: 'brokenSettings', outcome: 'ask' });
  });

  it('read-only commands, reads, acceptEdits and bypassPermissions do not allow either', () => {
    expect(evaluate(bash('ls -la'), ctx('default')).behavior).toBe('ask');
    expect(evaluate({ tool: 'Read', input: { file_path: `${P}/src/a.ts` } }, ctx('default')).behavior).toBe('ask');
    expect(
      evaluate({ tool: 'Edit', input: { file_path: `${P}/a.ts`, old_string: 'a', new_string: 'b' } }, ctx('acceptEdits')),
    ).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    expect(evaluate(bash('make'), ctx('bypassPermissions'))).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    expect(evaluate({ tool: 'TodoWrite', input: {} }, ctx('plan')).behavior).toBe('ask');
  });

  it('a session grant does not allow', () => {
    const c = ctx('default');
    c.session = { rules: compileRuleValues([{ toolName: 'Bash', ruleContent: 'make *' }], 'allow', { kind: 'session' }).rules };
    expect(evaluate(bash('make all'), c)).toMatchObject({ behavior: 'ask', reason: { kind: 'brokenSettings' } });
  });

  it("deny rules of the other files still deny; the broken file's own readable deny rules too", () => {
    expect(evaluate(bash('rm -rf build'), ctx('bypassPermissions')).behavior).toBe('deny');
    expect(evaluate({ tool: 'Read', input: { file_path: `${P}/.env` } }, ctx('default')).behavior).toBe('deny');
    const own = ctx('default', brokenPolicy({}, '{"permissions": {"deny": ["WebSearch"]} /* x */ }'));
    expect(evaluate({ tool: 'WebSearch', input: { query: 'x' } }, own).behavior).toBe('deny');
  });

  it('an ask stays an ask and becomes firm, so no mode, hook or classifier answers it', () => {
    const plain = evaluate({ tool: 'WebSearch', input: { query: 'x' } }, ctx('default'));
    expect(plain).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    expect(plain.reason.message).toContain('only a person may answer while it is broken');
    expect(plain.suggestions).toBeUndefined();
    const auto = evaluate(bash('make'), ctx('auto'));
    expect(auto).toMatchObject({ behavior: 'ask', askKind: 'firm' });
  });

  it('dontAsk refuses what would have been allowed', () => {
    expect(evaluate(bash('npm test'), ctx('dontAsk'))).toMatchObject({ behavior: 'deny', reason: { kind: 'brokenSettings' } });
  });

  it('every dialect honours it', () => {
    for (const dialect of Object.values(dialects)) {
      const d = evaluate(bash('ls'), { ...ctx('bypassPermissions'), dialect });
      expect(d.behavior, dialect.name).not.toBe('allow');
    }
  });

  it('without a broken file nothing changes', () => {
    const sound = mergePolicy([
      parseSettingsObject({ permissions: { allow: ['Bash(npm test *)'] } }, { kind: 'projectSettings', file: SHARED }),
    ]);
    expect(evaluate(bash('npm test'), ctx('default', sound)).behavior).toBe('allow');
  });
});

const P_ = P;
const words = fc.constantFrom(
  'git',
  'status',
  'rm',
  '-rf',
  'ls',
  'cat',
  'npm',
  'test',
  'echo',
  'x',
  '.env',
  'src/a.ts',
  '/etc/passwd',
  'make',
);
const sep = fc.constantFrom(' ', ' && ', '; ', ' | ', ' > ', ' $(', ') ');
const command = fc.array(fc.tuple(words, sep), { minLength: 1, maxLength: 5 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);
const path = fc.constantFrom(`${P_}/src/a.ts`, `${P_}/.env`, '/etc/hosts', 'relative.txt', `${P_}/.claude/settings.json`);
const call: fc.Arbitrary<ToolCall> = fc.oneof(
  command.map(bash),
  path.map((p) => ({ tool: 'Read', input: { file_path: p } })),
  path.map((p) => ({ tool: 'Edit', input: { file_path: p, old_string: 'a', new_string: 'b' } })),
  path.map((p) => ({ tool: 'Write', input: { file_path: p, content: '' } })),
  fc
    .constantFrom('TodoWrite', 'AskUserQuestion', 'WebSearch', 'mcp__x__y', 'Glob', 'Grep', 'EnterPlanMode')
    .map((t) => ({ tool: t, input: {} })),
);
const allowRules = fc.array(fc.constantFrom('Bash', 'Read', 'Edit', 'Write', '*', 'Bash(ls *)', 'mcp__x', 'WebSearch', 'Glob', 'Grep'), {
  maxLength: 4,
});
const brokenText = fc.constantFrom('{"permissions": {"allow": ["Bash"],}}', '// c\n{}', '', '[]', '{"permissions": ', '{"a": 1 "b": 2}');

describe('property', () => {
  it('with a broken file in force, evaluate never allows, in any mode and dialect', () => {
    fc.assert(
      fc.property(
        call,
        allowRules,
        brokenText,
        fc.constantFrom(...PERMISSION_MODES),
        fc.constantFrom(...Object.values(dialects)),
        fc.boolean(),
        (c, allow, text, mode, dialect, brokenIsUser) => {
          const policy = mergePolicy([
            parseSettingsObject({ permissions: { allow, defaultMode: 'bypassPermissions' } }, { kind: 'projectSettings', file: SHARED }),
            parseSettingsFile(
              text,
              brokenIsUser ? { kind: 'userSettings', file: `${HOME}/.claude/settings.json` } : { kind: 'localSettings', file: LOCAL },
            ),
          ]);
          const d = evaluate(c, { mode, policy, cwd: P, home: HOME, dialect });
          expect(d.behavior).not.toBe('allow');
          if (d.behavior === 'ask') expect(d.askKind).toBe('firm');
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });
});

describe('while a deny rule cannot be read', () => {
  const policy = mergePolicy([
    parseSettingsObject(
      { permissions: { allow: ['Read', 'Bash(cat *)'], deny: 'Read(./.env)' } },
      { kind: 'projectSettings', file: SHARED },
    ),
  ]);
  it('the call it may have been written for is not allowed: a firm ask naming the rule', () => {
    for (const call of [{ tool: 'Read', input: { file_path: `${P}/.env` } }, bash('cat .env')] as ToolCall[]) {
      const d = evaluate(call, { mode: 'default', policy, cwd: P, home: HOME });
      expect(d).toMatchObject({ behavior: 'ask', askKind: 'firm', reason: { kind: 'brokenSettings' } });
      expect(d.reason.message).toContain('permissions.deny');
    }
  });
  it('bypassPermissions does not answer it', () => {
    expect(evaluate(bash('cat .env'), { mode: 'bypassPermissions', policy, cwd: P, home: HOME })).toMatchObject({
      behavior: 'ask',
      askKind: 'firm',
    });
  });
});
