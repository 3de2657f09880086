import { describe, expect, it } from 'vitest';
import { grantRules } from '../../src/store/index.js';
import { pendingAsk } from './suite.js';

describe('grantRules', () => {
  const p = pendingAsk('a');
  it('stores nothing for once, or for a deny', () => {
    expect(grantRules(p, { behavior: 'allow' }, undefined, true)).toEqual({ ok: true, scope: 'once', rules: [] });
    expect(grantRules(p, { behavior: 'deny' }, 'project', true)).toEqual({ ok: true, scope: 'project', rules: [] });
  });
  it("remember means the session by default and stores the ask's suggestions plus added allow rules", () => {
    expect(grantRules(p, { behavior: 'allow', remember: true }, undefined, true)).toEqual({
      ok: true,
      scope: 'session',
      rules: ['Bash(npm publish:*)'],
    });
    expect(
      grantRules(
        p,
        {
          behavior: 'allow',
          updatedPermissions: [
            { type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Read' }] },
            { type: 'addRules', behavior: 'deny', destination: 'session', rules: [{ toolName: 'Bash' }] },
          ],
        },
        'project',
        true,
      ),
    ).toEqual({ ok: true, scope: 'project', rules: ['Bash(npm publish:*)', 'Read'] });
  });
  it('refuses what cannot be kept', () => {
    expect(grantRules(p, { behavior: 'allow', remember: true }, 'once', true).ok).toBe(false);
    expect(grantRules(p, { behavior: 'allow' }, 'session', false).ok).toBe(false);
    expect(grantRules({ suggestions: [] }, { behavior: 'allow' }, 'project', true).ok).toBe(false);
  });
});
