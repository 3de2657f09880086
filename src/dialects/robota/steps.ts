/**
 * robota's evaluation order as named steps (robota docs, "Evaluation Algorithm"): deny list,
 * ceiling, peer turns, unevaluable deny, never auto-approved, ask for everything,
 * bypassPermissions, allow list, mode policy. The first step that decides wins.
 * @packageDocumentation
 */
import type { AskKind, Decision, ReasonKind } from '../../core/types.js';
import type { EvalState, PipelineStep } from '../../evaluate/index.js';
import { decide, pass, ruleRef, shellWrites } from '../../evaluate/index.js';
import { isInsideAny, normalizePath, protectedPathMatch } from '../../paths/index.js';
import { analyzeShell, criticalRemovals, isReadOnlyCommand, shellPathEffects } from '../../shell/index.js';
import type { ShellAnalysis } from '../../shell/types.js';
import type { CompiledRule } from '../../settings/types.js';
import { memo } from '../shared/glob.js';
import { inputOf, stringList } from '../shared/input.js';
import { isBroadExecutionAllowRule } from './auto-mode.js';
import {
  matchRobotaContent,
  parseRobotaRule,
  robotaCanonicalPath,
  robotaProfiles,
  robotaToolMatches,
  type RobotaMatch,
  type RobotaProfiles,
  type RobotaRule,
} from './rules.js';

const SHELL_TOOLS = new Set(['Bash', 'Shell']);
const parsed = memo((text: string) => parseRobotaRule(text));

function robotaRule(text: string): RobotaRule | undefined {
  const r = parsed(text);
  return r.ok ? r.rule : undefined;
}

/**
 * The tool profiles of a call: the host's declarations (`dialectInput.toolProfiles`) over the
 * built-in ones. No memo: the profiles are a lookup that reads the declarations when asked, so
 * making one costs nothing and a host's change to its object is seen on the next call.
 */
function profilesOf(state: EvalState): RobotaProfiles {
  return robotaProfiles(inputOf(state, 'toolProfiles'));
}

/** The working directory a pattern is matched in; `noCwd` when the caller has none (`dialectInput.noCwd`). */
function matchEnv(state: EvalState): { cwd: string; home: string; noCwd: boolean; profiles: RobotaProfiles } {
  return { cwd: state.ctx.cwd, home: state.ctx.home, noCwd: inputOf(state, 'noCwd') === true, profiles: profilesOf(state) };
}

/** What the steps know about one call. */
interface RobotaView {
  tool: string;
  input: Record<string, unknown>;
  command?: string;
  analysis?: ShellAnalysis;
  /** The call is read-only: an inspect tool, or a command in the read-only set. */
  readOnly: boolean;
  risk?: 'inspect' | 'modify' | 'execute';
  /** File path of a file tool, canonical. */
  path?: string;
  unevaluableDeny?: { cr: CompiledRule; why: string };
}

const views = new WeakMap<EvalState, RobotaView>();

function riskOf(state: EvalState, tool: string): RobotaView['risk'] {
  const declared = inputOf(state, 'riskClasses');
  if (declared !== null && typeof declared === 'object' && Object.prototype.hasOwnProperty.call(declared, tool)) {
    const r = (declared as Record<string, unknown>)[tool];
    if (r === 'inspect' || r === 'modify' || r === 'execute') return r;
  }
  return profilesOf(state)(tool)?.risk;
}

function viewOf(state: EvalState): RobotaView {
  const cached = views.get(state);
  if (cached) return cached;
  const tool = state.call.tool;
  const input = state.call.input;
  const view: RobotaView = { tool, input, readOnly: false };
  const risk = riskOf(state, tool);
  if (risk !== undefined) view.risk = risk;
  const profile = profilesOf(state)(tool);
  if (SHELL_TOOLS.has(tool) || profile?.match === 'command') {
    const c = input['command'];
    if (typeof c === 'string') {
      view.command = c;
      view.analysis = state.facts.kind === 'shell' && state.facts.command === c ? state.facts.analysis : analyzeShell(c);
      if (SHELL_TOOLS.has(tool)) view.readOnly = shellIsReadOnly(state, view.analysis, input);
    }
  } else if (profile?.match === 'path') {
    const p = input[profile.primaryField ?? 'filePath'] ?? input['file_path'] ?? input['path'];
    if (typeof p === 'string' && p !== '') view.path = robotaCanonicalPath(p, state.ctx.cwd, state.ctx.home);
    view.readOnly = risk === 'inspect';
  } else {
    view.readOnly = risk === 'inspect';
  }
  views.set(state, view);
  return view;
}

/**
 * robota's read-only command check for a whole line: every part in the read-only set with none
 * of its disqualifiers, every path it reads inside the working directories (lexically, and
 * through the FS view's real paths when there is one), and no `workingDirectory` other than the
 * session's (robota docs, "Read-only commands").
 */
function shellIsReadOnly(state: EvalState, analysis: ShellAnalysis, input: Record<string, unknown>): boolean {
  const wd = input['workingDirectory'];
  if (
    wd !== undefined &&
    (typeof wd !== 'string' ||
      normalizePath(wd, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform }) !== state.ctx.cwd)
  )
    return false;
  if (!isReadOnlyCommand(analysis, { set: 'robota' }).readOnly) return false;
  // The call's own facts know the environment the command runs in (CDPATH); another line is read without it.
  const { effects } =
    state.facts.kind === 'shell' && state.facts.analysis === analysis
      ? state.facts
      : shellPathEffects(analysis, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform });
  for (const e of effects) {
    if (e.op !== 'read' || !e.literal) return false;
    const real = state.ctx.fs?.realpath(e.path);
    if (!isInsideAny(e.path, state.workingDirectories)) return false;
    if (
      real !== undefined &&
      !isInsideAny(
        normalizePath(real, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform }),
        state.workingDirectories,
      )
    )
      return false;
  }
  return true;
}

/**
 * How a deny or ask rule relates to the call. For a command, every part is tried (compound
 * commands, substitutions) and the whole line; a line with parts that cannot be read is
 * unevaluable for a rule with a command pattern.
 */
function restrictive(state: EvalState, rule: RobotaRule): RobotaMatch {
  const v = viewOf(state);
  if (!robotaToolMatches(rule, v.tool, profilesOf(state))) return 'none';
  if (rule.kind !== 'content' || v.analysis === undefined || v.command === undefined) {
    return matchRobotaContent(rule, v.tool, v.input, matchEnv(state));
  }
  const texts = [v.command.trim(), ...v.analysis.commands.map((c) => c.argv.join(' '))];
  for (const t of texts) if (matchRobotaContent(rule, v.tool, v.input, matchEnv(state), t) === 'match') return 'match';
  return v.analysis.unknown.length > 0 ? 'unevaluable' : 'none';
}

/** Ask, turned into deny where robota denies an approve: in plan mode for a call that is not read-only, and with no approver. */
function approve(
  state: EvalState,
  step: string,
  reason: ReasonKind,
  message: string,
  extra: { rule?: CompiledRule; askKind?: AskKind; blockedPath?: string } = {},
): Decision {
  const v = viewOf(state);
  const ref = extra.rule ? { rule: ruleRef(extra.rule) } : {};
  const blocked = extra.blockedPath !== undefined ? { blockedPath: extra.blockedPath } : {};
  if (state.mode === 'plan' && !v.readOnly)
    return decide(state, step, 'deny', reason, `${message}; plan mode denies what would ask for a call that is not read-only`, {
      ...ref,
      ...blocked,
    });
  if (state.mode === 'dontAsk')
    return decide(state, step, 'deny', reason, `${message}; dontAsk denies what would ask`, { ...ref, ...blocked });
  if (inputOf(state, 'approver') === false)
    return decide(state, step, 'deny', reason, `${message}; there is no approver, so it is denied`, { ...ref, ...blocked });
  return decide(state, step, 'ask', reason, message, { ...ref, ...blocked, askKind: extra.askKind ?? 'plain' });
}

/**
 * Does a deny or ask pattern that does not parse bear on `tool`? Its tool is the text before `(` when that
 * is a tool name (a glob counts); when no tool name can be read, it bears on every tool.
 */
function unparsedDenyTool(text: string, tool: string): boolean {
  const name = /^\s*([A-Za-z0-9_.*-]+)\s*(?:\(|$)/.exec(text)?.[1];
  if (name === undefined) return true;
  return name.includes('*') ? new RegExp(`^${name.replace(/[.+^${}()|[\]\\-]/g, '\\$&').replace(/\*/g, '.*')}$`).test(tool) : name === tool;
}

/** 1. Deny list: a matching deny pattern denies. @public */
export const robotaDenyList: PipelineStep = {
  name: 'denyList',
  run(state) {
    const v = viewOf(state);
    for (const cr of [...state.index.bareDeny, ...state.index.deny]) {
      const rule = robotaRule(cr.rule.text);
      if (!rule) {
        if (!v.unevaluableDeny && unparsedDenyTool(cr.rule.text, v.tool))
          v.unevaluableDeny = { cr, why: `the deny pattern ${cr.rule.text} does not parse, so it cannot be evaluated for ${v.tool}` };
        continue;
      }
      if (rule.primaryParam) continue;
      const m = restrictive(state, rule);
      if (m === 'match') return decide(state, 'denyList', 'deny', 'rule', `denied by ${cr.rule.text}`, { rule: ruleRef(cr) });
      if (m === 'unevaluable' && !v.unevaluableDeny)
        v.unevaluableDeny = { cr, why: `the deny pattern ${cr.rule.text} cannot be evaluated for this call` };
    }
    return pass(state, 'denyList', 'no deny pattern matches');
  },
};

/**
 * The allow-side match: a command must be one simple command the pattern covers whole (robota
 * issue #2427), or the whole line written out verbatim in a pattern with no wildcard.
 */
function allowMatch(state: EvalState, rule: RobotaRule): boolean {
  const v = viewOf(state);
  if (!robotaToolMatches(rule, v.tool, profilesOf(state))) return false;
  if (rule.kind === 'param') return false;
  if (rule.kind === 'content' && v.command !== undefined && !rule.content!.includes('*') && rule.content === v.command.trim()) return true;
  if (rule.kind === 'content' && v.analysis !== undefined) {
    const a = v.analysis;
    if (a.unknown.length > 0 || a.hasSubstitution || a.commands.length !== 1 || a.redirects.some((r) => r.kind === 'file')) return false;
  }
  return matchRobotaContent(rule, v.tool, v.input, matchEnv(state)) === 'match';
}

/**
 * 2. Ceiling: a background task's or sub-agent's allow list (`dialectInput.ceiling`, patterns).
 * A call outside it is denied in every mode.
 * @public
 */
export const robotaCeiling: PipelineStep = {
  name: 'ceiling',
  run(state) {
    const ceiling = stringList(inputOf(state, 'ceiling'));
    if (ceiling === undefined) return pass(state, 'ceiling', 'no ceiling');
    const inside = ceiling.some((text) => {
      const rule = robotaRule(text);
      return rule !== undefined && allowMatch(state, rule);
    });
    if (inside) return pass(state, 'ceiling', 'the call is inside the ceiling');
    return decide(state, 'ceiling', 'deny', 'rule', `${state.call.tool} is outside the caller's ceiling (${ceiling.length} patterns)`);
  },
};

/**
 * 3. Peer turns (`dialectInput.peerTurn`): `peer_reply` is denied outside a turn a peer's message
 * started, `peer_send_file` inside one.
 * @public
 */
export const robotaPeerTurn: PipelineStep = {
  name: 'peerTurn',
  run(state) {
    const peer = inputOf(state, 'peerTurn') === true;
    if (state.call.tool === 'peer_reply' && !peer)
      return decide(state, 'peerTurn', 'deny', 'rule', 'peer_reply answers a peer only inside a turn a peer started');
    if (state.call.tool === 'peer_send_file' && peer)
      return decide(state, 'peerTurn', 'deny', 'rule', 'peer_send_file is not allowed inside a peer turn');
    return pass(state, 'peerTurn', peer ? "a peer turn: decided like the session's own calls" : 'not a peer turn');
  },
};

/** 4. A deny pattern that cannot be evaluated for the call asks (deny in plan mode). @public */
export const robotaUnevaluableDeny: PipelineStep = {
  name: 'unevaluableDeny',
  run(state) {
    const u = viewOf(state).unevaluableDeny;
    if (!u) return pass(state, 'unevaluableDeny', 'every deny pattern could be evaluated');
    if (state.mode === 'plan')
      return decide(state, 'unevaluableDeny', 'deny', 'shellUnknown', `${u.why}; plan mode denies`, { rule: ruleRef(u.cr) });
    return approve(state, 'unevaluableDeny', 'shellUnknown', u.why, { rule: u.cr, askKind: 'firm' });
  },
};

/**
 * A parameter rule on the primary field of the call's tool asks on every call of it, firmly — an
 * ask pattern and a deny pattern alike (step 5 reads both lists).
 */
function primaryFieldAsk(state: EvalState, cr: CompiledRule, rule: RobotaRule | undefined): Decision | undefined {
  if (!rule?.primaryParam || !robotaToolMatches(rule, viewOf(state).tool, profilesOf(state))) return undefined;
  return approve(state, 'neverAutoApproved', 'rule', `${cr.rule.text} is a parameter rule on the primary field: it asks on every call`, {
    rule: cr,
    askKind: 'firm',
  });
}

/**
 * 5. Never auto-approved, in every mode (bypassPermissions included): an ask pattern, a parameter
 * rule on a primary field, removing a critical path with rm/rmdir, a write into the protected
 * list.
 * @public
 */
export const robotaNeverAutoApproved: PipelineStep = {
  name: 'neverAutoApproved',
  run(state) {
    const v = viewOf(state);
    for (const cr of state.index.ask) {
      const rule = robotaRule(cr.rule.text);
      // An ask pattern that does not parse asks for every call of its tool, as a deny pattern does (step 4).
      if (!rule) {
        if (unparsedDenyTool(cr.rule.text, v.tool))
          return approve(
            state,
            'neverAutoApproved',
            'rule',
            `the ask pattern ${cr.rule.text} does not parse, so it cannot be evaluated for ${v.tool}`,
            { rule: cr, askKind: 'firm' },
          );
        continue;
      }
      const primary = primaryFieldAsk(state, cr, rule);
      if (primary !== undefined) return primary;
      const m = restrictive(state, rule);
      if (m !== 'none')
        return approve(
          state,
          'neverAutoApproved',
          'rule',
          `ask pattern ${cr.rule.text}${m === 'unevaluable' ? ' may match' : ' matches'}`,
          { rule: cr, askKind: 'firm' },
        );
    }
    for (const cr of [...state.index.bareDeny, ...state.index.deny]) {
      const primary = primaryFieldAsk(state, cr, robotaRule(cr.rule.text));
      if (primary !== undefined) return primary;
    }
    const platform = state.env.platform;
    const norm = { cwd: state.ctx.cwd, home: state.ctx.home, platform };
    const writes: string[] = [];
    if (v.analysis !== undefined && SHELL_TOOLS.has(v.tool)) {
      const critical = criticalRemovals(v.analysis, { ...norm, workingDirectories: state.workingDirectories });
      if (critical.length > 0)
        return approve(state, 'neverAutoApproved', 'criticalRemoval', `removes a critical path: ${critical.join(', ')}`, {
          askKind: 'firm',
        });
      for (const w of shellWrites(shellPathEffects(v.analysis, norm).effects, (p) => protectedPathMatch(p, state.protectedSpec)))
        writes.push(w.path);
    }
    if (v.path !== undefined && v.risk !== 'inspect') writes.push(normalizePath(v.path, norm));
    for (const p of writes) {
      const hit = protectedPathMatch(p, state.protectedSpec);
      if (hit !== undefined)
        return approve(state, 'neverAutoApproved', 'protectedPath', `writes into the protected path ${p} (${hit})`, {
          askKind: 'protected',
          blockedPath: p,
        });
    }
    return pass(state, 'neverAutoApproved', 'no ask pattern, critical removal or protected write');
  },
};

/** 6. A caller that routes every remaining call to a person (`dialectInput.askAll`) gets an ask. @public */
export const robotaAskForEverything: PipelineStep = {
  name: 'askForEverything',
  run(state) {
    if (inputOf(state, 'askAll') === true) return approve(state, 'askForEverything', 'mode', 'the caller asks a person for every call');
    return pass(state, 'askForEverything', 'the caller does not ask for everything');
  },
};

/** 7. bypassPermissions runs the call. @public */
export const robotaBypass: PipelineStep = {
  name: 'bypassPermissions',
  run(state) {
    if (state.mode === 'bypassPermissions') return decide(state, 'bypassPermissions', 'allow', 'mode', 'bypassPermissions runs the call');
    return pass(state, 'bypassPermissions', 'not in bypassPermissions');
  },
};

/** 8. Allow list: a matching allow pattern runs the call; in auto mode broad execution rules are set aside. @public */
export const robotaAllowList: PipelineStep = {
  name: 'allowList',
  run(state) {
    let setAside = 0;
    for (const cr of state.index.allow) {
      const rule = robotaRule(cr.rule.text);
      if (!rule || rule.kind === 'param') continue;
      if (rule.toolIsGlob && !/__/.test(rule.tool.slice(0, rule.tool.indexOf('*')))) continue;
      if (state.mode === 'auto' && isBroadExecutionAllowRule(cr.rule.text)) {
        setAside++;
        continue;
      }
      if (allowMatch(state, rule)) return decide(state, 'allowList', 'allow', 'rule', `allowed by ${cr.rule.text}`, { rule: ruleRef(cr) });
    }
    return pass(state, 'allowList', `no allow pattern matches${setAside > 0 ? ` (${setAside} broad rules set aside in auto mode)` : ''}`);
  },
};

/**
 * 9. Mode policy: the call's risk class in the mode matrix. inspect runs in every mode; modify
 * runs in acceptEdits and auto (inside the working directories) and asks in default; execute
 * asks (auto: the classifier judges). A shell command the OS sandbox confines runs in default,
 * acceptEdits and auto when sandbox auto-allow is on (`dialectInput.sandboxAutoApproved`). A tool
 * with no risk class asks. Plan mode denies what would ask for anything but a read-only call.
 * @public
 */
export const robotaModePolicy: PipelineStep = {
  name: 'modePolicy',
  run(state) {
    const v = viewOf(state);
    const mode = state.mode;
    if (v.readOnly)
      return decide(
        state,
        'modePolicy',
        'allow',
        'readOnly',
        `${v.command !== undefined ? 'a read-only command' : `${v.tool} only inspects`}: runs in every mode`,
      );
    if (
      SHELL_TOOLS.has(v.tool) &&
      inputOf(state, 'sandboxAutoApproved') === true &&
      (mode === 'default' || mode === 'acceptEdits' || mode === 'auto')
    ) {
      return decide(state, 'modePolicy', 'allow', 'mode', 'the OS sandbox confines the command and sandbox auto-allow is on');
    }
    if (v.risk === undefined) return approve(state, 'modePolicy', 'toolDefault', `${v.tool} has no declared risk class`);
    if (v.risk === 'modify' && (mode === 'acceptEdits' || mode === 'auto')) {
      if (v.path === undefined || isInsideAny(v.path, state.workingDirectories))
        return decide(state, 'modePolicy', 'allow', 'mode', `${mode}: ${v.tool} changes a file inside the working directories`);
      return approve(state, 'modePolicy', 'outsideWorkingDirectory', `${v.tool} changes ${v.path}, outside the working directories`, {
        blockedPath: v.path,
      });
    }
    if (mode === 'auto') return approve(state, 'modePolicy', 'classifier', `auto: the classifier judges this ${v.risk} call`);
    return approve(state, 'modePolicy', 'toolDefault', `${v.tool} (${v.risk}) asks in ${mode}`);
  },
};

/** robota's steps in order. @public */
export const ROBOTA_STEPS: readonly PipelineStep[] = [
  robotaDenyList,
  robotaCeiling,
  robotaPeerTurn,
  robotaUnevaluableDeny,
  robotaNeverAutoApproved,
  robotaAskForEverything,
  robotaBypass,
  robotaAllowList,
  robotaModePolicy,
];
