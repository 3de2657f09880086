/**
 * robota's permission patterns (robota docs, "Pattern Syntax"): `Tool`, `Tool(arg)`,
 * `Tool(name:value)` parameter rules (deny and ask only), and tool-name globs (`github__*`).
 * @packageDocumentation
 */
import type { RuleList } from '../../core/types.js';
import { matchBashPattern } from '../../rules/index.js';
import { memo, pathGlobRegExp, textGlobRegExp } from '../shared/glob.js';
import { canonicalUrl, compileUrlPattern, matchUrl } from './url.js';

/** A parsed robota pattern. @public */
export interface RobotaRule {
  text: string;
  /** Tool name; may hold `*` (a tool-name glob). */
  tool: string;
  toolIsGlob: boolean;
  kind: 'bare' | 'content' | 'param';
  /** The argument of `Tool(arg)`. */
  content?: string;
  /** For `Tool(name:value)`. */
  param?: { name: string; value: string };
  /** A parameter rule on the tool's primary field: reported, and it asks on every call. */
  primaryParam?: boolean;
}

/** What robota knows of a tool: its risk class, primary field and parameters (its profile). @public */
export interface RobotaToolProfile {
  risk?: 'inspect' | 'modify' | 'execute';
  primaryField?: string;
  /** How the primary field is matched. */
  match?: 'command' | 'path' | 'text' | 'url';
  params?: readonly string[];
  /** Other names of the same implementation: a rule naming any of them governs all (robota issue #3115). */
  aliases?: readonly string[];
}

/**
 * robota's built-in tool profiles. A tool without a risk class asks (deny in plan mode). MCP
 * tools are named `<server>__<tool>` and have none unless the host declares one.
 * @public
 */
export const ROBOTA_TOOL_PROFILES: Readonly<Record<string, RobotaToolProfile>> = {
  Bash: {
    risk: 'execute',
    primaryField: 'command',
    match: 'command',
    params: ['command', 'run_in_background', 'timeout', 'description', 'workingDirectory'],
    aliases: ['Shell'],
  },
  Shell: {
    risk: 'execute',
    primaryField: 'command',
    match: 'command',
    params: ['command', 'run_in_background', 'timeout', 'description', 'workingDirectory'],
    aliases: ['Bash'],
  },
  BackgroundProcess: { risk: 'execute', primaryField: 'command', match: 'command', params: ['command'] },
  ExecuteCommand: { risk: 'execute', primaryField: 'command', match: 'command', params: ['command'] },
  Read: { risk: 'inspect', primaryField: 'filePath', match: 'path', params: ['filePath', 'offset', 'limit'] },
  Write: { risk: 'modify', primaryField: 'filePath', match: 'path', params: ['filePath', 'content'] },
  Edit: { risk: 'modify', primaryField: 'filePath', match: 'path', params: ['filePath', 'oldString', 'newString', 'replaceAll'] },
  MultiEdit: { risk: 'modify', primaryField: 'filePath', match: 'path', params: ['filePath', 'edits'] },
  NotebookEdit: { risk: 'modify', primaryField: 'filePath', match: 'path', params: ['filePath'] },
  Glob: { risk: 'inspect', primaryField: 'pattern', match: 'text', params: ['pattern', 'path'] },
  Grep: { risk: 'inspect', primaryField: 'pattern', match: 'text', params: ['pattern', 'path', 'include'] },
  WebFetch: { risk: 'inspect', primaryField: 'url', match: 'url', params: ['url', 'prompt'] },
  WebSearch: { risk: 'inspect', primaryField: 'query', match: 'text', params: ['query'] },
  Agent: { risk: 'execute', primaryField: 'subagent_type', match: 'text', params: ['model', 'prompt', 'subagent_type', 'description'] },
  Computer: { risk: 'execute', params: [] },
  ComputerView: { risk: 'inspect', params: [] },
  CodebaseRetrieval: { risk: 'inspect', params: [] },
  AskUserQuestion: { risk: 'inspect', params: [] },
  peer_send_file: { risk: 'inspect', primaryField: 'path', match: 'path', params: ['path'] },
};

/** A tool's built-in profile (own keys only). @public */
export function robotaProfile(tool: string): RobotaToolProfile | undefined {
  return Object.prototype.hasOwnProperty.call(ROBOTA_TOOL_PROFILES, tool) ? ROBOTA_TOOL_PROFILES[tool] : undefined;
}

/** Where a tool's profile comes from: the host's declarations over the built-in ones. @public */
export type RobotaProfiles = (tool: string) => RobotaToolProfile | undefined;

const KINDS = new Set(['command', 'path', 'text', 'url']);
const RISKS = new Set(['inspect', 'modify', 'execute']);

/**
 * The profiles a host declared (robota's `registerToolPermissionProfile`: `{ riskClass, argument:
 * { key, kind }, aliases }` a tool) over the built-in ones; a declaration replaces the built-in
 * profile of its tool, as a later registration does in robota. An argument declared without a
 * kind of robota's four declares no key.
 * @public
 */
export function robotaProfiles(declared: unknown): RobotaProfiles {
  if (declared === null || typeof declared !== 'object') return robotaProfile;
  const table = declared as Record<string, unknown>;
  return (tool) => {
    if (!Object.prototype.hasOwnProperty.call(table, tool)) return robotaProfile(tool);
    const d = table[tool];
    if (d === null || typeof d !== 'object') return robotaProfile(tool);
    const { riskClass, argument, aliases } = d as { riskClass?: unknown; argument?: { key?: unknown; kind?: unknown }; aliases?: unknown };
    const profile: RobotaToolProfile = { params: robotaProfile(tool)?.params ?? [] };
    if (typeof riskClass === 'string' && RISKS.has(riskClass)) profile.risk = riskClass as RobotaToolProfile['risk'] & string;
    if (typeof argument?.key === 'string' && typeof argument.kind === 'string' && KINDS.has(argument.kind)) {
      profile.primaryField = argument.key;
      profile.match = argument.kind as RobotaToolProfile['match'] & string;
      profile.params = [...new Set([...(profile.params ?? []), argument.key])];
    }
    if (Array.isArray(aliases)) profile.aliases = aliases.filter((a): a is string => typeof a === 'string');
    return profile;
  };
}

/** The result of parsing a robota pattern. @public */
export type RobotaRuleResult = { ok: true; rule: RobotaRule } | { ok: false; message: string };

/** Parse a robota pattern. @public */
export function parseRobotaRule(text: string): RobotaRuleResult {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'is empty; expected Tool or Tool(pattern)' };
  const open = t.indexOf('(');
  if (open >= 0 && !t.endsWith(')')) return { ok: false, message: 'opens "(" without closing it; expected Tool(pattern), ending with ")"' };
  const tool = open < 0 ? t : t.slice(0, open);
  if (tool === '') return { ok: false, message: 'names no tool; expected a tool name before "("' };
  if (!/^[A-Za-z0-9_.*-]+$/.test(tool))
    return { ok: false, message: `invalid tool name "${tool}"; expected letters, digits, "_", ".", "-" or "*"` };
  const toolIsGlob = tool.includes('*');
  if (open < 0) return { ok: true, rule: { text, tool, toolIsGlob, kind: 'bare' } };
  const content = t.slice(open + 1, -1).replace(/\\([()\\])/g, '$1');
  // robota refuses `Tool()` at load (issue #2428): it says neither "every call" nor which.
  if (content === '') return { ok: false, message: `has an empty argument pattern; write ${tool} or ${tool}(*) instead` };
  if (content === '*') return { ok: true, rule: { text, tool, toolIsGlob, kind: 'bare' } };
  const pm = /^([A-Za-z_][A-Za-z0-9_]*):(?!\/\/)(.*)$/.exec(content);
  const profile = robotaProfile(tool);
  if (pm && (profile === undefined ? !toolIsGlob : (profile.params ?? []).includes(pm[1]!))) {
    const name = pm[1]!;
    const rule: RobotaRule = { text, tool, toolIsGlob, kind: 'param', param: { name, value: pm[2]! } };
    if (profile?.primaryField === name) rule.primaryParam = true;
    return { ok: true, rule };
  }
  return { ok: true, rule: { text, tool, toolIsGlob, kind: 'content', content } };
}

/**
 * Why a pattern is not valid in a list (robota's startup check), or `undefined`. Parameter rules
 * are for deny and ask only; an allow rule may glob the tool name only after a literal
 * `<server>__` prefix (`github__*`), so `*` and `Read*` are not valid allow rules.
 * @public
 */
export function robotaRuleProblem(text: string, list: RuleList): string | undefined {
  const r = parseRobotaRule(text);
  if (!r.ok) return r.message;
  if (list === 'allow') {
    if (r.rule.kind === 'param') return 'a parameter rule applies to deny and ask lists only';
    if (r.rule.toolIsGlob && !/^[A-Za-z0-9_.-]+__/.test(r.rule.tool.slice(0, r.rule.tool.indexOf('*')))) {
      return 'an allow rule may glob the tool name only after a literal <server>__ prefix';
    }
  }
  return r.rule.kind === 'content' && !r.rule.toolIsGlob ? argumentProblem(r.rule.tool, r.rule.content!) : undefined;
}

/**
 * Why an argument pattern can never be evaluated for its tool's declared argument (robota's
 * `validatePermissionPattern`, issue #2428), or `undefined`. A tool nobody declared is not judged:
 * its profile may come with a host's declaration, and until then the gate cannot tell.
 */
function argumentProblem(tool: string, content: string): string | undefined {
  const profile = robotaProfile(tool);
  if (profile?.risk === undefined) return undefined;
  if (profile.primaryField === undefined)
    return `tool "${tool}" declares no argument key, so an argument-scoped pattern can never be evaluated; expected ${tool} alone`;
  if (profile.match !== 'url') return undefined;
  if (content.startsWith('domain:')) {
    const why = domainPatternProblem(content.slice(7));
    return why === undefined
      ? undefined
      : `does not fit the domain grammar domain:host (labels of letters, digits and "-", "*" a whole label or within one) that "${tool}" is matched by: ${why}`;
  }
  const url = compileUrlPattern(content);
  return url.ok ? undefined : `does not fit the URL pattern grammar scheme://host[:port][/path] that "${tool}" is matched by: ${url.why}`;
}

/**
 * Why the host of a `domain:` pattern is not a host pattern, or `undefined`: dot-separated labels
 * (a trailing dot allowed), each `*` or letters, digits and `-` with at most single `*`s in it.
 * @public
 */
export function domainPatternProblem(host: string): string | undefined {
  if (host === '') return 'the host is empty';
  if (/[/:@?#\\\s]/u.test(host)) return `"${host}" is not a host (a scheme, port, path, user info, query, fragment, "\\" or white space)`;
  const labels = (host.endsWith('.') ? host.slice(0, -1) : host).split('.');
  for (const label of labels) {
    if (label === '') return `"${host}" has an empty label`;
    if (label.includes('**')) return `** inside the label ${label} cannot be matched`;
    if (!/^[\p{L}\p{N}*-]+$/u.test(label)) return `the label ${label} holds a character a host cannot`;
  }
  return undefined;
}

const textRe = memo((p: string) => textGlobRegExp(p));
const pathRe = memo((p: string) => pathGlobRegExp(p));
const urlPattern = memo((p: string) => compileUrlPattern(p));

/**
 * Does a rule's tool name (maybe a glob) cover a tool, under its own name or one of its aliases?
 * Case-sensitive.
 * @public
 */
export function robotaToolMatches(rule: RobotaRule, tool: string, profiles: RobotaProfiles = robotaProfile): boolean {
  const names = [tool, ...(profiles(tool)?.aliases ?? [])];
  return names.some((name) => (rule.toolIsGlob ? textRe(rule.tool).test(name) : rule.tool === name));
}

/** How a rule relates to a value: it matches, it does not, or it cannot be evaluated. @public */
export type RobotaMatch = 'match' | 'none' | 'unevaluable';

/** Canonical form of a file path for matching: `\` as `/`, `.` and `..` resolved, drive letters kept. @public */
export function robotaCanonicalPath(path: string, cwd: string, home: string): string {
  let p = path.replace(/\\/g, '/');
  if (p === '~' || p.startsWith('~/')) p = `${home}${p.slice(1)}`;
  const drive = /^[A-Za-z]:\//.test(p);
  if (!p.startsWith('/') && !drive) p = `${cwd.replace(/\/+$/, '')}/${p}`;
  const head = drive ? p.slice(0, 2).toUpperCase() : '';
  const segs: string[] = [];
  for (const s of (drive ? p.slice(2) : p).split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') segs.pop();
    else segs.push(s);
  }
  return `${head}/${segs.join('/')}`;
}

/** `/…`, `~/…`, `C:/…` or `C:\\…`: a path that needs no working directory. */
function isAbsoluteLike(path: string): boolean {
  return /^(?:[/\\]|~(?:[/\\]|$)|[A-Za-z]:[/\\])/.test(path);
}

function paramValue(v: unknown): string | undefined | null {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return null;
}

/**
 * Match the content of a rule against one call (the whole call; for Bash, deny and ask rules are
 * tried on every part by the steps). `unevaluable` when the rule or the call's value cannot be
 * judged (a URL with user info, an object parameter, a tool with no field to match).
 * @public
 */
export function matchRobotaContent(
  rule: RobotaRule,
  tool: string,
  input: Record<string, unknown>,
  env: { cwd: string; home: string; noCwd?: boolean; profiles?: RobotaProfiles },
  commandText?: string,
): RobotaMatch {
  const profiles = env.profiles ?? robotaProfile;
  if (!robotaToolMatches(rule, tool, profiles)) return 'none';
  if (rule.kind === 'bare') return 'match';
  if (rule.kind === 'param') {
    const v = paramValue(input[rule.param!.name]);
    if (v === undefined) return 'none';
    if (v === null) return 'unevaluable';
    return textRe(rule.param!.value).test(v) ? 'match' : 'none';
  }
  const content = rule.content!;
  const profile = profiles(tool);
  // A tool nobody declared an argument for: a pattern scoped to its argument cannot be evaluated
  // (robota CORE-030) — "cannot tell" is not "no".
  if (!profile?.primaryField) return 'unevaluable';
  const raw = commandText ?? input[profile.primaryField];
  if (raw === undefined) return 'none';
  if (typeof raw !== 'string') return 'unevaluable';
  switch (profile.match) {
    case 'command': {
      const spec = content.endsWith(':*') ? `${content.slice(0, -2)} *` : content;
      return matchBashPattern(spec, raw.trim()) ? 'match' : 'none';
    }
    case 'path': {
      const anchored = content.includes('/') || content.includes('\\') || content.startsWith('~');
      // With no working directory a relative path has no base: under an anchored pattern that is
      // "cannot tell", never "no" (robota, argument-matchers `matchPath`).
      if (env.noCwd === true && anchored && !isAbsoluteLike(raw)) return 'unevaluable';
      const p = robotaCanonicalPath(raw, env.cwd, env.home);
      const pat = anchored ? robotaCanonicalPath(content, env.cwd, env.home) : `**/${content}`;
      return pathRe(pat).test(p) ? 'match' : 'none';
    }
    case 'url': {
      if (content.startsWith('domain:')) {
        const host = content.slice(7);
        if (domainPatternProblem(host) !== undefined) return 'unevaluable';
        const c = canonicalUrl(raw);
        if (!c.ok) return 'unevaluable';
        return textRe(host.replace(/\.$/, '').toLowerCase()).test(c.url.host) ? 'match' : 'none';
      }
      const pat = urlPattern(content);
      if (!pat.ok) return 'unevaluable';
      const c = canonicalUrl(raw);
      if (!c.ok) return 'unevaluable';
      return matchUrl(pat.pattern, c.url) ? 'match' : 'none';
    }
    default:
      return textRe(content).test(raw) ? 'match' : 'none';
  }
}
