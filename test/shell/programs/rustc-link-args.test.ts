import { describe, expect, it } from 'vitest';
import { rustcLinkRuns, rustcLinkWords } from '../../../src/shell/programs/rustc-link-args.js';

const words = (argv: string[]) =>
  rustcLinkWords(
    argv,
    argv.map(() => true),
  ).map((w) => [w.word, w.index]);

describe('rustcLinkWords: the words rustc hands cc (verified with rustc 1.95)', () => {
  it.each([
    [['rustc', '-C', 'link-arg=-o.claude/x', 'x.rs'], [['-o.claude/x', 2]]],
    [['rustc', '-Clink-arg=-oa', 'x.rs'], [['-oa', 1]]],
    [['rustc', '--codegen', 'link-arg=-oa', 'x.rs'], [['-oa', 2]]],
    [['rustc', '--codegen=link-arg=-oa', 'x.rs'], [['-oa', 1]]],
    [['rustc', '-C', 'link_arg=-oa', 'x.rs'], [['-oa', 2]]],
    [
      ['rustc', '-C', 'link-args=-o  a ', 'x.rs'],
      [
        ['-o', 2],
        ['a', 2],
      ],
    ],
    [
      ['rustc', '-C', 'link-arg=-o', '-C', 'link-arg=a'],
      [
        ['-o', 2],
        ['a', 4],
      ],
    ],
    [['rustc', '-C', 'opt-level=3', '-C', 'linker=cc', '-o', 'app', 'x.rs'], []],
  ])('%j', (argv, expected) => {
    expect(words(argv)).toEqual(expected);
  });

  it('what they make cc run is code rustc runs', () => {
    const argv = ['rustc', '-C', 'link-arg=-B./bin', 'x.rs'];
    expect(
      rustcLinkRuns(
        argv,
        argv.map(() => true),
      ),
    ).toEqual([{ kind: 'opaque', reason: expect.stringContaining('cc -B./bin runs its helper programs') }]);
    expect(rustcLinkRuns(['rustc', '-C', 'link-arg=-fuse-ld=lld', 'x.rs'], [true, true, true, true])).toEqual([]);
  });
});
