/**
 * npm, which toolgate models only in part: what is modelled (`--prefix` and config files) is
 * precise; its other words are assumed read and written like those of any program toolgate does
 * not model. npm-config(7) and npm(1). (The interpreters are in `interpreters.ts`, what
 * `npm exec`/`npm run` run in `project-runners.ts`.)
 */
import { optionFile, pushOpt, scan, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import type { OptionShape } from '../options/options.js';
import { defineProgram } from './model.js';

/**
 * npm's options that take a value, as the scan reads them (npm-config(7)); every other option is
 * a flag. Long names may be shortened while unambiguous.
 */
const grammar: GnuOptionSpec = {
  short: 'C:w:',
  long: Object.fromEntries(
    [
      'location',
      'userconfig',
      'globalconfig',
      'prefix',
      'cache',
      'workspace',
      'registry',
      'tag',
      'otp',
      'loglevel',
      'omit',
      'include',
      'before',
      'script-shell',
    ].map((name) => [name, 'required' as const]),
  ),
};

/** `npm [--prefix DIR] …`: installs under DIR; `npm config set|delete|edit` and `npm set` write an npmrc. */
function npmFiles(argv: readonly string[], shape: OptionShape): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = scan(argv, shape);
  for (const o of options) if (o.name === '--prefix' || o.name === '-C') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  for (const o of options) if (o.name === '--cache') pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  if (options.some((o) => o.name === '--script-shell')) unresolved.push('npm --script-shell runs scripts with another program');
  const words = ops.map((k) => argv[k]!);
  const sub = words[0];
  const changes =
    sub === 'set' || sub === 'delete' || ((sub === 'config' || sub === 'c') && ['set', 'delete', 'edit', 'fix'].includes(words[1] ?? ''));
  // `npm config get registry`, `npm run build`: the words after the subcommand are names, not files.
  const namesOnly = [
    'config',
    'c',
    'get',
    'set',
    'delete',
    'run',
    'run-script',
    'test',
    'start',
    'stop',
    'restart',
    'view',
    'info',
    'show',
    'search',
    'owner',
    'access',
    'dist-tag',
    'version',
  ].includes(sub ?? '');
  const notFiles = namesOnly ? ops : ops.slice(0, 1);
  if (!changes) return { files, unresolved, modelled: 'partly', notFiles };
  const at = ops[0]!;
  const location = options.find((o) => o.name === '--location')?.value;
  const userconfig = options.find((o) => o.name === '--userconfig');
  const global = options.some((o) => o.name === '--global' || o.name === '-g') || location === 'global';
  if (global) unresolved.push('npm config --global writes the global npmrc');
  else if (location === 'project') files.push({ op: 'write', index: at, value: '.npmrc' });
  else if (userconfig) pushOpt(files, optionFile(userconfig, 'write', argv));
  else files.push({ op: 'write', index: at, value: '.npmrc', inHome: true });
  return { files, unresolved, notFiles: ops };
}

/** The npm model. @internal */
export const npm = defineProgram({
  names: ['npm'],
  summary: 'npm: the Node.js package manager',
  sources: ['npm 10 npm(1), npm-config(7)'],
  grammar,
  // Package scripts and `npm exec` run programs named in its arguments that toolgate does not read here.
  runs: 'unseen',
  role: 'runner',
  files: (_name, argv, shape) => npmFiles(argv, shape),
  examples: [
    {
      command: 'npm config set registry https://r.example/',
      effects: ['write /home/user/.npmrc'],
      why: 'npm config set writes the user npmrc',
    },
    { command: 'npm --prefix vendor install', effects: ['write ./vendor [some]'] },
  ],
});
