import { describe, expect, it } from 'vitest';
import { sedScriptEffects } from '../../../../src/shell/effects/file-effects/index.js';

describe('sedScriptEffects', () => {
  it.each([
    ['1!w secrets/planted', [], ['secrets/planted']],
    ['w out', [], ['out']],
    ['/x/w out.txt', [], ['out.txt']],
    ['$!{w a\n}', [], ['a']],
    ['s/a/b/w out', [], ['out']],
    ['s/a/b/gpw out', [], ['out']],
    ['s|a|b|w out', [], ['out']],
    ['1,5 ! W x; p', [], ['x; p']],
    ['r /etc/passwd', ['/etc/passwd'], []],
    ['0~3R .env', ['.env'], []],
    ['/start/,/end/ r inc.txt', ['inc.txt'], []],
    ['s/a/b/g', [], []],
    ['y/abc/xyz/', [], []],
    ['a\\\nw not-a-file\\\nstill text', [], []],
    ['a hello w x', [], []],
    ['p;n;d', [], []],
    [':top\nb top', [], []],
    // The command `e` runs is a command of the analysis of its own (src/shell/programs/sed/script.ts), with its own effects.
    ['1e id', [], []],
  ] as const)('%j', (script, reads, writes) => {
    const r = sedScriptEffects(script);
    expect({ reads: r.reads, writes: r.writes, unresolved: r.unresolved }).toEqual({ reads, writes, unresolved: [] });
  });
  it.each(['s/.*/rm -rf x/e', 'e', '1e', 's/a/b/ge', '1!Z'])('%j is not followed', (script) => {
    expect(sedScriptEffects(script).unresolved.length).toBeGreaterThan(0);
  });
});
