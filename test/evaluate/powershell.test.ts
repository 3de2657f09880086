import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate } from '../../src/evaluate/index.js';
import { POWERSHELL_ALIASES, analyzePowerShell } from '../../src/powershell/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const MODES: PermissionMode[] = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'];
type Env = { cwd: string; home: string; platform: 'windows' | 'linux' };
const WIN: Env = { cwd: 'C:\\Users\\dev\\project', home: 'C:\\Users\\dev', platform: 'windows' };
const LINUX: Env = { cwd: '/home/dev/project', home: '/home/dev', platform: 'linux' };

function decide(command: string, permissions: Record<string, unknown>, mode: PermissionMode, env: Env = WIN) {
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
  return evaluate({ tool: 'PowerShell', input: { command } }, { mode, policy, ...env });
}

/** Cmdlets with at least one alias, with their aliases. */
const ALIASED = [...new Set(POWERSHELL_ALIASES.map((a) => a.cmdlet))].map((cmdlet) => ({
  cmdlet,
  aliases: POWERSHELL_ALIASES.filter((a) => a.cmdlet === cmdlet).map((a) => a.alias),
}));

const randomCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((up) => [...s].map((ch, i) => (up[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
const arg = fc.constantFrom(
  'x',
  'build',
  '.\\out',
  'C:\\tmp\\a b',
  "'quoted arg'",
  '"double"',
  '-Recurse',
  '-Force',
  '-Path:x',
  '5',
  'a,b',
  '$v',
  '*.log',
);
const around = fc.constantFrom(
  '{}',
  'Get-Location; {}',
  '{} | Out-Null',
  'gci src | {}',
  '{} && echo done',
  'echo a || {}',
  '{}\nGet-Date',
);

describe('PowerShell decisions (property)', () => {
  it('an alias of a denied cmdlet, in any case, mode and company, is never allowed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALIASED).chain(({ cmdlet, aliases }) =>
          fc.record({
            cmdlet: fc.constant(cmdlet),
            name: fc.constantFrom(...aliases, cmdlet).chain(randomCase),
            ruleName: fc.constantFrom(cmdlet, cmdlet.toLowerCase(), ...aliases),
            args: fc.array(arg, { maxLength: 3 }),
            template: around,
            mode: fc.constantFrom(...MODES),
            env: fc.constantFrom(WIN, LINUX),
            star: fc.constantFrom(' *', ':*', '*'),
          }),
        ),
        ({ name, ruleName, args, template, mode, env, star }) => {
          const command = template.replace('{}', [name, ...args].join(' '));
          const d = decide(command, { deny: [`PowerShell(${ruleName}${star})`] }, mode, env);
          expect(d.behavior, `${command} against PowerShell(${ruleName}${star}) in ${mode}`).not.toBe('allow');
        },
      ),
      { numRuns: propertyRuns(600) },
    );
  });

  it('a line that cannot be read is never allowed, in any mode', () => {
    const piece = fc.constantFrom(
      'gci',
      ' ',
      '|',
      ';',
      '&',
      '$x',
      '$(',
      ')',
      '{',
      '}',
      "'",
      '"',
      '`',
      '@',
      '(',
      '#',
      '-Path',
      '.env',
      '\n',
      '“',
      '–',
      '\u00a0',
      '>',
      '<',
      ',',
      '=',
      '.\\x.ps1',
      'iex',
      '%',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((p) => p.join('')),
        fc.constantFrom(...MODES),
        (command, mode) => {
          const reading = analyzePowerShell(command).reading;
          fc.pre(reading.unknown.length > 0);
          const d = decide(command, { allow: ['PowerShell'] }, mode);
          expect(d.behavior, command).not.toBe('allow');
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('Read(./.env) holds against every spelling of a cmdlet that reads it', () => {
    const reader = fc.constantFrom(
      'Get-Content',
      'gc',
      'type',
      'cat',
      'Select-String x',
      'sls x',
      'Copy-Item',
      'cp',
      'Get-FileHash',
      'Import-Csv',
      'Microsoft.PowerShell.Management\\Get-Content',
      'content',
    );
    const path = fc.constantFrom(
      '.env',
      '.\\.env',
      './.env',
      'sub\\..\\.env',
      "'.env'",
      '".env"',
      '-Path .env',
      '-Path:.env',
      '-LiteralPath .env',
      '-LP .env',
      '-PSPath .env',
      'x,.env',
      '.en?',
      '.e*',
      "'.en[v]'",
      'C:\\Users\\dev\\project\\.env',
      '$HOME\\project\\.env',
    );
    fc.assert(
      fc.property(fc.tuple(reader.chain(randomCase), path, fc.constantFrom(...MODES), around), ([r, p, mode, template]) => {
        const command = template.replace('{}', `${r} ${p}`);
        const d = decide(command, { deny: ['Read(./.env)'] }, mode);
        expect(d.behavior, command).not.toBe('allow');
      }),
      { numRuns: propertyRuns(600) },
    );
  });
});

describe('PowerShell decisions (examples)', () => {
  it('is never read by the Bash analyser: backslashes stay separators', () => {
    const d = decide('Copy-Item notes.txt C:\\tmp\\x', { deny: ['Edit(//c/tmp/x)'] }, 'bypassPermissions');
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain('/c/tmp/x');
  });

  it('explains which part an allow rule does not cover', () => {
    const d = decide('npm test; Remove-Item x', { allow: ['PowerShell(npm test)'] }, 'default');
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('"Remove-Item x"');
  });

  it('an unreadable line is a firm ask in every mode, even with no rules', () => {
    for (const mode of MODES) {
      const d = decide('gci | % { Remove-Item $_ }', {}, mode);
      expect(d.behavior).toBe(mode === 'dontAsk' ? 'deny' : 'ask');
      if (d.behavior === 'ask') expect(d.askKind).toBe('firm');
    }
  });

  it('an unknown write target is a protected ask that bypassPermissions does not answer', () => {
    const d = decide('Set-Content $target x', {}, 'bypassPermissions');
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'protected' });
  });
});
