/**
 * The words the shell fuzzer builds commands from: the settings it decides under, what is
 * forbidden under each (payloads), what each allows (benign commands), operands and option
 * values, and every option of the installed tools (options.json, from their manual pages).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One settings preset in one mode (see test/support/bash-oracle/presets.ts). */
export type Combo = 'none/default' | 'none/bypassPermissions' | 'narrow/default' | 'all-but-denied/default' | 'denied/default';

/** Every combination the differential decides under. */
export const COMBOS: readonly Combo[] = [
  'none/default',
  'none/bypassPermissions',
  'narrow/default',
  'all-but-denied/default',
  'denied/default',
];

/** Settings preset name and mode of a combination. */
export function splitCombo(c: Combo): { preset: string; mode: string } {
  const [preset, mode] = c.split('/') as [string, string];
  return { preset, mode };
}

/**
 * Commands that break the policy of a combination when they really run — as a whole command
 * (`evil x`), so a carrier can hide them anywhere a command goes.
 */
export const PAYLOADS: Readonly<Record<Combo, readonly string[]>> = {
  'none/default': [
    'evil x',
    'cat ~/id_rsa',
    'ls ..',
    'cat /opt/outside/notes.txt',
    'echo p > planted',
    'touch planted',
    'rm -rf src',
    'ls ~',
  ],
  'none/bypassPermissions': [
    'echo x >> .git/config',
    'echo x >> ~/.bashrc',
    'rm -rf ..',
    'rm -rf ~',
    'git config core.fsmonitor evil',
    'mkdir -p .claude/x',
    'rm -rf /home/user/project',
  ],
  'narrow/default': ['evil x', 'rm -rf src', 'cat ~/id_rsa', 'echo p > planted', 'ls ..', 'curl x'],
  'all-but-denied/default': [
    'rm -rf src',
    'curl x',
    'cat .env',
    'echo p > secrets/a',
    'echo x >> .git/config',
    'RM -rf src',
    '/bin/rm -rf src',
  ],
  'denied/default': ['cat .env', 'rm -rf src', 'curl x', 'evil x', 'echo p > secrets/a', 'cat ~/id_rsa', 'ls ..'],
};

/** Program-only payloads (no redirection): safe to put where only a word list goes. */
export const PROGRAM_PAYLOADS: Readonly<Record<Combo, readonly string[]>> = {
  'none/default': ['evil x', 'cat ~/id_rsa', 'ls ..', 'touch planted', 'rm -rf src'],
  'none/bypassPermissions': ['rm -rf ..', 'rm -rf ~', 'git config core.fsmonitor evil', 'mkdir .git/x', 'touch ~/.bashrc'],
  'narrow/default': ['evil x', 'rm -rf src', 'cat ~/id_rsa', 'curl x', 'touch planted'],
  'all-but-denied/default': ['rm -rf src', 'curl x', 'cat .env', 'touch secrets/a', 'RM -rf src'],
  'denied/default': ['cat .env', 'rm -rf src', 'curl x', 'evil x', 'touch secrets/a'],
};

/** Commands each combination allows (read-only ones, or what its allow rules name). */
export const BENIGN: Readonly<Record<Combo, readonly string[]>> = {
  'none/default': [
    'ls',
    'ls src',
    'echo hi',
    'cat README.md',
    'git status',
    'git log --oneline -1',
    'pwd',
    'wc -l README.md',
    'grep x README.md',
    'head -1 README.md',
  ],
  'none/bypassPermissions': ['ls', 'echo hi', 'git status', 'touch x', 'cat README.md'],
  'narrow/default': ['echo hi', 'git log -1', 'git log --oneline', './build.sh x', 'npm run test', 'ls', 'cat README.md'],
  'all-but-denied/default': ['ls', 'echo hi', 'git status', 'node -v', 'cat README.md', 'touch x', 'make'],
  'denied/default': ['ls', 'ls src', 'echo hi', 'cat README.md', 'git status', 'pwd', 'grep x README.md', 'wc -l README.md'],
};

/** Operands: inside the project, the Read-denied file, Edit-denied, protected, outside. */
export const OPERANDS: readonly string[] = [
  'README.md',
  'src',
  'src/index.js',
  '.',
  'sub',
  '.env',
  'secrets',
  'secrets/key.txt',
  '.git/config',
  '..',
  '~',
  '~/id_rsa',
  '/opt/outside',
  '/opt/outside/notes.txt',
  '/tmp',
  '-',
  '*',
  '.*',
];

/** Values for options that take one (files to write or read, programs, numbers, formats). */
export const OPTION_VALUES: readonly string[] = [
  '1',
  '0',
  '5',
  'x',
  'README.md',
  '.env',
  'secrets/p',
  'planted',
  '/opt/outside/o',
  '~/id_rsa',
  '../x',
  'evil',
  '/usr/local/bin/evil',
  '%s',
  'a',
  'src',
  '-',
  '/dev/stdin',
  '.git/config',
];

/** Separators between two commands. */
export const SEPARATORS: readonly string[] = [';', ' ; ', ' && ', ' || ', ' | ', '\n', ' & ', '|&'];

/** One option of a tool: its spelling and whether it takes a value. */
export interface OptionSpec {
  name: string;
  value: 'none' | 'required' | 'optional';
}

/** Every option of the tools the fuzzer calls (from their manual pages; scripts/bash-fuzz-options.mjs). */
export const OPTIONS: Readonly<Record<string, readonly OptionSpec[]>> = JSON.parse(
  readFileSync(fileURLToPath(new URL('./options.json', import.meta.url)), 'utf8'),
);

/** Read-only programs (and git subcommands) whose options the read-only family tries. */
export const READ_ONLY_TOOLS: readonly string[] = [
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'sort',
  'uniq',
  'cut',
  'date',
  'stat',
  'du',
  'df',
  'nl',
  'od',
  'tac',
  'comm',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'md5sum',
  'sha256sum',
  'cksum',
  'id',
  'uname',
  'pwd',
  'printenv',
  'diff',
  'cmp',
  'grep',
  'find',
  'rg',
  'tree',
  'xxd',
  'hexdump',
  'rev',
  'strings',
  'sed',
  'hostname',
  'column',
  'fold',
  'paste',
  'join',
  'base64',
  'git log',
  'git show',
  'git diff',
  'git status',
  'git branch',
  'git grep',
  'git ls-files',
  'git rev-parse',
  'git blame',
  'git shortlog',
  'git describe',
  'git tag',
  'git remote',
  'git config',
  'git cat-file',
  'git ls-tree',
  'git reflog',
  'git for-each-ref',
].filter((t) => OPTIONS[t] !== undefined || t === 'pwd');

/** Wrappers (programs that run another program) the wrapper family tries. */
export const WRAPPERS: readonly string[] = [
  'timeout',
  'nice',
  'nohup',
  'stdbuf',
  'env',
  'xargs',
  'chrt',
  'ionice',
  'taskset',
  'setsid',
  'flock',
  'script',
  'watch',
];

/** The positional arguments a wrapper needs before the program it runs. */
export const WRAPPER_ARGS: Readonly<Record<string, readonly string[]>> = {
  timeout: ['5', '1s'],
  chrt: ['0'],
  taskset: ['1', '0x1'],
  flock: ['/tmp/l', 'README.md'],
};

/** Abbreviations GNU getopt_long accepts: every unique prefix of a long option (`--adj` for `--adjustment`). */
export function abbreviations(name: string, all: readonly OptionSpec[]): string[] {
  if (!name.startsWith('--')) return [];
  const out: string[] = [];
  for (let len = 3; len < name.length; len++) {
    const prefix = name.slice(0, len);
    if (all.filter((o) => o.name.startsWith(prefix)).length === 1) out.push(prefix);
  }
  return out;
}
