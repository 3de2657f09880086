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
import { resolveLongOption } from '../../options/gnu-options.js';
import { optionNameAt } from '../input-options.js';
import { gitGrammar } from './files-options.js';
import { sshUrl } from './ssh-url.js';
import { gitCommandOptions, gitLongOptions, gitTakesUrls, gitValueLetters } from './subcommands.js';

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

/**
 * The command an `ext::` URL runs, as shell words (no shell runs it: each argument quoted), for the
 * service `service` (`%S`): `ext::sh scripts/x.sh %S foo` → `sh scripts/x.sh git-upload-pack foo`.
 * Undefined for a URL of another transport, or an address git refuses or that names no command.
 */
export function extCommandText(url: string, service = 'git-upload-pack'): string | undefined {
  const m = HELPER_URL.exec(url);
  if (m === null || m[1] !== 'ext') return undefined;
  const args = extArguments(m[2]!, service);
  return args === undefined || args.length === 0 ? undefined : args.map(quoteWord).join(' ');
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
  const out: Unwrapped[] = hiddenUrls(argv, literal, sub);
  for (let i = sub + 1; i < argv.length; i++) {
    if (literal[i] === false) continue;
    const word = argv[i]!;
    const url = /^--[a-z-]+=/.test(word) ? word.slice(word.indexOf('=') + 1) : word;
    // Only a URL with `::` names a helper (`HELPER_URL`): most words are none, and make no message.
    if (url.includes('::')) out.push(...urlPrograms(url, name, `git ${name} ${url}`));
  }
  return out;
}

/**
 * The program git runs to reach a repository whose URL the command line names (`git ls-remote
 * ssh://nohost.invalid/x` and `git clone nohost.invalid:x d` exec'd ssh under strace): ssh, for the
 * repository operand of clone, fetch, pull, push, ls-remote and the pack plumbing (clone: either
 * operand) or `archive --remote=`/`push --repo=`. A remote given by its name (`origin`) is not read
 * here; `GIT_SSH_COMMAND`, `GIT_SSH` and `core.sshCommand` are judged as the code they are
 * (`runs.ts`), and ssh stays the program the words choose.
 */
export function gitSshTransports(argv: readonly string[], sub: number): readonly string[] | undefined {
  const name = argv[sub];
  if (name === undefined) return undefined;
  const words = argv.slice(sub + 1);
  const option = URL_OPTIONS[name];
  if (option !== undefined && words.some((w) => w.startsWith(`--${option}=`) && sshUrl(w.slice(option.length + 3)))) return ['ssh'];
  if (!REPOSITORY_FIRST.has(name)) return undefined;
  const operands = words.filter((w) => !w.startsWith('-'));
  const repository = name === 'clone' ? operands : operands.slice(0, 1);
  return repository.some(sshUrl) ? ['ssh'] : undefined;
}

/** Subcommands whose first operand is the repository (`fetch --multiple`: every operand). */
const REPOSITORY_FIRST = new Set(['fetch', 'pull', 'push', 'ls-remote', 'clone', 'fetch-pack', 'send-pack']);

/** Options whose value is a repository URL: `archive --remote=`, `push --repo=`. */
const URL_OPTIONS: Readonly<Record<string, string>> = { archive: 'remote', push: 'repo' };

/** Config keys whose value is a URL, or a helper's name (`configUrlPrograms`). */
const URL_KEY = /^(remote\..+\.(url|pushurl|vcs)|submodule\..+\.url)$/i;

/** A repository URL of `git NAME` toolgate cannot read (`word`): it may be an `ext::` URL, which runs a command. */
function hiddenUrl(name: string, word: string | undefined): Unwrapped[] {
  return [
    {
      kind: 'unknown',
      reason: `git ${name} is given a repository URL toolgate cannot read (${word}), which may run a command (ext::)`,
      unseen: true,
    },
  ];
}

/** An option word of `git NAME` whose name toolgate cannot read (`git fetch -$x`): it may be `--upload-pack=…`, which git runs, or the repository. */
function hiddenUrlOption(name: string, word: string | undefined): Unwrapped[] {
  const runs = gitCommandOptions(name)?.long[0];
  if (runs === undefined) return hiddenUrl(name, word);
  return [
    {
      kind: 'unknown',
      reason: `git ${name} is given an option toolgate cannot read (${word}), which may be --${runs}=…, a command git runs`,
      unseen: true,
    },
  ];
}

/**
 * A URL word whose value toolgate cannot see (an unknown variable, a substitution, `read`) may be an
 * `ext::` URL, which runs its text as a command: hidden code, a firm ask (decision 0098), as a
 * command option's value that is not literal is. Only the repository's place: the first operand of
 * fetch, pull, push, ls-remote, clone and the pack plumbing (every word before it that is not
 * literal too, since it may be that operand), a URL option's value, `remote add`/`set-url`'s and
 * `submodule add`'s words, and a URL key's value given to `git config`. `git push origin "$branch"`
 * names a refspec there, not a repository: unchanged. An option's value is no repository (`push -o
 * "$x"`, `--push-option="$x"`, `fetch --depth "$n"`: the subcommand's value letters and long list);
 * an option word whose name is not literal (`push -$x`) may be one that runs a program.
 * `git fetch "$remote"` stays a firm ask with or without `--` before it: without, the word may be
 * `--upload-pack=PROG`, which git runs; after `--`, it is the repository, which may be an `ext::`
 * URL that runs its text where git's configuration allows ext (observed with git 2.39.5).
 */
function hiddenUrls(argv: readonly string[], literal: readonly boolean[], sub: number): Unwrapped[] {
  const name = argv[sub]!;
  const urlOption = URL_OPTIONS[name];
  if (urlOption !== undefined)
    for (let i = sub + 1; i < argv.length && argv[i] !== '--'; i++) {
      const m = /^--([a-z-]+)(=|$)/.exec(argv[i]!);
      if (!m || m[1]!.length < 3 || !urlOption.startsWith(m[1]!)) continue;
      if (m[2] === '=' ? literal[i] === false : literal[i + 1] === false) return hiddenUrl(name, argv[m[2] === '=' ? i : i + 1]);
    }
  if (name === 'remote' || name === 'submodule') {
    const verb = argv.slice(sub + 1).find((w, k) => literal[sub + 1 + k] !== false && !w.startsWith('-'));
    if (verb !== 'add' && verb !== 'set-url') return [];
    for (let i = sub + 1; i < argv.length; i++) if (literal[i] === false) return hiddenUrl(name, argv[i]);
    return [];
  }
  if (name === 'config') {
    for (let i = sub + 1; i < argv.length; i++)
      if (literal[i] !== false && URL_KEY.test(argv[i]!) && literal[i + 1] === false) return hiddenUrl(name, argv[i + 1]);
    return [];
  }
  if (!REPOSITORY_FIRST.has(name)) return [];
  const letters = gitValueLetters(name);
  const own = gitLongOptions(name);
  const grammar = gitGrammar(name, letters, own);
  const multiple = name === 'fetch' && argv.slice(sub + 1).some((w) => /^--mul(t(i(p(le?)?)?)?)?$/.test(w));
  for (let i = sub + 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (literal[i] === false) {
      // An option word whose value alone is not literal (`-o"$x"`, `--push-option="$x"`) is that
      // value, no repository; one whose name is not literal (`-$x`, `--$x`) may be any option.
      const at = a.search(/[$`]/);
      if (!a.startsWith('-') || at <= 0) return hiddenUrl(name, argv[i]);
      if (optionNameAt(a, at, grammar)) return hiddenUrlOption(name, argv[i]);
      continue;
    }
    if (a === '--') {
      if (literal[i + 1] === false) return hiddenUrl(name, argv[i + 1]);
      if (!multiple) return [];
      continue;
    }
    if (a.startsWith('--')) {
      // A long option that takes a value takes the next word (`--push-option "$x"`, `--depth "$n"`),
      // as the subcommand's own list says (git --git-completion-helper: a trailing `=`); one that
      // takes a value only attached (`--signed`, `--recurse-submodules` of fetch) leaves the next
      // word the repository. Without the subcommand's own list, no word is skipped.
      const match = own !== undefined && !a.includes('=') ? resolveLongOption(grammar, a.slice(2)) : undefined;
      if (match?.ok === true && match.argument === 'required') i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') {
      const k = [...a.slice(1)].findIndex((c) => letters.includes(c));
      if (k >= 0 && k === a.length - 2) i++;
      continue;
    }
    if (!multiple) return [];
  }
  return [];
}

/**
 * What a configuration pair's URL runs: `remote.<name>.url`, `.pushurl`, `submodule.<name>.url`
 * (the value), `url.<base>.insteadOf` and `.pushInsteadOf` (the base, which replaces a URL), and
 * `remote.<name>.vcs` (the helper's name). `rawKey` is the key as written (its subsection keeps its case).
 */
export function configUrlPrograms(key: string, rawKey: string, value: string | undefined, from: string): Unwrapped[] {
  if (/^(remote\..+\.(url|pushurl)|submodule\..+\.url)$/.test(key)) {
    if (value === undefined)
      return [
        { kind: 'unknown', reason: `${from}: git fetches from a URL toolgate cannot read, which may run a command (ext::)`, unseen: true },
      ];
    return urlPrograms(value, 'fetch', from);
  }
  if (/^url\..+\.(insteadof|pushinsteadof)$/.test(key)) return urlPrograms(rawKey.slice(4, rawKey.lastIndexOf('.')), 'fetch', from);
  if (/^remote\..+\.vcs$/.test(key) && value === undefined)
    return [{ kind: 'unknown', reason: `${from}: git runs a transport helper toolgate cannot read`, unseen: true }];
  if (/^remote\..+\.vcs$/.test(key) && value !== undefined && value !== '') return urlPrograms(`${value}::`, 'fetch', from);
  return [];
}
