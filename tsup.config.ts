import { defineConfig } from 'tsup';

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
};

/** Agent frameworks the adapters are written for: optional peers, never bundled (the adapters import only their types). */
export const frameworkPackages = ['@anthropic-ai/claude-agent-sdk', 'ai', '@openai/agents', '@openai/agents-core', '@modelcontextprotocol/sdk'];

export default defineConfig([
  {
    entry: entries,
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    splitting: true,
    shims: true,
    external: frameworkPackages,
  },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    splitting: true,
    sourcemap: true,
    target: 'node20',
    shims: true,
  },
  {
    // `toolgate hook` as one CommonJS file, compiled with V8's code cache (src/cli/hook-loader.ts).
    entry: { 'cli/hook': 'src/cli/hook.ts' },
    format: ['cjs'],
    target: 'node20',
    shims: true,
    // A script compiled by node:vm has no module loader for `import()`: require the packages instead.
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
  },
]);
