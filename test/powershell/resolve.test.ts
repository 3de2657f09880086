import { describe, expect, it } from 'vitest';
import { resolveCommandName } from '../../src/powershell/index.js';

describe('a command name PowerShell resolves', () => {
  it('is a nested shell for every POSIX shell the program models know, and the consoles', () => {
    for (const name of ['bash', 'ash', 'mksh', '/usr/bin/yash', 'pwsh', 'cmd.exe', 'C:\\Windows\\System32\\wsl.exe'])
      expect(resolveCommandName(name, 'linux').kind, name).toBe('shell');
  });
  it('is a command for a program that starts no shell', () => {
    expect(resolveCommandName('/usr/bin/git', 'linux').kind).toBe('command');
  });
});
