/**
 * A shell's own builtins (`ownBuiltinOf`, `programs/builtins.ts`): a builtin of the shell the command runs in
 * that toolgate has no model of hides the commands after it, as it may set variables or options
 * (red team 18 replay NEW-2); the same name in a shell that looks it up along PATH does not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { SHELL_MODELS } from '../../../src/shell/shells/index.js';
import { ownBuiltinOf, ownBuiltins, PATH_FREE_BUILTINS } from '../../../src/shell/programs/builtins.js';

beforeAll(async () => {
  await prepareShell();
});

const hides = (command: string, shell: 'bash' | 'zsh' | 'sh' | 'unknown'): boolean =>
  analyzeShell(command, { shell }).stateChanges.length > 0;

describe('ownBuiltinOf', () => {
  it('finds the shell that runs the name itself', () => {
    expect(ownBuiltinOf([SHELL_MODELS.zsh], 'print')?.name).toBe('zsh');
    expect(ownBuiltinOf([SHELL_MODELS.bash], 'print')).toBeUndefined();
    expect(ownBuiltinOf([SHELL_MODELS.bash, SHELL_MODELS.zsh], 'zstyle')?.name).toBe('zsh');
    expect(ownBuiltinOf([], 'shopt')?.name).toBe('bash');
  });

  it('holds no name every shell has (those are in PATH_FREE_BUILTINS)', () => {
    for (const s of Object.values(SHELL_MODELS)) for (const n of ownBuiltins(s.name)) expect(PATH_FREE_BUILTINS.has(n)).toBe(false);
  });
});

describe('a builtin toolgate has no model of', () => {
  it('hides the commands after it in the shell that has it', () => {
    expect(hides('vared PATH; ls', 'unknown')).toBe(true);
    expect(hides('zparseopts -A PATH a; ls', 'zsh')).toBe(true);
    expect(hides('caller; ls', 'bash')).toBe(true);
  });

  it('is a program found along PATH in a shell that does not have it', () => {
    expect(hides('setopt cdablevars; ls', 'bash')).toBe(false);
    expect(hides('vared PATH; ls', 'sh')).toBe(false);
  });

  it('a modelled one is read by its model', () => {
    expect(hides('print -v PATH 0; ls', 'zsh')).toBe(true);
    expect(hides('print -v PATH 0; ls', 'bash')).toBe(false);
    expect(hides('print -v x hi; ls', 'zsh')).toBe(false);
    expect(hides('whence -v ls; ls', 'zsh')).toBe(false);
    // setopt: options by allowlist (zsh-setopt.ts); CDABLE_VARS is read as possibly set already.
    expect(hides('setopt cdablevars; ls', 'zsh')).toBe(false);
    expect(hides('setopt globsubst; ls', 'zsh')).toBe(true);
  });
});
