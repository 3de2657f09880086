import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

/** What each shell writes and runs, as observed in bash 5.2, dash 0.5.12 and zsh 5.9 (red team 16, R16-1). */
const WRITES: readonly [command: string, zsh: { target: string; argv: string[] }, bash: { target: string; argv: string[] }][] = [
  ['echo x >! f y', { target: 'f', argv: ['echo', 'x', 'y'] }, { target: '!', argv: ['echo', 'x', 'f', 'y'] }],
  ['echo x >!f', { target: 'f', argv: ['echo', 'x'] }, { target: '!f', argv: ['echo', 'x'] }],
  ['echo x >>! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x &>! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x &>>! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x >&! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x >&!2', { target: '2', argv: ['echo', 'x'] }, { target: '!2', argv: ['echo', 'x'] }],
  ['echo x 2>! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x 2>&! f', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['echo', 'x', 'f'] }],
  ['echo x 1>>!f', { target: 'f', argv: ['echo', 'x'] }, { target: '!f', argv: ['echo', 'x'] }],
  ['>! f echo x', { target: 'f', argv: ['echo', 'x'] }, { target: '!', argv: ['f', 'echo', 'x'] }],
  ['echo x >! ! f', { target: '!', argv: ['echo', 'x', 'f'] }, { target: '!', argv: ['echo', 'x', '!', 'f'] }],
];

describe("zsh's clobbering redirections", () => {
  for (const [command, z, b] of WRITES) {
    it(`${command}: zsh writes ${z.target}, bash and sh ${b.target}`, () => {
      for (const [shell, want] of [
        ['zsh', z],
        ['bash', b],
        ['sh', b],
      ] as const) {
        const a = analyzeShell(command, { shell });
        expect(a.unknown).toEqual([]);
        expect(a.commands.map((c) => c.argv)).toEqual([want.argv]);
        expect(a.redirects.map((r) => [r.target, r.kind])).toEqual([[want.target, 'file']]);
      }
    });
    it(`${command}: the unknown shell sees both writes, each judged (no firm ask of its own)`, () => {
      const a = analyzeShell(command);
      expect(a.redirects.map((r) => r.target)).toEqual([b.target, z.target]);
      expect(a.unseen).toEqual([]);
    });
  }

  it('keeps `<>!`, `<!` and `> !` a file named ! in every shell (zsh joins no ! to them)', () => {
    for (const shell of ['zsh', 'bash'] as const) {
      expect(analyzeShell('cat <! f', { shell }).redirects.map((r) => r.target)).toEqual(['!']);
      expect(analyzeShell('echo x > ! f', { shell }).redirects.map((r) => r.target)).toEqual(['!']);
    }
  });
});

describe("zsh's &!", () => {
  it('starts a new command in zsh (a &!rm x runs rm), a command named !rm in bash; unknown: both, each judged', () => {
    expect(analyzeShell('echo x &!rm y', { shell: 'zsh' }).commands.map((c) => c.argv)).toEqual([
      ['echo', 'x'],
      ['rm', 'y'],
    ]);
    expect(analyzeShell('echo x &!rm y', { shell: 'bash' }).commands.map((c) => c.argv)).toEqual([
      ['echo', 'x'],
      ['!rm', 'y'],
    ]);
    const a = analyzeShell('echo x &!rm y');
    expect(a.commands.map((c) => c.argv)).toContainEqual(['rm', 'y']);
    expect(a.commands.map((c) => c.argv)).toContainEqual(['!rm', 'y']);
    expect(a.unseen).toEqual([]);
  });

  it('runs the same commands in every shell when a blank or the end follows', () => {
    for (const command of ['echo x &! rm y', 'sleep 1 &!']) {
      const a = analyzeShell(command);
      expect(a.unseen).toEqual([]);
    }
    expect(analyzeShell('echo $(( 1 &!0 ))', { shell: 'zsh' }).commands.map((c) => c.argv)).toEqual([['echo', '$(( 1 &!0 ))']]);
  });
});
