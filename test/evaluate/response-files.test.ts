/**
 * Response files (`src/evaluate/response-files.ts`): the words of a `@FILE` toolgate cannot read
 * may name what the program writes. Verified in bash on Debian 12 (red team 19, R19-1), with r
 * holding `-o .claude/settings.json`: `gcc -c m.c @$PWD/r`, `ld @$PWD/r m.o`, `as @r /dev/null`
 * overwrote the settings in bypassPermissions.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-response-')));
  P = join(root, 'project');
  mkdirSync(join(P, '.claude'), { recursive: true });
  writeFileSync(join(P, '.claude', 'settings.json'), '{}');
  writeFileSync(join(P, 'r'), '-o .claude/settings.json\n');
  writeFileSync(join(P, 'ok'), 'm.s -o m.o\n');
  writeFileSync(join(P, 'm.c'), 'int main(){return 0;}\n');
  writeFileSync(join(P, 'm.s'), '.text\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const decide = (command: string) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    { mode: 'bypassPermissions', policy: policyFromObjects([]), cwd: P, home: join(root, 'home'), fs: nodeFsView() },
  );

describe('a response file whose word is not literal', () => {
  it.each([
    'gcc -c m.c @$PWD/r',
    'gcc -c m.c @"$PWD"/r',
    'gcc -c m.c @$(echo r)',
    'gcc -c m.c @{r,r}',
    'g++ -c m.c @r{,}',
    'ld @$PWD/r m.o',
    'cpp @$PWD/r m.c',
    'ar rc @$PWD/r m.o',
    'objcopy @$PWD/r m.o',
    'as @$PWD/r /dev/null',
  ])('%s may write any name: a protected ask', (command) => {
    expect(decide(command)).toMatchObject({ behavior: 'ask', askKind: 'protected' });
  });

  it('is only a read for a program whose words name no write (strings, objdump)', () => {
    expect(decide('strings @$PWD/r').behavior).toBe('allow');
    expect(decide('objdump -d @$PWD/r').behavior).toBe('allow');
  });
});

describe("as reads its response file's words for writes, as the other binutils do", () => {
  it.each(['as @r /dev/null', 'as @./r /dev/null', 'as @r m.s', 'x86_64-linux-gnu-as @r /dev/null', 'gprof @r', 'dwp @r'])(
    '%s writes the protected name r holds',
    (command) => {
      const d = decide(command);
      expect(d).toMatchObject({ behavior: 'ask', askKind: 'protected' });
      expect(d.reason.message).toContain('.claude/settings.json');
    },
  );

  it('an ordinary response file, or none, is allowed', () => {
    expect(decide('as @ok').behavior).toBe('allow');
    expect(decide('as @missing m.s').behavior).toBe('allow');
    expect(decide('as -o m.o m.s').behavior).toBe('allow');
  });
});
