/**
 * Info-ZIP zip 3.0's own option grammar (`zip -so` lists it), which is not getopt's: a short option
 * is one or two characters (`-tt`, `-TT`, `-lf` are options of their own, and are read as such
 * inside a group: `-qlf FILE` is `-q -lf FILE`), a value is the rest of the word or else the next
 * word, `-i` and `-x` take every following word up to the next option or `@`, an option marked
 * negatable takes a trailing `-` (`-X-`), and long options may be shortened to a unique prefix
 * (`--befo` is `--before-date`). Options and operands may be mixed.
 */
import type { ParsedOption } from '../options/gnu-options.js';

/** How an option takes a value. */
type ZipValue = 'none' | 'required' | 'list';

interface ZipOption {
  readonly long: string;
  readonly value?: ZipValue;
  /** It takes a trailing `-` that negates it (`-X-`). */
  readonly negatable?: true;
}

/** Every option of zip 3.0 (`zip -so`), by its short name. */
const ZIP_OPTIONS: Readonly<Record<string, ZipOption>> = {
  '0': { long: 'store' },
  '1': { long: 'compress-1' },
  '2': { long: 'compress-2' },
  '3': { long: 'compress-3' },
  '4': { long: 'compress-4' },
  '5': { long: 'compress-5' },
  '6': { long: 'compress-6' },
  '7': { long: 'compress-7' },
  '8': { long: 'compress-8' },
  '9': { long: 'compress-9' },
  A: { long: 'adjust-sfx' },
  b: { long: 'temp-path', value: 'required' },
  c: { long: 'entry-comments' },
  d: { long: 'delete' },
  db: { long: 'display-bytes', negatable: true },
  dc: { long: 'display-counts', negatable: true },
  dd: { long: 'display-dots', negatable: true },
  dg: { long: 'display-globaldots', negatable: true },
  ds: { long: 'dot-size', value: 'required' },
  du: { long: 'display-usize', negatable: true },
  dv: { long: 'display-volume', negatable: true },
  D: { long: 'no-dir-entries' },
  DF: { long: 'difference-archive' },
  e: { long: 'encrypt' },
  F: { long: 'fix' },
  FF: { long: 'fixfix' },
  FI: { long: 'fifo', negatable: true },
  FS: { long: 'filesync' },
  f: { long: 'freshen' },
  fd: { long: 'force-descriptors' },
  fz: { long: 'force-zip64', negatable: true },
  g: { long: 'grow' },
  h: { long: 'help' },
  H: { long: 'help' },
  '?': { long: 'help' },
  h2: { long: 'more-help' },
  i: { long: 'include', value: 'list' },
  j: { long: 'junk-paths' },
  J: { long: 'junk-sfx' },
  k: { long: 'DOS-names' },
  l: { long: 'to-crlf' },
  ll: { long: 'from-crlf' },
  lf: { long: 'logfile-path', value: 'required' },
  la: { long: 'log-append', negatable: true },
  li: { long: 'log-info', negatable: true },
  L: { long: 'license' },
  m: { long: 'move' },
  MM: { long: 'must-match' },
  n: { long: 'suffixes', value: 'required' },
  nw: { long: 'no-wild' },
  o: { long: 'latest-time' },
  O: { long: 'output-file', value: 'required' },
  p: { long: 'paths' },
  P: { long: 'password', value: 'required' },
  q: { long: 'quiet' },
  r: { long: 'recurse-paths' },
  R: { long: 'recurse-patterns' },
  RE: { long: 'regex' },
  s: { long: 'split-size', value: 'required' },
  sp: { long: 'split-pause' },
  sv: { long: 'split-verbose' },
  sb: { long: 'split-bell' },
  sc: { long: 'show-command' },
  sd: { long: 'show-debug' },
  sf: { long: 'show-files', negatable: true },
  so: { long: 'show-options' },
  su: { long: 'show-unicode', negatable: true },
  sU: { long: 'show-just-unicode', negatable: true },
  t: { long: 'from-date', value: 'required' },
  tt: { long: 'before-date', value: 'required' },
  T: { long: 'test' },
  TT: { long: 'unzip-command', value: 'required' },
  u: { long: 'update' },
  U: { long: 'copy-entries' },
  UN: { long: 'unicode', value: 'required' },
  v: { long: 'verbose' },
  ws: { long: 'wild-stop-dirs' },
  x: { long: 'exclude', value: 'list' },
  X: { long: 'strip-extra', negatable: true },
  y: { long: 'symlinks' },
  z: { long: 'archive-comment' },
  Z: { long: 'compression-method', value: 'required' },
  '@': { long: 'names-stdin' },
};

/** The long options, by long name (`version` has no short name). */
const ZIP_LONG: ReadonlyMap<string, ZipOption> = new Map([
  ...Object.values(ZIP_OPTIONS).map((o) => [o.long, o] as const),
  ['version', { long: 'version' }],
]);

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The long option `given` names: exactly, or as the one option it is a prefix of. */
function resolveLong(given: string): ZipOption | undefined {
  const exact = ZIP_LONG.get(given);
  if (exact || given === '') return exact;
  const hits = [...ZIP_LONG.keys()].filter((name) => name.startsWith(given));
  return hits.length === 1 ? ZIP_LONG.get(hits[0]!) : undefined;
}

/**
 * zip's words as zip reads them: each option reported by its long name (`--before-date` for
 * `-tt`), with its value; the words of a list option (`-x a b`) as `listWords`; operands in order.
 * A word that is no option zip has is read as an option of that name, taking no value.
 * @internal
 */
export function zipWords(argv: readonly string[]): { options: ParsedOption[]; operands: number[]; listWords: number[] } {
  const options: ParsedOption[] = [];
  const operands: number[] = [];
  const listWords: number[] = [];
  /** Takes the words after `k` up to the next option or `@` as a list; returns the last index taken. */
  const takeList = (k: number): number => {
    let j = k + 1;
    for (; j < argv.length && !argv[j]!.startsWith('-') && argv[j] !== '@'; j++) listWords.push(j);
    return argv[j] === '@' ? j : j - 1;
  };
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      for (let j = k + 1; j < argv.length; j++) operands.push(j);
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const option = resolveLong(eq >= 0 ? a.slice(2, eq) : a.slice(2));
      const name = option ? `--${option.long}` : eq >= 0 ? a.slice(0, eq) : a;
      if (eq >= 0) options.push({ name, value: a.slice(eq + 1), index: k });
      else if (option?.value === 'required' && k + 1 < argv.length) {
        options.push({ name, value: argv[k + 1]!, index: k, valueIndex: k + 1 });
        k++;
      } else if (option?.value === 'list') {
        options.push({ name, index: k });
        k = takeList(k);
      } else options.push({ name, index: k });
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      operands.push(k);
      continue;
    }
    let pos = 1;
    while (pos < a.length) {
      const two = a.slice(pos, pos + 2);
      const short = two.length === 2 && own(ZIP_OPTIONS, two) ? two : a[pos]!;
      const option = own(ZIP_OPTIONS, short) ? ZIP_OPTIONS[short] : undefined;
      const name = option ? `--${option.long}` : `-${short}`;
      pos += short.length;
      if (option?.negatable && a[pos] === '-') pos++;
      // A value glued to a short option may start with `=`, which zip 3.0 drops: `-TT=cmd` ran cmd
      // as `-TT cmd` does, `-b=DIR` wrote its temporary file in DIR, `-x=a` left a out (check29 c29-24).
      const glued = a.slice(pos).replace(/^=/, '');
      if (option?.value === 'required') {
        if (pos < a.length) options.push({ name, value: glued, index: k });
        else if (k + 1 < argv.length) {
          options.push({ name, value: argv[k + 1]!, index: k, valueIndex: k + 1 });
          k++;
        } else options.push({ name, index: k });
        break;
      }
      if (option?.value === 'list') {
        if (pos < a.length) options.push({ name, value: glued, index: k });
        else options.push({ name, index: k });
        k = takeList(k);
        break;
      }
      options.push({ name, index: k });
    }
  }
  return { options, operands, listWords };
}
