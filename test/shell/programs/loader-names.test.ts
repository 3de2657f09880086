import { describe, expect, it } from 'vitest';
import { gccLoadedPattern, loadedBelow, pythonNamesOf, pythonSiteFolders } from '../../../src/shell/programs/loader-names.js';

const none = () => false;
const py = (path: string, installed: (n: string) => boolean = none) => loadedBelow('python-modules', path.split('/'), installed);

describe('loadedBelow', () => {
  it('Python: a top-level name of the standard library, a known or installed package, or a startup module', () => {
    expect(py('re.py')).toBe(true);
    expect(py('json')).toBe(true);
    expect(py('json/__init__.py')).toBe(true);
    expect(py('json/decoder.py')).toBe(true);
    expect(py('sitecustomize.py')).toBe(true);
    expect(py('usercustomize.py')).toBe(true);
    expect(py('botocore/__init__.py')).toBe(true);
    expect(py('re.cpython-311-x86_64-linux-gnu.so')).toBe(true);
    expect(py('re.pyc')).toBe(true);
    expect(py('__pycache__/re.cpython-311.pyc')).toBe(true);
    expect(py('crcmod.py', (n) => n === 'crcmod')).toBe(true);
  });
  it("Python: the project's own modules, files Python cannot import and .pth files are not", () => {
    expect(py('util.py')).toBe(false);
    expect(py('new.py')).toBe(false);
    expect(py('pkg')).toBe(false);
    expect(py('app/re.py')).toBe(false);
    expect(py('index.js')).toBe(false);
    expect(py('README.md')).toBe(false);
    expect(py('my-notes.py')).toBe(false);
    expect(py('x.pth')).toBe(false);
    expect(py('__init__.py')).toBe(false);
    expect(py('__pycache__/util.cpython-311.pyc')).toBe(false);
  });
  it('the place itself, and every write of a variable without a kind', () => {
    expect(loadedBelow('python-modules', [], none)).toBe(true);
    expect(loadedBelow(undefined, ['anything.txt'], none)).toBe(true);
  });
  it('Node: a loadable name at the top and a top folder entry', () => {
    expect(loadedBelow('node-modules', ['util.js'], none)).toBe(true);
    expect(loadedBelow('node-modules', ['lodash', 'package.json'], none)).toBe(true);
    expect(loadedBelow('node-modules', ['lodash', 'index.js'], none)).toBe(true);
    expect(loadedBelow('node-modules', ['components', 'Button.js'], none)).toBe(false);
    expect(loadedBelow('node-modules', ['App.css'], none)).toBe(false);
    expect(loadedBelow('node-modules', ['index.ts'], none)).toBe(false);
  });
  it('Perl, Ruby and the dynamic linker: their module and library files at any depth', () => {
    expect(loadedBelow('perl-modules', ['File', 'Temp.pm'], none)).toBe(true);
    expect(loadedBelow('perl-modules', ['README.md'], none)).toBe(false);
    expect(loadedBelow('ruby-libraries', ['net', 'http.rb'], none)).toBe(true);
    expect(loadedBelow('ruby-libraries', ['notes.txt'], none)).toBe(false);
    expect(loadedBelow('shared-libraries', ['libc.so.6'], none)).toBe(true);
    expect(loadedBelow('shared-libraries', ['glibc-hwcaps', 'x86-64-v3', 'libz.so.1'], none)).toBe(true);
    expect(loadedBelow('shared-libraries', ['index.js'], none)).toBe(false);
  });
});

describe('pythonSiteFolders and pythonNamesOf', () => {
  it('lists the pythonX.Y folders under the usual prefixes, the user and pyenv', () => {
    const dirs: Record<string, string[]> = {
      '/usr/lib': ['python3.11', 'python3', 'x86_64-linux-gnu'],
      '/h/.pyenv/versions': ['3.12.1'],
      '/h/.pyenv/versions/3.12.1/lib': ['python3.12'],
    };
    const folders = pythonSiteFolders('/h', (d) => dirs[d]);
    expect(folders).toContain('/usr/lib/python3/dist-packages');
    expect(folders).toContain('/usr/lib/python3.11/site-packages');
    expect(folders).toContain('/usr/lib/python3.11');
    expect(folders).toContain('/h/.pyenv/versions/3.12.1/lib/python3.12/site-packages');
    expect(folders.some((f) => f.includes('x86_64-linux-gnu'))).toBe(false);
  });
  it('takes packages and modules, not metadata or .pth files', () => {
    expect(
      pythonNamesOf([
        'requests',
        'requests-2.31.0.dist-info',
        'six.py',
        'distutils-precedence.pth',
        '_cffi_backend.cpython-311-x86_64-linux-gnu.so',
      ]),
    ).toEqual(['requests', 'six', '_cffi_backend']);
  });
});

// Decision 0166 (gcc 12.2 under strace): what gcc takes from LIBRARY_PATH's folders and GCC_EXEC_PREFIX's tool folder.
describe('loadedBelow: gcc', () => {
  const installed = () => false;
  it.each([
    [['specs'], true],
    [['x86_64-linux-gnu', '12', 'specs'], true],
    [['Scrt1.o'], true],
    [['x86_64-linux-gnu', 'crtbeginS.o'], true],
    [['x86_64-linux-gnu'], true],
    [['libfoo.so'], false],
    [['notes.txt'], false],
    [['src', 'main.c'], false],
  ])('gcc-start-files %j: %s', (rel, loads) => {
    expect(loadedBelow('gcc-start-files', rel, installed)).toBe(loads);
  });
  it.each([
    [['x86_64-linux-gnu', 'bin', 'as'], true],
    [['aarch64-linux-gnu', 'lib', 'specs'], true],
    [['x86_64-linux-gnu', 'notes.txt'], false],
    [['home', 'user'], false],
  ])('gcc-tools %j: %s', (rel, loads) => {
    expect(loadedBelow('gcc-tools', rel, installed)).toBe(loads);
  });
});

describe('gccLoadedPattern', () => {
  it("says as a pattern what loadedBelow counts below a place for gcc's kinds", () => {
    const F = '/home/u/lib';
    const rels = ['', 'specs', 'crti.o', 'Scrt1.o', 'libc.so', 'notes.txt', 'x86_64-linux-gnu', 'x86_64-linux-gnu/12', 'x86_64-linux-gnu/12/crti.o', 'a/b/specs', 'a/b/c/specs', 'x86_64-linux-gnu/bin/as', 'x86_64-linux-gnu/lib/specs', 'x86_64-linux-gnu/share/x', 'bin/as'];
    for (const kind of ['gcc-start-files', 'gcc-tools'] as const)
      for (const rel of rels)
        expect(gccLoadedPattern(kind, F).test(rel === '' ? F : `${F}/${rel}`), `${kind} ${rel}`).toBe(loadedBelow(kind, rel === '' ? [] : rel.split('/'), () => false));
  });
});
