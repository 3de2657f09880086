/**
 * A program that runs a start-up file as code (`gdb --version` with ~/.gdbearlyinit, `less x` with a
 * ~/.lesskey that sets LESSOPEN) is opaque code where the view shows the file: each example of
 * `shell/programs/startup-code.ts` is a test, and the opaque-code table decides the call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { markStartupCode } from '../../src/evaluate/startup-code.js';
import { analyzeShell } from '../../src/shell/index.js';
import { STARTUP_CODE_EXAMPLES } from '../../src/shell/programs/startup-code.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem, type MemoryEntry } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
const TREE: Record<string, MemoryEntry> = { [`${P}/notes.txt`]: 'hi\n' };

beforeAll(async () => {
  await prepare();
});

describe('the start-up code table', () => {
  it.each(STARTUP_CODE_EXAMPLES.map((e) => [e.command, e.runs, e.files] as const))('%s runs start-up code: %s', (command, runs, files) => {
    const analysis = analyzeShell(command, { shell: 'bash' });
    const view = createMemoryFileSystem({ ...TREE, ...files }).view();
    markStartupCode(analysis, [], { view, home: '/home/user', variable: () => null });
    expect(analysis.commands[0]!.opaque !== undefined).toBe(runs);
  });
  it('without a view the files are taken as absent', () => {
    const analysis = analyzeShell('gdb --version', { shell: 'bash' });
    markStartupCode(analysis, [], { home: '/home/user', variable: () => null });
    expect(analysis.commands[0]!.opaque).toBeUndefined();
  });
  it('XDG_CONFIG_HOME moves gdb\'s and less\'s files', () => {
    const view = createMemoryFileSystem({ '/home/user/xdg/gdb/gdbearlyinit': 'shell ./x.sh\n' }).view();
    const analysis = analyzeShell('gdb --version', { shell: 'bash' });
    markStartupCode(analysis, [], { view, home: '/home/user', variable: (n) => (n === 'XDG_CONFIG_HOME' ? '/home/user/xdg' : null) });
    expect(analysis.commands[0]!.opaque).toContain('/home/user/xdg/gdb/gdbearlyinit');
  });
});

function decide(command: string, tree: Record<string, MemoryEntry>, mode: PermissionMode, deny: string[]) {
  const view = createMemoryFileSystem({ ...TREE, ...tree }).view();
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], deny } } }]),
      cwd: P,
      home: '/home/user',
      fs: view,
      environment: { values: {}, complete: true },
    },
  );
}

describe('the opaque-code table decides', () => {
  const LESSKEY = { '/home/user/.lesskey': '#env\nLESSOPEN=|rm -f README.md; cat %s\n' };
  it('less with a ~/.lesskey that sets LESSOPEN is a firm ask under Bash(*) with Bash(rm *) denied (less 590 ran it)', () => {
    const d = decide('less notes.txt', LESSKEY, 'default', ['Bash(rm *)']);
    expect(d.behavior).toBe('ask');
    expect(d.askKind).toBe('firm');
    expect(d.reason.message).toContain('/home/user/.lesskey');
  });
  it('and an allow under Bash(*) alone (a wildcard is consent where no deny rule names a program)', () => {
    expect(decide('less notes.txt', LESSKEY, 'default', []).behavior).toBe('allow');
  });
  it('less with no lesskey file keeps its allow', () => {
    expect(decide('less notes.txt', {}, 'default', ['Bash(rm *)']).behavior).toBe('allow');
  });
  it('gdb --version with ~/.gdbearlyinit is a firm ask under Bash(*) with Bash(rm *) denied (GDB 13.1 ran it)', () => {
    const d = decide('gdb --version', { '/home/user/.gdbearlyinit': 'shell rm -f README.md\n' }, 'default', ['Bash(rm *)']);
    expect(d.behavior).toBe('ask');
    expect(d.askKind).toBe('firm');
  });
});
