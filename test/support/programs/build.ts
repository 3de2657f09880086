/**
 * The programs test files run as processes, built once per run with esbuild (test/support/programs/
 * global-setup.ts). Starting a process through tsx compiles its TypeScript in that process, ~1 s
 * of CPU each time; a built program starts in a fraction of that, and the suites spawn the CLI
 * and its workers hundreds of times.
 */
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The programs, by the name test files ask for them with: their source, from the repository root. */
export const PROGRAMS = {
  /** `toolgate` itself (src/cli/main.ts), laid out as in the package: `dist/cli/main.js`. */
  toolgate: 'src/cli/main.ts',
  /** One of the processes racing to write a settings file (test/settings/write-race.slow.test.ts). */
  'race-writer': 'test/settings/fixtures/race-writer.ts',
  /** The checkpoints process the crash tests kill (test/checkpoints/crash.slow.test.ts). */
  'crash-child': 'test/fixtures/checkpoints/crash-child.ts',
  /** Not a program: the hook's loader, which test/cli/hook-loader.slow.test.ts imports in a fresh process each time. */
  'hook-loader': 'src/cli/hook-loader.ts',
} as const;

export type ProgramName = keyof typeof PROGRAMS;

/** Each program's built file, as the `unit` project's globalSetup hands it to test files. */
export type ProgramsProvided = Record<ProgramName, string>;

/**
 * The examples test/adapters/examples.slow.test.ts runs built: through tsx each compiled toolgate's
 * source and the framework's glue again (≈ 2 s of CPU; built, ≈ 0.6 s). `agent-loop` is left out:
 * it still runs through tsx, the way the examples tell a user to run them.
 */
export const BUILT_EXAMPLES = ['vercel-ai', 'openai-agents', 'mcp'] as const;

/** Each built example's file, by its name (`examples/<name>.ts`). */
export type ExamplesProvided = Record<(typeof BUILT_EXAMPLES)[number], string>;

/**
 * The packages the programs import from `node_modules` rather than carry: native code
 * (better-sqlite3), files found beside the package (web-tree-sitter's wasm), optional peers whose
 * absence a test stages (OpenTelemetry, test/cli/serve-otlp.slow.test.ts) or that the package never
 * bundles (the agent frameworks, pg), and toolgate itself. Every other dependency is bundled: Node's
 * ES module loader spent about a quarter of each start on their many small files, and the suite
 * starts these programs hundreds of times.
 */
const EXTERNAL = [
  'better-sqlite3',
  'web-tree-sitter',
  'pg',
  '@opentelemetry/*',
  '@anthropic-ai/claude-agent-sdk',
  'ai',
  '@openai/*',
  '@modelcontextprotocol/*',
  'toolgate',
  'toolgate/*',
];

/**
 * Build every program into `into`, laid out as an installed toolgate: `dist/cli/<name>.js` next
 * to the chunks they share, toolgate's `package.json` (the CLI reads its version from it) and a
 * `node_modules` link to the repository's for the packages left external ({@link EXTERNAL}).
 * Returns each program's file.
 */
export async function buildPrograms(root: string, into: string): Promise<ProgramsProvided> {
  const out = join(into, 'dist', 'cli');
  mkdirSync(out, { recursive: true });
  copyFileSync(join(root, 'package.json'), join(into, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(into, 'node_modules'), 'dir');
  const names = Object.keys(PROGRAMS) as ProgramName[];
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(names.map((n) => [n === 'toolgate' ? 'main' : n, PROGRAMS[n]])),
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // Bundled CommonJS packages (commander, ajv) require Node's built-ins: give the ES module a `require`.
    banner: {
      js: "import { createRequire as __toolgateTestRequire } from 'node:module'; const require = __toolgateTestRequire(import.meta.url);",
    },
    // The ES module build of a dual package (jsonc-parser's UMD build requires its files by relative path at run time).
    mainFields: ['module', 'main'],
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
  return Object.fromEntries(names.map((n) => [n, join(out, `${n === 'toolgate' ? 'main' : n}.js`)])) as ProgramsProvided;
}

/**
 * Build each of {@link BUILT_EXAMPLES} into `into`/dist/examples (after {@link buildPrograms},
 * which links `node_modules` there: packages stay external, as under tsx). `import.meta.url` is the
 * example's source file, so what an example finds beside itself it finds as under tsx.
 */
export async function buildExamples(root: string, into: string): Promise<ExamplesProvided> {
  const out = join(into, 'dist', 'examples');
  const file = (name: string) => join(out, `${name}.js`);
  await Promise.all(
    BUILT_EXAMPLES.map((name) =>
      build({
        absWorkingDir: root,
        entryPoints: [join('examples', `${name}.ts`)],
        outfile: file(name),
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        packages: 'external',
        define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, 'examples', `${name}.ts`)).href) },
        logLevel: 'warning',
      }),
    ),
  );
  return Object.fromEntries(BUILT_EXAMPLES.map((name) => [name, file(name)])) as ExamplesProvided;
}
