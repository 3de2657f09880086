import type { AskKind, Behavior, Decision, Diagnostic, PermissionMode, Platform, ReasonKind, ToolCall } from '../core/types.js';
import type { RuleExampleResult } from './examples.js';

/** Where a policy test's settings come from; several keys combine. Paths are relative to the test file. @public */
export interface PolicyTestSettings {
  /** Settings files, loaded like `--settings` (source kind `cli`). */
  files?: string[];
  /** A project directory: its `.claude/settings.json` and `.claude/settings.local.json`. */
  project?: string;
  /** With `project`: which layers load (default `project`, `local`). */
  sources?: ('user' | 'project' | 'local' | 'managed')[];
  /** One settings object (source kind `inline`). */
  inline?: Record<string, unknown>;
  /** Settings objects per layer. */
  layers?: {
    user?: Record<string, unknown>;
    project?: Record<string, unknown>;
    local?: Record<string, unknown>;
    managed?: Record<string, unknown>;
  };
}

/** One case: a call and what the policy must decide. @public */
export interface PolicyTestCase {
  name?: string;
  /** `{ tool, input }` or the shorthand `Tool(content)`. */
  call: ToolCall | string;
  expect: Behavior;
  /** The deciding rule's text, when it must be a particular rule. */
  rule?: string;
  /** The decision's reason kind. */
  reason?: ReasonKind;
  askKind?: AskKind;
  /** Mode for this case (default: the file's mode). */
  mode?: PermissionMode | 'manual';
  cwd?: string;
}

/** A policy test file (`*.policy-test.json`), as described by `schemas/policy-test.schema.json`. @public */
export interface PolicyTestDocument {
  $schema?: string;
  name?: string;
  description?: string;
  settings: PolicyTestSettings;
  /** Only `claude-code` for now. */
  dialect?: 'claude-code';
  /** Default `default`. */
  mode?: PermissionMode | 'manual';
  cwd?: string;
  home?: string;
  platform?: Platform;
  projectTrusted?: boolean;
  /** Check the settings files' `$toolgate.examples` too (default true). */
  examples?: boolean;
  cases: PolicyTestCase[];
}

/** The outcome of one case. @public */
export interface PolicyCaseResult {
  index: number;
  /** The case's name, or the call in shorthand. */
  name: string;
  status: 'pass' | 'fail' | 'error';
  call?: ToolCall;
  expected: { behavior: Behavior; rule?: string; reason?: ReasonKind; askKind?: AskKind };
  decision?: Decision;
  /** Why it failed: what differed, then the whole trace. */
  message?: string;
}

/** What running one policy test file gave. @public */
export interface PolicyTestReport {
  /** The test file (absent for an object run directly). */
  file?: string;
  name: string;
  cases: PolicyCaseResult[];
  examples: RuleExampleResult[];
  /** Problems with the test file or its settings that stop it from running (each counts as a failure). */
  errors: Diagnostic[];
  /** Settings diagnostics (warnings, infos) seen while loading, for context. */
  settingsDiagnostics: Diagnostic[];
  passed: number;
  failed: number;
  /** How long the file took, in milliseconds. */
  durationMs: number;
}
