import { describe, expect, it } from 'vitest';
import { opensslOptionWord, readOpensslOptions } from '../../../src/shell/programs/openssl-options.js';

describe('OpenSSL option syntax (apps/lib/opt.c opt_next)', () => {
  it.each([
    ['-engine', { name: 'engine' }],
    ['--engine', { name: 'engine' }],
    ['-engine=./e.so', { name: 'engine', value: './e.so' }],
    ['--engine=./e.so', { name: 'engine', value: './e.so' }],
    ['-pre=SO_PATH:./e.so', { name: 'pre', value: 'SO_PATH:./e.so' }],
    ['-subj=/CN=a=b', { name: 'subj', value: '/CN=a=b' }],
  ])('%s', (word, read) => {
    expect(opensslOptionWord(word)).toEqual(read);
  });

  it.each(['x', '--', './e.so'])('%s is no option', (word) => {
    expect(opensslOptionWord(word)).toBeUndefined();
  });

  it('takes the next word as the value of an option it is told takes one, in every spelling', () => {
    const argv = ['openssl', 'rand', '-hex', '--engine', './e.so', '-engine=./f.so', '16'];
    const read = readOpensslOptions(argv, (name) => name === 'engine');
    expect(read.options).toEqual([
      { name: 'hex', index: 2 },
      { name: 'engine', value: './e.so', index: 3, valueIndex: 4 },
      { name: 'engine', value: './f.so', index: 5 },
    ]);
    expect(read.operands).toEqual([6]);
  });

  it('reads on past an operand and --, where an option it does not know may have left a value', () => {
    const argv = ['openssl', 'req', '-subj', '/CN=x', '-config', 'c', '--', '-engine', 'e'];
    const read = readOpensslOptions(argv, (name) => name === 'config' || name === 'engine');
    expect(read.options.map((o) => [o.name, o.value])).toEqual([
      ['subj', undefined],
      ['config', 'c'],
      ['engine', 'e'],
    ]);
    expect(read.operands).toEqual([3]);
  });
});
