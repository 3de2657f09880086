/**
 * `systemctl` (systemd 252): the pager it runs (systemd-tools.ts's variables) and the unit folders
 * its installing verbs write. `enable`, `disable`, `reenable`, `preset`, `preset-all`, `mask`,
 * `unmask`, `link`, `revert`, `add-wants`, `add-requires`, `set-default` and `edit` make, change or
 * remove links and drop-ins in the unit folder of the manager it talks to (systemctl(1), "Unit File
 * Commands"; "--user", "--global", "--runtime", "--root"): the system manager's `/etc/systemd/system`,
 * the user's `~/.config/systemd/user` (`--user`), every user's `/etc/systemd/user` (`--global`), or
 * `/run/systemd/system` until the next boot (`--runtime`); `set-property` writes its drop-ins in
 * `system.control`. A unit enabled there starts at the next boot or login, outside the agent: each
 * folder is a protected path (decision 0123, and 0120 for the user's). Verified on Debian 12 in
 * /work/wt/ro-sandbox.sh with `--root=/tmp/…` (no manager runs there): `enable x.service` made the
 * `multi-user.target.wants/x.service` link and `mask z.service` the `z.service -> /dev/null` link
 * below `--root`'s `etc/systemd/system`.
 *
 * What else it does (start a unit, `daemon-reload`, `kill`) is not modelled (`otherwiseUnknown`):
 * each word may name a file, as before. Listing and printing verbs (`status`, `is-enabled`,
 * `list-units`, `cat`, `show`) write nothing of these.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { SYSTEMD_PAGER_VARIABLES } from './systemd-tools.js';

/** The verbs that write the unit folder (systemd 252 systemctl(1), "Unit File Commands"; `edit`, `set-property`). */
const INSTALLING = new Set([
  'enable',
  'disable',
  'reenable',
  'preset',
  'preset-all',
  'mask',
  'unmask',
  'link',
  'revert',
  'add-wants',
  'add-requires',
  'set-default',
  'edit',
  'set-property',
]);

/** Short options that take a value in the next word when none is attached. */
const SHORT_VALUED = 'tpPsHMno';

/** Long options that take a value (`--root DIR` or `--root=DIR`). */
const LONG_VALUED = new Set([
  '--type',
  '--property',
  '--signal',
  '--host',
  '--machine',
  '--lines',
  '--output',
  '--root',
  '--image',
  '--image-policy',
  '--state',
  '--kill-whom',
  '--kill-value',
  '--job-mode',
  '--preset-mode',
  '--what',
  '--timestamp',
  '--message',
  '--reboot-argument',
  '--drop-in',
  '--when',
  '--boot-loader-menu',
  '--boot-loader-entry',
]);

/** Its options (with their values, `--root`'s kept) and the index of its verb. */
function systemctlWords(argv: readonly string[]): { flags: Set<string>; root: string | undefined; verb: number | undefined } {
  const flags = new Set<string>();
  let root: string | undefined;
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') return { flags, root, verb: k + 1 < argv.length ? k + 1 : undefined };
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w : w.slice(0, eq);
      flags.add(name);
      const value = eq >= 0 ? w.slice(eq + 1) : LONG_VALUED.has(name) ? argv[++k] : undefined;
      if (name === '--root' && value !== undefined) root = value;
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      for (let j = 1; j < w.length; j++) {
        if (!SHORT_VALUED.includes(w[j]!)) continue;
        if (j === w.length - 1) k++;
        break;
      }
      continue;
    }
    return { flags, root, verb: k };
  }
  return { flags, root, verb: undefined };
}

/** The unit folder an installing verb writes, for the manager the options choose. */
function unitFolder(flags: ReadonlySet<string>, root: string | undefined, control: boolean): FileOperand {
  const suffix = control ? '.control' : '';
  if (flags.has('--user') && !flags.has('--global')) {
    if (flags.has('--runtime')) return { op: 'write', index: 0, value: '/run/user', tree: 'some' };
    return { op: 'write', index: 0, value: `.config/systemd/user${suffix}`, inHome: true, tree: 'some' };
  }
  const base = flags.has('--global') ? '/etc/systemd/user' : flags.has('--runtime') ? '/run/systemd/system' : '/etc/systemd/system';
  const under = root === undefined || root === '/' ? '' : root.replace(/\/+$/, '');
  return { op: 'write', index: 0, value: `${under}${base}${suffix}`, tree: 'some' };
}

/** systemctl's files: the unit folder of an installing verb. */
function systemctlFiles(argv: readonly string[]): FileOperands {
  const { flags, root, verb } = systemctlWords(argv);
  // Every word stays a path it may name (`modelled: 'partly'`), as before the unit folders were modelled.
  if (verb === undefined || !INSTALLING.has(argv[verb]!) || flags.has('--help') || flags.has('--version'))
    return { files: [], unresolved: [], modelled: 'partly' };
  return { files: [unitFolder(flags, root, argv[verb] === 'set-property')], unresolved: [], modelled: 'partly' };
}

/** @internal */
export const systemctl = defineProgram({
  names: ['systemctl'],
  summary: "systemctl: control systemd (its pager and the unit folders its installing verbs write are modelled)",
  sources: [
    'systemd 252 systemctl(1): "Unit File Commands", --user, --global, --runtime, --root; ENVIRONMENT ($SYSTEMD_PAGER, $PAGER)',
    'verified on Debian 12 in a read-only sandbox with --root=/tmp/… (enable, mask, is-enabled; no manager running) (#37)',
  ],
  files: (_name, argv) => systemctlFiles(argv),
  readsVariables: SYSTEMD_PAGER_VARIABLES,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'systemctl enable x.service',
      effects: ['write /etc/systemd/system [some]', 'write ./enable (word)', 'write ./x.service (word)'],
      why: 'links the unit into a target: it starts at the next boot',
    },
    {
      command: 'systemctl --user enable x.service',
      effects: ['write /home/user/.config/systemd/user [some]', 'write ./enable (word)', 'write ./x.service (word)'],
      why: "the user's manager starts it at the next login",
    },
    {
      command: 'systemctl --global link /tmp/x.service',
      effects: ['write /etc/systemd/user [some]', 'write ./link (word)', 'write /tmp/x.service (path)'],
    },
    {
      command: 'systemctl --root=/mnt mask x.service',
      effects: ['write /mnt/etc/systemd/system [some]', 'write /mnt (path)', 'write ./mask (word)', 'write ./x.service (word)'],
      why: "--root's image: its unit folder",
    },
    { command: 'systemctl status', effects: ['write ./status (word)'], why: 'writes no unit folder' },
    { command: 'SYSTEMD_PAGER=cat systemctl status', effects: ['write ./status (word)'], why: 'cat is --no-pager' },
  ],
});
