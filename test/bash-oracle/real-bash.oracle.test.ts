/**
 * The oracle against real bash (needs root and namespaces; skipped elsewhere, a failure under
 * CI=true): every shared bypass breaks the invariant when treated as allowed, and everyday
 * read-only commands keep it. Decisions are not involved — this checks the judge, not toolgate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Decision } from '../../src/core/types.js';
import { checkInvariant, describeWithOracle } from '../support/bash-oracle/index.js';

interface SharedCase {
  id: string;
  setup?: string | null;
  case: { settings: { permissions: { allow?: string[] } }; mode: string; call: { input: { command: string } } };
}
const bypasses = readFileSync(join(__dirname, '../cases/shared/shell-bypasses.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as SharedCase);

/** The allow toolgate gave these cases when they were found: by a rule when one allows Bash, else read-only. */
function allowFor(c: SharedCase): Decision {
  const byRule = (c.case.settings.permissions.allow ?? []).some((r) => r.startsWith('Bash'));
  return { behavior: 'allow', reason: { kind: byRule ? 'rule' : 'readOnly', message: 'as found' }, trace: [] };
}

describeWithOracle('bash oracle against real bash', (oracle) => {
  it.each(bypasses.map((c) => [c.id, c]))('reproduces %s as a fail-open', (_id, c) => {
    const run = oracle().run({ command: c.case.call.input.command, ...(c.setup ? { setup: c.setup } : {}) });
    expect(run.status).toBe('ran');
    if (run.status !== 'ran') return;
    const violations = checkInvariant({ settings: c.case.settings, mode: c.case.mode, decision: allowFor(c), run });
    expect(violations.length, JSON.stringify({ execs: run.execs, changes: run.changes, stderr: run.stderr })).toBeGreaterThan(0);
  });

  it.each([
    'ls -la',
    'git status; git log --oneline -5 | head',
    'cat README.md | head -20',
    'grep -rn TODO src | wc -l',
    'du -sh .',
    'rg greet src',
    "find . -name '*.js' | xargs wc -l",
    'git diff --stat; git show --stat HEAD',
    'node --version',
  ])('everyday read-only command %j keeps the invariant', (command) => {
    const run = oracle().run({ command });
    expect(run.status).toBe('ran');
    if (run.status !== 'ran') return;
    const decision: Decision = { behavior: 'allow', reason: { kind: 'readOnly', message: 'read-only' }, trace: [] };
    expect(checkInvariant({ settings: { permissions: {} }, mode: 'default', decision, run })).toEqual([]);
  });
});
