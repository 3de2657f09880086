import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../../src/shell/programs/index.js';
import { inputOptionAt } from '../../../src/shell/programs/input-options.js';

describe('the options a word from input may be (the registry keeps one table per model)', () => {
  it('reads from the model which options write and which run a program', () => {
    const sort = PROGRAMS.inputOptions('sort')!;
    expect(sort.writes).toContain('-o…');
    expect(sort.runs).toContain('--compress-program=…');
    expect(PROGRAMS.inputOptions('rg')!.runs).toEqual(expect.arrayContaining(['--pre=…', '--hostname-bin=…']));
    expect(PROGRAMS.inputOptions('tar')!.writes).toContain('--remove-files');
  });

  it('finds none that write or run for programs whose options only read or format', () => {
    for (const name of ['grep', 'wc', 'printf', 'test', 'head', 'cat']) {
      expect(PROGRAMS.inputOptions(name)!.writes, name).toEqual([]);
      expect(PROGRAMS.inputOptions(name)!.runs, name).toEqual([]);
    }
  });

  it('reads from the model which options read files the words do not name', () => {
    expect(PROGRAMS.inputOptions('wc')!.reads).toEqual(['--files0-from=…']);
    expect(PROGRAMS.inputOptions('grep')!.reads).toEqual(expect.arrayContaining(['-r', '-R', '--recursive', '-f…', '--file=…']));
    expect(PROGRAMS.inputOptions('hexdump')!.reads).toEqual(expect.arrayContaining(['-f…', '--format-file=…']));
    expect(PROGRAMS.inputOptions('du')!.reads).toEqual(expect.arrayContaining(['--files0-from=…', '--exclude-from=…']));
    for (const name of ['cat', 'head', 'tail', 'ls', 'cut', 'od', 'stat', 'printf'])
      expect(PROGRAMS.inputOptions(name)!.reads, name).toEqual([]);
  });

  it('has no table for a program whose words no grammar lists, or no model', () => {
    expect(PROGRAMS.inputOptions('dd')).toBeUndefined();
    expect(PROGRAMS.inputOptions('no-such-program')).toBeUndefined();
  });

  it('works a table out once per model', () => {
    expect(PROGRAMS.inputOptions('sort')).toBe(PROGRAMS.inputOptions('sort'));
    expect(PROGRAMS.inputOptions('sed')).toBe(PROGRAMS.inputOptions('sed'));
  });
});

describe('which word from input may be an option', () => {
  const xargs = { appended: true, via: 'xargs' } as const;
  it('is what xargs appends, unless a literal -- comes first', () => {
    expect(inputOptionAt(['sort', 'a'], [true, true], xargs)).toBe(2);
    expect(inputOptionAt(['sort', '--', 'a'], [true, true, true], xargs)).toBeUndefined();
    expect(inputOptionAt(['sort', '--', 'a'], [true, false, true], xargs)).toBe(3);
  });

  it('is a word that begins with the placeholder', () => {
    const input = { appended: false, placeholder: '{}', via: 'xargs' } as const;
    expect(inputOptionAt(['sort', 'a', '{}'], [true, true, true], input)).toBe(2);
    expect(inputOptionAt(['sort', 'a', 'x{}'], [true, true, true], input)).toBeUndefined();
  });

  it('is none for the paths find and fd hand on', () => {
    expect(inputOptionAt(['sort', '{}'], [true, true], { appended: false, placeholder: '{}', via: 'find -exec' })).toBeUndefined();
    expect(inputOptionAt(['sort'], [true], { appended: true, placeholder: '{}', via: 'fd -x', optionFree: true })).toBeUndefined();
  });
});
