/**
 * Programs a git URL runs. A URL `<transport>::<address>` makes git run the transport helper
 * `git-remote-<transport>` (gitremote-helpers(7); transport.c takes a scheme of URL characters
 * followed by `::`), and the helper git ships as `ext` runs its address as a command
 * (git-remote-ext(1)): `git ls-remote 'ext::rm -rf .claude'` runs rm. Whether git lets `ext` run
 * (`protocol.ext.allow`, `protocol.allow`, `GIT_ALLOW_PROTOCOL`) is configuration toolgate may not
 * see, so it is taken to run (red team 16, R16-2; decision 0098 for text that cannot be read).
 */
import { quoteWord } from '../../syntax/environment.js';
import type { Unwrapped } from '../wrapper-types.js';
import { gitTakesUrls } from './subcommands.js';

/** A URL naming its transport helper: a scheme (a letter, then letters, digits, `+`, `-`, `.`) and `::`. */
const HELPER_URL = /^([A-Za-z][A-Za-z0-9+.-]*)::(.*)$/s;

/** Helpers git ships that run nothing their address names (git-remote-http and its other names, git-remote-fd). */
const SHIPPED = new Set(['http', 'https', 'ftp', 'ftps', 'fd']);

/**
 * The arguments `git remote-ext` gives the command of an `ext::` address (builtin/remote-ext.c):
 * split at unescaped spaces (two make an empty argument), `% ` a space, `%%` a percent sign, `%S`
 * the service (`git-upload-pack`, …), `%s` it without `git-`; an argument starting `%G` or `%V` is
 * not passed. Undefined for a placeholder git refuses (any other `%x`, `%G` later in an argument, a
 * trailing `%`): git then runs nothing, but the text is not screened either.
 */
export function extArguments(address: string, service: string): string[] | undefined {
  const args: string[] = [];
  let rest = address;
  while (rest !== '') {
    let arg = '';
    let special = false;
    let k = 0;
    for (; k < rest.length && rest[k] !== ' '; k++) {
      if (rest[k] !== '%') {
        arg += rest[k];
        continue;
      }
      const e = rest[++k];
      if (e === ' ' || e === '%') arg += e;
      else if (e === 's') arg += service.replace(/^git-/, '');
      else if (e === 'S') arg += service;
      else if ((e === 'G' || e === 'V') && k === 1) special = true;
      else return undefined;
    }
    if (!special) args.push(arg);
    rest = rest.slice(k + 1);
  }
  return args;
}

/** The service a subcommand asks the other side for (`%S` in an `ext::` address). */
function serviceOf(subcommand: string): string {
  if (subcommand === 'push' || subcommand === 'send-pack') return 'git-receive-pack';
  if (subcommand === 'archive') return 'git-upload-archive';
  return 'git-upload-pack';
}

/** What the `ext::` address `address` runs, judged as the command it is (no shell: its arguments quoted). */
export function extProgram(address: string, subcommand: string, what: string): Unwrapped {
  const args = extArguments(address, serviceOf(subcommand));
  if (args === undefined || args.length === 0) return { kind: 'opaque', reason: `${what} names an ext:: command toolgate cannot read` };
  return { kind: 'text', script: args.map(quoteWord).join(' '), what: `${what} (ext:: runs its address)` };
}

/** What the URL `url` makes git run, if it names a transport helper (nothing for a plain URL or a shipped helper). */
export function urlPrograms(url: string, subcommand: string, what: string): Unwrapped[] {
  const m = HELPER_URL.exec(url);
  if (!m) return [];
  const transport = m[1]!;
  if (transport === 'ext') return [extProgram(m[2]!, subcommand, what)];
  if (SHIPPED.has(transport)) return [];
  // git runs git-remote-<transport> from its exec path or PATH, given the remote and the address.
  return [{ kind: 'text', script: `git-remote-${transport} ${quoteWord(url)} ${quoteWord(m[2]!)}`, what }];
}

/**
 * What a subcommand's URL words run: every literal word after it (an option's value after `=`
 * too), for the subcommands that take URLs (`takes: 'urls'` in `subcommands.ts`); `git remote-ext REMOTE TEXT` runs TEXT.
 */
export function transportPrograms(argv: readonly string[], literal: readonly boolean[], sub: number): Unwrapped[] {
  const name = argv[sub];
  if (name === undefined || literal[sub] === false) return [];
  if (name === 'remote-ext') {
    const text = argv[sub + 2];
    if (text === undefined) return [];
    if (literal[sub + 2] === false) return [{ kind: 'opaque', reason: 'git remote-ext runs a command that is not literal' }];
    return [extProgram(text, name, 'git remote-ext')];
  }
  if (!gitTakesUrls(name)) return [];
  const out: Unwrapped[] = [];
  for (let i = sub + 1; i < argv.length; i++) {
    if (literal[i] === false) continue;
    const word = argv[i]!;
    const url = /^--[a-z-]+=/.test(word) ? word.slice(word.indexOf('=') + 1) : word;
    out.push(...urlPrograms(url, name, `git ${name} ${url}`));
  }
  return out;
}

/**
 * What a configuration pair's URL runs: `remote.<name>.url`, `.pushurl`, `submodule.<name>.url`
 * (the value), `url.<base>.insteadOf` and `.pushInsteadOf` (the base, which replaces a URL), and
 * `remote.<name>.vcs` (the helper's name). `rawKey` is the key as written (its subsection keeps its case).
 */
export function configUrlPrograms(key: string, rawKey: string, value: string | undefined, from: string): Unwrapped[] {
  if (/^(remote\..+\.(url|pushurl)|submodule\..+\.url)$/.test(key)) {
    if (value === undefined)
      return [{ kind: 'opaque', reason: `${from}: git fetches from a URL toolgate cannot read, which may run a command` }];
    return urlPrograms(value, 'fetch', from);
  }
  if (/^url\..+\.(insteadof|pushinsteadof)$/.test(key)) return urlPrograms(rawKey.slice(4, rawKey.lastIndexOf('.')), 'fetch', from);
  if (/^remote\..+\.vcs$/.test(key) && value !== undefined && value !== '') return urlPrograms(`${value}::`, 'fetch', from);
  return [];
}
