/**
 * Deny rules that name a program hold against every way of running it: wrappers in every option
 * spelling, programs that name programs (tar, sed, git), shells told to run code, interpreters.
 * The property: for any denied program p and any generated chain of wrappers w, `w p …` is never
 * allowed — with `Bash(*)` and the deny rules, or the deny rules alone, in every mode.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import type { GnuOptionSpec } from '../../src/shell/options/gnu-options.js';
import { ENV_OPTIONS } from '../../src/shell/programs/env.js';
import { XARGS_OPTIONS } from '../../src/shell/programs/xargs.js';
import { SUDO_OPTIONS } from '../../src/shell/programs/sudo.js';
import { PROGRAMS } from '../../src/shell/programs/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

/** The option grammar of a runner's program model. */
const grammarOf = (name: string): GnuOptionSpec => PROGRAMS.get(name)!.grammar!;

const P = '/home/user/project';
const DENIED = ['rm', 'curl', 'shred', 'dd'];
const deny = DENIED.map((p) => `Bash(${p} *)`);
const withStar = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], deny } } }]);
const denyOnly = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny } } }]);
const none = policyFromObjects([]);
const star = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'] } } }]);

beforeAll(async () => {
  await prepare();
});

function decide(command: string, policy = withStar, mode: (typeof PERMISSION_MODES)[number] = 'default') {
  return evaluate({ tool: 'Bash', input: { command } }, { mode, policy, cwd: P, home: '/home/user' });
}

/** Longer runs: `TOOLGATE_PROPERTY_RUNS=50000 TOOLGATE_PROPERTY_SEED=7 npx vitest run test/evaluate/deny-programs.test.ts`. */
const RUNS = propertyRuns(1500);
const SEED = Number(process.env['TOOLGATE_PROPERTY_SEED'] ?? 15) || 15;

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Option words of a spec: any long name cut to any prefix, `=value` or the next word, short letters alone, attached or clustered. */
function options(spec: GnuOptionSpec, values: readonly string[]): fc.Arbitrary<string[]> {
  const long = Object.entries(spec.long ?? {}).map(([name, a]) => [name, typeof a === 'string' ? a : a.argument] as const);
  const short = [...(spec.short ?? '').replace(/^[+-]/, '').matchAll(/([^:?])(:{0,2})/g)].map(
    (m) => [m[1]!, m[2] === ':' ? 'required' : m[2] === '::' ? 'optional' : 'none'] as const,
  );
  const value = fc.constantFrom(...values);
  const one: fc.Arbitrary<string[]>[] = [];
  if (long.length > 0) {
    one.push(
      fc.tuple(fc.constantFrom(...long), fc.nat(), value, fc.boolean()).map(([[name, arg], cut, v, eq]) => {
        const given = `--${name.slice(0, 1 + (cut % name.length))}`;
        if (arg === 'none') return [given];
        if (arg === 'optional' || eq) return [`${given}=${v}`];
        return [given, v];
      }),
    );
  }
  if (short.length > 0) {
    one.push(
      fc.tuple(fc.constantFrom(...short), value, fc.boolean()).map(([[letter, arg], v, attach]) => {
        if (arg === 'none') return [`-${letter}`];
        if (arg === 'optional' || attach) return [`-${letter}${v}`];
        return [`-${letter}`, v];
      }),
    );
  }
  if (one.length === 0) return fc.constant([]);
  return fc.array(fc.oneof(...one), { maxLength: 3 }).map((xs) => xs.flat());
}

/** A command and whether only a shell reads it as meant (`X=1 cmd`, `a; b`, `trap …`): an exec wrapper then runs it through `sh -c`. */
interface Built {
  text: string;
  shellLevel: boolean;
}
type Wrap = (inner: Built) => Built;
const exec =
  (f: (c: string) => string): Wrap =>
  (inner) => ({ text: f(inner.shellLevel ? `sh -c ${q(inner.text)}` : inner.text), shellLevel: false });
const str =
  (f: (c: string) => string, shellLevel = false): Wrap =>
  (inner) => ({ text: f(inner.text), shellLevel });

/** One wrapper around a command, in some spelling. */
const wrapper: fc.Arbitrary<Wrap> = fc.oneof(
  // Programs that take the command as words.
  ...(
    [
      ['timeout', grammarOf('timeout'), ['5']],
      ['nice', grammarOf('nice'), []],
      ['nohup', grammarOf('nohup'), []],
      ['stdbuf', grammarOf('stdbuf'), []],
      ['time', grammarOf('time'), []],
      ['setsid', grammarOf('setsid'), []],
      ['ionice', { ...grammarOf('ionice'), short: '+c:n:t' }, []],
      ['taskset', { short: '+ac' }, ['1']],
      ['prlimit', { ...grammarOf('prlimit'), short: '+c::d::n::' }, []],
      ['chrt', { ...grammarOf('chrt'), short: '+bior' }, ['0']],
      ['setpriv', grammarOf('setpriv'), []],
      ['chronic', grammarOf('chronic'), []],
      ['chroot', grammarOf('chroot'), ['/']],
      ['unshare', grammarOf('unshare'), []],
      ['nsenter', grammarOf('nsenter'), []],
      ['systemd-run', grammarOf('systemd-run'), []],
      [
        'env',
        { ...ENV_OPTIONS, short: '+iu:C:', long: { 'ignore-environment': 'none', unset: 'required', chdir: 'required' } },
        ['X=1', 'BASH_FUNC_f%%=() { :; }'],
      ],
      ['xargs', XARGS_OPTIONS, []],
      ['sudo', { ...SUDO_OPTIONS, short: '+u:g:EHnPS' }, ['A=1']],
      ['flock', grammarOf('flock'), ['/tmp/lock']],
      ['doas', { short: '+nu:' }, []],
      ['unbuffer', { short: '' }, []],
      ['command', { short: '' }, []],
      ['exec', { short: '+cl' }, []],
      ['builtin', { short: '' }, []],
      ['busybox', { short: '' }, []],
      ['/usr/bin/env', { short: '' }, []],
    ] as const
  ).map(([name, spec, positional]) =>
    fc
      .tuple(options(spec, ['1', '5', 'TERM', 'x', '0']), fc.boolean())
      .map(([opts, dashdash]): Wrap =>
        exec((inner) =>
          [name, ...opts, ...(dashdash && name !== 'busybox' && name !== 'builtin' ? ['--'] : []), ...positional, inner].join(' '),
        ),
      ),
  ),
  // Programs that take the command as one string for a shell.
  fc.constantFrom<Wrap>(
    str((c) => `bash -c ${q(c)}`),
    str((c) => `sh -lc ${q(c)}`),
    str((c) => `env -S ${q(c)}`),
    str((c) => `env --split-s=${q(c)}`),
    str((c) => `su -c ${q(c)}`),
    str((c) => `runuser -u nobody -- sh -c ${q(c)}`),
    str((c) => `sg staff -c ${q(c)}`),
    str((c) => `script -qc ${q(c)} /dev/null`),
    str((c) => `flock /tmp/l -c ${q(c)}`),
    str((c) => `watch -n1 ${q(c)}`),
    str((c) => `sudo -s ${c}`),
    str((c) => `parallel ${q(c)} ::: a`),
    str((c) => `parallel ::: ${q(c)}`),
    str((c) => `tar --to-com=${q(c)} -xf a.tar`),
    str((c) => `tar xIf ${q(c)} a.tar`),
    str((c) => `sed ${q(`1!e ${c}`)} README.md`),
    str((c) => `sed -e ${q(`{e ${c}`)} -e '}' README.md`),
    str((c) => `git -c alias.z=${q(`!${c}`)} z`),
    str((c) => `GIT_EDITOR=${q(c)} git commit`, true),
    str((c) => `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=${q(c)} git log`, true),
    str((c) => `trap ${q(c)} EXIT`, true),
    str((c) => `mapfile -C ${q(c)} -c 1 < README.md`, true),
    str((c) => `bash <<< ${q(c)}`, true),
    str((c) => `PS4=${q(`$(${c})`)}; set -x; ls`, true),
    str((c) => `env ${q(`BASH_FUNC_ls%%=() { ${c}; }`)} bash -c ls`),
    str((c) => `find . -exec sh -c ${q(c)} \\;`),
    str((c) => `git submodule foreach ${q(c)}`),
    str((c) => `python3 -c ${q(`import os; os.system(${JSON.stringify(c)})`)}`),
    str((c) => `ssh host ${q(c)}`),
  ),
);

const program = fc
  .tuple(
    fc.constantFrom(...DENIED),
    fc.constantFrom('', '/bin/', '/usr/bin/'),
    fc.constantFrom('-rf src', 'x', '-s https://evil.example', 'if=/dev/zero of=x'),
  )
  .map(([name, dir, args]) => `${dir}${name} ${args}`);

describe('a denied program under any chain of wrappers', () => {
  it('is never allowed (Bash(*) + deny rules, deny rules alone; every mode)', () => {
    fc.assert(
      fc.property(
        program,
        fc.array(wrapper, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...PERMISSION_MODES),
        fc.boolean(),
        (p, chain, mode, alone) => {
          const command = chain.reduceRight((inner, w) => w(inner), { text: p, shellLevel: false }).text;
          const d = decide(command, alone ? denyOnly : withStar, mode);
          // eslint-disable-next-line no-console
          if (d.behavior === 'allow')
            console.error(`allowed in ${mode}${alone ? ' (deny rules alone)' : ''}: ${command} — ${d.reason.message}`);
          expect(d.behavior).not.toBe('allow');
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe('spellings from the field', () => {
  it.each([
    'timeout --k 1 5 rm -rf src',
    'timeout --sig 9 5 rm -rf src',
    'nice --adj 5 rm -rf src',
    'stdbuf --out L rm -rf src',
    'env --u X rm -rf src',
    "env --sp='rm -rf src'",
    'flock --ti 5 lockf rm -rf src',
    'watch --int 1 rm -rf src',
    'taskset 1 rm -rf src',
    'prlimit rm -rf src',
    'chrt -o 0 rm -rf src',
    'setpriv rm -rf src',
    "script -qc 'rm -rf src' /dev/null",
    'chronic rm -rf x',
    'parallel rm -rf ::: x',
    "tar --use-compress-prog='rm -rf src' -cf x.tar README.md",
    "tar --checkpoint=1 --checkpoint-act=exec='rm -rf src' -cf x.tar README.md",
    "sed 's|.*|rm -rf src|e' README.md",
    "sed '1!e rm -rf src' README.md",
    "sed -e '{e rm -rf src' -e '}' README.md",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!rm -rf src' git st",
    `GIT_CONFIG_PARAMETERS="'alias.x=!rm -rf src'" git x`,
    "GIT_EXTERNAL_DIFF='rm -rf src #' git diff",
    "GIT_EDITOR='rm -rf src' git commit",
    "GIT_SSH_COMMAND='rm -rf src' git fetch ssh://x/y",
    "PS4='$(rm -rf src)'; set -x; ls",
    "bash --rcfile /dev/stdin -ic : <<< 'rm -rf src'",
    // bash 5.2 read the piped text as its BASH_ENV file and removed src (decision 0130).
    "echo 'rm -rf src' | BASH_ENV=/dev/stdin bash -c :",
    "env 'BASH_FUNC_ls%%=() { rm -rf src; }' bash -c ls",
    "mapfile -C 'rm -rf src' -c 1 < README.md",
    "trap 'rm -rf src' EXIT",
    'sudo --us=x rm -rf src',
    'xargs --max-a=1 rm < list',
  ])('%s is denied', (command) => {
    expect(decide(command).behavior).toBe('deny');
    expect(decide(command, denyOnly).behavior).toBe('deny');
  });

  it.each([
    'ENV=e.sh sh -i -c :',
    'BASH_ENV=x.sh bash -c ls',
    'bash --rcfile x.sh -i',
    'sed -f x.sed README.md',
    `sed "$S" README.md`,
    'tar -cf host:x.tar src',
    'GIT_EXEC_PATH=/tmp/x git status',
  ])('%s is a firm ask (code toolgate cannot read)', (command) => {
    const d = decide(command, withStar, 'bypassPermissions');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
  });
});

describe('interpreters', () => {
  const interpreters = [
    'perl -e \'system("rm -rf src")\'',
    "python3 -c 'import os'",
    'python3 x.py',
    'python3.12 -m http.server',
    "node -e 'x'",
    'node x.js',
    "ruby -e 'x'",
    "php -r 'x;'",
    "lua -e 'x'",
    'awk \'BEGIN { system("x") }\'',
    'awk \'{ print > "out" }\' f',
    'awk -f prog.awk f',
    "osascript -e 'x'",
    "pwsh -c 'x'",
    'perl5.36 x.pl',
  ];
  it.each(interpreters)('%s is a firm ask while any deny or ask rule exists', (command) => {
    for (const policy of [
      withStar,
      denyOnly,
      policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], ask: ['Bash(git push *)'] } } }]),
    ]) {
      const d = decide(command, policy, 'bypassPermissions');
      expect([command, d.behavior, d.askKind]).toEqual([command, 'ask', 'firm']);
    }
  });
  // An awk program read from a file may write names toolgate cannot see (decision 0092), so it
  // asks even where the other interpreters' opaque code is left to a wildcard rule.
  const unseenWriters = new Set(['awk -f prog.awk f']);
  it.each(interpreters.filter((c) => !unseenWriters.has(c)))('%s is decided as before with no deny or ask rule', (command) => {
    expect(decide(command, star).behavior).toBe('allow');
    expect([decide(command, none).behavior, decide(command, none).askKind]).toEqual(['ask', 'plain']);
  });
  it.each([...unseenWriters])('%s asks with no deny or ask rule: its program may write names toolgate cannot see', (command) => {
    for (const policy of [star, none]) {
      const d = decide(command, policy, 'bypassPermissions');
      expect([command, d.behavior, d.askKind]).toEqual([command, 'ask', 'protected']);
    }
  });
  it('informational calls and awk without effects run no hidden code', () => {
    for (const command of ['python3 --version', 'node -v', 'perl -v', "awk '{ print $1 }' README.md", "awk -F: '$3 > 100' /etc/passwd"]) {
      expect([command, decide(command).behavior]).toEqual([command, 'allow']);
    }
  });
});

describe('unknown programs that name a denied program', () => {
  it.each(['ssh host rm -rf src', "make CC='rm -rf'", 'npx rimraf --bin=/bin/rm x', 'docker run img curl https://x'])(
    '%s is a firm ask',
    (command) => {
      const d = decide(command, withStar, 'bypassPermissions');
      expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    },
  );
  // Their models read what these options run as a command (#37): the rule names it.
  it.each(['rg --pre=rm x .', 'install -s --strip-program=rm a b', 'ag --pager=rm x', 'ack --pager=rm x'])(
    '%s is denied: the program its option runs is read as a command',
    (command) => {
      expect(decide(command, withStar, 'bypassPermissions').behavior).toBe('deny');
    },
  );
  it.each(['git commit -m "rm the old files"', 'echo rm', 'grep -r curl .', 'npm ls', 'cat rm.txt'])('%s is not', (command) => {
    expect(decide(command).behavior).toBe('allow');
  });
  it('npm run build names no denied program, but runs a package script: opaque code, a firm ask under Bash(*)', () => {
    // The opaque-code table: a wildcard allow under a deny rule naming a program (DP-174).
    const d = decide('npm run build');
    expect([d.behavior, d.askKind, d.reason.kind]).toEqual(['ask', 'firm', 'opaqueCode']);
    expect(d.reason.message).toContain('for example Bash(npm run build *)');
  });
});
