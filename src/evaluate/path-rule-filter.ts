import type { CompiledRule } from '../settings/types.js';
import type { CallFacts } from './facts.js';
import { pathRuleMatcher, type MatchEnv } from './rule-match.js';
import { outsideNeedle, pathProbe } from './path-probe.js';
import { pathCallPositions, pathRuleIndex, probesOfPaths, shellPathPositions } from './path-rule-index.js';

/** Per rule of a deny or ask list: the literal every path its pattern matches holds (`.pem` for `**‍/*.pem`), or `''`. */
interface Needles {
  env: MatchEnv;
  needles: string[];
  /** The base directory of each rule's pattern: a path no longer than it is not ruled out. */
  bases: string[];
  /** Whether any rule has a needle (when none does, nothing can be ruled out). */
  any: boolean;
}

const byList = new WeakMap<readonly CompiledRule[], Needles>();

function needlesOf(rules: readonly CompiledRule[], env: MatchEnv): Needles {
  const known = byList.get(rules);
  if (known !== undefined && known.env === env) return known;
  const needles: string[] = [];
  const bases: string[] = [];
  let any = false;
  for (const cr of rules) {
    const m = pathRuleMatcher(cr, env);
    const needle = m === undefined ? '' : m.gitignore.needle;
    needles.push(needle);
    bases.push(m === undefined ? '' : m.compiled.base);
    if (needle !== '') any = true;
  }
  const made = { env, needles, bases, any };
  byList.set(rules, made);
  return made;
}

const NONE: readonly CompiledRule[] = Object.freeze([]);

/**
 * The rules of `rules` (a deny or ask list) that may match a Read or Edit call with these facts,
 * in list order — or `undefined` for every rule. A path rule is left out when
 * none of the call's paths (the path, its real path, its aliases) holds the literal every path
 * its pattern matches must hold (`matchPathMatcher` rejects such a path before anything else),
 * so the answer is the one a scan of the whole list gives. Nothing is left out for a call whose
 * path may be another one (`aliasUnknown`), for a search pattern (`glob`), or for a path that is
 * over-long, deep or has an empty, `.` or `..` segment.
 */
export function restrictiveCandidates(
  rules: readonly CompiledRule[],
  facts: Extract<CallFacts, { kind: 'read' | 'edit' }>,
  env: MatchEnv,
): readonly CompiledRule[] | undefined {
  if (facts.aliasUnknown !== undefined || (facts.kind === 'read' && facts.glob !== undefined)) return undefined;
  const index = pathRuleIndex(rules, env);
  if (index !== undefined) {
    const probes = probesOfPaths(
      facts.realPath !== undefined ? [facts.path, facts.realPath, ...(facts.aliases ?? [])] : [facts.path, ...(facts.aliases ?? [])],
      env,
    );
    if (probes === undefined) return undefined;
    const at = pathCallPositions(index, probes);
    if (at.length === 0) return NONE;
    const out: CompiledRule[] = new Array(at.length);
    for (let k = 0; k < at.length; k++) out[k] = rules[at[k]!]!;
    return out;
  }
  return scannedCandidates(rules, facts, env);
}

/** {@link restrictiveCandidates} by a scan of the whole list: each rule's needle looked for in turn. @internal */
export function scannedCandidates(
  rules: readonly CompiledRule[],
  facts: Extract<CallFacts, { kind: 'read' | 'edit' }>,
  env: MatchEnv,
): readonly CompiledRule[] | undefined {
  if (facts.aliasUnknown !== undefined || (facts.kind === 'read' && facts.glob !== undefined)) return undefined;
  const n = needlesOf(rules, env);
  if (!n.any) return undefined;
  const a = pathProbe(facts.path, env);
  if (a === undefined) return undefined;
  const b = facts.realPath !== undefined ? pathProbe(facts.realPath, env) : '';
  if (b === undefined) return undefined;
  let aliases: string[] | undefined;
  if (facts.aliases !== undefined) {
    aliases = [];
    for (const p of facts.aliases) {
      const probe = pathProbe(p, env);
      if (probe === undefined) return undefined;
      aliases.push(probe);
    }
  }
  let out: CompiledRule[] | undefined;
  for (let i = 0; i < rules.length; i++) {
    if (!outOfReach(n.needles[i]!, n.bases[i]!, a, b, aliases)) (out ??= []).push(rules[i]!);
  }
  return out ?? NONE;
}

/** Can no path of the call (each given as its probe) match the rule? (The relative path a pattern sees is a suffix of the absolute one.) */
function outOfReach(needle: string, base: string, a: string, b: string, aliases: string[] | undefined): boolean {
  if (needle === '') return false;
  if (!outsideNeedle(needle, base, a)) return false;
  if (b !== '' && !outsideNeedle(needle, base, b)) return false;
  if (aliases !== undefined) for (const p of aliases) if (!outsideNeedle(needle, base, p)) return false;
  return true;
}

/**
 * The positions in `rules` (a deny or ask list) of the path rules a shell call may bear on
 * through the paths it touches (`shellPathPositions`), or `undefined` for all of them (a short
 * list, a list met for the first time, or a call whose paths cannot rule any out).
 */
export function shellPathCandidates(
  rules: readonly CompiledRule[],
  facts: Extract<CallFacts, { kind: 'shell' }>,
  env: MatchEnv,
): readonly number[] | undefined {
  const index = pathRuleIndex(rules, env);
  return index === undefined ? undefined : shellPathPositions(index, facts, env);
}
