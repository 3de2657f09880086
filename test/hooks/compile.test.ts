import { describe, expect, it } from 'vitest';
import {
  compileHooks,
  hookGroupsFromCallbacks,
  hookGroupsFromSettings,
  parsePluginHooks,
  HOOK_EVENTS,
  defaultTimeoutSeconds,
} from '../../src/hooks/index.js';
import type { SettingsSource } from '../../src/core/types.js';

const project: SettingsSource = { kind: 'projectSettings', file: '/p/.claude/settings.json' };
const cmd = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });

describe('compileHooks', () => {
  it('knows the 33 Claude Code events', () => {
    expect(HOOK_EVENTS).toHaveLength(33);
    expect(HOOK_EVENTS).toContain('PostModelSwitch');
  });

  it('keeps handlers of unknown events with a warning', () => {
    const { registry, diagnostics } = compileHooks([{ event: 'BeforeLunch', hooks: [cmd('x')], source: project }]);
    expect(registry.events.get('BeforeLunch')).toHaveLength(1);
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'TG_HOOK_UNKNOWN_EVENT', severity: 'warning', file: project.file })]);
  });

  it('reports an invalid matcher as an error, saying what happens', () => {
    const { diagnostics, registry } = compileHooks([
      { event: 'PreToolUse', matcher: '(?!Read)', hooks: [cmd('guard')], source: project },
      { event: 'PostToolUse', matcher: '(?!Read)', hooks: [cmd('log')], source: project },
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['TG_HOOK_MATCHER_INVALID', 'error'],
      ['TG_HOOK_MATCHER_INVALID', 'error'],
    ]);
    expect(diagnostics[0]?.message).toMatch(/every subject/);
    expect(diagnostics[1]?.message).toMatch(/never run/);
    expect(diagnostics[0]?.path).toEqual(['hooks', 'PreToolUse', 0, 'matcher']);
    expect(registry.events.get('PreToolUse')?.[0]?.matcher.kind).toBe('invalid');
  });

  it('drops invalid handlers with diagnostics and keeps the rest', () => {
    const { registry, diagnostics } = compileHooks([
      {
        event: 'PreToolUse',
        hooks: [{ type: 'command' }, { type: 'telepathy' }, cmd('ok', { timeout: -3 }), { type: 'http', url: 'http://x' }],
        source: project,
      },
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['TG_HOOK_HANDLER_INVALID', 'TG_HOOK_TYPE_UNKNOWN', 'TG_HOOK_TIMEOUT_INVALID']);
    const handlers = registry.events.get('PreToolUse') ?? [];
    expect(handlers.map((h) => h.label)).toEqual(['ok', 'http://x']);
    expect(handlers[0]?.handler.timeout).toBeUndefined();
  });

  it('warns about if on events without a tool call and about ignored matchers', () => {
    const { diagnostics } = compileHooks([{ event: 'Stop', matcher: 'x', hooks: [cmd('a', { if: 'Bash(*)' })], source: project }]);
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['TG_HOOK_IF_NO_TOOL_CALL', 'TG_HOOK_MATCHER_IGNORED']);
  });

  it('drops types an event does not run', () => {
    const { diagnostics, registry } = compileHooks([
      {
        event: 'SessionStart',
        hooks: [{ type: 'http', url: 'http://x' }, { type: 'prompt', prompt: 'p' }, cmd('git log')],
        source: project,
      },
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['TG_HOOK_TYPE_UNSUPPORTED', 'TG_HOOK_TYPE_UNSUPPORTED']);
    expect(registry.events.get('SessionStart')).toHaveLength(1);
  });

  it('gives identical handlers one key, but keeps plugin copies apart', () => {
    const user: SettingsSource = { kind: 'userSettings', file: '/h/.claude/settings.json' };
    const { registry } = compileHooks([
      { event: 'PreToolUse', matcher: 'Bash', hooks: [cmd('g')], source: user },
      { event: 'PreToolUse', hooks: [cmd('g')], source: project },
      { event: 'PreToolUse', hooks: [cmd('g')], source: project, plugin: 'p' },
    ]);
    const keys = (registry.events.get('PreToolUse') ?? []).map((h) => h.key);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('reads settings hooks, plugin hooks.json and SDK callbacks', () => {
    const s = hookGroupsFromSettings({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('a')] }], Stop: 'bad' }, project);
    expect(s.groups).toHaveLength(1);
    expect(s.diagnostics.map((d) => d.code)).toEqual(['TG_HOOK_SHAPE']);
    const p = parsePluginHooks(
      { description: 'fmt', hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [cmd('fmt')] }] } },
      'fmt',
      '/plug/hooks/hooks.json',
    );
    expect(p.groups[0]).toMatchObject({ plugin: 'fmt', event: 'PostToolUse', source: { file: '/plug/hooks/hooks.json' } });
    const cb = async () => ({});
    const groups = hookGroupsFromCallbacks({ PreToolUse: [{ matcher: 'Bash', hooks: [cb, cb], timeout: 5 }] });
    const { registry } = compileHooks(groups);
    const handlers = registry.events.get('PreToolUse') ?? [];
    expect(handlers.map((h) => h.handler.timeout)).toEqual([5, 5]);
    expect(handlers[0]?.key).toBe(handlers[1]?.key);
  });
});

describe('defaultTimeoutSeconds', () => {
  it('follows Claude Code defaults (seconds)', () => {
    expect(defaultTimeoutSeconds('command', 'PreToolUse')).toBe(600);
    expect(defaultTimeoutSeconds('callback', 'UserPromptSubmit')).toBe(30);
    expect(defaultTimeoutSeconds('prompt', 'Stop')).toBe(30);
    expect(defaultTimeoutSeconds('agent', 'Stop')).toBe(60);
    expect(defaultTimeoutSeconds('http', 'MessageDisplay')).toBe(10);
  });
});
