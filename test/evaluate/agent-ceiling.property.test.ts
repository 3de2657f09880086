import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type Behavior, type Decision, type PermissionMode, type ToolCall } from '../../src/core/types.js';
import { agentModeFor, evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects, type Policy } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const HOME = '/home/user';

beforeAll(async () => {
  await prepare();
});

const words = fc.constantFrom(
  'git',
  'push',
  'status',
  'rm',
  '-rf',
  'ls',
  'cat',
  'npm',
  'run',
  'test',
  'curl',
  'x',
  '.env',
  'src/a.ts',
  '/etc/passwd',
  '~/.ssh/id_rsa',
  'origin',
);
const sep = fc.constantFrom(' ', ' && ', ' | ', '; ', ' > ', ' $(', ') ');
const command = fc.array(fc.tuple(words, sep), { minLength: 1, maxLength: 5 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);
const path = fc.constantFrom(
  `${P}/src/a.ts`,
  `${P}/.env`,
  `${P}/.git/config`,
  '/etc/hosts',
  `${HOME}/.ssh/id_rsa`,
  `${P}/../other/x`,
  'relative/file.txt',
);

const call: fc.Arbitrary<ToolCall> = fc.oneof(
  command.map((c) => ({ tool: 'Bash', input: { command: c } })),
  path.map((p) => ({ tool: 'Read', input: { file_path: p } })),
  path.map((p) => ({ tool: 'Edit', input: { file_path: p, old_string: 'a', new_string: 'b' } })),
  path.map((p) => ({ tool: 'Write', input: { file_path: p, content: '' } })),
  fc.constantFrom('https://example.com/a', 'https://api.github.com/x').map((u) => ({ tool: 'WebFetch', input: { url: u, prompt: '' } })),
  fc.constantFrom('mcp__github__get_issue', 'TodoWrite', 'ExitPlanMode', 'CustomTool').map((t) => ({ tool: t, input: {} })),
);

const ruleText = fc.oneof(
  command.map((c) => `Bash(${c.replace(/[()]/g, '')} *)`),
  words.map((w) => `Bash(${w}:*)`),
  fc
    .tuple(fc.constantFrom('Read', 'Edit'), fc.constantFrom('./.env', 'src/**', '//etc/**', '~/.ssh/**', '**'))
    .map(([t, p]) => `${t}(${p})`),
  fc.constantFrom('Bash', 'Read', 'Edit', 'Write', 'WebFetch', 'WebFetch(domain:example.com)', 'mcp__github', 'CustomTool'),
);
const rules = fc.array(ruleText, { maxLength: 4 });
const lists = fc.record({ allow: rules, ask: rules, deny: rules });
const mode = fc.constantFrom<PermissionMode | 'manual'>(...PERMISSION_MODES, 'manual');
/** A parent mode as a front end may send it: a mode, an unknown name, or none. */
const sentMode = fc.oneof(mode, fc.constantFrom('delegate', 'yolo', ''), fc.constant(undefined));
const agentType = fc.constantFrom('Explore', 'general-purpose', undefined);
const agentSpec = fc.record(
  { allow: rules, ask: rules, deny: rules, mode: fc.option(mode, { nil: undefined }) },
  { requiredKeys: ['allow', 'ask', 'deny'] },
);
const agents = fc.dictionary(fc.constantFrom('Explore', 'general-purpose', '*'), agentSpec, { maxKeys: 3 });

const generated = fc.record({
  user: lists,
  project: lists,
  defaultMode: fc.option(mode, { nil: undefined }),
  agents,
  projectAgents: agents,
  trusted: fc.boolean(),
  grants: rules,
});

type Generated = typeof generated extends fc.Arbitrary<infer T> ? T : never;

function policyOf(g: Generated): Policy {
  return policyFromObjects(
    [
      {
        kind: 'userSettings',
        settings: {
          permissions: { ...g.user, ...(g.defaultMode !== undefined ? { defaultMode: g.defaultMode } : {}) },
          $toolgate: { agents: g.agents },
        },
      },
      { kind: 'projectSettings', settings: { permissions: g.project, $toolgate: { agents: g.projectAgents } } },
    ],
    { projectTrusted: g.trusted },
  );
}

const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

/** Whether `child` lets no more through than `parent`: a stricter behaviour, or the same; a plain ask only under a plain ask. */
function noMoreThan(child: Decision, parent: Decision): boolean {
  if (RANK[child.behavior] !== RANK[parent.behavior]) return RANK[child.behavior] > RANK[parent.behavior];
  if (child.behavior !== 'ask') return true;
  return child.askKind !== 'plain' || parent.askKind === 'plain';
}

describe('sub-agent ceilings (property)', () => {
  it("a sub-agent's decision is never more permissive than its parent's for the same call, whatever the policies, modes and session grants", () => {
    fc.assert(
      fc.property(generated, call, sentMode, mode, agentType, (g, c, parentSent, requested, type) => {
        const policy = policyOf(g);
        const session = { rules: policyFromObjects([{ kind: 'session', settings: { permissions: { allow: g.grants } } }]).rules };
        const base: EvaluationContext = { mode: requested, policy, cwd: P, home: HOME, projectDir: P, session };
        // What the parent would get: an unknown mode, and none, count as default.
        const known = parentSent === 'manual' ? 'default' : PERMISSION_MODES.find((m) => m === parentSent);
        const parentMode: PermissionMode = known ?? 'default';
        const parent = evaluate(c, { ...base, mode: parentMode });
        const child = evaluate(c, {
          ...base,
          agent: { id: 'a1', ...(type !== undefined ? { type } : {}), ...(parentSent !== undefined ? { parentMode: parentSent } : {}) },
        });
        expect(
          noMoreThan(child, parent),
          `${c.tool} ${JSON.stringify(c.input)}: child ${child.behavior}/${child.askKind} (${child.reason.message}) vs parent ${parentMode} ${parent.behavior}/${parent.askKind}`,
        ).toBe(true);
      }),
      { numRuns: propertyRuns(600) },
    );
  });

  it("a sub-agent's mode never lets more through than its parent's", () => {
    fc.assert(
      fc.property(generated, mode, mode, agentType, (g, requested, parent, type) => {
        const r = requested === 'manual' ? 'default' : requested;
        const p = parent === 'manual' ? 'default' : parent;
        const order: PermissionMode[] = ['dontAsk', 'plan', 'default', 'acceptEdits', 'auto', 'bypassPermissions'];
        expect(order.indexOf(agentModeFor(r, p, policyOf(g), type))).toBeLessThanOrEqual(order.indexOf(p));
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it("a sub-agent without rules of its own, in its parent's mode, gets exactly its parent's decision", () => {
    fc.assert(
      fc.property(lists, call, mode, (l, c, m) => {
        const policy = policyFromObjects([{ kind: 'userSettings', settings: { permissions: l } }]);
        const parent = evaluate(c, { mode: m, policy, cwd: P, home: HOME, projectDir: P });
        const child = evaluate(c, { mode: m, policy, cwd: P, home: HOME, projectDir: P, agent: { type: 'Explore', parentMode: m } });
        expect({ behavior: child.behavior, askKind: child.askKind, reason: child.reason, rule: child.rule }).toEqual({
          behavior: parent.behavior,
          askKind: parent.askKind,
          reason: parent.reason,
          rule: parent.rule,
        });
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
