import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { defineConfig, type Options } from 'tsup';
import { copyGrammar, copyParserRuntime, RUNTIME_FILES } from './scripts/grammar.js';
import { lazyFamilies } from './scripts/lazy-families.js';

/** One entry per public subpath (see package.json "exports"). */
export const entries = {
  index: 'src/index.ts',
  rules: 'src/rules/index.ts',
  shell: 'src/shell/index.ts',
  powershell: 'src/powershell/index.ts',
  hooks: 'src/hooks/index.ts',
  checkpoints: 'src/checkpoints/index.ts',
  gate: 'src/gate/index.ts',
  'gate-node': 'src/gate/node.ts',
  lint: 'src/lint/public.ts',
  dialects: 'src/dialects/index.ts',
  node: 'src/node/index.ts',
  testing: 'src/testing/index.ts',
  'adapters/claude-agent-sdk': 'src/adapters/claude-agent-sdk/index.ts',
  'adapters/vercel-ai': 'src/adapters/vercel-ai/index.ts',
  'adapters/openai-agents': 'src/adapters/openai-agents/index.ts',
  'adapters/mcp': 'src/adapters/mcp/index.ts',
  store: 'src/store/index.ts',
  serve: 'src/serve/index.ts',
  otel: 'src/otel/index.ts',
};

/** Agent frameworks the adapters are written for: optional peers, never bundled (the adapters import only their types). */
export const frameworkPackages = [
  '@anthropic-ai/claude-agent-sdk',
  'ai',
  '@openai/agents',
  '@openai/agents-core',
  '@modelcontextprotocol/sdk',
];

/** Where the library's chunks (all in `dist/`) find the parser runtime the build ships. */
const PARSER_RUNTIME = `./${Object.keys(RUNTIME_FILES)[0]!}`;

/**
 * The library's `import('web-tree-sitter')` (src/shell/syntax/tree-sitter-loader.ts) loads the
 * copy the build ships (scripts/grammar.ts), not a package: web-tree-sitter is a dev dependency,
 * and a consumer's install holds only the 380 kB of it toolgate runs (decision 0101).
 */
const shippedParserRuntime: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'shipped-parser-runtime',
  setup(build) {
    build.onResolve({ filter: /^web-tree-sitter$/ }, () => ({ path: PARSER_RUNTIME, external: true }));
  },
};

/**
 * The parser runtime's path is relative to `dist/`: a file of the library's build in a folder below
 * it (an entry such as dist/adapters/…) that imports it would load nothing. esbuild puts shared code
 * in chunks at the top; this fails the build if that ever changes.
 */
function checkParserRuntimeImports(dir: string, extension: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const folder = entry.parentPath ?? dir;
    if (!entry.isFile() || !entry.name.endsWith(extension) || folder === dir || NOT_LIBRARY.some((f) => folder.startsWith(f))) continue;
    if (readFileSync(`${folder}/${entry.name}`, 'utf8').includes(PARSER_RUNTIME))
      throw new Error(`${folder}/${entry.name} imports ${PARSER_RUNTIME}, which is relative to ${dir}/`);
  }
}

/**
 * The program models the hook's shell file keeps (`apart` above): everyday commands' — git, npm,
 * the coreutils a command line reads and lists with, the shell's builtins, curl, jq.
 */
const EVERYDAY_MODELS = [
  'git/index',
  'npm',
  'ls',
  'cat',
  'head',
  'tail',
  'grep',
  'rg',
  'wc',
  'sort',
  'uniq',
  'cut',
  'tr',
  'diff',
  'cd',
  'pwd',
  'test',
  'cp',
  'mv',
  'file-operations',
  'shell-builtins',
  'node-wrappers',
  'runners',
  'env',
  'which',
  'xargs',
  'tee',
  'date',
  'curl/index',
  'jq',
  'awk',
  'stat',
  'du',
  'df',
  'tree',
  'basename',
  'dirname',
  'realpath',
  'readlink',
  'sleep',
  'printenv',
  'uname',
  'whoami',
  'tar/index',
  'pip',
].map((m) => `src/shell/programs/${m}.ts`);

/** What the library and the command line share. */
const common: Options = {
  // No source maps: they were over half of dist and of the published package.
  sourcemap: false,
  target: 'node20',
  splitting: true,
  shims: true,
  // OpenTelemetry: optional peers (toolgate/otel) and the SDK `serve --otlp` imports only when asked.
  external: [...frameworkPackages, /^@opentelemetry\//],
  // SHA-256 for the decision digest: the few functions used are bundled (its license is copied
  // beside them), so a consumer does not install the whole 1.8 MB package.
  noExternal: ['@noble/hashes'],
  esbuildPlugins: [shippedParserRuntime],
  // Whitespace and syntax minified, identifiers kept (decision 0044's second addendum): the names a
  // reader of a stack trace or of dist sees stay the source's, and a consumer's install stays under
  // 25 MB (the unminified library builds were 4.7 MB of it).
  minifyWhitespace: true,
  minifySyntax: true,
};

/**
 * The declaration files, unless `TOOLGATE_BUILD=js` (`npm run build:js`): a contributor who only
 * runs the built CLI or the bench skips the type build, which takes most of the build's time and
 * several gigabytes of memory.
 */
const declarations = process.env['TOOLGATE_BUILD'] === 'js' ? false : { entry: entries };

/**
 * The ES module declarations: one line per entry, `export * from './<entry>.cjs'`, the CommonJS
 * build's `.d.cts` being the only full copy. Both builds export the same names (none default), so
 * the types are the same; an ES module may import a CommonJS one (moduleResolution node16,
 * nodenext, bundler and node10 resolve it to the `.d.cts`), while the other way round a `.d.cts`
 * may not import an ES module under node16. A second full copy was 600 KB of a consumer's install,
 * held to 25 MB (test/package), and one of the two type builds' time and memory.
 */
function writeModuleDeclarations(): void {
  for (const name of Object.keys(entries)) {
    const base = name.slice(name.lastIndexOf('/') + 1);
    writeFileSync(`dist/${name}.d.ts`, `export * from './${base}.cjs';\n`);
  }
}

/** Folders of `dist/` no library build writes: the command line's (built apart) and the parser runtime's copy, shipped unchanged. */
const NOT_LIBRARY = ['dist/cli', 'dist/web-tree-sitter'];

/** Every `.cjs` file of the library build (not {@link NOT_LIBRARY}), minified in place (names kept). */
function minifyCommonJsWhitespace(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory() && !NOT_LIBRARY.includes(path)) minifyCommonJsWhitespace(path);
    else if (entry.isFile() && entry.name.endsWith('.cjs'))
      writeFileSync(
        path,
        transformSync(readFileSync(path, 'utf8'), { minifyWhitespace: true, minifySyntax: true, format: 'cjs', target: 'node20' }).code,
      );
  }
}

export default defineConfig([
  {
    // The ES modules of the library and the command line in one build, so they share chunks.
    ...common,
    entry: { ...entries, 'cli-program': 'src/cli/program.ts', 'cli-lint': 'src/cli/lint-program.ts' },
    format: ['esm'],
    // Written by writeModuleDeclarations, from the CommonJS build's declarations.
    dts: false,
    clean: true,
    // The tree-sitter-bash grammar and its license (scripts/grammar.ts), after the clean.
    onSuccess: async () => {
      if (declarations !== false) writeModuleDeclarations();
      checkParserRuntimeImports('dist', '.js');
      copyGrammar('.', 'dist');
      copyParserRuntime('.', 'dist');
      mkdirSync('dist/licenses', { recursive: true });
      copyFileSync('node_modules/@noble/hashes/LICENSE', 'dist/licenses/noble-hashes.LICENSE');
    },
  },
  {
    // The library for require(): the command line has top-level await, which CommonJS cannot have.
    ...common,
    entry: entries,
    format: ['cjs'],
    dts: declarations,
    // tsup turns the split ES chunks into CommonJS with sucrase, which breaks minified code:
    // `return await x?.y` came out as `returnawait _asyncOptionalChain(…)` and a class field after
    // `super(m), …` as `super(m);_class.prototype.__init.call(this);, …` — syntax errors in every
    // entry that required them. So this build is written unminified, and minified (whitespace and
    // syntax, as the ES build) afterwards, once the files are CommonJS.
    minifyWhitespace: false,
    minifySyntax: false,
    onSuccess: async () => {
      checkParserRuntimeImports('dist', '.cjs');
      minifyCommonJsWhitespace('dist');
    },
  },
  {
    // `toolgate hook` as one CommonJS file, compiled with V8's code cache (src/cli/hook-loader.ts).
    entry: { 'cli/hook': 'src/cli/hook.ts' },
    format: ['cjs'],
    target: 'node20',
    shims: true,
    // Minified: the file is read and compiled on every hook call, and it counts toward a consumer's
    // install (at most 25 MB). Without esbuild's keepNames, unlike the library: it gives every
    // function its name back with a call at load (over 750 for a Read, 1,250 for a Bash command,
    // ≈ 1–2 ms of each call's CPU). No decision reads a function's name; a stack trace from the hook
    // shows minified names (the library build, with the same code, keeps them).
    minify: true,
    // The shell analysis and PowerShell run only for a call that needs them: a Read runs neither
    // their module bodies nor keeps their code in its code cache (scripts/lazy-families.ts).
    // Each program model runs when its name is first looked up (src/shell/programs/loaders.ts).
    esbuildPlugins: [
      lazyFamilies(
        [
          {
            name: 'shell',
            dir: 'src/shell',
            file: 'hook-shell.cjs',
            outside: [
              // Whether a decision read some shell text without the parser (evaluate/prepare.ts).
              'src/shell/parser-use.ts',
              'src/shell/programs/modelled-shells.ts',
              'src/shell/programs/git/environment-variables.ts',
              // Every call makes one (pipeline.ts, makeState); a Read never calls into it.
              'src/shell/programs/git/reads.ts',
              // A write looks up git's hooks directory (evaluate/git-hooks-dir.ts): the repository's
              // discovery and configuration, without the shell analysis.
              'src/shell/programs/git/world.ts',
              'src/shell/programs/git/repository.ts',
              'src/shell/programs/git/config-file.ts',
              'src/shell/programs/git/layout.ts',
              // A write into a place an exported variable names for programs to load code from
              // (evaluate/loader-locations.ts): a table, for Write and Edit too.
              'src/shell/programs/loader-variables.ts',
              // The one table of variables that name programs (loader-variables.ts reads it), with
              // make's variables it is built from at load, and the compiler driver's options a
              // write meets through an exported CFLAGS or MAKEFLAGS (driverPlaces).
              'src/shell/programs/program-variables.ts',
              'src/shell/programs/make-variables.ts',
              'src/shell/programs/compiler-driver.ts',
              'src/shell/programs/response-places.ts',
              // The npmrc files npm reads, whose script-shell and node-options a write meets (evaluate/npm-configured-programs.ts).
              'src/shell/programs/npm-config.ts',
              // and which names below a search path's folder programs outside the project load.
              'src/shell/programs/loader-names.ts',
              // A write meets the programs git's configuration names (evaluate/hook-scripts.ts,
              // git-configured-programs.ts: the key groups) and what a hook's script loads
              // (evaluate/script-imports.ts: an interpreter's language): two tables.
              'src/shell/programs/git/command-keys.ts',
              'src/shell/programs/script-languages.ts',
              // What a command run with no tool call runs from files (evaluate/command-code.ts,
              // decision 0128): the package runners' grammar and the interpreters', make's forms.
              'src/shell/programs/unattended-runs.ts',
              // and what a git-hook runner's configuration runs (pre-commit, lefthook, lint-staged), read by the YAML subset.
              'src/shell/programs/git-hook-runners.ts',
              'src/shell/programs/yaml-subset.ts',
              // ssh's options and the ssh_config keywords that run code (`core.sshCommand = ssh -F FILE`).
              'src/shell/programs/ssh-options.ts',
              'src/shell/programs/package-runners.ts',
              // A Grep call walks as rg does (evaluate/tree-takes.ts: rg's skip rules).
              'src/shell/programs/rg-skips.ts',
              // and which names its `type` chooses (evaluate/grep-tool.ts: rg's type table).
              'src/shell/programs/rg-types.ts',
              // A write into a file the user's start-up files run (evaluate/sourced-files.ts,
              // sourced-text.ts): which words are a shell, an interpreter, a quoting printer.
              'src/shell/programs/shell-names.ts',
              'src/shell/programs/interpreter-names.ts',
              'src/shell/programs/name-variants.ts',
              'src/shell/programs/quoting-printers.ts',
              // and how `source --`, `hash -p`, `alias` and `cd` name a file there (startup27).
              'src/shell/programs/startup-builtins.ts',
              // and whether zsh's PROMPT_SUBST may be on (a prompt's $(…) runs only then).
              'src/shell/programs/zsh-prompt-subst.ts',
              // and what a ~/.tmux.conf option or format runs (`default-command`, `#(…)`): tmux's option table.
              'src/shell/programs/tmux-grammar.ts',
              // and the shell's own word splitting and quote removal, by which it reads their words.
              'src/shell/syntax/split.ts',
              'src/shell/syntax/words.ts',
              'src/shell/shells/ansi-c.ts',
            ],
            // The models of programs a call rarely names (compressors, binutils, parallel, tsc…) in a
            // second file, read only when one of them is first looked up: half the shell file's code,
            // which every shell call read and whose top level V8's code cache holds (≈ 2.5 ms of a
            // plain call's CPU, bench/RESULTS.md "Hook cold start, eleventh round"). Kept in the
            // first: the everyday programs' models. Which file a model is in changes no decision.
            apart: { file: 'hook-programs.cjs', keep: EVERYDAY_MODELS },
            // Modules of the shell file a plain command's analysis imports but never reads (the
            // public read-only tables, the tree-sitter walk, find's, sed's and tmux's grammars, the
            // include languages…): they run when first read, not when their importer does. `git
            // status && npm test` runs 22 fewer module bodies, and the shell file's code cache it
            // makes is 774 kB instead of 825 kB (bench/RESULTS.md, "thirteenth round"). Which
            // module runs when changes no decision.
            firstUse: [
              'src/shell/read-only/tables.ts',
              'src/shell/programs/find.ts',
              'src/shell/programs/sed/index.ts',
              'src/shell/programs/include-languages.ts',
              'src/shell/programs/interpreter-code.ts',
              'src/shell/programs/git/index-file.ts',
              'src/shell/programs/rule-facts.ts',
              'src/shell/syntax/parser.ts',
              'src/shell/programs/tmux-grammar.ts',
              'src/shell/programs/extractors.ts',
              'src/shell/programs/environment-values.ts',
            ],
          },
          { name: 'powershell', dir: 'src/powershell' },
        ],
        process.cwd(),
        ['src/shell/programs/loaders.ts'],
      ),
    ],
    // `require('web-tree-sitter')` is answered by the hook's loader with the copy in dist/web-tree-sitter/.
    external: ['web-tree-sitter'],
    // A script compiled by node:vm has no module loader for `import()`: require the packages instead.
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
  },
  {
    // The `toolgate` command as CommonJS (dist/cli/package.json says so), so `toolgate hook`, started
    // once per tool call, never starts Node's ES module loader; `toolgate lint` imports the ES module
    // program of its command alone (dist/cli-lint.js), every other command the whole one
    // (dist/cli-program.js).
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['cjs'],
    target: 'node20',
    shims: true,
    outExtension: () => ({ js: '.js' }),
    esbuildPlugins: [
      {
        name: 'cli-program',
        setup(build) {
          // The program stays in the ES module build, which shares its chunks with the library; the
          // hook module is run from dist/cli/hook.cjs, never imported, in the package.
          build.onResolve({ filter: /^\.\/program\.js$/ }, () => ({ path: '../cli-program.js', external: true }));
          build.onResolve({ filter: /^\.\/lint-program\.js$/ }, () => ({ path: '../cli-lint.js', external: true }));
          build.onResolve({ filter: /^\.\/hook\.js$/ }, () => ({ path: './hook.cjs', external: true }));
        },
      },
    ],
    onSuccess: async () => {
      writeFileSync('dist/cli/package.json', `${JSON.stringify({ type: 'commonjs' })}\n`);
    },
  },
]);
