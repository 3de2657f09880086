/**
 * rustup and its proxies. A standard Rust install puts rustup's proxies on the PATH (`~/.cargo/bin/
 * rustc` is a link to rustup), and each proxy runs the tool of the toolchain it picks: `+NAME` on
 * its command line, else `RUSTUP_TOOLCHAIN`, else a directory override in `~/.rustup/settings.toml`,
 * else the toolchain file nearest the directory it runs in (`rust-toolchain`, then
 * `rust-toolchain.toml`, in that directory or any parent), else the default (The rustup book,
 * "Overrides"). A toolchain file's `path = "DIR"` (or a `rust-toolchain` holding a path) makes it
 * run `DIR/bin/<tool>` (verified with rustup 1.27 on Debian 12, red team 20 R20-7: `rustc
 * --version` ran a tc/bin/rustc that printed .env and removed README.md). The proxies are taken for
 * rustup's wherever they are found; toolgate cannot tell a distribution's own rustc from one.
 * rustup's own commands that install, link or choose a toolchain write `~/.rustup` (R20-7 addendum:
 * `rustup toolchain link evil DIR` and `rustup default evil` made the next `rustc` run DIR/bin/rustc).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram, type ProgramConfigFiles } from './model.js';

/**
 * Whether a toolchain file names no toolchain directory: a channel, components, targets and a
 * profile need no `/`; a `path` key (in any TOML spelling, a quoted key may be escaped) or any `/`
 * or backslash counts as one.
 * @internal
 */
export function harmlessToolchainFile(text: string): boolean {
  return !/path|[/\\]/i.test(text);
}

/**
 * The toolchain files a rustup proxy may read where it runs (`cwd`), or why they cannot be
 * listed; `undefined` when its toolchain is chosen otherwise (`+stable`, `RUSTUP_TOOLCHAIN=stable`).
 * @internal
 */
export function rustToolchainFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  _home: string,
  cwd: string | undefined,
): ProgramConfigFiles | { unknown: string } | undefined {
  const plus = argv[1]?.startsWith('+') === true ? argv[1].slice(1) : undefined;
  if (plus !== undefined)
    return plus.includes('/') ? { unknown: `+${plus} names a toolchain directory, whose programs it runs` } : undefined;
  // Not told counts as unset, as for curl's variables (decision 0071 addendum).
  const chosen = variable('RUSTUP_TOOLCHAIN') ?? null;
  if (chosen !== null && chosen !== '')
    return chosen.includes('/') ? { unknown: `RUSTUP_TOOLCHAIN=${chosen} names a toolchain directory, whose programs it runs` } : undefined;
  if (cwd === undefined) return { unknown: 'rustup reads the toolchain file of the directory it runs in, which toolgate cannot tell' };
  const files: string[] = [];
  for (let dir = cwd.replace(/\/+$/, ''); ; dir = dir.slice(0, dir.lastIndexOf('/'))) {
    files.push(`${dir}/rust-toolchain`, `${dir}/rust-toolchain.toml`);
    if (dir === '') break;
  }
  return { files, harmless: harmlessToolchainFile };
}

/** rustup subcommands (and their subcommands) that only show what is installed or chosen. */
const SHOWS: ReadonlySet<string> = new Set([
  'show',
  'which',
  'doc',
  'docs',
  'man',
  'run',
  'completions',
  'help',
  'check',
  'toolchain list',
  'target list',
  'component list',
  'override list',
]);

/** `rustup toolchain link …`, `rustup default NAME`, `rustup override set …`: a write of ~/.rustup. */
function rustupFiles(argv: readonly string[]): FileOperands {
  const words = argv.flatMap((w, k) => (k > 0 && !w.startsWith('-') && !w.startsWith('+') ? [k] : []));
  const [sub, verb] = words;
  const files: FileOperand[] = [];
  const one = sub !== undefined ? argv[sub]! : undefined;
  const shows = one === undefined || SHOWS.has(one) || SHOWS.has(`${one} ${verb !== undefined ? argv[verb] : ''}`);
  // `rustup default` with no name shows the default.
  if (!shows && !(one === 'default' && verb === undefined))
    files.push({ op: 'write', index: sub!, value: '.rustup', inHome: true, tree: 'some' });
  return { files, unresolved: [], modelled: 'partly' };
}

/** @internal */
export const rustup = defineProgram({
  names: ['rustup'],
  summary: 'rustup: the Rust toolchain installer (only what it writes in ~/.rustup and the toolchain files it reads are modelled)',
  sources: [
    'The rustup book, Overrides (toolchain file, RUSTUP_TOOLCHAIN, +toolchain); rustup 1.27 --help, verified on Debian 12 (red team 20)',
  ],
  files: (_name, argv) => rustupFiles(argv),
  configFiles: rustToolchainFiles,
  configFilesWithoutView: 'absent',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    {
      command: 'rustup toolchain link evil ./tc',
      effects: ['write /home/user/.rustup [some]', 'write ./link (word)', 'write ./evil (word)', 'write ./tc (path)'],
      why: 'a linked toolchain is one rustup runs later',
    },
    { command: 'rustup show', effects: ['write ./show (word)'], why: 'what rustup shows is not modelled' },
  ],
});

/**
 * rustup's proxies besides rustc (whose model is in include-languages.ts): each runs the tool of
 * the toolchain a toolchain file may name.
 * @internal
 */
export const rustProxies = defineProgram({
  names: [
    'cargo',
    'rustdoc',
    'rustfmt',
    'cargo-fmt',
    'cargo-clippy',
    'clippy-driver',
    'cargo-miri',
    'rust-gdb',
    'rust-gdbgui',
    'rust-lldb',
    'rust-analyzer',
    'rls',
  ],
  summary: "rustup's proxies (cargo, rustdoc, rustfmt, …): only the toolchain files they read are modelled",
  sources: ['The rustup book, Concepts › Proxies, Overrides; verified with rustup 1.27 on Debian 12 (red team 20 R20-7)'],
  configFiles: rustToolchainFiles,
  configFilesWithoutView: 'absent',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'cargo build', effects: ['write ./build (word)'], why: 'what cargo does is not modelled' }],
});
