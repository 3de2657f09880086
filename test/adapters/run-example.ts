import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/esm/index.mjs', import.meta.url));

/**
 * Run an example from the repository root: the file the unit project built for it when there is one
 * (test/support/programs/build.ts, BUILT_EXAMPLES), else the way a user would (`npx tsx examples/<name>.ts`).
 */
export function runExample(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const built = (inject('examples') as Partial<Record<string, string>> | undefined)?.[name];
  const args = built !== undefined ? [built] : ['--import', tsx, `examples/${name}.ts`];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
