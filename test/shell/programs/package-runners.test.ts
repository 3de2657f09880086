import { describe, expect, it } from 'vitest';
import { packageRunsOf, unnamedPackageSpec } from '../../../src/shell/programs/package-runners.js';

const runs = (command: string) => {
  const argv = command.split(' ');
  return packageRunsOf(argv[0]!, argv);
};

describe('packageRunsOf', () => {
  it('finds the subcommand after global options, with and without a value', () => {
    expect(runs('pnpm -s -C dir exec toolgate serve')).toEqual([{ kind: 'command', words: ['toolgate', 'serve'], spec: false }]);
    expect(runs('npm --offline exec toolgate serve')).toEqual([{ kind: 'command', words: ['toolgate', 'serve'], spec: true }]);
  });

  it("reads a word in the subcommand's place as a script or else a command (pnpm, yarn), and marks scripts of another package", () => {
    expect(runs('pnpm toolgate serve')).toEqual([{ kind: 'script', name: 'toolgate', args: ['serve'], orCommand: true, elsewhere: false }]);
    expect(runs('pnpm --filter app dev')).toEqual([{ kind: 'script', name: 'dev', args: [], orCommand: true, elsewhere: true }]);
    expect(runs('npm test -- x')).toEqual([{ kind: 'script', name: 'test', args: ['--', 'x'], orCommand: false, elsewhere: false }]);
  });

  it('reads every later word as the subcommand after an option it does not list', () => {
    expect(runs('pnpm --new-option x exec toolgate')?.map((r) => (r.kind === 'script' ? r.name : r.words.join(' ')))).toEqual([
      'x',
      'toolgate',
      'toolgate',
    ]);
  });

  it('follows version managers and yarn node to the command they run', () => {
    expect(runs('corepack pnpm@9.1.0 dlx toolgate')).toEqual([{ kind: 'command', words: ['pnpm', 'dlx', 'toolgate'], spec: false }]);
    expect(runs('yarn node main.js')).toEqual([{ kind: 'command', words: ['node', 'main.js'], spec: false }]);
    expect(runs('volta run --node 20 toolgate')).toEqual([{ kind: 'command', words: ['--node', '20', 'toolgate'], spec: false }]);
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
