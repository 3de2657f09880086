import { describe, expect, it } from 'vitest';
import { debugfs, rmt } from '../../../src/shell/programs/command-streams.js';
import { fileLists, gettextListPlaces } from '../../../src/shell/programs/gettext.js';
import { preprocessed } from '../../../src/shell/programs/include-languages.js';

const includes = (m: { includesFiles?: string | ((argv: readonly string[]) => string | undefined) }, argv: string[]) =>
  typeof m.includesFiles === 'function' ? m.includesFiles(argv) : m.includesFiles;

describe('gettext --files-from lists (red team 21, R21-7)', () => {
  it.each([
    [['msgcat', '-P', '-f', 'l'], 'l'],
    [['msgcat', '-Pfl'], 'l'],
    [['msgcat', '--files-from=l'], 'l'],
    [['msgcat', '--files', 'l'], 'l'],
    [['xgettext', '-L', 'JavaProperties', '-f', 'l', '-o', '-'], 'l'],
  ])('%j reads the list %s', (argv, file) => {
    expect(fileLists(argv).map((o) => o.file)).toEqual([file]);
    expect(gettextListPlaces(argv)[0]?.file).toBe(file);
  });

  it.each([
    [['msgcat', '-ofr.po', 'a.po']],
    [['xgettext', '-o', '-f', 'x.c']],
    [['msgcat', '--', '-f', 'l']],
    [['msgcat', '--force-po', 'a.po']],
  ])('%j reads no list (a value or an operand)', (argv) => expect(fileLists(argv)).toEqual([]));

  it("splices a list's names in place of the option", () => {
    const place = gettextListPlaces(['msgcat', '-P', '-f', 'l', '-o', 'x.po'])[0]!;
    expect(place.splice(['.env', 'a.po']).argv).toEqual(['msgcat', '-P', '.env', 'a.po', '-o', 'x.po']);
  });
});

describe('command streams (red team 21, R21-8)', () => {
  it('rmt writes unseen names unless asked about itself', () => {
    expect(rmt.files?.('rmt', ['rmt'])?.unseen?.length).toBe(1);
    expect(rmt.files?.('rmt', ['rmt', '--version'])?.unseen).toBeUndefined();
  });

  it.each([
    [['debugfs', '-R', 'ls -l', 'img'], false],
    [['debugfs', '-R', 'cat /x', 'img'], false],
    [['debugfs', '-w', '-R', 'write .env x', 'img'], true],
    [['debugfs', '-R', 'dump /x out', 'img'], true],
    [['debugfs', '-f', 'cmds', 'img'], true],
    [['debugfs', 'img'], true],
    [['debugfs', '-Rls', 'img'], false],
    [['debugfs', '-R', 'ls; dump x y', 'img'], true],
  ])('%j names host files: %s', (argv, host) => {
    expect((debugfs.files?.('debugfs', argv)?.unseen?.length ?? 0) > 0).toBe(host);
    expect(includes(debugfs, argv) !== undefined).toBe(host);
  });
});

describe('preprocessed sources (red team 21, R21-10)', () => {
  it.each([
    [['rpcgen', '-c', 'inc.x'], '#include lines'],
    [['nvcc', '-E', 'inc.cu'], '#include lines'],
    [['nvcc', 'x.o', '-o', 'app'], undefined],
    [['nvcc', '--version'], undefined],
    [['genrb', '-d', 'rb', 'rb.txt'], ':include and :import resources'],
  ])('%j includes: %s', (argv, what) => expect(includes(preprocessed, argv)).toBe(what));
});
