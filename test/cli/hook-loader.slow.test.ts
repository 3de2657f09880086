import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookCallKind, loadHook } from '../../src/cli/hook-loader.js';
import { programArgs } from '../support/programs/run.js';

/**
 * `loadHook` in a fresh process (V8 also keeps compiled scripts in memory: in one process a second
 * load would not read the cache file at all): whether the code came from the cache, and what
 * `hookMain(args)` returned. The loader is the one built for the run (test/support/programs), so
 * the process does not compile TypeScript first (through tsx, most of each process's time).
 */
function loadInChild(bundle: string, cache: string, args: string[], kind = 'any'): { cached: boolean; result: number } {
  const [loader] = programArgs('hook-loader');
  const script = `import { loadHook } from ${JSON.stringify(loader)};
const l = await loadHook(${JSON.stringify(bundle)}, { TOOLGATE_CACHE_DIR: ${JSON.stringify(cache)} }, ${JSON.stringify(kind)});
const result = await l.hook.hookMain(${JSON.stringify(args)});
l.afterCall();
console.log(JSON.stringify({ cached: l.cached, result }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { cached: boolean; result: number };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-hook-loader-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the hook bundle with V8 code cache', () => {
  const bundle = () => {
    const file = join(dir, 'hook.cjs');
    writeFileSync(file, `exports.hookMain = async (args) => args.length + require('node:path').basename(__filename).length;\n`);
    return file;
  };

  it('compiles the bundle, keeps its code in the cache and runs from it the next time', () => {
    const cache = join(dir, 'cache');
    const file = bundle();
    expect(loadInChild(file, cache, ['a', 'b'])).toEqual({ cached: false, result: 2 + 'hook.cjs'.length });
    expect(readdirSync(cache).filter((f) => f.endsWith('.code'))).toHaveLength(1);
    expect(loadInChild(file, cache, ['a'])).toEqual({ cached: true, result: 1 + 'hook.cjs'.length });
  });

  it('keeps one cache per kind of call: a shell call never runs from the cache a Read made', () => {
    const cache = join(dir, 'cache');
    const file = bundle();
    expect(loadInChild(file, cache, [], 'other')).toEqual({ cached: false, result: 'hook.cjs'.length });
    expect(loadInChild(file, cache, [], 'shell')).toEqual({ cached: false, result: 'hook.cjs'.length });
    expect(readdirSync(cache).filter((f) => f.endsWith('.code'))).toHaveLength(2);
    expect(loadInChild(file, cache, [], 'shell')).toEqual({ cached: true, result: 'hook.cjs'.length });
    expect(loadInChild(file, cache, [], 'other')).toEqual({ cached: true, result: 'hook.cjs'.length });
  });

  it('a call that loaded the shell grammar (and so changed V8 flags) leaves the cache to the next call', () => {
    const cache = join(dir, 'cache');
    const file = join(dir, 'hook.cjs');
    // `parse` stands for a command that needs the full parser: the hook calls its third argument first.
    writeFileSync(
      file,
      `exports.liftoffOnly = async () => require('node:v8').setFlagsFromString('--liftoff-only');
exports.hookMain = async (args, input, beforeShellParser) => { if (args[0] === 'parse') await beforeShellParser(); return args.length; };\n`,
    );
    expect(loadInChild(file, cache, ['parse'])).toEqual({ cached: false, result: 1 });
    expect(existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith('.code')) : []).toEqual([]);
    expect(loadInChild(file, cache, [])).toEqual({ cached: false, result: 0 });
    expect(loadInChild(file, cache, ['parse'])).toEqual({ cached: true, result: 1 });
    expect(loadInChild(file, cache, [])).toEqual({ cached: true, result: 0 });
  });

  it('a call that read the settings instead of the policy cache leaves the code cache to the next call', () => {
    const cache = join(dir, 'cache');
    const file = join(dir, 'hook.cjs');
    // `load` stands for a call whose policy cache missed: the hook calls its fourth argument.
    writeFileSync(
      file,
      `exports.hookMain = async (args, input, beforeShellParser, onPolicyLoad) => { if (args[0] === 'load') onPolicyLoad(); return args.length; };\n`,
    );
    expect(loadInChild(file, cache, ['load'])).toEqual({ cached: false, result: 1 });
    expect(existsSync(cache) ? readdirSync(cache).filter((f) => f.endsWith('.code')) : []).toEqual([]);
    expect(loadInChild(file, cache, [])).toEqual({ cached: false, result: 0 });
    expect(loadInChild(file, cache, ['load'])).toEqual({ cached: true, result: 1 });
  });

  it("compiles a file of the bundle's own (the shell analysis) only when required, with a code cache of its own per kind of call", () => {
    const cache = join(dir, 'cache');
    const file = join(dir, 'hook.cjs');
    writeFileSync(file, `exports.hookMain = async (args) => (args[0] === 'shell' ? require('./hook-part.cjs').n : 0) + args.length;\n`);
    writeFileSync(join(dir, 'hook-part.cjs'), `module.exports = { n: 40 + require('node:path').basename(__filename).length };\n`);
    const codes = () =>
      readdirSync(cache)
        .filter((f) => f.endsWith('.code'))
        .map((f) => f.replace(/-\d.*/, ''))
        .sort();
    expect(loadInChild(file, cache, ['read'], 'other')).toEqual({ cached: false, result: 1 });
    expect(codes()).toEqual(['hook-other']);
    expect(loadInChild(file, cache, ['shell'], 'shell')).toEqual({ cached: false, result: 41 + 'hook-part.cjs'.length });
    expect(codes()).toEqual(['hook-other', 'hook-part-shell', 'hook-shell']);
    expect(loadInChild(file, cache, ['shell'], 'shell')).toEqual({ cached: true, result: 41 + 'hook-part.cjs'.length });
    expect(codes()).toEqual(['hook-other', 'hook-part-shell', 'hook-shell']);
  });

  it("remembers where the grammar's runtime is for the bundle, and resolves it again when that file is gone", () => {
    const cache = join(dir, 'cache');
    const file = join(dir, 'hook.cjs');
    writeFileSync(file, `exports.hookMain = async () => require('web-tree-sitter').n;\n`);
    const pkg = (where: string, n: number) => {
      mkdirSync(join(dir, where), { recursive: true });
      writeFileSync(join(dir, where, 'package.json'), JSON.stringify({ name: 'web-tree-sitter', main: 'index.cjs' }));
      writeFileSync(join(dir, where, 'index.cjs'), `module.exports = { n: ${n} };\n`);
    };
    pkg('node_modules/web-tree-sitter', 1);
    expect(loadInChild(file, cache, [], 'parser').result).toBe(1);
    const kept = readdirSync(cache).find((f) => f.startsWith('web-tree-sitter-path-'))!;
    expect(JSON.parse(readFileSync(join(cache, kept), 'utf8')).path).toBe(join(dir, 'node_modules/web-tree-sitter/index.cjs'));
    expect(loadInChild(file, cache, [], 'parser').result).toBe(1);
    // Another install: the remembered file is gone, so the resolver finds the new one.
    rmSync(join(dir, 'node_modules'), { recursive: true });
    pkg('node_modules/web-tree-sitter', 2);
    writeFileSync(join(dir, 'node_modules/web-tree-sitter/package.json'), JSON.stringify({ name: 'web-tree-sitter', main: 'main.cjs' }));
    writeFileSync(join(dir, 'node_modules/web-tree-sitter/main.cjs'), 'module.exports = { n: 3 };\n');
    rmSync(join(dir, 'node_modules/web-tree-sitter/index.cjs'));
    expect(loadInChild(file, cache, [], 'parser').result).toBe(3);
  });

  it('a call guessed to need the parser sets the flags first, so it keeps and reads a cache of its own', () => {
    const cache = join(dir, 'cache');
    const file = join(dir, 'hook.cjs');
    writeFileSync(
      file,
      `exports.liftoffOnly = async () => { throw new Error('the loader set the flags already'); };
exports.hookMain = async (args, input, beforeShellParser) => { await beforeShellParser(); return args.length; };\n`,
    );
    expect(loadInChild(file, cache, ['parse'], 'parser')).toEqual({ cached: false, result: 1 });
    expect(readdirSync(cache).filter((f) => f.endsWith('.code'))).toHaveLength(1);
    expect(loadInChild(file, cache, ['parse'], 'parser')).toEqual({ cached: true, result: 1 });
  });

  it('sets the WebAssembly flags with no deprecation warning on stderr, and leaves process.noDeprecation as it was', () => {
    const file = join(dir, 'hook.cjs');
    // A module whose one function V8 refuses when it validates every function at compile time, and
    // compiles under --wasm-lazy-validation (one of the flags): so the flags were set.
    writeFileSync(
      file,
      `const bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 3, 2, 1, 0, 0x0a, 5, 1, 3, 0, 0x6a, 0x0b]);
exports.hookMain = async () => { try { new WebAssembly.Module(bytes); } catch { return 0; } return 'noDeprecation' in process ? 2 : 1; };\n`,
    );
    const [loader] = programArgs('hook-loader');
    const script = `import { loadHook } from ${JSON.stringify(loader)};
const l = await loadHook(${JSON.stringify(file)}, { TOOLGATE_CACHE_DIR: ${JSON.stringify(join(dir, 'cache'))} }, 'parser');
console.log(await l.hook.hookMain([]));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('1');
  });

  it('names the kind of call from the event: shell tools, other tools, and events it cannot read', () => {
    expect(hookCallKind(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'ls' } }))).toBe('shell');
    expect(hookCallKind(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git status && npm test > out.txt' } }))).toBe('shell');
    for (const command of [
      'for f in $(ls); do echo "$f"; done',
      'echo `date`',
      'cat <<EOF\nx\nEOF',
      '(cd a && ls)',
      'if true; then ls; fi',
      'ls\npwd',
    ])
      expect(hookCallKind(JSON.stringify({ tool_name: 'Bash', tool_input: { command } })), command).toBe('parser');
    expect(hookCallKind(JSON.stringify({ tool_name: 'PowerShell', tool_input: { command: 'ls' } }))).toBe('shell');
    expect(hookCallKind(JSON.stringify({ tool_name: 'Read', tool_input: { file_path: 'a' } }))).toBe('other');
    expect(hookCallKind(JSON.stringify({ tool_name: 'mcp__x__y' }))).toBe('other');
    for (const text of ['', 'not json', 'null', '[]', '{"tool_name":3}']) expect(hookCallKind(text), text).toBe('any');
  });

  it('a changed bundle does not run code cached for the old one', () => {
    const cache = join(dir, 'cache');
    const file = bundle();
    loadInChild(file, cache, []);
    // Same length, other code: V8 alone would accept the old cache (it checks only the length).
    writeFileSync(file, `exports.hookMain = async (args) => args.length - require('node:path').basename(__filename).length;\n`);
    expect(loadInChild(file, cache, ['a'])).toEqual({ cached: false, result: 1 - 'hook.cjs'.length });
  });

  it("never runs code cached for another script of the same length planted under the bundle's cache name, with or without a header", () => {
    const cache = join(dir, 'cache');
    const file = bundle();
    loadInChild(file, cache, []);
    const name = readdirSync(cache).find((f) => f.endsWith('.code'))!;
    // Another script of the same length, compiled and cached by the loader elsewhere.
    const otherDir = join(dir, 'other');
    mkdirSync(otherDir);
    const other = join(otherDir, 'hook.cjs');
    const otherSource = `exports.hookMain = async (args) => 4242 + 0 * require('node:path').basename(__filename).length;`;
    writeFileSync(other, `${otherSource.padEnd(readFileSync(file, 'utf8').length - 1, ' ')}\n`);
    expect(readFileSync(other, 'utf8').length).toBe(readFileSync(file, 'utf8').length);
    const otherCache = join(dir, 'other-cache');
    expect(loadInChild(other, otherCache, [])).toEqual({ cached: false, result: 4242 });
    expect(loadInChild(other, otherCache, [])).toEqual({ cached: true, result: 4242 });
    const planted = readFileSync(
      join(
        otherCache,
        readdirSync(otherCache).find((f) => f.endsWith('.code'))!,
      ),
    );
    // As the loader wrote it (its header names the other script), and as V8's bare data.
    // The header: a tag, the bundle's path and its stamp, one line each.
    let header = 0;
    for (let k = 0; k < 3; k++) header = planted.indexOf('\n', header) + 1;
    for (const bytes of [planted, planted.subarray(header)]) {
      writeFileSync(join(cache, name), bytes);
      expect(loadInChild(file, cache, ['a'])).toEqual({ cached: false, result: 1 + 'hook.cjs'.length });
      // … and the cache is rewritten for the bundle.
      expect(loadInChild(file, cache, ['a'])).toEqual({ cached: true, result: 1 + 'hook.cjs'.length });
    }
  });

  it('never reads or writes a cache others can write to', () => {
    const cache = join(dir, 'shared');
    mkdirSync(cache, { mode: 0o700 });
    chmodSync(cache, 0o777);
    const file = bundle();
    loadInChild(file, cache, []);
    expect(readdirSync(cache)).toEqual([]);
    chmodSync(cache, 0o700);
    loadInChild(file, cache, []);
    chmodSync(cache, 0o777);
    expect(loadInChild(file, cache, ['a'])).toEqual({ cached: false, result: 1 + 'hook.cjs'.length });
  });

  it('a corrupt cache file is rejected and the bundle compiled', () => {
    const cache = join(dir, 'cache');
    const file = bundle();
    loadInChild(file, cache, []);
    const code = readdirSync(cache).find((f) => f.endsWith('.code'))!;
    writeFileSync(join(cache, code), 'not V8 code');
    expect(loadInChild(file, cache, [])).toEqual({ cached: false, result: 'hook.cjs'.length });
    // … and replaced by good code.
    expect(loadInChild(file, cache, [])).toEqual({ cached: true, result: 'hook.cjs'.length });
  });

  it('without a bundle (running from source) imports the hook module', async () => {
    const loaded = await loadHook(join(dir, 'absent.cjs'), { TOOLGATE_CACHE_DIR: join(dir, 'cache') });
    expect(loaded.cached).toBe(false);
    expect(typeof loaded.hook.hookMain).toBe('function');
    expect(existsSync(join(dir, 'cache'))).toBe(false);
  });

  const built = join(__dirname, '../../dist/cli/main.js');
  it.skipIf(!existsSync(join(__dirname, '../../dist/cli/hook.cjs')))(
    'the built hook decides as before from a cold and a warm cache (needs `npm run build`)',
    () => {
      mkdirSync(join(dir, '.claude'));
      writeFileSync(
        join(dir, '.claude', 'settings.json'),
        JSON.stringify({ permissions: { allow: ['Bash(npm test *)'], deny: ['Bash(rm *)'] } }),
      );
      const env = { ...process.env, HOME: dir, TOOLGATE_CACHE_DIR: join(dir, 'cache') };
      const run = (command: string) => {
        const input = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: dir });
        const r = spawnSync(process.execPath, [built, 'hook', '--project', dir], { input, env, encoding: 'utf8' });
        expect(r.status).toBe(0);
        return (JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
      };
      for (let i = 0; i < 2; i++) {
        expect(run('rm -rf x')).toBe('deny');
        expect(run('npm test')).toBe('allow');
        expect(run('for f in $(ls); do rm "$f"; done')).toBe('deny');
      }
      expect(readdirSync(join(dir, 'cache')).some((f) => f.endsWith('.code'))).toBe(true);
      // The grammar's runtime ran from its own code cache the second time.
      expect(readdirSync(join(dir, 'cache')).some((f) => f.startsWith('web-tree-sitter-') && f.endsWith('.code'))).toBe(true);
    },
  );

  it.skipIf(!existsSync(join(__dirname, '../../dist/cli/hook.cjs')))(
    "the built hook never reads the shell analysis's file for a call of another tool (needs `npm run build`)",
    () => {
      mkdirSync(join(dir, '.claude'));
      writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./.env)'] } }));
      // A repository, so a write's lookup of git's hooks directory reads its configuration.
      expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0);
      const env = { ...process.env, HOME: dir, TOOLGATE_CACHE_DIR: join(dir, 'cache') };
      const calls = [
        ['Read', { file_path: join(dir, '.env') }, 'deny'],
        ['Read', { file_path: join(dir, 'src/a.ts') }, 'allow'],
        ['Grep', { pattern: 'x', path: join(dir, 'src') }, 'allow'],
        ['Glob', { pattern: '**/*.ts' }, 'allow'],
        ['WebFetch', { url: 'https://example.com', prompt: 'x' }, 'ask'],
        ['Edit', { file_path: join(dir, 'src/a.ts'), old_string: 'a', new_string: 'b' }, 'ask'],
        ['Write', { file_path: join(dir, '.git/hooks/pre-commit'), content: 'x' }, 'ask'],
      ] as const;
      const codeCaches = () => readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.code'));
      for (const [tool, input, expected] of calls) {
        const event = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: dir });
        const r = spawnSync(process.execPath, [built, 'hook', '--project', dir], { input: event, env, encoding: 'utf8' });
        expect(r.status).toBe(0);
        expect((JSON.parse(r.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision).toBe(
          expected,
        );
        // The first call read the settings (no policy cache yet): it keeps no code cache, which
        // would hold the settings' schema and rule parser that later calls never run.
        if (tool === 'Read' && input.file_path.endsWith('.env')) expect(codeCaches()).toEqual([]);
      }
      // Each file the hook compiles keeps a code cache named after it: the main bundle's only (a
      // write looks up git's hooks directory without the shell analysis). The first call read the
      // settings, so the second wrote it.
      const codes = codeCaches();
      expect(codes.length).toBeGreaterThan(0);
      expect(codes.filter((f) => f.startsWith('hook-shell-'))).toEqual([]);
    },
  );
});
