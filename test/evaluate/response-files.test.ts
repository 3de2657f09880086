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
  writeFileSync(join(P, 'r10'), '-al=.claude/settings.json\n');
  writeFileSync(join(P, 'r11'), '-Map=.claude/settings.json\n');
  writeFileSync(join(P, 'rw'), '-Wl,-o,.claude/settings.json\n');
  writeFileSync(join(P, 'ld-ok'), '--as-needed -lm\n');
  writeFileSync(join(P, 'x.rs'), 'fn main(){}\n');
  writeFileSync(join(P, 'r2'), '-Wl,@r\n');
  writeFileSync(join(P, 'r3'), '@r2\n');
  writeFileSync(join(P, 'r4'), '@r\n');
  writeFileSync(join(P, 'r5'), '-Wl,@ld-ok\n');
  writeFileSync(join(P, 's'), '*link:\n+ -o .claude/settings.json\n');
  writeFileSync(join(P, 'rs'), '-specs=./s\n');
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

// Replay of red team 19, NEW-1 and NEW-9 (#37): each wrote .claude/settings.json with gcc 12,
// binutils 2.40 and rustc 1.95 (r: `-o .claude/settings.json`, r10: `-al=…`, r11: `-Map=…`).
describe('a response file the driver hands a helper, and rustc hands cc', () => {
  it.each([
    'gcc m.c -Wl,@r',
    'gcc m.c -Wl,--as-needed,@r',
    'cc m.c -Wl,@r',
    'g++ m.c -Wl,@r',
    'gcc m.c -Wl,@r -o a.out',
    'gcc m.c --for-linker=@r',
    'gcc m.c --warn-l,@r',
    'gcc -E m.c -Wp,@r',
    'gcc -c m.c -Wa,@r10',
    'gcc -c m.c -Wa,--64,@r10',
    'gcc -c m.c -Xassembler @r10',
    'gcc m.c -Xlinker @r11',
    'gcc m.c -Wl,@r11',
    'gcc m.c @rw',
    'rustc -C link-arg=@r x.rs',
    'rustc -C link-arg=-Wl,@r x.rs',
    'rustc -C link-arg=-Xlinker -C link-arg=@r x.rs',
  ])('%s writes the protected name the file holds', (command) => {
    const d = decide(command);
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'protected' });
    expect(d.reason.message).toContain('.claude/settings.json');
  });

  it.each(['gcc m.c -Wl,@$PWD/r', 'gcc -c m.c -Wa,@"$PWD"/r10', 'rustc -C link-arg=@$PWD/r x.rs', 'rustc -C link-arg=-Wl,@$PWD/r x.rs'])(
    '%s may write any name: a protected ask',
    (command) => {
      expect(decide(command)).toMatchObject({ behavior: 'ask', askKind: 'protected' });
    },
  );

  it('an ordinary one, or none, is allowed', () => {
    expect(decide('gcc m.c -Wl,@ld-ok').behavior).toBe('allow');
    expect(decide('gcc m.c -Wl,@missing').behavior).toBe('allow');
    expect(decide('gcc -Wl,--as-needed -lm m.c').behavior).toBe('allow');
    expect(decide('rustc -C link-arg=@ld-ok x.rs').behavior).toBe('allow');
  });
});

// Replay of red team 20, NEW-R3 (#37): gcc 12 read r2, whose `-Wl,@r` made ld read r, and wrote
// .claude/settings.json in bypassPermissions; a spec file's `*link:` rule did the same.
describe('a response file named inside another, and spec files', () => {
  it.each(['gcc m.c @r2', 'gcc m.c @r3', 'gcc m.c -Wl,@r4', 'gcc m.c -Xlinker @r4'])('%s writes the protected name r holds', (command) => {
    const d = decide(command);
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'protected' });
    expect(d.reason.message).toContain('.claude/settings.json');
  });

  it.each(['gcc m.c -specs=./s', 'gcc m.c -specs s', 'gcc m.c --specs=s', 'gcc m.c @rs'])(
    '%s may write any name: a protected ask',
    (command) => {
      expect(decide(command)).toMatchObject({ behavior: 'ask', askKind: 'protected' });
    },
  );

  it("an ordinary nested one, the system's spec files and -B are allowed", () => {
    expect(decide('gcc m.c @r5').behavior).toBe('allow');
    expect(decide('gcc -specs=/usr/share/dpkg/pie-compile.specs -c m.c').behavior).toBe('allow');
    expect(decide('gcc -B/usr/bin -c m.c').behavior).toBe('allow');
  });
});

describe("rustc's link arguments are words of cc", () => {
  it.each([
    'rustc -C link-arg=-o.claude/settings.json x.rs',
    'rustc -Clink-arg=-o.claude/settings.json x.rs',
    'rustc --codegen link-arg=-o.claude/settings.json x.rs',
    'rustc --codegen=link-arg=-o.claude/settings.json x.rs',
    'rustc -C link_arg=-o.claude/settings.json x.rs',
    'rustc -C link-args=-o.claude/settings.json x.rs',
    "rustc -C link-args='-o .claude/settings.json' x.rs",
    'rustc -C link-arg=-o -C link-arg=.claude/settings.json x.rs',
    'rustc -C link-arg=-T.claude/settings.json x.rs',
    'rustc -C link-arg=-Wl,--version-script=.claude/settings.json x.rs',
  ])('%s: a protected ask', (command) => {
    const d = decide(command);
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'protected' });
    expect(d.reason.message).toContain('.claude/settings.json');
  });

  it('everyday link arguments are allowed', () => {
    for (const command of [
      'rustc x.rs',
      'rustc -C link-arg=-fuse-ld=lld x.rs',
      'rustc -C link-arg=-Wl,--as-needed x.rs',
      'rustc -C link-args=-Wl,-zstack-size=4096 x.rs',
      'rustc -C opt-level=3 -o app x.rs',
    ])
      expect(decide(command).behavior, command).toBe('allow');
  });
});
