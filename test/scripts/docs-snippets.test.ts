import { describe, expect, it } from 'vitest';
import { extractSnippets as extract } from '../../scripts/docs-snippets.mjs';

describe('extractSnippets (typecheck:docs)', () => {
  it('takes TypeScript fences with their lines and flags, and nothing else', () => {
    const md = [
      '# t',
      '```ts',
      'const a = 1;',
      '```',
      '```json',
      '{}',
      '```',
      '~~~typescript skip-typecheck',
      'x(',
      '~~~',
      '```sh',
      '```ts',
      '```',
      '- item',
      '  ```tsx',
      '  const b = <i/>;',
      '  ```',
    ].join('\n');
    const s = extract('README.md', md);
    expect(s.map((x) => [x.line, x.firstLine, x.language, x.skip, x.code])).toEqual([
      [2, 3, 'ts', false, 'const a = 1;'],
      [8, 9, 'typescript', true, 'x('],
      [15, 16, 'tsx', false, 'const b = <i/>;'],
    ]);
    expect(s[1]?.flags).toEqual(['skip-typecheck']);
  });

  it('a longer fence holds shorter ones; an unclosed fence runs to the end', () => {
    const md = ['````ts', 'const s = `', '```', '`;', '````', '```ts', 'let open = 1;'].join('\n');
    expect(extract('d.md', md).map((x) => x.code)).toEqual(['const s = `\n```\n`;', 'let open = 1;']);
  });

  it('a backtick fence whose info string holds a backtick is not a fence', () => {
    expect(extract('d.md', '```ts `x`\nnot code\n```')).toEqual([]);
  });
});
