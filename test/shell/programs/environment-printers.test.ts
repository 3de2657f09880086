/** Which variables a command prints (the sandbox credentials check asks it). */
import { describe, expect, it } from 'vitest';
import { analyzeShell } from '../../../src/shell/index.js';
import { printedVariables } from '../../../src/shell/programs/environment-printers.js';

const printed = (command: string) => analyzeShell(command).commands.map((c) => printedVariables(c));

describe('printedVariables', () => {
  it.each(['env', 'printenv', 'export', 'export -p', 'declare', 'declare -p', 'typeset -p', 'set', 'compgen -v', 'env -0'])(
    '%s prints every variable',
    (command) => {
      expect(printed(command)[0]).toBe('all');
    },
  );

  it('names what printenv and declare -p are given', () => {
    expect(printed('printenv HOME PATH')[0]).toEqual(['HOME', 'PATH']);
    expect(printed('declare -p X')[0]).toEqual(['X']);
  });

  it.each(['env FOO=1 ls', 'export X=1', 'set -e', 'declare X=1', 'echo hi', 'compgen -c'])('%s prints none', (command) => {
    expect(printed(command)[0]).toBeUndefined();
  });
});
