/**
 * npm, which toolgate models only in part: what is modelled (`--prefix` and config files) is
 * precise; its other words are assumed read and written like those of any program toolgate does
 * not model. npm-config(7) and npm(1). (The interpreters are in `interpreters.ts`, what
 * `npm exec`/`npm run` run in `project-runners.ts`.)
 */
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { npmConfigFiles } from './npm-config.js';
import { readBy, type ReadWords } from './parse.js';

/**
 * npm 11.19's options (npm-config(7); the definitions of @npmcli/config, read with nopt): every
 * config key is an option; one whose type is Boolean alone (or Boolean and a list of names, as
 * `--color`) is a flag, any other takes a value, attached with `=` or the next word. nopt also
 * takes `--no-KEY` (listed for the Boolean keys), unique prefixes of a key, and single-letter
 * shorthands (`-g` `--global`, `-D` `--save-dev`, `-C DIR` `--prefix`, `-w NAME` `--workspace`,
 * `-L` `--location`, `-c` `--call`, `-m` `--message`). Its multi-letter shorthands (`-ws`,
 * `-reg`, `-desc`) and an unknown key (which npm sets, with a warning) are not read so: the
 * command is then partly modelled, as most npm commands are anyway. Their `--no-KEY` forms are
 * added below.
 */
const NPM_OPTIONS = longOptions(
  '_auth= access= all allow-same-version allow-directory= allow-file= allow-git= allow-remote= ' +
    'allow-scripts= also= audit audit-level= auth-type= before= bin-links browser= bypass-2fa ca= cache= ' +
    'cache-max= cache-min= cafile= call= cert= cidr= color commit-hooks cpu= ' +
    'dangerously-allow-all-scripts depth= description dev diff= diff-ignore-all-space diff-name-only ' +
    'diff-no-prefix diff-dst-prefix= diff-src-prefix= diff-text diff-unified= dry-run editor= ' +
    'engine-strict expect-result-count= expect-results expires= fetch-retries= fetch-retry-factor= ' +
    'fetch-retry-maxtimeout= fetch-retry-mintimeout= fetch-timeout= force foreground-scripts ' +
    'format-package-lock fund git= git-tag-version global globalconfig= global-style heading= ' +
    'https-proxy= if-present ignore-scripts include= include-staged include-workspace-root ' +
    'include-attestations init-author-email= init-author-name= init-author-url= init-license= ' +
    'init-module= init-type= init-version= init-private init.author.email= init.author.name= ' +
    'init.author.url= init.license= init.module= init.version= install-links install-strategy= json key= ' +
    'legacy-bundling legacy-peer-deps libc= link local-address= location= lockfile-version= loglevel= ' +
    'logs-dir= logs-max= long name= maxsockets= message= min-release-age= min-release-age-exclude= ' +
    'node-gyp= node-options= noproxy= offline omit= omit-lockfile-registry-resolved only= orgs= optional ' +
    'os= otp= package= package-lock package-lock-only pack-destination= packages= parseable ' +
    'allow-scripts-pending allow-scripts-pin prefer-dedupe prefer-offline prefer-online prefix= preid= ' +
    'production progress provenance provenance-file= proxy= read-only rebuild-bundle registry= ' +
    'replace-registry-host= save save-bundle save-dev save-exact save-optional save-peer save-prefix= ' +
    'save-prod sbom-format= sbom-type= scope= scopes= packages-all packages-and-scopes-permission= ' +
    'orgs-permission= password= token-description= script-shell= searchexclude= searchlimit= searchopts= ' +
    'searchstaleness= shell= shrinkwrap sign-git-commit sign-git-tag strict-peer-deps ' +
    'strict-allow-scripts strict-ssl tag= tag-version-prefix= timing umask= unicode update-notifier usage ' +
    'user-agent= userconfig= version versions viewer= which= workspace= workspaces workspaces-update yes',
);

// `--no-KEY` for each Boolean key: the flags, and `--browser`'s Boolean-or-name. Added to the same
// object, not spread with the keys into a new one: the copy of 230 keys, one map transition each,
// was half of this module's setup (≈ 0.6 ms of a hook call that names npm, bench/RESULTS.md).
for (const key of [...Object.keys(NPM_OPTIONS).filter((k) => NPM_OPTIONS[k] === 'none'), 'browser']) NPM_OPTIONS[`no-${key}`] = 'none';

/** npm's grammar: its keys, their negations and its single-letter shorthands. */
const grammar: GnuOptionSpec = { short: 'ac:fgL:lm:pC:SBDEOP?Hhvw:ydqsn', long: NPM_OPTIONS };

/** `npm [--prefix DIR] …`: installs under DIR; `npm config set|delete|edit` and `npm set` write an npmrc. */
function npmFiles(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
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
  const notFiles = namesOnly ? [...ops] : ops.slice(0, 1);
  if (!changes) return { files, unresolved, modelled: 'partly', notFiles };
  const at = ops[0]!;
  const location = options.find((o) => o.name === '--location' || o.name === '-L')?.value;
  const userconfig = options.find((o) => o.name === '--userconfig');
  const global = options.some((o) => o.name === '--global' || o.name === '-g') || location === 'global';
  if (global) unresolved.push('npm config --global writes the global npmrc');
  else if (location === 'project') files.push({ op: 'write', index: at, value: '.npmrc' });
  else if (userconfig) pushOpt(files, optionFile(userconfig, 'write', argv));
  else files.push({ op: 'write', index: at, value: '.npmrc', inHome: true });
  return { files, unresolved, notFiles: [...ops] };
}

/** The npm model. @internal */
export const npm = defineProgram({
  names: ['npm'],
  summary: 'npm: the Node.js package manager',
  sources: ['npm 11.19 npm(1), npm-config(7), @npmcli/config definitions'],
  grammar,
  // Package scripts and `npm exec` run programs named in its arguments that toolgate does not read here.
  runs: 'unseen',
  role: 'runner',
  // A word this grammar refuses (an unknown key, a shorthand of several letters): the command is partly modelled.
  files: (_name, argv) => readBy(argv, grammar, (words) => npmFiles(argv, words)),
  // Its npmrc files set any option (`logs-dir=`, `cache=`, `script-shell=`): npm-config.ts.
  configFiles: npmConfigFiles,
  configFilesWithoutView: 'absent',
  // npm is a Node.js program: node reads NODE_OPTIONS at its start, where `--import`/`--require`
  // load code before npm's own (replay 17b NEW-11: `NODE_OPTIONS="--import=data:text/javascript,…"
  // npm -v` ran it). Options that only tune the runtime (`--max-old-space-size=4096`) are inert
  // (environment-values.ts).
  readsVariables: {
    NODE_OPTIONS: { may: ['code'], what: 'NODE_OPTIONS holds options node reads before npm starts (--require and --import load code)' },
  },
  examples: [
    {
      command: 'npm config set registry https://r.example/',
      effects: ['write /home/user/.npmrc'],
      why: 'npm config set writes the user npmrc',
    },
    { command: 'npm --prefix vendor install', effects: ['write ./vendor [some]'] },
  ],
});
