/**
 * What a command line runs from files, read for a command that runs with no tool call (a hook's
 * command, a settings `statusLine`, a git hook's lines: `evaluate/command-code.ts`, decision
 * 0128): the script an interpreter is given, the text of `sh -c`, the module `python3 -m` runs,
 * the Makefiles `make` reads, the configuration modules a lint or test tool loads. The package
 * managers' forms (`npx NAME`, `npm run X`, `npm test`) are `package-runners.ts`'s. Each form was
 * run on this machine (bash 5.2, Python 3.11, Node 20, GNU make 4.3, git 2.39) with a planted file
 * in its place, and the planted file ran. A main-bundle table: a Write or Edit call reads it.
 *
 * Sources: bash(1) and dash(1) invocation; python(1) (`-m`, `-c`, the options that take a value);
 * node(1) (`-r`/`--require`, `--import`, `--loader`); GNU make 4.3 manual, "What Name to Give Your
 * Makefile", "Including Other Makefiles", "Options Summary"; ESLint 9, Prettier 3, Jest 29, Vitest
 * 4 configuration documentation (the file names each looks for in the working directory).
 */
import { interpreterLanguage, type ScriptLanguage } from './script-languages.js';
import { interpreterName } from './interpreter-names.js';
import { keywordOf, RUNNING_KEYWORDS, sshOptions } from './ssh-options.js';
import { shellInvocation } from './shell-invocation.js';

/** What one simple command runs from files, as far as its words say. @internal */
export type UnattendedRun =
  /** A script file given to an interpreter (`bash x.sh`, `python3 x.py`, `node x.js`), or a program run by its path. */
  | {
      readonly kind: 'script';
      readonly file: string;
      readonly language?: ScriptLanguage;
      /** An interpreter whose language toolgate does not read (perl, ruby, php…): the file is code, its text is not followed. */
      readonly unread?: true;
    }
  /** A file an option has the interpreter load before the script (`node -r ./setup.js`). */
  | { readonly kind: 'preload'; readonly file: string }
  /**
   * Shell text run by the command (`bash -c TEXT`); `args`: the words after it, which the text
   * gets as `$0`, `$1`, … (`sh -c '. "$1"' _ ~/x`).
   */
  | { readonly kind: 'text'; readonly text: string; readonly args?: readonly string[] }
  /** A Python module run by `-m`, found from the working directory first. */
  | { readonly kind: 'module'; readonly module: string }
  /** The Makefiles make reads: those `-f` names, else the default names in `dir` (`-C`). */
  | { readonly kind: 'makefiles'; readonly files: readonly string[]; readonly dir?: string }
  /** A configuration file ssh reads (`ssh -F FILE`, `-o Include=FILE`), whose ProxyCommand and `Match exec` ssh runs. */
  | { readonly kind: 'sshConfig'; readonly file: string }
  /** Every file directly in a folder, each run as a program (`run-parts DIR`). */
  | { readonly kind: 'folder'; readonly dir: string };

/** python's options that take the next word as their value (python(1), 3.11). */
const PYTHON_VALUED: ReadonlySet<string> = new Set(['-W', '-X', '--check-hash-based-pycs']);

/** node's (and tsx's, ts-node's) options whose value is a module it loads first. */
const NODE_PRELOADS: ReadonlySet<string> = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader']);

/** node's options that take the next word as a value that is no file it runs. */
const NODE_VALUED: ReadonlySet<string> = new Set(['-C', '--conditions', '--input-type', '--title', '--env-file', '--stack-size']);

/** make's options that take the next word (GNU make 4.3; `-j`/`-l` take an optional number, read below). */
const MAKE_VALUED: ReadonlySet<string> = new Set(['-f', '--file', '--makefile', '-C', '--directory', '-I', '--include-dir', '-o', '--old-file', '--assume-old', '-W', '--what-if', '--new-file', '--assume-new', '-E', '--eval']);

/** The names GNU make looks for, in its order, when no `-f` is given (each written there is read). */
export const MAKEFILE_NAMES: readonly string[] = ['GNUmakefile', 'makefile', 'Makefile'];

/**
 * The configuration modules a program loads from the working directory (each is a module: its
 * code runs when the program starts), by program name. @internal
 */
const CONFIG_MODULES: Readonly<Record<string, readonly string[]>> = {
  eslint: ['eslint.config', '.eslintrc'].flatMap((b) => ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => b + e)),
  prettier: ['prettier.config', '.prettierrc'].flatMap((b) => ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => b + e)),
  jest: ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => `jest.config${e}`),
  vitest: ['vitest.config', 'vite.config'].flatMap((b) => ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map((e) => b + e)),
};

/** The configuration modules `program` (a basename) loads from its working directory, or none. @internal */
export function configModules(program: string): readonly string[] {
  return Object.hasOwn(CONFIG_MODULES, program) ? CONFIG_MODULES[program]! : [];
}

/**
 * What the simple command `words` (quotes removed; `words[0]` the program as written) runs from
 * files, or `undefined` when its program is none of those read here. A program given by a path
 * (`./scripts/x.sh`, `/opt/x`) is itself the script.
 * @internal
 */
export function unattendedRuns(words: readonly string[]): readonly UnattendedRun[] | undefined {
  const first = words[0];
  if (first === undefined) return undefined;
  const name = first.slice(first.lastIndexOf('/') + 1);
  const language = interpreterLanguage(name);
  if (language === 'shell-script') return shellRuns(words);
  if (language === 'python-script') return pythonRuns(words);
  if (language === 'node-script') return nodeRuns(words);
  if (/^[gb]?make$/.test(name)) return makeRuns(words);
  if (name === 'ssh') return sshRuns(words);
  // `eval WORDS`: the words joined by blanks are shell text (bash(1) "eval").
  if (name === 'eval') return words.length > 1 ? [{ kind: 'text', text: words.slice(1).join(' ') }] : [];
  if (name === 'run-parts') return runPartsRuns(words);
  if (first.includes('/')) return [{ kind: 'script', file: first }];
  // Another interpreter runs its first word that is no option (`perl x.pl`, `ruby x.rb`).
  if (interpreterName(name) !== undefined) {
    const script = words.findIndex((w, k) => k > 0 && !w.startsWith('-'));
    return script > 0 ? [{ kind: 'script', file: words[script]!, unread: true }] : [];
  }
  return undefined;
}

/**
 * `ssh -F FILE`, `ssh -o Include=FILE`: the configuration files it reads; `-o ProxyCommand=TEXT`
 * (LocalCommand, KnownHostsCommand): the text it runs with the user's shell. Verified with git
 * 2.39 and OpenSSH 9.2: `core.sshCommand = ssh -F ~/bin/x.cfg` ran the file's ProxyCommand and
 * its `Match exec` command on `git ls-remote` (red team 26 RT26-A4).
 */
function sshRuns(words: readonly string[]): UnattendedRun[] {
  const parsed = sshOptions(words);
  if ('problem' in parsed) return [];
  const out: UnattendedRun[] = [];
  for (const o of parsed.options) {
    if (o.value === undefined) continue;
    if (o.letter === 'F' && o.value !== 'none') out.push({ kind: 'sshConfig', file: o.value });
    if (o.letter !== 'o') continue;
    const { keyword, value } = keywordOf(o.value);
    if (RUNNING_KEYWORDS.has(keyword) && value !== '' && value.toLowerCase() !== 'none') out.push({ kind: 'text', text: value });
    if (keyword === 'include') for (const f of value.split(/\s+/)) if (f !== '') out.push({ kind: 'sshConfig', file: f });
  }
  return out;
}

/**
 * Whether the simple command `words` (quotes removed) runs code it reads on its input: a shell
 * given no script and no `-c` (`sh -s < F`, `bash < F`), `.`/`source` of the input (`. /dev/stdin
 * < F`), `eval` (in a `while read l; do eval "$l"; done < F` loop, its text is F's lines), `xargs`
 * running a shell (`xargs -I{} sh -c {} < F`), an interpreter given no script (`python3 - < F`,
 * `node < F`). A git hook ran F in each (red team 27 RT27-B19, B20, B22, B26). @internal
 */
export function runsItsInput(words: readonly string[]): boolean {
  const first = words[0];
  if (first === undefined) return false;
  const name = first.slice(first.lastIndexOf('/') + 1);
  if (name === '.' || name === 'source') return /^\/(?:dev\/stdin|dev\/fd\/0|proc\/self\/fd\/0)$/.test(words[1] ?? '');
  if (name === 'eval') return true;
  if (name === 'xargs') {
    const k = words.findIndex((w, i) => i > 0 && interpreterLanguage(w.slice(w.lastIndexOf('/') + 1)) === 'shell-script');
    return k > 0 && shellInvocation(words.slice(k)).noexec !== true;
  }
  const language = interpreterLanguage(name);
  if (language === undefined) return false;
  if (language === 'shell-script' && shellInvocation(words).noexec === true) return false;
  const runs = unattendedRuns(words) ?? [];
  if (runs.some((r) => r.kind !== 'preload')) return runs.some((r) => r.kind === 'script' && r.file === '-');
  // No script: unless the code comes from an option (`-c`, `-e`, `-p`, `--eval`, `-m`).
  return !words.slice(1).some((w) => /^-(?:[a-zA-Z]*[cem]|p|-eval|-print)$|^-[cem]./.test(w));
}

/** run-parts' options that take the next word as their value (debianutils 5.7 `--help`; getopt_long takes a start of a long name). */
const RUN_PARTS_VALUED = ['--umask', '--arg', '--regex'];

/**
 * `run-parts [OPTION]... DIR`: every executable file directly in DIR (debianutils 5.7; `--test`
 * and `--list` only print their names). A Claude Code hook `run-parts scripts` and a git hook's
 * ran `scripts/s` (red team 27 RT27-B4, B12).
 */
function runPartsRuns(words: readonly string[]): UnattendedRun[] {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return words[i + 1] !== undefined ? [{ kind: 'folder', dir: words[i + 1]! }] : [];
    if ((w.length >= 3 && '--test'.startsWith(w)) || (w.length >= 4 && '--list'.startsWith(w))) return [];
    if (w.startsWith('--')) {
      if (!w.includes('=') && RUN_PARTS_VALUED.some((o) => w.length > 2 && o.startsWith(w))) i++;
      continue;
    }
    if (w.startsWith('-') && w !== '-') {
      if (/[ua]$/.test(w)) i++;
      continue;
    }
    return [{ kind: 'folder', dir: w }];
  }
  return [];
}

/**
 * The files whose text a command-substitution makes part of shell text (`eval "$(cat f)"`, `sh -c
 * "$(< f)"`, `` bash -c "`cat f`" ``): the file's contents are the code that runs (red team 27
 * RT27-B1, B2). @internal
 */
export function textFromFiles(text: string): string[] {
  const out: string[] = [];
  const word = String.raw`("[^"$\x60]*"|'[^']*'|[^\s;&|()<>\x60"'$]+)`;
  const forms = [
    new RegExp(String.raw`\$\(\s*(?:cat\s+(?:--\s+)?|<\s*)${word}\s*\)`, 'g'),
    new RegExp(String.raw`\x60\s*(?:cat\s+(?:--\s+)?|<\s*)${word}\s*\x60`, 'g'),
  ];
  for (const re of forms) for (const m of text.matchAll(re)) out.push(m[1]!.replace(/^(["'])(.*)\1$/s, '$2'));
  return out;
}

/** `sh [-eux] [-o opt] FILE`, `bash -c TEXT`, `bash -lc TEXT`; `sh -n FILE` only parses (the shell's own option model says so). */
function shellRuns(words: readonly string[]): UnattendedRun[] {
  if (shellInvocation(words).noexec === true) return [];
  let text = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return words[i + 1] !== undefined && !text ? [{ kind: 'script', file: words[i + 1]!, language: 'shell-script' }] : [];
    if (w === '-o' || w === '+o' || w === '-O' || w === '+O') {
      i++;
      continue;
    }
    if (/^[-+]/.test(w)) {
      if (/^-[a-zA-Z]*c/.test(w)) text = true;
      continue;
    }
    return text ? [{ kind: 'text', text: w, args: words.slice(i + 1) }] : [{ kind: 'script', file: w, language: 'shell-script' }];
  }
  return [];
}

/**
 * `python3 [opts] FILE`, `python3 -m pkg.mod`, `python3 -Im pkg.mod`, `python3 -mpkg.mod`; `-c
 * TEXT`: the modules its `import` lines name, found from the working directory first (`sys.path[0]`
 * is `''` for `-c`; not with `-I` or `-P`, Python 3.11): `cd scripts && python3 -c "import s"` ran
 * scripts/s.py (red team 27 RT27-B7).
 */
function pythonRuns(words: readonly string[]): UnattendedRun[] {
  let safePath = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return words[i + 1] !== undefined ? [{ kind: 'script', file: words[i + 1]!, language: 'python-script' }] : [];
    if (w === '-') return [];
    if (PYTHON_VALUED.has(w)) {
      i++;
      continue;
    }
    if (w.startsWith('--')) continue;
    if (!w.startsWith('-')) return [{ kind: 'script', file: w, language: 'python-script' }];
    // A group of one-letter options: `m` and `c` end it (their value is the rest or the next word), `W`/`X` take a value.
    for (let k = 1; k < w.length; k++) {
      const c = w[k]!;
      const rest = w.slice(k + 1);
      if (c === 'I' || c === 'P') safePath = true;
      if (c === 'c') return safePath ? [] : pythonImports(rest !== '' ? rest : (words[i + 1] ?? '')).map((module) => ({ kind: 'module', module }));
      if (c === 'm') {
        const module = rest !== '' ? rest : words[i + 1];
        return module !== undefined ? [{ kind: 'module', module }] : [];
      }
      if (c === 'W' || c === 'X') {
        if (rest === '') i++;
        break;
      }
    }
  }
  return [];
}

/** The absolute modules Python text imports (`import a, b.c as d`, `from a.b import c`); a relative import is none. */
function pythonImports(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[;\n:])\s*(?:import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)|from\s+([\w][\w.]*)\s+import\b)/g)) {
    const names = m[2] !== undefined ? [m[2]] : m[1]!.split(',').map((n) => n.trim().split(/\s+/)[0]!);
    for (const n of names) if (n !== '' && !out.includes(n)) out.push(n);
  }
  return out;
}

/** `node [opts] FILE` (and tsx, ts-node, bun, deno `run`): the file, and what `-r`/`--import` load first; `-e`/`-p` text runs no file. */
function nodeRuns(words: readonly string[]): UnattendedRun[] {
  const out: UnattendedRun[] = [];
  const start = (words[1] === 'run' || words[1] === 'x') && /(?:^|\/)(?:bun|deno)$/.test(words[0]!) ? 2 : 1;
  for (let i = start; i < words.length; i++) {
    const w = words[i]!;
    const option = w.replace(/=.*$/s, '');
    if (NODE_PRELOADS.has(option)) {
      const value = w.includes('=') ? w.slice(w.indexOf('=') + 1) : words[++i];
      if (value !== undefined && /^\.{0,2}\//.test(value)) out.push({ kind: 'preload', file: value });
      continue;
    }
    if (['-e', '--eval', '-p', '--print'].includes(option)) return out;
    if (NODE_VALUED.has(w)) {
      i++;
      continue;
    }
    if (w.startsWith('-')) continue;
    out.push({ kind: 'script', file: w, language: 'node-script' });
    return out;
  }
  return out;
}

/** `make [-f FILE]… [-C DIR] [targets]`: the Makefiles read. */
function makeRuns(words: readonly string[]): UnattendedRun[] {
  const files: string[] = [];
  let dir: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const long = /^(--[\w-]+)=(.*)$/s.exec(w);
    const short = /^(-[fC])(.+)$/s.exec(w);
    const option = long?.[1] ?? short?.[1] ?? w;
    const value = long?.[2] ?? short?.[2] ?? (MAKE_VALUED.has(w) ? words[++i] : undefined);
    if (value === undefined) continue;
    if (['-f', '--file', '--makefile'].includes(option)) files.push(value);
    else if (['-C', '--directory'].includes(option)) dir = dir === undefined || value.startsWith('/') ? value : `${dir}/${value}`;
  }
  return [{ kind: 'makefiles', files, ...(dir !== undefined ? { dir } : {}) }];
}

/** Words that run the rest of the command as its own (`exec X`, `nohup X`), and the shell's keywords before a command. */
const RUNS_THE_REST: ReadonlySet<string> = new Set(['exec', 'command', 'nohup', 'builtin', 'time', '!', '{', '}', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', 'fi', 'done']);

/**
 * The words of a simple command past its assignments and the words that only run the rest
 * (`exec`, `command`, `nohup`, `env [-i] [NAME=value]…`). @internal
 */
export function commandProper(words: readonly string[]): string[] {
  let i = 0;
  for (;;) {
    const w = words[i];
    if (w === undefined) return [];
    if (/^[A-Za-z_]\w*=/.test(w) || RUNS_THE_REST.has(w)) i++;
    else if (w === 'env') {
      i++;
      while (words[i] !== undefined && (words[i]!.startsWith('-') || /^[A-Za-z_]\w*=/.test(words[i]!))) i++;
    } else return words.slice(i);
  }
}

/**
 * The package spec of a package runner's words (`npx -y NAME@1 args`, `npx --no -- NAME`, `npx -p
 * PKG NAME`: the program NAME), past npx's own options; or the text `-c` runs. npm 10 npx(1). @internal
 */
export function runnerSpec(words: readonly string[]): { spec: string } | { text: string } | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') return words[i + 1] !== undefined ? { spec: words[i + 1]! } : undefined;
    if (w === '-c' || w === '--call') return words[i + 1] !== undefined ? { text: words[i + 1]! } : undefined;
    if (w === '-p' || w === '--package') i++;
    else if (!w.startsWith('-')) return { spec: w };
  }
  return undefined;
}
