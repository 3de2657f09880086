import type { RuleList } from '../core/types.js';
import { matchPathPattern } from '../paths/pattern.js';
import { matchBashPattern } from './command.js';
import { primaryField } from './tools.js';
import { matchParts, wildcardParts } from './wildcard.js';
import type { PathMatchContext, Rule } from './types.js';

/**
 * Match a `content` (or `bash`) rule against the value of the tool's primary field, with the
 * same pattern semantics as {@link matchBashPattern}: `*` wildcards and a trailing ` *` / `:*`
 * that also matches the bare prefix (`Skill(review-pr *)` matches `review-pr` and
 * `review-pr 42`). For `Agent(Explore)` the value is the call's `subagent_type`; for Skill see
 * `contentSubject`. `PowerShell(...)` rules compare case-insensitively (alias canonicalisation,
 * `gci` → `Get-ChildItem`, is the shell layer's job). An ignored rule or a rule of another family
 * never matches.
 * @public
 */
export function matchContentRule(rule: Rule, value: string): boolean {
  if (rule.ignored === true || rule.specifier === undefined) return false;
  if (rule.family !== 'content' && rule.family !== 'bash') return false;
  if (typeof value !== 'string') return false;
  // PowerShell is case-insensitive (Claude Code docs, "PowerShell"); so are its rules.
  if (rule.tool === 'PowerShell') return matchBashPattern(rule.specifier.toLowerCase(), value.toLowerCase());
  return matchBashPattern(rule.specifier, value);
}

/**
 * The text a `content` rule of `tool` is matched against, from the call's input: Skill gives
 * `skill` (a leading `/` removed) followed by ` args` when there are args; other tools give their
 * primary field when it is a string. `undefined` when there is nothing to match (never matches).
 * @public
 */
export function contentSubject(tool: string, input: Record<string, unknown>): string | undefined {
  const field = primaryField(tool);
  if (field === undefined || input === null || typeof input !== 'object') return undefined;
  const value = input[field];
  if (typeof value !== 'string') return undefined;
  if (tool === 'Skill') {
    const name = value.startsWith('/') ? value.slice(1) : value;
    const args = input['args'];
    return typeof args === 'string' && args.trim() !== '' ? `${name} ${args}` : name;
  }
  return value;
}

// A memo of a pure function of a rule's value: bounded at 4,096 entries (emptied when full).
const paramCache = new Map<string, string[]>();

/**
 * Match a parameter rule (`Agent(model:opus)`) against a call's input (Claude Code docs,
 * "Configure permissions › Parameter rules"): the named top-level field must be a string, number
 * or boolean; it is compared as a string with `*` wildcards (`\*` a literal star), exactly and
 * case-sensitively otherwise. An omitted field, an object, an array or `null` never matches. An
 * ignored rule never matches. (Parameter rules count in deny and ask lists only; see
 * `ruleCoversTool`.)
 * @public
 */
export function matchParamRule(rule: Rule, input: Record<string, unknown>): boolean {
  if (rule.family !== 'param' || rule.param === undefined || rule.ignored === true) return false;
  if (input === null || typeof input !== 'object') return false;
  if (!Object.prototype.hasOwnProperty.call(input, rule.param.name)) return false;
  const value = input[rule.param.name];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
  let parts = paramCache.get(rule.param.value);
  if (parts === undefined) {
    if (paramCache.size >= 4096) paramCache.clear();
    parts = wildcardParts(rule.param.value, true);
    paramCache.set(rule.param.value, parts);
  }
  return matchParts(parts, String(value));
}

/**
 * The host of a URL as domain rules see it: lower-cased, trailing dots removed, port and
 * credentials ignored. `undefined` when the URL cannot be parsed or has no host.
 * @public
 */
export function hostOfUrl(url: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const host = new URL(url.trim()).hostname.toLowerCase().replace(/\.+$/, '');
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

function labelsMatch(patternLabels: readonly string[], hostLabels: readonly string[]): boolean {
  if (patternLabels.length !== hostLabels.length) return false;
  return patternLabels.every((label, i) => matchParts(wildcardParts(label, false), hostLabels[i]!));
}

/**
 * Does a host match a domain pattern (Claude Code docs, "Configure permissions › WebFetch")?
 * `example.com` exactly that host; `*.example.com` its subdomains at any depth, not the apex;
 * `*` every host; elsewhere `*` stays within one label (`example.*` matches `example.org`, not
 * `example.evil.com`). Both sides compare lower-cased.
 * @public
 */
export function matchDomainPattern(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase().replace(/\.+$/, '');
  const h = host.toLowerCase().replace(/\.+$/, '');
  if (p === '*') return true;
  const hostLabels = h.split('.');
  if (p.startsWith('*.')) {
    const rest = p.slice(2).split('.');
    if (hostLabels.length <= rest.length) return false;
    return labelsMatch(rest, hostLabels.slice(hostLabels.length - rest.length));
  }
  return labelsMatch(p.split('.'), hostLabels);
}

/**
 * Match a `WebFetch(domain:...)` rule against a URL (see {@link matchDomainPattern}). A URL that
 * cannot be parsed (or has no host) matches every deny and ask domain rule and no allow rule, so
 * an odd URL can neither dodge a deny nor ride an allow.
 * @param list - The list the rule is in.
 * @public
 */
export function matchDomainRule(rule: Rule, url: string, list: RuleList): boolean {
  if (rule.family !== 'domain' || rule.domain === undefined || rule.ignored === true) return false;
  const host = hostOfUrl(url);
  if (host === undefined) return list !== 'allow';
  return matchDomainPattern(rule.domain, host);
}

/**
 * Match a Read/Edit path rule against a path (Claude Code docs, "Configure permissions › Read
 * and Edit"; gitignore semantics through the `ignore` package):
 *
 * - `//p` is absolute, `~/p` under `ctx.home`, `/p` under `ctx.slashAnchor`, `p` and `./p` under
 *   `ctx.cwd` (`../p` climbs from it);
 * - a pattern with no inner `/` matches at any depth under its anchor (`.env` matches
 *   `sub/dir/.env`, never `../.env`); `*` stays in one segment, `**` crosses them; a matched
 *   directory covers its contents — except in allow lists, where a pattern whose last segment
 *   holds a wildcard must match the path itself (`/src/*` allows `src/a.ts`, not `src/sub/a.ts`);
 * - a single-segment relative directory pattern (`src/**`) is `<cwd>/src/**` in allow lists and
 *   a `src` directory at any depth under cwd in deny/ask lists;
 * - a path outside a pattern's anchor never matches;
 * - on Windows, paths and drive-letter patterns are normalised to `/c/...` and compared
 *   case-insensitively; on macOS deny/ask rules compare case-insensitively, allow rules do not.
 *
 * Lexical only: pass the symlink target too (a deny matches if either path does, an allow needs
 * both). Ignored rules and rules of other families never match.
 *
 * @param absPath - The path the call touches (normalised here; relative paths resolve against `ctx.cwd`).
 * @public
 */
export function matchPathRule(rule: Rule, absPath: string, ctx: PathMatchContext): boolean {
  if (rule.family !== 'path' || rule.specifier === undefined || rule.ignored === true) return false;
  if (typeof absPath !== 'string') return ctx.list !== 'allow';
  return matchPathPattern(rule.specifier, absPath, ctx);
}
