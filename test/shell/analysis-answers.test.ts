/**
 * What is worked out about an analysis at most once is held by that analysis (a `SideTable`,
 * `core/side-table.ts`), not by a module-level memo of the last one asked about: analyses and
 * contexts asked about interleaved each get the answer a fresh analysis gets, and a copy never
 * answers from the original's.
 */
import { describe, expect, it } from 'vitest';
import { analyzeShell, isReadOnly, shellPathEffects, type ShellAnalysis, type ShellPathContext } from '../../src/shell/index.js';
import { inputTextsOf } from '../../src/shell/programs/unmodelled-text.js';
import { isReadOnlyAt } from '../../src/shell/read-only/index.js';

const A = 'echo /etc/x | myprog; ls -la ./a';
const B = 'echo ./y | myprog; sed -i s/a/b/ ./b';
const AT_P: ShellPathContext = { cwd: '/p', home: '/h', platform: 'linux' };
const AT_Q: ShellPathContext = { cwd: '/q', home: '/h', platform: 'linux' };

const effects = (analysis: ShellAnalysis, ctx: ShellPathContext) => shellPathEffects(analysis, ctx).effects.map((e) => `${e.op} ${e.path}`);

describe('answers an analysis holds', () => {
  it('two analyses and two contexts interleaved: each answer is a fresh analysis’s', () => {
    const a = analyzeShell(A);
    const b = analyzeShell(B);
    const fresh = (command: string, ctx: ShellPathContext) => effects(analyzeShell(command), ctx);
    for (const [analysis, command, ctx] of [
      [a, A, AT_P],
      [b, B, AT_P],
      [a, A, AT_Q],
      [b, B, AT_Q],
      [a, A, AT_Q],
      [a, A, AT_P],
      [b, B, AT_P],
    ] as const)
      expect(effects(analysis, ctx), `${command} in ${ctx.cwd}`).toEqual(fresh(command, ctx));
    expect(effects(a, AT_Q)).toEqual(['read /etc/x', 'read /q/a']);
    expect(effects(b, AT_P)).toEqual(['read /p/y', 'write /p/b']);
  });

  it('an analysis keeps its effects while another is asked about', () => {
    const a = analyzeShell(A);
    const first = shellPathEffects(a, AT_P);
    shellPathEffects(analyzeShell(B), AT_P);
    expect(shellPathEffects(a, AT_P)).toBe(first);
    expect(shellPathEffects(a, { ...AT_P })).toBe(first);
    expect(shellPathEffects(a, AT_Q)).not.toBe(first);
  });

  it('input texts and read-only verdicts, interleaved across analyses and sets', () => {
    const a = analyzeShell(A);
    const b = analyzeShell(B);
    expect(inputTextsOf(a, 1)).toEqual(['/etc/x']);
    expect(inputTextsOf(b, 1)).toEqual(['./y']);
    expect(inputTextsOf(a, 1)).toEqual(['/etc/x']);
    for (const set of ['claudeCode', 'robota', 'claudeCode'] as const) {
      expect(isReadOnlyAt(a, 2, set)).toEqual(isReadOnly(a.commands[2]!, { set }));
      expect(isReadOnlyAt(b, 2, set)).toEqual(isReadOnly(b.commands[2]!, { set }));
    }
    expect(isReadOnlyAt(a, 2, 'claudeCode').readOnly).toBe(true);
    expect(isReadOnlyAt(b, 2, 'claudeCode').readOnly).toBe(false);
  });

  it('a copy with other commands answers from its own commands; the held answers are not among its keys', () => {
    const a = analyzeShell(A);
    const b = analyzeShell(B);
    effects(a, AT_P);
    inputTextsOf(a, 1);
    isReadOnlyAt(a, 2, 'claudeCode');
    const copy: ShellAnalysis = { ...a, commands: b.commands };
    expect(effects(copy, AT_P)).toEqual(effects(b, AT_P));
    expect(inputTextsOf(copy, 1)).toEqual(['./y']);
    expect(isReadOnlyAt(copy, 2, 'claudeCode').readOnly).toBe(false);
    expect(a).toEqual(analyzeShell(A));
    expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(analyzeShell(A))));
  });

  it('a frozen analysis gets the same answers', () => {
    const a = Object.freeze(analyzeShell(A));
    expect(effects(a, AT_P)).toEqual(['read /etc/x', 'read /p/a']);
    expect(inputTextsOf(a, 1)).toEqual(['/etc/x']);
    expect(isReadOnlyAt(a, 2, 'robota')).toEqual(isReadOnly(a.commands[2]!, { set: 'robota' }));
  });
});
