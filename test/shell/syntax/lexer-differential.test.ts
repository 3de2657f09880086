import { beforeAll, describe, expect, it } from 'vitest';
import { prepareShell } from '../../../src/shell/index.js';
import { analyzeShellWith } from '../../../src/shell/analyze.js';
import { loadBattery } from '../battery-helpers.js';

beforeAll(async () => {
  await prepareShell();
});

const EXTRA = [
  'git status',
  'npm test',
  'ls -la src',
  'git log --oneline -5 && git status',
  'cat a.txt | grep x | head -3',
  'ls > /dev/null 2>&1',
  'make 2>&1 | tee build.log',
  "grep -rn 'TODO' src",
  'echo "hello world" > out.txt',
  'FOO=bar npm test',
  'cat < input.txt',
  'npm run build && npm test || echo failed',
  'a=1 b=2',
  'echo a > f b',
  'PATH+=:x ls',
  'echo 2>&1',
  'ls 3>/dev/null',
  'timeout 5 rm x',
  'xargs -I{} rm',
  'sh -c "ls"',
  'ls\npwd\n',
  'cmd1 ;cmd2',
  'wc -l <in >out',
  'echo é',
];

describe('lexer vs tree-sitter', () => {
  const commands = [
    ...loadBattery('shell-battery.jsonl').map((c) => c.command),
    ...loadBattery('own-battery.jsonl').map((c) => c.command),
    ...EXTRA,
  ];
  let accepted = 0;
  it.each(commands.map((c) => [c]))('%j', (command) => {
    const lexed = analyzeShellWith('lexer', command);
    // Nested scripts outside the subset make the forced-lexer run incomplete: skip those.
    if (lexed.parser !== 'lexer' || lexed.unknown.some((u) => u.includes('outside the lexer subset'))) return;
    accepted++;
    const parsed = analyzeShellWith('parser', command);
    expect({ ...lexed, parser: undefined }).toEqual({ ...parsed, parser: undefined });
  });
  it('accepts a good share of the commands', () => {
    expect(accepted).toBeGreaterThan(100);
  });
});
