/**
 * Programs toolgate models only in part: package managers and interpreters. What is modelled
 * (npm's `--prefix` and config files, `python -m venv DIR`, code given inline) is precise; their
 * other words are assumed read and written like those of any program toolgate does not model.
 * npm-config(7) and npm(1); python(1); perl(1) perlrun; node(1); ruby(1); php(1).
 */
import { optionFile, pushOpt, scan, type FileOperand, type FileOperands } from './types.js';

/** `npm [--prefix DIR] …`: installs under DIR; `npm config set|delete|edit` and `npm set` write an npmrc. */
export function npmOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, {
    shortArg: 'Cw',
    longArg: ['location', 'userconfig', 'globalconfig', 'prefix', 'cache', 'workspace', 'registry', 'tag', 'otp', 'loglevel', 'omit', 'include', 'before', 'script-shell'],
  });
  for (const o of options) if (o.name === '--prefix' || o.name === '-C') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  for (const o of options) if (o.name === '--cache') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  if (options.some((o) => o.name === '--script-shell')) unresolved.push('npm --script-shell runs scripts with another program');
  const words = ops.map((k) => argv[k]!);
  const sub = words[0];
  const changes =
    sub === 'set' || sub === 'delete' ||
    ((sub === 'config' || sub === 'c') && ['set', 'delete', 'edit', 'fix'].includes(words[1] ?? ''));
  // `npm config get registry`, `npm run build`: the words after the subcommand are names, not files.
  const namesOnly = ['config', 'c', 'get', 'set', 'delete', 'run', 'run-script', 'test', 'start', 'stop', 'restart', 'view', 'info', 'show', 'search', 'owner', 'access', 'dist-tag', 'version'].includes(sub ?? '');
  const notFiles = namesOnly ? ops : ops.slice(0, 1);
  if (!changes) return { files, unresolved, modelled: 'partly', notFiles };
  const at = ops[0]!;
  const location = options.find((o) => o.name === '--location')?.value;
  const userconfig = options.find((o) => o.name === '--userconfig');
  const global = options.some((o) => o.name === '--global' || o.name === '-g') || location === 'global';
  if (global) unresolved.push('npm config --global writes the global npmrc');
  else if (location === 'project') files.push({ op: 'write', index: at, value: '.npmrc' });
  else if (userconfig) pushOpt(files, optionFile(userconfig, 'write', argv));
  else files.push({ op: 'write', index: at, value: '~/.npmrc' });
  return { files, unresolved, notFiles: ops };
}

/** Options whose value is program text, per interpreter (`perl -e CODE`, `python -c CODE`). */
const CODE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  perl: ['-e', '-E'],
  python: ['-c'],
  node: ['-e', '-p', '--eval', '--print'],
  deno: ['--eval'],
  bun: ['-e', '--eval', '-p', '--print'],
  ruby: ['-e'],
  php: ['-r', '-B', '-R', '-E'],
  lua: ['-e'],
};

/** The interpreter family of a program name (`python3.12` → `python`). */
export function interpreterOf(name: string): string | undefined {
  const base = name.replace(/[0-9.]+$/, '');
  return Object.prototype.hasOwnProperty.call(CODE_OPTIONS, base) ? base : undefined;
}

/**
 * An interpreter: inline code is not a file; `python -m venv DIR` creates DIR; the other words
 * (a script and its arguments, `-i` files of `perl -pi`) are assumed read and written.
 */
export function interpreterOperands(family: string, argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  const notFiles: number[] = [];
  const code = CODE_OPTIONS[family] ?? [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (code.includes(a)) {
      notFiles.push(k + 1);
      k++;
      continue;
    }
    // Clustered Perl switches end with the code or take it from the next word: `-pe CODE`, `-pie CODE`, `-ne'CODE'`.
    if (family === 'perl' && /^-[a-zA-Z]*[eE]/.test(a) && !a.startsWith('--')) {
      const at = a.search(/[eE]/);
      if (at === a.length - 1) {
        notFiles.push(k + 1);
        k++;
      } else notFiles.push(k);
      continue;
    }
    if (a.startsWith('--eval=') || a.startsWith('--print=')) notFiles.push(k);
    if (family === 'python' && a === '-m' && argv[k + 1] === 'venv') {
      const { operands: ops } = scan(argv, { longArg: ['prompt', 'upgrade-deps'] }, k + 2);
      for (const d of ops) files.push({ op: 'write', index: d, tree: 'some' });
      notFiles.push(k + 1);
      return { files, unresolved: [], modelled: 'partly', notFiles: [...notFiles, ...ops] };
    }
  }
  return { files, unresolved: [], modelled: 'partly', notFiles };
}
