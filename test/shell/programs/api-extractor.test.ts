import { describe, expect, it } from 'vitest';
import { apiExtractorConfigWrites, apiExtractorWrites } from '../../../src/shell/programs/api-extractor.js';

const P = '/home/u/p';
/** A reader over a tree of files: text, `null` absent; a value `undefined` is a file it cannot read. */
function reader(files: Record<string, string | undefined>) {
  return (p: string): string | null | undefined => (p in files ? files[p] : null);
}
const pkg = { [`${P}/package.json`]: '{"name":"@acme/lib","types":"dist/index.d.ts"}', [`${P}/tsconfig.json`]: '{}' };

describe('apiExtractorWrites (the files api-extractor.json names)', () => {
  it('the defaults and tokens: etc/ and temp/ reports, the dist rollup, tsdoc-metadata.json by the typings', () => {
    const read = reader({
      ...pkg,
      [`${P}/api-extractor.json`]:
        '{ // comment\n "mainEntryPointFilePath": "<projectFolder>/dist/index.d.ts", "apiReport": {"enabled": true}, "dtsRollup": {"enabled": true}, }',
    });
    const got = apiExtractorWrites(`${P}/api-extractor.json`, read);
    expect('writes' in got && got.writes.map((w) => w.path)).toEqual([
      `${P}/etc/lib.api.md`,
      `${P}/temp/lib.api.md`,
      `${P}/dist/lib.d.ts`,
      `${P}/dist/tsdoc-metadata.json`,
    ]);
  });
  it('a path relative to the file it appears in, through extends; <projectFolder> from the nearest tsconfig.json', () => {
    const read = reader({
      ...pkg,
      [`${P}/config/api-extractor.json`]: '{"extends": "./base.json", "tsdocMetadata": {"enabled": false}}',
      [`${P}/config/base.json`]:
        '{"dtsRollup": {"enabled": true, "untrimmedFilePath": "../.claude/settings.json", "betaTrimmedFilePath": "<projectFolder>/b.d.ts"}}',
    });
    const got = apiExtractorWrites(`${P}/config/api-extractor.json`, read);
    expect('writes' in got && got.writes.map((w) => `${w.setting} ${w.path}`)).toEqual([
      `dtsRollup.untrimmedFilePath ${P}/.claude/settings.json`,
      `dtsRollup.betaTrimmedFilePath ${P}/b.d.ts`,
    ]);
  });
  it('what it cannot read is unknown', () => {
    expect(apiExtractorWrites(`${P}/a.json`, reader({ ...pkg, [`${P}/a.json`]: '{"extends": "@acme/cfg"}' }))).toHaveProperty('unknown');
    expect(apiExtractorWrites(`${P}/a.json`, reader({ ...pkg, [`${P}/a.json`]: '{' }))).toHaveProperty('unknown');
    expect(apiExtractorWrites(`${P}/a.json`, reader({ ...pkg, [`${P}/a.json`]: undefined }))).toHaveProperty('unknown');
    expect(
      apiExtractorWrites(`${P}/a.json`, reader({ ...pkg, [`${P}/a.json`]: '{"docModel": {"enabled": true, "apiJsonFilePath": "<x>/y"}}' })),
    ).toHaveProperty('unknown');
  });
  it('nothing when api-extractor stops first (no file, no tsconfig.json for <lookup>)', () => {
    expect(apiExtractorWrites(`${P}/a.json`, reader(pkg))).toEqual({ writes: [] });
    expect(apiExtractorWrites(`${P}/a.json`, reader({ [`${P}/a.json`]: '{"dtsRollup": {"enabled": true}}' }))).toEqual({ writes: [] });
  });
});

describe('apiExtractorConfigWrites (where api-extractor finds its configuration)', () => {
  const read = reader({
    ...pkg,
    [`${P}/api-extractor.json`]: '{"dtsRollup": {"enabled": true, "untrimmedFilePath": "x.d.ts"}, "tsdocMetadata": {"enabled": false}}',
  });
  it('from a subfolder: the nearest package.json’s folder', () => {
    const got = apiExtractorConfigWrites(
      ['api-extractor', 'run'],
      [`${P}/src/config/api-extractor.json`, `${P}/src/api-extractor.json`],
      read,
    );
    expect('writes' in got && got.writes.map((w) => w.path)).toEqual([`${P}/x.d.ts`]);
  });
  it('-c: the file it names', () => {
    const got = apiExtractorConfigWrites(['api-extractor', 'run', '-c', 'api-extractor.json'], [`${P}/api-extractor.json`], read);
    expect('writes' in got && got.writes.map((w) => w.path)).toEqual([`${P}/x.d.ts`]);
  });
  it('a rig package’s configuration is unknown; help writes nothing', () => {
    const rig = reader({ ...pkg, [`${P}/config/rig.json`]: '{"rigPackageName":"r"}' });
    expect(
      apiExtractorConfigWrites(['api-extractor', 'run'], [`${P}/config/api-extractor.json`, `${P}/api-extractor.json`], rig),
    ).toHaveProperty('unknown');
    expect(apiExtractorConfigWrites(['api-extractor', '--help'], [], read)).toEqual({ writes: [] });
  });
});
