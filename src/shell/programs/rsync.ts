/**
 * `rsync [opts] SRC… DEST`: copies files, locally or to and from another machine (its local
 * layout is cp's, in `copying.ts`). `-e`/`--rsh` and `--rsync-path` name programs it runs, which
 * toolgate does not read here. rsync 3.5.0 rsync(1).
 */
import { has, is, treeRemoval, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { copyOperands } from './copying.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { optionRuns, withOpaqueRunners } from './option-runs.js';
import { readBy, readWords, readWordsLeniently, type ReadWords } from './parse.js';

/**
 * rsync 3.5.0's options (Debian 12's; options.c's `long_options`, read with popt): a long name is
 * matched whole (popt takes no abbreviation: `--versi` is unknown), a value is attached with `=` or
 * the next word; short letters combine (`-avz`), a value letter takes the rest of the word or the
 * next (`-e ssh`, `-f'- x'`, `-@-1`). Options may follow operands.
 */
const grammar: GnuOptionSpec = {
  short: '0468@:AB:CEHIJKLM:NORST:UVWXabcde:f:ghiklmnopqrstuvxyz',
  long: longOptions(
    'help version verbose no-verbose no-v info= debug= stderr= msgs2stderr no-msgs2stderr quiet motd ' +
      'no-motd stats human-readable no-human-readable no-h dry-run archive recursive no-recursive no-r ' +
      'inc-recursive no-inc-recursive i-r no-i-r dirs no-dirs no-d old-dirs old-d perms no-perms no-p ' +
      'executability acls no-acls no-A xattrs no-xattrs no-X times no-times no-t atimes no-atimes no-U ' +
      'open-noatime no-open-noatime crtimes no-crtimes no-N omit-dir-times no-omit-dir-times no-O ' +
      'omit-link-times no-omit-link-times no-J modify-window= super no-super fake-super owner no-owner no-o ' +
      'group no-group no-g no-D devices no-devices copy-devices write-devices no-write-devices specials ' +
      'no-specials drop-D no-drop-D confine-root= links no-links no-l copy-links copy-unsafe-links ' +
      'safe-links insecure-links no-insecure-links munge-links no-munge-links copy-dirlinks keep-dirlinks ' +
      'hard-links no-hard-links no-H relative no-relative no-R implied-dirs no-implied-dirs i-d no-i-d ' +
      'chmod= ignore-times size-only one-file-system no-one-file-system no-x update existing ' +
      'ignore-non-existing ignore-existing max-size= min-size= max-alloc= sparse no-sparse no-S preallocate ' +
      'inplace no-inplace append append-verify no-append del delete delete-before delete-during ' +
      'delete-delay delete-after delete-excluded delete-missing-args ignore-missing-args remove-sent-files ' +
      'remove-source-files force no-force ignore-errors no-ignore-errors max-delete= filter= exclude= ' +
      'include= exclude-from= include-from= cvs-exclude whole-file no-whole-file no-W checksum no-checksum ' +
      'no-c checksum-choice= cc= block-size= compare-dest= copy-dest= link-dest= fuzzy no-fuzzy no-y ' +
      'compress old-compress new-compress no-compress no-z compress-choice= zc= skip-compress= ' +
      'compress-level= zl= compress-threads= zt= progress no-progress partial no-partial partial-dir= ' +
      'delay-updates no-delay-updates prune-empty-dirs no-prune-empty-dirs no-m log-file= log-file-format= ' +
      'out-format= log-format= itemize-changes no-itemize-changes no-i bwlimit= no-bwlimit backup no-backup ' +
      'backup-dir= suffix= list-only read-batch= write-batch= only-write-batch= files-from= from0 no-from0 ' +
      'old-args no-old-args secluded-args no-secluded-args protect-args no-protect-args no-s trust-sender ' +
      'numeric-ids no-numeric-ids usermap= groupmap= chown= timeout= no-timeout contimeout= no-contimeout ' +
      'fsync stop-after= time-limit= stop-at= rsh= rsync-path= temp-dir= iconv= no-iconv ipv4 ipv6 ' +
      '8-bit-output no-8-bit-output no-8 mkpath no-mkpath qsort copy-as= address= port= sockopts= ' +
      'password-file= early-input= blocking-io no-blocking-io outbuf= remote-option= protocol= ' +
      'checksum-seed= server sender config= daemon dparam= detach no-detach',
  ),
  abbreviations: false,
};

/** The files an rsync command reads, writes and removes. */
function rsyncFiles(argv: readonly string[], words: ReadWords): FileOperands {
  const copied = copyOperands('rsync', argv, words);
  // `--files-from=list --delete-missing-args` removes at the destination each name of the list the
  // source lacks, `--remove-source-files` each one it sent (red team 13 N20: a list naming
  // .claude/settings.json removed it): names relative to the source or destination, which toolgate
  // does not work out (decision 0092).
  const { options } = words;
  const removes = has(options, '--delete-missing-args')
    ? 'rsync --delete-missing-args removes at the destination the names its --files-from list gives that the source lacks'
    : has(options, '--remove-source-files', '--remove-sent-files')
      ? 'rsync --remove-source-files removes the files its --files-from list names once sent'
      : undefined;
  const unseen: UnseenNames[] = has(options, '--files-from') && removes !== undefined ? [{ op: 'remove' as const, why: removes }] : [];
  const remote = remoteOptionFiles(options, unseen);
  return rsyncRemote(argv, words.operands, { ...copied, files: [...copied.files, ...rsyncRemovals(argv, words), ...remote], unseen });
}

/** The receiving rsync's options that name a file or folder it writes. */
const RECEIVER_WRITES = ['--log-file', '--write-batch', '--only-write-batch', '--backup-dir', '--partial-dir', '--temp-dir', '-T'];

/**
 * `-M OPT`/`--remote-option=OPT` hands OPT to the rsync on the other side — for a copy between
 * local paths, the local receiving rsync, which takes it (red team 17, R17-10: `rsync
 * -M--log-file=$PWD/.claude/settings.json notes.txt /tmp/x` wrote settings.json). Each value is
 * read as an rsync word with rsync's own table, `-M` inside it again: a file an option of it
 * writes is a write (at an absolute path; a relative one is relative to where that rsync works,
 * which toolgate does not follow), a deletion option removes names toolgate cannot see, and a
 * value the table refuses may be any option.
 */
function remoteOptionFiles(options: ReadWords['options'], unseen: UnseenNames[], depth = 0): FileOperand[] {
  const files: FileOperand[] = [];
  for (const o of options) {
    if (!is(o, '-M', '--remote-option') || o.value === undefined) continue;
    const inner = depth < 4 ? readWords(['rsync', o.value], grammar) : undefined;
    if (inner === undefined || inner.operands.length > 0) {
      unseen.push({ op: 'write', why: `rsync ${o.name} ${o.value} hands the receiving rsync an option toolgate cannot read` });
      continue;
    }
    for (const r of inner.options) {
      if (is(r, ...RECEIVER_WRITES) && r.value !== undefined) {
        if (r.value.startsWith('/')) files.push({ op: 'write', index: o.valueIndex ?? o.index, value: r.value, tree: 'some' });
        else unseen.push({ op: 'write', why: `rsync ${o.name} ${o.value} has the receiving rsync write ${r.value} where it works` });
      }
      if (is(r, ...DELETES, '--delete-missing-args'))
        unseen.push({ op: 'remove', why: `rsync ${o.name} ${o.value} has the receiving rsync delete names toolgate cannot see` });
    }
    files.push(...remoteOptionFiles(inner.options, unseen, depth + 1));
  }
  return files;
}

/** The options by which rsync deletes what the destination holds that the sources lack. */
const DELETES = ['--del', '--delete', '--delete-before', '--delete-during', '--delete-delay', '--delete-after', '--delete-excluded'];

/**
 * What rsync removes. `--delete` (and its variants) removes whatever the destination directory
 * holds that the sources lack (`rsync -a --delete docs/ ./` removed .env, .claude/settings.json and
 * .git, red team 13): the destination's entries, walked for protected paths — without a view, or
 * where the view cannot settle them, any of them may be one (DESIGN, "Which answer for what cannot
 * be seen"). A source whose word ends in `/` (or `.`) fills the destination itself, any other the
 * folder of its name inside it; `--relative` (the whole path), a remote source or a word toolgate
 * cannot split: the destination. What the sources bring is a write judged on its own, so an entry
 * they provide still meets the check. `--remove-source-files` removes the files it sent: each
 * local source a tree removal.
 */
function rsyncRemovals(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperand[] {
  const out: FileOperand[] = [];
  const sources = ops.slice(0, -1);
  const dest = ops.length >= 2 ? ops[ops.length - 1]! : undefined;
  if (has(options, '--remove-source-files', '--remove-sent-files'))
    out.push(...sources.map((index) => ({ op: 'remove' as const, index, ...treeRemoval() })));
  if (dest === undefined || !has(options, ...DELETES)) return out;
  const names = { kind: 'entries' } as const;
  const whole = has(options, '-R', '--relative');
  const into = argv[dest]!.replace(/\/+$/, '');
  const dirs = new Set<string | undefined>();
  for (const k of sources) {
    const word = argv[k]!;
    const base = word.replace(/\/+$/, '').split('/').pop() ?? '';
    const remote = /^[^/]*:|^rsync:\/\//i.test(word);
    dirs.add(
      whole || remote || /(^|\/)\.?$/.test(word) || base === '' || base === '..' ? undefined : `${into === '' ? '' : `${into}/`}${base}`,
    );
  }
  for (const value of dirs)
    out.push(
      value === undefined ? { op: 'remove', index: dest, tree: 'some', names } : { op: 'remove', index: dest, value, tree: 'some', names },
    );
  return out;
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

/**
 * The program rsync runs to reach another machine: ssh, its default remote shell (rsync(1)), for an
 * operand with one colon before any slash (`host:path`; `host::module` and `rsync://` talk to a
 * daemon) when no `-e`/`--rsh` names another (that command is judged as what it is). An exported
 * `RSYNC_RSH` may name another program: ssh is still the one the words choose.
 */
function rsyncTransports(argv: readonly string[]): readonly string[] | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined || words.options.some((o) => o.name === '-e' || o.name === '--rsh')) return undefined;
  return words.operands.some((k) => /^[^/:]*:(?!:)/.test(argv[k]!)) ? ['ssh'] : undefined;
}

/**
 * The commands `-e`/`--rsh`/`--rsync-path` name, read with rsync's grammar; for a command it
 * refuses, with the lenient reading (another rsync may take it, and run them).
 */
function rsyncRuns(argv: readonly string[], literal: readonly boolean[]) {
  const { options } = readWords(argv, grammar) ?? readWordsLeniently(argv, grammar);
  const found = options
    .filter((o) => ['-e', '--rsh', '--rsync-path'].includes(o.name) && o.value !== undefined)
    .map((o) => ({ name: o.name, value: o.value!, valueIndex: o.valueIndex ?? o.index }));
  return optionRuns('rsync', found, literal);
}

/** The rsync model. @internal */
export const rsync = defineProgram({
  names: ['rsync'],
  summary: 'rsync: copy files, locally or with another machine',
  sources: ['rsync 3.5.0 rsync(1), options.c'],
  grammar,
  // `-e CMD`/`--rsh=CMD` runs CMD (split into words) to reach the other side, and `--rsync-path=CMD`
  // is run there through a shell: each judged as a command.
  runs: 'seen',
  unwrap: (argv, literal) => rsyncRuns(argv, literal),
  transports: rsyncTransports,
  positional: true,
  // A word this grammar refuses (an unknown option, a missing value): another rsync may take it.
  // A command its options name that is not literal may write anything (`rsync -e "$x" src/
  // host:dst`; decision 0092).
  files: (_name, argv, literal) =>
    withOpaqueRunners(
      readBy(argv, grammar, (words) => rsyncFiles(argv, words)),
      rsyncRuns(argv, literal ?? argv.map(() => true)),
    ),
  // rsync(1) ENVIRONMENT: RSYNC_RSH is the -e command when none is given (split into words as -e
  // is), RSYNC_CONNECT_PROG a command run through a shell to reach an rsync daemon.
  readsVariables: {
    RSYNC_RSH: { may: ['code'], what: 'RSYNC_RSH names the program rsync runs to reach the other side, as -e does' },
    RSYNC_CONNECT_PROG: { may: ['code'], what: 'RSYNC_CONNECT_PROG names a command rsync runs to reach an rsync daemon' },
  },
  examples: [
    {
      command: 'rsync -b --suffix=rc f .npm',
      effects: ['write ./.npm', 'read ./f', 'write ./.npm/f', 'read ./.npm', 'write ./.npmrc', 'read ./.npm/f', 'write ./.npm/frc'],
      why: 'a backup renames the replaced .npm to .npm and the suffix (red team 12: .npmrc is protected)',
    },
    {
      command: 'rsync -a host:dir/ backup',
      effects: ['write ./backup [some]', 'write ./backup [some]'],
      why: 'the copy into backup, and the names a remote source sends',
    },
  ],
});
