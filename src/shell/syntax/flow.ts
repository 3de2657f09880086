/**
 * Which statements of a script run, as far as its syntax says: after `a && b`, `if`, `case`, a
 * loop, the commands that follow may run after a branch that ran or one that did not. The effects
 * layer follows the working directory along it (`effects/cwd-flow.ts`): a `cd` in a branch that
 * may not run leaves the shell in one of several directories (replay of red team 19, NEW-8:
 * `false && cd ..; cat .env` read the project's .env while toolgate judged the parent's).
 * Kept beside the analysis, not in it: the public `ShellAnalysis` shape does not change.
 */
import { SideTable } from '../../core/side-table.js';
import type { ShellAnalysis } from '../types.js';

/**
 * One statement's flow. Leaves are `run`: every command emitted before index `to` that no earlier
 * leaf took (a simple command with its substitutions and the commands it wraps).
 * - `sequence`: one after the other (`;`, newline, `&`, a pipeline's parts, a group).
 * - `and`/`or`: `right` runs when `left` succeeded (`&&`) or failed (`||`).
 * - `not`: `! part`, which swaps success and failure.
 * - `if`: each clause's condition runs when the earlier ones failed, its body when it succeeded;
 *   `otherwise` (else) when all failed.
 * - `case`: the subject, then at most one arm (or, falling through, several in order).
 * - `loop`: `head` (a while/until condition) then `body` any number of times, none included; a
 *   function's body (it runs when called, `of: 'function'`); `[from, to)`: the commands of head and body.
 * @internal
 */
export type Flow =
  | { readonly kind: 'run'; readonly to: number }
  | { readonly kind: 'sequence'; readonly parts: readonly Flow[] }
  | { readonly kind: 'and' | 'or'; readonly left: Flow; readonly right: Flow }
  | { readonly kind: 'not'; readonly part: Flow }
  | { readonly kind: 'if'; readonly clauses: readonly { readonly cond: Flow; readonly body: Flow }[]; readonly otherwise?: Flow }
  | { readonly kind: 'case'; readonly head: Flow; readonly arms: readonly Flow[] }
  | {
      readonly kind: 'loop';
      readonly head: Flow;
      readonly body: Flow;
      readonly from: number;
      readonly to: number;
      /** A loop's body runs again after itself; a function's each time it is called. */
      readonly of: 'loop' | 'function';
    };

/** A sequence of parts (one part alone is itself). @internal */
export function sequence(parts: readonly Flow[]): Flow {
  return parts.length === 1 ? parts[0]! : { kind: 'sequence', parts };
}

/** Parts joined by their operators, left to right as bash groups them (`a && b || c` is `(a && b) || c`). @internal */
export function joined(parts: readonly Flow[], operators: readonly string[]): Flow {
  let out = parts[0] ?? sequence([]);
  for (let k = 1; k < parts.length; k++) {
    const op = operators[k - 1];
    if (op === '&&' || op === '||') out = { kind: op === '&&' ? 'and' : 'or', left: out, right: parts[k]! };
    else out = out.kind === 'sequence' ? { kind: 'sequence', parts: [...out.parts, parts[k]!] } : sequence([out, parts[k]!]);
  }
  return out;
}

/** Every loop of a flow, outermost first. @internal */
export function loopsOf(flow: Flow): Extract<Flow, { kind: 'loop' }>[] {
  const out: Extract<Flow, { kind: 'loop' }>[] = [];
  const visit = (f: Flow): void => {
    switch (f.kind) {
      case 'run':
        return;
      case 'sequence':
        return f.parts.forEach(visit);
      case 'and':
      case 'or':
        visit(f.left);
        return visit(f.right);
      case 'not':
        return visit(f.part);
      case 'if':
        for (const c of f.clauses) {
          visit(c.cond);
          visit(c.body);
        }
        if (f.otherwise !== undefined) visit(f.otherwise);
        return;
      case 'case':
        visit(f.head);
        return f.arms.forEach(visit);
      case 'loop':
        out.push(f);
        visit(f.head);
        return visit(f.body);
    }
  };
  visit(flow);
  return out;
}

const FLOWS = new SideTable<ShellAnalysis, Flow>();

/** Keeps the flow of `analysis`. @internal */
export function keepFlow(analysis: ShellAnalysis, flow: Flow): void {
  FLOWS.set(analysis, flow);
}

/** The flow of `analysis`; every command in order when it was not kept (an analysis made by hand). @internal */
export function flowOf(analysis: ShellAnalysis): Flow {
  return FLOWS.get(analysis) ?? { kind: 'run', to: analysis.commands.length };
}
