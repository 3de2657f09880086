import { beforeAll, describe, expect, it } from 'vitest';
import { prepareShell } from '../../src/shell/index.js';
import type { Decision } from '../../src/core/types.js';
import type { Violation } from '../support/bash-oracle/index.js';
import { classify } from '../support/bash-fuzz/classify.js';

const d = (kind: Decision['reason']['kind']): Decision => ({ behavior: 'allow', reason: { kind, message: '' }, trace: [] });
const v = (kind: Violation['kind']): Violation => ({ kind, rule: 1, evidence: '' });

describe('shell fuzzer: classes and issues', () => {
  beforeAll(async () => {
    await prepareShell();
  });

  it('puts hidden code, shell state and programs named by a path under #13', () => {
    expect(classify('line-continuation', undefined, [v('denied-program')], d('rule'))).toEqual({
      class: 'line-continuation:denied-program',
      issue: 13,
    });
    expect(classify('cd', undefined, [v('outside-read')], d('readOnly')).issue).toBe(13);
    expect(classify('path-program', 'relative', [v('unlisted-program')], d('readOnly')).issue).toBe(13);
    expect(classify('brace-expansion', 'operand', [v('outside-read')], d('readOnly'))).toEqual({
      class: 'brace-expansion-operand:outside-read',
      issue: 13,
    });
  });

  it('puts options of read-only programs under #14, wrappers under #15, path rules under #16', () => {
    expect(classify('brace-expansion', 'option', [v('read-only-changed')], d('readOnly')).issue).toBe(14);
    expect(classify('read-only-options', 'date', [v('outside-read')], d('readOnly')).issue).toBe(14);
    expect(classify('wrapper', 'nice', [v('denied-program')], d('rule')).issue).toBe(15);
    expect(classify('read-only-options', 'split', [v('denied-write')], d('rule')).issue).toBe(16);
    expect(classify('corpus:shell-battery', undefined, [v('denied-read'), v('outside-read')], d('readOnly')).issue).toBe(16);
  });

  it('puts code handed to an interpreter under #15, and what toolgate could not read under #13', () => {
    const execs = [
      { path: '/usr/bin/sh', argv: ['sh'] },
      { path: '/usr/bin/rm', argv: ['rm', '-rf', '/'] },
    ];
    expect(
      classify('corpus:own-battery', undefined, [v('critical-removal')], d('mode'), undefined, 'cat <<EOF | sh\nrm -rf /\nEOF', execs)
        .issue,
    ).toBe(15);
    expect(classify('wrapper', 'watch', [v('critical-removal')], d('mode'), undefined, 'watch --color rm -rf ~').issue).toBe(13);
  });

  it('names the most telling violation in the class, and keeps a corpus case’s own class', () => {
    expect(classify('mutation', undefined, [v('outside-read'), v('unlisted-program')], d('readOnly')).class).toBe(
      'mutation:unlisted-program',
    );
    expect(classify('corpus:shell-bypasses', undefined, [v('denied-program')], d('rule'), 'option-abbrev').class).toBe('option-abbrev');
  });
});
