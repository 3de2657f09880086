/**
 * The session's commands that serve offers as examples of what a rule would allow come from calls
 * it decided, never from events that only report a call (anyone who reaches the hook endpoint can
 * post those).
 */
import { describe, expect, it } from 'vitest';
import { sessionHistory } from '../../src/serve/proposals.js';
import { createMemoryStore, type AuditEntry } from '../../src/store/index.js';

const entry = (event: AuditEntry['event'], command: string, sessionId = 's1'): AuditEntry => ({
  at: 1,
  event,
  sessionId,
  tool: 'Bash',
  inputRedacted: { command },
});

describe('sessionHistory', () => {
  it("takes the session's decided Bash calls, newest first, and no reported ones", async () => {
    const store = createMemoryStore();
    await store.appendAudit([
      entry('PreToolUse', 'git diff a'),
      entry('PostToolUse', 'git diff forged-1'),
      entry('decision', 'git diff b'),
      entry('PostToolUseFailure', 'git diff forged-2'),
      entry('PermissionRequest', 'git diff c'),
      entry('Stop', 'git diff forged-3'),
      entry('PreToolUse', 'git diff other-session', 's2'),
    ]);
    expect(await sessionHistory(store, 's1')).toEqual(['git diff c', 'git diff b', 'git diff a']);
  });

  it('has nothing for a call without a session', async () => {
    const store = createMemoryStore();
    await store.appendAudit([entry('PreToolUse', 'ls')]);
    expect(await sessionHistory(store, undefined)).toEqual([]);
  });
});
