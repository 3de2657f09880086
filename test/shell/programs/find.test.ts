/**
 * find reads its words with one grammar (`readFind`): every facet — the files it touches, what
 * `-exec` runs, the read-only checks of both sets, critical removals — takes a primary's value as
 * that value. The decisions below changed when the facets started reading the one grammar; each
 * is checked here through `evaluate`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../../src/evaluate/index.js';
import { policyFromObjects } from '../../../src/settings/index.js';
import { analyzeShell, isReadOnlyCommand } from '../../../src/shell/index.js';
import { readFind } from '../../../src/shell/programs/find.js';

const P = '/home/user/project';
const policyOf = (permissions: Record<string, string[]>) => policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
const decide = (command: string, permissions: Record<string, string[]> = {}) => {
  const d = evaluate({ tool: 'Bash', input: { command } }, { mode: 'default', policy: policyOf(permissions), cwd: P, home: '/home/user' });
  return [d.behavior, d.askKind ?? '', d.reason.kind].join(' ');
};
const robota = (command: string) => isReadOnlyCommand(analyzeShell(command), { set: 'robota' }).readOnly;

beforeAll(async () => {
  await prepare();
});

describe('readFind: find reads its words with one grammar', () => {
  /** The command's words split at spaces (no shell quoting). */
  const words = (command: string) => {
    const argv = command.split(' ');
    const r = readFind(argv);
    return {
      options: r.options.map((k) => argv[k]),
      starts: r.starts.map((k) => argv[k]),
      primaries: r.primaries.map((p) => [p.word, ...p.values.map((k) => argv[k])].join(' ')),
    };
  };
  it('gives each primary the words it takes', () => {
    expect(words('find . -name -delete -print')).toEqual({ options: [], starts: ['.'], primaries: ['-name -delete', '-print'] });
    expect(words('find -L -D tree a b -fprintf out %p -newer ref')).toEqual({
      options: ['-L', '-D'],
      starts: ['a', 'b'],
      primaries: ['-fprintf out %p', '-newer ref'],
    });
  });
  it('ends -exec at ; or at + after {}', () => {
    expect(words('find . -exec ls + ; -print')).toEqual({ options: [], starts: ['.'], primaries: ['-exec ls +', '-print'] });
    expect(words('find . -exec ls {} + -print')).toEqual({ options: [], starts: ['.'], primaries: ['-exec ls {}', '-print'] });
  });
  it('takes start points as findutils does: a lone - is a file, -- ends the options', () => {
    expect(words('find -- - , -name x')).toEqual({ options: [], starts: ['-', ','], primaries: ['-name x'] });
  });
});

describe('decisions that changed when every facet read the one grammar', () => {
  it('find . -name -delete searches for files named -delete: read-only, no critical removal', () => {
    expect(decide('find . -name -delete')).toBe('allow  readOnly');
    expect(robota('find . -name -delete')).toBe(true);
  });
  it('find / -name -delete reads outside the working directory: a plain ask, no critical removal', () => {
    expect(decide('find / -name -delete')).toBe('ask plain toolDefault');
  });
  it('find . -newer -delete and -printf -delete take -delete as their value', () => {
    expect(decide('find . -newer -delete')).toBe('allow  readOnly');
    expect(decide('find . -printf -delete')).toBe('allow  readOnly');
  });
  it('find . -path -fprint -print writes nothing', () => {
    expect(decide('find . -path -fprint -print')).toBe('allow  readOnly');
  });
  it('find . -iname -ok -print runs nothing (once an unterminated -ok)', () => {
    expect(decide('find . -iname -ok -print')).toBe('allow  readOnly');
  });
  it('find . -name -exec rm -rf / \\; runs nothing: find refuses rm as a predicate; no prefix rule covers it', () => {
    expect(decide('find . -name -exec rm -rf / \\;', { deny: ['Bash(rm:*)'] })).toBe('ask plain toolDefault');
    expect(decide('find . -name -exec rm -rf / \\;', { allow: ['Bash(find *)'] })).toBe('ask plain toolDefault');
  });
  it('find -- . and find - are read-only (the end of options; a file named -)', () => {
    expect(decide('find -- . -name x')).toBe('allow  readOnly');
    expect(decide('find - -name x')).toBe('allow  readOnly');
  });
  it('robota: -HL follows symlinks; -L as a value of -name does not', () => {
    expect(robota('find -HL . -name x')).toBe(false);
    expect(robota('find . -name -L')).toBe(true);
  });
  it('still: -delete, -exec and -fprint act', () => {
    expect(decide('find . -name x -delete')).toBe('ask firm criticalRemoval');
    expect(decide('find . -name x -exec rm {} \\;', { deny: ['Bash(rm:*)'] })).toBe('deny  rule');
    expect(decide('find . -fprint out')).toBe('ask plain toolDefault');
  });
});
