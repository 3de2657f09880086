/**
 * Programs a `git` command runs because of its configuration: `-c KEY=VALUE`,
 * `--config-env KEY=VAR`, the `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n` and
 * `GIT_CONFIG_PARAMETERS` variables, and the variables that name programs (`GIT_EDITOR`,
 * `GIT_SSH_COMMAND`, `GIT_EXTERNAL_DIFF`, …). A value toolgate can read is analysed as the
 * shell script git hands it to (git docs, git-config(1) and git(1) "Environment Variables");
 * one it cannot read is opaque, and keys whose effect it does not model stay unknown.
 */
import { lookup, matching, quoteWord, type Environment } from '../../syntax/environment.js';
import type { Unwrapped } from '../wrapper-types.js';
import type { ProgramText } from '../model.js';
import { GIT_GLOBAL_WITH_VALUE } from './global-options.js';
import { autocorrectPrograms } from './autocorrect.js';
import { runsSomeHook } from './hooks.js';
import { gitCommandOptions, gitValueLetters } from './subcommands.js';
import { configUrlPrograms, transportPrograms } from './transports.js';
import { MAN_VARIABLES } from '../include-languages.js';
import { CREDENTIAL_KEYS, isCommandKey, SIGNING_KEYS, TRAILER_KEYS } from './command-keys.js';
import { signs } from './config-forms.js';
import { programVariables } from '../program-variables.js';

/** Keys that change what runs in ways toolgate does not follow (files of more configuration, hook directories, URL rewriting, …). */
const UNMODELLED_KEYS =
  /^(credential\..*|include\..*|includeif\..*|url\..*|protocol\..*|http\..*|ssh\..*|receive\..*|transfer\..*|safe\..*|sendemail\..*|instaweb\..*|filter\..*|mergetool\..*|difftool\..*|browser\..*|man\..*|gpg\..*|uploadpack\..*|remote\..*\.proxy)$/;

/** Variables whose value is a command git runs (the one table, `program-variables.ts`). */
const COMMAND_VARIABLES = programVariables((v) => v.git === 'runs');

/** Variables that make git read hooks or programs from places toolgate cannot see. */
const HIDDEN_VARIABLES = programVariables((v) => v.git === 'hidden');

/**
 * Variables that make git take a directory for a repository without the parts toolgate's layout
 * rule counts (`layout.ts`: HEAD, objects and refs): `GIT_COMMON_DIR` names where git reads the
 * repository's `config` and `hooks/` (a folder holding only `objects/`, `refs/` and a `config` is
 * one), and `GIT_OBJECT_DIRECTORY` stands in for `objects/` (git's `is_git_directory`, git 2.39),
 * so a folder holding `HEAD`, `refs/` and a `config` is a repository under it. Their `config` was
 * written as any file, unprotected: hidden configuration, a firm ask (verified with git 2.39.5:
 * `GIT_COMMON_DIR=c git status` and `GIT_OBJECT_DIRECTORY=o GIT_DIR=x git status` ran the
 * `core.fsmonitor` of c/config and x/config).
 */
const REPOSITORY_PART_VARIABLES = ['GIT_COMMON_DIR', 'GIT_OBJECT_DIRECTORY'];

/**
 * Variables that, set by the command line, make git read a configuration file toolgate did not
 * read (git-config(1) "FILES"; `HOME` moves `~/.gitconfig` and `~/.config/git/config`). Such a
 * file may set `core.fsmonitor`, an alias or an include that runs any program, while the same
 * key given with `-c` is read and judged: so the file is hidden code, a firm ask in every mode
 * (red team 15, NEW-16). `/dev/null` (the usual way to read no file) holds nothing.
 */
const CONFIG_FILE_VARIABLES = programVariables((v) => v.git === 'configuration');

/** Keys whose value names more configuration files git reads (`include.path`, `includeIf.<cond>.path`). */
const INCLUDE_KEYS = /^(include|includeif\..*)\.path$/;

/**
 * Shell text git runs that toolgate cannot read (a value that is not literal): hidden code, a firm
 * ask in every mode, as `sh -c "$X"` is — git hands such a value to `sh -c` (git-config(1)), and the
 * same text given literally is judged (`X='rm -rf .claude'; GIT_EXTERNAL_DIFF="$X" git diff` ran
 * it under Bash(*) in bypassPermissions while the literal form asked; #37).
 */
function hiddenCode(reason: string): Unwrapped {
  return { kind: 'unknown', reason, unseen: true };
}

/** Why a configuration file git reads is not seen, as a firm ask. */
function hiddenConfiguration(what: string): Unwrapped {
  return {
    kind: 'unknown',
    reason: `${what}: git reads configuration from a file toolgate does not read, which may set core.fsmonitor or an alias that runs any program`,
    unseen: true,
  };
}

/** One configuration pair given to git on the command line or in its environment. */
interface ConfigPair {
  key: string;
  /** The key as written, where it is known (a subsection keeps its case: `url.<base>.insteadOf`). */
  rawKey?: string;
  /** Undefined when toolgate cannot read it (not literal, from a variable it does not know). */
  value?: string;
  /** Where it came from, for messages. */
  from: string;
  /** The argv word of a `-c` pair (the option's own, or the word after `-c`). */
  index?: number;
}

/**
 * One `KEY=VALUE` word as git's `-c` reads it: the key folded to lower case, a bare key `true`. A
 * word that is not literal keeps only a key without quotes or expansions, which is as written
 * (`includeIf.onbranch:main.path`), and no value.
 * @param from - the message naming where the pair came from, given the folded key.
 */
function configPair(word: string, literal: boolean, from: (key: string) => string): ConfigPair {
  const eq = word.indexOf('=');
  const rawKey = eq < 0 ? word : word.slice(0, eq);
  const key = rawKey.toLowerCase();
  if (!literal) return { key: /^[^$`"'\\\s]+$/.test(key) ? key : '', from: from(key) };
  return { key, rawKey, value: eq < 0 ? 'true' : word.slice(eq + 1), from: from(key) };
}

/** The `-c` / `--config-env` pairs and where the subcommand starts. */
function commandLine(
  argv: readonly string[],
  literal: readonly boolean[],
  env: Environment,
): { pairs: ConfigPair[]; sub: number; problems: Unwrapped[] } {
  const pairs: ConfigPair[] = [];
  const problems: Unwrapped[] = [];
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-') || a === '-' || a === '--') break;
    let pair: string | undefined;
    let via: 'c' | 'env' | undefined;
    let lit = literal[i] !== false;
    if (a === '-c' || a === '--config-env') {
      pair = argv[++i];
      lit = literal[i] !== false;
      via = a === '-c' ? 'c' : 'env';
    } else if (a.startsWith('--config-env=')) {
      pair = a.slice('--config-env='.length);
      via = 'env';
    } else if (a.startsWith('-c')) {
      pair = a.slice(2);
      via = 'c';
    } else if (a === '--exec-path' ? false : a.startsWith('--exec-path=')) {
      problems.push({ kind: 'opaque', reason: `git ${a} runs subcommands from a directory toolgate cannot see` });
    } else if (a !== '--exec-path' && GIT_GLOBAL_WITH_VALUE.has(a)) i++; // `--exec-path` alone takes no value
    if (pair === undefined) continue;
    if (via === 'c') {
      pairs.push({ ...configPair(pair, lit, (key) => (lit ? `git -c ${key}=…` : `git -c ${pair}`)), index: i });
      continue;
    }
    const named = configPair(pair, lit, () => `git -c ${pair}`);
    if (!lit) {
      pairs.push(named);
      continue;
    }
    // `--config-env KEY=VARIABLE`: the value is the variable's.
    const variable = pair.includes('=') ? named.value! : '';
    const found = lookup(env, variable)?.value;
    const { key, rawKey = key } = named;
    pairs.push(
      found === undefined
        ? { key, rawKey, from: `git --config-env ${key}=${variable}` }
        : { key, rawKey, value: found, from: `git --config-env ${key}=${variable}` },
    );
  }
  return { pairs, sub: i, problems };
}

/** Reads `GIT_CONFIG_PARAMETERS` ('key=value' 'key'='value' …, as git quotes it); undefined when malformed. */
export function parseConfigParameters(text: string): { key: string; value: string }[] | undefined {
  const out: { key: string; value: string }[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (i >= text.length) break;
    let word = '';
    let quotedParts = 0;
    while (i < text.length && !/\s/.test(text[i]!)) {
      const c = text[i]!;
      if (c === "'") {
        const end = text.indexOf("'", i + 1);
        if (end < 0) return undefined;
        word += text.slice(i + 1, end);
        quotedParts++;
        i = end + 1;
      } else if (c === '\\' && i + 1 < text.length) {
        word += text[i + 1];
        i += 2;
      } else if (c === '=') {
        word += c;
        i++;
      } else return undefined;
    }
    if (quotedParts === 0) return undefined;
    const eq = word.indexOf('=');
    out.push(eq < 0 ? { key: word.toLowerCase(), value: 'true' } : { key: word.slice(0, eq).toLowerCase(), value: word.slice(eq + 1) });
  }
  return out;
}

/**
 * The count git reads from `GIT_CONFIG_COUNT`'s value: C's strtoul in base 10 with nothing after
 * the digits — blanks first (space, tab, newline, vertical tab, form feed, carriage return), then
 * a sign, then digits (git 2.39.5: `1`, `+1`, ` 1`, `\t1`, `\n1`, `01`, `+01`, ` +1` each made
 * `git status` run GIT_CONFIG_VALUE_0's core.fsmonitor; `-0` and the empty value count none).
 * `undefined` where git refuses the value and stops (`0x1`, `1 `, `1.0`, `+ 1`, ` `: "bogus
 * count"; `-1`: "too many entries"; exit 128, nothing ran), or where it counts past what toolgate
 * reads one by one (above 9999). @internal
 */
export function gitConfigCount(text: string): number | undefined {
  const m = /^[ \t\n\v\f\r]*([+-]?)(\d+)$/.exec(text);
  if (m === null) return text === '' ? 0 : undefined;
  const n = Number(m[2]);
  if (m[1] === '-') return n === 0 ? 0 : undefined;
  return n <= 9999 ? n : undefined;
}

/** The pairs from `GIT_CONFIG_COUNT` / `GIT_CONFIG_PARAMETERS`, and what could not be read. */
function environmentPairs(env: Environment): { pairs: ConfigPair[]; problems: Unwrapped[] } {
  const pairs: ConfigPair[] = [];
  const problems: Unwrapped[] = [];
  const count = lookup(env, 'GIT_CONFIG_COUNT');
  if (count) {
    const n = count.value === undefined ? undefined : gitConfigCount(count.value);
    if (n === undefined) problems.push(hiddenConfiguration('GIT_CONFIG_COUNT is not a literal number'));
    for (let k = 0; k < (n ?? 0); k++) {
      const key = lookup(env, `GIT_CONFIG_KEY_${k}`);
      const value = lookup(env, `GIT_CONFIG_VALUE_${k}`);
      if (key?.value === undefined) {
        problems.push(hiddenConfiguration(`GIT_CONFIG_KEY_${k} cannot be read (it may be include.path)`));
        continue;
      }
      const raw = { key: key.value.toLowerCase(), rawKey: key.value, from: `GIT_CONFIG_KEY_${k}` };
      pairs.push(value?.value === undefined ? raw : { ...raw, value: value.value });
    }
  }
  const params = lookup(env, 'GIT_CONFIG_PARAMETERS');
  if (params) {
    const parsed = params.value === undefined ? undefined : parseConfigParameters(params.value);
    if (!parsed) problems.push(hiddenConfiguration('GIT_CONFIG_PARAMETERS cannot be read'));
    for (const p of parsed ?? []) pairs.push({ ...p, from: 'GIT_CONFIG_PARAMETERS' });
  }
  return { pairs, problems };
}

/**
 * What `core.hooksPath` given on the command line or in the environment makes git run: the hooks
 * of the folder it names, which toolgate protects only where a repository's own configuration
 * names it (`evaluate/git-hooks-dir.ts`) — a hook the agent wrote there runs unseen (verified with
 * git 2.39.5: `git -c core.hooksPath=h status`, `commit`, `checkout -b` and `branch` ran h's
 * post-index-change, pre-commit, post-checkout and reference-transaction). A firm ask where the
 * subcommand may run a hook (`hooks.ts`); `/dev/null`, the usual way to run none, holds none, and
 * an empty value makes git run none (git 2.39.5).
 */
function hooksPathPrograms(p: ConfigPair, hooks: () => boolean): Unwrapped[] {
  if (p.value === '/dev/null' || p.value === '' || !hooks()) return [];
  return [
    {
      kind: 'unknown',
      reason:
        p.value === undefined
          ? `${p.from}: git takes its hooks from a folder toolgate cannot read, where any program may be a hook`
          : `${p.from}: git takes its hooks from ${p.value}, a folder toolgate does not protect: a hook there is code toolgate cannot see`,
      unseen: true,
    },
  ];
}

/** What one configuration pair makes git run: a URL's transport (`transports.ts`), then what the key itself runs. */
function pairPrograms(p: ConfigPair, aliasOf: () => { name: string; rest: string } | undefined, hooks: () => boolean): Unwrapped[] {
  const url = configUrlPrograms(p.key, p.rawKey ?? p.key, p.value, p.from);
  return url.length === 0 ? keyPrograms(p, aliasOf, hooks) : [...url, ...keyPrograms(p, aliasOf, hooks)];
}

/** Whether `key` names a credential helper (`credential.helper`, `credential.<url>.helper`). @internal */
export function isCredentialHelperKey(key: string): boolean {
  return CREDENTIAL_KEYS.test(key);
}

/**
 * The text git runs for a credential helper's value (gitcredentials(7)): `!TEXT` as shell text,
 * an absolute or `~` path as written, any other name as `git credential-NAME`. The same for a
 * value given on the command line and one read from a configuration file. @internal
 */
export function credentialHelperScript(value: string): string {
  return value.startsWith('!') ? value.slice(1) : /^[/~]/.test(value) ? value : `git credential-${value}`;
}

/** What one configuration key makes git run. */
function keyPrograms(p: ConfigPair, aliasOf: () => { name: string; rest: string } | undefined, hooks: () => boolean): Unwrapped[] {
  if (p.key === 'core.hookspath') return hooksPathPrograms(p, hooks);
  const aliasName = /^alias\.(.+)$/.exec(p.key)?.[1];
  if (aliasName !== undefined) {
    if (p.value === undefined) return [hiddenCode(`${p.from}: an alias toolgate cannot read replaces a git command`)];
    const alias = aliasOf();
    const invoked = alias?.name.toLowerCase() === aliasName ? alias.rest : '';
    // `!cmd` runs `cmd` in a shell; anything else is more git words.
    const script = p.value.startsWith('!') ? p.value.slice(1) : `git ${p.value}`;
    return [{ kind: 'text', script: script + invoked, what: `git alias ${aliasName}` }];
  }
  const helper = isCredentialHelperKey(p.key);
  if (helper && p.value !== undefined) {
    if (p.value === '') return [];
    return [{ kind: 'text', script: credentialHelperScript(p.value), what: `git ${p.key}` }];
  }
  // `trailer.<token>.cmd` runs `sh -c 'CMD "$@"' CMD VALUE` for each trailer of that token (the
  // value is one more word, which may be any option); the older `.command` puts the value's text in
  // place of `$ARG` in the script (git trailer.c, apply_command): text toolgate cannot read then.
  // Red team 17 R17-5: `git -c trailer.x.cmd='rm -f notes.txt' interpret-trailers --trailer x=1` ran rm.
  const trailer = TRAILER_KEYS.exec(p.key)?.[1];
  if (trailer !== undefined) {
    if (p.value === undefined) return [hiddenCode(`${p.from}: git runs a program toolgate cannot read`)];
    if (p.value === '') return [];
    if (trailer === 'command' && p.value.includes('$ARG'))
      return [hiddenCode(`${p.from}: git puts a trailer's value into the command's text in place of $ARG`)];
    return [{ kind: 'text', script: trailer === 'cmd' ? `${p.value} "$@"` : p.value, what: `git ${p.key}` }];
  }
  if (isCommandKey(p.key)) {
    if (p.value === undefined) return [hiddenCode(`${p.from}: git runs a program toolgate cannot read`)];
    return p.value === '' ? [] : [{ kind: 'text', script: p.value, what: `git ${p.key}` }];
  }
  if (INCLUDE_KEYS.test(p.key) || p.key === '')
    return [
      hiddenConfiguration(
        p.key === '' ? `${p.from} sets a key toolgate cannot read (it may be include.path)` : `${p.from} includes a file`,
      ),
    ];
  if (UNMODELLED_KEYS.test(p.key)) return [{ kind: 'unknown', reason: `${p.from} can run a program or replace the subcommand` }];
  return [];
}

/** A key as a configuration file's entry holds it: section and name folded, a subsection as written. */
function entryKey(p: ConfigPair): string {
  const raw = p.rawKey ?? p.key;
  const first = raw.indexOf('.');
  const lastDot = raw.lastIndexOf('.');
  return first === lastDot
    ? raw.toLowerCase()
    : raw.slice(0, first).toLowerCase() + raw.slice(first, lastDot) + raw.slice(lastDot).toLowerCase();
}

/**
 * The configuration a git command's own line gives it, read after every file as git reads it: the
 * pairs of `GIT_CONFIG_COUNT` and `GIT_CONFIG_PARAMETERS` the line sets (`env`), then `-c` and
 * `--config-env`, those toolgate can read. What each makes git run is judged here (`gitPrograms`);
 * the evaluation reads them with the files so that a key of the line overrides a file's (`git -c
 * core.fsmonitor=false status` runs no fsmonitor the file names) and a remote the line sets is
 * reached as a configured one (`git -c remote.origin.url=git@host:x fetch` starts ssh, git 2.39.5).
 * @internal
 */
export function lineConfigEntries(
  argv: readonly string[],
  literal: readonly boolean[],
  env: Environment,
): { key: string; value: string; file: string }[] {
  const pairs = [...environmentPairs(env).pairs, ...commandLine(argv, literal, env).pairs];
  return pairs.flatMap((p) =>
    p.value === undefined || p.key === '' ? [] : [{ key: entryKey(p), value: p.value, file: `${p.from} on the command line` }],
  );
}

/**
 * The man command `git help TOPIC` and `git CMD --help` run (git 2.39 git-help(1): the man format
 * by default runs `man git-CMD`), judged with the variables the line gives git when one of them is
 * man's (`MAN_VARIABLES`): man runs the pager MANPAGER (else PAGER) names and reads MANOPT
 * (verified: `MANPAGER='sh -c "rm -rf .claude"' git help log` removed .claude under script(1)).
 * Without such a variable the command is as before (its rules need not allow man). A listing
 * (`git help -a`) or another format (`-i`, `-w`) is read as man too: only asks more.
 * `man.<tool>.cmd` and `help.format` are configuration keys, judged as such.
 */
function helpPage(argv: readonly string[], literal: readonly boolean[], sub: number, env: Environment): Unwrapped[] {
  if (matching(env, (name) => name in MAN_VARIABLES).length === 0) return [];
  const end = argv.indexOf('--');
  const words = end < 0 ? argv : argv.slice(0, end);
  if (argv[sub] !== 'help' && !words.includes('--help')) return [];
  const topic = argv[sub] === 'help' ? argv.slice(sub + 1).find((w) => !w.startsWith('-')) : argv[sub];
  if (argv[sub] === 'help' && argv.length === sub + 1) return [];
  const plain = topic !== undefined && /^[a-z0-9-]+$/.test(topic) && literal[argv.indexOf(topic)] !== false;
  const page = !plain || topic === '--help' ? 'git' : topic.startsWith('git') ? topic : `git-${topic}`;
  return [{ kind: 'text', script: `man ${page}`, what: 'git help' }];
}

/** The words from `from` on, run as one command (`git submodule foreach CMD`, `git bisect run CMD`). */
function wordsRun(argv: readonly string[], literal: readonly boolean[], from: number, what: string): Unwrapped[] {
  const words = argv.slice(from);
  if (words.length === 0) return [];
  if (literal.slice(from).some((l) => l === false)) return [hiddenCode(`git ${what} runs a command that is not literal`)];
  return [{ kind: 'text', script: words.join(' '), what: `git ${what}` }];
}

/** Scripts git subcommands run from their arguments: `submodule foreach CMD`, `bisect run CMD`, `rebase --exec CMD`, … */
function subcommandPrograms(argv: readonly string[], literal: readonly boolean[], sub: number): Unwrapped[] {
  const name = argv[sub];
  if (name === 'submodule') {
    const k = argv.indexOf('foreach', sub + 1);
    if (k < 0) return [];
    let from = k + 1;
    while (argv[from] === '--recursive' || argv[from] === '--quiet' || argv[from] === '-q') from++;
    return wordsRun(argv, literal, from, 'submodule foreach');
  }
  if (name === 'bisect' && argv[sub + 1] === 'run') return wordsRun(argv, literal, sub + 2, 'bisect run');
  const table = name === undefined ? undefined : gitCommandOptions(name);
  if (!table) return [];
  const out: Unwrapped[] = [];
  // Without -x/--extcmd, git difftool runs the tool -t, diff.tool or difftool.<tool>.cmd names, or
  // one it guesses (vimdiff, meld, …; git-difftool(1)): a program toolgate does not see.
  const given = optionValues(argv, sub, table.long, table.short, gitValueLetters(name!));
  if (name === 'difftool' && given.length === 0)
    out.push({ kind: 'opaque', reason: 'git difftool runs the diff tool its configuration or -t names: code toolgate cannot see' });
  for (const { word, value, valueIndex } of given) {
    if (literal[valueIndex] === false) out.push(hiddenCode(`git ${name} ${word} runs a command that is not literal`));
    else if (value.trim() !== '') out.push({ kind: 'text', script: value, what: `git ${name} ${word}` });
  }
  return out;
}

/**
 * The values of the options `long` (a name or an abbreviation of two letters or more, the value
 * attached with `=` or the next word) and `short` (alone or last in a cluster of letters — `-qu
 * CMD` as `-q -u CMD`; attached, `-uCMD`, or the next word) among a subcommand's words after
 * `sub`, up to `--`. git's parse-options takes options after the operands too. The other letters
 * of `letters` take a value, which ends their cluster (`-o -u` is `-o` given `-u`).
 */
function optionValues(
  argv: readonly string[],
  sub: number,
  long: readonly string[],
  short: string | undefined,
  letters: string,
): { word: string; value: string; valueIndex: number }[] {
  const out: { word: string; value: string; valueIndex: number }[] = [];
  for (let i = sub + 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    const named = /^--([a-z-]+)(=(.*))?$/s.exec(a);
    if (named) {
      if (named[1]!.length >= 2 && long.some((l) => l.startsWith(named[1]!))) {
        if (named[2] !== undefined) out.push({ word: a, value: named[3]!, valueIndex: i });
        else if (i + 1 < argv.length) out.push({ word: a, value: argv[i + 1]!, valueIndex: ++i });
      }
      continue;
    }
    if (!a.startsWith('-') || a.startsWith('--') || a === '-') continue;
    for (let k = 1; k < a.length; k++) {
      const c = a[k]!;
      if (c !== short && !letters.includes(c)) continue;
      const attached = a.slice(k + 1);
      const valueIndex = attached === '' ? ++i : i;
      const value = attached === '' ? argv[valueIndex] : attached;
      if (c === short && value !== undefined) out.push({ word: `-${c}`, value, valueIndex });
      break;
    }
  }
  return out;
}

/** No configuration file's entries: the line's words alone say whether a form signs. */
const NO_ENTRIES: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * The signing program a form that signs or verifies by its words starts (`tag -s`, `commit -S`,
 * `verify-commit`; `config-forms.ts signs`): git's default `gpg`, unless a pair of the line chooses
 * the program or the format (then that pair is judged). A `Bash(gpg *)` deny rule meets it as it
 * meets `gpg` on the line (red team 23 RT23-A: `git tag -s -m x v9` ran gpg under that deny).
 * What the configuration files choose is `config-kinds.ts` SIGNING's.
 */
function signingPrograms(argv: readonly string[], sub: number, pairs: readonly ConfigPair[]): Unwrapped[] {
  const name = argv[sub];
  // `--show-signature` only verifies what a history shows: its `gpg` is judged where a file names it.
  const words = argv.slice(sub + 1).filter((w) => w !== '--show-signature');
  if (name === undefined || !signs(name, words, NO_ENTRIES)) return [];
  if (pairs.some((p) => SIGNING_KEYS.test(p.key) || p.key === 'gpg.format')) return [];
  return [{ kind: 'text', script: 'gpg', what: `git ${name} signs with gpg` }];
}

/**
 * The pairs `git clone -c KEY=VALUE` (`--config`, `-cKEY=VALUE`, `--config=KEY=VALUE`, an
 * abbreviation, in a cluster) sets in the new repository: git-clone(1) "takes effect immediately
 * after the repository is initialized, but before the remote history is fetched or any files
 * checked out", so what they make git run, the clone runs (verified with git 2.39.5:
 * `-c core.sshCommand=CMD` ran CMD for the fetch, `-c filter.a.smudge=CMD` for the checkout, a
 * hook in `-c core.hooksPath=DIR` after it).
 */
function clonePairs(argv: readonly string[], literal: readonly boolean[], sub: number): ConfigPair[] {
  if (argv[sub] !== 'clone') return [];
  return optionValues(argv, sub, ['config'], 'c', gitValueLetters('clone')).map(({ value, valueIndex }) =>
    configPair(value, literal[valueIndex] !== false, (key) => `git clone --config ${key}=…`),
  );
}

/** `more` added to the end of `out`. */
function append(out: Unwrapped[], more: readonly Unwrapped[]): void {
  for (const u of more) out.push(u);
}

/**
 * What a `git` command runs besides git itself, from its `-c` options and its environment.
 * @param argv - the git command's words; `literal` says which are literal.
 * @param env - the variables it runs with (see `environment.ts`).
 */
export function gitPrograms(argv: readonly string[], literal: readonly boolean[], env: Environment): Unwrapped[] {
  const line = commandLine(argv, literal, env);
  const fromEnv = environmentPairs(env);
  const subName = argv[line.sub];
  // Only an `alias.*` pair needs the words after the subcommand, quoted: built on first use.
  let alias: { name: string; rest: string } | undefined | null = null;
  const aliasOf = (): { name: string; rest: string } | undefined =>
    alias !== null
      ? alias
      : (alias =
          subName !== undefined && literal[line.sub] !== false
            ? {
                name: subName,
                rest: argv
                  .slice(line.sub + 1)
                  .map((w, k) => ' ' + (literal[line.sub + 1 + k] === false ? w : quoteWord(w)))
                  .join(''),
              }
            : undefined);
  // Whether the subcommand may run a hook (an alias or one toolgate cannot read may be any).
  const hooks = (): boolean => subName === undefined || literal[line.sub] === false || runsSomeHook(subName, argv.slice(line.sub + 1));
  // The environment's pairs, then the line's: as git reads them (one list, most often empty).
  const pairs = fromEnv.pairs.length === 0 ? line.pairs : line.pairs.length === 0 ? fromEnv.pairs : [...fromEnv.pairs, ...line.pairs];
  // Appended in place: a plain command's parts are each empty, and a spread of each would copy them all again.
  const out: Unwrapped[] = [...line.problems, ...fromEnv.problems];
  append(out, subcommandPrograms(argv, literal, line.sub));
  append(out, helpPage(argv, literal, line.sub, env));
  append(out, transportPrograms(argv, literal, line.sub));
  append(out, autocorrectPrograms(argv, literal, line.sub, pairs));
  append(out, signingPrograms(argv, line.sub, pairs));
  for (const p of pairs) append(out, pairPrograms(p, aliasOf, hooks));
  for (const p of clonePairs(argv, literal, line.sub))
    append(
      out,
      pairPrograms(
        p,
        () => undefined,
        () => true,
      ),
    );
  if (env.length === 0) return out;
  for (const v of matching(env, (name) => COMMAND_VARIABLES.includes(name))) {
    if (v.value === undefined) out.push(hiddenCode(`${v.name} names a program toolgate cannot read`));
    else if (v.value.trim() !== '') out.push({ kind: 'text', script: v.value, what: v.name });
  }
  for (const v of matching(env, (name) => HIDDEN_VARIABLES.includes(name))) {
    out.push({ kind: 'opaque', reason: `${v.name} makes git read configuration or programs toolgate cannot see` });
  }
  for (const v of matching(env, (name) => REPOSITORY_PART_VARIABLES.includes(name))) {
    out.push(
      hiddenConfiguration(
        `${v.name}${v.value === undefined ? ' is set to a value toolgate cannot read' : `=${v.value}`} makes git take a folder for a repository that toolgate does not protect as one`,
      ),
    );
  }
  for (const v of matching(env, (name) => CONFIG_FILE_VARIABLES.includes(name))) {
    if (v.value === '/dev/null') continue;
    out.push(hiddenConfiguration(`${v.name}${v.value === undefined ? ' is set to a value toolgate cannot read' : `=${v.value}`}`));
  }
  return out;
}

/**
 * The configuration files `-c include.path=FILE` and `-c includeIf.<condition>.path=FILE` make git
 * read: what their keys name is code git runs (`core.fsmonitor`, an alias, `core.hooksPath`). From
 * the command line git takes only an absolute path or one from its home (`~/`: "relative config
 * includes must come from files"). Verified (git 2.39.5): `git -c include.path=$PWD/x.cfg status`,
 * `-c Include.Path=…`, `-c 'include.path=~/x.cfg'` and `-c includeIf.gitdir:/.path=…` ran x.cfg's
 * core.fsmonitor; `include.path=x.cfg` and `include.path=../x.cfg` ran nothing.
 */
export function gitProgramText(argv: readonly string[]): ProgramText | undefined {
  const { pairs } = commandLine(
    argv,
    argv.map(() => true),
    [],
  );
  const files = pairs.flatMap((p) => {
    if (p.index === undefined || p.value === undefined || !INCLUDE_KEYS.test(p.key)) return [];
    if (p.value.startsWith('/')) return [{ index: p.index, value: p.value }];
    return p.value.startsWith('~/') ? [{ index: p.index, value: p.value, home: true as const }] : [];
  });
  return files.length === 0 ? undefined : { files };
}

/** Whether a command's program name is git's, as a start-up line spells it (`git`; `\git` and a path are the caller's to fold). */
export function isGitName(program: string): boolean {
  return program === 'git';
}
