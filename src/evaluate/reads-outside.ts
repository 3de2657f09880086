import { includedReadWhy } from './include-reads.js';
import type { PathEffect } from '../shell/types.js';
import { isInsideAny } from '../paths/index.js';
import { globBase } from './facts.js';
import { decide, fixedPass, holdAsk, passFixed } from './state.js';
import type { EvalState, PipelineStep, StepResult } from './types.js';

const STEP = 'readsOutsideWorkingDirectories';

/** The message Claude Code gives with the refusal: ask the user to add the directory. */
const ADD_DIR = 'permissions.blockReadsOutsideWorkingDirectories is set; ask the user to add the directory with /add-dir';

const SETTING_OFF = fixedPass(STEP, 'the setting is off');
const READS_INSIDE = fixedPass(STEP, 'reads inside the working directories');
const EVERY_READ_INSIDE = fixedPass(STEP, 'every read path is inside the working directories');
const READS_NO_FILE = fixedPass(STEP, 'the call reads no file');

/** A shell read that may name a file outside, when toolgate cannot place it. */
function unplaced(e: PathEffect): boolean {
  return !e.literal && !e.glob;
}

/** The read paths of a shell or PowerShell effect list that are outside, and whether one cannot be placed. */
function shellReads(effects: readonly PathEffect[], wd: readonly string[]): { outside?: string; unknown?: string } {
  let unknown: string | undefined;
  for (const e of effects) {
    // What an include language's input names (decision 0096) is judged against Read deny rules only:
    // a compile reads the system's headers, which Claude Code does not see either.
    if (e.op !== 'read' || e.fromHistory === true || e.assumed === 'word' || includedReadWhy(e) !== undefined) continue;
    if (unplaced(e)) {
      unknown ??= e.raw;
      continue;
    }
    if (!isInsideAny(e.glob ? globBase(e.path) : e.path, wd)) return { outside: e.path };
  }
  return unknown !== undefined ? { unknown } : {};
}

/**
 * `permissions.blockReadsOutsideWorkingDirectories` (Claude Code docs, "Settings ›
 * permissions"): a read outside every working directory — Read, Glob, Grep, LSP, and a shell or
 * PowerShell command that reads such a path — is denied in every mode, bypassPermissions included,
 * right after deny rules and before ask rules. The working directories are the session's: cwd,
 * `additionalDirectories` of every trusted settings file (Claude Code ignores project files' here,
 * a bug toolgate does not copy; decision 0023) and directories added for the session. A shell read
 * whose path toolgate cannot place (`cat "$F"`) is a firm ask: it may be outside.
 */
export const readsOutside: PipelineStep = {
  name: STEP,
  run(state: EvalState): StepResult {
    if (state.ctx.policy.blockReadsOutsideWorkingDirectories !== true) return passFixed(state, SETTING_OFF);
    const f = state.facts;
    const wd = state.workingDirectories;
    if (f.kind === 'read') {
      const searched = f.glob !== undefined ? globBase(f.glob) : f.path;
      for (const p of [f.path, searched, ...(f.realPath !== undefined ? [f.realPath] : [])]) {
        if (!isInsideAny(p, wd))
          return decide(state, STEP, 'deny', 'outsideWorkingDirectory', `reads ${p}, outside every working directory: ${ADD_DIR}`, {
            blockedPath: p,
          });
      }
      return passFixed(state, READS_INSIDE);
    }
    if (f.kind === 'shell' || f.kind === 'powershell') {
      const r = shellReads(f.effects, wd);
      if (r.outside !== undefined)
        return decide(state, STEP, 'deny', 'outsideWorkingDirectory', `reads ${r.outside}, outside every working directory: ${ADD_DIR}`, {
          blockedPath: r.outside,
        });
      if (r.unknown !== undefined) {
        return holdAsk(state, STEP, {
          kind: 'firm',
          reason: 'outsideWorkingDirectory',
          message: `reads ${r.unknown}, which may be outside every working directory (permissions.blockReadsOutsideWorkingDirectories is set)`,
        });
      }
      return passFixed(state, EVERY_READ_INSIDE);
    }
    return passFixed(state, READS_NO_FILE);
  },
};
