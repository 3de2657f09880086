import { describe, expect, it } from 'vitest';
import { policyFromObjects } from '../../src/settings/merge.js';

describe('settings env: merged key by key, each name from the highest-precedence file (decision 0141)', () => {
  it('takes each name from the highest-precedence file that sets it', () => {
    const policy = policyFromObjects([
      { kind: 'userSettings', settings: { env: { NODE_OPTIONS: '--require /u.js', EDITOR: 'vi' } } },
      { kind: 'projectSettings', settings: { env: { NODE_OPTIONS: '--require /p.js' } } },
      { kind: 'localSettings', settings: { env: { BASH_ENV: '/l.sh' } } },
    ]);
    expect(Object.fromEntries(Object.entries(policy.env ?? {}).map(([k, v]) => [k, [v.value, v.source.kind]]))).toEqual({
      NODE_OPTIONS: ['--require /p.js', 'projectSettings'],
      EDITOR: ['vi', 'userSettings'],
      BASH_ENV: ['/l.sh', 'localSettings'],
    });
  });
  it("keeps an untrusted project's env (Claude Code's trust gates allow rules and directories, not env)", () => {
    const policy = policyFromObjects([{ kind: 'projectSettings', settings: { env: { GIT_EDITOR: 'tools/x.sh' } } }], { projectTrusted: false });
    expect(policy.env?.['GIT_EDITOR']?.value).toBe('tools/x.sh');
  });
  it('leaves out values that are not strings, and is absent when no file sets any', () => {
    expect(policyFromObjects([{ kind: 'userSettings', settings: { env: { A: 1, B: null, C: ['x'] } } }]).env).toBeUndefined();
    expect(policyFromObjects([{ kind: 'userSettings', settings: { env: 'X=1' } }]).env).toBeUndefined();
    expect(policyFromObjects([{ kind: 'userSettings', settings: {} }]).env).toBeUndefined();
  });
  it('reads a name like __proto__ as a variable, not an object key', () => {
    const policy = policyFromObjects([{ kind: 'userSettings', settings: JSON.parse('{"env": {"__proto__": "x"}}') }]);
    expect(policy.env?.['__proto__']?.value).toBe('x');
  });
});
