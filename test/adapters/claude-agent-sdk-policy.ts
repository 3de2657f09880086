import type { GateOptions } from '../../src/gate/index.js';

/** The policy of the Agent SDK adapter's tests (claude-agent-sdk.test.ts and its `claude` suite part). */
export const policy: GateOptions['policy'] = [
  {
    kind: 'projectSettings',
    settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)', 'WebFetch'], ask: ['Bash(touch *)'] } },
  },
];
