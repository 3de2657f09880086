import { describe, expect, it } from 'vitest';
import { readPowerShell } from '../../src/powershell/index.js';

const words = (command: string) =>
  readPowerShell(command).commands.map((c) => [
    c.name,
    ...c.elements.map((e) =>
      e.kind === 'argument'
        ? e.values.map((v) => v.text).join(',')
        : e.kind === 'parameter'
          ? `-${e.name}${e.value ? `:${e.value.map((v) => v.text).join(',')}` : ''}`
          : e.raw,
    ),
  ]);

describe('readPowerShell', () => {
  it('splits statements, chains and pipelines', () => {
    const r = readPowerShell('gci src | Select-String foo; npm test && npm run build || echo failed\nGet-Location');
    expect(r.unknown).toEqual([]);
    expect(r.commands.map((c) => [c.name, c.position])).toEqual([
      ['gci', 0],
      ['Select-String', 1],
      ['npm', 0],
      ['npm', 0],
      ['echo', 0],
      ['Get-Location', 0],
    ]);
  });

  it('reads quoting: single quotes literally, double quotes with escapes, variables as not literal', () => {
    const r = readPowerShell(`Write-Output 'it''s' "a ""b"" \`$c" "x$env:HOME" a\` b`);
    const values = r.commands[0]!.elements.map((e) => (e.kind === 'argument' ? e.values[0]! : undefined));
    expect(values.map((v) => v?.text)).toEqual(["it's", 'a "b" $c', '"x$env:HOME"', 'a b']);
    expect(values.map((v) => v?.literal)).toEqual([true, true, false, true]);
  });

  it('keeps backslashes: they are not escapes in PowerShell', () => {
    expect(words('Copy-Item .env C:\\tmp\\x')).toEqual([['Copy-Item', '.env', 'C:\\tmp\\x']]);
  });

  it('reads parameters: -P v, -P:v, switches, comma lists, splats and --', () => {
    expect(words('gc -Path:.env,a.txt -Raw -Tail 5 @opts -- -x')).toEqual([
      ['gc', '-Path:.env,a.txt', '-Raw', '-Tail', '5', '@opts', '--', '-x'],
    ]);
    const el = readPowerShell('gc @opts').commands[0]!.elements[0]!;
    expect(el.kind).toBe('splat');
  });

  it('reads redirections', () => {
    const c = readPowerShell('echo hi > out.txt 2>&1 3> $null').commands[0]!;
    expect(c.redirects.map((r) => [r.op, r.kind, r.target?.text])).toEqual([
      ['>', 'file', 'out.txt'],
      ['2>&1', 'merge', undefined],
      ['3>', 'null', '$null'],
    ]);
  });

  it('joins backtick line continuations', () => {
    expect(words('Get-ChildItem `\n  -Recurse')).toEqual([['Get-ChildItem', '-Recurse']]);
  });

  it.each([
    ['gci | % { $_ }', 'a script block'],
    ['& $cmd', 'the call operator &'],
    ['. ./profile.ps1', 'dot-sourcing (.)'],
    ['gc $(Get-Secret)', 'a subexpression $(…)'],
    ['gc (Get-Item x)', 'an expression argument starting with "("'],
    ['$x = 1', 'an expression or assignment as a statement'],
    ['if ($true) { rm x }', 'the keyword if'],
    ['echo --% rm x', 'the stop-parsing token --%'],
    ['Start-Sleep 5 &', 'a background job (&)'],
    ['echo "a`nb"', 'the escape `n'],
    ['gc x # comment', 'a comment'],
    ["gc @'\nx\n'@", 'an array, hash table or here-string argument'],
    ['gc a"b"', 'a quote inside a bare word'],
    ["gc 'a'b", 'a quoted string joined to other text'],
    ['gc x < y', 'input redirection (<) is not PowerShell'],
    ['gc "unterminated', 'an unterminated double-quoted string'],
  ])('%s is unknown (%s)', (command, why) => {
    expect(readPowerShell(command).unknown).toEqual([why]);
  });

  it('refuses characters outside printable ASCII (typographic quotes, dashes, odd blanks, controls)', () => {
    for (const s of ['gc “.env”', 'Remove-Item –Recurse x', 'gc\u00a0.env', 'gc .env\u0000', 'gc \u001b[31m']) {
      expect(readPowerShell(s).unknown[0]).toMatch(/^the character U\+/);
    }
  });

  it('refuses lines over 10,000 characters', () => {
    expect(readPowerShell(`echo ${'a'.repeat(10_001)}`).unknown).toEqual(['command longer than 10000 characters']);
  });
});
