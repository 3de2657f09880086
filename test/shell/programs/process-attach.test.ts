import { describe, expect, it } from 'vitest';
import { processesAimedAt } from '../../../src/shell/programs/process-attach.js';

const aim = (command: string, literal?: boolean[]) => processesAimedAt(command.split(' '), literal);

describe('processesAimedAt', () => {
  it.each([
    ['gcore 4242', ['4242']],
    ['gcore -o /tmp/core 4242 77', ['4242', '77']],
    ['gdb -p 4242 -batch -ex gcore', ['4242']],
    ['gdb --pid=4242', ['4242']],
    ['/usr/bin/gdb -batch -ex attach\u00204242', ['4242']],
    ['strace -f -p4242', ['4242']],
    ['ltrace -p 4242', ['4242']],
    ['perf record -p 4242,4243', ['4242', '4243']],
    ['pstack 4242', ['4242']],
    ['eu-stack -p 4242', ['4242']],
    ['node inspect -p 4242', ['4242']],
    ['kill -ABRT 4242', ['4242']],
    ['kill -SIGQUIT 4242', ['4242']],
    ['kill -6 4242', ['4242']],
    ['kill -s USR1 4242', ['4242']],
    ['kill --signal segv -- -4242', ['-4242']],
    ['kill -ABRT -1', ['-1']],
    ['kill -6 04242', ['4242']],
    ['gcore 004242', ['4242']],
    ['kill -ABRT -04242', ['-4242']],
    ['kill 4242', ['4242']],
    ['kill -TERM 4242', ['4242']],
    ['kill -9 4242 -77', ['4242', '-77']],
    ['prlimit --pid 4242 --core=unlimited', ['4242']],
    ['prlimit --pid=04242', ['4242']],
    ['prlimit -p4242 --core=0', ['4242']],
    ['ps eww 4242', ['4242']],
    ['ps e -p 4242', ['4242']],
  ])('%s is aimed at %j', (command, ids) => {
    expect(aim(command)?.ids).toEqual(ids);
  });

  it.each([
    'kill -0 4242',
    'kill -s 0 4242',
    'kill -l 6',
    'ps -p 4242',
    'ps -eww',
    'ps -e -p 4242',
    'prlimit --core=0 sleep 4242',
    'strings core.4242',
    'node x.js 4242',
    'sleep 4242',
  ])('%s is not', (command) => {
    expect(aim(command)?.ids ?? []).toEqual([]);
  });

  it('a signal that is not literal may be any; an id that is not literal is not known', () => {
    expect(aim('kill -$S 4242', [true, false, true])?.ids).toEqual(['4242']);
    expect(aim('gcore 4242', [true, false])?.ids).toEqual([]);
  });

  it('says what the signal does: a dump or the inspector, or stopping the process', () => {
    expect(aim('kill -ABRT 4242')?.what).toMatch(/core dump/);
    expect(aim('kill 4242')?.what).toMatch(/SIGTERM \(which stops it\)/);
  });
});
