/**
 * Which writes below a place an exported loader variable names (`loader-variables.ts`) change
 * what a program not of the project loads. A search path's folder is often the project's own
 * source (`PYTHONPATH=$PWD/src` of a src-layout project, `NODE_PATH=src`): an edit there is the
 * project's code, which only the project's own code imports, like any source edit. What a program
 * toolgate judges by its words loads from there is what its name finds first:
 * - Python (`import re` from pip): a top-level module or package whose name is the standard
 *   library's, an installed package's, one a program imports when present (`simplejson`,
 *   `_manylinux`), or `sitecustomize`/`usercustomize`, which Python imports at every start from
 *   any entry of its path. A `.pth` file there is not read (only site folders' are), nor a file
 *   Python cannot import (`index.js`, `README.md`, `my-notes.py`). Verified with CPython 3.11 on
 *   Debian 12 (#37): `src/sitecustomize.py` and `src/usercustomize.py` ran at `python3 -c pass`,
 *   `src/evil.pth` did not.
 * - Node (`require(x)`; its own modules come first, so nothing is shadowed, only found when a
 *   program's own folders miss it): a name Node can load at the top (`x.js`, `x.json`, `x.node`,
 *   a folder) and a top folder's entry (`x/index.js`, `x/package.json`); `src/components/Button.js`
 *   is reached only through the project's own `require('components/Button')`.
 * - Perl, Ruby: module files (`Foo/Bar.pm`, `net/http.rb`, their compiled libraries) at any depth.
 * - The dynamic linker: shared libraries (`libz.so.1`, and the subfolders it searches).
 * A name without a `.` may be a folder holding any of these: it counts.
 */

/**
 * What loads from a variable's places (`LoaderVariable.loads`); absent: every file there counts.
 * gcc's (decision 0166; gcc 12, strace): `gcc-start-files`, what the driver takes from a
 * `LIBRARY_PATH` folder before its own — a `specs` file (whose `*linker:` ran a program at `gcc
 * m.c`) and the start files it links into every program (`Scrt1.o`, `crti.o`, `crtbeginS.o`), there,
 * in its `MACHINE/` and `MACHINE/VERSION/` folders; `gcc-tools`, the tool folder below
 * `GCC_EXEC_PREFIX`'s `../..` (`MACHINE/bin/as`, `MACHINE/lib/specs`), looked in before `PATH`.
 */
export type LoadedNames =
  'python-modules' | 'node-modules' | 'perl-modules' | 'ruby-libraries' | 'shared-libraries' | 'gcc-start-files' | 'gcc-tools';

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((w) => w !== ''));

/**
 * The standard library's top-level names: CPython 3.11's `sys.stdlib_module_names`, with the
 * names 3.12–3.14 added.
 */
const PYTHON_STDLIB = words(`
__future__ _abc _aix_support _android_support _apple_support _ast _asyncio _bisect _blake2 _bootsubprocess
_bz2 _codecs _codecs_cn _codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections
_collections_abc _colorize _compat_pickle _compression _contextvars _crypt _csv _ctypes _curses _curses_panel
_datetime _dbm _decimal _elementtree _frozen_importlib _frozen_importlib_external _functools _gdbm _hashlib
_heapq _hmac _imp _interpchannels _interpqueues _interpreters _io _ios_support _json _locale _lsprof _lzma
_markupbase _md5 _msi _multibytecodec _multiprocessing _opcode _opcode_metadata _operator _osx_support
_overlapped _pickle _posixshmem _posixsubprocess _py_abc _pydecimal _pyio _pyrepl _queue _random
_remote_debugging _scproxy _sha1 _sha256 _sha3 _sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat
_statistics _string _strptime _struct _suggestions _symtable _sysconfig _thread _threading_local _tkinter
_tokenize _tracemalloc _typing _uuid _warnings _weakref _weakrefset _winapi _zoneinfo _zstd abc aifc
annotationlib antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii
bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys
compileall compression concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses
dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum errno
faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass gettext
glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io ipaddress
itertools json keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap
modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator
optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix posixpath
pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri random re readline
reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtpd
smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string
stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios
textwrap this threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle
turtledemo types typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg
winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo`);

/**
 * Names Python imports by itself at start from any entry of its path (site(7)), and names of
 * packages commonly installed, or imported when present, by the programs toolgate judges by their
 * words: pip and its optional imports, the AWS CLI (a Python program), Debian's python3 packages.
 * With a file-system view the installed packages' own names are added (`pythonSiteFolders`).
 */
const PYTHON_KNOWN = words(`
  sitecustomize usercustomize
  pip setuptools pkg_resources _distutils_hack wheel _virtualenv virtualenv distlib filelock platformdirs
  packaging pyparsing typing_extensions more_itertools importlib_metadata importlib_resources zipp tomli
  _manylinux truststore keyring jaraco secretstorage jeepney simplejson brotli brotlicffi zstandard socks
  sockshandler urllib3 requests certifi idna charset_normalizer chardet cryptography OpenSSL cffi
  _cffi_backend awscli botocore boto3 s3transfer jmespath dateutil six yaml _yaml docutils colorama rsa
  pyasn1 apt apt_pkg apt_inst aptsources debian debconf gi dbus _dbus_bindings distro lsb_release
  httplib2 jwt oauthlib google grpc pytest _pytest pluggy py iniconfig coverage attr attrs markupsafe jinja2
  click pygments argcomplete
`);

/** The module name a file or folder `name` gives Python, or `undefined` when Python cannot import it. */
function pythonModuleOf(name: string): string | undefined {
  const dot = name.indexOf('.');
  const base = dot < 0 ? name : name.slice(0, dot);
  // A file Python imports: source, bytecode without source, an extension module (`re.cpython-311-x86_64-linux-gnu.so`).
  if (dot >= 0 && !/^\.(py|pyc|pyw|pyd|so|[\w.-]*\.(so|pyd))$/.test(name.slice(dot))) return undefined;
  return /^[A-Za-z_]\w*$/.test(base) ? base : undefined;
}

/** Whether a top-level Python name shadows one a program not of the project imports. */
function pythonShadows(module: string, installed: (name: string) => boolean): boolean {
  return PYTHON_STDLIB.has(module) || PYTHON_KNOWN.has(module) || installed(module);
}

/** A file name Node's `require` loads (`x.js`, `x.json`, `x.node`), or a folder. */
const NODE_LOADS = /^[^.]+$|\.(js|json|node)$/;
/** What a folder's `require` loads first: its package.json's main, else its index. */
const NODE_ENTRY = /^(package\.json|index\.(js|json|node))$/;
/** Perl's module files and the compiled parts under `auto/`, or a folder. */
const PERL_LOADS = /^[^.]+$|\.(pm|pmc|pl|so|bundle|bs|al|ix)$/;
/** Ruby's library files and extensions, or a folder. */
const RUBY_LOADS = /^[^.]+$|\.(rb|so|bundle|o|dll)$/;
/** A shared library (`libz.so`, `libz.so.1.2.13`), or a folder (`glibc-hwcaps/x86-64-v3`). */
const SHARED_LIBRARY = /^[^.]+$|\.so(\.[\w.-]*)?$/;
/** A target machine's folder name (`x86_64-linux-gnu`, `aarch64-linux-gnu`): a folder gcc looks in by that name. */
const MACHINE = /^[\w.]+-[\w.-]+$/;
/** A gcc start file (`crt1.o`, `Scrt1.o`, `crti.o`, `crtbeginS.o`, `crtfastmath.o`) or a specs file. */
const START_FILE = /^(?:specs|\w*crt\w*\.o)$/;

/** The kinds of names gcc loads from a place (decision 0166), which {@link gccLoadedPattern} says as a pattern. */
export type GccLoadedNames = Extract<LoadedNames, 'gcc-start-files' | 'gcc-tools'>;

/** Whether what loads from a place is gcc's (its start files and specs, its tool folder), not a search path of modules. */
export function isGccLoaded(kind: LoadedNames): kind is GccLoadedNames {
  return kind === 'gcc-start-files' || kind === 'gcc-tools';
}

/**
 * The paths at or below `folder` (absolute, normalised) whose write {@link loadedBelow} counts for
 * gcc's kinds, as one pattern: for the reader of a command's text (`command-code.ts`), which lists
 * places with a pattern where the start-up reader asks `loadedBelow` of each write.
 */
export function gccLoadedPattern(kind: GccLoadedNames, folder: string): RegExp {
  const at = folder === '/' ? '' : folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const machine = MACHINE.source.slice(1, -1);
  const below =
    kind === 'gcc-start-files'
      ? `/(?:[^/]+/){0,2}${START_FILE.source.slice(1, -1)}|/${machine}(?:/\\d[\\w.]*)?`
      : `/${machine}(?:/(?:bin|lib)(?:/.*)?)?`;
  return new RegExp(`^${at}(?:${below})?$`, 's');
}

/**
 * Whether a write of `rel` (its `/`-separated segments below a place; empty: the place itself)
 * changes what a program not of the project loads from there. `installed` tells a top-level name
 * an installed Python package has.
 */
export function loadedBelow(kind: LoadedNames | undefined, rel: readonly string[], installed: (name: string) => boolean): boolean {
  if (kind === undefined || rel.length === 0) return true;
  const last = rel[rel.length - 1]!;
  switch (kind) {
    case 'python-modules': {
      // A bytecode cache of a top-level module (`__pycache__/re.cpython-311.pyc`) is what runs for it.
      const cache = rel[0] === '__pycache__' && rel.length === 2 ? /^(\w+)\.[\w-]+\.pyc$/.exec(rel[1]!)?.[1] : undefined;
      const module = cache ?? pythonModuleOf(rel[0]!);
      return module !== undefined && pythonShadows(module, installed);
    }
    case 'node-modules':
      return NODE_LOADS.test(rel[0]!) && (rel.length === 1 || (rel.length === 2 && NODE_ENTRY.test(rel[1]!)));
    case 'perl-modules':
      return PERL_LOADS.test(last);
    case 'ruby-libraries':
      return RUBY_LOADS.test(last);
    case 'shared-libraries':
      return SHARED_LIBRARY.test(last);
    case 'gcc-start-files':
      // The file itself at any of gcc's three depths, or the MACHINE/VERSION folders that hold them.
      return (
        rel.length <= 3 &&
        (START_FILE.test(last) || (MACHINE.test(rel[0]!) && (rel.length === 1 || (rel.length === 2 && /^\d[\w.]*$/.test(last)))))
      );
    case 'gcc-tools':
      return MACHINE.test(rel[0]!) && (rel.length === 1 || rel[1] === 'bin' || rel[1] === 'lib');
  }
}

/**
 * The folders Python's installed packages may be in, given a lister of folders: Debian's
 * dist-packages, every `pythonX.Y` folder (its standard library) with its site-packages and
 * dist-packages under the usual prefixes, the user's (`~/.local`) and pyenv's versions.
 */
export function pythonSiteFolders(home: string, list: (dir: string) => readonly string[] | undefined): string[] {
  const h = home.replace(/\/+$/, '');
  const prefixes = ['/usr/lib', '/usr/local/lib', '/usr/lib64', '/opt/homebrew/lib', `${h}/.local/lib`];
  for (const v of list(`${h}/.pyenv/versions`) ?? []) prefixes.push(`${h}/.pyenv/versions/${v}/lib`);
  const out = ['/usr/lib/python3/dist-packages'];
  for (const prefix of prefixes)
    for (const e of list(prefix) ?? [])
      if (/^python3(\.\d+)?$/.test(e)) out.push(`${prefix}/${e}`, `${prefix}/${e}/site-packages`, `${prefix}/${e}/dist-packages`);
  return out;
}

/** The top-level module names the entries of a site folder give (packages, modules; not metadata or .pth files). */
export function pythonNamesOf(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const e of entries) {
    if (/\.(dist-info|egg-info|pth|egg-link)$/.test(e)) continue;
    const module = pythonModuleOf(e);
    if (module !== undefined) out.push(module);
  }
  return out;
}
