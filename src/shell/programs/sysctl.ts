/**
 * `sysctl` (procps-ng): prints or sets the kernel's parameters, each the file under `/proc/sys`
 * its key names. An operand `KEY=VALUE` writes that file (with or without `-w`, also with `-n` or
 * `-N`); `-p`/`-f`/`--load` read `KEY = VALUE` lines from the files they name (their operands, an
 * attached value, else `/etc/sysctl.conf`) and `--system` from the system's `sysctl.d` folders, and
 * write the files those keys name — names toolgate does not read, below `/proc/sys`; `--dry-run`
 * writes nothing. A key's `.` separates folders and its `/` stands for a `.` in a name
 * (`net.ipv4.conf.eth0/1.forwarding`), unless it is written with `/` first (`net/ipv4/ip_forward`).
 * Claude Code's read-only table has no entry for it (2.1.332), so even a read asks in default mode;
 * a write is a write outside the working directories, asked in every mode but bypassPermissions
 * and covered by a rule that covers the command, as `echo 1 > /proc/sys/…` is.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { is } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readBy, type ReadWords } from './parse.js';

const SOURCE = 'procps-ng 4.0.2 sysctl(8) and sysctl --help, verified on Debian 12 in a network namespace (unshare -rn: net.* keys)';

/** procps-ng 4.0.2 sysctl: every option (`-p`'s file only attached; `-f` is `-p`). */
const grammar: GnuOptionSpec = {
  short: 'bneNwfp::qoxaAXr:Vdh',
  long: longOptions(`all binary ignore names values load[=] system pattern= quiet write deprecated dry-run ${HELP_VERSION}`),
};

/** The folder the kernel's parameters are files in. */
const PROC_SYS = '/proc/sys';

/** The file under /proc/sys a key names, as procps-ng reads it (`.` and `/` trade places unless `/` comes first). */
function sysctlPath(key: string): string {
  const k = key.replace(/^\/+/, '');
  const slashFirst = /^[^.]*\//.test(k);
  const path = slashFirst ? k : k.replace(/[./]/g, (c) => (c === '.' ? '/' : '.'));
  return `${PROC_SYS}/${path}`;
}

/** Its files: the keys it reads or writes, the files `-p` loads, the keys those set (unseen, under /proc/sys). */
function sysctlFiles(words: ReadWords, argv: readonly string[]): FileOperands {
  const { options, operands } = words;
  if (options.some((o) => is(o, '-h', '-d', '--help', '-V', '--version'))) return { files: [], unresolved: [], notFiles: [...operands] };
  const dryRun = options.some((o) => is(o, '--dry-run'));
  const files: FileOperand[] = [];
  const keysOf = (): FileOperand => ({ op: 'write', index: 0, value: PROC_SYS, tree: 'some' });
  if (options.some((o) => is(o, '--system'))) {
    if (!dryRun) files.push(keysOf());
    return { files, unresolved: [], notFiles: [...operands] };
  }
  const load = options.filter((o) => is(o, '-p', '-f', '--load'));
  if (load.length > 0) {
    // `-p` reads each operand as a file (`-` its input), else the value of the last -p, else /etc/sysctl.conf.
    for (const k of operands) if (argv[k] !== '-') files.push({ op: 'read', index: k });
    if (operands.length === 0) files.push({ op: 'read', index: 0, value: load.findLast((o) => o.value !== undefined)?.value ?? '/etc/sysctl.conf' });
    if (!dryRun) files.push(keysOf());
    return { files, unresolved: [], notFiles: [] };
  }
  // `-a` prints every key (the kernel's state, no file of the user's); an operand is one key.
  for (const k of operands) {
    const word = argv[k]!;
    const eq = word.indexOf('=');
    if (eq < 0) files.push({ op: 'read', index: k, value: sysctlPath(word) });
    else if (!dryRun) files.push({ op: 'write', index: k, value: sysctlPath(word.slice(0, eq).trim()) });
  }
  return { files, unresolved: [], notFiles: [...operands] };
}

/** The sysctl model. @internal */
export const sysctl = defineProgram({
  names: ['sysctl'],
  summary: "sysctl: print or set the kernel's parameters (the files under /proc/sys)",
  sources: [SOURCE],
  grammar,
  files: (_name, argv) => readBy(argv, grammar, (words) => sysctlFiles(words, argv)),
  environment: 'data',
  runs: 'nothing',
  examples: [
    { command: 'sysctl -a', effects: [], readOnly: false, why: "Claude Code's read-only table has no entry for sysctl" },
    { command: 'sysctl -n kernel.ostype', effects: ['read /proc/sys/kernel/ostype'], readOnly: false },
    { command: 'sysctl net/ipv4/ip_forward', effects: ['read /proc/sys/net/ipv4/ip_forward'], why: 'written with / first: a path' },
    {
      command: 'sysctl -w kernel.core_pattern=core',
      effects: ['write /proc/sys/kernel/core_pattern'],
      readOnly: false,
      why: 'sets the kernel parameter: a write outside the working directories',
    },
    { command: 'sysctl kernel.core_pattern=core', effects: ['write /proc/sys/kernel/core_pattern'], why: 'an = sets it without -w' },
    { command: 'sysctl -n net.ipv4.ip_forward=0', effects: ['write /proc/sys/net/ipv4/ip_forward'], why: '-n only changes what it prints' },
    { command: 'sysctl net.ipv4.conf.eth0/1.forwarding=1', effects: ['write /proc/sys/net/ipv4/conf/eth0.1/forwarding'], why: 'a / stands for a . in a name' },
    { command: 'sysctl --dry-run net.ipv4.ip_forward=1', effects: [], why: '--dry-run prints what it would set' },
    { command: 'sysctl -p s.conf', effects: ['read ./s.conf', 'write /proc/sys [some]'], why: 'the keys are in the file' },
    { command: 'sysctl -p', effects: ['read /etc/sysctl.conf', 'write /proc/sys [some]'] },
    { command: 'sysctl --load=s.conf', effects: ['read ./s.conf', 'write /proc/sys [some]'] },
    { command: 'sysctl --system', effects: ['write /proc/sys [some]'], why: "the keys are in the system's sysctl.d folders" },
    { command: 'sysctl --version', effects: [], readOnly: false },
  ],
});
