/**
 * Wrapper option tables against the real programs: random words (options of the tool in every
 * spelling — full, abbreviated, `=value`, attached, clustered — values, `--`, and stub programs)
 * are run by the installed wrapper; every stub it runs, with the arguments it gets, must be a
 * command toolgate's analysis lists (or the analysis must say it cannot see). The stubs only
 * append their argv to a log; options that reach other processes (`-p PID`) are never generated.
 *
 * Every generated call runs its own copies of the stubs, each writing to that call's log, named in
 * the stub's text rather than in the environment (`su -` and `env -i` reset the environment). A
 * wrapper killed at its timeout can leave a stub running that writes late; it writes into its own
 * call's log, which nothing reads again, never into a later call's (seed 15's `parallel` once saw
 * an `su -` call's late run).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import type { GnuOptionSpec } from '../../../src/shell/options/gnu-options.js';
import { ENV_OPTIONS } from '../../../src/shell/programs/env.js';
import { XARGS_OPTIONS } from '../../../src/shell/programs/xargs.js';
import { SCRIPT_OPTIONS } from '../../../src/shell/programs/script.js';
import { RUNUSER_OPTIONS, SU_OPTIONS } from '../../../src/shell/programs/su.js';
import { WATCH_OPTIONS } from '../../../src/shell/programs/watch.js';
import { PROGRAMS } from '../../../src/shell/programs/index.js';

/** The option grammar of a runner's program model. */
const grammarOf = (name: string): GnuOptionSpec => PROGRAMS.get(name)!.grammar!;

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrappers-'));
/** Where the generated words name the stubs; each call runs them from its own copy of this folder. */
const bin = join(dir, 'bin');
let calls = 0;
/** The wrappers run here: `script` writes `typescript`, `flock` creates its lock file, in the working directory. */
const work = join(dir, 'work');
const S1 = join(bin, 's1');
const S2 = join(bin, 's2');
const isRoot = process.getuid?.() === 0;
/** Longer runs: `TOOLGATE_WRAPPER_RUNS_SCALE=20 npx vitest run test/shell/commands/wrappers-real.oracle.test.ts`. */
const SCALE = Math.max(1, Number(process.env['TOOLGATE_WRAPPER_RUNS_SCALE'] ?? 1) || 1);

beforeAll(async () => {
  await prepareShell();
  mkdirSync(work);
  chmodSync(dir, 0o777);
});

/**
 * A fresh copy of the stubs for one call, in a folder whose name is as long as `bin`'s (so size
 * limits such as `xargs -s` see the words the generator made), writing to a log in that folder.
 */
function stubsForCall(): { folder: string; log: string } {
  const folder = join(dir, (calls++).toString(36).padStart(3, '0'));
  const log = join(folder, 'log');
  mkdirSync(folder);
  writeFileSync(log, '');
  for (const name of ['s1', 's2']) {
    const stub = join(folder, name);
    writeFileSync(stub, `#!/bin/sh\n{ printf '%s' "${name}"; for a in "$@"; do printf '\\t%s' "$a"; done; printf '\\n'; } >> '${log}'\n`);
    chmodSync(stub, 0o755);
  }
  return { folder, log };
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function installed(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Option words of a spec in every spelling, values drawn from `values`. */
function optionWords(spec: GnuOptionSpec, skip: readonly string[], values: readonly string[]): fc.Arbitrary<string[]> {
  const long = Object.entries(spec.long ?? {}).filter(([name]) => !skip.includes(name));
  const short = [...(spec.short ?? '').replace(/^[+-]/, '').matchAll(/([^:])(:{0,2})/g)].filter(
    (m) => !skip.includes(m[1]!) && m[1] !== '?',
  );
  const value = fc.constantFrom(...values);
  const arbs: fc.Arbitrary<string[]>[] = [fc.constantFrom(...values).map((v) => [v]), fc.constant(['--'])];
  if (long.length > 0) {
    arbs.push(
      fc.tuple(fc.constantFrom(...long.map(([name]) => name)), fc.nat(), value, fc.nat({ max: 3 })).map(([name, cut, v, form]) => {
        const given = name.slice(0, 1 + (cut % name.length));
        return form === 0 ? [`--${given}`] : form === 1 ? [`--${given}=${v}`] : form === 2 ? [`--${given}`, v] : [`--${name}`];
      }),
    );
  }
  if (short.length > 0) {
    const letter = fc.constantFrom(...short.map((m) => m[1]!));
    arbs.push(
      fc
        .tuple(letter, letter, value, fc.nat({ max: 3 }))
        .map(([a, b, v, form]) => (form === 0 ? [`-${a}`] : form === 1 ? [`-${a}${v}`] : form === 2 ? [`-${a}${b}`] : [`-${a}`, v])),
    );
  }
  return fc.oneof(...arbs);
}

interface Case {
  name: string;
  spec: GnuOptionSpec;
  /** Option names and letters never generated (they reach other processes or wait on a terminal). */
  skip?: readonly string[];
  values?: readonly string[];
  /** Words that may come before the command (a duration, a lock file, a mask, a user). */
  prefix?: readonly string[];
  /** Extra whole words to mix in (a script for `-c`, `:::`). */
  extra?: readonly string[];
  /** Word groups mixed in as they are (`-c SCRIPT`). */
  groups?: readonly (readonly string[])[];
  /** What ends the words instead of the stub command (script's log file). */
  end?: readonly string[];
  runs?: number;
  env?: Record<string, string>;
  needsRoot?: boolean;
}

const SCRIPT_WORD = `${S1} a`;
const SU_SKIP = [
  'P',
  'pty',
  'no-pty',
  'g',
  'G',
  'group',
  'supp-group',
  'w',
  'whitelist-environment',
  's',
  'shell',
  'h',
  'help',
  'V',
  'version',
];
const CASES: Case[] = [
  { name: 'timeout', spec: grammarOf('timeout'), values: ['1', '5', 'TERM', '0'], prefix: ['5', '1'] },
  { name: 'nice', spec: grammarOf('nice'), values: ['5', '1', '-5'] },
  { name: 'nohup', spec: grammarOf('nohup') },
  { name: 'stdbuf', spec: grammarOf('stdbuf'), values: ['0', 'L', '1K'] },
  {
    name: 'env',
    spec: ENV_OPTIONS,
    skip: ['list-signal-handling', '0', 'null', 'debug', 'v'],
    values: ['X', '/tmp', 'X=1', SCRIPT_WORD, `-i ${S1} b`, 'TERM'],
    extra: ['X=1', '-S', SCRIPT_WORD],
  },
  {
    name: 'xargs',
    spec: XARGS_OPTIONS,
    skip: ['p', 'interactive', 'o', 'open-tty', 'show-limits'],
    values: ['1', '{}', 'x', '/dev/null', '100'],
  },
  { name: 'setsid', spec: grammarOf('setsid'), skip: ['f', 'fork'] },
  { name: 'ionice', spec: grammarOf('ionice'), skip: ['p', 'P', 'u', 'pid', 'pgid', 'uid'], values: ['3', '2', '7', 'idle'] },
  { name: 'taskset', spec: grammarOf('taskset'), skip: ['p', 'pid', 'a', 'all-tasks'], values: ['1', '0'], prefix: ['1', '0'] },
  { name: 'prlimit', spec: grammarOf('prlimit'), skip: ['p', 'pid', 'o', 'output'], values: ['1024', 'unlimited', '100:200'] },
  {
    name: 'chrt',
    spec: grammarOf('chrt'),
    skip: ['p', 'pid', 'a', 'all-tasks', 'f', 'fifo', 'r', 'rr', 'd', 'deadline'],
    values: ['0', '1'],
    prefix: ['0'],
    needsRoot: true,
  },
  {
    name: 'setpriv',
    spec: grammarOf('setpriv'),
    skip: ['landlock-access', 'landlock-rule', 'selinux-label', 'apparmor-profile'],
    values: ['65534', 'clear', '-all', 'keep'],
    needsRoot: true,
  },
  { name: 'chronic', spec: grammarOf('chronic'), runs: 25 },
  { name: 'flock', spec: grammarOf('flock'), values: ['1', '3'], prefix: [join(dir, 'lock')], extra: ['-c', SCRIPT_WORD] },
  { name: 'chroot', spec: grammarOf('chroot'), values: ['0:0', '65534:65534', 'root'], prefix: ['/'], needsRoot: true },
  {
    name: 'unshare',
    spec: grammarOf('unshare'),
    skip: ['load-interp', 'mount-binfmt', 'time', 'T', 'monotonic', 'boottime'],
    values: ['0', '/', '/tmp', 'private'],
    needsRoot: true,
    runs: 40,
  },
  {
    name: 'script',
    spec: SCRIPT_OPTIONS,
    skip: [
      'I',
      'O',
      'B',
      'T',
      't',
      'log-in',
      'log-out',
      'log-io',
      'log-timing',
      'timing',
      'o',
      'output-limit',
      'm',
      'logging-format',
      'E',
      'echo',
      'h',
      'help',
      'V',
      'version',
    ],
    values: [SCRIPT_WORD],
    groups: [['-c', SCRIPT_WORD], ['-qc', SCRIPT_WORD], [`--command=${SCRIPT_WORD}`], [`-c${SCRIPT_WORD}`]],
    end: ['/dev/null'],
    runs: 40,
  },
  {
    name: 'su',
    spec: SU_OPTIONS,
    skip: SU_SKIP,
    values: [SCRIPT_WORD, 'root'],
    groups: [['-c', SCRIPT_WORD], ['-'], ['root']],
    prefix: ['root'],
    needsRoot: true,
    runs: 40,
  },
  {
    name: 'runuser',
    spec: RUNUSER_OPTIONS,
    skip: SU_SKIP,
    values: [SCRIPT_WORD, 'root'],
    groups: [['-c', SCRIPT_WORD], ['-u', 'root'], ['-u', 'root', '--'], ['root']],
    prefix: ['root'],
    needsRoot: true,
    runs: 40,
  },
  {
    name: 'parallel',
    spec: { short: 'j:kqu', long: { 'will-cite': 'none', jobs: 'required', 'keep-order': 'none', quote: 'none', ungroup: 'none' } },
    values: ['1', '2'],
    groups: [['--will-cite']],
    end: [S1, 'a', ':::', 'x', 'y'],
    runs: 20,
  },
  { name: 'unbuffer', spec: { short: 'p' }, extra: ['-noecho', '-p', '-nottycopy'], runs: 20 },
  {
    name: 'watch',
    spec: WATCH_OPTIONS,
    skip: ['s', 'shotsdir', 'f', 'follow', 'h', 'help', 'v', 'version'],
    values: ['1', '2'],
    env: { TERM: 'xterm' },
    runs: 20,
  },
];

/** The analysis lists a command that is the run stub with its arguments, or says it cannot see. */
function seen(command: string, ran: string[]): boolean {
  const a = analyzeShell(command);
  if (a.unknown.length > 0 || a.commands.some((c) => c.opaque !== undefined)) return true;
  const name = ran[0]!;
  return a.commands.some((c) => c.argv[0]?.split('/').pop() === name && JSON.stringify(c.argv.slice(1)) === JSON.stringify(ran.slice(1)));
}

const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;

describe.skipIf(process.platform !== 'linux')('wrappers against the installed programs', () => {
  for (const c of CASES) {
    const skip = !installed(c.name) || (c.needsRoot === true && !isRoot);
    it.skipIf(skip)(
      `${c.name}: every program it runs is one toolgate sees`,
      () => {
        const words = fc.oneof(
          { weight: 3, arbitrary: optionWords(c.spec, c.skip ?? [], c.values ?? ['1']) },
          { weight: 1, arbitrary: fc.constantFrom(...(c.prefix ?? ['--']), ...(c.extra ?? ['--'])).map((w) => [w]) },
          { weight: c.groups ? 2 : 0, arbitrary: fc.constantFrom(...(c.groups ?? [['--']])).map((g) => [...g]) },
        );
        const tail = fc.array(fc.constantFrom(S2, 'a', '-z', '--', 'b'), { maxLength: 3 });
        let ranAny = 0;
        fc.assert(
          fc.property(fc.array(words, { maxLength: 4 }), fc.boolean(), tail, (opts, withPrefix, rest) => {
            const { folder, log } = stubsForCall();
            const generated = [...opts.flat(), ...(withPrefix && c.prefix ? [c.prefix[0]!] : []), ...(c.end ?? [S1, ...rest])];
            const argv = generated.map((w) => w.replaceAll(`${bin}/`, `${folder}/`));
            spawnSync(c.name, argv, {
              cwd: work,
              input: '',
              timeout: c.name === 'watch' ? 700 : 3000,
              env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...c.env },
              stdio: ['pipe', 'ignore', 'ignore'],
            });
            const runs = readFileSync(log, 'utf8')
              .split('\n')
              .filter((l) => l !== '');
            // A stub still running once its wrapper was killed finds neither its script nor its log.
            rmSync(folder, { recursive: true, force: true });
            if (runs.length > 0) ranAny++;
            const command = [c.name, ...argv].map(quote).join(' ');
            for (const line of runs)
              expect({ command, ran: line.split('\t'), seen: seen(command, line.split('\t')) }).toMatchObject({ seen: true });
          }),
          { numRuns: (c.runs ?? 80) * SCALE, seed: 15 },
        );
        // eslint-disable-next-line no-console
        console.log(`${c.name}: ${ranAny} of ${(c.runs ?? 80) * SCALE} generated calls ran a stub`);
        expect(ranAny).toBeGreaterThan(0);
      },
      120_000,
    );
  }
});
