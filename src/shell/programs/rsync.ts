/**
 * `rsync [opts] SRC… DEST`: copies files, locally or to and from another machine (its local
 * layout is cp's, in `copying.ts`). `-e`/`--rsh` and `--rsync-path` name programs it runs, which
 * toolgate does not read here. rsync(1) 3.x.
 */
import { scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { OptionShape } from '../options/options.js';
import { copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { optionRuns } from './option-runs.js';

/** rsync 3 options that take a value (and GNU cp/mv spellings rsync shares), as the scan reads them. */
const LONG_ARG = [
  'target-directory',
  'suffix',
  'backup',
  'mode',
  'owner',
  'group',
  'context',
  'exclude',
  'include',
  'rsh',
  'filter',
  'exclude-from',
  'include-from',
  'files-from',
  'log-file',
  'password-file',
  'backup-dir',
  'partial-dir',
  'temp-dir',
  'compare-dest',
  'copy-dest',
  'link-dest',
  'reflink',
  'sparse',
  'preserve',
  'no-preserve',
  'strip-program',
  'chmod',
  'chown',
  'usermap',
  'groupmap',
  'rsync-path',
  'only-write-batch',
  'write-batch',
  'read-batch',
  'out-format',
  'log-file-format',
  'timeout',
  'contimeout',
  'bwlimit',
  'max-size',
  'min-size',
  'max-delete',
  'block-size',
  'checksum-choice',
  'compress-choice',
  'compress-level',
  'skip-compress',
  'info',
  'debug',
  'sockopts',
  'port',
  'address',
  'protocol',
  'iconv',
  'modify-window',
];
/** rsync 3 long options that take none (to resolve shortened names). */
const LONG_FLAGS = [
  'recursive',
  'archive',
  'dereference',
  'no-dereference',
  'force',
  'interactive',
  'link',
  'symbolic-link',
  'symbolic',
  'update',
  'verbose',
  'no-target-directory',
  'no-clobber',
  'parents',
  'relative',
  'one-file-system',
  'remove-destination',
  'strip-trailing-slashes',
  'delete',
  'directory',
  'compare',
  'preserve-timestamps',
  'strip',
  'physical',
  'logical',
  'hard',
  'help',
  'version',
];

/** rsync's grammar, as the scan reads it: shortened long names resolved. */
const grammar: GnuOptionSpec = {
  short: 'e:f:B:T:M:',
  long: Object.fromEntries([...LONG_ARG.map((n) => [n, 'required' as const]), ...LONG_FLAGS.map((n) => [n, 'none' as const])]),
};

/** The files an rsync command reads and writes. */
function rsyncFiles(argv: readonly string[], shape: OptionShape): FileOperands {
  const words = scan(argv, shape);
  return rsyncRemote(argv, words.operands, copyOperands('rsync', argv, words));
}

/**
 * rsync(1): an operand with a colon before any slash (`host:path`, `user@host:path`,
 * `host::module`) or an `rsync://` URL is on another machine. Nothing local is read or written at a
 * remote operand; a remote source copied to a local destination writes names the server sends
 * (`rsync host:'*' .`, `rsync -a host:x/ .`), any of them a protected one.
 */
function rsyncRemote(argv: readonly string[], ops: readonly number[], copied: FileOperands): FileOperands {
  const remote = new Set(ops.filter((k) => /^[^/]*:|^rsync:\/\//i.test(argv[k]!)));
  if (remote.size === 0) return copied;
  const dest = ops.length >= 2 ? ops[ops.length - 1]! : undefined;
  const local = (f: FileOperand): boolean =>
    !remote.has(f.index) && (f.intoDir === undefined || !remote.has(f.intoDir)) && (f.under === undefined || !remote.has(f.under));
  const files = copied.files.filter(local);
  const fromRemote = dest !== undefined && !remote.has(dest) && ops.some((k) => k !== dest && remote.has(k));
  if (fromRemote) files.push({ op: 'write', index: dest, tree: 'some', names: { kind: 'unseen', what: 'remote' } });
  return { ...copied, files, notFiles: [...(copied.notFiles ?? []), ...remote] };
}

/** The commands `-e`/`--rsh`/`--rsync-path` name, read with the scan the files use (rsync's short flags are not all listed). */
function rsyncRuns(argv: readonly string[], literal: readonly boolean[]) {
  const { options } = scan(argv, { shortArg: 'efBTM', longArg: LONG_ARG });
  const found = options
    .filter((o) => ['-e', '--rsh', '--rsync-path'].includes(o.name) && o.value !== undefined)
    .map((o) => ({ name: o.name, value: o.value!, valueIndex: o.valueIndex ?? o.index }));
  return optionRuns('rsync', found, literal);
}

/** The rsync model. @internal */
export const rsync = defineProgram({
  names: ['rsync'],
  summary: 'rsync: copy files, locally or with another machine',
  sources: ['rsync 3.x rsync(1)'],
  grammar,
  // `-e CMD`/`--rsh=CMD` runs CMD (split into words) to reach the other side, and `--rsync-path=CMD`
  // is run there through a shell: each judged as a command.
  runs: 'seen',
  unwrap: (argv, literal) => rsyncRuns(argv, literal),
  positional: true,
  files: (_name, argv, shape) => rsyncFiles(argv, shape),
  examples: [
    {
      command: 'rsync -a host:dir/ backup',
      effects: ['write ./backup [some]', 'write ./backup [some]'],
      why: 'the copy into backup, and the names a remote source sends',
    },
  ],
});
