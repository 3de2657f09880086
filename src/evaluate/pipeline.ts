import type { PermissionMode, Step, ToolCall } from '../core/types.js';
import { escapeRuleContent, hostOfUrl } from '../rules/index.js';
import { isInside, isInsideAny, normalizePath, protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import { writtenNames } from '../paths/real.js';
import {
  protectedPathBelow,
  protectedPathStartingWith,
  protectedUnderConfigHome,
  protectedWithFolders,
  STARTUP_FOLDER_LIST_VARIABLES,
  STARTUP_FOLDER_VARIABLES,
} from '../paths/protected.js';
import { commandDirectories } from '../shell/effects/path-effects.js';
import { criticalRemovals, acceptEditsCommand } from '../shell/index.js';
import type { PathEffect, SimpleCommand } from '../shell/types.js';
import { repositoryFilledInto, repositoryWrittenInto } from '../shell/programs/git/layout.js';
import { gitObjectPaths, gitTracksBelow } from '../shell/programs/git/takes.js';
import { gitOrderFile } from '../shell/programs/git/world.js';
import { movedWorkTree } from '../shell/programs/git/work-tree.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import type { CompiledRule } from '../settings/types.js';
import { callFacts, globBase, shellWrites, touchedPaths, type CallFacts, type FactsContext, type ShellWrite } from './facts.js';
import { firstUserReadDeny, indexPolicy, rulesForTool } from './policy-index.js';
import { restrictiveCandidates, shellPathCandidates } from './path-rule-filter.js';
import {
  allowCandidates,
  allowCovers,
  allowText,
  partsToCover,
  patternCoversCommand,
  restrictiveMatch,
  type MatchEnv,
} from './rule-match.js';
import { commandRuleCandidates, consentCandidates, coveringRule } from './bash-rule-index.js';
import { isBroadAllow } from './broad-allow.js';
import { readAfterCd, writesWithCd } from './cd-relative-reads.js';
import { decide, fixedPass, holdAsk, pass, passFixed, passOwnText, ruleRef } from './state.js';
import { changesDirectoryTwice, shellReadOnly, type ShellReadOnly } from './shell-read-only.js';
import { readsOutside } from './reads-outside.js';
import { writesOutside } from './writes-outside.js';
import { credentialsInForce, sandboxCredentials } from './credentials.js';
import { isPlanFile } from './plan-file.js';

export { isPlanFile };
import { protectedNames, type ProtectedNames } from './protected-names.js';
import { globMatches, newBudget, type Budget } from './fs-reach.js';
import { outsideThroughLinks } from './through-links.js';
import { keptLinkWrites } from './kept-link-writes.js';
import { userInteraction } from './user-interaction.js';
import type { Dialect, EvalState, EvaluationContext, PipelineStep, StepResult } from './types.js';
import { gitAfterCd } from './git-after-cd.js';
import { consentFor, isBuiltInRule, opaqueParts } from './opaque-code.js';
import { markStartupCode } from './startup-code.js';
import { suggestedCommandRule } from './suggestions.js';
import { braceAlternatives, globMayHitAny, hasGlob } from './glob-overlap.js';
import {
  powerShellAllow,
  powerShellCriticalRemovals,
  powerShellReadOnly,
  powerShellRestrictive,
  powerShellTouches,
  powerShellUnknownWrite,
} from './powershell.js';
import { environmentValue, shellOf } from './shell-world.js';
import type { PreparedContext, PreparedProtectedSpec } from './prepared.js';
import { configFileReasons } from './program-config.js';
import { removalsThroughLinks } from './removal-links.js';
import { kustomizationReads } from './kustomizations.js';
import { listNamedRemovals } from './list-names.js';
import { configNamedWrites } from './config-writes.js';
import { responseFileReads } from './response-files.js';
import { includedFileReads, includedReadWhy } from './include-reads.js';
import { markWritablePrograms } from './path-lookup.js';
import { toolgateCacheDirs, toolgateCacheWrite } from './own-files.js';
import { pythonModuleIn } from './script-imports.js';
import { hookRunnerKeyChange, isPackageJson } from './hook-runner-keys.js';
import { linkedProtected, linkedSettings, linkTargetWrite, type LinkedProtected } from './link-targets.js';
import { gitHooksDirs, gitHooksWrite, ownRepositoryHooks } from './git-hooks-dir.js';
import { readPlaceWrite } from './sourced-files.js';
import { codeBelowWrite } from './code-below.js';
import { callHookCode, codePlaces, codeWriteHit, pathWorld, programPathHit, userReadPlaces } from './code-writes.js';
import { namesWrittenHit, viewMatchHit } from './glob-write-hits.js';
import { gitAutocorrectWrites } from './git-autocorrect.js';
import { markGitHookRuns } from './git-hook-runs.js';
import { markNonPrograms } from './non-programs.js';
import { markFolderEnvironment } from './folder-environment.js';
import { markWordShellCode } from './word-shell-code.js';
import { gitConfigRuns } from './git-config-runs.js';
import { withGitTemplates } from './git-template.js';
import { mayReadAt, readsWhole } from './read-rules.js';
import { SERVE_STATE_RULE, serveStateReach } from './serve-state.js';
import { hardLinkedReadOf } from './hard-link-reads.js';
import { deepDeniedLinks, deniedLinks, deniedLinkUse, rootedDenyRules, rulesMet, type RootedRule } from './denied-links.js';
import { linkLook } from './link-look.js';

// ---------------------------------------------------------------------------------------------
// Steps (Claude Code order: tools removed, deny, ask, critical/protected, allow, what the call
// touches, then the mode).

const WELL_FORMED = fixedPass('validInput', 'input is well-formed');
const NOT_REMOVED = fixedPass('toolRemoved', 'no bare deny rule removes the tool');
const READABLE = fixedPass('unseenShell', 'the command is readable');
const NO_PROTECTED_WRITE = fixedPass('protectedPaths', 'writes no protected path');

export const invalidInput: PipelineStep = {
  name: 'validInput',
  run(state) {
    if (state.facts.kind !== 'invalid') return passFixed(state, WELL_FORMED);
    return decide(state, 'validInput', 'ask', 'invalidInput', `malformed input: ${state.facts.message}`, { askKind: 'firm' });
  },
};

export const toolRemoved: PipelineStep = {
  name: 'toolRemoved',
  run(state) {
    for (const cr of state.index.bareDeny) {
      if (restrictiveMatch(cr, state.call, state.facts, state.env).kind === 'match') {
        return decide(state, 'toolRemoved', 'deny', 'toolRemoved', `${state.call.tool} is removed by the deny rule ${cr.rule.text}`, {
          rule: ruleRef(cr),
        });
      }
    }
    return passFixed(state, NOT_REMOVED);
  },
};

/** {@link rootedDenyRules} of a tool's deny list, found once per list (the rules, not the file system). */
const rootedOf = new WeakMap<readonly CompiledRule[], RootedRule[]>();
function rootedDenyRulesOf(rules: readonly CompiledRule[]): RootedRule[] {
  let r = rootedOf.get(rules);
  if (r === undefined) rootedOf.set(rules, (r = rootedDenyRules(rules)));
  return r;
}

/** The base-name globs the dialect's Grep hands rg to leave out for the user's deny rules (decision 0155). */
function grepLeavesOutOf(state: EvalState): readonly string[] {
  const of = state.dialect.grepToolLeavesOut;
  if (of === undefined) return [];
  const out: string[] = [];
  for (const cr of state.index.deny) {
    if (isBuiltInRule(cr)) continue;
    const g = of(cr.rule);
    if (g !== undefined) out.push(g);
  }
  return out;
}

export function restrictiveStep(list: 'deny' | 'ask'): PipelineStep {
  const name = list === 'deny' ? 'denyRules' : 'askRules';
  /** The step's pass entry by the length of the list (the same text for every policy of that length). */
  const noneMatch: Readonly<Step>[] = [];
  return {
    name,
    run(state) {
      if (list === 'deny') {
        // Built in, before the user's rules: serve's default state directory (decision 0073).
        const reach = serveStateReach(state.call.tool, state.facts, state.ctx.environment, state.ctx.home, state.ctx.fs);
        if (reach !== undefined)
          return decide(
            state,
            name,
            'deny',
            'rule',
            `${reach}: a gated agent may neither read nor write toolgate serve's state, whether or not serve is running`,
            { rule: SERVE_STATE_RULE },
          );
      }
      const all = list === 'deny' ? state.index.deny : state.index.ask;
      const rules = rulesForTool(state.index, list, state.call.tool);
      let hidden: { cr: CompiledRule; detail: string } | undefined;
      let guarded: { cr: CompiledRule; detail: string } | undefined;
      let unseenWrite: { cr: CompiledRule; detail: string } | undefined;
      // A Read or Edit call meets only the path rules whose literal its paths hold (`.pem`); a
      // shell or PowerShell call only the command rules filed under its first words (decision 0027),
      // and a shell call only the path rules whose literal the paths it touches hold.
      const f = state.facts;
      // A Grep on a folder meets every Read rule through the files there (decision 0150).
      const grepsFolder = f.kind === 'read' && state.call.tool === 'Grep' && state.ctx.fs?.isDirectory?.(f.realPath ?? f.path) === true;
      // What the host's Grep leaves out for the user's deny rules (decision 0155).
      const leavesOut = grepsFolder ? grepLeavesOutOf(state) : undefined;
      const picked =
        (grepsFolder ? rules : undefined) ??
        (f.kind === 'read' || f.kind === 'edit' ? restrictiveCandidates(rules, f, state.env) : undefined) ??
        commandRuleCandidates(rules, f, f.kind === 'shell' ? shellPathCandidates(rules, f, state.env) : undefined, state.ctx.fs);
      for (const cr of picked) {
        const psRule = state.facts.kind === 'powershell' && cr.rule.family !== 'bare' && cr.rule.family !== 'param';
        const m = psRule
          ? powerShellRestrictive(cr, state.call, state.facts as Extract<CallFacts, { kind: 'powershell' }>, state.env)
          : restrictiveMatch(
              cr,
              state.call,
              state.facts,
              state.env,
              state.ctx.fs,
              (name) => environmentValue(state.ctx.environment, name) !== null,
              leavesOut,
            );
        if (m.kind === 'match') {
          if (list === 'deny') {
            return decide(state, name, 'deny', 'rule', `denied by ${cr.rule.text}: ${m.detail}`, { rule: ruleRef(cr) });
          }
          return holdAsk(state, name, {
            kind: 'firm',
            reason: 'rule',
            message: `ask rule ${cr.rule.text}: ${m.detail}`,
            rule: ruleRef(cr),
          });
        }
        if (m.kind === 'hidden' && m.opaque === true) {
          // Opaque code under a program rule: the opaque-code table decides at the allow step;
          // toolgate's own built-in rules are no user's program rule.
          if (!isBuiltInRule(cr)) state.opaqueUnder ??= { rule: cr, detail: m.detail };
        } else if (m.kind === 'hidden' && m.guarded === true && list === 'deny') guarded ??= { cr, detail: m.detail };
        else if (m.kind === 'hidden' && m.unseenWrite === true && list === 'deny') unseenWrite ??= { cr, detail: m.detail };
        else if (m.kind === 'hidden' && !hidden) hidden = { cr, detail: m.detail };
      }
      // A denied name that is a link, used by its target's name (RT24-N): matched as the link's name.
      if (
        list === 'deny' &&
        state.ctx.fs !== undefined &&
        (f.kind === 'read' || f.kind === 'edit' || ((f.kind === 'shell' || f.kind === 'powershell') && f.effects.length > 0))
      ) {
        const rooted = rulesMet(rootedDenyRulesOf(rules), f);
        if (rooted.length > 0) {
          const look = {
            view: state.ctx.fs,
            home: state.env.home,
            maySet: (n: string) => environmentValue(state.ctx.environment, n) !== null,
          };
          const links = linkLook(state.ctx.fs);
          const deep = rooted.some((r) => r.deep === true)
            ? () => deepDeniedLinks(rooted, state.env, links, state.workingDirectories)
            : undefined;
          const hit = deniedLinkUse(state.call, f, deniedLinks(rooted, state.env, links), state.env, look, deep);
          if (hit?.guarded === true) guarded ??= { cr: hit.cr, detail: hit.detail };
          else if (hit !== undefined)
            return decide(state, name, 'deny', 'rule', `denied by ${hit.cr.rule.text}: ${hit.detail}`, { rule: ruleRef(hit.cr) });
        }
      }
      // A read of a file with several names: a user's Read deny rule cannot settle it by the name
      // (toolgate's built-in rules match their files by device and inode as well). Once per call.
      if (list === 'deny' && guarded === undefined && hidden === undefined) {
        const cr = firstUserReadDeny(state.index, state.call.tool);
        const why =
          cr !== undefined
            ? hardLinkedReadOf(state.call, f, {
                view: state.ctx.fs,
                home: state.env.home,
                maySet: (n) => environmentValue(state.ctx.environment, n) !== null,
              })
            : undefined;
        if (why !== undefined) guarded = { cr: cr!, detail: why };
      }
      if (hidden) {
        return holdAsk(state, name, {
          kind: 'firm',
          reason: 'shellUnknown',
          message: `${hidden.detail}; the ${list} rule ${hidden.cr.rule.text} could apply to what is hidden`,
          rule: ruleRef(hidden.cr),
        });
      }
      if (guarded && unseenWrite) {
        // A person answers both at once; an exact-command allow answers only the read, a hook's
        // allow only the write: no standing answer holds for both.
        return holdAsk(state, name, {
          kind: 'firm',
          reason: 'shellUnknown',
          message: `${guarded.detail}; the deny rule ${guarded.cr.rule.text} may apply; and ${unseenWrite.detail}; the deny rule ${unseenWrite.cr.rule.text} may apply`,
          rule: ruleRef(guarded.cr),
        });
      }
      if (guarded) {
        // A read that may reach a denied path, which the file-system view cannot settle: a person
        // or an exact-command allow answers it; prefix rules and modes do not.
        return holdAsk(state, name, {
          kind: 'guardedRead',
          reason: 'guardedRead',
          message: `${guarded.detail}; the deny rule ${guarded.cr.rule.text} may apply`,
          rule: ruleRef(guarded.cr),
        });
      }
      if (unseenWrite) {
        // A write that may reach an Edit-denied path, which the file-system view cannot settle:
        // a protected ask (DESIGN, "Which answer for what cannot be seen") — no mode and no allow
        // rule answers it; a person or a hook's allow does.
        return holdAsk(state, name, {
          kind: 'protected',
          reason: 'shellUnknown',
          message: `${unseenWrite.detail}; the deny rule ${unseenWrite.cr.rule.text} may apply`,
          rule: ruleRef(unseenWrite.cr),
        });
      }
      return passFixed(state, (noneMatch[all.length] ??= fixedPass(name, `no ${list} rule matches (${all.length} checked)`)));
    },
  };
}

/**
 * A shell command toolgate cannot read, or that hides code bash would run, is a firm ask in
 * every mode (DESIGN "Which answer for what cannot be seen"): no allow rule, mode or hook
 * answers it; dontAsk denies it. Deny rules that match literally have already denied.
 */
export const unseenShell: PipelineStep = {
  name: 'unseenShell',
  run(state) {
    const f = state.facts;
    if (f.kind !== 'shell' || f.analysis.unseen.length === 0) return passFixed(state, READABLE);
    return holdAsk(state, 'unseenShell', {
      kind: 'firm',
      reason: 'shellUnknown',
      message: `the command cannot be read safely: ${f.analysis.unseen[0]}`,
    });
  },
};

export const criticalAndProtected: PipelineStep = {
  name: 'criticalAndProtectedPaths',
  run(state) {
    const result = heldPathAsks(state);
    if (state.facts.kind !== 'shell') return result;
    // Commands an interpreter's code holds as strings (`perl -e 'system("rm -rf ~")'`) or text typed
    // into a pane's shell (`tmux send-keys`) are read as if written: what they would remove or write
    // asks, though the code stays opaque.
    for (const cmd of state.facts.analysis.commands) {
      for (const code of cmd.embeddedShell ?? []) {
        const held = embeddedAsk(state, code);
        if (held)
          holdAsk(state, 'criticalAndProtectedPaths', {
            ...held,
            message: `${cmd.embeddedShellHolder ?? `${cmd.argv[0]}'s code`} holds the command ${JSON.stringify(code.slice(0, 80))}, which ${held.message}`,
          });
      }
      // A path the code names may be one it writes: judged as `touch` of it would be (not where
      // a held ask already outranks the protected ask it could raise).
      for (const path of outranksProtected(state.pendingAsk) ? [] : (cmd.codePaths ?? [])) {
        const held = embeddedAsk(state, `touch -- ${codePathWord(path)}`, true);
        if (held === undefined) continue;
        holdAsk(state, 'criticalAndProtectedPaths', {
          ...held,
          message: `${cmd.embeddedShellHolder ?? `${cmd.argv[0]}'s code`} names the path ${JSON.stringify(path)}, which it may write; a write there ${held.message}`,
        });
        break;
      }
    }
    return result;
  },
};

/** The critical-removal or protected-path ask `code`, run as a command of its own, would hold. */
function embeddedAsk(state: EvalState, code: string, ownTrace = false): EvalState['pendingAsk'] {
  // The embedded command's own state: no held ask, and its own read-only answer (`ownTrace`: its
  // steps stay out of the call's trace, which records only the ask it raises).
  const { pendingAsk: _, shellReadOnly: __, ...rest } = state;
  const sub: EvalState = {
    ...rest,
    ...(ownTrace ? { trace: [] } : {}),
    facts: callFacts({ tool: 'Bash', input: { command: code } }, factsContext(state.ctx, state.env, state.git)),
  };
  heldPathAsks(sub);
  return sub.pendingAsk;
}

/** Whether a held ask stays over any protected ask (a firmer kind, or a protected one no naming rule answers). */
function outranksProtected(held: EvalState['pendingAsk']): boolean {
  return held !== undefined && (held.kind === 'protected' ? held.namingRuleAnswers !== true : held.kind !== 'plain');
}

/** A path word of code as a shell word naming the same path: quoted, a leading `~/` left to expand. */
function codePathWord(path: string): string {
  const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  return path.startsWith('~/') ? `~/${quote(path.slice(2))}` : quote(path);
}

/** Critical removals (firm ask) and protected-path writes (protected ask) of the call's facts. */
function heldPathAsks(state: EvalState): undefined {
  {
    const { facts } = state;
    // Reads, web fetches and the like write nothing.
    if (facts.kind !== 'shell' && facts.kind !== 'powershell' && facts.kind !== 'edit') return passFixed(state, NO_PROTECTED_WRITE);
    if (facts.kind === 'shell') {
      const critical = criticalRemovals(facts.analysis, {
        cwd: state.ctx.cwd,
        home: state.ctx.home,
        workingDirectories: state.workingDirectories,
        platform: state.env.platform,
      });
      if (critical.length > 0) {
        holdAsk(state, 'criticalRemoval', {
          kind: 'firm',
          reason: 'criticalRemoval',
          message: `removes a critical path: ${critical.join(', ')}`,
          blockedPath: critical[0] ?? '',
        });
      }
    }
    if (facts.kind === 'powershell') powerShellHeldAsks(state, facts);
    const { writes, removes } = touchedPaths(facts);
    // A write a variable's value may make (`PathEffect.possible`) is judged by the path it names,
    // below: its own state change does not make every such value a protected path.
    const definite = facts.kind === 'shell' ? facts.effects.filter((e) => e.op !== 'read' && e.possible === undefined) : [];
    if (facts.kind === 'shell' && facts.analysis.stateChanges.length > 0 && definite.length > 0) {
      // After `cd $X` or `HOME=…; cd` a relative write may land anywhere, a protected path included.
      const p = definite[0]!.path;
      return holdAsk(state, 'protectedPaths', {
        kind: 'protected',
        reason: 'protectedPath',
        message: `writes ${p} after a change toolgate cannot follow (${facts.analysis.stateChanges[0]}); it may be a protected path`,
        blockedPath: p,
      });
    }
    if (facts.kind === 'shell' && facts.analysis.stateChanges.length > 0) {
      // After a change that may rebind a command name (`PATH=…`, bash's `BASH_CMDS+=([cat]=/usr/bin/cp)`,
      // zsh's `functions+=(cat '…')`), a command that reads a protected path as written may run
      // another program, which writes it (red team 23 RT23-D: `cat README.md .claude/settings.json`
      // ran cp in bypassPermissions).
      const named = facts.effects.find((e) => e.op === 'read' && e.possible === undefined && protectedHit(e.path, state) !== undefined);
      if (named !== undefined)
        return holdAsk(state, 'protectedPaths', {
          kind: 'protected',
          reason: 'protectedPath',
          message: `names the protected path ${named.path} after a change toolgate cannot follow (${facts.analysis.stateChanges[0]}): what runs there, and what it does with the path, is not what the text shows`,
          blockedPath: named.path,
        });
    }
    const spec = state.protectedSpec;
    const templated = facts.kind === 'shell' ? withGitTemplates(facts.effects, facts.analysis, state) : undefined;
    const targets: ShellWrite[] =
      templated !== undefined
        ? shellWrites(
            templated.effects,
            (p) => protectedPathMatch(p, spec),
            (stem) => protectedPathStartingWith(stem, spec),
          )
        : [...writes, ...removes].map((path) => ({ path }));
    // One command writes or removes: the names a pattern matches in the view are all it can name.
    const writers = facts.kind === 'shell' ? new Set(facts.effects.filter((e) => e.op !== 'read').map((e) => e.command)) : undefined;
    const soleWriter = writers !== undefined && writers.size === 1 && !writers.has(-1);
    // A write elsewhere makes no name a copy's source pattern matches (`mkdir build && cp src/*.js
    // build/`): the view's matches are still all the names the copy writes.
    const namesSettled = (t: ShellWrite): boolean =>
      t.namesFrom !== undefined &&
      facts.kind === 'shell' &&
      facts.effects.every((e) => e.op === 'read' || e.path === t.path || writeMissesFolders(e, t.namesFrom!));
    let home: string | undefined;
    let budget: Budget | undefined;
    let namesHit: ProtectedNames | undefined;
    let linked: LinkedProtected[] | undefined;
    let gitHooks: string[] | undefined;
    let unknownHooks: { t: ShellWrite; why: string } | undefined;
    const heldWrite = (t: ShellWrite, hit: string): undefined => {
      const said = hitSaid(hit, state);
      const verb = t.removal === true ? 'remove' : 'write to';
      // The hit is the why itself when the text does not settle the target (`>> "$f"`): no path to name.
      const unsettled = hit === (t.possible ?? t.mayBeAny);
      return holdAsk(state, 'protectedPaths', {
        kind: 'protected',
        reason: 'protectedPath',
        message: unsettled
          ? `may ${verb} a protected path: ${hit}`
          : t.possible !== undefined
            ? `may ${verb} ${writtenSaid(t)} (${said}): ${t.possible}`
            : `writes to ${writtenSaid(t)} (${said})${templated?.templates.has(t.path) === true ? `: ${templated.templates.get(t.path)!}` : ''}`,
        blockedPath: t.path,
      });
    };
    for (const t of innermostFirst(targets, (p) => state.ctx.fs?.isDirectory?.(p) === true)) {
      const written = t.path;
      if (isPlanFile(state, written)) continue;
      const real = state.ctx.fs?.realpath(written);
      // The repository the write lands in, and where it takes its hooks from: looked up once, its
      // hit read among the named checks, what the view cannot tell after all of them.
      let own: ReturnType<typeof ownRepositoryHooks> | null = null;
      const ownHooks = () => (own === null ? (own = ownRepositoryHooks(written, real, state.ctx, state.env.home, state.git)) : own);
      // A write target with braces or a glob (`cp x .gi?/hooks/post-checkout`) is protected when
      // any path it may name is; one given by a variable or substitution may be any path.
      const hit =
        protectedHit(written, state, soleWriter || namesSettled(t) ? t : undefined) ??
        linkTargetWrite(
          written,
          real,
          (linked ??= protectedLinks(state, (gitHooks ??= gitHooksDirs({ ...state.ctx, cwd: state.env.cwd }, state.env.home, state.git)))),
          t.removal === true ? 'removes' : t.unseenNames === true || t.names !== undefined ? 'fills' : undefined,
          facts.kind === 'shell' && madeFromSource(facts.effects, written),
        ) ??
        // What the user's start-up files source and git's configuration includes, by any name: read
        // from the view once per call, when a write gets this far (red team 24, RT24-B/F/O).
        (t.removal === true ? undefined : readPlaceWrite(written, real, (state.userPlaces ??= userReadPlaces(state)))) ??
        (t.removal === true ? undefined : packageJsonHit(written, state)) ??
        (t.removal === true
          ? undefined
          : (gitHooksWrite(written, real, (gitHooks ??= gitHooksDirs({ ...state.ctx, cwd: state.env.cwd }, state.env.home, state.git))) ??
            ((o) => (o !== undefined && 'hit' in o ? o.hit : undefined))(ownHooks()))) ??
        t.mayBeAny ??
        (t.removal === true ? undefined : danglingLinkWrite(written, state)) ??
        (t.removal === true ? undefined : sharedContent(written, state)) ??
        (t.unseenNames &&
        isInside(
          (home ??= normalizePath(state.ctx.home, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform })),
          written,
        )
          ? `names toolgate cannot see are written into ${written === home ? 'the home directory' : 'a parent of the home directory'}`
          : undefined) ??
        (t.unseenNames === true && t.removal !== true ? systemCodeBelow(written, state) : undefined) ??
        ((t.unseenNames === true || t.madeLink !== undefined) && t.removal !== true
          ? codeBelowWrite(written, state.ctx.fs, (state.codePlaces ??= codePlaces(state)), t.unseenNames === true ? undefined : t.madeLink)
          : undefined) ??
        repositoryHit(t, targets, state) ??
        (t.removal === true
          ? (ownCacheRemoval(written, state) ?? hookCodeRemoval(written, real, state))
          : programPathHit(written, state, t.unseenNames === true));
      if (hit !== undefined) return heldWrite(t, hit);
      // Where the repository written into takes its hooks from, when the view cannot tell: asked
      // after every path, so a write a check can name is the one cited.
      if (t.removal !== true)
        unknownHooks ??= ((why) => (why === undefined ? undefined : { t, why }))(
          ((o) => (o !== undefined && 'unknown' in o ? o.unknown : undefined))(ownHooks()),
        );
      // Names the command line does not give (an archive's members, a copy's entries, what git
      // clean removes): asked about after every named path, so a named one is the one cited.
      // One that no allow rule answers is kept over one that an allow rule naming git answers.
      if (t.names !== undefined && (namesHit === undefined || namesHit.namingRuleAnswers === true))
        namesHit =
          protectedNames({
            path: written,
            names: t.names,
            removal: t.removal === true,
            ...(t.linkItself === true ? { linkItself: true } : {}),
            ...(t.namesWhy !== undefined ? { why: t.namesWhy } : {}),
            spec,
            changesPrograms: (p) => codeWriteHit(p, state.ctx.fs?.realpath(p), state),
            view: state.ctx.fs,
            maySet: (n) => environmentValue(state.ctx.environment, n) !== null,
            budget: (budget ??= newBudget()),
          }) ?? namesHit;
    }
    if (namesHit !== undefined) return holdAsk(state, 'protectedPaths', { kind: 'protected', reason: 'protectedPath', ...namesHit });
    if (unknownHooks !== undefined) return heldWrite(unknownHooks.t, unknownHooks.why);
    return passFixed(state, NO_PROTECTED_WRITE);
  }
}

/** Whether a command that writes `path` also reads a whole tree: it makes the name from a source (`ln -s staged conf`, `cp -r`), not empty (`mkdir`). */
function madeFromSource(effects: readonly PathEffect[], path: string): boolean {
  for (const w of effects)
    if (w.op === 'write' && w.path === path && effects.some((r) => r.op === 'read' && r.tree === 'all' && r.command === w.command))
      return true;
  return false;
}

/**
 * The settings files and protected paths that are links, and where they lead (link-targets.ts):
 * in the home directory and the project, the folders git takes hooks from (`hooksDirs`) and
 * `~/.ssh`. Read from the view when a write is first judged, once per call.
 */
function protectedLinks(state: EvalState, hooksDirs: readonly string[]): LinkedProtected[] {
  const view = state.ctx.fs;
  return [
    ...linkedSettings(state.ctx.policy, state.ctx.projectDir ?? state.workingDirectories[0], state.env.home, view),
    ...linkedProtected(
      state.protectedSpec,
      [state.env.home, state.ctx.projectDir ?? state.workingDirectories[0]].filter((d) => d !== undefined),
      [
        ...hooksDirs.map((path) => ({ path, entry: 'a git hook' })),
        { path: `${state.env.home === '/' ? '' : state.env.home}/.ssh`, entry: 'a file ssh reads (~/.ssh)' },
      ],
      view,
    ),
  ];
}

/** Why names toolgate cannot see, written into `dir`, may be a protected system file (`sysctl --system` into /proc/sys). */
function systemCodeBelow(dir: string, state: EvalState): string | undefined {
  const entry = protectedPathBelow(dir, state.protectedSpec);
  return entry === undefined ? undefined : `names toolgate cannot see are written into ${dir}, which holds the protected path ${entry}`;
}

/**
 * The paths a command writes, in order, but a folder the view shows just after the paths written
 * inside it (`ln -s x .git/hooks` makes the link `.git/hooks/x` when `.git/hooks` is a folder):
 * the reason names the file made, not the folder it is made in. A path that is no folder is the
 * name made itself (`ln -s x hooks/pre-commit`); a folder whose entries are written (`cp -r src/.
 * dir`: `names`, or names toolgate cannot see) keeps its place, its reason says what lands there.
 */
function innermostFirst(targets: readonly ShellWrite[], isFolder: (path: string) => boolean): ShellWrite[] {
  const out = new Set<ShellWrite>();
  for (const t of targets) {
    if (t.names === undefined && t.unseenNames !== true && t.removal !== true && isFolder(t.path))
      for (const u of targets) if (u.path !== t.path && u.removal !== true && isInside(u.path, t.path)) out.add(u);
    out.add(t);
  }
  return [...out];
}

/**
 * The protected entry a path met, as a person reads it: the folder `CLAUDE_CONFIG_DIR` names is
 * said by the variable; an entry placed under the folder `XDG_CONFIG_HOME` names is said by the variable (`$XDG_CONFIG_HOME/git`, as `.config/git` is),
 * not by the absolute path the reason has just named.
 */
function hitSaid(hit: string, state: EvalState): string {
  const norm = { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform };
  for (const name of state.dialect.userConfigDirEnv ?? []) {
    const v = environmentValue(state.ctx.environment, name);
    if (typeof v === 'string' && v !== '' && normalizePath(v, norm).replace(/\/+$/, '') === hit)
      return `$${name}, Claude Code's user settings folder`;
  }
  const configHome = environmentValue(state.ctx.environment, 'XDG_CONFIG_HOME');
  if (typeof configHome !== 'string' || !hit.startsWith('/')) return hit;
  const root = normalizePath(configHome, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform }).replace(/\/+$/, '');
  return hit.startsWith(`${root}/`) && (state.protectedSpec.paths ?? []).includes(hit) ? `$XDG_CONFIG_HOME${hit.slice(root.length)}` : hit;
}

/** A written path as a person reads it: a name the program makes from a prefix is said so, not by its stand-in. */
function writtenSaid(t: ShellWrite): string {
  return t.namePrefix !== undefined ? `a protected path: a file whose name starts with ${t.namePrefix}` : `the protected path ${t.path}`;
}

/**
 * A removal or move of `toolgate hook`'s cache, a file in it or a folder holding it below the
 * home directory: the same check as a write into it — the sessions' mode records that cap
 * sub-agents go with it, as `.claude` goes with `rm -rf .claude`.
 */
function ownCacheRemoval(removed: string, state: EvalState): string | undefined {
  const home = pathWorld(state.ctx, state.env, state.workingDirectories).home;
  return toolgateCacheWrite(removed, toolgateCacheDirs(state.ctx.environment, home), home);
}

/**
 * A removal or move of code a hook of the settings runs, or of a folder holding it (`mv
 * node_modules/zod zod.old`, `rm -rf node_modules` under a hook that runs the project's toolgate):
 * the protected files are the hook's, but a move of their folder takes them all, and the next
 * call puts what it likes there (replay 24, RP24-E1).
 */
function hookCodeRemoval(removed: string, real: string | undefined, state: EvalState): string | undefined {
  const world = pathWorld(state.ctx, state.env, state.workingDirectories);
  const code = callHookCode(state, world.home);
  for (const p of writtenNames(removed, real)) {
    const hit = code.find(
      (h) =>
        isInside(h.path, p) ||
        (h.python === true
          ? pythonModuleIn(p, h.path, state.ctx.fs)
          : isInside(p, h.path) && (h.pattern === undefined || h.pattern.test(p))),
    );
    if (hit !== undefined)
      return `${hit.path} holds code ${hit.runBy}: ${p === hit.path ? 'moving or removing it' : isInside(hit.path, p) ? `moving or removing ${p}, which holds it,` : `moving or removing ${p}`} lets the next call put other code there`;
  }
  return undefined;
}

/** A write to a `package.json` that may change the keys telling git hooks what to run (`"lint-staged"`, …). */
function packageJsonHit(written: string, state: EvalState): string | undefined {
  if (!isPackageJson(written)) return undefined;
  const f = state.facts;
  // A shell write's result is not known: no view's text settles it.
  return f.kind === 'edit'
    ? hookRunnerKeyChange(written, state.call.tool, state.call.input, state.ctx.fs)
    : hookRunnerKeyChange(written, state.call.tool, {}, undefined);
}

/**
 * A write that makes a directory a git repository (`HEAD`, `objects/`, `refs/`), or writes into
 * one's parts: git run there reads its configuration and hooks, as from `.git`.
 */
function repositoryHit(t: ShellWrite, targets: readonly ShellWrite[], state: EvalState): string | undefined {
  if (t.removal === true) return undefined;
  // What `git init --bare` and `git clone --bare` write of their own (`ownMetadata`, no target)
  // makes a repository too: `git init --bare x && printf … >> x/config` added a core.fsmonitor
  // that `GIT_DIR=x` ran (#37).
  const own =
    state.facts.kind === 'shell' ? state.facts.effects.filter((e) => e.op === 'write' && e.ownMetadata === true).map((e) => e.path) : [];
  const written = [...targets.filter((w) => w.removal !== true).map((w) => w.path), ...own];
  const dir = repositoryWrittenInto(t.path, written, state.ctx.fs) ?? filledRepository(t, written, state);
  return dir === undefined
    ? undefined
    : `${dir} is a git repository once written (HEAD, objects, refs): git there reads its configuration and hooks, which run programs`;
}

/**
 * The repository a recursive copy or move into a folder may complete with names it does not list
 * (`cp -r t/. u/`, `mv t/* u/`): its sources, from the write's names (`u/*` from `t/*`, `u` with
 * the entries of `t`), as `repositoryFilledInto` reads them through the view.
 */
function filledRepository(t: ShellWrite, written: readonly string[], state: EvalState): string | undefined {
  if (t.unseenNames !== true) return undefined;
  const dir = t.path.endsWith('/*') ? t.path.slice(0, -2) || '/' : t.path;
  // A source the command also writes by its own name below the folder (`cp -r t u` into an
  // existing u writes u/t) lands there whole, its entries not in the folder: that write is judged itself.
  const sources = (t.namesFrom ?? (t.names?.kind === 'entries' ? t.names.of : [])).filter(
    (s) =>
      /[*?[]/.test(s.slice(s.lastIndexOf('/') + 1)) || !written.includes(`${dir === '/' ? '' : dir}/${s.slice(s.lastIndexOf('/') + 1)}`),
  );
  return sources.length === 0 ? undefined : repositoryFilledInto(dir, sources, written, state.ctx.fs);
}

/** A PowerShell line that could not be read (firm, every mode), critical removals (firm) and writes whose target is not known (protected). */
function powerShellHeldAsks(state: EvalState, facts: Extract<CallFacts, { kind: 'powershell' }>): void {
  const unreadable = facts.analysis.reading.unknown[0];
  if (unreadable !== undefined)
    holdAsk(state, 'criticalAndProtectedPaths', {
      kind: 'firm',
      reason: 'shellUnknown',
      message: `the command could not be read: ${unreadable}`,
    });
  const critical = powerShellCriticalRemovals(state, facts);
  if (critical.length > 0)
    holdAsk(state, 'criticalRemoval', {
      kind: 'firm',
      reason: 'criticalRemoval',
      message: `removes a critical path: ${critical.join(', ')}`,
      blockedPath: critical[0] ?? '',
    });
  const unknownWrite = powerShellUnknownWrite(facts);
  if (unknownWrite !== undefined)
    holdAsk(state, 'protectedPaths', {
      kind: 'protected',
      reason: 'protectedPath',
      message: `${unknownWrite}, which may be a protected path`,
    });
}

/**
 * A write to a regular file with more than one name (a hard link, `cp -l`, `ln`) changes every
 * name's content: one of them may be a protected path the view cannot name. The same for every
 * writer — a shell command, PowerShell, or the Edit/Write/NotebookEdit tools (which may write the
 * file in place, keeping its other names).
 */
function sharedContent(path: string, state: EvalState): string | undefined {
  const n = state.ctx.fs?.linkCount?.(path);
  return n !== undefined && n > 1 ? `the file has ${n} names (hard links), and another one may be a protected path` : undefined;
}

/**
 * A write onto a symbolic link whose target does not exist creates the target (`echo x > build/y.js`
 * with `build/y.js -> ../.lintstagedrc.js`); the view resolves no real path for it, so where the
 * write lands is not known.
 */
function danglingLinkWrite(written: string, state: EvalState): string | undefined {
  const fs = state.ctx.fs;
  if (fs?.isSymlink?.(written) !== true || fs.realpath(written) !== undefined) return undefined;
  return `${written} is a symbolic link whose target does not exist: writing it creates the target, wherever the link points`;
}

/** A protected-path spec's entries as path-rule patterns, for a glob that may name one (`protectedHit`). */
interface ProtectedPatterns {
  dirs: readonly string[];
  files: readonly string[];
  paths: readonly string[];
}

const protectedPatterns = new WeakMap<ProtectedPathSpec, { from: readonly unknown[]; patterns: ProtectedPatterns }>();

/** The spec's patterns, made once per spec (its lists compared by identity). */
function protectedPatternsOf(spec: ProtectedPathSpec): ProtectedPatterns {
  const known = protectedPatterns.get(spec);
  if (known !== undefined && known.from[0] === spec.dirs && known.from[1] === spec.files && known.from[2] === spec.paths)
    return known.patterns;
  const patterns: ProtectedPatterns = {
    dirs: spec.dirs.map((dir) => `//**/${dir}/**`),
    files: spec.files.map((file) => `//**/${file}`),
    paths: (spec.paths ?? []).map((root) => `/${root}/**`),
  };
  protectedPatterns.set(spec, { from: [spec.dirs, spec.files, spec.paths], patterns });
  return patterns;
}

/**
 * Why writing `path` writes a protected path. A pattern may name one by its letters; for a removal
 * by `sole` (the one command that writes, so no earlier part makes new names) and a view that
 * lists the folders, only the names it matches there count, each where it really is (its last
 * part kept for a program that takes the name itself).
 */
function protectedHit(path: string, state: EvalState, sole?: ShellWrite): string | undefined {
  const direct = protectedPathMatch(path, state.protectedSpec);
  if (direct !== undefined || !/[*?[{]/.test(path)) return direct;
  const spec = state.protectedSpec;
  const view = state.ctx.fs;
  // Only a removal's pattern is the word bash expands (`rm x/*`, `mv x/* y`): a written name may be
  // built from a source's pattern (`cp a/* .` writes `./*`, the names of a's entries). `sed -i …
  // src/*.js` writes what the pattern matches as it runs — with no other command making names,
  // what the view lists — or, matching nothing, the pattern's own text (judged above).
  if ((sole?.removal === true || sole?.shellMatches === true) && view?.list !== undefined) {
    const named = viewMatchHit(view, path, spec, sole.removal === true && sole.linkItself === true);
    if (named !== undefined) return named.hit;
  }
  // `mv src/*.js lib/` writes lib/ plus the base name of each file src/*.js matches.
  if (sole?.namesFrom !== undefined && view?.list !== undefined) {
    // A write that carries no tree and makes no link (`cp` without -r) skips a folder matched.
    const filesOnly = sole.unseenNames !== true && sole.madeLink === undefined && sole.removal !== true;
    const named = namesWrittenHit(
      view,
      path,
      sole.namesFrom,
      spec,
      sole.removal === true ? undefined : (p) => codeWriteHit(p, undefined, state),
      filesOnly,
    );
    if (named !== undefined) return named.hit;
  }
  const ctx = { cwd: state.env.cwd, home: state.env.home, slashAnchor: state.env.cwd, platform: state.env.platform, list: 'deny' as const };
  for (const alt of braceAlternatives(path)) {
    if (!hasGlob(alt)) {
      const hit = protectedPathMatch(alt, spec);
      if (hit !== undefined) return hit;
      continue;
    }
    // The names first: a pattern anywhere (`/**/settings.json`) is said by the name it may be, not by a system path.
    const patterns = protectedPatternsOf(spec);
    const dir = globMayHitAny(alt, patterns.dirs, ctx);
    if (dir !== -1) return `${spec.dirs[dir]}, which ${path} may name`;
    const file = globMayHitAny(alt, patterns.files, ctx);
    if (file !== -1) return `${spec.files[file]}, which ${path} may name`;
    const root = globMayHitAny(alt, patterns.paths, ctx);
    if (root !== -1) return `${spec.paths![root]}, which ${path} may name`;
  }
  return undefined;
}

/**
 * Whether write `e` (another command's) cannot make a name the source patterns match: a literal
 * path, no pattern, neither in a pattern's folder nor above it (`mkdir build` beside `src/*.js`).
 */
function writeMissesFolders(e: PathEffect, patterns: readonly string[]): boolean {
  if (e.command < 0 || e.glob || e.literal !== true || e.path.includes('*')) return false;
  return patterns.every((s) => {
    const dir = s.slice(0, s.lastIndexOf('/')) || '/';
    if (/[*?[{]/.test(dir)) return false;
    return e.path !== dir && !dir.startsWith(`${e.path}/`) && !e.path.startsWith(`${dir}/`) && e.path !== '/';
  });
}

/** Plan mode keeps the task read-only by itself, whatever the allow rules say. */
export function planBlocks(state: EvalState): boolean {
  if (state.mode !== 'plan' || state.ctx.options?.bypassAvailable === true) return false;
  const f = state.facts;
  if (f.kind === 'edit') return !isPlanFile(state, f.path);
  if (f.kind === 'shell') return !shellReadOnly(state).ok;
  if (f.kind === 'powershell') return !powerShellReadOnly(state, f).ok;
  return false;
}

/** Why a change waits in plan mode (the reason of a plan block). */
function planBlockMessage(state: EvalState): string {
  const f = state.facts;
  const what = f.kind === 'edit' ? `writes ${f.path}` : 'changes files or runs what is not read-only';
  return `plan mode: the call ${what}; no allow rule, hook or mode approves a change while planning (leave plan mode to make it)`;
}

export const allowRules: PipelineStep = {
  name: 'allowRules',
  run(state) {
    // In auto mode broad allow rules are set aside (the classifier judges those calls).
    const auto = state.mode === 'auto';
    const forTool = rulesForTool(state.index, 'allow', state.call.tool);
    const rules = auto ? forTool.filter(usableInAuto) : forTool;
    if (state.facts.kind === 'shell') opaqueCodeTable(state, state.facts, rules);
    if (state.pendingAsk?.kind === 'guardedRead' && state.facts.kind === 'shell' && !planBlocks(state)) {
      const exact = rules.find(
        (cr) =>
          cr.rule.family === 'bash' &&
          !(cr.rule.specifier ?? '*').includes('*') &&
          allowCovers(cr, state.call, state.facts, state.env).kind === 'match',
      );
      if (exact)
        return decide(
          state,
          'allowRules',
          'allow',
          'rule',
          `allowed by ${exact.rule.text}, the exact command, which answers the guarded read (${state.pendingAsk.message})`,
          { rule: ruleRef(exact) },
        );
    }
    if (state.pendingAsk?.namingRuleAnswers === true && state.facts.kind === 'shell' && !planBlocks(state)) {
      // Only rules that name a program (`Bash(git stash *)`, `Bash(git:*)`; not `Bash(*)`) answer it.
      const naming = rules.filter((cr) => cr.rule.family === 'bash' && !/^\s*\*/.test(cr.rule.specifier ?? '*'));
      const answered = shellAllow(state, naming);
      if (answered?.behavior === 'allow') return answered;
    }
    if (state.pendingAsk) {
      // A change in plan mode that also asks for another reason a hook may answer (a protected
      // path) is a plan block: no hook's allow approves it while the session plans.
      if ((state.pendingAsk.kind === 'plain' || state.pendingAsk.kind === 'protected') && planBlocks(state)) {
        state.pendingAsk = { ...state.pendingAsk, kind: 'planBlock', message: `${state.pendingAsk.message}; ${planBlockMessage(state)}` };
        return pass(state, 'allowRules', 'plan mode: the pending ask is a plan block');
      }
      return pass(state, 'allowRules', 'skipped: an ask is pending that no allow rule answers');
    }
    if (planBlocks(state)) return holdAsk(state, 'allowRules', { kind: 'planBlock', reason: 'mode', message: planBlockMessage(state) });
    if (state.facts.kind === 'shell') return shellAllow(state, rules);
    if (state.facts.kind === 'powershell') {
      const v = powerShellAllow(state, state.facts, rules);
      return v.rule
        ? decide(state, 'allowRules', 'allow', 'rule', v.detail, { rule: ruleRef(v.rule) })
        : pass(state, 'allowRules', v.detail);
    }
    const f = state.facts;
    if (f.kind === 'read' || f.kind === 'edit') {
      // Only the rules whose literal directory prefix the path starts with can cover it.
      for (const i of allowCandidates(rules, f.path, state.env)) {
        const cr = rules[i]!;
        const m = allowCovers(cr, state.call, f, state.env);
        if (m.kind === 'match')
          return decide(state, 'allowRules', 'allow', 'rule', `allowed by ${cr.rule.text}: ${m.detail}`, { rule: ruleRef(cr) });
      }
    } else {
      for (const cr of rules) {
        const m = allowCovers(cr, state.call, f, state.env);
        if (m.kind === 'match')
          return decide(state, 'allowRules', 'allow', 'rule', `allowed by ${cr.rule.text}: ${m.detail}`, { rule: ruleRef(cr) });
      }
    }
    return passOwnText(
      state,
      'allowRules',
      `no allow rule covers the call (${auto ? state.index.allow.filter(usableInAuto).length : state.index.allow.length} checked)`,
    );
  },
};

/** Whether an allow rule's command starts with `prog` (`Bash(npm run test *)` names npm, though not `npm test`). */
function namedBy(rules: readonly CompiledRule[], tool: string, prog: string): boolean {
  return rules.some(
    (r) => r.rule.text.startsWith(`${tool}(${prog} `) || r.rule.text.startsWith(`${tool}(${prog}:`) || r.rule.text === `${tool}(${prog})`,
  );
}

/**
 * The opaque-code table (DESIGN "The opaque-code table"): code toolgate cannot read runs on a
 * person's specific consent (an allow rule naming the program, an exact command, a grant of
 * either); under a deny or ask rule naming a program, a wildcard allow is a firm ask that says how
 * to consent by name, and no consent is a plain ask (firm in auto and bypassPermissions). Holds
 * that ask, or records the consent in the trace (`opaqueCode`), which `explain` shows and the
 * bash oracle counts as "consented opaque code".
 */
function opaqueCodeTable(state: EvalState, facts: Extract<CallFacts, { kind: 'shell' }>, rules: readonly CompiledRule[]): void {
  const parts = opaqueParts(facts.matching);
  if (parts.length === 0) return;
  const under = state.opaqueUnder;
  // Each names its example of consent by name: the rule toolgate suggests for that command, which
  // is the one offered to remember.
  let wildcard: { prog: string; why: string; rule: CompiledRule; example: string } | undefined;
  let none: { prog: string; why: string; example: string } | undefined;
  const consented: string[] = [];
  for (const { cmd, why, unmodelled } of parts) {
    const consent = consentFor(consentCandidates(rules, cmd), cmd);
    const prog = cmd.argv[0] ?? '';
    if (consent.kind === 'specific') consented.push(`"${allowText(cmd)}" by ${consent.rule.rule.text}`);
    // A program with no model is not known to run code: a wildcard allow is consent for it (decision 0063).
    else if (consent.kind === 'wildcard' && unmodelled === true)
      consented.push(`"${allowText(cmd)}" by ${consent.rule.rule.text} (a program toolgate has no model of)`);
    else if (consent.kind === 'wildcard')
      wildcard ??= { prog, why, rule: consent.rule, example: ruleText(state.call.tool, suggestedCommandRule(cmd)) };
    else none ??= { prog, why, example: ruleText(state.call.tool, suggestedCommandRule(cmd)) };
  }
  if (under === undefined) {
    if (consented.length > 0)
      pass(
        state,
        'opaqueCode',
        `consented opaque code: ${consented.join('; ')} (a rule naming the program grants arbitrary code, which no deny rule can hold against)`,
      );
    return;
  }
  const rule = ruleRef(under.rule);
  const names = `the ${under.rule.list} rule ${under.rule.rule.text} names a program that code could run`;
  if (none !== undefined) {
    const firm = state.mode === 'auto' || state.mode === 'bypassPermissions';
    holdAsk(state, 'opaqueCode', {
      kind: firm ? 'firm' : 'plain',
      reason: 'opaqueCode',
      message: `${none.why}, and ${names}; ${namedBy(rules, state.call.tool, none.prog) ? `no allow rule covers this ${none.prog} command` : `no allow rule names ${none.prog}`}${firm ? ` (${state.mode} does not answer opaque code under such a rule)` : ''}: allow it by name (for example ${none.example}) or answer each time`,
      rule,
    });
    return;
  }
  if (wildcard !== undefined) {
    holdAsk(state, 'opaqueCode', {
      kind: 'firm',
      reason: 'opaqueCode',
      message: `${wildcard.why}, and ${names}; ${wildcard.rule.rule.text} allows ${wildcard.prog} only by wildcard: allow it by name (for example ${wildcard.example}) or answer each time`,
      rule,
    });
    return;
  }
  pass(
    state,
    'opaqueCode',
    `consented opaque code: ${consented.join('; ')}, though ${names} (a rule naming the program grants arbitrary code, which no deny rule can hold against)`,
  );
}

/** A rule as written in settings and as proposals show it: `Bash(npm publish *)`. */
const ruleText = (tool: string, content: string) => `${tool}(${escapeRuleContent(content)})`;

/** In auto mode broad allow rules are set aside. */
function usableInAuto(cr: CompiledRule): boolean {
  return !isBroadAllow(cr.rule);
}

/** Per part of a shell command: the allow rule that covers it, or that it is read-only. */
interface PartVerdict {
  cmd: SimpleCommand;
  rule?: CompiledRule;
  readOnly?: true;
  acceptEdit?: true;
  /** A file command acceptEdits approves, but for a path outside the working directories (`why` names it). */
  fileCommandOutside?: true;
  /** The allow rule that would cover the part but for a read outside the working directories. */
  outsideOf?: CompiledRule;
  /** With `outsideOf`: the path read outside, when it is known. */
  outsidePath?: string;
  why?: string;
}

function shellAllow(state: EvalState, rules: CompiledRule[]): StepResult {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const bare = rules.find((cr) => cr.rule.family === 'bare' && allowCovers(cr, state.call, facts, state.env).kind === 'match');
  if (bare) return decide(state, 'allowRules', 'allow', 'rule', `allowed by ${bare.rule.text}: every command`, { rule: ruleRef(bare) });
  // No rule for the parts approves git run in another directory (held before the read-only check too).
  const cdGit = gitAfterCd(facts.analysis, facts.effects, state.ctx.cwd);
  if (cdGit !== undefined)
    return holdAsk(state, 'allowRules', {
      kind: 'plain',
      reason: 'gitAfterCd',
      message: `${cdGit} (a bare repository or core.fsmonitor there can run programs): no allow rule for the parts approves it; a person, a hook or the mode answers it`,
    });
  // `rules` already holds only the allow rules that bear on this tool (rulesForTool); the Bash ones among them are tried.
  const verdicts = partVerdicts(state, rules);
  if (verdicts === undefined) return pass(state, 'allowRules', 'unknown parts or substitutions: no allow rule covers them');
  const uncovered = verdicts.find((v) => !v.rule && !v.readOnly && !v.acceptEdit);
  if (uncovered)
    return pass(state, 'allowRules', `no allow rule covers "${allowText(uncovered.cmd)}"${uncovered.why ? ` (${uncovered.why})` : ''}`);
  const firstRule = verdicts.find((v) => v.rule)?.rule;
  if (!firstRule) return pass(state, 'allowRules', 'no part needs an allow rule');
  const writes = redirectWritesOk(state);
  if (!writes.ok) return pass(state, 'allowRules', `parts are covered, but ${writes.why}`);
  const detail = verdicts
    .map(
      (v) =>
        `"${allowText(v.cmd)}" ${v.rule ? `by ${v.rule.rule.text}` : v.readOnly ? 'is read-only' : 'is a file command inside the working directories'}`,
    )
    .join('; ');
  return decide(state, 'allowRules', 'allow', 'rule', `allowed: ${detail}`, { rule: ruleRef(firstRule) });
}

function partVerdicts(state: EvalState, rules: CompiledRule[]): PartVerdict[] | undefined {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  if (facts.analysis.unknown.length > 0 || facts.analysis.stateChanges.length > 0 || facts.analysis.hasSubstitution) return undefined;
  const ro = shellReadOnly(state);
  return partsToCover(facts.analysis).map((cmd) => {
    const rule = coveringRule(rules, cmd);
    if (rule) return ruleVerdict(state, rules, cmd, rule);
    if (ro.perCommand.get(cmd) === true && !planBlocks(state)) {
      const outside = readOutside(state, cmd);
      if (outside === undefined) return { cmd, readOnly: true };
      // A path with its own account of where it is (`/**/src (…through CDPATH…)`) says it.
      const where = outside.raw.startsWith(`${outside.path} (`) ? outside.raw : outside.path;
      return { cmd, why: `it reads ${where}, outside the working directories` };
    }
    if (state.mode === 'acceptEdits' && acceptEditsCommand(cmd)) {
      // A file command acceptEdits would approve but for where it writes: that is the reason.
      const outside = effectOutside(state, cmd);
      if (outside === undefined) return { cmd, acceptEdit: true };
      return { cmd, why: outside, fileCommandOutside: true };
    }
    return { cmd, why: ro.reasons.get(cmd) ?? 'not read-only' };
  });
}

/**
 * A part an allow rule covers, unless it reads outside the working directories: Claude Code
 * checks the paths a command reads against the working directories before a prefix or wildcard
 * rule can approve it (`cat ~/.ssh/config` under `Bash(cat *)` asks; CLI 2.1.332 observed), so
 * such a rule approves reads inside them only. An exact-command rule names what it reads and
 * approves it. Words of programs toolgate does not model (`assumed`) and git's history are no
 * file reads here, as for read-only parts.
 */
function ruleVerdict(state: EvalState, rules: readonly CompiledRule[], cmd: SimpleCommand, rule: CompiledRule): PartVerdict {
  const outside = ruleReadOutside(state, cmd);
  if (outside === undefined) return { cmd, rule };
  const exact = (cr: CompiledRule): boolean => !(cr.rule.specifier ?? '*').includes('*');
  if (exact(rule)) return { cmd, rule };
  const named = rules.find((cr) => cr.rule.family === 'bash' && exact(cr) && patternCoversCommand(cr.rule.specifier ?? '', cmd));
  if (named) return { cmd, rule: named };
  const where = outside.raw.startsWith(`${outside.path} (`)
    ? outside.raw
    : outside.literal || outside.glob
      ? outside.path
      : /^~(\/|$)/.test(outside.raw) && !isInsideAny(outside.path, state.workingDirectories)
        ? `${outside.raw} (${outside.path})`
        : `${outside.raw}, which may be`;
  return {
    cmd,
    outsideOf: rule,
    ...(outside.literal || outside.glob || /^~(\/|$)/.test(outside.raw) ? { outsidePath: outside.path } : {}),
    why: `it reads ${where} outside the working directories, and ${rule.rule.text} approves reads inside them only`,
  };
}

/** The first file read of a part (not an assumed word, not git's history) that is not inside the working directories, if any. */
function ruleReadOutside(state: EvalState, cmd: SimpleCommand): PathEffect | undefined {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const i = facts.analysis.commands.indexOf(cmd);
  return facts.effects
    .filter(
      (e) => e.command === i && e.op === 'read' && e.assumed === undefined && e.fromHistory !== true && includedReadWhy(e) === undefined,
    )
    .find((e) => !((e.literal || e.glob) && mayReadAt(state, e.glob ? globBase(e.path) : e.path, readsWhole(e))));
}

/**
 * The reason of a read-only allow, true to what is read: a part may read outside the working
 * directories where a Read allow rule lets it or the path is a device that holds nothing
 * (`read-rules.ts`, `mayReadAt`), and then the reason says so.
 */
function readOnlyMessage(ro: ShellReadOnly): string {
  return ro.readsOutside
    ? 'every part is read-only and reads only inside the working directories, where a Read allow rule allows, or a device that holds nothing'
    : 'every part is read-only and reads only inside the working directories';
}

/** Why the first part that no allow rule covers and that is not read-only needs asking (so the reason names the part that matters). */
function uncoveredWhy(state: EvalState): { message: string; outside?: string } | undefined {
  const verdicts = partVerdicts(state, rulesForTool(state.index, 'allow', state.call.tool));
  const first = verdicts?.find((v) => !v.rule && !v.readOnly && !v.acceptEdit);
  if (!first) {
    // Every part is covered or read-only: what stopped the rules is a write they do not approve
    // (`npm run test -- --run > out.txt` under `Bash(npm run test *)`), not the program.
    if (verdicts?.some((v) => v.rule) !== true) return undefined;
    const writes = redirectWritesOk(state);
    return writes.ok ? undefined : { message: whatWrites(state, verdicts, writes) };
  }
  if (first.outsideOf !== undefined)
    return {
      message: `"${allowText(first.cmd)}" is not approved by ${first.outsideOf.rule.text}: ${first.why ?? ''}`,
      ...(first.outsidePath !== undefined ? { outside: first.outsidePath } : {}),
    };
  const covered = verdicts?.some((v) => v.rule) === true;
  const kind =
    first.fileCommandOutside === true ? 'is a file command acceptEdits approves inside the working directories only' : 'is not read-only';
  return {
    message: `"${allowText(first.cmd)}" ${covered ? 'is not covered by an allow rule and ' : ''}${kind}: ${first.why ?? 'not read-only'}`,
  };
}

/**
 * The reason a write stops parts the rules would otherwise approve, naming the part that writes —
 * in a pipeline or a list that is not always the covered one (`cat package.json | jq .scripts >
 * /tmp/x.json` under `Bash(cat:*)`: the write is jq's, and jq is read-only, not covered).
 */
function whatWrites(state: EvalState, verdicts: readonly PartVerdict[], writes: { why: string; command: number }): string {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const cmd = facts.analysis.commands[writes.command];
  const verdict = cmd === undefined ? undefined : verdicts.find((v) => v.cmd === cmd);
  // `it writes X …` read with another subject (`its redirection writes X …`).
  const by = (subject: string): string =>
    writes.why.startsWith('it ') ? `${subject} ${writes.why.slice(3)}` : `${subject}: ${writes.why}`;
  // A redirection on a compound command (`{ cat a; jq . b; } > x.json`) belongs to no part.
  if (cmd === undefined || verdict === undefined)
    return `every part is covered by an allow rule or read-only, but ${by("a compound command's redirection")}`;
  if (verdict.rule !== undefined) return `"${allowText(cmd)}" is covered by ${verdict.rule.rule.text}, but ${writes.why}`;
  const redirected = cmd.redirects.some((r) => r.kind === 'file');
  return `"${allowText(cmd)}" is read-only and needs no allow rule, but ${redirected ? by('its redirection') : writes.why}`;
}

/**
 * The first read of a read-only part that is not inside the working directories (every brace
 * alternative and glob base), if any. With a file-system view, a path inside must also stay inside
 * where links lead: a glob names what it matches in the real tree (`vendor/*\/id_rsa` with
 * `vendor/keys -> ~/.ssh`), and a reader of a whole tree follows the links inside it that it
 * follows; what the view cannot settle counts as outside.
 */
function readOutside(state: EvalState, cmd: SimpleCommand): PathEffect | undefined {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const i = facts.analysis.commands.indexOf(cmd);
  const view = state.ctx.fs;
  const budget = newBudget();
  for (const e of facts.effects) {
    if (e.command !== i || e.op !== 'read' || includedReadWhy(e) !== undefined) continue;
    if (!((e.literal || e.glob) && mayReadAt(state, e.glob ? globBase(e.path) : e.path, readsWhole(e)))) return e;
    if (view === undefined || e.fromHistory === true) continue;
    const out = outsideThroughLinks(
      view,
      e,
      (p) => mayReadAt(state, p, true),
      budget,
      (name) => environmentValue(state.ctx.environment, name) !== null,
    );
    if (out !== undefined) return { ...e, path: out.path, raw: `${out.path} (${out.why})` };
  }
  return undefined;
}

/** Why a part's file effects are not all inside the working directories (`undefined`: they are). */
function effectOutside(state: EvalState, cmd: SimpleCommand): string | undefined {
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  const i = facts.analysis.commands.indexOf(cmd);
  for (const e of facts.effects) {
    if (e.command !== i || e.assumed !== undefined || e.possible !== undefined) continue;
    const does = e.op === 'read' ? 'reads' : e.op === 'write' ? 'writes to' : 'removes';
    if (e.glob) return `it ${does} what the pattern ${e.raw} names, which acceptEdits does not approve`;
    if (!e.literal) return `it ${does} ${e.raw}, a path toolgate cannot settle as written`;
    if (!isInsideAny(e.path, state.workingDirectories))
      return `it ${does} ${e.path}${e.viaSymlink ? ` (${e.raw} leads there through a symbolic link)` : ''}, outside the working directories`;
  }
  return undefined;
}

/**
 * File writes of covered parts: inside the working directories; a write by redirection only in
 * acceptEdits or under an Edit allow rule.
 */
function redirectWritesOk(
  state: EvalState,
):
  | { ok: true; rule?: CompiledRule }
  | { ok: false; why: string; /** The part that writes (-1: a compound command's redirection). */ command: number } {
  let used: CompiledRule | undefined;
  const facts = state.facts as Extract<CallFacts, { kind: 'shell' }>;
  for (const e of facts.effects) {
    if (e.op === 'read' || e.assumed !== undefined || e.possible !== undefined) continue;
    const cmd = facts.analysis.commands[e.command];
    // A redirection on a compound command (`{ echo a; } > out`, `while read a; do …; done > out`)
    // has no command of its own (-1): it is a redirection write all the same (the bash
    // differential's redir-on-while battery call wrote `out` under Bash(echo *)).
    const byRedirect = e.command < 0 || (cmd?.redirects.some((r) => r.kind === 'file') ?? false);
    if (!byRedirect && e.op !== 'write') continue;
    if (!e.literal || e.glob) return { ok: false, why: `the write target ${e.raw} is not literal`, command: e.command };
    if (!isInsideAny(e.path, state.workingDirectories))
      return { ok: false, why: `it writes ${e.path} outside the working directories`, command: e.command };
    // A file command the allow rule covers (`touch`, `mkdir`, `cp`, `sed -i`) writing inside the
    // working directories is what the rule approves (Claude Code CLI 2.1.332; decision 0023).
    // Protected paths and Edit deny rules were settled by earlier steps.
    if (!byRedirect) continue;
    // Names the covered program writes that toolgate cannot see (`git stash`, `tar x`) inside the
    // working directories are part of what the allow rule approves.
    if (e.tree === 'some') continue;
    if (state.mode === 'acceptEdits') continue;
    const rule = state.index.allow.find(
      (cr) =>
        cr.rule.family === 'path' &&
        cr.rule.tool === 'Edit' &&
        allowCovers(cr, { tool: 'Edit', input: { file_path: e.path } }, { kind: 'edit', path: e.path, raw: e.raw }, state.env).kind ===
          'match',
    );
    if (rule === undefined) return { ok: false, why: `it writes ${e.path}, which no Edit allow rule covers`, command: e.command };
    used ??= rule;
  }
  return used !== undefined ? { ok: true, rule: used } : { ok: true };
}

export const touches: PipelineStep = {
  name: 'whatTheCallTouches',
  run(state) {
    if (state.pendingAsk) return pass(state, 'whatTheCallTouches', 'skipped: an ask is pending');
    const f = state.facts;
    const wd = state.workingDirectories;
    const step = 'whatTheCallTouches';
    switch (f.kind) {
      case 'read': {
        const paths = f.realPath !== undefined ? [f.path, f.realPath] : [f.path];
        if (paths.every((p) => isInsideAny(p, wd) || isPlanFile(state, p))) {
          return decide(state, step, 'allow', 'workingDirectory', `reads ${f.path}, inside the working directories`);
        }
        // Auto mode approves read-only actions without the classifier (Claude Code CLI 2.1.332):
        // deny and ask rules, and the reads-outside setting, were met before this step.
        if (state.mode === 'auto')
          return decide(
            state,
            step,
            'allow',
            'mode',
            `auto: reads ${f.path}, outside the working directories; auto mode approves reads without the classifier`,
          );
        return holdAsk(state, step, {
          kind: 'plain',
          reason: 'outsideWorkingDirectory',
          message: `reads ${f.path}, outside the working directories`,
          blockedPath: f.path,
        });
      }
      case 'edit': {
        const paths = f.realPath !== undefined ? [f.path, f.realPath] : [f.path];
        if (paths.every((p) => isPlanFile(state, p)) && state.mode === 'plan') {
          return decide(state, step, 'allow', 'planApproval', `writes the plan file ${f.path}`);
        }
        if (!paths.every((p) => isInsideAny(p, wd))) {
          return holdAsk(state, step, {
            kind: 'plain',
            reason: 'outsideWorkingDirectory',
            message: `edits ${f.path}, outside the working directories`,
            blockedPath: f.path,
          });
        }
        if (state.mode === 'acceptEdits' || state.mode === 'auto') {
          return decide(state, step, 'allow', 'mode', `${state.mode}: edits ${f.path}, inside the working directories`);
        }
        return holdAsk(state, step, { kind: 'plain', reason: 'workingDirectory', message: `edits ${f.path}` });
      }
      case 'shell': {
        const ro = shellReadOnly(state);
        const afterCd = ro.ok ? readAfterCd(state) : undefined;
        if (afterCd !== undefined) {
          return holdAsk(state, step, {
            kind: 'plain',
            reason: 'toolDefault',
            message: `${afterCd} reads a path relative to where an earlier cd moved, and a Read deny rule is configured: Claude Code asks for that, so toolgate does too`,
          });
        }
        if (ro.ok) return decide(state, step, 'allow', 'readOnly', readOnlyMessage(ro));
        if (state.mode === 'acceptEdits' && !planBlocks(state) && !writesWithCd(state) && !changesDirectoryTwice(state)) {
          const verdicts = partVerdicts(state, []);
          if (verdicts?.every((v) => v.readOnly || v.acceptEdit) && redirectWritesOk(state).ok) {
            return decide(state, step, 'allow', 'mode', 'acceptEdits: file commands inside the working directories');
          }
        }
        // Read-only parts whose only writes are redirections into files an Edit allow rule covers
        // (`printf … > src/y.js` under `Edit(src/**)`): what the rule approves in any mode but
        // plan (Claude Code CLI 2.1.332).
        const redirects =
          state.mode !== 'plan' && !planBlocks(state) && partVerdicts(state, [])?.every((v) => v.readOnly)
            ? redirectWritesOk(state)
            : undefined;
        if (redirects?.ok === true && redirects.rule !== undefined) {
          return decide(
            state,
            step,
            'allow',
            'rule',
            `every command is read-only and its redirections write only files an Edit allow rule covers (${redirects.rule.rule.text})`,
            { rule: ruleRef(redirects.rule) },
          );
        }
        const why = uncoveredWhy(state);
        if (why?.outside !== undefined)
          return holdAsk(state, step, { kind: 'plain', reason: 'outsideWorkingDirectory', message: why.message, blockedPath: why.outside });
        return holdAsk(state, step, {
          kind: 'plain',
          reason: f.analysis.unknown.length > 0 || f.analysis.stateChanges.length > 0 ? 'shellUnknown' : 'toolDefault',
          message: why?.message ?? ro.why ?? 'not read-only',
        });
      }
      case 'powershell': {
        const v = powerShellTouches(state, f);
        return v.allow
          ? decide(state, step, 'allow', v.reason, v.message)
          : holdAsk(state, step, { kind: 'plain', reason: v.reason, message: v.message });
      }
      case 'web':
        return holdAsk(state, step, {
          kind: 'plain',
          reason: 'toolDefault',
          message: state.call.tool === 'WebSearch' ? 'web searches ask' : `fetches ${hostOfUrl(f.url) ?? f.url}`,
        });
      case 'interaction':
        return decide(state, step, 'allow', 'toolDefault', `${state.call.tool} only reads or talks to the user`);
      case 'mcp':
        return holdAsk(state, step, { kind: 'plain', reason: 'toolDefault', message: 'MCP tools ask unless a rule says otherwise' });
      case 'other':
      case 'invalid':
        return holdAsk(state, step, { kind: 'plain', reason: 'toolDefault', message: `${state.call.tool} asks by default` });
    }
  },
};

export const modeStep: PipelineStep = {
  name: 'mode',
  run(state) {
    const ask = state.pendingAsk ?? { kind: 'plain' as const, reason: 'toolDefault' as const, message: 'nothing allowed the call' };
    const extra = {
      askKind: ask.kind,
      ...(ask.rule ? { rule: ask.rule } : {}),
      ...(ask.blockedPath !== undefined ? { blockedPath: ask.blockedPath } : {}),
    };
    const mode = state.mode;
    if (mode === 'dontAsk') return decide(state, 'mode', 'deny', ask.reason, `dontAsk refuses what would ask: ${ask.message}`, extra);
    if (ask.kind === 'firm') return decide(state, 'mode', 'ask', ask.reason, `${ask.message}; no mode answers a firm ask`, extra);
    if (ask.kind === 'planBlock') return decide(state, 'mode', 'ask', ask.reason, ask.message, extra);
    if (ask.kind === 'guardedRead')
      return decide(
        state,
        'mode',
        'ask',
        ask.reason,
        `${ask.message}; no mode answers it: a person, or an allow rule for this exact command`,
        extra,
      );
    if (mode === 'bypassPermissions') {
      if (ask.kind === 'protected' && state.ctx.options?.protectedPathsUnderBypass !== 'allow') {
        return decide(state, 'mode', 'ask', ask.reason, `${ask.message}; bypassPermissions does not answer protected paths`, extra);
      }
      return decide(state, 'mode', 'allow', 'mode', `bypassPermissions allows: ${ask.message}`);
    }
    if (mode === 'auto') return decide(state, 'mode', 'ask', 'classifier', `auto: the classifier judges this call (${ask.message})`, extra);
    return decide(state, 'mode', 'ask', ask.reason, ask.message, extra);
  },
};

/** The shared steps dialects are built from, by name. @public */
export const STEPS = {
  validInput: invalidInput,
  toolRemoved,
  denyRules: restrictiveStep('deny'),
  readsOutsideWorkingDirectories: readsOutside,
  writesOutsideWorkingDirectories: writesOutside,
  sandboxCredentials,
  askRules: restrictiveStep('ask'),
  userInteraction,
  unseenShell,
  criticalAndProtectedPaths: criticalAndProtected,
  allowRules,
  whatTheCallTouches: touches,
  mode: modeStep,
} as const;

/** The default (Claude Code) order of steps. @public */
export const CLAUDE_CODE_STEPS: readonly PipelineStep[] = [
  STEPS.validInput,
  STEPS.toolRemoved,
  STEPS.denyRules,
  STEPS.readsOutsideWorkingDirectories,
  STEPS.writesOutsideWorkingDirectories,
  STEPS.sandboxCredentials,
  STEPS.askRules,
  STEPS.userInteraction,
  STEPS.unseenShell,
  STEPS.criticalAndProtectedPaths,
  STEPS.allowRules,
  STEPS.whatTheCallTouches,
  STEPS.mode,
];

function factsContext(ctx: EvaluationContext, env: MatchEnv, git: GitReads | undefined): FactsContext {
  const out: FactsContext = {
    cwd: ctx.cwd,
    home: ctx.home,
    platform: env.platform,
    shell: shellOf(ctx),
    cdPath: environmentValue(ctx.environment, 'CDPATH'),
    oldPwd: environmentValue(ctx.environment, 'OLDPWD'),
  };
  if (ctx.environment !== undefined) out.environment = ctx.environment;
  if (ctx.fs) {
    out.realpath = (p: string) => ctx.fs?.realpath(p);
    if (ctx.fs.isDirectory) out.isDirectory = (p: string) => ctx.fs?.isDirectory?.(p);
    // One budget for every glob of the call, so a line of many stays bounded too.
    const view = ctx.fs;
    const budget = newBudget();
    if (view.list) out.globMatches = (glob: string) => globMatches(view, glob, budget);
    out.gitTracksBelow = (p: string) => gitTracksBelow(view, p, (n) => environmentValue(ctx.environment, n) !== null);
    out.gitObjectPaths = (dir, ids, indexPaths) =>
      gitObjectPaths(view, dir, ids, indexPaths, (n) => environmentValue(ctx.environment, n) !== null);
    const reads = git ?? gitReads(view);
    out.gitOrderFile = (dir: string) => gitOrderFile(reads, dir, ctx.home, (n) => environmentValue(ctx.environment, n));
    out.gitWorkTree = (dir: string) => movedWorkTree(reads, dir, ctx.home, (n) => environmentValue(ctx.environment, n));
  }
  return out;
}

/**
 * The protected paths of a call: the options' or the dialect's, with every `.config/…` entry also
 * under the folder `XDG_CONFIG_HOME` names when the environment facts (the one door) say it is set:
 * the programs read their configuration there instead of `~/.config`. A value not known (no facts)
 * is taken as the usual `~/.config`; a relative one is where the command runs. The prepared
 * context keeps the last one made: a call whose base list, dialect and environment values are the
 * same gets it again (the cwd, home and platform are the prepared context's own).
 */
function protectedSpecOf(ctx: EvaluationContext, prepared: PreparedContext, dialect: Dialect): ProtectedPathSpec {
  const base = ctx.options?.protectedPaths ?? dialect.protectedPaths;
  const last = prepared.protectedSpec;
  if (last !== undefined && last.base === base && last.dialectVariables === dialect.userConfigDirEnv && sameValues(last, ctx))
    return last.spec;
  const env = prepared.env;
  const norm = { cwd: ctx.cwd, home: ctx.home, platform: env.platform };
  const withStartup = withStartupFolders(base, ctx, norm);
  const withUser = withUserConfigDirs(withStartup, ctx, dialect, norm);
  const configHome = environmentValue(ctx.environment, 'XDG_CONFIG_HOME');
  const spec = typeof configHome !== 'string' ? withUser : protectedUnderConfigHome(withUser, normalizePath(configHome, norm));
  const names = [...STARTUP_FOLDER_VARIABLES, ...STARTUP_FOLDER_LIST_VARIABLES, ...(dialect.userConfigDirEnv ?? []), 'XDG_CONFIG_HOME'];
  prepared.protectedSpec = {
    base,
    dialectVariables: dialect.userConfigDirEnv,
    names,
    values: names.map((name) => environmentValue(ctx.environment, name)),
    spec,
  };
  return spec;
}

/** Whether each variable a kept protected-path list was made from has the same value in `ctx`'s environment facts. */
function sameValues(kept: PreparedProtectedSpec, ctx: EvaluationContext): boolean {
  for (let i = 0; i < kept.names.length; i++) if (environmentValue(ctx.environment, kept.names[i]!) !== kept.values[i]) return false;
  return true;
}

/**
 * `spec` with the user settings folder the dialect's variable names (`CLAUDE_CONFIG_DIR`) where the
 * environment facts say it is set: its `settings.json` is the user layer, so it is protected as
 * `~/.claude` is (red team 24, RT24-I). Not known: `~/.claude`, protected already.
 */
function withUserConfigDirs(spec: ProtectedPathSpec, ctx: EvaluationContext, dialect: Dialect, norm: Parameters<typeof normalizePath>[1]) {
  const folders = (dialect.userConfigDirEnv ?? [])
    .map((name) => environmentValue(ctx.environment, name))
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map((v) => normalizePath(v, norm));
  return protectedWithFolders(spec, folders);
}

/**
 * `spec` with the folders IPYTHONDIR, JUPYTER_CONFIG_DIR, GEM_HOME and each entry of GEM_PATH name,
 * where the environment facts say they are set.
 */
function withStartupFolders(spec: ProtectedPathSpec, ctx: EvaluationContext, norm: Parameters<typeof normalizePath>[1]): ProtectedPathSpec {
  const value = (name: string) => environmentValue(ctx.environment, name);
  const separator = norm.platform === 'windows' ? ';' : ':';
  const folders = [
    ...STARTUP_FOLDER_VARIABLES.map(value),
    ...STARTUP_FOLDER_LIST_VARIABLES.flatMap((name) => {
      const list = value(name);
      return typeof list === 'string' ? list.split(separator) : [];
    }),
  ]
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .map((v) => normalizePath(v, norm));
  return protectedWithFolders(spec, folders);
}

export function makeState(
  call: ToolCall,
  ctx: EvaluationContext,
  mode: PermissionMode,
  prepared: PreparedContext,
  dialect: Dialect,
): EvalState {
  const { env, workingDirectories } = prepared;
  // One discovery and one configuration read per repository for the whole call (never kept past it).
  const git = ctx.fs !== undefined ? gitReads(ctx.fs) : undefined;
  let facts = callFacts(call, factsContext(ctx, env, git));
  if (facts.kind === 'shell') {
    // The walk's own list: where each command runs is kept with it (`commandDirectories`).
    const walked = facts.effects;
    // A bare name found along PATH in a directory the agent may write runs that file: opaque code.
    const world = pathWorld(ctx, env, workingDirectories);
    markWritablePrograms(facts.analysis, world, facts.effects);
    // A path the view shows cannot run is no command a program with no model starts.
    markNonPrograms(facts.analysis, facts.effects, world);
    // `torsocks sh -c 'cp … .claude/settings.json'`: shell code in the words of a program with no model (decision 0125).
    markWordShellCode(facts.analysis);
    // `envdir d ls` with a file d/LD_PRELOAD: the variables a folder's files give the command (decision 0131).
    markFolderEnvironment(facts.analysis, facts.effects, world);
    // `cp -d docs/rc x && echo … >> x`: where a link copied or moved as a link leads is written (decision 0162).
    const kept = ctx.fs !== undefined ? keptLinkWrites(facts.effects, ctx.fs) : [];
    if (kept.length > 0) facts = { ...facts, effects: [...facts.effects, ...kept] };
    // What the passes below share, made once for the call.
    const norm = { cwd: ctx.cwd, home: ctx.home, platform: env.platform };
    const home = normalizePath(ctx.home, norm);
    const cwd = normalizePath(ctx.cwd, norm);
    const variable = (name: string): string | null | undefined => environmentValue(ctx.environment, name);
    const dirs = (i: number): readonly string[] | undefined => commandDirectories(walked, i);
    // `gdb --version` with a ~/.gdbearlyinit, `less x` with a ~/.lesskey that sets LESSOPEN: code at start.
    markStartupCode(facts.analysis, facts.effects, { view: ctx.fs, home, variable });
    // A git command that runs a hook the repository holds runs the project's code.
    if (git !== undefined) {
      markGitHookRuns(facts.analysis, facts.effects, world, git, variable);
      // An alias or program the configuration files name is judged as the command git runs.
      const configured = gitConfigRuns(facts.analysis, facts.effects, world, git, variable, env.platform);
      if (configured.effects.length > 0) facts = { ...facts, effects: [...facts.effects, ...configured.effects] };
      if (configured.starts.length > 0) facts.matching.startedByConfiguration(configured.starts);
      // A misspelt subcommand the user's configuration autocorrects runs a command not judged.
      const corrected = gitAutocorrectWrites(facts.analysis, facts.effects, world.cwd, world.home, git, variable);
      if (corrected.length > 0) facts = { ...facts, effects: [...facts.effects, ...corrected] };
    }
    // Options a program reads from its own config file (`~/.curlrc`) are not on the command line.
    const config = configFileReasons(facts.analysis, facts.effects, { view: ctx.fs, variable, home, cwd, dirs });
    if (config.reasons.length > 0 || config.effects.length > 0)
      facts = { ...facts, effects: [...facts.effects, ...config.effects], unresolved: [...facts.unresolved, ...config.reasons] };
    // `strings @list` reads the files list names: the view shows them (or what it reads is unknown).
    const response = responseFileReads(facts.analysis, facts.effects, { view: ctx.fs, cwd, home, platform: env.platform });
    if (response.effects.length > 0 || response.unresolved.length > 0)
      facts = { ...facts, effects: [...facts.effects, ...response.effects], unresolved: [...facts.unresolved, ...response.unresolved] };
    // `kubectl kustomize DIR`: the kustomization and what it names, where the view shows them.
    const kustomized = kustomizationReads(facts.analysis, facts.effects, ctx.fs);
    if (kustomized.settled.length > 0)
      facts = { ...facts, effects: kustomized.effects, unresolved: facts.unresolved.filter((u) => !kustomized.settled.includes(u)) };
    // `git fsck --lost-found` writes blobs' contents into .git/lost-found: reading them reads
    // committed content under names that say nothing (decision 0091), a guarded read where a
    // Read deny rule could match what the repository ever held.
    let lostFound: PathEffect[] | undefined;
    for (const e of facts.effects) {
      if (
        e.op === 'read' &&
        // An entry (or pattern of entries) read, or the folder read whole; a listing reads names only.
        (/\/\.git\/lost-found\/[^/]+\/./.test(e.path) || (e.tree !== undefined && /\/\.git\/lost-found(\/|$)/.test(e.path)))
      )
        (lostFound ??= []).push({
          op: 'read',
          path: '/**',
          raw: `/** (what ${e.path} holds, where git fsck --lost-found wrote the contents of files the repository holds)`,
          literal: false,
          command: e.command,
          glob: true,
        });
    }
    if (lostFound !== undefined) facts = { ...facts, effects: [...facts.effects, ...lostFound] };
    // `gcc -E x.c` reads what x.c's #include lines name, which may be computed: some path (decision 0096).
    const included = includedFileReads(facts.analysis);
    if (included.length > 0) facts = { ...facts, effects: [...facts.effects, ...included] };
    // `gcc @rsp` with `-B ./tools` in rsp runs tools/cc1: opaque code, as on the command line.
    for (const o of response.opaque) {
      const cmd = facts.analysis.commands[o.command];
      if (cmd !== undefined && cmd.opaque === undefined) cmd.opaque = o.reason;
    }
    // `tar --remove-files -T list`, `git rm --pathspec-from-file=list`: the list's lines, through the view.
    const listed = listNamedRemovals(facts.analysis, facts.effects, { view: ctx.fs, cwd, home, platform: env.platform });
    if (listed.length > 0) facts = { ...facts, effects: [...facts.effects, ...listed] };
    // `api-extractor run`: the files its configuration names, read through the view.
    const named = configNamedWrites(facts.analysis, facts.effects, ctx.fs, {
      dirs,
      resolve: (word, dir) => normalizePath(word, { cwd: dir, home: ctx.home, platform: env.platform }),
    });
    if (named.length > 0) facts = { ...facts, effects: [...facts.effects, ...named] };
    // `find -L dir -delete` removes what the links inside dir lead to: the view says where.
    const linked = removalsThroughLinks(facts.effects, ctx.fs);
    if (linked.effects.length > 0 || linked.unresolved.length > 0)
      facts = { ...facts, effects: [...facts.effects, ...linked.effects], unresolved: [...facts.unresolved, ...linked.unresolved] };
  }
  return {
    call,
    ctx,
    mode,
    facts,
    index: indexPolicy(ctx.policy, ctx.session?.rules, credentialsInForce(ctx)),
    env,
    workingDirectories,
    protectedSpec: protectedSpecOf(ctx, prepared, dialect),
    dialect,
    trace: [],
    ...(git !== undefined ? { git } : {}),
  };
}
