/**
 * Engine differential: decide the same calls with two checkouts of toolgate (this one and a base)
 * and report every difference in the full decision (behaviour, ask kind, reason, rule, suggestions,
 * trace), in settings loading (policy, diagnostics, broken files) and in rule parsing.
 *
 *   npm run diff:engines -- --base DIR [--quick] [--max-diffs N] [--seeds a,b] [--runs N] [--only sections]
 *
 * `DIR` (or `TOOLGATE_BASE`) is another checkout with its dependencies installed (a git worktree of
 * an older commit; a symlinked node_modules is fine). Sections: cases (every conformance case),
 * bash (the shell fuzzer's families under its presets in every mode, plus its corpus), paths
 * (generated Read/Edit/Write/Glob/Grep/WebFetch/PowerShell/Bash calls with awkward paths against
 * the bench policy, the corpus settings and generated rule lists), corpus (examples/corpus calls
 * against the settings they name), settings (loading the corpus files and broken variants of
 * them), rules (parseRule on generated rule texts). Exit status 1 on any difference.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

// ---------------------------------------------------------------- options

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'max-diffs': { type: 'string', default: '5' },
    seeds: { type: 'string' },
    runs: { type: 'string' },
    only: { type: 'string' },
    'key-order': { type: 'boolean', default: false },
  },
});
const HERE = resolve(new URL('..', import.meta.url).pathname);
const BASE = values.base ?? process.env['TOOLGATE_BASE'];
if (!BASE || !existsSync(join(BASE, 'src/evaluate/index.ts'))) {
  console.error('usage: npm run diff:engines -- --base DIR (a toolgate checkout with node_modules; or TOOLGATE_BASE=DIR)');
  process.exit(2);
}
const QUICK = values.quick!;
const MAX_DIFFS = Number(values['max-diffs']);
const SEEDS = (values.seeds ?? (QUICK ? '7' : '7,1234,20261212')).split(',').map(Number);
const RUNS = Number(values.runs ?? (QUICK ? 1500 : 12000));
const ONLY = values.only ? new Set(values.only.split(',')) : undefined;
const want = (s: string) => !ONLY || ONLY.has(s);

// ---------------------------------------------------------------- the two engines

/* eslint-disable @typescript-eslint/no-explicit-any */
interface Engine {
  root: string;
  evaluate: (call: any, ctx: any) => any;
  prepare: () => Promise<void>;
  casePolicy: (body: Record<string, unknown>) => any;
  runCase: (c: any) => any;
  skipReason: (c: any) => string | undefined;
  caseFsView: (spec: Record<string, unknown>, ctx: any) => any;
  normalizeMode: (m: string) => string | undefined;
  parseSettingsFile: (text: string, source: any) => any;
  parseSettingsObject: (o: unknown, source: any) => any;
  mergePolicy: (files: any[], opts: any) => any;
  loadSettings: (opts: any) => Promise<any>;
  createMemoryFileSystem: (files: Record<string, any>) => any;
  parseRule: (text: string) => any;
}

async function load(root: string): Promise<Engine> {
  const imp = (p: string) => import(pathToFileURL(join(root, p)).href);
  const [ev, testing, cases, types, settings, mem, rules] = await Promise.all([
    imp('src/evaluate/index.ts'),
    imp('src/testing/conformance.ts'),
    imp('src/cases/index.ts'),
    imp('src/core/types.ts'),
    imp('src/settings/index.ts'),
    imp('src/testing/memory-fs.ts'),
    imp('src/rules/index.ts'),
  ]);
  return {
    root,
    evaluate: ev.evaluate,
    prepare: ev.prepare,
    casePolicy: testing.casePolicy,
    runCase: testing.runCase,
    skipReason: testing.skipReason,
    caseFsView: cases.caseFsView,
    normalizeMode: types.normalizeMode,
    parseSettingsFile: settings.parseSettingsFile,
    parseSettingsObject: settings.parseSettingsObject,
    mergePolicy: settings.mergePolicy,
    loadSettings: settings.loadSettings,
    createMemoryFileSystem: mem.createMemoryFileSystem,
    parseRule: rules.parseRule,
  };
}

// ---------------------------------------------------------------- canonical JSON

/** JSON with sorted keys (unless --key-order); functions, Maps and Sets made visible; a throw is a value. */
function canon(v: unknown): string {
  const seen = new WeakSet<object>();
  const walk = (x: unknown): unknown => {
    if (typeof x === 'function') return '[function]';
    if (typeof x === 'bigint') return `${x}n`;
    if (x === null || typeof x !== 'object') return x;
    if (seen.has(x)) return '[cycle]';
    seen.add(x);
    let out: unknown;
    if (x instanceof RegExp) out = `/${x.source}/${x.flags}`;
    else if (x instanceof Map) out = { '[Map]': [...x].map(([k, y]) => [walk(k), walk(y)]) };
    else if (x instanceof Set) out = { '[Set]': [...x].map(walk) };
    else if (Array.isArray(x)) out = x.map(walk);
    else {
      const keys = Object.keys(x);
      if (!values['key-order']) keys.sort();
      const o: Record<string, unknown> = {};
      for (const k of keys) {
        const y = (x as Record<string, unknown>)[k];
        if (y !== undefined) o[k] = walk(y);
      }
      out = o;
    }
    seen.delete(x);
    return out;
  };
  return JSON.stringify(walk(v));
}

function attempt<T>(f: () => T): T | { threw: string } {
  try {
    return f();
  } catch (e) {
    return { threw: String((e as Error).message ?? e) };
  }
}

// ---------------------------------------------------------------- tallies and differences

interface Diff {
  section: string;
  what: string;
  input: unknown;
  base: string;
  head: string;
}
const diffs: Diff[] = [];
const counts = new Map<string, { compared: number; differ: number; ms: number }>();
const tally = (section: string) => {
  let t = counts.get(section);
  if (!t) counts.set(section, (t = { compared: 0, differ: 0, ms: 0 }));
  return t;
};

function compare(section: string, what: string, input: unknown, base: unknown, head: unknown): void {
  const t = tally(section);
  t.compared += 1;
  const a = canon(base);
  const b = canon(head);
  if (a === b) return;
  t.differ += 1;
  diffs.push({ section, what, input, base: a, head: b });
}

/** A small seeded PRNG (mulberry32), so the generated inputs are the same for the same seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const MODES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] as const;
const PROJECT = '/home/user/project';
const HOME_DIR = '/home/user';

// ---------------------------------------------------------------- (1) conformance cases

function caseFiles(): string[] {
  const roots = [join(HERE, 'test/cases/shared'), join(HERE, 'test/cases/own')];
  return roots.flatMap((r) =>
    readdirSync(r)
      .filter((f) => f.endsWith('.jsonl') && f !== 'shell-battery.jsonl')
      .map((f) => join(r, f)),
  );
}

/** A case's decision, built as the conformance runner builds it (claude-code dialect). */
function caseDecision(e: Engine, body: Record<string, unknown>, modeOverride?: string): unknown {
  return attempt(() => {
    const policy = e.casePolicy(body);
    const platform = (body['platform'] as string | undefined) ?? 'linux';
    const cwd = (body['cwd'] as string | undefined) ?? PROJECT;
    const home =
      (body['home'] as string | undefined) ??
      (platform === 'windows' ? 'C:\\Users\\user' : platform === 'macos' ? '/Users/user' : HOME_DIR);
    const ctx: Record<string, unknown> = {
      mode: e.normalizeMode(String(modeOverride ?? body['mode'] ?? 'default')) ?? 'default',
      policy,
      cwd,
      home,
      platform,
      options: { shell: (body['shell'] as string | undefined) ?? 'bash' },
    };
    if (body['fs'] && typeof body['fs'] === 'object')
      ctx['fs'] = e.caseFsView(body['fs'] as Record<string, unknown>, { cwd, home, platform });
    if (Array.isArray(body['additionalDirectories'])) ctx['workingDirectories'] = [cwd, ...(body['additionalDirectories'] as string[])];
    return e.evaluate(body['call'], ctx);
  });
}

function runCases(base: Engine, head: Engine): void {
  for (const file of caseFiles()) {
    const name = file.split('/').slice(-2).join('/');
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let c: any;
      try {
        c = JSON.parse(line);
      } catch {
        continue;
      }
      // The runner's own outcome (every dialect; the others decide inside their runners).
      compare(
        'cases:outcome',
        `${name} ${c.id}`,
        c,
        attempt(() => base.runCase(c)),
        attempt(() => head.runCase(c)),
      );
      const dialect = c.dialect ?? 'claude-code';
      const body = c.case;
      if (dialect !== 'claude-code' || !body || body.call === undefined || base.skipReason(c) !== undefined) continue;
      // The full decision, in the case's mode and in every other mode.
      for (const mode of [undefined, ...(QUICK ? [] : MODES)]) {
        compare(
          'cases:decision',
          `${name} ${c.id}${mode ? ` @${mode}` : ''}`,
          { call: body.call, mode: mode ?? body.mode, id: c.id },
          caseDecision(base, body, mode),
          caseDecision(head, body, mode),
        );
      }
    }
  }
}

// ---------------------------------------------------------------- (2) the shell fuzzer

async function runBash(base: Engine, head: Engine): Promise<void> {
  const fuzz = await import(pathToFileURL(join(HERE, 'test/support/bash-fuzz/families.ts')).href);
  const corpus = await import(pathToFileURL(join(HERE, 'test/support/bash-fuzz/corpus.ts')).href);
  const presets = await import(pathToFileURL(join(HERE, 'test/support/bash-oracle/presets.ts')).href);
  const fams = fuzz.families(corpus.mutationSeeds());
  const policies = new Map<string, [unknown, unknown]>();
  const policyOf = (key: string, body: Record<string, unknown>): [unknown, unknown] => {
    let p = policies.get(key);
    if (!p) policies.set(key, (p = [base.casePolicy(body), head.casePolicy(body)]));
    return p;
  };
  const decide = (e: Engine, policy: unknown, command: string, mode: string, cwd = PROJECT) =>
    attempt(() =>
      e.evaluate(
        { tool: 'Bash', input: { command } },
        { mode, policy, cwd, home: HOME_DIR, platform: 'linux', options: { shell: 'bash' } },
      ),
    );
  const presetList = presets.SETTINGS_PRESETS as { name: string; settings: unknown }[];
  const modes = QUICK ? ['default', 'bypassPermissions', 'dontAsk'] : MODES;
  for (const seed of SEEDS) {
    const generated = fuzz.generate(fams, RUNS, seed) as { family: string; combo: string; command: string }[];
    for (const g of generated) {
      // The family's own preset plus one other, in every mode.
      const own = g.combo.split('/')[0]!;
      const other = presetList[(g.command.length + seed) % presetList.length]!.name;
      for (const pname of new Set([own, other])) {
        const preset = presetList.find((p) => p.name === pname)!;
        const [pb, ph] = policyOf(`preset:${pname}`, { settings: preset.settings });
        for (const mode of modes)
          compare(
            `bash:${g.family}`,
            `seed ${seed} ${pname}/${mode}`,
            { command: g.command },
            decide(base, pb, g.command, mode),
            decide(head, ph, g.command, mode),
          );
      }
    }
  }
  // The differential's corpus (case files' Bash calls, with their layers and cwd).
  for (const c of corpus.corpusCalls() as {
    id: string;
    settings: unknown;
    layers?: unknown;
    mode: string;
    command: string;
    cwd?: string;
  }[]) {
    const body = c.layers ? { layers: c.layers } : { settings: c.settings };
    const [pb, ph] = [attempt(() => base.casePolicy(body)), attempt(() => head.casePolicy(body))];
    for (const mode of QUICK ? [c.mode] : [c.mode, ...MODES]) {
      const m = base.normalizeMode(mode) ?? 'default';
      compare(
        'bash:corpus',
        `${c.id} @${m}`,
        { command: c.command },
        decide(base, pb, c.command, m, c.cwd),
        decide(head, ph, c.command, m, c.cwd),
      );
    }
  }
}

// ---------------------------------------------------------------- (3) paths and other tools

const SEGMENTS = [
  'src',
  'a.ts',
  '..',
  '.',
  '',
  '.env',
  '.env.local',
  'secrets',
  'key.pem',
  'id_rsa',
  'x.PEM',
  '.git',
  'config',
  '.claude',
  'settings.json',
  '.ssh',
  'node_modules',
  'é',
  'cafe\u0301',
  'ｆｕｌｌ',
  'a b',
  'a*b',
  '**',
  '*.pem',
  '?',
  '[ab]',
  '{a,b}',
  '$HOME',
  '~',
  'link',
  'C:',
  'README.md',
  '.bashrc',
  'x.pem.bak',
  'pem',
  '\u202e',
  'CON',
  'x:y',
  '%USERPROFILE%',
];
const PREFIXES = [
  '',
  './',
  '../',
  '~/',
  '/',
  '//',
  '/home/user/project/',
  '/home/user/',
  '/etc/',
  '/tmp/',
  'C:\\',
  'C:/',
  'c:\\Users\\user\\',
  '\\\\server\\share\\',
  '/Users/user/',
  'file:',
  '~root/',
  '$HOME/',
  '${HOME}/',
  '/home/user/project/../',
];

function genPath(r: ReturnType<typeof rng>): string {
  const n = 1 + r.int(4);
  const segs: string[] = [];
  for (let i = 0; i < n; i++) segs.push(r.pick(SEGMENTS));
  const sep = r.next() < 0.15 ? '\\' : r.next() < 0.1 ? '//' : '/';
  return r.pick(PREFIXES) + segs.join(sep) + (r.next() < 0.05 ? '/' : '');
}

const RULE_TOOLS = [
  'Read',
  'Edit',
  'Write',
  'Bash',
  'WebFetch',
  'Glob',
  'Grep',
  'PowerShell',
  'NotebookEdit',
  'mcp__srv__tool',
  'mcp__srv__*',
  'Agent',
  'WebSearch',
  'bash',
  '*',
];
const RULE_SPECS = [
  'src/**',
  './src/**',
  '/src/**',
  'src/a.ts/**',
  'src/é/**',
  'a b/**',
  '.claude/**',
  '.git/**',
  'node_modules/**',
  '//tmp/**',
  '//home/user/project/src/**',
  '~/.ssh/**',
  '~/**',
  '/home/user/project/src/**',
  'src/**/',
  'src/*/**',
  'src/**/**',
  'C:/Users/user/project/src/**',
  '//c/Users/user/project/src/**',
  'SRC/**',
  '**/*.pem',
  '*.pem',
  '.env',
  './.env',
  '**/.env*',
  '/secrets/**',
  '//etc/**',
  '~/.ssh/**',
  'src/**',
  '/src/**/*.ts',
  '**',
  '*',
  '**/key*',
  'C:\\Users\\**',
  '//c/Users/**',
  '$HOME/x',
  '${PROJECT_ROOT}/x',
  '{a,b}/**',
  '\\(x\\)',
  'a\\*b',
  '**/*.{pem,key}',
  '*/node_modules/**',
  '**/.git/**',
  '.claude/**',
  '*secret*',
  'é/**',
  '../**',
  'rm *',
  'git push:*',
  'npm run test:*',
  '* --force',
  'git * main',
  'ls',
  'cat *',
  'echo $HOME',
  'curl *',
  '*.sh',
  './build.sh *',
  'python3 -c *',
  'sudo *',
  'domain:example.com',
  'domain:*.example.com',
  'file_path:/x',
  'command:rm *',
  'Get-ChildItem *',
  'Remove-Item *',
  '',
  ' ',
  '(',
  'x)',
  'a(b)',
];

function genRules(r: ReturnType<typeof rng>): Record<string, string[]> {
  const lists: Record<string, string[]> = { allow: [], ask: [], deny: [] };
  const n = 1 + r.int(8);
  for (let i = 0; i < n; i++) {
    const tool = r.pick(RULE_TOOLS);
    const spec = r.next() < 0.12 ? '' : r.next() < 0.3 ? genPath(r) : r.pick(RULE_SPECS);
    const text = spec === '' && r.next() < 0.5 ? tool : `${tool}(${spec})`;
    lists[r.pick(['allow', 'allow', 'ask', 'deny', 'deny'])]!.push(r.next() < 0.05 ? ` ${text} ` : text);
  }
  return lists;
}

function genCall(r: ReturnType<typeof rng>): { tool: string; input: Record<string, unknown> } {
  const p = genPath(r);
  switch (r.int(10)) {
    case 0:
    case 1:
      return { tool: 'Read', input: { file_path: p } };
    case 2:
      return { tool: 'Edit', input: { file_path: p, old_string: 'a', new_string: 'b' } };
    case 3:
      return { tool: 'Write', input: { file_path: p, content: 'x' } };
    case 4:
      return { tool: 'Glob', input: r.next() < 0.5 ? { pattern: r.pick(['**/*', '*.pem', '**/.env', p]), path: p } : { pattern: p } };
    case 5:
      return { tool: 'Grep', input: r.next() < 0.5 ? { pattern: 'x', path: p } : { pattern: 'x', glob: r.pick(['*.pem', '**', p]) } };
    case 6:
      return {
        tool: 'WebFetch',
        input: {
          url: r.pick([
            'https://example.com/x',
            'https://a.example.com',
            'http://EXAMPLE.com.',
            'https://user@evil.com',
            'file:///etc/passwd',
            'https://example.com.evil.net',
            'not a url',
            `https://x.test/${p}`,
          ]),
          prompt: 'p',
        },
      };
    case 7:
      return {
        tool: 'PowerShell',
        input: {
          command: `${r.pick(['Get-Content', 'Remove-Item -Recurse', 'Set-Content -Path', 'gc', 'ls', 'cat', 'Get-ChildItem'])} ${JSON.stringify(p)}`,
        },
      };
    case 8:
      return {
        tool: 'Bash',
        input: {
          command: `${r.pick(['cat', 'rm -rf', 'ls', 'echo x >', 'cp x', 'sed -i s/a/b/', 'grep -r x', 'head'])} ${r.next() < 0.5 ? p : `'${p.replace(/'/g, '')}'`}`,
        },
      };
    default:
      return {
        tool: r.pick(['NotebookEdit', 'mcp__srv__tool', 'Agent', 'WebSearch', 'TodoWrite', 'ExitPlanMode', 'Unknown']),
        input: { notebook_path: p, path: p, query: 'q', plan: 'p' },
      };
  }
}

function corpusSettings(): { name: string; text: string }[] {
  const dir = join(HERE, 'examples/corpus/settings');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));
}

function runPaths(base: Engine, head: Engine): void {
  const policies: { name: string; body: Record<string, unknown> }[] = [
    { name: 'bench/policy-200', body: { settings: JSON.parse(readFileSync(join(HERE, 'bench/policy-200.json'), 'utf8')) } },
  ];
  for (const f of corpusSettings()) policies.push({ name: `corpus/${f.name}`, body: { settings: f.text } });
  const perPolicy = QUICK ? 40 : 400;
  const generatedLists = QUICK ? 40 : 400;
  for (const seed of SEEDS) {
    const r = rng(seed);
    const all = [
      ...policies,
      ...Array.from({ length: generatedLists }, (_, i) => ({
        name: `generated#${seed}.${i}`,
        body: { settings: { permissions: genRules(r) } },
      })),
    ];
    for (const pol of all) {
      const pb = attempt(() => base.casePolicy(pol.body));
      const ph = attempt(() => head.casePolicy(pol.body));
      compare('paths:policy', pol.name, pol.body, pb, ph);
      const calls = pol.name.startsWith('generated') ? (QUICK ? 12 : 30) : perPolicy;
      for (let i = 0; i < calls; i++) {
        const call = genCall(r);
        const platform = r.pick(['linux', 'linux', 'windows', 'macos'] as const);
        const mode = r.pick(MODES);
        // The cwd and home as a host may spell them (trailing separators, `.`, other drive-letter case).
        const cwd = r.pick(
          platform === 'windows'
            ? ['C:\\Users\\user\\project', 'c:\\users\\user\\project\\', 'C:/Users/user/project', 'C:\\Users\\user\\.\\project']
            : platform === 'macos'
              ? ['/Users/user/project', '/Users/user/project/']
              : [PROJECT, PROJECT, `${PROJECT}/`, '/home/user/./project', '//home/user/project', '/home/user/project/src/..'],
        );
        const home = r.pick(
          platform === 'windows'
            ? ['C:\\Users\\user', 'C:\\Users\\user\\']
            : platform === 'macos'
              ? ['/Users/user', '/Users/user/']
              : [HOME_DIR, HOME_DIR, `${HOME_DIR}/`],
        );
        const extra = r.next() < 0.2 ? { workingDirectories: [cwd, platform === 'windows' ? 'D:\\work' : '/opt/work'] } : {};
        const ctx = (policy: unknown) => ({ mode, policy, cwd, home, platform, options: { shell: 'bash' }, ...extra });
        compare(
          `paths:${call.tool}`,
          `${pol.name} ${platform}/${mode}`,
          call,
          attempt(() => base.evaluate(call, ctx(pb))),
          attempt(() => head.evaluate(call, ctx(ph))),
        );
      }
    }
  }
}

// ---------------------------------------------------------------- (3a) big Bash and PowerShell rule lists

/** Bash rule contents made from a command's words (lists of 8 rules and more are looked up by first word). */
function bashSpecsFrom(r: ReturnType<typeof rng>, command: string): string[] {
  const words = command.split(/[\s;&|]+/).filter((w) => w !== '' && !/^\d*[<>]/.test(w));
  const w1 = words[0] ?? 'rm';
  const w2 = words[1] ?? '-rf';
  const forms = [
    `${w1} *`,
    `${w1}:*`,
    w1,
    `${w1} ${w2} *`,
    `${w1} ${w2}:*`,
    `* ${w2} *`,
    `${w1}*`,
    ` ${w1} *`,
    `${w1}  ${w2} *`,
    `${w1.toUpperCase()} *`,
    `/bin/${w1} *`,
    `/usr/bin/${w1} *`,
    `\\${w1} *`,
    `${w1} \\*`,
    `${w1} * ${w2}`,
    `*${w1}*`,
    `${w1}\t*`,
    `${w1} ${w2}`,
    `env ${w1} *`,
    `sudo ${w1} *`,
    `FOO=1 ${w1} *`,
    `${w1} -- *`,
    `'${w1}' *`,
    `"${w1}" *`,
    `${w1.slice(0, 2)}*`,
    `* && ${w1} *`,
  ];
  const out: string[] = [];
  for (let i = 0; i < 3; i++) out.push(r.pick(forms));
  return out;
}

const BASH_COMMON = [
  'rm *',
  'rm -rf *',
  'curl *',
  'git push *',
  'git push:*',
  'npm run test *',
  'npm *',
  'ls',
  'ls *',
  'cat *',
  'echo *',
  'git *',
  'git log *',
  'python3 *',
  'node *',
  'sudo *',
  'find *',
  'sed *',
  'xargs *',
  'bash *',
  'sh -c *',
  'make *',
  '*',
  '* --force *',
  'git * main',
  'chmod *',
  'touch *',
  'mv *',
  'cp *',
  'tar *',
];
const PS_SPECS = [
  'Remove-Item *',
  'remove-item *',
  'rm *',
  'del *',
  'ri *',
  'Remove-Item:*',
  'Get-ChildItem *',
  'gci *',
  'ls *',
  'Get-Content *',
  'cat *',
  'gc *',
  'Set-Content *',
  'Invoke-Expression *',
  'iex *',
  'Start-Process *',
  '& *',
  '. *',
  'cmd /c *',
  'git push *',
  'git *',
  'Invoke-WebRequest *',
  'iwr *',
  'curl *',
  'Write-Output *',
  'echo *',
  '*',
  'Get-*',
  'Microsoft.PowerShell.Management\\Remove-Item *',
  'Copy-Item *',
  'Move-Item *',
  'New-Item *',
  'Stop-Process *',
  'kill *',
];
const PS_COMMANDS = [
  'Remove-Item -Recurse -Force x',
  'remove-item x',
  'REMOVE-ITEM x',
  'rm x',
  'del x',
  'ri x',
  'erase x',
  'rd x',
  'rmdir x',
  'Get-ChildItem',
  'gci -Recurse',
  'ls',
  'dir',
  'Get-Content README.md',
  'gc .env',
  'cat .env',
  'type .env',
  'Set-Content -Path x -Value y',
  'sc x y',
  'Invoke-Expression "rm x"',
  'iex "rm x"',
  "& 'Remove-Item' x",
  '& Remove-Item x',
  '. ./script.ps1',
  '& { Remove-Item x }',
  'Start-Process rm',
  'cmd /c del x',
  'git push origin main',
  'git status',
  'git -C . push',
  'Invoke-WebRequest https://x',
  'iwr https://x',
  'curl https://x',
  'Write-Output hi',
  'echo hi',
  'Get-ChildItem | Remove-Item',
  'Get-Process; Stop-Process -Id 1',
  'kill 1',
  '$x = "rm"; & $x y',
  'Microsoft.PowerShell.Management\\Remove-Item x',
  'Copy-Item a b',
  'cp a b',
  'mv a b',
  'New-Item -ItemType File x',
  'Get-Date',
  '   Remove-Item x',
  'Remove-Item`\n x',
  'Remove-Item x # comment',
  'if ($true) { rm x }',
  'foreach ($f in ls) { rm $f }',
  '(Get-Content x) | Set-Content y',
  'Get-Item x | % { rm $_ }',
  'Remove-Item -Path $env:TEMP\\x',
  'rm -r -fo x',
  'Get-ChildItem -Path C:\\ | Remove-Item',
];

async function runIndex(base: Engine, head: Engine): Promise<void> {
  const fuzz = await import(pathToFileURL(join(HERE, 'test/support/bash-fuzz/families.ts')).href);
  const corpus = await import(pathToFileURL(join(HERE, 'test/support/bash-fuzz/corpus.ts')).href);
  const fams = fuzz.families(corpus.mutationSeeds());
  const modes = ['default', 'acceptEdits', 'dontAsk', 'bypassPermissions'];
  const lists = QUICK ? 6 : 40;
  const perList = QUICK ? 250 : 1500;
  for (const seed of SEEDS) {
    const r = rng(seed + 17);
    const commands = (fuzz.generate(fams, lists * perList, seed + 1) as { command: string }[]).map((g) => g.command);
    for (let l = 0; l < lists; l++) {
      const slice = commands.slice(l * perList, (l + 1) * perList);
      // Rules from the commands this list will meet, and common ones, spread over the three lists.
      const perms: Record<string, string[]> = { allow: [], ask: [], deny: [] };
      const n = 8 + r.int(30);
      for (let i = 0; i < n; i++) {
        const spec = r.next() < 0.6 ? r.pick(bashSpecsFrom(r, r.pick(slice))) : r.pick(BASH_COMMON);
        perms[r.pick(['allow', 'allow', 'ask', 'deny', 'deny'])]!.push(`Bash(${spec})`);
      }
      for (let i = 0; i < 3; i++)
        perms[r.pick(['allow', 'deny'])]!.push(
          r.pick(['Read(./.env)', 'Edit(secrets/**)', 'Read(~/.ssh/**)', 'Bash', 'WebFetch(domain:example.com)']),
        );
      // Every list at least 8 long, so each is indexed.
      for (const k of ['allow', 'ask', 'deny']) while (perms[k]!.length < 8) perms[k]!.push(`Bash(${r.pick(BASH_COMMON)})`);
      const body = { settings: { permissions: perms } };
      const pb = attempt(() => base.casePolicy(body));
      const ph = attempt(() => head.casePolicy(body));
      const ps: Record<string, string[]> = { allow: [], ask: [], deny: [] };
      for (const k of ['allow', 'ask', 'deny']) for (let i = 0; i < 8 + r.int(8); i++) ps[k]!.push(`PowerShell(${r.pick(PS_SPECS)})`);
      const psBody = { settings: { permissions: ps } };
      const qb = attempt(() => base.casePolicy(psBody));
      const qh = attempt(() => head.casePolicy(psBody));
      for (const command of slice) {
        const mode = r.pick(modes);
        const ctx = (policy: unknown) => ({ mode, policy, cwd: PROJECT, home: HOME_DIR, platform: 'linux', options: { shell: 'bash' } });
        const call = { tool: 'Bash', input: { command } };
        compare(
          'index:Bash',
          `seed ${seed} list ${l} @${mode}`,
          { call, rules: perms },
          attempt(() => base.evaluate(call, ctx(pb))),
          attempt(() => head.evaluate(call, ctx(ph))),
        );
      }
      for (const command of PS_COMMANDS) {
        for (const platform of ['windows', 'linux'] as const) {
          const mode = r.pick(modes);
          const cwd = platform === 'windows' ? 'C:\\Users\\user\\project' : PROJECT;
          const home = platform === 'windows' ? 'C:\\Users\\user' : HOME_DIR;
          const ctx = (policy: unknown) => ({ mode, policy, cwd, home, platform, options: { shell: 'bash' } });
          const call = { tool: 'PowerShell', input: { command } };
          compare(
            'index:PowerShell',
            `seed ${seed} list ${l} ${platform}/${mode}`,
            { call, rules: ps },
            attempt(() => base.evaluate(call, ctx(qb))),
            attempt(() => head.evaluate(call, ctx(qh))),
          );
        }
      }
    }
  }
}

// ---------------------------------------------------------------- (3c) shell path effects against path rules with a literal

const EFFECT_RULES = [
  'Read(**/*.pem)',
  'Read(*.pem)',
  'Edit(**/*.pem)',
  'Read(**/.env*)',
  'Read(./.env)',
  'Edit(secrets/**)',
  'Read(secrets/**)',
  'Read(~/.ssh/**)',
  'Read(//etc/shadow)',
  'Read(*secret*)',
  'Edit(**/.git/**)',
  'Read(/keys/**)',
  'Edit(//tmp/out/**)',
  'Read(**/id_rsa)',
  'Read(**/*.{pem,key})',
  'Read(.e*)',
  'Edit(./build/**)',
];
const EFFECT_PROGRAMS = [
  'cat',
  'cp',
  'mv',
  'rm -rf',
  'grep -r x',
  'tar czf out.tgz',
  'head -1',
  'sed -i s/a/b/',
  'tee',
  'touch',
  'ls',
  'find',
  'du -a',
  'rsync -a',
  'git add',
  'echo x >',
  'cat <',
  'zip -r z.zip',
  'diff',
  'wc -l',
  'chmod 600',
  'ln -s',
  'less',
  'vim',
  'jq . --run-tests',
  'strings @',
  'dd if=',
];
const EFFECT_OPERANDS = [
  'x.pem',
  'x.PEM',
  'dir/x.pem',
  '*.pem',
  'x.p*',
  'x.pe?',
  'x.{pem,txt}',
  "'x.pem'",
  '"x".pem',
  'x.pe\\m',
  '.env',
  '.en?',
  '.env.local',
  './.env',
  'src/../.env',
  '/home/user/project/.env',
  'secrets',
  'secrets/a',
  'secret',
  'secrets/',
  'secrets/.',
  './secrets/../secrets/a',
  '~/.ssh/id_rsa',
  '$HOME/.ssh/id_rsa',
  '~/.ssh',
  '/etc/shadow',
  '/etc',
  '.',
  '..',
  '/',
  'src',
  '.git/config',
  '.git',
  'keys/a',
  '/keys/a',
  '/tmp/out/a',
  '/tmp/out',
  'id_rsa',
  'x.key',
  '$(echo x).pem',
  '$X',
  '${X}.pem',
  'build/a',
  'a.txt',
  'x.pem/',
  './/x.pem',
  '-- x.pem',
  'mysecretfile',
];

function runEffects(base: Engine, head: Engine): void {
  const modes = ['default', 'acceptEdits', 'dontAsk', 'bypassPermissions'];
  for (const seed of SEEDS) {
    const r = rng(seed + 31);
    const lists = QUICK ? 10 : 60;
    for (let l = 0; l < lists; l++) {
      const perms: Record<string, string[]> = { allow: [], ask: [], deny: [] };
      for (let i = 0; i < 1 + r.int(6); i++) perms[r.pick(['deny', 'deny', 'ask', 'allow'])]!.push(r.pick(EFFECT_RULES));
      if (r.next() < 0.5) perms['allow']!.push(r.pick(['Bash(*)', 'Bash(cat *)', 'Bash(cp *)', 'Edit(src/**)', 'Read(**)']));
      const body = { settings: { permissions: perms } };
      const pb = attempt(() => base.casePolicy(body));
      const ph = attempt(() => head.casePolicy(body));
      for (let i = 0; i < (QUICK ? 60 : 300); i++) {
        const prog = r.pick(EFFECT_PROGRAMS);
        const ops = Array.from({ length: 1 + r.int(3) }, () => r.pick(EFFECT_OPERANDS));
        let command =
          prog.endsWith('@') || prog.endsWith('=') || prog.endsWith('<') ? `${prog}${ops.join(' ')}` : `${prog} ${ops.join(' ')}`;
        if (r.next() < 0.2) command = `${r.pick(['cd src && ', 'cd .. && ', 'ls; ', 'X=x.pem; ', 'true | '])}${command}`;
        const mode = r.pick(modes);
        const call = { tool: 'Bash', input: { command } };
        const ctx = (policy: unknown) => ({ mode, policy, cwd: PROJECT, home: HOME_DIR, platform: 'linux', options: { shell: 'bash' } });
        compare(
          'effects:Bash',
          `seed ${seed} list ${l} @${mode}`,
          { call, rules: perms },
          attempt(() => base.evaluate(call, ctx(pb))),
          attempt(() => head.evaluate(call, ctx(ph))),
        );
      }
    }
  }
}

// ---------------------------------------------------------------- (3b) examples/corpus calls

function runCorpusCalls(base: Engine, head: Engine): void {
  const files = new Map(corpusSettings().map((f) => [f.name.slice(0, 3), f] as const));
  const lines = readFileSync(join(HERE, 'examples/corpus/calls.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const cache = new Map<string, [unknown, unknown]>();
  for (const line of lines) {
    const c = JSON.parse(line) as { tool: string; input: Record<string, unknown>; cwd?: string; for?: string[] };
    for (const id of c.for ?? []) {
      const f = files.get(id);
      if (!f) continue;
      let p = cache.get(id);
      if (!p)
        cache.set(id, (p = [attempt(() => base.casePolicy({ settings: f.text })), attempt(() => head.casePolicy({ settings: f.text }))]));
      for (const mode of MODES) {
        const ctx = (policy: unknown) => ({
          mode,
          policy,
          cwd: c.cwd ?? PROJECT,
          home: HOME_DIR,
          platform: 'linux',
          options: { shell: 'bash' },
        });
        compare(
          'corpus',
          `${f.name} @${mode}`,
          { tool: c.tool, input: c.input },
          attempt(() => base.evaluate({ tool: c.tool, input: c.input }, ctx(p![0]))),
          attempt(() => head.evaluate({ tool: c.tool, input: c.input }, ctx(p![1]))),
        );
      }
    }
  }
}

// ---------------------------------------------------------------- (4) settings loading

function mutations(text: string, r: ReturnType<typeof rng>): string[] {
  const out: string[] = [];
  const cut = 1 + r.int(Math.max(1, text.length - 1));
  out.push(text.slice(0, cut)); // truncated
  out.push(text.replace(/\]/, ',]')); // trailing comma
  out.push(text.replace(/"(allow|deny|ask)"\s*:\s*\[/, '"$1": "Bash(*)", "x": [')); // a list as a string
  out.push(text.replace(/"([A-Z][A-Za-z]*)\(/, '"$1 (')); // space before (
  out.push(text.replace(/\)"/, '"')); // unbalanced paren
  out.push(text.replace(/"([A-Z][A-Za-z]*)\(/, '"$1\\\\('));
  out.push(text.replace(/"permissions"/, '"Permissions"'));
  out.push(text.replace(/"(allow|deny)"/, '"$1s"'));
  out.push(text.replace(/"defaultMode"\s*:\s*"[^"]*"/, '"defaultMode": "yolo"'));
  out.push(`\uFEFF${text}`);
  out.push(text.replace(/\n/g, '\r\n'));
  out.push(`// comment\n${text}`);
  out.push(text.replace(/"/, "'"));
  out.push(text.replace(/"(Bash|Read|Edit)\(/g, (m) => (r.next() < 0.3 ? `" ${m.slice(1)}` : m)));
  out.push(text.replace(/"(Bash|Read|Edit)\(([^"]*)\)"/, '"$1($2) "'));
  out.push(text.replace(/"(Bash|Read|Edit)\(/, '"mcp__x__*('));
  out.push(text.replace(/"(Bash|Read|Edit)\(/, '"Bash:'));
  out.push(
    '[]',
    '1',
    'null',
    '{',
    '',
    '{"permissions": {"allow": [1, null, "", "Bash()", "Bash( )", "Read(\\\\)", "Bash(a:*)", "WebFetch(example.com)", "Edit(//)", "Bash(\\u0000)"]}}',
  );
  return [...new Set(out)].filter((m) => m !== text || out.indexOf(m) === 0);
}

async function runSettings(base: Engine, head: Engine): Promise<void> {
  const r = rng(SEEDS[0]!);
  const layers = ['user', 'project', 'local', 'managed', 'cli'];
  const files = corpusSettings();
  for (const f of files) {
    const texts = [f.text, ...mutations(f.text, r)];
    for (const text of texts) {
      for (const layer of QUICK ? ['project'] : layers) {
        for (const trusted of [true, false]) {
          const body = { layers: { [layer]: text }, project_trusted: trusted };
          compare(
            'settings:casePolicy',
            `${f.name} as ${layer}${trusted ? '' : ' (untrusted)'}`,
            { text: text.slice(0, 300) },
            attempt(() => base.casePolicy(body)),
            attempt(() => head.casePolicy(body)),
          );
        }
      }
    }
  }
  // loadSettings through a memory file system: several files at once, one broken.
  const rounds = QUICK ? 10 : 80;
  for (let i = 0; i < rounds; i++) {
    const pick = () => {
      const f = r.pick(files);
      return r.next() < 0.3 ? r.pick(mutations(f.text, r)) : f.text;
    };
    const tree: Record<string, string> = {
      [`${HOME_DIR}/.claude/settings.json`]: pick(),
      [`${PROJECT}/.claude/settings.json`]: pick(),
      [`${PROJECT}/.claude/settings.local.json`]: pick(),
    };
    if (r.next() < 0.5) tree['/etc/claude-code/managed-settings.json'] = pick();
    const opts = (e: Engine) => ({
      fs: e.createMemoryFileSystem(tree),
      cwd: PROJECT,
      home: HOME_DIR,
      platform: 'linux',
      isProjectTrusted: () => i % 3 !== 0,
    });
    let a: unknown;
    let b: unknown;
    try {
      a = await base.loadSettings(opts(base));
    } catch (e) {
      a = { threw: String(e) };
    }
    try {
      b = await head.loadSettings(opts(head));
    } catch (e) {
      b = { threw: String(e) };
    }
    compare('settings:loadSettings', `round ${i}`, Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, v.slice(0, 120)])), a, b);
  }
}

// ---------------------------------------------------------------- (5) parseRule

function runRules(base: Engine, head: Engine): void {
  const r = rng(SEEDS[0]!);
  const pieces = [
    '(',
    ')',
    '\\',
    '\\(',
    '\\)',
    ':',
    ':*',
    '*',
    ' ',
    '\t',
    '"',
    'é',
    'x',
    'Bash',
    'Read',
    '//',
    '~',
    '{',
    '}',
    '$',
    ',',
    'domain:',
    'mcp__a__b',
    '\u0000',
    '\n',
    'path:',
    'command:',
  ];
  const n = QUICK ? 4000 : 40000;
  const texts = new Set<string>();
  for (const t of RULE_TOOLS) for (const s of RULE_SPECS) texts.add(`${t}(${s})`);
  for (let i = 0; i < n; i++) {
    let s = r.next() < 0.7 ? `${r.pick(RULE_TOOLS)}(` : '';
    const k = r.int(6);
    for (let j = 0; j < k; j++) s += r.next() < 0.5 ? r.pick(pieces) : r.pick(RULE_SPECS);
    if (r.next() < 0.7) s += ')';
    if (r.next() < 0.1) s = ` ${s}`;
    if (r.next() < 0.1) s += ' ';
    texts.add(s);
  }
  for (const t of texts)
    compare(
      'rules:parseRule',
      JSON.stringify(t),
      t,
      attempt(() => base.parseRule(t)),
      attempt(() => head.parseRule(t)),
    );
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const started = process.cpuUsage();
  const [base, head] = await Promise.all([load(resolve(BASE!)), load(HERE)]);
  await base.prepare();
  await head.prepare();
  const sections: [string, () => void | Promise<void>][] = [
    ['rules', () => runRules(base, head)],
    ['settings', () => runSettings(base, head)],
    ['cases', () => runCases(base, head)],
    ['corpus', () => runCorpusCalls(base, head)],
    ['paths', () => runPaths(base, head)],
    ['bash', () => runBash(base, head)],
    ['index', () => runIndex(base, head)],
    ['effects', () => runEffects(base, head)],
  ];
  for (const [name, run] of sections) {
    if (!want(name)) continue;
    const t0 = process.cpuUsage();
    await run();
    const used = process.cpuUsage(t0);
    console.log(`${name}: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`);
  }
  console.log(
    `\nengine differential: base ${BASE} vs ${HERE}${QUICK ? ' (quick)' : ''}, seeds ${SEEDS.join(',')}, ${RUNS} generated shell commands per seed`,
  );
  let compared = 0;
  for (const [s, t] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    compared += t.compared;
    console.log(`  ${s.padEnd(34)} ${String(t.compared).padStart(8)} compared ${String(t.differ).padStart(6)} differ`);
  }
  const used = process.cpuUsage(started);
  console.log(
    `  ${'total'.padEnd(34)} ${String(compared).padStart(8)} compared ${String(diffs.length).padStart(6)} differ (${((used.user + used.system) / 1000).toFixed(0)} ms CPU)`,
  );
  for (const d of diffs.slice(0, MAX_DIFFS)) {
    console.log(`\n--- ${d.section}: ${d.what}\ninput: ${canon(d.input)}\nbase:  ${d.base}\nhead:  ${d.head}`);
  }
  if (diffs.length > MAX_DIFFS) console.log(`\n… and ${diffs.length - MAX_DIFFS} more differences (--max-diffs N)`);
  process.exit(diffs.length === 0 ? 0 : 1);
}

await main();
