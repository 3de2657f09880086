/** The configuration an inherited environment gives git (GIT_CONFIG_COUNT pairs, GIT_CONFIG_PARAMETERS). */
import { describe, expect, it } from 'vitest';
import { inheritedConfig } from '../../../../src/shell/programs/git/inherited-config.js';
import { gitConfigCount } from '../../../../src/shell/programs/git/runs.js';

const env = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('inheritedConfig', () => {
  it('reads the counted pairs, then GIT_CONFIG_PARAMETERS', () => {
    const got = inheritedConfig(
      env({
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'core.fsmonitor',
        GIT_CONFIG_VALUE_0: 'rm -f x',
        GIT_CONFIG_PARAMETERS: "'alias.st'='!id'",
      }),
    );
    expect(got).toEqual({
      entries: [
        { key: 'core.fsmonitor', value: 'rm -f x', file: 'the environment (GIT_CONFIG_KEY_0)' },
        { key: 'alias.st', value: '!id', file: 'the environment (GIT_CONFIG_PARAMETERS)' },
      ],
    });
  });
  it('is unknown when a counted pair is not known, or a value cannot be read', () => {
    expect(inheritedConfig(env({ GIT_CONFIG_COUNT: '1' }))).toHaveProperty('unknown');
    expect(inheritedConfig(env({ GIT_CONFIG_COUNT: 'x' }))).toHaveProperty('unknown');
    expect(inheritedConfig(env({ GIT_CONFIG_PARAMETERS: 'core.fsmonitor=x' }))).toHaveProperty('unknown');
  });
  it('adds nothing when the variables are unset, empty, or may be set (the read-only check asks about those)', () => {
    expect(inheritedConfig(env({}))).toEqual({ entries: [] });
    expect(inheritedConfig(env({ GIT_CONFIG_COUNT: '' }))).toEqual({ entries: [] });
    expect(inheritedConfig(() => undefined)).toEqual({ entries: [] });
  });
});

describe('gitConfigCount: the count as git 2.39 reads it (strtoul, nothing after the digits)', () => {
  it.each([
    ['1', 1],
    ['+1', 1],
    [' 1', 1],
    ['\t1', 1],
    ['\n1', 1],
    [' +1', 1],
    ['01', 1],
    ['+01', 1],
    ['', 0],
    ['-0', 0],
    ['2', 2],
  ] as const)('%j counts %d', (text, n) => {
    expect(gitConfigCount(text)).toBe(n);
  });
  it.each(['0x1', '1 ', '1.0', '+ 1', ' ', '-1', 'x', '10000'])('%j is refused (git stops: "bogus count", "too many entries"), or past what toolgate reads', (text) => {
    expect(gitConfigCount(text)).toBeUndefined();
  });
  it('reads the pairs of a signed or blank-led count', () => {
    const got = inheritedConfig(env({ GIT_CONFIG_COUNT: ' +1', GIT_CONFIG_KEY_0: 'core.fsmonitor', GIT_CONFIG_VALUE_0: '/h/x.sh' }));
    expect(got).toEqual({ entries: [{ key: 'core.fsmonitor', value: '/h/x.sh', file: 'the environment (GIT_CONFIG_KEY_0)' }] });
  });
});
