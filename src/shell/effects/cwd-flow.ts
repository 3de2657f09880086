/**
 * The working directories each command may run in, followed along the script's flow
 * (`syntax/flow.ts`): a `cd` that may not run — on one side of `&&`/`||`, in an `if` or `case`
 * arm, in a loop's body, or one that may fail — leaves the commands after it in one of several
 * directories, and each is judged from every one (replay of red team 19, NEW-8: `false && cd ..;
 * cat .env`, `if false; then cd ..; fi; cat .env` read the project's .env while toolgate judged
 * the parent's). Where a loop's `cd` makes the set unbounded, the analysis says toolgate cannot
 * follow it (`commands/state.ts`); here its body is judged once, from where the loop starts.
 */
import type { Flow } from '../syntax/flow.js';

/** Where the shell may be after a statement: when it succeeded, and when it failed. @internal */
export interface CwdOutcome {
  readonly ok: readonly string[];
  readonly fail: readonly string[];
}

/**
 * Runs the commands not yet judged up to index `to` from the directories `entry`; `branch`: the
 * statement may not run at all (it is on a side of `&&`/`||`, in an arm or in a loop).
 * @internal
 */
export type CwdStep = (to: number, entry: readonly string[], branch: boolean) => CwdOutcome;

function union(...sets: readonly (readonly string[])[]): readonly string[] {
  // The common line never leaves one directory: every set is that one (the same array, or one
  // element equal to it) or empty, and the union is that set itself — exactly what the Set gives.
  const one = sets.find((s) => s.length > 0);
  if (one === undefined) return [];
  if (one.length === 1 && sets.every((s) => s === one || s.length === 0 || (s.length === 1 && s[0] === one[0]))) return one;
  return [...new Set(sets.flat())];
}

/** Either outcome: where the statement after it starts. */
function after(o: CwdOutcome): readonly string[] {
  return union(o.ok, o.fail);
}

/**
 * Where a statement that runs only after some outcome starts: those directories, or (when that
 * outcome cannot happen, as a failure of `cd DIR` the view shows to be a directory) where the
 * statement before started — it never runs, and judging it from there can only add.
 */
function from(dirs: readonly string[], otherwise: readonly string[]): readonly string[] {
  return dirs.length > 0 ? dirs : otherwise;
}

/** Follows `flow` from the directories `entry`, judging each command through `step`. @internal */
export function followFlow(flow: Flow, entry: readonly string[], step: CwdStep): CwdOutcome {
  const go = (f: Flow, e: readonly string[], branch: boolean): CwdOutcome => {
    switch (f.kind) {
      case 'run':
        return step(f.to, e, branch);
      case 'sequence': {
        let out: CwdOutcome = { ok: e, fail: e };
        for (const p of f.parts) out = go(p, from(after(out), e), branch);
        return out;
      }
      case 'and': {
        const l = go(f.left, e, branch);
        const r = go(f.right, from(l.ok, e), true);
        return { ok: r.ok, fail: union(l.fail, r.fail) };
      }
      case 'or': {
        const l = go(f.left, e, branch);
        const r = go(f.right, from(l.fail, e), true);
        return { ok: union(l.ok, r.ok), fail: r.fail };
      }
      case 'not': {
        const p = go(f.part, e, branch);
        return { ok: p.fail, fail: p.ok };
      }
      case 'if': {
        // Each condition runs when the ones before it failed; each body when its condition succeeded.
        let rest: readonly string[] = e;
        const ends: (readonly string[])[] = [];
        f.clauses.forEach((c, k) => {
          const cond = go(c.cond, rest, branch || k > 0);
          ends.push(after(go(c.body, from(cond.ok, rest), true)));
          rest = from(cond.fail, rest);
        });
        ends.push(f.otherwise === undefined ? [...rest] : after(go(f.otherwise, rest, true)));
        const all = union(...ends);
        return { ok: all, fail: all };
      }
      case 'case': {
        // At most one arm, or (`;&`, `;;&`) an arm after the one before it: each from either.
        let reach = after(go(f.head, e, branch));
        const start = reach;
        for (const arm of f.arms) reach = union(reach, after(go(arm, reach, true)));
        const all = union(start, reach);
        return { ok: all, fail: all };
      }
      case 'loop': {
        const head = go(f.head, e, branch);
        const body = go(f.body, after(head), true);
        const all = union(e, after(head), after(body));
        return { ok: all, fail: all };
      }
    }
  };
  return go(flow, entry, false);
}
