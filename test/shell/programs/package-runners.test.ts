import { describe, expect, it } from 'vitest';
import { packageRunsOf, unnamedPackageSpec } from '../../../src/shell/programs/package-runners.js';

const runs = (command: string) => {
  const argv = command.split(' ');
  return packageRunsOf(argv[0]!, argv);
};

describe('packageRunsOf', () => {
  it('finds the subcommand after global options, with and without a value', () => {
    expect(runs('pnpm -s -C dir exec toolgate serve')).toEqual([
      { kind: 'command', words: ['toolgate', 'serve'], spec: false, runsIn: { folder: 'dir' } },
    ]);
    expect(runs('npm --offline exec toolgate serve')).toEqual([
      { kind: 'command', words: ['toolgate', 'serve'], spec: true, runsIn: 'cwd' },
    ]);
  });

  it("reads a word in the subcommand's place as a script or else a command (pnpm, yarn), and marks scripts of another package", () => {
    expect(runs('pnpm toolgate serve')).toEqual([
      { kind: 'script', name: 'toolgate', args: ['serve'], orCommand: true, elsewhere: false, runsIn: 'cwd' },
    ]);
    expect(runs('pnpm --filter app dev')).toEqual([
      { kind: 'script', name: 'dev', args: [], orCommand: true, elsewhere: true, runsIn: 'unknown' },
    ]);
    expect(runs('npm test -- x')).toEqual([
      { kind: 'script', name: 'test', args: ['--', 'x'], orCommand: false, elsewhere: false, runsIn: 'cwd' },
    ]);
  });

  it('reads every later word as the subcommand after an option it does not list', () => {
    expect(runs('pnpm --new-option x exec toolgate')?.map((r) => (r.kind === 'script' ? r.name : r.words.join(' ')))).toEqual([
      'x',
      'toolgate',
      'toolgate',
    ]);
  });

  it('follows version managers and yarn node to the command they run', () => {
    expect(runs('corepack pnpm@9.1.0 dlx toolgate')).toEqual([
      { kind: 'command', words: ['pnpm', 'dlx', 'toolgate'], spec: false, runsIn: 'cwd' },
    ]);
    expect(runs('yarn node main.js')).toEqual([{ kind: 'command', words: ['node', 'main.js'], spec: false, runsIn: 'cwd' }]);
    expect(runs('volta run --node 20 toolgate')).toEqual([
      { kind: 'command', words: ['--node', '20', 'toolgate'], spec: false, runsIn: 'cwd' },
    ]);
  });

  it('says the folder it runs the command in: a folder option, or one toolgate cannot tell (a workspace, a filter)', () => {
    const at = (c: string) => runs(c)?.map((r) => r.runsIn);
    expect(at('npx tsc')).toEqual(['cwd']);
    expect(at('pnpm -C pkg exec tsc')).toEqual([{ folder: 'pkg' }]);
    expect(at('yarn --cwd=pkg tsc')).toEqual([{ folder: 'pkg' }]);
    // npm's --prefix may leave `npm exec` in the working directory.
    expect(at('npm --prefix pkg exec tsc')).toEqual([{ folder: 'pkg', orCwd: true }]);
    expect(at('pnpm -C pkg --filter app exec tsc')).toEqual(['unknown']);
    expect(at('yarn workspace app tsc')).toEqual(['unknown', 'unknown']);
  });

  it('says subcommands that install, list or configure run nothing, and other programs are no runners', () => {
    for (const c of ['npm install serve', 'pnpm add serve', 'yarn add serve', 'corepack enable', 'deno fmt serve', 'nvm use 20'])
      expect(runs(c), c).toEqual([]);
    expect(runs('git status')).toBeUndefined();
  });
});

describe('unnamedPackageSpec', () => {
  it.each([
    ['./pkg', true],
    ['file:../tg', true],
    ['tg.tgz', true],
    ['git+file:///x/toolgate', true],
    ['user/repo', true],
    ['github:u/r', true],
    ['toolgate@1', false],
    ['@s/x@latest', false],
    ['npm:vite', false],
    ['./server.ts', false],
  ] as const)('%s: %s', (spec, unnamed) => {
    expect(unnamedPackageSpec(spec)).toBe(unnamed);
  });
});
