/**
 * Reading the exec log: `strace -f -qq -x -s 65536 -e trace=execve,execveat,clone,clone3,fork,
 * vfork,chdir,fchdir` output turned into the programs that ran, each with its process, parent,
 * argv and working directory.
 */
import { posix } from 'node:path';

/** One program that ran (a successful execve). */
export interface Exec {
  pid: number;
  /** The process that started this one (`undefined` for the first). */
  parent: number | undefined;
  /** The file executed, absolute. */
  path: string;
  /** The argument vector, argv[0] as the caller wrote it. */
  argv: string[];
  /** The process's working directory at exec time (`undefined` after an fchdir). */
  cwd: string | undefined;
}

/** Placeholder cwd of a process whose parent's clone has not returned yet in the log. */
const UNKNOWN_YET = '\0unknown';

/** A parsed trace: the execs in order, and every process's parent (from clone, fork, vfork). */
export interface Trace {
  execs: Exec[];
  parents: Map<number, number>;
  /** Each process's working directory when the log ends (`undefined` after an fchdir). */
  cwds: Map<number, string | undefined>;
}

/** Every successful exec in a trace, in order. `startCwd` is the first process's cwd. */
export function parseTrace(text: string, startCwd: string): Trace {
  const parentOf = new Map<number, number>();
  const cwdOf = new Map<number, string | undefined>();
  const pending = new Map<number, string>();
  const execs: Exec[] = [];
  let first: number | undefined;

  for (const raw of text.split('\n')) {
    const m = /^(\d+)\s+(.*)$/.exec(raw);
    if (!m) continue;
    const pid = Number(m[1]);
    let line = m[2]!;
    if (first === undefined) {
      first = pid;
      cwdOf.set(pid, startCwd);
    }
    if (line.endsWith('<unfinished ...>')) {
      pending.set(pid, line.slice(0, -'<unfinished ...>'.length));
      continue;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(line);
    if (resumed) {
      line = (pending.get(pid) ?? '') + resumed[1];
      pending.delete(pid);
    }
    const call = /^(\w+)\((.*)\)\s+=\s+(-?\d+|\?)(.*)$/.exec(line);
    if (!call) continue;
    const [, name, args, ret] = call as unknown as [string, string, string, string];
    const ok = ret !== '?' && Number(ret) >= 0;
    if (!ok) continue;
    switch (name) {
      case 'clone':
      case 'clone3':
      case 'fork':
      case 'vfork': {
        const child = Number(ret);
        parentOf.set(child, pid);
        const inherited = cwdOf.has(pid) ? cwdOf.get(pid) : startCwd;
        // The child may have run (and exec'd) before its parent's clone returned in the log.
        if (!cwdOf.has(child)) cwdOf.set(child, inherited);
        for (const e of execs) if (e.pid === child && e.cwd === UNKNOWN_YET) e.cwd = inherited;
        break;
      }
      case 'chdir': {
        const [dir] = readStrings(args, 1);
        const from = cwdOf.has(pid) ? cwdOf.get(pid) : startCwd;
        cwdOf.set(
          pid,
          dir === undefined ? undefined : from === undefined && !dir.startsWith('/') ? undefined : posix.resolve(from ?? '/', dir),
        );
        break;
      }
      case 'fchdir':
        cwdOf.set(pid, undefined);
        break;
      case 'execve':
      case 'execveat': {
        const body = name === 'execveat' ? args.replace(/^[^,]*,\s*/, '') : args;
        const parsed = readExecArgs(body);
        if (!parsed) break;
        const cwd = cwdOf.has(pid) ? cwdOf.get(pid) : UNKNOWN_YET;
        const path = parsed.path.startsWith('/')
          ? posix.normalize(parsed.path)
          : posix.resolve(cwd === UNKNOWN_YET || cwd === undefined ? startCwd : cwd, parsed.path);
        execs.push({ pid, parent: undefined, path, argv: parsed.argv, cwd });
        break;
      }
    }
  }
  // Parents are known only once every clone has returned: fill them in at the end.
  for (const e of execs) {
    e.parent = parentOf.get(e.pid);
    if (e.cwd === UNKNOWN_YET) e.cwd = startCwd;
  }
  return { execs, parents: parentOf, cwds: cwdOf };
}

/** `"path", ["a", "b"], …` → path and argv. */
function readExecArgs(s: string): { path: string; argv: string[] } | undefined {
  const p = readString(s, 0);
  if (!p) return undefined;
  let at = p.end;
  while (at < s.length && (s[at] === ',' || s[at] === ' ')) at++;
  const argv: string[] = [];
  if (s[at] !== '[') return { path: p.value, argv };
  at++;
  while (at < s.length && s[at] !== ']') {
    if (s[at] === '"') {
      const r = readString(s, at);
      if (!r) break;
      argv.push(r.value);
      at = r.end;
    } else at++;
  }
  return { path: p.value, argv };
}

/** The first `n` quoted strings of an argument list. */
function readStrings(s: string, n: number): string[] {
  const out: string[] = [];
  let at = 0;
  while (out.length < n && at < s.length) {
    if (s[at] === '"') {
      const r = readString(s, at);
      if (!r) break;
      out.push(r.value);
      at = r.end;
    } else at++;
  }
  return out;
}

/**
 * One strace string literal starting at `at` (a `"`): C escapes (`\n`, `\t`, `\v`, `\f`, `\r`,
 * `\\`, `\"`, `\xHH`, octal) decoded to bytes, then read as UTF-8. A trailing `...` (cut
 * string) is skipped.
 */
export function readString(s: string, at: number): { value: string; end: number } | undefined {
  if (s[at] !== '"') return undefined;
  const bytes: number[] = [];
  let i = at + 1;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '"') {
      i++;
      if (s.startsWith('...', i)) i += 3;
      return { value: Buffer.from(bytes).toString('utf8'), end: i };
    }
    if (ch !== '\\') {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
      i++;
      continue;
    }
    const e = s[i + 1] ?? '';
    const simple: Record<string, number> = { n: 10, t: 9, v: 11, f: 12, r: 13, a: 7, b: 8, e: 27, '\\': 92, '"': 34, "'": 39, '?': 63 };
    if (e === 'x') {
      bytes.push(parseInt(s.slice(i + 2, i + 4), 16));
      i += 4;
    } else if (/[0-7]/.test(e)) {
      const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
      bytes.push(parseInt(oct, 8));
      i += 1 + oct.length;
    } else if (simple[e] !== undefined) {
      bytes.push(simple[e]!);
      i += 2;
    } else {
      bytes.push(92);
      i += 1;
    }
  }
  return undefined;
}

/** The exec of the shell that ran the command (the wrapper's first child running `-c`), if the log has it. */
function commandShell(trace: Trace): Exec | undefined {
  const wrapper = trace.execs.find((e) => e.argv[1] === '-c' && e.argv[3] === 'toolgate-oracle');
  if (!wrapper) return undefined;
  const shellPath = wrapper.argv[5];
  const same = (p: string) => p === shellPath || posix.basename(p) === posix.basename(shellPath ?? '/bin/bash');
  return trace.execs.find((e) => e.parent === wrapper.pid && same(e.path));
}

/**
 * The working directory the command's shell was in when it ended (its last `chdir`, as written:
 * a logical path), or `undefined` when the log cannot tell (an `fchdir`, no shell in the log).
 */
export function shellCwdAfter(trace: Trace, startCwd: string): string | undefined {
  const shell = commandShell(trace);
  if (!shell) return undefined;
  return trace.cwds.has(shell.pid) ? trace.cwds.get(shell.pid) : startCwd;
}

/**
 * The command's own execs: everything in the subtree of the bash that ran the command (the
 * first bash the oracle's wrapper started), without that bash's own exec. The oracle's own
 * processes (setpriv, the wrapper, its `sleep`) are left out.
 */
export function commandExecs(trace: Trace): Exec[] {
  const { execs, parents } = trace;
  const shell = commandShell(trace);
  if (!shell) return [];
  const underShell = (pid: number | undefined): boolean => {
    for (let guard = 0; pid !== undefined && guard < 100_000; guard++) {
      if (pid === shell.pid) return true;
      pid = parents.get(pid);
    }
    return false;
  };
  return execs.filter((e) => e !== shell && underShell(e.pid));
}
