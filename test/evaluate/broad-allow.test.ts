import { describe, expect, it } from 'vitest';
import { isBroadAllow } from '../../src/evaluate/index.js';
import { parseRule } from '../../src/rules/index.js';

const broad = (text: string): boolean => {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(text);
  return isBroadAllow(parsed.rule);
};

describe('broad allow rules (set aside in auto mode)', () => {
  it('cover every wrapper, interpreter and shell the program models know', () => {
    for (const rule of ['Bash(timeout *)', 'Bash(nice -n 5 *)', 'Bash(doas *)', 'Bash(pypy3 *)', 'Bash(dash *)', 'Bash(/bin/mksh *)'])
      expect(broad(rule), rule).toBe(true);
  });
  it('cover a runner of scripts with a wildcard right after its name', () => {
    expect(broad('Bash(volta *)')).toBe(true);
    expect(broad('Bash(gmake *)')).toBe(true);
    expect(broad('Bash(npm *)')).toBe(true);
  });
  it('keep narrow rules', () => {
    for (const rule of ['Bash(npm test)', 'Bash(timeout 5 npm test)', 'Bash(git status *)', 'Bash(volta list *)'])
      expect(broad(rule), rule).toBe(false);
  });
});
