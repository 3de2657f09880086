/**
 * The LLVM tools' options that load a shared library, and the tools that run the code they are
 * given (`src/shell/programs/llvm-tools.ts` LLVM_CODE). Verified with LLVM 14 on Debian 12 (#37,
 * replay of red team 20 NEW-R2): a library's constructor ran for each loading spelling.
 */
import { describe, expect, it } from 'vitest';
import { llvmRunnerOf, llvmTools } from '../../../src/shell/programs/llvm-tools.js';
import { escapeCodeOf } from '../../../src/shell/programs/code-runners.js';
import { plainProgramName } from '../../../src/shell/programs/plain-names.js';

const loads = (command: string, literal?: boolean[]): string[] => {
  const argv = command.split(' ');
  return (llvmTools.unwrap!(argv, literal ?? argv.map(() => true))?.inner ?? []).map((u) => (u.kind === 'opaque' ? u.reason : u.kind));
};

describe('options that load a shared library', () => {
  it.each([
    ['opt -load ./c.so -S x.ll', 'opt -load ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['opt -load=./c.so -S x.ll', 'opt -load ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['opt --load ./c.so -S x.ll', 'opt -load ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['opt-14 --load=./c.so -S x.ll', 'opt -load ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['opt -S x.ll -load-pass-plugin ./c.so', 'opt -load-pass-plugin ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['opt --load-pass-plugin=./c.so', 'opt -load-pass-plugin ./c.so loads the shared library ./c.so, whose code runs in opt'],
    ['llc -load ./c.so x.ll', 'llc -load ./c.so loads the shared library ./c.so, whose code runs in llc'],
    [
      'llc -x86-lvi-load-opt-plugin=./c.so x.ll',
      'llc -x86-lvi-load-opt-plugin ./c.so loads the shared library ./c.so, whose code runs in llc',
    ],
    ['llvm-lto2 run -load=./c.so x.bc', 'llvm-lto2 -load ./c.so loads the shared library ./c.so, whose code runs in llvm-lto2'],
  ])('%s', (command, reason) => {
    expect(loads(command)).toEqual([reason]);
  });

  it.each([
    'opt -S x.ll -o y.ll',
    'opt -load /usr/lib/llvm-14/lib/LLVMPolly.so -S x.ll',
    'opt -load./c.so x.ll',
    'opt -loa=./c.so x.ll',
    'opt -S x.ll -- -load ./c.so',
    'opt -x86-lvi-load-opt-plugin=./c.so -S x.ll',
    'llc -load-pass-plugin=./c.so x.ll',
    'llvm-mc -load=./c.so x.s',
    'llvm-nm -load ./c.so x.o',
  ])('%s loads nothing (not an option of the tool, after --, or the system library)', (command) => {
    expect(loads(command)).toEqual([]);
  });

  it('a word toolgate cannot see may be -load; a literal start is an operand', () => {
    expect(loads('opt $OPTS x.ll', [true, false, true])).toHaveLength(1);
    expect(loads('opt --load=$P x.ll', [true, false, true])).toHaveLength(1);
    expect(loads('opt -load $P x.ll', [true, true, false, true])).toHaveLength(1);
    expect(loads('opt -S src/$f.ll', [true, true, false])).toEqual([]);
  });
});

describe('tools that run the code they are given', () => {
  it.each(['llvm-jitlink', 'llvm-jitlink-14', 'llvm-rtdyld', 'bugpoint', 'llvm-reduce', 'llvm-exegesis-14', 'lli-child-target'])(
    '%s is opaque code',
    (name) => {
      expect(llvmRunnerOf(name)).toBeDefined();
      expect(escapeCodeOf(name, [name, 'x'])).toMatch(new RegExp(`^${name} runs `));
    },
  );

  it('a deny rule naming the plain name meets its -14 name (decision 0119)', () => {
    expect(plainProgramName('llvm-jitlink-14')).toBe('llvm-jitlink');
    expect(plainProgramName('opt-14')).toBe('opt');
  });

  it('only printing its version runs nothing; other tools are no runners', () => {
    expect(escapeCodeOf('llvm-jitlink', ['llvm-jitlink', '--version'])).toBeNull();
    expect(llvmRunnerOf('opt')).toBeUndefined();
    expect(llvmRunnerOf('llvm-nm-14')).toBeUndefined();
  });
});
