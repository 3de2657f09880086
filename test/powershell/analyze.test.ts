import { describe, expect, it } from 'vitest';
import {
  POWERSHELL_ALIASES,
  POWERSHELL_CMDLETS,
  analyzePowerShell,
  cmdletSpec,
  isPowerShellReadOnly,
  powerShellPathEffects,
  powerShellRestrictiveTexts,
  powerShellRuleForms,
} from '../../src/powershell/index.js';

const win: { cwd: string; home: string; platform: 'windows' | 'linux' } = {
  cwd: 'C:\\Users\\dev\\project',
  home: 'C:\\Users\\dev',
  platform: 'windows',
};
const effects = (command: string, ctx = win) => {
  const fx = powerShellPathEffects(analyzePowerShell(command, { platform: ctx.platform }), ctx);
  return {
    paths: fx.effects.map((e) => `${e.op} ${e.path}${e.glob ? ' (glob)' : ''}`),
    unresolved: fx.unresolved.map((u) => `${u.op}: ${u.why}`),
    providers: fx.providers.map((p) => `${p.op} ${p.drive}:`),
    cwdAfter: fx.cwdAfter,
    hidden: fx.hidden,
  };
};

describe('alias table', () => {
  it('maps every alias to a cmdlet name in Verb-Noun form, once', () => {
    const seen = new Set<string>();
    for (const a of POWERSHELL_ALIASES) {
      expect(seen.has(a.alias.toLowerCase())).toBe(false);
      seen.add(a.alias.toLowerCase());
      expect(a.cmdlet).toMatch(/^[A-Z][A-Za-z]+-[A-Za-z]+$/);
    }
  });

  it.each([
    ['gc', 'Get-Content'],
    ['type', 'Get-Content'],
    ['cat', 'Get-Content'],
    ['ri', 'Remove-Item'],
    ['del', 'Remove-Item'],
    ['rm', 'Remove-Item'],
    ['rd', 'Remove-Item'],
    ['erase', 'Remove-Item'],
    ['rmdir', 'Remove-Item'],
    ['cp', 'Copy-Item'],
    ['copy', 'Copy-Item'],
    ['cpi', 'Copy-Item'],
    ['mv', 'Move-Item'],
    ['move', 'Move-Item'],
    ['mi', 'Move-Item'],
    ['gci', 'Get-ChildItem'],
    ['ls', 'Get-ChildItem'],
    ['dir', 'Get-ChildItem'],
    ['sc', 'Set-Content'],
    ['ni', 'New-Item'],
    ['iwr', 'Invoke-WebRequest'],
    ['curl', 'Invoke-WebRequest'],
    ['wget', 'Invoke-WebRequest'],
    ['GC', 'Get-Content'],
  ])('%s is %s', (alias, cmdlet) => {
    expect(analyzePowerShell(`${alias} x`).commands[0]!.name.canonical).toBe(cmdlet);
  });

  it('canonicalises the first word of a rule (an alias in a rule means its cmdlet)', () => {
    expect(powerShellRuleForms('rm *')).toEqual(['rm *', 'remove-item *']);
    expect(powerShellRuleForms('Get-Content *')).toEqual(['get-content *']);
  });
});

describe('cmdlet table', () => {
  it('has unique names, and unique parameter names and aliases per cmdlet', () => {
    const names = new Set<string>();
    for (const c of POWERSHELL_CMDLETS) {
      expect(names.has(c.name.toLowerCase())).toBe(false);
      names.add(c.name.toLowerCase());
      const ps = new Set<string>();
      for (const p of c.params)
        for (const n of [p.name, ...(p.aliases ?? [])]) {
          expect(ps.has(n.toLowerCase()), `${c.name} -${n}`).toBe(false);
          ps.add(n.toLowerCase());
        }
    }
  });

  it('marks safe parameters only on read-only cmdlets', () => {
    for (const c of POWERSHELL_CMDLETS) if (!c.readOnly) expect(c.params.filter((p) => p.safe)).toEqual([]);
  });

  it('knows Remove-Item -r as -Recurse and refuses an ambiguous prefix', () => {
    const texts = powerShellRestrictiveTexts(analyzePowerShell('ri -r x').commands[0]!);
    expect(texts).toContain('remove-item -recurse x');
    const gci = analyzePowerShell('gci -F x').commands[0]!;
    expect(gci.binding?.problems[0]).toMatch(/ambiguous/);
    expect(cmdletSpec('get-content')?.name).toBe('Get-Content');
  });
});

describe('path effects', () => {
  it('binds named, colon, positional and comma-list paths; backslashes are separators', () => {
    expect(effects('Copy-Item .env C:\\tmp\\x').paths).toEqual(['read /c/Users/dev/project/.env', 'write /c/tmp/x']);
    expect(effects('gc -Path:a.txt,sub\\b.txt').paths).toEqual(['read /c/Users/dev/project/a.txt', 'read /c/Users/dev/project/sub/b.txt']);
    expect(effects('sls .env -Pattern foo').paths).toEqual(['read /c/Users/dev/project/.env']);
    expect(effects('Move-Item -Destination ..\\out -Path x').paths).toEqual(['write /c/Users/dev/out', 'remove /c/Users/dev/project/x']);
    expect(effects('Out-File log.txt').paths).toEqual(['write /c/Users/dev/project/log.txt']);
    expect(effects('Rename-Item a.txt b.txt').paths).toEqual(['remove /c/Users/dev/project/a.txt', 'write /c/Users/dev/project/b.txt']);
    expect(effects('New-Item -Path src -Name x.ts').paths).toEqual([
      'write /c/Users/dev/project/src',
      'write /c/Users/dev/project/src/x.ts',
    ]);
  });

  it('reads wildcards in -Path (even quoted) but not in -LiteralPath', () => {
    expect(effects("gc '*.env'").paths).toEqual(['read /c/Users/dev/project/*.env (glob)']);
    expect(effects("gc -LiteralPath '[x].txt'").paths).toEqual(['read /c/Users/dev/project/[x].txt']);
  });

  it('understands drives, UNC paths, ~ and rooted paths; providers are not files', () => {
    expect(effects('gc D:\\data\\x').paths).toEqual(['read /d/data/x']);
    expect(effects('gc \\\\server\\share\\x').paths).toEqual(['read //server/share/x']);
    expect(effects('gc ~\\.ssh\\id_rsa').paths).toEqual(['read /c/Users/dev/.ssh/id_rsa']);
    expect(effects('gc \\Windows\\win.ini').paths).toEqual(['read /c/Windows/win.ini']);
    expect(effects('gc Env:PATH').providers).toEqual(['read Env:']);
    expect(effects('gc HKLM:\\SOFTWARE\\x').providers).toEqual(['read HKLM:']);
  });

  it('leaves unresolved what it cannot work out', () => {
    expect(effects('gc $f').unresolved).toEqual(['read: $f is not literal']);
    expect(effects('gc C:x').unresolved).toEqual(['read: the drive-relative path C:x']);
    expect(effects('gc Q2:\\x').unresolved).toEqual(['read: the drive Q2: is not one toolgate knows']);
    expect(effects('gc FileSystem::C:\\x').unresolved).toEqual(['read: the provider-qualified path FileSystem::C:\\x']);
    expect(effects('gc @p').unresolved).toEqual(['read: parameters splatted from @p']);
    expect(effects('gci | Remove-Item').unresolved).toEqual(['remove: Remove-Item takes its path from the pipeline']);
    expect(effects('cd $d; gc x').unresolved).toEqual(['read: $d is not literal', 'read: x is relative to a location that is not known']);
  });

  it('follows the location through Set-Location, Push-Location and Pop-Location', () => {
    expect(effects('cd src; gc ..\\a; pushd C:\\tmp; gc b; popd; gc c')).toMatchObject({
      paths: [
        'read /c/Users/dev/project/src',
        'read /c/Users/dev/project/a',
        'read /c/tmp',
        'read /c/tmp/b',
        'read /c/Users/dev/project/src/c',
      ],
      cwdAfter: '/c/Users/dev/project/src',
    });
  });

  it('treats writes to Function:, Alias:, Variable: and Env: as changing later commands', () => {
    expect(effects('Set-Content Function:gc x').hidden).toEqual(['Function:gc changes Function: items later commands may use']);
  });

  it('on Linux, an alias that is a native program there with more effects is unresolved', () => {
    const linux = { cwd: '/home/u/p', home: '/home/u', platform: 'linux' as const };
    expect(effects('diff a b', linux).unresolved).toEqual(['read: diff may run a native program that does more than Compare-Object']);
    expect(effects('cat a', linux).paths).toEqual(['read /home/u/p/a']);
    expect(effects('gc a\\b', linux).paths).toEqual(['read /home/u/p/a/b']);
  });
});

describe('read-only allowlist', () => {
  const ro = (command: string) => analyzePowerShell(command).commands.map((c) => isPowerShellReadOnly(c));
  it('allows read-only cmdlets with known-safe parameters only', () => {
    expect(ro('Get-ChildItem -Recurse -Filter *.ts -ea 0')).toEqual([{ readOnly: true }]);
    expect(ro('gc README.md -Tail 5 | sls TODO -Context 1')).toEqual([{ readOnly: true }, { readOnly: true }]);
    expect(ro('gci -FollowSymlink')[0]).toEqual({ readOnly: false, reason: '-FollowSymlink is not known safe for Get-ChildItem' });
    expect(ro('gc x -Credential $c')[0]).toMatchObject({ readOnly: false });
    expect(ro('gc x -Wait')[0]).toMatchObject({ readOnly: false });
    expect(ro('git status')[0]).toEqual({ readOnly: false, reason: 'git is not a read-only cmdlet' });
    expect(ro('Get-Command x')[0]).toMatchObject({ readOnly: false });
    expect(ro('echo x > y')[0]).toEqual({ readOnly: false, reason: 'it redirects to y' });
    expect(ro('Set-Content x y')[0]).toEqual({ readOnly: false, reason: 'Set-Content is not a read-only cmdlet' });
    expect(ro('childitem')[0]).toMatchObject({ readOnly: false });
  });
});
