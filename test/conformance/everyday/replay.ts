/**
 * Replays the everyday corpus (test/cases/everyday/) through toolgate as `toolgate check --json
 * --settings F --mode M --cwd D --home H --shell bash` decides it: the case's file tree laid out
 * in a temporary directory (a minimal git repository for `.git`), the settings read from a file,
 * the real file-system view, and the environment of the observing sandbox (none of the variables
 * toolgate asks about set). Used by the agreement test and `scripts/observe-cli/everyday-agreement.ts`.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Decision, PermissionUpdate } from '../../../src/core/types.js';
import { loadPolicyFromFlags } from '../../../src/cli/load.js';
import { environmentFromProcess, evaluateAsync, evaluationContextFor, modeFor, type SessionFacts } from '../../../src/evaluate/index.js';
import { nodeFsView } from '../../../src/node/fs-view.js';

const here = (p: string) => join(import.meta.dirname, '../../cases/everyday', p);

/** One case of the corpus. */
export interface EverydayCase {
  id: string;
  category: string;
  policy: string;
  case: { settings: Record<string, unknown>; mode: string; call: { tool: string; input: { command: string } }; tree: string };
}

/** What the CLI did, as recorded. */
export interface Observation {
  id: string;
  result: 'allow' | 'ask' | 'deny' | 'error';
  /** The CLI's `permission_suggestions` on an ask. */
  remember?: PermissionUpdate[];
  text: string;
}

/** A stricter answer toolgate gives on purpose (test/cases/everyday/deliberate.json). */
export interface Deliberate {
  /** A case id, or a command (exact) with the policies it holds under (all when absent). */
  id?: string;
  command?: string;
  policy?: string | string[];
  answer: 'ask' | 'deny';
  askKind?: string;
  why: string;
}

const jsonl = <T>(file: string): T[] =>
  readFileSync(here(file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

/** The corpus, the observations by id and the deliberate answers. */
export function loadEveryday(): {
  cases: EverydayCase[];
  observed: Map<string, Observation>;
  deliberate: Deliberate[];
  trees: Record<string, Record<string, string>>;
} {
  return {
    cases: jsonl<EverydayCase>('corpus.jsonl'),
    observed: new Map(jsonl<Observation>('observed.jsonl').map((o) => [o.id, o])),
    deliberate: JSON.parse(readFileSync(here('deliberate.json'), 'utf8')) as Deliberate[],
    trees: JSON.parse(readFileSync(here('trees.json'), 'utf8')) as Record<string, Record<string, string>>,
  };
}

/** The deliberate entry a case falls under, if any. */
export function deliberateFor(c: EverydayCase, list: readonly Deliberate[]): Deliberate | undefined {
  const under = (d: Deliberate) =>
    d.policy === undefined || (Array.isArray(d.policy) ? d.policy.includes(c.policy) : d.policy === c.policy);
  return list.find((d) => (d.id !== undefined ? d.id === c.id : d.command === c.case.call.input.command && under(d)));
}

/** `git init`'s layout, enough for git and toolgate to see a repository. */
function minimalRepository(dir: string): void {
  for (const d of ['objects', 'refs/heads', 'refs/tags']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'HEAD'), 'ref: refs/heads/master\n');
  writeFileSync(
    join(dir, 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n',
  );
}

/** Lays out a tree (entries as in observe-calls.ts) under `project`. */
export function layOut(project: string, tree: Record<string, string>): void {
  mkdirSync(project, { recursive: true });
  for (const [rel, entry] of Object.entries(tree)) {
    const path = join(project, rel);
    if (rel === '.git' && entry === 'repository') {
      minimalRepository(path);
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    const link = /^symlink ->\s*(.+)$/.exec(entry);
    if (entry === 'directory') mkdirSync(path, { recursive: true });
    else if (link?.[1] !== undefined) symlinkSync(link[1], path);
    else writeFileSync(path, entry.replace(/^text: ?/, ''));
  }
}

/** A replayer over one temporary world: `home/user/project` holds each tree in turn. */
export interface Replayer {
  decide(c: EverydayCase): Promise<Decision>;
  close(): void;
}

/** Builds the temporary world once per tree and decides cases in it. */
export function replayer(trees: Record<string, Record<string, string>>): Replayer {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-everyday-')));
  const home = join(root, 'home/user');
  const projects = new Map<string, string>();
  const projectFor = (tree: string): string => {
    let p = projects.get(tree);
    if (p === undefined) {
      // One home per tree, so that every project is `~/project`, as in the sandbox.
      const h = projects.size === 0 ? home : join(root, `home-${tree}/user`);
      p = join(h, 'project');
      const spec = trees[tree];
      if (spec === undefined) throw new Error(`no tree named ${tree}`);
      layOut(p, spec);
      projects.set(tree, p);
    }
    return p;
  };
  let n = 0;
  return {
    async decide(c) {
      const project = projectFor(c.case.tree);
      const settingsFile = join(root, `settings-${n++}.json`);
      writeFileSync(settingsFile, JSON.stringify(c.case.settings));
      const loaded = await loadPolicyFromFlags({ settings: [settingsFile], cwd: project, home: dirname(project) });
      const facts: SessionFacts = {
        policy: loaded.policy,
        home: loaded.home,
        project: { known: true, dir: loaded.projectDir, via: 'declared' },
        dialect: loaded.dialect,
        fs: nodeFsView(),
        shell: 'bash',
        environment: environmentFromProcess({}),
      };
      const ctx = evaluationContextFor({ cwd: loaded.cwd, mode: modeFor(c.case.mode, facts) }, facts);
      return evaluateAsync({ tool: c.case.call.tool, input: c.case.call.input }, ctx);
    },
    close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Whether an ask offers something to remember (a rule, a directory or a mode for later calls). */
export const offersToRemember = (s: readonly PermissionUpdate[] | undefined): boolean => (s ?? []).length > 0;
