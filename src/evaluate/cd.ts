import type { Decision, Platform, RuleList } from '../core/types.js';
import { normalizePath } from '../paths/index.js';
import { matchPathRule } from '../rules/index.js';
import type { CompiledRule, Policy } from '../settings/types.js';
import { ruleRef } from './state.js';

/** Where a `/cd` happens: the session's directories and the rules in force. @public */
export interface CdContext {
  /** The merged policy: its `Cd(...)` rules are the ones consulted. */
  policy: Policy;
  /** Current working directory: a relative target and `./p` rules resolve against it. */
  cwd: string;
  /** Home directory: `~` in the target and `~/p` rules. */
  home: string;
  /** Project root: `/p` rules anchor here. Defaults to `cwd`. */
  projectDir?: string;
  /** Rules added for the session (source kind `session`). */
  sessionRules?: readonly CompiledRule[];
  /** Path conventions; default `linux`. */
  platform?: Platform;
}

/**
 * Does a `Cd(...)` rule cover a directory? Anchors as in `Read(...)` (`/p` project root, `//abs`,
 * `~/p`, `./p`), matched against the whole path (a bare `src` is `<cwd>/src`, never any `src`
 * below); a trailing `/**` also matches the directory itself. A bare `Cd` covers every directory.
 */
function covers(cr: CompiledRule, dir: string, ctx: Required<Omit<CdContext, 'sessionRules' | 'policy'>>): boolean {
  if (cr.rule.family === 'bare') return true;
  // Whole-path matching: every anchor is written out as an absolute `//` pattern, so a name
  // without an inner `/` means that path under its anchor, never the name at any depth.
  const spec = cr.rule.specifier ?? '';
  const abs = (base: string, rest: string) =>
    `/${normalizePath(`${base.replace(/\/+$/, '')}/${rest}`, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform })}`;
  const written = spec.startsWith('//')
    ? spec
    : spec.startsWith('~/')
      ? abs(ctx.home, spec.slice(2))
      : spec.startsWith('/')
        ? abs(ctx.projectDir, spec.slice(1))
        : abs(ctx.cwd, spec.replace(/^\.\//, ''));
  const rule = { ...cr.rule, specifier: written };
  const m = { cwd: ctx.cwd, home: ctx.home, slashAnchor: ctx.projectDir, platform: ctx.platform, list: 'allow' as RuleList };
  if (matchPathRule(rule, dir, m)) return true;
  return rule.specifier?.endsWith('/**') === true && matchPathRule(rule, `${dir.replace(/\/+$/, '')}/x`, m);
}

/**
 * Decide the user's `/cd` to `target` with `Cd(...)` rules (Claude Code docs, "Configure
 * permissions": `Cd` rules govern the `/cd` command only; the model cannot call it). A deny rule
 * denies; an ask rule asks; once any `Cd` allow rule exists the allow rules are an allowlist — a
 * directory none covers is denied; with no `Cd` allow rule every other directory is allowed. For
 * hosts that have a `/cd` command: call it before changing the session's directory. Never throws.
 * @public
 */
export function decideCd(target: string, ctx: CdContext): Decision {
  const platform = ctx.platform ?? 'linux';
  const norm = (p: string) => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform });
  const env = { cwd: norm(ctx.cwd), home: norm(ctx.home), projectDir: norm(ctx.projectDir ?? ctx.cwd), platform };
  const dir = norm(target);
  const rules = [...(ctx.sessionRules ?? []), ...ctx.policy.rules].filter((cr) => cr.rule.tool === 'Cd' && cr.rule.ignored !== true);
  const trace: Decision['trace'] = [];
  for (const list of ['deny', 'ask'] as const) {
    const hit = rules.find((cr) => cr.list === list && covers(cr, dir, env));
    if (hit) {
      const message = `${list === 'deny' ? 'denied' : 'asked'} by ${hit.rule.text}: /cd ${dir}`;
      trace.push({ step: `${list}Rules`, outcome: list, detail: message, rule: ruleRef(hit) });
      return {
        behavior: list,
        reason: { kind: 'rule', message },
        rule: ruleRef(hit),
        trace,
        ...(list === 'ask' ? { askKind: 'firm' as const } : {}),
      };
    }
  }
  const allows = rules.filter((cr) => cr.list === 'allow');
  if (allows.length === 0) {
    trace.push({ step: 'allowRules', outcome: 'allow', detail: 'no Cd allow rule: every directory no deny or ask rule covers' });
    return { behavior: 'allow', reason: { kind: 'toolDefault', message: `/cd ${dir}: no Cd rule restricts it` }, trace };
  }
  const hit = allows.find((cr) => covers(cr, dir, env));
  if (hit) {
    const message = `allowed by ${hit.rule.text}: /cd ${dir}`;
    trace.push({ step: 'allowRules', outcome: 'allow', detail: message, rule: ruleRef(hit) });
    return { behavior: 'allow', reason: { kind: 'rule', message }, rule: ruleRef(hit), trace };
  }
  const message = `/cd ${dir}: Cd allow rules are an allowlist and none of the ${allows.length} covers it`;
  trace.push({ step: 'allowRules', outcome: 'deny', detail: message });
  return { behavior: 'deny', reason: { kind: 'rule', message }, trace };
}
