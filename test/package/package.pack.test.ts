/**
 * The published package, as a consumer gets it: packed as `npm publish` would pack it (`npm pack`,
 * which builds it first), then installed into an empty project (`npm install <tarball>`, from
 * npm's cache when it can). In the `pack` suite: it builds the whole package (about a minute of
 * CPU) and installs from the registry or npm's cache.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARSER_NOT_PREPARED } from '../../src/shell/analyze.js';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The most a consumer's `node_modules` may weigh after `npm install toolgate`. */
const MAX_INSTALL_BYTES = 25 * 1024 * 1024;

let dir: string;
let files: string[];
let consumer: string;
let install: { status: number | null; stderr: string };

/** Bytes on disk under `path` (what `du` counts, in 1 KiB blocks as npm users see it). */
function diskBytes(path: string): number {
  return Number(execFileSync('du', ['-sk', path], { encoding: 'utf8' }).split('\t')[0]) * 1024;
}

/** Every installed package's package.json under a node_modules folder (scoped ones included). */
function installedPackages(modules: string): { name: string; scripts?: Record<string, string> }[] {
  return readdirSync(modules, { withFileTypes: true }).flatMap((e) => {
    if (!e.isDirectory() || e.name.startsWith('.')) return [];
    if (e.name.startsWith('@')) return installedPackages(join(modules, e.name));
    const pkg = JSON.parse(readFileSync(join(modules, e.name, 'package.json'), 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
    };
    let nested: { name: string; scripts?: Record<string, string> }[] = [];
    try {
      if (statSync(join(modules, e.name, 'node_modules')).isDirectory()) nested = installedPackages(join(modules, e.name, 'node_modules'));
    } catch {
      // no nested node_modules
    }
    return [pkg, ...nested];
  });
}

/** Run `node --input-type=module -e code` in the consumer project. */
function inConsumer(code: string) {
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: consumer, encoding: 'utf8' });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-pack-'));
  process.stderr.write(
    '[package] building toolgate (npm run build), packing it (npm pack) and installing the tarball into an empty project\n',
  );
  // Built first and packed without scripts: prepack's build would print into pack's JSON.
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }),
  ) as { filename: string; files: { path: string }[] }[];
  const info = packed[0]!;
  files = info.files.map((f) => f.path);
  consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const r = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, info.filename)], {
    cwd: consumer,
    encoding: 'utf8',
  });
  install = { status: r.status, stderr: r.stderr };
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }), 60_000);

describe('the packed tarball', () => {
  it('ships no source maps', () => {
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  });
  it('ships the tree-sitter-bash grammar and its license, the files of the pinned tree-sitter-bash', () => {
    const from = join(root, 'node_modules/tree-sitter-bash');
    expect(files).toContain('dist/grammars/tree-sitter-bash.wasm');
    expect(files).toContain('dist/grammars/tree-sitter-bash.LICENSE');
    expect(
      readFileSync(join(consumer, 'node_modules/toolgate/dist/grammars/tree-sitter-bash.wasm')).equals(
        readFileSync(join(from, 'tree-sitter-bash.wasm')),
      ),
    ).toBe(true);
    expect(readFileSync(join(consumer, 'node_modules/toolgate/dist/grammars/tree-sitter-bash.LICENSE'), 'utf8')).toBe(
      readFileSync(join(from, 'LICENSE'), 'utf8'),
    );
  });
  it('ships the shell parser runtime, the files of the pinned web-tree-sitter, instead of depending on it', () => {
    // decision 0101: the package was 4.6 MB of a consumer's install for the 380 kB toolgate runs.
    const from = join(root, 'node_modules/web-tree-sitter');
    for (const [file, name] of [
      ['web-tree-sitter.cjs', 'web-tree-sitter.cjs'],
      ['web-tree-sitter.wasm', 'web-tree-sitter.wasm'],
      ['LICENSE', 'LICENSE'],
    ] as const) {
      expect(files).toContain(`dist/web-tree-sitter/${file}`);
      expect(readFileSync(join(consumer, 'node_modules/toolgate/dist/web-tree-sitter', file)).equals(readFileSync(join(from, name)))).toBe(
        true,
      );
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('web-tree-sitter');
  });
});

describe("a consumer's install", () => {
  it('succeeds without a word about install scripts, and nothing installed has one', () => {
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/install.?scripts?/i);
    const withScripts = installedPackages(join(consumer, 'node_modules')).filter((p) =>
      ['preinstall', 'install', 'postinstall'].some((s) => p.scripts?.[s] !== undefined),
    );
    expect(withScripts.map((p) => p.name)).toEqual([]);
  });
  it('weighs at most 25 MB, without tree-sitter-bash, web-tree-sitter or the packages only serve needs', () => {
    const names = installedPackages(join(consumer, 'node_modules')).map((p) => p.name);
    for (const optional of [
      'tree-sitter-bash',
      'web-tree-sitter',
      'hono',
      '@hono/node-server',
      'better-sqlite3',
      'pg',
      '@opentelemetry/api',
      '@opentelemetry/api-logs',
      '@opentelemetry/sdk-logs',
      'protobufjs',
    ])
      expect(names).not.toContain(optional);
    expect(diskBytes(join(consumer, 'node_modules'))).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });
  it('parses what needs the full parser with the shipped grammar, as the source does', async () => {
    const command = 'for f in *.txt; do cat "$f"; done';
    const r = inConsumer(`import { prepareShell, analyzeShell } from 'toolgate/shell';
await prepareShell();
const a = analyzeShell(${JSON.stringify(command)});
console.log(JSON.stringify({ unknown: a.unknown, argv: a.commands.map((c) => c.argv) }));`);
    expect(r.status, r.stderr).toBe(0);
    await prepareShell();
    const a = analyzeShell(command);
    expect(JSON.parse(r.stdout)).toEqual({ unknown: a.unknown, argv: a.commands.map((c) => c.argv) });
    expect(a.unknown).not.toContain(PARSER_NOT_PREPARED);
  });
  it('parses with the shipped runtime from require() as from import', () => {
    const command = 'for f in *.txt; do cat "$f"; done';
    const r = spawnSync(
      process.execPath,
      [
        '-e',
        `const { prepareShell, analyzeShell } = require('toolgate/shell');
prepareShell().then(() => console.log(JSON.stringify(analyzeShell(${JSON.stringify(command)}).unknown)));`,
      ],
      { cwd: consumer, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toContain(PARSER_NOT_PREPARED);
  });
  it('`toolgate check` and `toolgate hook` decide what needs the full parser with the shipped runtime', () => {
    // A `for` loop is read by the full parser only: without it the call would be an ask.
    const project = join(consumer, 'hook-project');
    mkdirSync(join(project, '.claude'), { recursive: true });
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)'] } }),
    );
    const main = join(consumer, 'node_modules/toolgate/dist/cli/main.js');
    const env = { ...process.env, HOME: consumer, XDG_STATE_HOME: join(consumer, 'state'), TOOLGATE_CACHE_DIR: join(consumer, 'cache') };
    const check = spawnSync(process.execPath, [main, 'check', '--project', project, 'Bash(for f in a b; do echo "$f"; done)'], {
      cwd: project,
      encoding: 'utf8',
      env,
    });
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^ALLOW/);
    const hook = (command: string) => {
      const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: project });
      const r = spawnSync(process.execPath, [main, 'hook', '--project', project], { cwd: project, input, env, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
    };
    // Twice: the second call runs the runtime from its code cache (src/cli/hook-loader.ts).
    for (let i = 0; i < 2; i++) {
      expect(hook('for f in a b; do echo "$f"; done')).toBe('allow');
      expect(hook('for f in $(ls); do rm "$f"; done')).toBe('deny');
    }
    expect(readdirSync(join(consumer, 'cache')).some((f) => f.startsWith('web-tree-sitter-') && f.endsWith('.code'))).toBe(true);
  });
  it('loads every library entry without the packages only serve needs', () => {
    const entries = [
      'toolgate',
      'toolgate/rules',
      'toolgate/shell',
      'toolgate/hooks',
      'toolgate/gate',
      'toolgate/node',
      'toolgate/lint',
      'toolgate/store',
    ];
    const r = inConsumer(`for (const e of ${JSON.stringify(entries)}) await import(e);`);
    expect(r.status, r.stderr).toBe(0);
  });
  it('require()s every library entry but serve and otel, each giving the names its ES module gives', () => {
    // tsup's CommonJS build once shipped syntax errors in most entries (minified code through
    // sucrase); only the ES entries were loaded here then.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.keys(pkg.exports)
      .filter((k) => (k === '.' || !/\.\w+$/.test(k)) && !/\/(serve|otel)$/.test(k))
      .map((k) => (k === '.' ? 'toolgate' : `toolgate/${k.slice(2)}`));
    expect(entries.length).toBeGreaterThan(10);
    const r = inConsumer(
      `import { createRequire } from 'node:module'; const require = createRequire(import.meta.url + '/x');` +
        `const bad = []; for (const e of ${JSON.stringify(entries)}) { const c = Object.keys(require(e)).sort().join(); const m = Object.keys(await import(e)).filter((k) => k !== 'default' && k !== 'module.exports').sort().join(); if (c !== m) bad.push(e); }` +
        `if (bad.length) { console.error('differ: ' + bad.join(' ')); process.exit(1); }`,
    );
    expect(r.status, r.stderr).toBe(0);
  });

  it('`toolgate lint` checks a file against the public settings schema the package ships', () => {
    const file = join(consumer, 'lint-me', '.claude', 'settings.json');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(
      file,
      JSON.stringify({
        permissions: { allow: ['Bash(ls)'] },
        hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x', onFailure: 'block' }] }] },
      }),
    );
    const r = spawnSync(process.execPath, [join(consumer, 'node_modules/toolgate/dist/cli/main.js'), 'lint', file], {
      cwd: consumer,
      encoding: 'utf8',
      env: { ...process.env, HOME: consumer, XDG_STATE_HOME: join(consumer, 'state') },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/the public Claude Code settings schema says it unknown key "onFailure".*\[TG_LINT_SCHEMA_PUBLIC\]/);
    expect(files).toContain('schemas/claude-code-settings.schema.json');
  });
  it('gives TypeScript the same declarations for import and require (moduleResolution node16 and bundler)', () => {
    // The ES module declarations re-export the CommonJS ones (tsup.config.ts): both kinds of
    // consumer must see real types (a wrong use is an error), with the library's declarations checked.
    const dir = join(consumer, 'types');
    mkdirSync(dir, { recursive: true });
    const use = (load: string) => `import { lintSettings, type LintReport } from 'toolgate/lint';
import { analyzeShell } from 'toolgate/shell';
import { createMemoryStore, type AskRecord } from 'toolgate/store';
import { parseSettingsObject } from 'toolgate';
${load}
const n: number = report.diagnostics.length;
// @ts-expect-error diagnostics are not a string
const s: string = report.diagnostics;
// @ts-expect-error analyzeShell takes a string
analyzeShell(1);
let ask: AskRecord | undefined;
void [n, s, ask, createMemoryStore, parseSettingsObject];
export {};
`;
    writeFileSync(join(dir, 'esm.mts'), use(`const report: LintReport = await lintSettings([{ text: '{}' }]);`));
    writeFileSync(join(dir, 'cjs.cts'), use(`declare const report: LintReport;\nvoid lintSettings;`));
    writeFileSync(join(dir, 'bundled.ts'), use(`const report: LintReport = await lintSettings([{ text: '{}' }]);`));
    const options = {
      target: 'es2022',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
    };
    const configs = {
      'node16.json': { compilerOptions: { ...options, module: 'node16', moduleResolution: 'node16' }, files: ['esm.mts', 'cjs.cts'] },
      'bundler.json': { compilerOptions: { ...options, module: 'esnext', moduleResolution: 'bundler' }, files: ['bundled.ts'] },
    };
    for (const [name, config] of Object.entries(configs)) {
      writeFileSync(join(dir, name), JSON.stringify(config));
      const r = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, name)], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(r.stdout + r.stderr, name).toBe('');
      expect(r.status, name).toBe(0);
    }
    // Two type checks of the package and its dependencies' declarations: over a minute on a loaded machine.
  }, 300_000);
  it('`toolgate serve` without them says what to install', () => {
    const r = spawnSync(
      process.execPath,
      [join(consumer, 'node_modules/toolgate/dist/cli/main.js'), 'serve', '--listen', '127.0.0.1:0', '--store', 'memory:'],
      { cwd: consumer, encoding: 'utf8', env: { ...process.env, HOME: consumer, XDG_STATE_HOME: join(consumer, 'state') } },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('npm install hono');
  });
});
