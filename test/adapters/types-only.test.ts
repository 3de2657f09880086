import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../../src/adapters/', import.meta.url));
const FRAMEWORKS = /^(?:@anthropic-ai\/claude-agent-sdk|ai|@openai\/agents(?:-core)?|@modelcontextprotocol\/sdk)(?:\/.*)?$/;

describe('adapters load no framework at run time', () => {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  it.each(files)('%s imports framework packages with `import type` only', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(/^\s*(import|export)(\s+type)?[^'"]*from\s+['"]([^'"]+)['"]/gm)) {
      if (FRAMEWORKS.test(m[3]!)) expect(m[2], `${file}: ${m[0].trim()}`).toBeDefined();
    }
    expect(text).not.toMatch(
      /(?:require|import)\(\s*['"](?:ai|@openai\/agents|@anthropic-ai\/claude-agent-sdk|@modelcontextprotocol\/sdk)/,
    );
  });

  it('importing every adapter resolves no framework package (a resolve hook refuses them)', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const tsx = join(root, 'node_modules/tsx/dist/esm/index.mjs');
    const blocker = join(root, 'test/adapters/fixtures/block-frameworks.mjs');
    const code =
      ['claude-agent-sdk', 'vercel-ai', 'openai-agents', 'mcp'].map((n) => `await import('./src/adapters/${n}/index.ts');`).join('') +
      "console.log('loaded');";
    const r = spawnSync(process.execPath, ['--import', tsx, '--import', blocker, '--input-type=module', '-e', code], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.stderr).not.toContain('framework loaded');
    expect(r.stdout.trim()).toBe('loaded');
    // The hook does refuse a framework import:
    const bad = spawnSync(process.execPath, ['--import', tsx, '--import', blocker, '--input-type=module', '-e', "await import('ai')"], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(bad.stderr).toContain('framework loaded at run time: ai');
  });
});
