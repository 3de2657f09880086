import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildHookInput, compileHooks, createHookDispatcher, hookGroupsFromCallbacks, type HookInputBase } from '../../src/hooks/index.js';
import { hookInputCommon } from '../../src/hooks/input/build.js';

/** What buildHookInput promises: the same object as `{ ...fields, ...common }`. */
function bySpread(fields: object, event: string, base: HookInputBase): object {
  return { ...fields, ...hookInputCommon(event, base) };
}

function shape(o: object) {
  return {
    proto: Object.getPrototypeOf(o) as unknown,
    keys: Reflect.ownKeys(o),
    values: Reflect.ownKeys(o).map((k) => (o as Record<PropertyKey, unknown>)[k]),
  };
}

const key = fc.constantFrom(
  '__proto__',
  'cwd',
  'session_id',
  'hook_event_name',
  'tool_name',
  'a',
  'b',
  '0',
  '7',
  'constructor',
  'permission_mode',
);
const base = fc.record(
  {
    session_id: fc.string(),
    cwd: fc.string(),
    transcript_path: fc.string(),
    permission_mode: fc.constantFrom('manual', 'default', 'plan', 'weird'),
    agent_id: fc.string(),
    effort: fc.record({ level: fc.string() }),
  },
  { requiredKeys: ['session_id', 'cwd'] },
);

describe('buildHookInput', () => {
  it('makes the same object as spreading the fields, then the common fields (keys, order, values, prototype)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.jsonValue())), base, (entries, b) => {
        const fields: Record<string, unknown> = {};
        for (const [k, v] of entries) Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
        expect(shape(buildHookInput('PreToolUse', fields as never, b as HookInputBase))).toEqual(
          shape(bySpread(fields, 'PreToolUse', b as HookInputBase)),
        );
      }),
    );
  });

  it('keeps an own __proto__ key as a key, copies symbols, skips inherited and non-enumerable keys', () => {
    const sym = Symbol('s');
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"tool_name":"Bash"}') as Record<string, unknown>;
    const fields = Object.create({ inherited: 1 }) as Record<PropertyKey, unknown>;
    Object.assign(fields, parsed);
    Object.defineProperty(fields, '__proto__', { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
    fields[sym] = 'x';
    Object.defineProperty(fields, 'hidden', { value: 1, enumerable: false });
    const input = buildHookInput('PreToolUse', fields as never, { session_id: 's', cwd: '/p' }) as unknown as Record<PropertyKey, unknown>;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(input['polluted']).toBeUndefined();
    expect(Object.hasOwn(input, '__proto__')).toBe(true);
    expect(input[sym]).toBe('x');
    expect('inherited' in input).toBe(false);
    expect('hidden' in input).toBe(false);
    expect(shape(input)).toEqual(shape(bySpread(fields, 'PreToolUse', { session_id: 's', cwd: '/p' })));
  });
});

describe('the dispatcher’s input', () => {
  it('is buildHookInput of the session base overridden by the run’s base, run after run (repeats included)', async () => {
    const seen: Record<string, unknown>[] = [];
    const { registry } = compileHooks(
      hookGroupsFromCallbacks({
        PreToolUse: [{ hooks: [async (input) => (seen.push(input), {})] }],
        Stop: [{ hooks: [async (input) => (seen.push(input), {})] }],
      }),
    );
    const d = createHookDispatcher({ registry, projectDir: '/p', cwd: '/c', sessionId: 's', transcriptPath: '/t', permissionMode: 'plan' });
    const runBase = fc.option(
      fc.record(
        {
          permission_mode: fc.constantFrom('default', 'manual', 'acceptEdits', 'nonsense'),
          agent_id: fc.constantFrom('a1', 'a2'),
          agent_type: fc.constant('Explore'),
          prompt_id: fc.constantFrom('p1', 'p2'),
          cwd: fc.constant('/elsewhere'),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('PreToolUse', 'Stop'), runBase), { minLength: 1, maxLength: 6 }), async (runs) => {
        for (const [event, base] of runs) {
          seen.length = 0;
          const fields =
            event === 'Stop' ? { stop_hook_active: false } : { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };
          await d.run(event, fields as never, base !== undefined ? { base } : {});
          const session: HookInputBase = { session_id: 's', cwd: '/c', transcript_path: '/t', permission_mode: 'plan' };
          const expected = buildHookInput(event, fields as never, { ...session, ...base });
          expect(shape(seen[0] ?? {})).toEqual(shape(expected));
        }
      }),
    );
  });
});
