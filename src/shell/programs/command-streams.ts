/**
 * Programs that take file operations from a stream of commands toolgate does not read: the
 * remote-tape server rmt (its protocol on standard input: `O<path>` opens any path, `R<n>` reads
 * it, `W<n>` writes it) and e2fsprogs' debugfs (requests from `-f FILE`, standard input or
 * `-R REQUEST`: `write HOSTFILE NAME` copies a host file into the image, `dump`, `rdump` and
 * `ea_get -f` write host files, `open` opens another device). The paths are names toolgate cannot
 * see: a read of some path (a guarded read where a Read deny rule applies) and a write of any
 * name, a protected one included (decision 0092). Red team 21 (R21-8), verified on Debian 12
 * (GNU tar 1.34's rmt-tar, e2fsprogs 1.47.0): `printf 'O.env\n0\nR100\n' > rc.txt; rmt < rc.txt`
 * printed .env under `Bash(*)` with `Read(./.env)` denied, `O.claude/settings.json` + `W3`
 * rewrote .claude/settings.json, and `debugfs -w -f dbg.txt img` with `write .env x` in dbg.txt
 * copied .env into the image (`debugfs -R 'cat x' img` printed it).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readBy, readWords, type ReadWords } from './parse.js';

/** rmt's words that only print what it is. */
const RMT_ABOUT = /^(--help|--usage|--version|-V|-\?)$/;

/** rmt: every word assumed (`--debug-file=FILE` is written); its input opens, reads and writes any path. */
function rmtFiles(argv: readonly string[]): FileOperands {
  if (argv.length > 1 && argv.slice(1).every((w) => RMT_ABOUT.test(w))) return { files: [], unresolved: [] };
  return {
    files: [],
    unresolved: [],
    unseen: [{ op: 'write', why: 'rmt opens, reads and writes the paths its input names' }],
    modelled: 'partly',
  };
}

/** @internal */
export const rmt = defineProgram({
  names: ['rmt', 'rmt-tar'],
  summary: 'rmt, rmt-tar: remote tape server (the paths its input names are read and written)',
  sources: ['GNU tar 1.34 rmt(8) (O, C, R, W, L, I, S commands on standard input); verified on Debian 12 (red team 21, R21-8)'],
  files: (_name, argv) => rmtFiles(argv),
  includesFiles: (argv) => (argv.length > 1 && argv.slice(1).every((w) => RMT_ABOUT.test(w)) ? undefined : 'O commands on its input'),
  runs: 'unseen',
  examples: [
    {
      command: 'rmt < cmds',
      effects: ['read ./cmds', 'write . [some]'],
      readOnly: false,
      why: 'its input opens and writes paths toolgate cannot see (decision 0092)',
    },
    { command: 'rmt --version', effects: [], why: 'prints what rmt is' },
  ],
});

/** e2fsprogs 1.47 debugfs's options (its getopt string, debugfs.c). */
const DEBUGFS: GnuOptionSpec = { short: 'iwcR:f:b:s:Vd:Dz:', long: {} };

/**
 * The debugfs requests that touch only the file system they work on (they print it, or change it
 * where `-w` opened it for writing): no host file is named. Every other request — `write`, `dump`,
 * `rdump`, `ea_get -f`, `ea_set -f`, `logdump -f`, `open` and any toolgate does not list — may
 * read or write a host path (debugfs(8), e2fsprogs 1.47).
 */
const IMAGE_ONLY = new Set([
  'ls',
  'list_directory',
  'cat',
  'stat',
  'show_inode_info',
  'pwd',
  'print_working_directory',
  'cd',
  'change_working_directory',
  'ncheck',
  'icheck',
  'blocks',
  'bmap',
  'stats',
  'show_super_stats',
  'testi',
  'testb',
  'ffb',
  'find_free_block',
  'ffi',
  'find_free_inode',
  'imap',
  'filefrag',
  'dirsearch',
  'lsdel',
  'list_deleted_inodes',
  'htree',
  'htree_dump',
  'dx_hash',
  'hash',
  'inode_dump',
  'idump',
  'dump_extents',
  'extents',
  'ex',
  'ea_list',
  'dump_unused',
  'freefrag',
  'e2freefrag',
  'supported_features',
  'help',
  'list_requests',
  'lr',
]);

/** debugfs: the device it opens (written with -w), -f's command file, -d's data device, -z's undo file, and its requests. */
function debugfsFiles(argv: readonly string[], { options, operands }: ReadWords): FileOperands {
  if (options.some((o) => o.name === '-V')) return { files: [], unresolved: [] };
  const files: FileOperand[] = [];
  const device = operands[0];
  if (device !== undefined) {
    files.push({ op: 'read', index: device, value: argv[device]! });
    if (options.some((o) => o.name === '-w')) files.push({ op: 'write', index: device, value: argv[device]! });
  }
  for (const o of options) {
    const at = o.valueIndex ?? o.index;
    if ((o.name === '-f' && o.value !== '-') || o.name === '-d') files.push({ op: 'read', index: at, value: o.value ?? '' });
    if (o.name === '-z') files.push({ op: 'write', index: at, value: o.value ?? '' });
  }
  return { files, unresolved: [], ...(hostRequests(options) ? { unseen: [{ op: 'write' as const, why: DEBUGFS_WHY }] } : {}) };
}

const DEBUGFS_WHY = 'the requests debugfs reads (from -f, its input or -R) may copy host files in and out of the image';

/** Whether the requests may name host files: any from -f or standard input, and a -R request not known to touch only the image. */
function hostRequests(options: ReadWords['options']): boolean {
  if (options.some((o) => o.name === '-f')) return true;
  const request = options.filter((o) => o.name === '-R').at(-1);
  if (request === undefined) return true;
  const text = request.value ?? '';
  const first = /^\s*(\S+)/.exec(text)?.[1];
  return first === undefined || !IMAGE_ONLY.has(first) || /[\n;]/.test(text);
}

/** @internal */
export const debugfs = defineProgram({
  names: ['debugfs'],
  summary: 'debugfs: ext2/3/4 file system debugger (the host files its requests name are not seen)',
  sources: [
    'e2fsprogs 1.47.0 debugfs(8) (-w, -f cmd_file, -R request, -d, -z; requests write, dump, rdump, ea_get -f, open); verified on Debian 12 (red team 21, R21-8)',
  ],
  grammar: DEBUGFS,
  files: (_name, argv) => readBy(argv, DEBUGFS, (words) => debugfsFiles(argv, words)),
  includesFiles: (argv) => {
    const words = readWords(argv, DEBUGFS);
    if (words?.options.some((o) => o.name === '-V')) return undefined;
    return words !== undefined && !hostRequests(words.options) ? undefined : 'requests (write, ea_set -f, open)';
  },
  runs: 'unseen',
  examples: [
    { command: "debugfs -R 'ls -l' disk.img", effects: ['read ./disk.img'], why: 'ls prints the image; no host file is named' },
    {
      command: 'debugfs -w -f cmds disk.img',
      effects: ['write . [some]', 'read ./disk.img', 'write ./disk.img', 'read ./cmds'],
      readOnly: false,
      why: 'the requests of cmds may copy host files in and out of the image (write, dump, rdump)',
    },
    {
      command: "debugfs -R 'dump /etc/x out' disk.img",
      effects: ['write . [some]', 'read ./disk.img'],
      readOnly: false,
      why: 'dump writes a host file',
    },
  ],
});
