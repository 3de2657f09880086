/**
 * The matcher serve's self-guard and the built-in rule for serve's state directory share: whether
 * a text (SQL, a script, an MCP tool's input) names a path or a path inside it — in full with `~`,
 * `$HOME` and known variables expanded, or by a word that leads to it from a working directory or
 * through a link (here a real one on disk).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATH_STOP, textNamesPath } from '../../src/paths/named-in-text.js';
import { nodeFsView } from '../../src/node/index.js';

const HOME = '/home/u';
const STATE = '/home/u/.local/state/toolgate';

describe('a path written in full', () => {
  const named: [string, string][] = [
    [`attach '${STATE}/toolgate.db' as s`, 'the full path'],
    ['.output ~/.local/state/toolgate/toolgate.db-serve-seal', '~ at the start of a word'],
    ['readfile("$HOME/.local/state/toolgate/serve-token")', '$HOME after a quote'],
    ['x=${HOME}/.local/state/toolgate', '${HOME} after =, the directory itself'],
    ['cp a /home/u//.local/./state/toolgate/', 'doubled slashes and /./'],
    ['open(/home/u/.local/state/toolgate)', 'followed by a bracket'],
  ];
  for (const [text, what] of named) it(`is named: ${what}`, () => expect(textNamesPath(text, STATE, { home: HOME })).toBe(true));

  it('a longer name is another path', () => {
    expect(textNamesPath('ls /home/u/.local/state/toolgate-old', STATE, { home: HOME })).toBe(false);
    expect(textNamesPath('echo toolgate', STATE, { home: HOME })).toBe(false);
  });
  it('a known variable stands for its value; an unknown one for nothing', () => {
    expect(
      textNamesPath('cat $XDG_STATE_HOME/toolgate/serve-token', '/srv/state/toolgate', {
        home: HOME,
        variables: { XDG_STATE_HOME: '/srv/state' },
      }),
    ).toBe(true);
    expect(
      textNamesPath('cat ${XDG_STATE_HOME}/toolgate', '/srv/state/toolgate', { home: HOME, variables: { XDG_STATE_HOME: '/srv/state' } }),
    ).toBe(true);
    expect(textNamesPath('cat $XDG_STATE_HOME/toolgate', '/srv/state/toolgate', { home: HOME })).toBe(false);
  });
  it('the characters that end a path are the ones code separates words with', () => {
    for (const c of [' ', "'", '"', '`', '(', ')', ',', ';', '=', '<', '>', '|', '&']) expect(PATH_STOP.test(c)).toBe(true);
    expect(PATH_STOP.test('/')).toBe(false);
  });
});

describe('a word that leads to the path', () => {
  const TOKEN = '/s/toolgate/serve-token';
  it('relative to a working directory, or as a file: URL', () => {
    expect(textNamesPath("readfile('../toolgate/serve-token')", TOKEN, { home: HOME, cwds: ['/s/work'] })).toBe(true);
    expect(textNamesPath("readfile('serve-token')", TOKEN, { home: HOME, cwds: ['/s/toolgate'] })).toBe(true);
    expect(textNamesPath('fetch file:///s/toolgate/serve-token', TOKEN, { home: HOME })).toBe(true);
    expect(textNamesPath("attach 'file:/s/toolgate/serve-token?mode=ro' as t", TOKEN, { home: HOME })).toBe(true);
    expect(textNamesPath("readfile('/s/toolgate/serve-token.bak')", TOKEN, { home: HOME })).toBe(false);
    expect(textNamesPath("readfile('serve-token')", TOKEN, { home: HOME, cwds: ['/elsewhere'] })).toBe(false);
    // No working directory given: only absolute words count.
    expect(textNamesPath("readfile('serve-token')", TOKEN, { home: HOME })).toBe(false);
  });

  let root: string;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-named-in-text-')));
    mkdirSync(join(root, 'state/toolgate'), { recursive: true });
    writeFileSync(join(root, 'state/toolgate/toolgate.db'), '');
    symlinkSync(join(root, 'state'), join(root, 'x'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('through a link already there', () => {
    const fs = nodeFsView();
    const realpath = (p: string) => fs.realpath(p);
    expect(
      textNamesPath(`attach '${root}/x/toolgate/toolgate.db' as s`, join(root, 'state/toolgate/toolgate.db'), { home: HOME, realpath }),
    ).toBe(true);
    expect(textNamesPath(`ls ${root}/x/toolgate`, join(root, 'state/toolgate'), { home: HOME, realpath })).toBe(true);
    expect(
      textNamesPath(`attach 'x/toolgate/toolgate.db' as s`, join(root, 'state/toolgate/toolgate.db'), {
        home: HOME,
        cwds: [root],
        realpath,
      }),
    ).toBe(true);
    expect(textNamesPath(`attach '${root}/x/toolgate/toolgate.db' as s`, join(root, 'state/toolgate/toolgate.db'), { home: HOME })).toBe(
      false,
    );
  });
});
