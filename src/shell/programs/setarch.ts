/**
 * `setarch [ARCH] [options] [PROGRAM [ARGUMENT…]]` and its other names (`linux64`, `linux32`,
 * `i386`, `x86_64`, `uname26`, …: links to setarch that take the architecture from their own name):
 * runs PROGRAM with another reported architecture and personality flags, or `/bin/sh` when none is
 * given. What it runs is judged as a command of its own; with no model, `setarch x86_64 sh -c 'x=r;
 * ${x}m -f notes.txt'` ran rm under a `Bash(rm *)` deny rule (replay of red team 13, N10).
 *
 * Grammar: util-linux 2.38 setarch(8) and `setarch --help` (Debian 12): as `setarch`, a first word
 * that does not begin with `-` is the architecture; then getopt `+hVv3BFILRSTXZ` with its long names.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import type { WrapperInfo } from './wrapper-types.js';
import { interactiveShell, refusedWrap, wrapInfo } from './wrapper-info.js';

const n = 'none' as const;

/** util-linux 2.38 setarch: every option. */
const grammar: GnuOptionSpec = {
  short: '+hVv3BFILRSTXZ',
  long: {
    '32bit': n,
    'fdpic-funcptrs': n,
    'short-inode': n,
    'addr-compat-layout': n,
    'addr-no-randomize': n,
    'whole-seconds': n,
    'sticky-timeouts': n,
    'read-implies-exec': n,
    'mmap-page-zero': n,
    '3gb': n,
    '4gb': n,
    'uname-2.6': n,
    verbose: n,
    list: n,
    help: n,
    version: n,
  },
};

/**
 * The links util-linux installs to setarch (sys-utils/Makemodule.am: `uname26`, `linux32`,
 * `linux64` everywhere, and the names of the machine's architectures).
 */
const ARCH_NAMES = [
  'linux32',
  'linux64',
  'uname26',
  'i386',
  'x86_64',
  'ia64',
  'ppc',
  'ppc32',
  'ppc64',
  's390',
  's390x',
  'sparc',
  'sparc32',
  'sparc32bash',
  'sparc64',
  'mips',
  'mips32',
  'mips64',
  'parisc',
  'parisc32',
  'parisc64',
];

/** What `setarch` (or one of its links, `name`) runs. */
function unwrap(name: string, argv: readonly string[]): WrapperInfo {
  // As setarch, the architecture comes first unless the word is an option.
  const from = name === 'setarch' && argv[1] !== undefined && !argv[1].startsWith('-') ? 2 : 1;
  const parsed = parseGnuOptions(argv, grammar, from);
  if (!parsed.ok) return refusedWrap(`${name}: ${describeGnuProblem(parsed)}`);
  if (parsed.options.some((o) => ['list', 'help', 'version', 'h', 'V'].includes(o.name))) return wrapInfo([]);
  const start = parsed.operands[0]?.index;
  return wrapInfo(start === undefined ? [interactiveShell(name)] : [{ kind: 'argv', start, end: argv.length }], false, true);
}

/** The setarch model (all its names). @internal */
export const setarch = defineProgram({
  names: ['setarch', ...ARCH_NAMES],
  summary: 'setarch (linux64, linux32, i386, x86_64, …): run a command with another reported architecture',
  sources: ['util-linux 2.38 setarch(8)'],
  grammar,
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv) => unwrap(argv[0]!.slice(argv[0]!.lastIndexOf('/') + 1), argv),
  examples: [
    { command: 'setarch x86_64 cat a.txt', effects: ['read ./a.txt'], readOnly: false, why: 'x86_64 is the architecture' },
    { command: 'setarch -R cat a.txt', effects: ['read ./a.txt'], readOnly: false, why: 'no architecture: the first word is an option' },
    {
      command: "linux64 sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'linux64 takes the architecture from its name; the inner sh -c script is read',
    },
  ],
});
