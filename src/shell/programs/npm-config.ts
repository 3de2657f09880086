/**
 * The npmrc files npm reads its options from by itself, before its command line (npm-config(7),
 * npmrc(5); verified with npm 11.19 on Debian 12 by strace): the project's `.npmrc` (where
 * package.json or node_modules is found going up from where it runs, or `--prefix`'s folder), the
 * user's (`--userconfig`, `$NPM_CONFIG_USERCONFIG`, else `~/.npmrc`), the global one
 * (`--globalconfig`, `$NPM_CONFIG_GLOBALCONFIG`, else `PREFIX/etc/npmrc`: `/usr/etc/npmrc` for
 * Debian's node) and npm's own (`/usr/lib/node_modules/npm/npmrc`). Every option of the command
 * line can be set there: `logs-dir=.claude` made `npm ls` write its debug log into .claude (red
 * team 20 R20-3), `cache=`, `script-shell=` and `node-options=` name folders and programs. A call is
 * judged by its words only when each file is absent or sets only options that name none.
 */
import type { ProgramConfigFiles } from './model.js';

/** npm config keys that name no file, folder or program (npm-config(7)). */
const HARMLESS: ReadonlySet<string> = new Set(
  (
    'registry save-exact save-prefix save engine-strict fund audit audit-level legacy-peer-deps strict-peer-deps progress ' +
    'loglevel color unicode update-notifier package-lock optional omit include fetch-retries fetch-retry-factor ' +
    'fetch-retry-mintimeout fetch-retry-maxtimeout fetch-timeout strict-ssl always-auth _auth _authtoken email username ' +
    '_password proxy https-proxy noproxy prefer-offline prefer-online offline init-author-name init-author-email ' +
    'init-author-url init-license init-version init.author.name init.author.email init.author.url init.license ' +
    'init.version ignore-scripts lockfile-version install-strategy install-links workspaces-update sign-git-tag ' +
    'git-tag-version tag-version-prefix message access provenance min-release-age tag maxsockets prefer-dedupe ' +
    'bin-links format-package-lock global-style long parseable json depth heading timing usage yes dry-run ' +
    'fetch-retry-min-timeout logs-max cache-max cache-min before replace-registry-host scope omit-lockfile-registry-resolved'
  ).split(' '),
);

/**
 * Keys naming a file or folder npm only reads (a CA bundle, node-gyp's headers): harmless when it
 * is a system one (Debian's /usr/etc/npmrc sets cafile, a user's npmrc `nodedir=/usr`).
 */
const SYSTEM_READS: ReadonlySet<string> = new Set(['cafile', 'nodedir']);

/** Whether an npmrc's text sets only harmless keys (`//host/:_authToken`, `@scope:registry` too). @internal */
export function harmlessNpmrc(text: string): boolean {
  return text.split(/\r?\n/).every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';') || /^\[[^\]]*\]$/.test(line)) return true;
    const set = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (set === null) return false;
    // `//registry.example/:_authToken`, `@scope:registry`: the part after the last `:` is the key.
    const full = set[1]!.replace(/\[\]$/, '').toLowerCase();
    const key = /^(\/\/|@)/.test(full) ? full.slice(full.lastIndexOf(':') + 1) : full;
    const value = set[2]!;
    return HARMLESS.has(key) || (SYSTEM_READS.has(key) && /^\/(etc|usr)(\/[\w.+/-]*)?$/.test(value) && !value.includes('..'));
  });
}

/** The value of option `name` (`--name V`, `--name=V`) before `--`, the last one given. */
function optionValue(argv: readonly string[], names: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let k = 1; k < argv.length && argv[k] !== '--'; k++) {
    const w = argv[k]!;
    for (const n of names) {
      if (w === n && k + 1 < argv.length) found = argv[k + 1];
      else if (w.startsWith(`${n}=`)) found = w.slice(n.length + 1);
    }
  }
  return found;
}

/**
 * The npmrc files an npm command may read where it runs (`cwd`), or why they cannot be listed.
 * @internal
 */
export function npmConfigFiles(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
  cwd: string | undefined,
): ProgramConfigFiles | { unknown: string } {
  const h = home.replace(/\/+$/, '');
  const place = (v: string, what: string): string | { unknown: string } => {
    if (v.startsWith('/')) return v;
    if (v.startsWith('unknown:') || cwd === undefined || v.startsWith('~') || v.includes('$')) return { unknown: `${what} ${v}` };
    return `${cwd.replace(/\/+$/, '')}/${v}`.replace(/\/\.?(?=\/|$)/g, '');
  };
  // npm reads its variables in any case (npm_config_userconfig too); not told counts as unset.
  const env = (name: string) => variable(name) ?? variable(name.toLowerCase()) ?? null;
  const user = optionValue(argv, ['--userconfig']) ?? env('NPM_CONFIG_USERCONFIG') ?? `${h}/.npmrc`;
  const globalPrefix = env('NPM_CONFIG_PREFIX') ?? variable('PREFIX') ?? null;
  const global = optionValue(argv, ['--globalconfig']) ?? env('NPM_CONFIG_GLOBALCONFIG') ?? `${globalPrefix ?? '/usr'}/etc/npmrc`;
  const files: string[] = [];
  for (const [v, what] of [
    [user, 'npm reads its user config from'],
    [global, 'npm reads its global config from'],
  ] as const) {
    const p = place(v, what);
    if (typeof p !== 'string') return p;
    files.push(p);
  }
  const prefix = optionValue(argv, ['--prefix', '-C']);
  if (prefix !== undefined) {
    const p = place(prefix, 'npm reads the .npmrc of its --prefix folder');
    if (typeof p !== 'string') return p;
    files.push(`${p.replace(/\/+$/, '')}/.npmrc`);
  } else if (cwd === undefined) return { unknown: "npm reads the project's .npmrc where it runs, which toolgate cannot tell" };
  else
    // The project's folder is the nearest with package.json or node_modules: each folder up may be it.
    for (let dir = cwd.replace(/\/+$/, ''); ; dir = dir.slice(0, dir.lastIndexOf('/'))) {
      files.push(`${dir}/.npmrc`);
      if (dir === '') break;
    }
  files.push('/usr/lib/node_modules/npm/npmrc', '/usr/local/lib/node_modules/npm/npmrc', '/usr/local/etc/npmrc');
  return { files: [...new Set(files)], harmless: harmlessNpmrc };
}
