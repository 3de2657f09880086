import { describe, expect, it } from 'vitest';
import { tscConfigWrites } from '../../../src/shell/programs/tsc.js';

const P = '/home/u/p';
/** A reader over a tree of files: text, `null` absent; a value `undefined` is a file it cannot read. */
function reader(files: Record<string, string | undefined>) {
  return (p: string): string | null | undefined => (p in files ? files[p] : null);
}
const argv = (line: string) => line.split(' ');
const paths = (got: ReturnType<typeof tscConfigWrites>) =>
  'writes' in got ? got.writes.map((w) => `${w.setting} ${w.path}${w.tree ? '/' : ''}`) : got;

describe('tscConfigWrites (the files tsconfig.json names)', () => {
  it('outDir relative to the nearest tsconfig.json up from where it runs', () => {
    const read = reader({ [`${P}/tsconfig.json`]: '{ // c\n "compilerOptions": {"outDir": ".claude",}, }' });
    expect(paths(tscConfigWrites(argv('tsc'), [`${P}/src/tsconfig.json`], read))).toEqual([`compilerOptions.outDir ${P}/.claude/`]);
  });
  it('-p DIR, a list of extends (the later wins, .json added), paths relative to the file that sets them', () => {
    const read = reader({
      [`${P}/cfg/tsconfig.json`]: '{"extends": ["./a.json", "./b"]}',
      [`${P}/cfg/a.json`]: '{"compilerOptions": {"outDir": "../dist"}}',
      [`${P}/cfg/b.json`]: '{"compilerOptions": {"outDir": "../.claude", "composite": true}}',
    });
    const got = tscConfigWrites(argv('tsc -p cfg'), [`${P}/cfg`], read);
    expect(paths(got)).toEqual([`compilerOptions.outDir ${P}/.claude/tsconfig.tsbuildinfo`, `compilerOptions.outDir ${P}/.claude/`]);
    expect('writes' in got && got.writes[1]!.file).toBe(`${P}/cfg/b.json`);
  });
  it('the command line overrides: --outDir (a write of the command itself), --noEmit', () => {
    const read = reader({ [`${P}/tsconfig.json`]: '{"compilerOptions": {"outDir": ".claude"}}' });
    expect(paths(tscConfigWrites(argv('tsc --outDir dist'), [`${P}/tsconfig.json`], read))).toEqual([]);
    expect(paths(tscConfigWrites(argv('tsc --noEmit'), [`${P}/tsconfig.json`], read))).toEqual([]);
    expect(paths(tscConfigWrites(argv('tsc --noEmit false'), [`${P}/tsconfig.json`], read))).toEqual([
      `compilerOptions.outDir ${P}/.claude/`,
    ]);
  });
  it('noEmit with incremental still writes the build information; outFile and its siblings', () => {
    const read = reader({
      [`${P}/tsconfig.json`]: '{"compilerOptions": {"noEmit": true, "incremental": true, "tsBuildInfoFile": "${configDir}/.claude/x"}}',
      [`${P}/o.json`]: '{"compilerOptions": {"outFile": "out/app.js", "declaration": true}}',
    });
    expect(paths(tscConfigWrites(argv('tsc'), [`${P}/tsconfig.json`], read))).toEqual([`compilerOptions.tsBuildInfoFile ${P}/.claude/x`]);
    expect(paths(tscConfigWrites(argv('tsc -p o.json'), [`${P}/o.json`], read))).toEqual(
      ['out/app.js', 'out/app.d.ts', 'out/app.js.map', 'out/app.d.ts.map'].map((f) => `compilerOptions.outFile ${P}/${f}`),
    );
  });
  it('tsc -b follows references', () => {
    const read = reader({
      [`${P}/tsconfig.json`]: '{"files": [], "references": [{"path": "./a"}, {"path": "./b/tsconfig.lib.json"}]}',
      [`${P}/a/tsconfig.json`]: '{"compilerOptions": {"composite": true, "outDir": "out"}, "references": [{"path": ".."}]}',
      [`${P}/b/tsconfig.lib.json`]: '{"compilerOptions": {"outDir": "../.claude", "tsBuildInfoFile": "b.info"}}',
    });
    expect(paths(tscConfigWrites(argv('tsc -b'), [`${P}/tsconfig.json`], read))).toEqual([
      `compilerOptions.tsBuildInfoFile ${P}/tsconfig.tsbuildinfo`,
      `compilerOptions.outDir ${P}/a/out/tsconfig.tsbuildinfo`,
      `compilerOptions.outDir ${P}/a/out/`,
      `compilerOptions.tsBuildInfoFile ${P}/b/b.info`,
      `compilerOptions.outDir ${P}/.claude/`,
    ]);
  });
  it('what it cannot bound is unknown', () => {
    const unknown = (line: string, files: Record<string, string | undefined>, reads = [`${P}/tsconfig.json`]) =>
      expect(tscConfigWrites(argv(line), reads, reader(files))).toHaveProperty('unknown');
    unknown('tsc', { [`${P}/tsconfig.json`]: '{"extends": "@tsconfig/node20"}' });
    unknown('tsc', { [`${P}/tsconfig.json`]: '{"compilerOptions": {}}' }); // beside the sources
    unknown('tsc', { [`${P}/tsconfig.json`]: '{"compilerOptions": {"outDir": "d", "rootDir": "src"}}' });
    unknown('tsc', { [`${P}/tsconfig.json`]: '{"compilerOptions": ' });
    unknown('tsc', { [`${P}/tsconfig.json`]: undefined });
    unknown('tsc -b', {
      [`${P}/tsconfig.json`]: '{"references": [{"path": "./gone"}], "compilerOptions": {"outDir": "d"}}',
      [`${P}/gone/tsconfig.json`]: undefined,
    });
    unknown('tsc a.ts', {}, [`${P}/a.ts`]);
  });
  it('writes nothing where tsc writes nothing', () => {
    expect(paths(tscConfigWrites(argv('tsc'), [`${P}/tsconfig.json`], reader({})))).toEqual([]);
    expect(paths(tscConfigWrites(argv('tsc --showConfig'), [], reader({})))).toEqual([]);
    expect(paths(tscConfigWrites(argv('tsc --outDir d a.ts'), [`${P}/a.ts`], reader({})))).toEqual([]);
    const read = reader({ [`${P}/tsconfig.json`]: '{"compilerOptions": {"outDir": "d", "rootDir": "src", "noEmitOnError": true}}' });
    expect(paths(tscConfigWrites(argv('tsc'), [`${P}/tsconfig.json`], read))).toEqual([`compilerOptions.outDir ${P}/d/`]);
  });
});
