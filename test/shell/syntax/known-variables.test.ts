import { describe, expect, it } from 'vitest';
import { expandTilde, substituteVariables, variableView } from '../../../src/shell/syntax/known-variables.js';

describe('variableView', () => {
  it.each([
    ['cat ~/.env', [], false],
    ['HOME=.; cat ~/.env', ['.'], false],
    ['export HOME=secrets; echo x > ~/a', ['secrets'], false],
    ['HOME="/tmp/h" git config --global x y', ['/tmp/h'], false],
    ['env HOME=a cmd; HOME=b cmd', ['a', 'b'], false],
    ['echo $HOME ${HOME} "${HOME}/x"', [], false],
    ['HOME=$X; cat ~/.env', [], true],
    ['read HOME; cat ~/x', [], true],
    ['for HOME in a b; do cat ~/x; done', [], true],
    ['unset HOME', [], true],
    ['HOME+=/x', [], true],
    [': ${HOME:=/tmp}', [], true],
    ['HOME=`pwd`', [], true],
  ] as const)('%j', (command, assigned, unknown) => {
    const v = variableView(command, 'HOME');
    expect(v.assigned).toEqual(assigned);
    expect(v.unknown !== undefined).toBe(unknown);
  });
  it('MYHOME and HOMEDIR are other variables', () => {
    expect(variableView('MYHOME=x HOMEDIR=y cmd', 'HOME')).toEqual({ assigned: [] });
  });
});

describe('substituteVariables', () => {
  it('replaces $NAME and ${NAME} with quoted values, outside single quotes', () => {
    expect(substituteVariables('$HOME/.ssh', { HOME: '/h' })).toBe("'/h'/.ssh");
    expect(substituteVariables('"${HOME}/a b"', { HOME: '/h' })).toBe('"/h/a b"');
    expect(substituteVariables("'$HOME'", { HOME: '/h' })).toBeUndefined();
    expect(substituteVariables('$HOMEDIR', { HOME: '/h' })).toBeUndefined();
    expect(substituteVariables('${HOME%/*}', { HOME: '/h' })).toBeUndefined();
    expect(substituteVariables('$HOME', { HOME: "/it's" })).toBe("'/it'\\''s'");
  });
});

describe('expandTilde', () => {
  it.each([
    ['~', "'/h'"],
    ['~/x', "'/h'/x"],
    ['~+/x', "'/p'/x"],
    ['x/~', undefined],
    ['~root/x', 'unknown'],
    ['~-/x', 'unknown'],
  ] as const)('%s', (raw, expected) => {
    expect(expandTilde(raw, '/h', '/p')).toBe(expected);
  });
});
