/**
 * `ldconfig` (glibc 2.36): builds the dynamic loader's cache, `/etc/ld.so.cache`, which tells
 * ld.so where every program's libraries are. A folder given on the command line (`ldconfig DIR`)
 * or a configuration file (`-f CONF`) puts its libraries in the cache: the next program that
 * loads `libc.so.6` or `libz.so.1` may load one from there, as root too (red team 24, RT24-M).
 * The cache is a system file that runs code later (decision 0123, `SYSTEM_CODE_PATHS`): such a
 * build is a protected write; `-C CACHE` writes CACHE instead, `-r ROOT` the cache below ROOT.
 *
 * A plain `ldconfig` (or one with only `-v`, `-i`, `-c`, `-X`) rebuilds the cache from what
 * `/etc/ld.so.conf` (itself protected) names: nothing the command adds, so its write is not
 * listed — a build script's `make install && ldconfig` stays as it was judged. `-n DIR` and `-N`
 * build no cache (only the soname links in the folders named), `-l LIB` links the libraries given
 * and builds none, `-p` prints the cache.
 *
 * Verified on Debian 12 (glibc 2.36) in /work/wt/ro-sandbox.sh under strace: `ldconfig /tmp/lib`,
 * `ldconfig -f x.conf` and a plain `ldconfig` opened `/etc/ld.so.cache~` to write (EROFS there),
 * `-C /tmp/c.cache /tmp/lib` wrote and renamed `/tmp/c.cache~`, `-n DIR` and `-p` wrote no cache.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { is } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';

/** glibc 2.36 ldconfig --help: every option (argp: long options take `=` or the next word). */
const grammar: GnuOptionSpec = {
  short: 'c:C:f:ilnNpr:vX?V',
  long: { format: 'required', 'ignore-aux-cache': 'none', 'print-cache': 'none', verbose: 'none', help: 'none', usage: 'none', version: 'none' },
};

/** The loader's cache (ld.so(8), "FILES"). */
const CACHE = '/etc/ld.so.cache';

function ldconfigFiles(argv: readonly string[]): FileOperands {
  return readBy(argv, grammar, ({ options, operands }): FileOperands => {
    const has = (...names: string[]): boolean => options.some((o) => is(o, ...names));
    const last = (name: string) => options.filter((o) => is(o, name) && o.value !== undefined).pop();
    if (has('-p', '--print-cache', '-?', '--help', '--usage', '-V', '--version')) return { files: [], unresolved: [], notFiles: [...operands] };
    // -r ROOT: the cache, the configuration and the folders given are ROOT's (glibc elf/ldconfig.c, chroot_canon).
    const root = last('-r')?.value?.replace(/\/+$/, '');
    const under = (path: string): string | undefined => (root === undefined || root === '' ? undefined : `${root}/${path.replace(/^\/+/, '')}`);
    const named = (index: number, word: string, op: FileOperand['op'], extra: Partial<FileOperand> = {}): FileOperand => {
      const value = under(word);
      return value === undefined ? { op, index, ...extra } : { op, index, value, ...extra };
    };
    const files: FileOperand[] = [];
    const conf = last('-f');
    if (conf !== undefined) files.push({ ...named(conf.valueIndex ?? conf.index, conf.value!, 'read'), value: under(conf.value!) ?? conf.value! });
    // -l links each library given beside it and exits: no cache (glibc elf/ldconfig.c, opt_manual_link).
    if (has('-l')) return { files: [...files, ...operands.map((k) => named(k, argv[k]!, 'read'))], unresolved: [], notFiles: [] };
    // Each folder given gets its libraries' soname links (none with -X), and its libraries in the cache.
    for (const k of operands) files.push(has('-X') ? named(k, argv[k]!, 'read') : named(k, argv[k]!, 'write', { tree: 'some' }));
    const cache = last('-C');
    if (!has('-n', '-N') && (cache !== undefined || operands.length > 0 || conf !== undefined))
      files.push(
        cache === undefined
          ? { op: 'write', index: 0, value: under(CACHE) ?? CACHE }
          : { op: 'write', index: cache.valueIndex ?? cache.index, value: under(cache.value!) ?? cache.value! },
      );
    return { files, unresolved: [], notFiles: [] };
  });
}

/** The ldconfig model. @internal */
export const ldconfig = defineProgram({
  names: ['ldconfig'],
  summary: "ldconfig: build the dynamic loader's cache of libraries (/etc/ld.so.cache) and their soname links",
  sources: ['glibc 2.36 ldconfig(8) and ldconfig --help; verified on Debian 12 under strace with /etc read-only (#37)'],
  grammar,
  files: (_name, argv) => ldconfigFiles(argv),
  environment: 'data',
  runs: 'unseen',
  examples: [
    {
      command: 'ldconfig /tmp/lib',
      effects: ['write /tmp/lib [some]', 'write /etc/ld.so.cache'],
      why: "puts /tmp/lib's libraries in the loader's cache (red team 24, RT24-M)",
    },
    { command: 'ldconfig -f ld.conf', effects: ['read ./ld.conf', 'write /etc/ld.so.cache'], why: 'the folders the file names' },
    { command: 'ldconfig -C /tmp/c.cache /tmp/lib', effects: ['write /tmp/lib [some]', 'write /tmp/c.cache'], why: 'another cache file' },
    { command: 'ldconfig -r /mnt /opt/lib', effects: ['write /mnt/opt/lib [some]', 'write /mnt/etc/ld.so.cache'], why: "-r's image: its folders and its cache" },
    { command: 'ldconfig -n /tmp/lib', effects: ['write /tmp/lib [some]'], why: 'only the soname links: no cache' },
    { command: 'ldconfig -l /tmp/lib/libz.so.1.2.13', effects: ['read /tmp/lib/libz.so.1.2.13'], why: 'links one library beside it; no cache' },
    { command: 'ldconfig', effects: [], why: 'rebuilds the cache from what /etc/ld.so.conf (protected) names' },
    { command: 'ldconfig -p', effects: [], why: 'prints the cache' },
  ],
});
