import { escapeBidi } from '../core/text.js';
import { describeCall } from '../policy-test/trace.js';
import type { DiffChange, PolicyDiff } from './diff.js';

function line(c: DiffChange): string {
  const mark = c.direction === 'widen' ? '+' : '-';
  return `    ${mark} ${describeCall(c.call)}: ${c.old.behavior} → ${c.new.behavior}${c.origin === 'generated' ? '  (generated from a rule)' : c.origin === 'given' ? '  (given)' : ''}`;
}

/**
 * A diff as readable lines: a summary, then each group (widening groups first) with its calls,
 * `+` for a widening and `-` for a narrowing. @public
 */
export function formatPolicyDiff(diff: PolicyDiff): string {
  const { corpus, generated, given } = diff.checked;
  const total = corpus + generated + given;
  const lines = [
    `decided ${total} calls under both policies (${corpus} from the shipped corpus, ${generated} generated from the rules${given > 0 ? `, ${given} given` : ''})`,
    diff.counts.widen + diff.counts.narrow === 0
      ? 'no call changes outcome'
      : `${diff.counts.widen} call${diff.counts.widen === 1 ? '' : 's'} widen (decide looser), ${diff.counts.narrow} narrow (decide stricter)`,
  ];
  for (const g of diff.groups) {
    lines.push('', `${g.widens ? 'WIDENS' : 'narrows'}: ${g.responsible}`);
    for (const c of g.changes) lines.push(line(c));
  }
  return escapeBidi(lines.join('\n'));
}
