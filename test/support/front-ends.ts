/**
 * The setup the front-end agreement tests share (test/evaluate/door/front-ends.slow.test.ts,
 * agent-ceilings.slow.test.ts): a sandbox whose project has the given settings, with the folders and
 * files the calls name, and `toolgate serve` started on it; and how a gate's result reads as an
 * outcome to compare.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GateResult } from '../../src/gate/index.js';
import { MANAGED_SETTINGS_PATHS } from '../../src/settings/index.js';
import { sandbox, start, type Running, type Sandbox } from '../serve/helpers.js';

/** A decision as every front end can say it: its behavior and its reason's text. */
export type Outcome = { behavior: string; reason: string };
/** A hook event, as Claude Code sends it. */
export type Event = Record<string, unknown>;

/** The managed settings files serve, the library and the gate read (none exists in the sandbox). */
export const managedPaths = [MANAGED_SETTINGS_PATHS.linux, MANAGED_SETTINGS_PATHS.macos];

/** A project served by `toolgate serve` (asks by prompt), in a sandbox of its own. */
export interface ServedProject {
  readonly sb: Sandbox;
  readonly s: Running;
  /** The project's folder, `proj` in the sandbox. */
  readonly project: string;
  /** Stops serve and removes the sandbox. */
  stop(): Promise<void>;
}

/**
 * A sandbox with the project `proj` holding `settings`, the folders `dirs` and the files `files`
 * (both relative to the sandbox's root: `proj/src`, `home/.ssh/id_rsa`), and serve started on it.
 */
export async function serveProject(
  settings: unknown,
  { dirs = [], files = {} }: { dirs?: readonly string[]; files?: Readonly<Record<string, string>> },
): Promise<ServedProject> {
  const sb = sandbox();
  const project = sb.project('proj', settings);
  for (const d of dirs) mkdirSync(join(sb.root, d), { recursive: true });
  for (const [f, text] of Object.entries(files)) sb.write(join(sb.root, f), text);
  const s = await start(sb, { projects: [project], askVia: 'prompt', managedPaths });
  return {
    sb,
    s,
    project,
    stop: async () => {
      await s.stop();
      sb.cleanup();
    },
  };
}

/** A gate's result as an outcome: the reason a person is shown. */
export function fromGate(r: GateResult): Outcome {
  if (r.behavior === 'allow') return { behavior: 'allow', reason: r.reason.message };
  if (r.behavior === 'deny') return { behavior: 'deny', reason: r.message };
  if (r.behavior === 'ask') return { behavior: 'ask', reason: r.pending.reason.message };
  return { behavior: r.behavior, reason: r.reason ?? '' };
}
