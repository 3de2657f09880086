/**
 * tar's one option grammar (GNU tar 1.34), and its old style first word spelled out. Options are
 * read the way GNU tar reads them: long names abbreviated to any unique prefix, `=value` or the
 * next word, and the old style first word (`tar xIf PROG x.tar`) whose letters take their values
 * from the words that follow. Behaviour: GNU tar manual, "All tar Options"; `tar --usage`.
 */
import type { GnuOptionSpec } from '../../options/gnu-options.js';

const alias = (same: string, argument: 'none' | 'required' = 'none') => ({ argument, same });

/** Every option of GNU tar 1.34 (`tar --usage`, plus the hidden `--preserve` and `-0`…`-9`). @internal */
export const TAR_OPTIONS: GnuOptionSpec = {
  short: 'AcdrtuxGnSkUWOmpsMBiajJzZhPlRvwo0123456789?g:C:T:X:f:F:L:b:H:V:I:K:N:',
  long: {
    'absolute-names': 'none',
    acls: 'none',
    'add-file': 'required',
    'after-date': 'required',
    anchored: 'none',
    append: 'none',
    'atime-preserve': 'optional',
    'auto-compress': 'none',
    backup: 'optional',
    'block-number': 'none',
    'blocking-factor': 'required',
    bzip2: 'none',
    catenate: 'none',
    'check-device': 'none',
    'check-links': 'none',
    checkpoint: 'optional',
    'checkpoint-action': 'required',
    'clamp-mtime': 'none',
    compare: alias('diff'),
    compress: 'none',
    concatenate: alias('catenate'),
    confirmation: alias('interactive'),
    create: 'none',
    'delay-directory-restore': 'none',
    delete: 'none',
    dereference: 'none',
    diff: 'none',
    directory: 'required',
    exclude: 'required',
    'exclude-backups': 'none',
    'exclude-caches': 'none',
    'exclude-caches-all': 'none',
    'exclude-caches-under': 'none',
    'exclude-from': 'required',
    'exclude-ignore': 'required',
    'exclude-ignore-recursive': 'required',
    'exclude-tag': 'required',
    'exclude-tag-all': 'required',
    'exclude-tag-under': 'required',
    'exclude-vcs': 'none',
    'exclude-vcs-ignores': 'none',
    extract: 'none',
    file: 'required',
    'files-from': 'required',
    'force-local': 'none',
    format: 'required',
    'full-time': 'none',
    get: alias('extract'),
    group: 'required',
    'group-map': 'required',
    gunzip: alias('gzip'),
    gzip: 'none',
    'hard-dereference': 'none',
    help: 'none',
    'hole-detection': 'required',
    'ignore-case': 'none',
    'ignore-command-error': 'none',
    'ignore-failed-read': 'none',
    'ignore-zeros': 'none',
    incremental: 'none',
    'index-file': 'required',
    'info-script': 'required',
    interactive: 'none',
    'keep-directory-symlink': 'none',
    'keep-newer-files': 'none',
    'keep-old-files': 'none',
    label: 'required',
    level: 'required',
    list: 'none',
    'listed-incremental': 'required',
    lzip: 'none',
    lzma: 'none',
    lzop: 'none',
    mode: 'required',
    mtime: 'required',
    'multi-volume': 'none',
    'new-volume-script': alias('info-script', 'required'),
    newer: 'required',
    'newer-mtime': 'required',
    'no-acls': 'none',
    'no-anchored': 'none',
    'no-auto-compress': 'none',
    'no-check-device': 'none',
    'no-delay-directory-restore': 'none',
    'no-ignore-case': 'none',
    'no-ignore-command-error': 'none',
    'no-null': 'none',
    'no-overwrite-dir': 'none',
    'no-quote-chars': 'required',
    'no-recursion': 'none',
    'no-same-owner': 'none',
    'no-same-permissions': 'none',
    'no-seek': 'none',
    'no-selinux': 'none',
    'no-unquote': 'none',
    'no-verbatim-files-from': 'none',
    'no-wildcards': 'none',
    'no-wildcards-match-slash': 'none',
    'no-xattrs': 'none',
    null: 'none',
    'numeric-owner': 'none',
    occurrence: 'optional',
    'old-archive': 'none',
    'one-file-system': 'none',
    'one-top-level': 'optional',
    overwrite: 'none',
    'overwrite-dir': 'none',
    owner: 'required',
    'owner-map': 'required',
    'pax-option': 'required',
    portability: alias('old-archive'),
    posix: 'none',
    preserve: 'none',
    'preserve-order': 'none',
    'preserve-permissions': 'none',
    'quote-chars': 'required',
    'quoting-style': 'required',
    'read-full-records': 'none',
    'record-size': 'required',
    recursion: 'none',
    'recursive-unlink': 'none',
    'remove-files': 'none',
    restrict: 'none',
    'rmt-command': 'required',
    'rsh-command': 'required',
    'same-order': alias('preserve-order'),
    'same-owner': 'none',
    'same-permissions': alias('preserve-permissions'),
    seek: 'none',
    selinux: 'none',
    'show-defaults': 'none',
    'show-omitted-dirs': 'none',
    'show-snapshot-field-ranges': 'none',
    'show-stored-names': 'none',
    'show-transformed-names': 'none',
    'skip-old-files': 'none',
    sort: 'required',
    sparse: 'none',
    'sparse-version': 'required',
    'starting-file': 'required',
    'strip-components': 'required',
    suffix: 'required',
    'tape-length': 'required',
    'test-label': 'none',
    'to-command': 'required',
    'to-stdout': 'none',
    totals: 'optional',
    touch: 'none',
    transform: 'required',
    uncompress: alias('compress'),
    ungzip: alias('gzip'),
    'unlink-first': 'none',
    unquote: 'none',
    update: 'none',
    usage: 'none',
    'use-compress-program': 'required',
    utc: 'none',
    'verbatim-files-from': 'none',
    verbose: 'none',
    verify: 'none',
    version: 'none',
    'volno-file': 'required',
    warning: 'required',
    wildcards: 'none',
    'wildcards-match-slash': 'none',
    xattrs: 'none',
    'xattrs-exclude': 'required',
    'xattrs-include': 'required',
    xform: alias('transform', 'required'),
    xz: 'none',
    zstd: 'none',
  },
};

/** Short letters of tar that take a value. */
const VALUE_LETTERS = new Set('gCTXfFLbHVIKN');

/**
 * tar's argv with an old style first word spelled out (`tar xIf P a.tar` → `tar -x -I P -f a.tar`),
 * and for each word the index of the word it came from.
 */
export function tarWords(argv: readonly string[]): { words: string[]; from: number[] } {
  const first = argv[1];
  if (first === undefined || first.startsWith('-')) return { words: [...argv], from: argv.map((_, k) => k) };
  const words = [argv[0]!];
  const from = [0];
  let next = 2;
  for (const letter of first) {
    words.push(`-${letter}`);
    from.push(1);
    if (VALUE_LETTERS.has(letter) && next < argv.length) {
      words.push(argv[next]!);
      from.push(next++);
    }
  }
  for (let k = next; k < argv.length; k++) {
    words.push(argv[k]!);
    from.push(k);
  }
  return { words, from };
}

/**
 * Where tar's TAR_OPTIONS words stand: after an old style first word and the words its letters
 * take (`tar cf x.tar …` → 3), else right after the program name. GNU tar 1.34 spells out the
 * old style first word before it reads TAR_OPTIONS (checked: `TAR_OPTIONS=--remove-files tar cf
 * y.tar e` removed e).
 */
export function tarOptionVariablesAt(argv: readonly string[]): number {
  const first = argv[1];
  if (first === undefined || first.startsWith('-')) return 1;
  let next = 2;
  for (const letter of first) if (VALUE_LETTERS.has(letter) && next < argv.length) next++;
  return next;
}
