import { CLAUDE_CODE_PROTECTED_PATHS } from '../paths/index.js';
import { claudeCodeGrepLeavesOut } from './grep-host-globs.js';
import { CLAUDE_CODE_STEPS } from './pipeline.js';
import type { Dialect } from './types.js';

export type { Dialect } from './types.js';

/**
 * The default dialect: the toolgate spec's decision semantics with Claude Code's file locations
 * and names (`.claude/`, `CLAUDE_PROJECT_DIR`, default mode `default`).
 * @public
 */
export const claudeCode: Dialect = {
  name: 'claudeCode',
  steps: CLAUDE_CODE_STEPS,
  protectedPaths: CLAUDE_CODE_PROTECTED_PATHS,
  readOnlySet: 'claudeCode',
  configDirName: '.claude',
  projectDirEnv: ['CLAUDE_PROJECT_DIR'],
  userConfigDirEnv: ['CLAUDE_CONFIG_DIR'],
  defaultMode: 'default',
  modeAliases: { manual: 'default' },
  grepToolLeavesOut: claudeCodeGrepLeavesOut,
};
