/**
 * systemd-tmpfiles (systemd 252): with `--create`, `--remove`, `--clean` or `--purge` it creates,
 * writes, links, changes or removes each path its configuration lines name (tmpfiles.d(5): `Type
 * Path Mode User Group Age Argument`; `f+`/`w` write the Argument's text, `L` makes a link, `C`
 * copies the Argument's file, `r`/`R` remove). The configuration files are its operands — an
 * absolute path is opened as given, another name is searched in the system's tmpfiles.d folders,
 * `-` is its input — else, with no operand, every file of /etc, /run and /usr/lib tmpfiles.d (root's
 * files), or with `--user` the user's `~/.config/user-tmpfiles.d` and `~/.local/share/user-tmpfiles.d`.
 * Red team 21 (R21-3): a `printf` wrote `t.conf` naming `.claude/settings.json`, `.git/hooks/pre-push`
 * and `~/.bashrc`, and `systemd-tmpfiles --create /abs/t.conf` (allowed by Bash(*) and in
 * bypassPermissions) wrote all three. The model reads the named files through the file-system view
 * (`evaluate/config-writes.ts`); what it cannot read — no view, a name it would search for, the
 * input, a line with a specifier (`%h`) or quoting, `--root`/`--image`, the user's folders — is a
 * write of names toolgate cannot see, a protected ask (decision 0092). Its pager variables are
 * systemd's (systemd-tools.ts).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { SYSTEMD_PAGER_VARIABLES } from './systemd-tools.js';

/** Options that take a value (a word of their own, or after `=`). */
const VALUES: ReadonlySet<string> = new Set(['--prefix', '--exclude-prefix', '--root', '--image', '--replace']);
/** The options that make it act on the paths of its configuration. */
const ACTIONS: ReadonlySet<string> = new Set(['--create', '--clean', '--remove', '--purge']);

interface TmpfilesWords {
  readonly options: readonly string[];
  readonly operands: readonly number[];
}

function tmpfilesWords(argv: readonly string[]): TmpfilesWords {
  const options: string[] = [];
  const operands: number[] = [];
  let ended = false;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (ended || !w.startsWith('-') || w === '-') operands.push(k);
    else if (w === '--') ended = true;
    else {
      const name = w.split('=')[0]!;
      options.push(name);
      if (VALUES.has(name) && !w.includes('=')) k++;
    }
  }
  return { options, operands };
}

/** Each absolute configuration operand is a file it reads. */
function tmpfilesFiles(argv: readonly string[]): FileOperands {
  const { options, operands } = tmpfilesWords(argv);
  const files: FileOperand[] = [];
  if (options.some((o) => ACTIONS.has(o) || o === '--cat-config'))
    for (const k of operands) if (argv[k]!.startsWith('/')) files.push({ op: 'read', index: k });
  return { files, unresolved: [], modelled: 'partly' };
}

/** tmpfiles.d line types (tmpfiles.d(5)) whose path may be a folder it acts on below. */
const TREE_TYPES = new Set(['d', 'D', 'e', 'v', 'q', 'Q', 'C', 'x', 'X', 'r', 'R', 'z', 'Z', 't', 'T', 'h', 'H', 'a', 'A']);

/** The paths the configuration text names, or why they cannot be told. */
function linePaths(text: string, file: string): { path: string; setting: string; tree?: 'some' }[] | string {
  const out: { path: string; setting: string; tree?: 'some' }[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/["'\\%]/.test(line)) return `${file} has a line with quoting or a specifier (%h …) toolgate does not expand`;
    const [type, path] = line.split(/\s+/);
    if (type === undefined || path === undefined) continue;
    if (!path.startsWith('/')) continue; // systemd-tmpfiles refuses a relative path
    if (/[*?[]/.test(path)) return `${file} names ${path}, a glob`;
    const letter = type.replace(/[+!\-=~^]/g, '');
    out.push({ path, setting: `a ${type} line`, ...(TREE_TYPES.has(letter) ? { tree: 'some' as const } : {}) });
  }
  return out;
}

/** @internal */
export const systemdTmpfiles = defineProgram({
  names: ['systemd-tmpfiles'],
  summary: 'systemd-tmpfiles: create, write, link and remove the paths its tmpfiles.d configuration names',
  sources: [
    'systemd 252 systemd-tmpfiles(8), tmpfiles.d(5); src/tmpfiles/tmpfiles.c (read_config_file, search_and_fopen)',
    'verified on Debian 12 in the read-only sandbox (red team 21, R21-3): an absolute operand is read as given, `t.conf` and `./t.conf` are searched in the tmpfiles.d folders, `-` reads the input, `%h` is the home',
  ],
  files: (_name, argv) => tmpfilesFiles(argv),
  configWrites: (argv, reads, read) => {
    const { options, operands } = tmpfilesWords(argv);
    if (!options.some((o) => ACTIONS.has(o))) return { writes: [] };
    if (options.includes('--root') || options.includes('--image') || options.includes('--replace'))
      return { unknown: 'its --root, --image or --replace changes where its paths land or what it reads' };
    if (operands.length === 0) {
      if (options.includes('--user')) return { unknown: "it reads the user's tmpfiles.d folders, which toolgate does not read" };
      return { writes: [] }; // the system's tmpfiles.d folders: root's files, read as root's configuration
    }
    const named = operands.map((k) => argv[k]!);
    const other = named.find((w) => !w.startsWith('/'));
    if (other !== undefined) return { unknown: other === '-' ? 'its configuration comes from its input' : `it searches for ${other} in the tmpfiles.d folders` };
    const writes: { path: string; setting: string; file: string; tree?: 'some' }[] = [];
    for (const file of reads) {
      const text = read(file);
      if (text === null) continue; // not found: it reports the error and goes on
      if (text === undefined) return { unknown: `${file} cannot be read` };
      const paths = linePaths(text, file);
      if (typeof paths === 'string') return { unknown: paths };
      for (const p of paths) writes.push({ ...p, file });
    }
    return { writes };
  },
  readsVariables: SYSTEMD_PAGER_VARIABLES,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'systemd-tmpfiles --cat-config', effects: [], why: 'it prints the system configuration' },
  ],
});
