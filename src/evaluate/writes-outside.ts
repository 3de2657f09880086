import type { PathEffect } from '../shell/types.js';
import { isInsideAny } from '../paths/index.js';
import { globBase } from './facts.js';
import { isPlanFile } from './plan-file.js';
import { decide, fixedPass, holdAsk, passFixed } from './state.js';
import type { EvalState, PipelineStep, StepResult } from './types.js';

const STEP = 'writesOutsideWorkingDirectories';

/** What Claude Code tells the agent with the refusal. */
const ADD_DIR =
  'permissions.blockWritesOutsideWorkingDirectories is set; ask the user to add the directory with /add-dir, or to remove that setting';

const SETTING_OFF = fixedPass(STEP, 'the setting is off');
const WRITES_INSIDE = fixedPass(STEP, 'writes inside the working directories');
const WRITES_NO_FILE = fixedPass(STEP, 'the call writes no file');

/** The written or removed paths of a shell or PowerShell effect list that are outside, and whether one cannot be placed. */
function shellWritesOutside(effects: readonly PathEffect[], wd: readonly string[]): { outside?: string; unknown?: string } {
  let unknown: string | undefined;
  for (const e of effects) {
    // Words of programs toolgate does not model are guesses, not writes it knows of.
    if (e.op === 'read' || e.assumed !== undefined || e.possible !== undefined) continue;
    if ((!e.literal && !e.glob) || e.unsettled !== undefined) {
      unknown ??= e.raw;
      continue;
    }
    if (!isInsideAny(e.glob ? globBase(e.path) : e.path, wd)) return { outside: e.path };
  }
  return unknown !== undefined ? { unknown } : {};
}

/**
 * `permissions.blockWritesOutsideWorkingDirectories` (Claude Code 2.1.314; CLI 2.1.332 observed): an
 * Edit, Write or NotebookEdit outside every working directory is denied in every mode,
 * bypassPermissions and allow rules included, right after deny rules. The CLI leaves shell writes
 * to its usual checks (`echo x > /tmp/x` runs in bypassPermissions); toolgate denies them too, on
 * purpose: the setting says writes outside stay out, and a shell write is one. A shell write whose
 * target toolgate cannot place (`> "$F"`) is a firm ask. The plan file is exempt.
 */
export const writesOutside: PipelineStep = {
  name: STEP,
  run(state: EvalState): StepResult {
    if (state.ctx.policy.blockWritesOutsideWorkingDirectories !== true) return passFixed(state, SETTING_OFF);
    const f = state.facts;
    const wd = state.workingDirectories;
    if (f.kind === 'edit') {
      for (const p of [f.path, ...(f.realPath !== undefined ? [f.realPath] : [])]) {
        if (!isInsideAny(p, wd) && !isPlanFile(state, p))
          return decide(state, STEP, 'deny', 'outsideWorkingDirectory', `writes ${p}, outside every working directory: ${ADD_DIR}`, {
            blockedPath: p,
          });
      }
      return passFixed(state, WRITES_INSIDE);
    }
    if (f.kind === 'shell' || f.kind === 'powershell') {
      const r = shellWritesOutside(f.effects, wd);
      if (r.outside !== undefined && !isPlanFile(state, r.outside))
        return decide(state, STEP, 'deny', 'outsideWorkingDirectory', `writes ${r.outside}, outside every working directory: ${ADD_DIR}`, {
          blockedPath: r.outside,
        });
      if (r.unknown !== undefined) {
        return holdAsk(state, STEP, {
          kind: 'firm',
          reason: 'outsideWorkingDirectory',
          message: `writes ${r.unknown}, which may be outside every working directory (permissions.blockWritesOutsideWorkingDirectories is set)`,
        });
      }
      return passFixed(state, WRITES_INSIDE);
    }
    return passFixed(state, WRITES_NO_FILE);
  },
};
