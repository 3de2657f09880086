import { posix } from 'node:path';
import type { ReadonlyFsView } from '../core/ports.js';
import type { Decision, ToolCall } from '../core/types.js';
import { callFacts, type CallFacts } from '../evaluate/facts.js';
import { globMatches, newBudget, walkTree, type ListingView } from '../evaluate/fs-reach.js';
import type { PathEffect } from '../shell/index.js';
import { escapeRuleContent } from '../rules/index.js';
import { textNamesPath } from '../paths/named-in-text.js';
import { entersDirectory, runsJavaScript } from '../shell/programs/index.js';
import { isPackageRunner, packageRunsOf, specPackage, unnamedPackageSpec } from '../shell/programs/package-runners.js';
import { processesAimedAt } from '../shell/programs/process-attach.js';

/** Where serve listens and keeps its secrets: what a gated agent must not reach. */
export interface SelfTarget {
  host: string;
  port: number;
  tokenFile?: string;
  /** The named answerers' tokens (`--answerers`). */
  answerersFile?: string;
  /** The store's files (SQLite: the database file; its `-wal`, `-shm`, `-journal`, `-serve-lock` and `-serve-seal` files are covered too). */
  storeFile?: string;
  /** Where serve's address is recorded for `toolgate asks answer`: rewritten, it would send the token elsewhere. */
  addressFile?: string;
  /** serve's process id: its `/proc/PID/` (memory, environment, open files) is as secret as the token. */
  pid?: number;
  /**
   * Files serve's own decisions and records rest on, which are no secret but must not change under
   * it: its `--settings` files (the server policy added to every project's) and the audit anchor
   * file. Written, a gated agent would rewrite the policy it is decided with (red team H3). They
   * may be read; every write is denied, by path and by device + inode.
   */
  policyFiles?: readonly string[];
}

/** serve's own files, by path: the token, the answerers, the recorded address and the store with its companions (and the lock that makes serve its only server). */
export function guardedFiles(t: Omit<SelfTarget, 'host' | 'port'>): string[] {
  const files: string[] = [];
  if (t.tokenFile !== undefined) files.push(t.tokenFile);
  if (t.answerersFile !== undefined) files.push(t.answerersFile);
  if (t.addressFile !== undefined) files.push(t.addressFile);
  if (t.storeFile !== undefined && t.storeFile !== ':memory:')
    files.push(
      t.storeFile,
      `${t.storeFile}-wal`,
      `${t.storeFile}-shm`,
      `${t.storeFile}-journal`,
      `${t.storeFile}-serve-lock`,
      `${t.storeFile}-serve-seal`,
    );
  return files;
}

/**
 * The settings serve adds to every project's policy, as built-in rules (`SettingsSource.builtIn`):
 * its token, answerers, recorded address and store files, and its process's `/proc/PID/`
 * directory (memory, environment, open files), are Read- and Edit-denied in every mode (stronger than
 * protected: writes are refused, not asked); its policy files (`--settings`, the audit anchor
 * file) are Edit-denied. Read deny rules also cover what a shell command
 * reads, so `cat TOKEN`, `sqlite3 STORE` and `cat /proc/PID/mem` are denied — after links resolve, through wrappers and
 * `bash -c`. Being built in, they do not make opaque code a firm ask (decision 0025).
 */
export function builtInSettings(t: Omit<SelfTarget, 'host' | 'port'>): Record<string, unknown> {
  const deny: string[] = [];
  const abs = (p: string) => `/${p.startsWith('/') ? p : `/${p}`}`;
  for (const file of [t.tokenFile, t.answerersFile, t.addressFile, t.storeFile]) {
    if (file === undefined || file === ':memory:') continue;
    const pattern = file === t.storeFile ? `${abs(file)}*` : abs(file);
    deny.push(`Read(${escapeRuleContent(pattern)})`, `Edit(${escapeRuleContent(pattern)})`);
  }
  if (t.pid !== undefined)
    for (const pattern of [`//proc/${t.pid}`, `//proc/${t.pid}/**`]) deny.push(`Read(${pattern})`, `Edit(${pattern})`);
  for (const file of t.policyFiles ?? []) deny.push(`Edit(${escapeRuleContent(abs(file))})`);
  return { permissions: { deny } };
}

/** `toolgate`, `toolgate@0.1.0`, `@scope/toolgate@latest`: the package as a runner names it. */
const PACKAGE = /^(?:@[^/\s]+\/)?toolgate(?:@\S*)?$/i;

const base = (word: string) => word.slice(word.lastIndexOf('/') + 1);
const isBinary = (word: string) => names(base(word).toLowerCase(), 'toolgate') || PACKAGE.test(word);
/** Whether a path, or a glob of one (`dist/c?i/main.js`, `tg/dist/cli/ma?n.js`), may name the CLI script `(dist|src)/cli/main[.js]`. */
const mainScript = (word: string): boolean => {
  const path = posix.normalize(word);
  if (/(?:^|\/)(?:dist|src)\/cli\/main(?:\.[cm]?[jt]s)?$/.test(path)) return true;
  if (!/[*?[{]/.test(path)) return false;
  const [dir, cli, main] = path.split('/').slice(-3);
  return (
    dir !== undefined &&
    cli !== undefined &&
    main !== undefined &&
    (names(dir, 'dist') || names(dir, 'src')) &&
    names(cli, 'cli') &&
    ['main', 'main.js', 'main.cjs', 'main.mjs', 'main.ts'].some((m) => names(main, m))
  );
};
const isScript = (word: string) => mainScript(word) || /(?:^|\/)toolgate\/(?:bin|dist)\//.test(word) || isBinary(word);

/**
 * Whether `word` is `target`, or could expand to it: braces (`ans{w,}er`) or a glob (`answe?`,
 * `an*er`, `[a]nswer`) that matches it — bash expands a glob against the files there, and a
 * file of that name is one `touch` away.
 */
function names(word: string, target: string): boolean {
  if (word === target) return true;
  if (!/[{*?[]/.test(word)) return false;
  let source = '';
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = word.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        const inner = word
          .slice(i + 1, end)
          .replace(/^[!^]/, '^')
          .replace(/\\/g, '\\\\');
        source += `[${inner}]`;
        i = end;
      }
    } else if (c === '{') {
      const end = word.indexOf('}', i);
      const inner = end < 0 ? '' : word.slice(i + 1, end);
      if (end < 0 || !inner.includes(',')) source += '\\{';
      else {
        source += `(?:${inner
          .split(',')
          .map((a) =>
            a
              .replace(/[.+^$()|\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
          )
          .join('|')})`;
        i = end;
      }
    } else source += c.replace(/[.+^$()|\]}\\]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`).test(target);
  } catch {
    return false;
  }
}

/**
 * The `grants` subcommands that never widen what grants answer: they read (`list`, `show`,
 * `help`), narrow (`revoke`) or delete grants that answer nothing any more (`prune`). Any other
 * subcommand — none today, a widening one perhaps tomorrow — is a person's, as answering is.
 */
const GRANTS_READ_OR_NARROW: ReadonlySet<string> = new Set(['list', 'show', 'revoke', 'prune', 'help']);

/** What a person-only subcommand is: `serve`, `answer` (`asks answer`), or `grants` (a grants subcommand that may widen). */
type PersonOnly = 'serve' | 'answer' | 'grants';

/**
 * Whether `grants`, followed by `after`, runs a subcommand not known to only read or narrow: its
 * first word that is no option, spelled literally as one of {@link GRANTS_READ_OR_NARROW}, or none
 * (the help), is not; anything else — another word, a glob or braces that may expand to one — is.
 */
function widensGrants(after: readonly string[]): boolean {
  const sub = after.find((w) => !w.startsWith('-'));
  return sub !== undefined && !GRANTS_READ_OR_NARROW.has(sub);
}

/**
 * Whether the words after the CLI's name run a subcommand only a person may run, and which:
 * `serve` (a second serve on the person's store, with a token the agent chose, answers the
 * person's asks on its own page and rewrites the recorded address), `asks answer` (options, and
 * words an option of the top level might take, may come before either), or a `grants` subcommand
 * that is not known to only read or narrow (see {@link GRANTS_READ_OR_NARROW}).
 */
function personOnly(rest: readonly string[]): PersonOnly | undefined {
  const words = rest.filter((w) => !w.startsWith('-'));
  if (words.some((w, i) => names(w, 'asks') && names(words[i + 1] ?? '', 'answer'))) return 'answer';
  // The subcommand is the first word that is no option, or one after an option that may take a value.
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w === '--')
      return names(rest[i + 1] ?? '', 'serve')
        ? 'serve'
        : names(rest[i + 1] ?? '', 'grants') && widensGrants(rest.slice(i + 2))
          ? 'grants'
          : undefined;
    if (w.startsWith('-')) continue;
    if (names(w, 'serve')) return 'serve';
    if (names(w, 'grants') && widensGrants(rest.slice(i + 1))) return 'grants';
    const before = rest[i - 1];
    if (before === undefined || !before.startsWith('-') || before.includes('=')) return undefined;
  }
  return undefined;
}

/** Every word, with `--opt=value` split and a `-c 'script'` string split into its words. */
function tokens(words: readonly string[]): string[] {
  return words.flatMap((w) => w.split(/[\s=]+/)).filter((w) => w !== '');
}

/**
 * A project's script by name, as the package runner finds it (`package.json`'s `scripts` in the
 * nearest directory holding one): its text, `null` when the project has no such script, or
 * `undefined` when toolgate cannot tell (no file-system view, a file it cannot read or parse).
 */
export type ScriptLookup = (name: string) => string | null | undefined;

/** What one judgement of a command carries: the script lookup, a bound on the work, and what made it person-only when toolgate could not see the program. */
interface Judging {
  readonly scripts: ScriptLookup;
  /** Readings left: each suffix of a runner's words is one; none left, the command is taken as person-only (fail closed). */
  budget: number;
  /** A program toolgate cannot see that may be the CLI: a project script, a package named by path or URL. */
  through?: string;
}

/**
 * Which person-only subcommand a command (its words after expansion) runs, if any (see
 * `personOnly`): `toolgate` by any path, the CLI's script run by `node` (`node …/dist/cli/main.js`),
 * or the package's program run by a package runner, in every reading of its words that
 * `src/shell/programs/package-runners.ts` gives (`npx [options] toolgate@V`, `pnpm -s exec
 * toolgate`, `yarn toolgate`, `deno run npm:toolgate`, `corepack pnpm …`, `volta run …`): a
 * package named by a path or URL, or a project script (whose text is read when the project's
 * `package.json` can be), may be the CLI too.
 */
function personOnlyCommand(argv: readonly string[], j: Judging): PersonOnly | undefined {
  const [first, ...rest] = argv;
  if (first === undefined) return undefined;
  if (--j.budget < 0) {
    j.through = 'a command with more words than toolgate reads through its runners';
    return 'serve';
  }
  const name = base(first).toLowerCase();
  if (isScript(first)) return personOnly(rest);
  for (const run of packageRunsOf(name, argv) ?? []) {
    const what =
      run.kind === 'command' ? commandIn(run.words, run.spec, j) : scriptRun(run.name, run.args, run.orCommand, run.elsewhere, j);
    if (what !== undefined) return what;
  }
  if (!runsJavaScript(name)) return undefined;
  const t = tokens(rest);
  for (let i = 0; i < t.length; i++) {
    if (!isScript(t[i]!)) continue;
    const what = personOnly(t.slice(i + 1));
    if (what !== undefined) return what;
  }
  return undefined;
}

/**
 * A runner's words that hold a command (or, with `spec`, a package and its arguments) after
 * options of the runner's own: each suffix is read as one (`-c 'CMD'` and `--package=P` split
 * into words).
 */
function commandIn(words: readonly string[], spec: boolean, j: Judging): PersonOnly | undefined {
  const t = tokens(words);
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!;
    if (w.startsWith('-')) continue;
    // Only a word that names a program the CLI may be run by starts a reading (so a long list of files costs none).
    const program = base(w).toLowerCase();
    const what = isScript(w) || isPackageRunner(program) || runsJavaScript(program) ? personOnlyCommand(t.slice(i), j) : undefined;
    if (what !== undefined) return what;
    if (!spec) continue;
    const named = isBinary(specPackage(w));
    if (!named && !unnamedPackageSpec(w)) continue;
    const after = personOnly(t.slice(i + 1));
    if (after === undefined) continue;
    if (!named) j.through = `the package ${w}, which toolgate cannot tell by its name`;
    return after;
  }
  return undefined;
}

/** The project's script `name` run with `args`: judged by its text when known; else, failing closed, by what `args` would make of the CLI. */
function scriptRun(name: string, args: readonly string[], orCommand: boolean, elsewhere: boolean, j: Judging): PersonOnly | undefined {
  // A script of another package (`pnpm -C DIR`, `--filter`): toolgate does not follow it there.
  const text = elsewhere ? undefined : j.scripts(name);
  if (text === null) return orCommand ? personOnlyCommand([name, ...args], j) : undefined;
  if (text !== undefined) {
    // The runner appends the arguments to the script's command line.
    const what = commandIn([text, ...args], false, j);
    if (what !== undefined) j.through ??= `the project's script "${name}" (${text.slice(0, 80)})`;
    return what;
  }
  const what = personOnly(args) ?? (orCommand ? personOnlyCommand([name, ...args], j) : undefined);
  if (what !== undefined) j.through ??= `the project's script or program "${name}", which toolgate cannot see`;
  return what;
}

/** No script known: each one may be the CLI. */
const UNKNOWN_SCRIPTS: ScriptLookup = () => undefined;

/**
 * Whether a command (its words after expansion) runs a subcommand only a person may run:
 * `toolgate asks answer`, `toolgate serve`, or a `toolgate grants` subcommand not known to only
 * read or narrow grants — in every spelling (see `personOnlyCommand`).
 */
export function runsAnswerCommand(argv: readonly string[], scripts: ScriptLookup = UNKNOWN_SCRIPTS): boolean {
  return personOnlyCommand(argv, judging(scripts)) !== undefined;
}

/** A fresh judgement: up to 2,000 readings of a command's words. */
const judging = (scripts: ScriptLookup): Judging => ({ scripts, budget: 2000 });

/**
 * `personOnlyCommand` where the command runs: a script named relative to a directory the line
 * changed to (`cd dist/cli && node main.js asks answer`, `./main.js serve`) is resolved against
 * each directory the command may run in, and a project script is looked up there.
 */
function personOnlyCommandIn(
  argv: readonly string[],
  cwds: readonly string[],
  scriptsIn: (cwd: string) => ScriptLookup,
): { what: PersonOnly; through?: string } | undefined {
  const main = /(?:^|\/)main(?:\.[cm]?[jt]s)?$/;
  const relative = argv.some((w) => main.test(w) && !w.startsWith('/'));
  for (const cwd of cwds) {
    const j = judging(scriptsIn(cwd));
    const what =
      personOnlyCommand(argv, j) ??
      (relative
        ? personOnlyCommand(
            argv.map((w) => (main.test(w) && !w.startsWith('/') ? posix.join(cwd, w) : w)),
            j,
          )
        : undefined);
    if (what !== undefined) return { what, ...(j.through !== undefined ? { through: j.through } : {}) };
  }
  return undefined;
}

/**
 * The project scripts a package runner finds from `cwd`: `package.json`'s `scripts` in the
 * nearest directory holding a `package.json`; unknown when the view reads no files, or the file
 * cannot be read or parsed.
 */
export function projectScripts(fs: ReadonlyFsView, cwd: string): ScriptLookup {
  return (name) => {
    if (fs.readText === undefined) return undefined;
    for (let dir = posix.normalize(cwd); ; dir = posix.dirname(dir)) {
      const file = posix.join(dir, 'package.json');
      if (fs.exists(file)) {
        const text = fs.readText(file);
        if (text === undefined) return undefined;
        let scripts: unknown;
        try {
          scripts = (JSON.parse(text) as { scripts?: unknown } | null)?.scripts;
        } catch {
          return undefined;
        }
        if (scripts === undefined) return null;
        if (typeof scripts !== 'object' || scripts === null) return undefined;
        if (!Object.hasOwn(scripts, name)) return null;
        const script = (scripts as Record<string, unknown>)[name];
        return typeof script === 'string' ? script : undefined;
      }
      if (dir === '/' || dir === '.') return null;
    }
  };
}

/**
 * The guarded file a text names, in full (`/s/toolgate.db` inside `attach '/s/toolgate.db' as s`)
 * or by its file name with a directory part that resolves to it from one of `cwds` (`../toolgate/serve-token`,
 * `~/.local/state/toolgate/serve-token`, `$HOME/…`) — after links resolve (`textNamesPath`, the
 * matcher the built-in rule for serve's default state directory uses too).
 * What code computes (`'/s/' || 'token'`) is opaque: running serve as another OS user stops that.
 */
export function guardedFileNamed(
  text: string,
  files: readonly string[],
  cwds: readonly string[],
  home: string,
  realpath: (p: string) => string | undefined = () => undefined,
): string | undefined {
  return files.find((file) => textNamesPath(text, file, { home, cwds, realpath }));
}

/**
 * The directory holding serve's recorded address (`serve-address`), and its ancestors up to the
 * home directory: `toolgate asks answer` reads the record there, so a gated agent must not make it
 * unreadable (`chmod 000`, `chown`) nor put entries of its own in it.
 */
export interface GuardedDirectory {
  /** The record's directory: nothing in it is created, changed or removed by a gated agent, nor the directory itself. */
  dir: string;
  /** Its ancestors up to and with the home directory (none when it lies outside home): their own mode and owner are not changed. */
  ancestors: readonly string[];
}

/** The {@link GuardedDirectory} of the recorded address file, with `home` the last ancestor guarded. */
export function guardedDirectory(addressFile: string, home: string): GuardedDirectory {
  const dir = posix.dirname(posix.normalize(addressFile));
  const ancestors: string[] = [];
  const top = posix.normalize(home);
  if (dir.startsWith(`${top}/`))
    for (let d = posix.dirname(dir); d.startsWith(`${top}/`) || d === top; d = posix.dirname(d)) {
      ancestors.push(d);
      if (d === top) break;
    }
  return { dir, ancestors };
}

/** What the self-guard needs besides the call: where it runs and the file-system view. */
export interface GuardContext {
  cwd: string;
  home: string;
  fs: ReadonlyFsView;
  /** The recorded address's directory (see {@link GuardedDirectory}). Without it no directory is guarded. */
  directory?: GuardedDirectory;
  /** serve's policy files ({@link SelfTarget.policyFiles}): a write of another name of one (a hard link) is denied. */
  policyFiles?: readonly string[];
  /**
   * serve's process id and the ids of its threads (each reaches the same memory through
   * `/proc/ID/` and ptrace), read when a call may name one. Without it no process is guarded.
   */
  processIds?: () => ReadonlySet<string>;
}

const deny = (what: string, detail: string): Decision => ({
  behavior: 'deny',
  reason: {
    kind: 'rule',
    message: `${what}: a gated agent may neither reach toolgate serve's token, store and process nor answer its own asks`,
  },
  rule: { text: 'toolgate serve: its own files, process and answer command', list: 'deny', source: { kind: 'inline', builtIn: true } },
  trace: [{ step: 'serveSelf', outcome: 'deny', detail }],
});

/** The process id a path under `/proc` names (`/proc/12/mem`, `/proc/12`), or `undefined`. */
const procId = (path: string): string | undefined => /^\/proc\/(\d+)(?:\/|$)/.exec(path)?.[1];

/**
 * What the built-in rules cannot see by path: another name of serve's token or store file (an
 * existing hard link: same device and inode in the file-system view); the answer command in
 * any of its spellings, and the CLI's `serve`; a guarded file named inside a word or the command's
 * text (SQL given to `sqlite3`); `/proc/ID/` of any of serve's threads (the rules name its process
 * id); and a program that attaches to, dumps, signals or limits serve's process or process group
 * by id (`gcore ID`, `gdb -p ID`, `kill ID`, `kill -ABRT -PGID`, `prlimit --pid ID`, `ps eww ID`:
 * `src/shell/programs/process-attach.ts`; decision 0056) — each in
 * any command the shell analysis lists (inside `bash -c`, after `timeout`, …). Denied in every
 * mode. Code toolgate cannot see is not looked into, nor an id that is not literal
 * (`gcore $(pgrep node)`): running serve as another OS user is what stops those (decision 0025,
 * `docs/serve-threat-model.md`).
 */
export function selfGuard(call: ToolCall, files: readonly string[], g: GuardContext): Decision | undefined {
  if (call.tool === 'PowerShell') return undefined;
  // Another name of a guarded file exists only when it has more than one link (a link made now,
  // `ln TOKEN x`, is a read of the token, which the built-in rules deny by path).
  const policy = g.policyFiles ?? [];
  const linked = g.fs.identity !== undefined && [...files, ...policy].some((f) => (g.fs.linkCount?.(f) ?? 1) > 1);
  const command = call.input['command'];
  const shell = typeof command === 'string';
  // A command names a process id in digits (a link to `/proc/ID` is made by a command that names it).
  const mayAim = g.processIds !== undefined && (!shell || /\d/.test(command as string));
  const fileNames = files.map((f) => f.slice(f.lastIndexOf('/') + 1)).filter((n) => n !== '');
  const mayName = shell && (mayNameAnswer(command as string) || fileNames.some((n) => (command as string).includes(n)));
  // Tools that reach serve's files without naming them: a search of a directory that holds them,
  // and MCP tools, whose paths toolgate has no model of (red team H4).
  const reach = reachesGuarded(call, files, g);
  if (reach !== undefined) return reach;
  if (!linked && !mayAim && !mayName && g.directory === undefined) return undefined;
  // A glob the line writes through names what it matches, and where those links lead (one bound for the line).
  const budget = newBudget();
  const facts: CallFacts = callFacts(call, {
    cwd: g.cwd,
    home: g.home,
    platform: process.platform === 'darwin' ? 'macos' : 'linux',
    shell: 'bash',
    realpath: (p) => g.fs.realpath(p),
    ...(g.fs.isDirectory !== undefined ? { isDirectory: (p: string) => g.fs.isDirectory?.(p) } : {}),
    ...(g.fs.list !== undefined ? { globMatches: (p: string) => globMatches(g.fs, p, budget) } : {}),
  });
  const paths: string[] = [];
  /** The paths the call writes or removes. */
  const written: string[] = [];
  const ids = mayAim ? g.processIds?.() : undefined;
  if (facts.kind === 'shell') {
    // The directories a command of the line may run in: the call's, and each one a `cd` changes to.
    const cwds = [
      g.cwd,
      ...facts.effects
        .filter((e) => e.op === 'read' && entersDirectory(facts.analysis.commands[e.command ?? -1]?.argv[0] ?? ''))
        .map((e) => e.path),
    ];
    if (mayName) {
      // Code toolgate reads as data (SQL given to `sqlite3`, a heredoc) may still name a guarded file: `attach '…/toolgate.db'`, `readfile('…/serve-token')`.
      const text = (command as string).replace(/\\\n/g, '').replace(/\\(.)/g, '$1');
      const words = facts.analysis.commands.flatMap((c) => c.argv);
      for (const t of [text, text.replace(/["']/g, ''), ...words]) {
        const file = guardedFileNamed(t, files, cwds, g.home, (p) => g.fs.realpath(p));
        if (file !== undefined)
          return deny(`the command names ${file}, one of toolgate serve's own files`, `"${t.slice(0, 200)}" names ${file}`);
      }
    }
    for (const cmd of facts.analysis.commands) {
      const found = personOnlyCommandIn(cmd.argv, cwds, (cwd) => projectScripts(g.fs, cwd));
      const personal = found?.what;
      if (found?.through !== undefined)
        return deny(
          `the command may run toolgate serve, its answer command or a grants subcommand that widens grants through ${found.through} (${cmd.argv.slice(0, 6).join(' ')}): only a person runs those`,
          `"${cmd.argv.join(' ')}" may be \`toolgate ${personal === 'answer' ? 'asks answer' : personal}\` through ${found.through}`,
        );
      if (personal === 'grants')
        return deny(
          `the command runs a toolgate grants subcommand that may widen what grants answer (${cmd.argv.slice(0, 6).join(' ')}): only a person changes grants that way, as only a person answers toolgate serve's asks`,
          `"${cmd.argv.join(' ')}" is \`toolgate grants\` with a subcommand other than list, show, revoke, prune and help`,
        );
      if (personal !== undefined)
        return deny(
          `the command runs toolgate serve or its answer command (${cmd.argv.slice(0, 6).join(' ')})`,
          `"${cmd.argv.join(' ')}" is \`toolgate serve\` or \`toolgate asks answer\``,
        );
      const aim = ids !== undefined ? processesAimedAt(cmd.argv, cmd.literal) : undefined;
      const hit = aim?.ids.find((id) => id === '-1' || ids?.has(id) === true);
      if (aim !== undefined && hit !== undefined) {
        const whom =
          hit === '-1'
            ? 'every process the user may signal, toolgate serve among them'
            : hit.startsWith('-')
              ? `process group ${hit.slice(1)}, toolgate serve's`
              : `process ${hit}, which is toolgate serve`;
        return deny(
          `\`${cmd.argv.slice(0, 6).join(' ')}\` ${aim.what} ${whom}`,
          `"${cmd.argv.join(' ')}" is aimed at toolgate serve's process`,
        );
      }
    }
    for (const e of facts.effects) {
      paths.push(e.path);
      if (e.op !== 'read') written.push(e.path);
    }
    if (g.directory !== undefined) {
      const hit = directoryChange(facts.effects, g.directory, g.fs);
      if (hit !== undefined) return hit;
    }
  } else if (facts.kind === 'read' || facts.kind === 'edit') {
    paths.push(facts.path);
    if (facts.kind === 'edit') written.push(facts.path);
    if (facts.kind === 'edit' && g.directory !== undefined) {
      const hit = directoryChange([{ op: 'write', path: facts.path, command: 0 }], g.directory, g.fs);
      if (hit !== undefined) return hit;
    }
  }
  if (ids !== undefined) {
    for (const p of paths) {
      const id = procId(p) ?? procId(g.fs.realpath(p) ?? '');
      if (id !== undefined && ids.has(id))
        return deny(
          `${p} is in /proc/${id}/, toolgate serve's own process (its memory, environment and open files)`,
          `${p} reaches toolgate serve's process ${id}`,
        );
    }
  }
  if (!linked || paths.length === 0 || g.fs.identity === undefined) return undefined;
  const identity = g.fs.identity.bind(g.fs);
  const guarded = byIdentity(files, identity);
  for (const p of paths) {
    const id = identity(p);
    const file = id !== undefined ? guarded.get(id) : undefined;
    if (file !== undefined)
      return deny(
        `${p} is another name of ${file} (the same file)`,
        `${p} has the device and inode of ${file}, one of toolgate serve's own files`,
      );
  }
  const policyIds = byIdentity(policy, identity);
  for (const p of written) {
    const id = identity(p);
    const file = id !== undefined ? policyIds.get(id) : undefined;
    if (file !== undefined)
      return deny(
        `${p} is another name of ${file}, the policy toolgate serve decides with (the same file)`,
        `${p} has the device and inode of ${file}, one of toolgate serve's policy files`,
      );
  }
  return undefined;
}

/**
 * A write or removal in the recorded address's directory, or of the directory itself (its mode,
 * owner, times: `chmod 000 DIR`, `touch DIR/x`, `mkdir DIR/serve-address`), or a write of an
 * ancestor's own entry (`chmod 000 ~/.local`) by a command that writes nothing beneath it: made
 * unreadable, the record would leave `toolgate asks answer` without the address it trusts.
 */
function directoryChange(
  effects: readonly Pick<PathEffect, 'op' | 'path' | 'command'>[],
  d: GuardedDirectory,
  fs: ReadonlyFsView,
): Decision | undefined {
  const real = (p: string) => fs.realpath(p) ?? p;
  const dir = real(d.dir);
  const ancestors = new Set(d.ancestors.map(real));
  for (const e of effects) {
    if (e.op === 'read') continue;
    const p = real(e.path);
    if (p === dir || p.startsWith(`${dir}/`)) {
      return deny(
        `${e.path} is in ${d.dir}, where toolgate serve records its address for toolgate asks answer`,
        `${e.op} of ${e.path} changes toolgate serve's state directory`,
      );
    }
    if (
      e.op === 'write' &&
      ancestors.has(p) &&
      !effects.some((o) => o.command === e.command && o.op !== 'read' && real(o.path).startsWith(`${p}/`))
    ) {
      return deny(
        `the command changes ${e.path} itself (its mode, owner or times), which holds ${d.dir}, where toolgate serve records its address for toolgate asks answer`,
        `write of the directory ${e.path}, an ancestor of toolgate serve's state directory`,
      );
    }
  }
  return undefined;
}

/** Whether `dir` is `/`, one of `files`, or a directory that holds one of them (after links resolve). */
function holdsGuarded(dir: string, files: readonly string[], fs: ReadonlyFsView): string | undefined {
  const real = (p: string) => fs.realpath(p) ?? p;
  const d = posix.normalize(dir).replace(/(?<=.)\/+$/, '');
  const rd = real(d);
  for (const f of files) {
    for (const [x, fx] of [
      [d, f],
      [rd, real(f)],
    ] as const) {
      if (x === fx || x === '/' || fx.startsWith(`${x}/`)) return f;
    }
  }
  return undefined;
}

/**
 * Another name (a hard link, or a symbolic link leading there) of one of serve's files in the
 * folder `dir`, walked whole within the walk bound — looked for only while one of those files has
 * more than one name, so a search elsewhere costs no walk. rg leaves out hidden and ignored files
 * and does not follow links unless configured to; serve's own files are guarded against every
 * configuration, so every entry counts. A walk the bound ends finds nothing here: the evaluator's
 * check of a searched tree that may hold a file with several names still asks (decision 0078).
 */
function otherNameUnder(dir: string, files: readonly string[], fs: ReadonlyFsView): { path: string; file: string } | undefined {
  if (fs.identity === undefined || fs.list === undefined || fs.isDirectory === undefined) return undefined;
  if (fs.isDirectory(dir) !== true || !files.some((f) => (fs.linkCount?.(f) ?? 1) > 1)) return undefined;
  const ids = byIdentity(files, fs.identity.bind(fs));
  if (ids.size === 0) return undefined;
  const view = fs as ListingView;
  const found = walkTree(view, dir, newBudget(), (p) => {
    const id = fs.identity?.(p);
    const file = id !== undefined ? ids.get(id) : undefined;
    if (file !== undefined) return { stop: { path: p, file } };
    return fs.isSymlink?.(p) !== true && view.isDirectory(p) === true ? { descend: p } : undefined;
  });
  return 'file' in found ? found : undefined;
}

/** The files by their identity in the view (device and inode): a name with the same identity is another name of the file. */
function byIdentity(files: readonly string[], identity: (path: string) => string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) {
    const id = identity(f);
    if (id !== undefined) out.set(id, f);
  }
  return out;
}

/** Every string in a tool's input (keys of objects too), at most `limit` of them. */
function stringsOf(value: unknown, out: string[] = [], limit = 10_000, depth = 0): string[] {
  if (out.length >= limit || depth > 64) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out, limit, depth + 1);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      stringsOf(v, out, limit, depth + 1);
    }
  }
  return out;
}

/**
 * Calls that reach serve's files through a directory: Claude Code's `Grep` searches the contents
 * of every file under its `path` (the working directory when none is given), skipping only the
 * user's own Read deny rules, which serve's built-in rules are not — so a search of a directory
 * holding serve's token or store is denied. (`Glob` lists names only, and the rules already make
 * it a guarded read there.) An
 * MCP tool's paths are unknown to toolgate: any string of its input that names one of serve's
 * files, or a directory holding one (`/`, `~`, the state directory), is denied; what an MCP
 * server reads on its own (its configured roots) is out of reach — keep serve's state outside
 * them, or run serve as another user (docs/serve-threat-model.md).
 */
function reachesGuarded(call: ToolCall, files: readonly string[], g: GuardContext): Decision | undefined {
  if (files.length === 0) return undefined;
  if (call.tool === 'Grep') {
    const raw = call.input['path'];
    const written = typeof raw === 'string' && raw !== '' ? raw.replace(/^~(?=\/|$)/, g.home) : g.cwd;
    const path = posix.isAbsolute(written) ? written : posix.join(g.cwd, written);
    const file = holdsGuarded(path, files, g.fs);
    if (file !== undefined)
      return deny(
        `Grep searches ${path}, which holds ${file}, one of toolgate serve's own files (Claude Code's search skips only your own Read deny rules)`,
        `Grep of ${path} reads ${file}`,
      );
    const other = otherNameUnder(path, files, g.fs);
    if (other !== undefined)
      return deny(
        `Grep searches ${path}, which holds ${other.path}, another name of ${other.file} (the same file)`,
        `${other.path} under ${path} has the device and inode of ${other.file}, one of toolgate serve's own files`,
      );
    return undefined;
  }
  if (!call.tool.startsWith('mcp__')) return undefined;
  for (const text of stringsOf(call.input)) {
    const named = guardedFileNamed(text, files, [g.cwd], g.home, (p) => g.fs.realpath(p));
    if (named !== undefined)
      return deny(`the MCP tool's input names ${named}, one of toolgate serve's own files`, `"${text.slice(0, 200)}" names ${named}`);
    let t = text.trim().replace(/^file:(?:\/\/(?:localhost)?)?/i, '');
    if (t === '' || t.includes('\n')) continue;
    t = t.replace(/^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/, g.home);
    if (!t.startsWith('/') && t !== '.' && t !== '..' && !t.startsWith('./') && !t.startsWith('../')) continue;
    const path = posix.isAbsolute(t) ? posix.normalize(t) : posix.join(g.cwd, t);
    const file = holdsGuarded(path, files, g.fs);
    if (file !== undefined)
      return deny(
        `the MCP tool's input names ${path}, which holds ${file}, one of toolgate serve's own files: toolgate cannot know what an MCP tool does with a directory`,
        `"${text.slice(0, 200)}" holds ${file}`,
      );
  }
  return undefined;
}

/** Paths that name the calling process itself: resolved by serve, they would name serve's own. */
const SELF = /^\/(?:proc\/(?:self|thread-self)|dev\/(?:fd|stdin|stdout|stderr))(?:\/|$)/;

/**
 * The file-system view as the agent's processes see `/proc/self`, `/proc/thread-self` and
 * `/dev/fd` (each process its own): serve resolving them would reach its own process, so a
 * harmless `cat /proc/self/status` would read as serve's and `cat /dev/fd/3` as serve's store.
 * Under them nothing is resolved or identified; the path stands as written.
 */
export function agentsProcessView(view: ReadonlyFsView): ReadonlyFsView {
  const own = (p: string) => SELF.test(p);
  return {
    ...view,
    realpath: (p) => (own(p) ? p : view.realpath(p)),
    exists: (p) => own(p) || view.exists(p),
    ...(view.isDirectory !== undefined ? { isDirectory: (p: string) => (own(p) ? undefined : view.isDirectory?.(p)) } : {}),
    ...(view.identity !== undefined ? { identity: (p: string) => (own(p) ? undefined : view.identity?.(p)) } : {}),
    ...(view.linkCount !== undefined ? { linkCount: (p: string) => (own(p) ? undefined : view.linkCount?.(p)) } : {}),
    ...(view.isExecutable !== undefined ? { isExecutable: (p: string) => (own(p) ? undefined : view.isExecutable?.(p)) } : {}),
    ...(view.list !== undefined ? { list: (p: string) => (own(p) ? undefined : view.list?.(p)) } : {}),
    ...(view.isSymlink !== undefined ? { isSymlink: (p: string) => !own(p) && view.isSymlink?.(p) === true } : {}),
    ...(view.readText !== undefined ? { readText: (p: string) => (own(p) ? undefined : view.readText?.(p)) } : {}),
    ...(view.readBytes !== undefined ? { readBytes: (p: string) => (own(p) ? undefined : view.readBytes?.(p)) } : {}),
  };
}

/**
 * Whether a command's text can name the word `answer` (or `serve`, `grants`) once the shell has removed quotes,
 * backslashes and line continuations, or holds ANSI-C quoting (`$'\x61nswer'`) that could spell
 * it, or braces that could expand to it: only then is the command analysed for the answer command. What expansions compute
 * (`$(printf answer)`, `$A`) is never a literal word of the analysis either.
 */
function mayNameAnswer(command: string): boolean {
  if (command.includes("$'") || /[{*?[]/.test(command)) return true;
  const plain = command
    .replace(/\\\n/g, '')
    .replace(/["'\\]/g, '')
    .toLowerCase();
  return plain.includes('answer') || plain.includes('serve') || plain.includes('grants');
}
