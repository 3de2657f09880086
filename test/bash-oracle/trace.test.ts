import { describe, expect, it } from 'vitest';
import { commandExecs, parseTrace, readString } from '../support/bash-oracle/trace.js';

const WRAPPER = '["/bin/sh", "-c", "exec 3>&- ...", "toolgate-oracle", "ls; cd sub && ./x"]';

describe('bash oracle: strace log', () => {
  it('decodes strace string escapes to the exact bytes', () => {
    expect(readString('"a\\r\\n\\v\\f\\t\\\\\\"b"', 0)?.value).toBe('a\r\n\v\f\t\\"b');
    expect(readString('"\\xc3\\xa9\\x00z"', 0)?.value).toBe('é\0z');
    expect(readString('"\\0331"', 0)?.value).toBe('\x1b1');
    expect(readString('"cut"...', 0)).toEqual({ value: 'cut', end: 8 });
  });

  it('keeps execs whose clone returns after the child ran, and finds the command subtree', () => {
    const log = [
      `1     execve("/usr/bin/setpriv", ["setpriv", "--reuid=65534"], 0x7ffd /* 8 vars */) = 0`,
      `1     execve("/bin/sh", ${WRAPPER}, 0x5 /* 8 vars */) = 0`,
      `1     vfork( <unfinished ...>`,
      `2     execve("/bin/bash", ["/bin/bash", "-c", "ls; cd sub && ./x"], 0x1 /* 8 vars */) = 0`,
      `1     <... vfork resumed>)              = 2`,
      `2     clone(child_stack=NULL, flags=CLONE_CHILD_CLEARTID|SIGCHLD, child_tidptr=0x7f) = 3`,
      `3     execve("/usr/bin/ls", ["ls"], 0x1 /* 9 vars */) = 0`,
      `2     --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=3} ---`,
      `2     chdir("sub")                      = 0`,
      `2     clone3({flags=CLONE_VM, exit_signal=SIGCHLD}, 88) = 4`,
      `4     execve("./x", ["./x"], 0x1 /* 9 vars */ <unfinished ...>`,
      `4     <... execve resumed>)             = 0`,
      `4     execve("/nope", ["nope"], 0x1 /* 9 vars */) = -1 ENOENT (No such file or directory)`,
      `1     vfork()                           = 5`,
      `5     execve("/usr/bin/sleep", ["sleep", "0.2"], 0x1 /* 8 vars */) = 0`,
    ].join('\n');
    const trace = parseTrace(log, '/home/user/project');
    expect(trace.execs.map((e) => e.path)).toEqual([
      '/usr/bin/setpriv',
      '/bin/sh',
      '/bin/bash',
      '/usr/bin/ls',
      '/home/user/project/sub/x',
      '/usr/bin/sleep',
    ]);
    expect(trace.execs[2]!.parent).toBe(1);
    const own = commandExecs(trace);
    expect(own.map((e) => [e.argv[0], e.cwd])).toEqual([
      ['ls', '/home/user/project'],
      ['./x', '/home/user/project/sub'],
    ]);
  });

  it('follows processes that never exec (subshells) up to the shell', () => {
    const log = [
      `1     execve("/bin/sh", ${WRAPPER}, 0x5) = 0`,
      `1     vfork()                           = 2`,
      `2     execve("/bin/bash", ["/bin/bash", "-c", "(evil)"], 0x1) = 0`,
      `2     clone(child_stack=NULL, flags=SIGCHLD) = 3`,
      `3     clone(child_stack=NULL, flags=SIGCHLD) = 4`,
      `4     execve("/usr/local/bin/evil", ["evil"], 0x1) = 0`,
    ].join('\n');
    expect(commandExecs(parseTrace(log, '/p')).map((e) => e.argv[0])).toEqual(['evil']);
  });
});
