import { describe, expect, it } from 'vitest';
import { driverResponsePlaces, driverRuns, driverWords } from '../../../src/shell/programs/compiler-driver.js';
import { compilers } from '../../../src/shell/programs/compilers.js';

const runs = (command: string, name = command.split(' ')[0]!): string[] =>
  driverRuns(name, command.split(' '), name === 'ld').map((u) => (u.kind === 'opaque' ? u.reason : u.kind));

describe('driverWords: gcc long spellings (gcc.cc option_map)', () => {
  it.each([
    ['gcc --pref bin/ x.c', ['-B', 'bin/', 'x.c']],
    ['gcc --prefix=bin/ x.c', ['-B', 'bin/', 'x.c']],
    ['gcc --spe s.specs x.c', ['-specs', 's.specs', 'x.c']],
    ['gcc --for-l -plugin x.c', ['-Xlinker', '-plugin', 'x.c']],
    ['gcc --warn-l,-plugin,p.so x.c', ['-Wl,-plugin,p.so', 'x.c']],
    ['gcc --plugin=p.so x.c', ['-fplugin=p.so', 'x.c']],
    ['gcc -Xlinker --plugin=p.so', ['-Xlinker', '--plugin=p.so']],
  ])('%s', (command, words) => {
    expect(driverWords(command.split(' ')).map((w) => w.word)).toEqual(words);
  });

  it('clang keeps long words it has no whole name for', () => {
    expect(driverWords(['clang', '--ld-path=./ld', '--prefix', 'bin'], false).map((w) => w.word)).toEqual(['--ld-path=./ld', '-B', 'bin']);
  });
});

describe('driverRuns', () => {
  it.each([
    "gcc -wrapper /bin/sh,-c,'rm -rf .claude' -c x.c",
    'gcc -c x.c -wrapper /usr/bin/true',
    'gcc -Bbin/ -c x.c',
    'gcc -B /tmp/t -c x.c',
    'gcc -B/usr/local/bin -c x.c',
    'gcc -B/usr/lib/../../tmp -c x.c',
    'gcc -specs=./s.specs -c x.c',
    'gcc -specs s.specs -c x.c',
    'gcc -fplugin=./p.so -c x.c',
    'gcc -fplugin=p.so -c x.c',
    'gcc -Wp,-fplugin=./p.so -c x.c',
    'gcc -Xpreprocessor -fplugin=./p.so -c x.c',
    'gcc -Wl,-plugin,./p.so x.o',
    'gcc -Wl,-plugin -Wl,./p.so x.o',
    'gcc -Wl,--plugin=./p.so x.o',
    'gcc -Xlinker -plugin -Xlinker ./p.so x.o',
    'gcc -Wl,@link.rsp x.o',
    'clang -Xclang -load -Xclang ./p.so -c x.c',
    'clang -fuse-ld=./ld x.o',
    'clang --ld-path=./ld x.o',
    'ld -plugin ./p.so x.o',
    // Red team 22, NEW-T1 (ld 2.40: each ran x.sh on an undefined symbol).
    'ld --error-handling-script=./x.sh -o a.out m.o',
    'ld --error-handling-script ./x.sh m.o',
    'ld -error-h=./x.sh m.o',
    'ld --error-handling=./x.sh m.o',
    'gcc -Wl,--error-handling-script=./x.sh m.o',
    'gcc -Xlinker --error-handling-script -Xlinker ./x.sh m.o',
  ])('%s runs code toolgate cannot read', (command) => {
    expect(runs(command).length).toBeGreaterThan(0);
  });

  it.each([
    'gcc -O2 -o app main.c',
    'cc -Wl,-rpath,/opt/lib -o app main.c',
    'gcc -Wl,-O1,--as-needed main.c -o app',
    'gcc -Wl,--plugin-opt=-pass-through=-lgcc main.o',
    'gcc -fplugin=annobin -c x.c',
    'gcc -B/usr/libexec/mold main.c',
    'gcc -specs=/usr/share/dpkg/no-pie-link.specs main.c',
    'gcc -Wl,-plugin,/usr/lib/gcc/x86_64-linux-gnu/12/liblto_plugin.so main.o',
    'gcc -fuse-ld=mold main.c',
    'ld @link.rsp',
    'ld -o app main.o',
    'ld --error-unresolved-symbols -o app main.o',
  ])('%s runs nothing of its own', (command) => {
    expect(runs(command)).toEqual([]);
  });

  it('says what runs', () => {
    expect(runs('ld -plugin ./x.so a.o')).toEqual(['ld -plugin ./x.so loads the plugin code of ./x.so']);
    expect(runs('gcc -B ./tools -c x.c')).toEqual(['gcc -B ./tools runs its helper programs (cc1, as, ld, …) from ./tools']);
    expect(runs('gcc -wrapper sh,-c,x -c x.c')).toEqual(['gcc -wrapper sh,-c,x runs each of its helper programs through sh,-c,x']);
    expect(runs('gcc -Wl,-plugin,./p.so x.o')).toEqual(['gcc hands the linker -plugin ./p.so, which loads the plugin code of ./p.so']);
    expect(runs('ld --error-handling-script=./x.sh m.o')).toEqual([
      'ld --error-handling-script=./x.sh runs the error-handling script ./x.sh',
    ]);
    expect(runs('gcc -Bbin -c x.c')).toEqual(['gcc -Bbin runs its helper programs (cc1, as, ld, …) from bin']);
  });
});

describe('driverResponsePlaces: where a helper expands @FILE, and what takes its place', () => {
  const place = (command: string) => {
    const argv = command.split(' ');
    return driverResponsePlaces(argv).map((p) => ({ index: p.index, file: p.file, ...p.splice(['-o', 'out']) }));
  };

  it.each([
    ['gcc m.c @r', { index: 2, file: 'r', argv: ['gcc', 'm.c', '-o', 'out'], from: 2, to: 4 }],
    ['gcc m.c -Xlinker @r', { index: 3, file: 'r', argv: ['gcc', 'm.c', '-Xlinker', '-o', 'out'], from: 3, to: 5 }],
    ['gcc m.c -Wl,@r', { index: 2, file: 'r', argv: ['gcc', 'm.c', '-Xlinker', '-o', '-Xlinker', 'out'], from: 2, to: 6 }],
    [
      'gcc -Wl,--as-needed,@r,-lm',
      {
        index: 1,
        file: 'r',
        argv: ['gcc', '-Xlinker', '--as-needed', '-Xlinker', '-o', '-Xlinker', 'out', '-Xlinker', '-lm'],
        from: 3,
        to: 7,
      },
    ],
    ['gcc -c m.c -Wa,@r', { index: 3, file: 'r', argv: ['gcc', '-c', 'm.c', '-Xassembler', '-o', '-Xassembler', 'out'], from: 3, to: 7 }],
    [
      'gcc -E m.c -Wp,@r',
      { index: 3, file: 'r', argv: ['gcc', '-E', 'm.c', '-Xpreprocessor', '-o', '-Xpreprocessor', 'out'], from: 3, to: 7 },
    ],
    ['gcc m.c --for-linker=@r', { index: 2, file: 'r', argv: ['gcc', 'm.c', '-Xlinker', '-o', '-Xlinker', 'out'], from: 2, to: 6 }],
  ])('%s', (command, expected) => {
    expect(place(command)).toEqual([expected]);
  });

  it('finds none in a word that hands no @FILE', () => {
    expect(place('gcc -Wl,--as-needed -lm x.c -o x')).toEqual([]);
  });
});

describe("the driver's files: -B and spec files (red team 20, NEW-R3)", () => {
  const files = (command: string) => compilers.files!('gcc', command.split(' '));
  it.each(['gcc -B/usr/bin -c m.c', 'gcc -B /usr/bin -c m.c', 'gcc --prefix=/usr/bin -c m.c', 'gcc --prefix /usr/bin -c m.c'])(
    '%s: the helper folder is no file it writes',
    (command) => {
      const out = files(command);
      expect(out.files.filter((f) => f.value === '/usr/bin')).toEqual([]);
      expect(out.notFiles).toContain(command.split(' ').indexOf('/usr/bin') > 0 ? command.split(' ').indexOf('/usr/bin') : 1);
    },
  );

  it.each([
    ['gcc m.c -specs=./s', './s'],
    ['gcc m.c -specs s', 's'],
    ['gcc m.c --specs=s', 's'],
    ['gcc m.c --specs s', 's'],
  ])('%s reads the spec file and writes names toolgate cannot see', (command, file) => {
    const out = files(command);
    expect(out.files).toContainEqual(expect.objectContaining({ op: 'read', value: file }));
    expect(out.unseen?.[0]?.why).toBe(`gcc reads the specs file ${file}, whose rules may add options (an output file among them) to the programs it runs`);
  });

  it("the system's spec files write nothing unseen", () => {
    expect(files('gcc -specs=/usr/share/dpkg/pie-compile.specs -c m.c').unseen).toBeUndefined();
  });
});
