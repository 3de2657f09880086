/**
 * git judged where it runs (decision 0038): the repository discovery finds, the configuration the
 * view shows, the environment the context knows, and writes that make a repository.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import type { EnvironmentFacts } from '../../src/evaluate/types.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { createMemoryFileSystem, type MemoryEntry } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
const REPO: Record<string, MemoryEntry> = {
  [`${P}/.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${P}/.git/objects/info`]: { directory: true },
  [`${P}/.git/refs/heads`]: { directory: true },
  [`${P}/.git/config`]: '[core]\n\tbare = false\n',
  [`${P}/src/a.ts`]: 'x\n',
  '/home/user/.gitconfig': '[user]\n\tname = A\n[core]\n\tpager = delta\n',
};
const BARE: Record<string, MemoryEntry> = {
  [`${P}/docs/api.git/HEAD`]: 'ref: refs/heads/main\n',
  [`${P}/docs/api.git/objects/info/alternates`]: `${P}/.git/objects\n`,
  [`${P}/docs/api.git/refs/heads/main`]: '0000\n',
  [`${P}/docs/api.git/config`]: '[diff]\n\texternal = evil\n',
};

/** An ordinary environment: every variable git reads is known unset. */
const ORDINARY: EnvironmentFacts = { values: {}, complete: true };

/** `environment: null`: the context is given no environment facts (default: {@link ORDINARY}). */
interface Opts {
  permissions?: Record<string, string[]>;
  tree?: Record<string, MemoryEntry>;
  view?: ReadonlyFsView | null;
  mode?: PermissionMode;
  cwd?: string;
  environment?: EnvironmentFacts | null;
}
function decide(command: string, o: Opts = {}) {
  const view = o.view === null ? undefined : (o.view ?? createMemoryFileSystem(o.tree ?? REPO).view());
  const cwd = o.cwd ?? P;
  const environment = o.environment === null ? undefined : (o.environment ?? ORDINARY);
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: o.mode ?? 'default',
      policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: o.permissions ?? {} } }]),
      cwd,
      home: '/home/user',
      ...(cwd !== P ? { projectDir: P, workingDirectories: [P] } : {}),
      ...(view ? { fs: view } : {}),
      ...(environment ? { environment } : {}),
    },
  );
}

/** The decision's reason and every step's detail: where a read-only "no" is explained. */
const said = (d: ReturnType<typeof decide>) => [d.reason.message, ...d.trace.map((t) => t.detail ?? '')].join('\n');

beforeAll(async () => {
  await prepare();
});

describe('git where it runs', () => {
  it.each(['git status', 'git log --oneline -5', 'git diff', 'git diff HEAD~1 HEAD', 'git show --stat', 'git blame src/a.ts'])(
    '%s in an ordinary repository and environment stays a read-only allow (with a view, without, from a subdirectory)',
    (command) => {
      expect(decide(command).behavior).toBe('allow');
      expect(decide(command, { view: null }).behavior).toBe('allow');
      expect(decide(command, { environment: { values: { PATH: '/usr/bin', GIT_PAGER: 'less' }, complete: true } }).behavior).toBe('allow');
      expect(decide(command, { cwd: `${P}/src` }).behavior).toBe('allow');
    },
  );

  it('git in an embedded bare repository asks, with a reason naming it', () => {
    const d = decide('git diff HEAD~2 HEAD', { tree: { ...REPO, ...BARE }, cwd: `${P}/docs/api.git` });
    expect(d.behavior).toBe('ask');
    expect(said(d)).toMatch(/docs\/api\.git, not the project's/);
  });

  it('the repository configuration setting a program the subcommand reads asks; one it does not read leaves it allowed', () => {
    const tree = { ...REPO, [`${P}/.git/config`]: '[diff]\n\texternal = evil\n' };
    expect(decide('git diff', { tree }).behavior).toBe('ask');
    expect(decide('git log -1', { tree }).behavior).toBe('allow');
  });

  it('a signature-verifying global configuration makes git log ask', () => {
    const d = decide('git log -1', { tree: { ...REPO, '/home/user/.gitconfig': '[log]\n\tshowSignature = true\n' } });
    expect(d.behavior).toBe('ask');
    expect(said(d)).toMatch(/\.gitconfig sets log\.showsignature/);
  });

  it('environment facts: a known GIT_DIR asks, one that may be set asks, and so does one when no facts are given, saying how to give them', () => {
    expect(decide('git status', { environment: { values: { GIT_DIR: '/x' }, complete: true } }).behavior).toBe('ask');
    const partial = decide('git status', { environment: { values: { CDPATH: null } } });
    expect(partial.behavior).toBe('ask');
    expect(partial.reason.message).toMatch(/GIT_DIR may be set in the environment/);
    expect(partial.reason.message).not.toMatch(/told nothing/);
    const none = decide('git status', { environment: null });
    expect(none.behavior).toBe('ask');
    expect(none.reason.message).toMatch(
      /GIT_DIR may be set in the environment.*told nothing of the environment.*--env NAME= for unset.*environment option/,
    );
    expect(decide('git status', { environment: null, view: null }).behavior).toBe('ask');
  });

  it('without a view, git in a directory other than the project root asks', () => {
    expect(decide('git diff HEAD~2 HEAD', { view: null, cwd: `${P}/b` }).behavior).toBe('ask');
  });
});

describe("one call's reads of git's repositories", () => {
  /** A view over `fs` that counts what it reads, by path. */
  function counted(fs: ReturnType<typeof createMemoryFileSystem>) {
    const reads = new Map<string, number>();
    const view = fs.view();
    const out: ReadonlyFsView = {
      ...view,
      readText: (p) => {
        reads.set(p, (reads.get(p) ?? 0) + 1);
        return view.readText?.(p);
      },
    };
    return { view: out, reads };
  }
  it('the hook lookup and the read-only check read the configuration once per call', () => {
    const { view, reads } = counted(createMemoryFileSystem(REPO));
    const d = decide('git status && git diff --stat && git log -1', { view });
    expect(d.behavior).toBe('allow');
    expect(reads.get(`${P}/.git/config`)).toBe(1);
    expect(reads.get('/home/user/.gitconfig')).toBe(1);
  });
  it('a configuration changed between two calls is seen by the second (nothing is kept past a call)', () => {
    const fs = createMemoryFileSystem({ ...REPO, [`${P}/.husky/post-index-change`]: '#!/bin/sh\nnpm test\n' });
    const view = fs.view();
    expect(decide('git status', { view }).behavior).toBe('allow');
    return fs.writeFile(`${P}/.git/config`, '[core]\n\thooksPath = .husky\n').then(() => {
      const d = decide('git status', { view });
      expect(d.behavior).toBe('ask');
      expect(said(d)).toMatch(/\/home\/user\/project\/\.husky\/post-index-change/);
    });
  });
});

describe('writes that make a repository are protected', () => {
  const LAYOUT =
    "mkdir -p b/objects/info b/refs/heads && echo 'ref: refs/heads/main' > b/HEAD && printf '[diff]\\n\\texternal = evil\\n' > b/config";
  it.each<[PermissionMode, Record<string, string[]>]>([
    ['acceptEdits', {}],
    ['bypassPermissions', {}],
    ['default', { allow: ['Bash(*)'], deny: ['Bash(rm *)'] }],
  ])('laying out HEAD, objects and refs is a protected ask in %s', (mode, permissions) => {
    const d = decide(LAYOUT, { mode, permissions });
    expect(d.behavior).toBe('ask');
    expect(said(d)).toMatch(/b is a git repository once written/);
  });
  it("a write into an existing bare repository's config is protected; an ordinary write in acceptEdits is not", () => {
    expect(decide("printf '[core]\\n' > docs/api.git/config", { mode: 'acceptEdits', tree: { ...REPO, ...BARE } }).behavior).toBe('ask');
    expect(decide('echo x > src/config', { mode: 'acceptEdits' }).behavior).toBe('allow');
    expect(decide('mkdir -p build/refs && echo x > build/HEAD', { mode: 'acceptEdits' }).behavior).toBe('allow');
  });
});
