/**
 * biu's decision order as named steps (biu docs, "Decision order"): the first step that decides
 * wins.
 * @packageDocumentation
 */
import type { PipelineStep, EvalState } from '../../evaluate/index.js';
import { decide, pass, ruleRef } from '../../evaluate/index.js';
import { normalizePath, type NormalizeOptions } from '../../paths/index.js';
import { toolFamily } from '../../rules/index.js';
import { analyzeShell, isReadOnlyCommand } from '../../shell/index.js';
import type { CompiledRule } from '../../settings/types.js';
import { memo } from '../shared/glob.js';
import { inputOf } from '../shared/input.js';
import { expandProjectRoot, pathInWorkingPath } from './paths.js';
import { matchPromptToCommand } from './prompts.js';
import {
  BIU_EDIT_TOOLS,
  BIU_PATH_TOOLS,
  BIU_READ_TOOLS,
  biuCommandOf,
  biuPathOf,
  biuToolMatches,
  canonicalBiuTool,
  matchBiuRule,
  parseBiuRule,
  type BiuRule,
} from './rules.js';
import { biuDestructiveWarning } from './warnings.js';

/** What biu's steps know about one call, worked out once. */
interface BiuView {
  tool: string;
  input: Record<string, unknown>;
  norm: NormalizeOptions;
  readOnly: boolean;
  destructive: boolean;
  /** Absolute target path of a path-based tool, when it names one. */
  path?: string;
  /** Working directories; empty means the gate is open (biu with no working directory set). */
  workingDirs: string[];
}

const views = new WeakMap<EvalState, BiuView>();
const parsed = memo((text: string) => parseBiuRule(text));

function biuRule(cr: CompiledRule): BiuRule | undefined {
  const r = parsed(cr.rule.text);
  return r.ok ? r.rule : undefined;
}

function flagsOf(state: EvalState): Record<string, unknown> | undefined {
  const f = inputOf(state, 'flags');
  return f !== null && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : undefined;
}

function viewOf(state: EvalState): BiuView {
  const cached = views.get(state);
  if (cached) return cached;
  const tool = canonicalBiuTool(state.call.tool);
  const input = state.call.input;
  const norm: NormalizeOptions = { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform };
  const flags = flagsOf(state);
  const command = tool === 'Bash' ? biuCommandOf(input) : undefined;
  let readOnly: boolean;
  let destructive: boolean;
  if (flags) {
    readOnly = flags['isReadOnly'] === true;
    destructive = flags['isDestructive'] === true;
  } else {
    destructive = command !== undefined && biuDestructiveWarning(command) !== '';
    if (BIU_READ_TOOLS.includes(tool)) readOnly = true;
    else if (tool === 'Bash') readOnly = command !== undefined && isReadOnlyCommand(analyzeShell(command), { set: 'claudeCode' }).readOnly;
    else readOnly = toolFamily(tool) === 'interaction' && tool !== 'Agent' && tool !== 'EnterPlanMode';
  }
  const raw = BIU_PATH_TOOLS.includes(tool) ? biuPathOf(input) : undefined;
  const view: BiuView = { tool, input, norm, readOnly, destructive, workingDirs: workingDirsOf(state) };
  if (raw !== undefined) view.path = normalizePath(raw, norm);
  views.set(state, view);
  return view;
}

/** Working directories: startup directory + additionalDirectories (`${PROJECT_ROOT}` expanded) + session directories. */
function workingDirsOf(state: EvalState): string[] {
  const ctx = state.ctx;
  const norm = (p: string) => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform: state.env.platform });
  if (ctx.workingDirectories !== undefined) return ctx.workingDirectories.map(norm);
  const root = ctx.projectDir ?? ctx.cwd;
  const dirs = inputOf(state, 'workingDirectoryGate') === false ? [] : [ctx.cwd];
  for (const d of ctx.policy.additionalDirectories) dirs.push(expandProjectRoot(d.value, root));
  for (const d of ctx.session?.directories ?? []) dirs.push(d);
  return dirs.map(norm);
}

function matching(state: EvalState, rules: readonly CompiledRule[]): CompiledRule | undefined {
  const v = viewOf(state);
  return rules.find((cr) => {
    const rule = biuRule(cr);
    return rule !== undefined && matchBiuRule(rule, v.tool, v.input, v.norm);
  });
}

const isPlanSwitch = (tool: string) => tool === 'EnterPlanMode' || tool === 'ExitPlanMode';

/** 1. bypassPermissions allows everything. @public */
export const biuBypass: PipelineStep = {
  name: 'bypass',
  run(state) {
    if (state.mode !== 'bypassPermissions') return pass(state, 'bypass', 'not in bypassPermissions');
    return decide(state, 'bypass', 'allow', 'mode', 'bypassPermissions allows every call');
  },
};

/** 2. Plan mode denies every call that is not read-only; EnterPlanMode and ExitPlanMode are exempt. @public */
export const biuPlanReadOnly: PipelineStep = {
  name: 'planReadOnly',
  run(state) {
    if (state.mode !== 'plan') return pass(state, 'planReadOnly', 'not in plan mode');
    const v = viewOf(state);
    if (isPlanSwitch(v.tool)) return pass(state, 'planReadOnly', `${v.tool} switches plan mode and is exempt`);
    if (v.readOnly) return pass(state, 'planReadOnly', `${v.tool} is a read-only tool`);
    return decide(state, 'planReadOnly', 'deny', 'mode', `plan mode denies ${v.tool}: it is not read-only`);
  },
};

function sameInput(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/**
 * 3. The session's "always allow" cache: a call whose tool and input equal a remembered one is
 * allowed (`dialectInput.sessionGrants: { tool, input }[]`).
 * @public
 */
export const biuSessionGrants: PipelineStep = {
  name: 'sessionGrants',
  run(state) {
    const grants = inputOf(state, 'sessionGrants');
    if (!Array.isArray(grants)) return pass(state, 'sessionGrants', 'no session grants');
    const v = viewOf(state);
    const hit = grants.find(
      (g: unknown) =>
        g !== null &&
        typeof g === 'object' &&
        typeof (g as { tool?: unknown }).tool === 'string' &&
        canonicalBiuTool((g as { tool: string }).tool) === v.tool &&
        sameInput((g as { input?: unknown }).input, v.input),
    );
    if (hit) return decide(state, 'sessionGrants', 'allow', 'sessionGrant', `${v.tool} with this input was always-allowed in this session`);
    return pass(state, 'sessionGrants', `no session grant for this ${v.tool} call (${grants.length} checked)`);
  },
};

/** The text an allowed prompt is matched against: the command, or the call's path / pattern / url / query. */
function promptSubject(v: BiuView): string | undefined {
  if (v.tool === 'Bash') return biuCommandOf(v.input);
  for (const k of ['file_path', 'path', 'pattern', 'url', 'query', 'command']) {
    const x = v.input[k];
    if (typeof x === 'string') return x;
  }
  return undefined;
}

/**
 * 4. Plan-approved `allowedPrompts` (`dialectInput.allowedPrompts: { tool, prompt }[]`) allow a
 * call they cover, unless a deny rule matches it.
 * @public
 */
export const biuAllowedPrompts: PipelineStep = {
  name: 'allowedPrompts',
  run(state) {
    const prompts = inputOf(state, 'allowedPrompts');
    if (!Array.isArray(prompts) || prompts.length === 0) return pass(state, 'allowedPrompts', 'no plan-approved prompts');
    const v = viewOf(state);
    const subject = promptSubject(v);
    if (subject === undefined) return pass(state, 'allowedPrompts', 'the call has nothing a prompt can describe');
    const hit = prompts.find(
      (p: unknown) =>
        p !== null &&
        typeof p === 'object' &&
        typeof (p as { prompt?: unknown }).prompt === 'string' &&
        typeof (p as { tool?: unknown }).tool === 'string' &&
        biuToolMatches((p as { tool: string }).tool, v.tool) &&
        matchPromptToCommand((p as { prompt: string }).prompt, subject),
    ) as { prompt: string } | undefined;
    if (!hit) return pass(state, 'allowedPrompts', 'no plan-approved prompt covers the call');
    const denied = matching(state, [...state.index.bareDeny, ...state.index.deny]);
    if (denied)
      return pass(
        state,
        'allowedPrompts',
        `the plan-approved prompt "${hit.prompt}" covers the call, but the deny rule ${denied.rule.text} matches`,
      );
    return decide(state, 'allowedPrompts', 'allow', 'planApproval', `covered by the plan-approved prompt "${hit.prompt}"`);
  },
};

/** 5. Deny rules (from any layer) deny. @public */
export const biuDenyRules: PipelineStep = {
  name: 'denyRules',
  run(state) {
    const cr = matching(state, [...state.index.bareDeny, ...state.index.deny]);
    if (cr) return decide(state, 'denyRules', 'deny', 'rule', `denied by ${cr.rule.text}`, { rule: ruleRef(cr) });
    return pass(state, 'denyRules', 'no deny rule matches');
  },
};

/** 6. Ask rules ask, in every mode but bypassPermissions (which decided earlier). @public */
export const biuAskRules: PipelineStep = {
  name: 'askRules',
  run(state) {
    const cr = matching(state, state.index.ask);
    if (cr) return decide(state, 'askRules', 'ask', 'rule', `ask rule ${cr.rule.text}`, { rule: ruleRef(cr), askKind: 'firm' });
    return pass(state, 'askRules', 'no ask rule matches');
  },
};

/**
 * The working-directory gate: a path-based tool (Read, Glob, Grep, Edit, Write, MultiEdit,
 * NotebookEdit, NotebookRead) whose target is outside every working directory asks, even where an
 * allow rule or the mode would have allowed it. No working directory at all leaves the gate open.
 * @public
 */
export const biuWorkingDirectoryGate: PipelineStep = {
  name: 'workingDirectoryGate',
  run(state) {
    const v = viewOf(state);
    if (v.path === undefined) return pass(state, 'workingDirectoryGate', 'not a path-based call with a target');
    if (v.workingDirs.length === 0) return pass(state, 'workingDirectoryGate', 'no working directory is set: the gate is open');
    if (v.workingDirs.some((w) => pathInWorkingPath(v.path!, w, state.env.platform)))
      return pass(state, 'workingDirectoryGate', `${v.path} is inside a working directory`);
    return decide(state, 'workingDirectoryGate', 'ask', 'outsideWorkingDirectory', `${v.path} is outside the working directories`, {
      blockedPath: v.path,
    });
  },
};

/** 7. Allow rules allow. @public */
export const biuAllowRules: PipelineStep = {
  name: 'allowRules',
  run(state) {
    const cr = matching(state, state.index.allow);
    if (cr) return decide(state, 'allowRules', 'allow', 'rule', `allowed by ${cr.rule.text}`, { rule: ruleRef(cr) });
    return pass(state, 'allowRules', 'no allow rule matches');
  },
};

/** 8. A read-only, non-destructive call is allowed. @public */
export const biuReadOnly: PipelineStep = {
  name: 'readOnly',
  run(state) {
    const v = viewOf(state);
    if (v.readOnly && !v.destructive) return decide(state, 'readOnly', 'allow', 'readOnly', `${v.tool} is read-only and not destructive`);
    return pass(state, 'readOnly', v.readOnly ? `${v.tool} is destructive` : `${v.tool} is not read-only`);
  },
};

/** 9. acceptEdits allows the editing tools. @public */
export const biuAcceptEdits: PipelineStep = {
  name: 'acceptEdits',
  run(state) {
    const v = viewOf(state);
    if (state.mode === 'acceptEdits' && BIU_EDIT_TOOLS.includes(v.tool))
      return decide(state, 'acceptEdits', 'allow', 'mode', `acceptEdits allows ${v.tool}`);
    return pass(state, 'acceptEdits', state.mode === 'acceptEdits' ? `${v.tool} is not an editing tool` : 'not in acceptEdits');
  },
};

/** 10. dontAsk denies what would ask. @public */
export const biuDontAsk: PipelineStep = {
  name: 'dontAsk',
  run(state) {
    if (state.mode === 'dontAsk') return decide(state, 'dontAsk', 'deny', 'mode', 'dontAsk denies what would ask');
    return pass(state, 'dontAsk', 'not in dontAsk');
  },
};

/** 11. Everything else asks. @public */
export const biuAsk: PipelineStep = {
  name: 'ask',
  run(state) {
    return decide(state, 'ask', 'ask', 'toolDefault', `${viewOf(state).tool} asks by default`);
  },
};

/** biu's steps in order. @public */
export const BIU_STEPS: readonly PipelineStep[] = [
  biuBypass,
  biuPlanReadOnly,
  biuSessionGrants,
  biuAllowedPrompts,
  biuDenyRules,
  biuAskRules,
  biuWorkingDirectoryGate,
  biuAllowRules,
  biuReadOnly,
  biuAcceptEdits,
  biuDontAsk,
  biuAsk,
];
