import { describe, expect, it } from 'vitest';
import { claudeCodeGrepLeavesOut } from '../../src/evaluate/grep-host-globs.js';
import { claudeCode } from '../../src/evaluate/dialect.js';
import { parseRule } from '../../src/rules/index.js';

const leaves = (text: string) => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(text);
  return claudeCodeGrepLeavesOut(r.rule);
};

describe("claudeCodeGrepLeavesOut: the name Claude Code's Grep hands rg as --glob '!**/NAME' (decision 0155)", () => {
  it('a relative Read pattern of one base name', () => {
    expect(leaves('Read(./.env)')).toBe('.env');
    expect(leaves('Read(credentials.json)')).toBe('credentials.json');
    expect(leaves('Read(**/.env)')).toBe('.env');
    expect(leaves('Read(*.pem)')).toBe('*.pem');
  });
  it('not a rooted pattern, one with a slash, braces, nor another tool', () => {
    expect(leaves('Read(~/.ssh/**)')).toBeUndefined();
    expect(leaves('Read(//srv/key.pem)')).toBeUndefined();
    expect(leaves('Read(/secrets.json)')).toBeUndefined();
    expect(leaves('Read(./secrets/**)')).toBeUndefined();
    expect(leaves('Read({a,b}.pem)')).toBeUndefined();
    expect(leaves('Edit(./.env)')).toBeUndefined();
    expect(leaves('Bash(cat .env)')).toBeUndefined();
  });
  it('is the Claude Code dialect’s', () => {
    expect(claudeCode.grepToolLeavesOut).toBe(claudeCodeGrepLeavesOut);
  });
});
