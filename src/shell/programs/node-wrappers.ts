/**
 * Node tools that run the command in their remaining words with a changed environment:
 * `cross-env A=1 CMD…`, `cross-env-shell A=1 'TEXT'`, `dotenv [-e FILE] -- CMD…`, `env-cmd [-f
 * FILE] CMD…`. What they run is judged as a command of its own (replay of red team 13, N22:
 * `cross-env A=1 node x.js` ran what an earlier call wrote into x.js while `node x.js` alone asks).
 *
 * cross-env (7.0, src/index.js): words holding `NAME=` (anywhere: its pattern is not anchored) set
 * variables, up to the first that does not; the rest are the command, each word with `'` removed
 * and `\` dropped before `$`, `"` or `\` (so `.e'n'v` is `.env` to the command). Read again as
 * `NAME='VALUE' CMD…`; a value with `$` takes another variable's value (unknown). cross-env-shell
 * runs the command's words joined with spaces by the shell: read as `NAME='VALUE' sh -c 'TEXT'`.
 *
 * dotenv (dotenv-cli 7, cli.js, minimist): loads `.env` (or each `-e FILE`; with `-c [ENV]` also
 * FILE.local, FILE.ENV and FILE.ENV.local) into the environment: those files are read. Its
 * command is read only after `--` or when no word after the command begins with `-` (minimist
 * would take such a word as its own option).
 *
 * env-cmd (10.1, parse-args.ts): loads `-f FILE` (default `./.env`); a `.js`/`.cjs`/`.mjs`/`.ts`
 * file is a module it requires, as is an `.env-cmdrc.js` (`-e`, `-r`): code. `--use-shell` runs
 * the command's words joined by the shell; `--expand-envs` replaces `$NAME` in them.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { quoteWord } from '../syntax/environment.js';
import { defineProgram } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** cross-env's pattern of a variable setting (not anchored). */
const SETTER = /(\w+)=('(.*)'|"(.*)"|(.*))/;

/** cross-env's rewriting of a command word: `\\` → `\`, `\'` → `'`, `'` and `\` before `$"\` dropped. */
const crossEnvWord = (word: string): string =>
  word.replace(/\\\\|(\\)?'|([\\])(?=[$"\\])/g, (m) => (m === '\\\\' ? '\\' : m === "\\'" ? "'" : ''));

/** What cross-env (`shell`: cross-env-shell) runs. */
function crossEnv(argv: readonly string[], literal: readonly boolean[], shell: boolean): WrapperInfo {
  const name = shell ? 'cross-env-shell' : 'cross-env';
  const settings: string[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    if (literal[i] === false) return refusedWrap(`${name} is given a word that is not literal: it may set a variable or be the command`);
    const m = SETTER.exec(argv[i]!);
    if (m === null) break;
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (/[$\\]/.test(value)) return refusedWrap(`${name}: the value of ${m[1]!} takes the value of another variable`);
    settings.push(`${m[1]!}=${quoteWord(value)}`);
  }
  if (i >= argv.length) return wrapInfo([]);
  if (literal.slice(i).some((l) => l === false)) return refusedWrap(`${name} runs words that are not literal, which it rewrites`);
  const words = argv.slice(i).map(crossEnvWord);
  const command = shell ? `sh -c ${quoteWord(words.join(' '))}` : words.map(quoteWord).join(' ');
  return wrapInfo([{ kind: 'text', script: [...settings, command].join(' '), what: name }], false, true);
}

/** The cross-env model. @internal */
export const crossEnvModel = defineProgram({
  names: ['cross-env'],
  summary: 'cross-env: run a command with environment variables set',
  sources: ['cross-env 7.0 README and src/index.js'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv, literal) => crossEnv(argv, literal, false),
  examples: [
    { command: 'cross-env NODE_ENV=production cat a.txt', effects: ['read ./a.txt'], readOnly: false },
    {
      command: 'cross-env A=1 cat ".e\'n\'v"',
      effects: ['read ./.env'],
      readOnly: false,
      why: "cross-env removes the ' from its command's words",
    },
  ],
});

/** The cross-env-shell model. @internal */
export const crossEnvShell = defineProgram({
  names: ['cross-env-shell'],
  summary: 'cross-env-shell: run a command text with the shell, with environment variables set',
  sources: ['cross-env 7.0 README and src/bin/cross-env-shell.js'],
  runs: 'seen',
  role: 'wrapper',
  unwrap: (argv, literal) => crossEnv(argv, literal, true),
  examples: [{ command: "cross-env-shell A=1 'rm a.txt && cat b.txt'", effects: ['remove ./a.txt', 'read ./b.txt'], readOnly: false }],
});

/** dotenv's options: those that take the next word. */
const DOTENV_VALUED = new Set(['-e', '-v', '-p', '-c']);
const DOTENV_FLAGS = new Set(['-o', '--override', '--debug', '--quiet', '--no-expand', '--help']);

/** dotenv's reading of its words: the files it loads, where its command starts, or why it cannot be read. */
function dotenvWords(argv: readonly string[]): { files: FileOperand[]; start?: number; quiet: boolean } | string {
  const given: { index: number; value?: string }[] = [];
  let cascade: string | undefined;
  let quiet = false;
  let i = 1;
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      i++;
      break;
    }
    if (!word.startsWith('-')) {
      if (argv.slice(i + 1).some((w) => w.startsWith('-')))
        return 'dotenv takes words after its command that begin with - as its own (put the command after --)';
      break;
    }
    if (DOTENV_FLAGS.has(word)) {
      if (word === '--debug' || word === '--help') quiet = true;
      continue;
    }
    if (!DOTENV_VALUED.has(word)) return `dotenv: an option toolgate does not model: ${word}`;
    const value = argv[i + 1];
    if (word === '-c') {
      cascade = value !== undefined && !value.startsWith('-') ? value : '';
      if (cascade !== '') i++;
      continue;
    }
    if (value === undefined || value.startsWith('-')) return `dotenv ${word}: no value`;
    if (word === '-e') given.push({ index: i + 1 });
    if (word === '-p') quiet = true;
    i++;
  }
  const bases = given.length > 0 ? given : [{ index: 0, value: '.env' }];
  const files: FileOperand[] = [];
  for (const base of bases) {
    const path = base.value ?? argv[base.index]!;
    const names =
      cascade === undefined ? [] : cascade === '' ? [`${path}.local`] : [`${path}.${cascade}.local`, `${path}.local`, `${path}.${cascade}`];
    for (const value of names) files.push({ op: 'read', index: base.index, value });
    files.push(base.value === undefined ? { op: 'read', index: base.index } : { op: 'read', index: base.index, value: base.value });
  }
  return i < argv.length ? { files, start: i, quiet } : { files, quiet };
}

function dotenvUnwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  if (literal.slice(1).some((l) => l === false)) return refusedWrap('dotenv is given a word that is not literal: it may be its option');
  const read = dotenvWords(argv);
  if (typeof read === 'string') return refusedWrap(read);
  if (read.quiet || read.start === undefined) return wrapInfo([]);
  return wrapInfo([{ kind: 'argv', start: read.start, end: argv.length }], false, true);
}

function dotenvFiles(_name: string, argv: readonly string[]): FileOperands {
  const read = dotenvWords(argv);
  return { files: typeof read === 'string' ? [{ op: 'read', index: 0, value: '.env' }] : read.files, unresolved: [] };
}

/** The dotenv (dotenv-cli) model. @internal */
export const dotenv = defineProgram({
  names: ['dotenv'],
  summary: 'dotenv (dotenv-cli): run a command with the variables of .env files loaded',
  sources: ['dotenv-cli 7 README and cli.js'],
  runs: 'seen',
  role: 'wrapper',
  files: dotenvFiles,
  touchesFilesAsWrapper: true,
  unwrap: dotenvUnwrap,
  hiddenVariables: 'dotenv sets the variables its .env files hold',
  examples: [
    { command: 'dotenv -- cat a.txt', effects: ['read ./.env', 'read ./a.txt'], readOnly: false },
    { command: 'dotenv -e .env.test -- cat a.txt', effects: ['read ./.env.test', 'read ./a.txt'], readOnly: false },
  ],
});

/** env-cmd's options with a value, and without. */
const ENV_CMD_VALUED = new Set(['-f', '--file', '-r', '--rc-file', '-e', '--environments']);
const ENV_CMD_FLAGS = new Set([
  '--fallback',
  '--no-override',
  '--silent',
  '--use-shell',
  '--expand-envs',
  '--verbose',
  '-h',
  '--help',
  '-V',
  '--version',
]);

/** A file env-cmd requires as a module. */
const MODULE = /\.(c|m)?js$|\.ts$/;

function envCmdWords(argv: readonly string[]): { file?: number; rc: boolean; flags: Set<string>; start?: number } | string {
  const flags = new Set<string>();
  let file: number | undefined;
  let rc = false;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) return { ...(file !== undefined ? { file } : {}), rc, flags, start: i };
    if (ENV_CMD_FLAGS.has(word)) {
      flags.add(word);
      continue;
    }
    if (!ENV_CMD_VALUED.has(word)) return `env-cmd: an option toolgate does not model: ${word}`;
    if (argv[i + 1] === undefined || argv[i + 1]!.startsWith('-')) return `env-cmd ${word}: a value toolgate cannot tell`;
    if (word === '-f' || word === '--file') file = i + 1;
    else rc = true;
    i++;
  }
  return { ...(file !== undefined ? { file } : {}), rc, flags };
}

function envCmdUnwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  if (literal.slice(1).some((l) => l === false)) return refusedWrap('env-cmd is given a word that is not literal');
  const read = envCmdWords(argv);
  if (typeof read === 'string') return refusedWrap(read);
  if (['-h', '--help', '-V', '--version'].some((f) => read.flags.has(f))) return wrapInfo([]);
  const inner: Unwrapped[] = [];
  if (read.rc) inner.push({ kind: 'opaque', reason: 'env-cmd reads an .env-cmdrc file, which may be a module it runs (.env-cmdrc.js)' });
  if (read.file !== undefined && MODULE.test(argv[read.file]!))
    inner.push({ kind: 'opaque', reason: `env-cmd -f ${argv[read.file]!}: a module it runs to get the variables` });
  if (read.start !== undefined) {
    const words = argv.slice(read.start);
    if (read.flags.has('--expand-envs') && words.some((w) => w.includes('$')))
      inner.push({ kind: 'unknown', reason: 'env-cmd --expand-envs replaces $NAME in the command with values toolgate cannot see' });
    else if (read.flags.has('--use-shell')) inner.push({ kind: 'text', script: words.join(' '), what: 'env-cmd --use-shell' });
    else inner.push({ kind: 'argv', start: read.start, end: argv.length });
  }
  return wrapInfo(inner, false, true);
}

function envCmdFiles(_name: string, argv: readonly string[]): FileOperands {
  const read = envCmdWords(argv);
  const file = typeof read === 'string' ? undefined : read.file;
  return { files: [file === undefined ? { op: 'read', index: 0, value: '.env' } : { op: 'read', index: file }], unresolved: [] };
}

/** The env-cmd model. @internal */
export const envCmd = defineProgram({
  names: ['env-cmd'],
  summary: 'env-cmd: run a command with the variables of an env file loaded',
  sources: ['env-cmd 10.1 README and src/parse-args.ts'],
  runs: 'seen',
  role: 'wrapper',
  files: envCmdFiles,
  touchesFilesAsWrapper: true,
  unwrap: envCmdUnwrap,
  hiddenVariables: 'env-cmd sets the variables its env file holds',
  examples: [
    { command: 'env-cmd cat a.txt', effects: ['read ./.env', 'read ./a.txt'], readOnly: false },
    { command: 'env-cmd -f .env.test cat a.txt', effects: ['read ./.env.test', 'read ./a.txt'], readOnly: false },
  ],
});
