/**
 * The README as a new user reads it: every shell block says whether CI runs it (`<!-- run -->`,
 * test/readme/readme.pack.test.ts) or why not (`<!-- skip: why -->`); it never tells anyone to
 * run a bare `npx toolgate` (the registry's `toolgate` is not this package); the numbers it
 * states about the demo are the corpus's; the license it names is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellBlocks } from '../support/readme/shell-blocks.js';

const root = join(__dirname, '../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('marks every shell block <!-- run --> or <!-- skip: why -->, and runs at least one', () => {
    const blocks = shellBlocks(readme);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.filter((b) => b.marker === undefined).map((b) => `README.md:${b.line}`)).toEqual([]);
    expect(blocks.filter((b) => b.marker?.kind === 'run').length).toBeGreaterThan(0);
  });

  it('reads markers from the line before the fence only', () => {
    const md =
      '<!-- run -->\n\n```sh\necho a\n```\n\ntext\n```bash\necho b\n```\n<!-- skip: x -->\n```json\n{}\n```\n<!-- skip: needs a server -->\n```console\n$ x\n```\n';
    expect(shellBlocks(md).map((b) => [b.line, b.language, b.marker])).toEqual([
      [3, 'sh', { kind: 'run' }],
      [8, 'bash', undefined],
      [16, 'console', { kind: 'skip', reason: 'needs a server' }],
    ]);
  });

  it('never says to run a bare `npx toolgate` (only `npx --no-install toolgate`)', () => {
    const docs = [
      join(root, 'README.md'),
      ...readdirSync(join(root, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => join(root, 'docs', f)),
    ];
    const bare = docs.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((l, i) => (/npx toolgate(?!@)\b/.test(l) && !/bare `npx toolgate`/.test(l) ? [`${f}:${i + 1}: ${l.trim()}`] : [])),
    );
    expect(bare).toEqual([]);
    // The hook snippet runs the installed binary, not npx (a process start per tool call).
    expect(readme).not.toMatch(/"command": "npx /);
  });

  it("states the demo's numbers as the corpus gives them", () => {
    const dir = join(root, 'examples', 'corpus');
    const files = readdirSync(join(dir, 'settings')).filter((f) => f.endsWith('.json'));
    const ids = new Set(files.map((f) => f.slice(0, 3)));
    const calls = readFileSync(join(dir, 'calls.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { for: string[] });
    const present = calls.filter((c) => c.for.some((id) => ids.has(id)));
    const checks = calls.reduce((n, c) => n + c.for.filter((id) => ids.has(id)).length, 0);
    expect(readme).toContain(`(${files.length} settings files from public\nprojects and ${calls.length} calls written against them)`);
    expect(readme).toContain(`${present.length} of the calls have at least one`);
    expect(readme).toMatch(new RegExp(`so ${checks} checks`));
    expect(readme).toContain(`against ${files.length} real settings files`);
  });

  it('has the LICENSE it names, and package.json agrees', () => {
    expect(existsSync(join(root, 'LICENSE'))).toBe(true);
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { license: string }).license).toBe('MIT');
    expect(readme).toContain('[LICENSE](LICENSE)');
  });
});
