import type { Platform, RuleList } from '../core/types.js';
import { isMcpName, parseRule, ruleForList, ruleWarningsForList, toolInfo } from '../rules/index.js';
import type { Rule } from '../rules/types.js';
import { TOOLGATE_BLOCK_KEY } from '../settings/toolgate-block.js';
import { LINT_CODES, type LintCode } from './codes.js';
import type { LintDiagnostic } from './types.js';
import { hiddenCharDiagnostics, quoteForMessage } from './hidden-diagnostics.js';
import { nearToolNames } from './tool-names.js';

const RULE_CODE_MAP: Record<string, LintCode> = {
  TG_RULE_LEGACY_PREFIX: 'TG_LINT_LEGACY_SYNTAX',
  TG_RULE_LEGACY_TOOL_NAME: 'TG_LINT_LEGACY_SYNTAX',
  TG_RULE_PATH_IGNORED: 'TG_LINT_PATH_RULE_IGNORED',
  TG_RULE_PATH_ENFORCED_AS_EDIT: 'TG_LINT_PATH_RULE_ENFORCED_AS_EDIT',
  TG_RULE_PARAM_PRIMARY: 'TG_LINT_PARAM_PRIMARY',
  TG_RULE_SPECIFIER_IGNORED: 'TG_LINT_RULE_INERT',
  TG_RULE_ALLOW_GLOB_IGNORED: 'TG_LINT_RULE_INERT',
  TG_RULE_PARAM_IN_ALLOW: 'TG_LINT_RULE_INERT',
  TG_RULE_WHITESPACE: 'TG_LINT_RULE_STYLE',
  TG_RULE_EMPTY_PARENS: 'TG_LINT_RULE_STYLE',
  TG_RULE_PARAM_AMBIGUOUS: 'TG_LINT_RULE_STYLE',
};

/** First path segments that name a root directory: `/home/...` in a rule is probably meant absolute. */
const ROOT_DIRS = /^\/(home|Users|etc|tmp|var|usr|opt|mnt|private|Volumes|root|srv|proc|dev|bin|sbin|workspace)(\/|$)/;

/** What the rule checks need besides the rule. */
export interface RuleCheckEnv {
  platform: Platform;
  /** Known MCP server names; `undefined` entries never. */
  mcpServers: ReadonlySet<string>;
  /** Whether any MCP configuration was seen (otherwise unknown servers are info). */
  mcpConfigSeen: boolean;
  /** Tools the agent has besides the built-in ones (`lint --tools`): rules on them are not unknown. */
  tools: ReadonlySet<string>;
}

const LISTS: readonly RuleList[] = ['allow', 'ask', 'deny'];

/** The server part of `mcp__server` / `mcp__server__tool`, unless it holds a glob. */
export function mcpServerOf(tool: string): string | undefined {
  if (!isMcpName(tool)) return undefined;
  const rest = tool.slice(5);
  const end = rest.indexOf('__');
  const server = end === -1 ? rest : rest.slice(0, end);
  return server === '' || server.includes('*') ? undefined : server;
}

function hostOf(spec: string): string | undefined {
  const m = /^domain:\s*([a-z][a-z0-9+.-]*:\/\/)?([^/?#\s]+)/i.exec(spec);
  if (m === null || m[1] === undefined) return undefined;
  return m[2]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .toLowerCase();
}

/**
 * Checks of each rule string on its own: does it parse, is it legacy, inert, on an unknown tool,
 * on an unconfigured MCP server, a URL where a host belongs, a path anchor that cannot be meant.
 */
export function ruleDiagnostics(json: Record<string, unknown>, file: string | undefined, env: RuleCheckEnv): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  const at = file !== undefined ? { file } : {};
  for (const { base, lists } of ruleListSites(json)) {
    for (const list of LISTS) {
      const rules = lists[list];
      if (!Array.isArray(rules)) continue;
      rules.forEach((text, index) => {
        if (typeof text !== 'string') return;
        const path = [...base, list, index];
        const push = (code: LintCode, severity: LintDiagnostic['severity'], message: string, extra: Partial<LintDiagnostic> = {}) =>
          out.push({ code, severity, message: `${quoteForMessage(text)}: ${message}`, path, ...at, ...extra });
        out.push(
          ...hiddenCharDiagnostics(
            text,
            path,
            file,
            `this ${list} rule`,
            list === 'deny' ? ', so it refuses nothing' : list === 'ask' ? ', so it asks about nothing' : '',
          ),
        );
        const parsed = parseRule(text);
        if (!parsed.ok) {
          const issue = parsed.issues[0];
          if (issue.code === 'TG_RULE_DOMAIN') {
            const host = /^\s*WebFetch\(([\s\S]*)\)\s*$/.exec(text)?.[1];
            const fixed = host !== undefined ? hostOf(host) : undefined;
            if (fixed !== undefined) {
              push(
                'TG_LINT_NEVER_MATCHES',
                'warning',
                `a domain rule takes a host, not a URL: it never matches; write "WebFetch(domain:${fixed})"`,
                { related: issue.code, ...(issue.range ? { range: issue.range } : {}) },
              );
              return;
            }
          }
          const dropped = list === 'allow' ? 'the rule is dropped' : `this ${list} rule is dropped, so it protects nothing`;
          push('TG_LINT_RULE_UNPARSEABLE', 'error', `${issue.message.replace(/\.$/, '')}; ${dropped}`, {
            related: issue.code,
            ...(issue.range ? { range: issue.range } : {}),
          });
          return;
        }
        spaceInParens(text, parsed.rule, list, push);
        const enforced = ruleForList(parsed, list);
        for (const w of [...enforced.warnings, ...(enforced.rule.ignored === true ? [] : ruleWarningsForList(enforced.rule, list))]) {
          const code = RULE_CODE_MAP[w.code];
          if (code === undefined) continue;
          push(code, LINT_CODES[code].severity, w.message, { related: w.code, ...(w.range ? { range: w.range } : {}) });
        }
        checkRule(enforced.rule, list, env, push);
      });
    }
  }
  return out;
}

/**
 * Each rule a dialect's own load check refuses (`toolgate lint --dialect`), with its file, JSON
 * path and why — what the dialect expected instead.
 */
export function dialectRuleDiagnostics(
  json: Record<string, unknown>,
  file: string | undefined,
  dialect: string,
  check: (text: string, list: RuleList) => string | undefined,
): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  for (const { base, lists } of ruleListSites(json)) {
    for (const list of LISTS) {
      const rules = lists[list];
      if (!Array.isArray(rules)) continue;
      rules.forEach((text, index) => {
        if (typeof text !== 'string') return;
        const why = check(text, list);
        if (why === undefined) return;
        out.push({
          code: 'TG_LINT_RULE_UNPARSEABLE',
          severity: 'error',
          message: `${quoteForMessage(text)}: ${why}; the ${dialect} dialect cannot evaluate this ${list} rule`,
          path: [...base, list, index],
          ...(file !== undefined ? { file } : {}),
        });
      });
    }
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every object of a settings file that holds rule lists: `permissions`, each `$toolgate.agents.<type>` and `$toolgate.shadow`. */
function ruleListSites(json: Record<string, unknown>): { base: (string | number)[]; lists: Record<string, unknown> }[] {
  const sites: { base: (string | number)[]; lists: Record<string, unknown> }[] = [];
  if (isObject(json['permissions'])) sites.push({ base: ['permissions'], lists: json['permissions'] });
  const block = json[TOOLGATE_BLOCK_KEY];
  const agents = isObject(block) ? block['agents'] : undefined;
  if (isObject(agents))
    for (const [type, spec] of Object.entries(agents))
      if (isObject(spec)) sites.push({ base: [TOOLGATE_BLOCK_KEY, 'agents', type], lists: spec });
  const shadow = isObject(block) ? block['shadow'] : undefined;
  if (isObject(shadow)) sites.push({ base: [TOOLGATE_BLOCK_KEY, 'shadow'], lists: shadow });
  return sites;
}

type Push = (code: LintCode, severity: LintDiagnostic['severity'], message: string) => void;

/**
 * A space just inside the parentheses (`Read(./.env )`, `Bash( rm *)`). Command rules match word
 * by word and domain rules are trimmed, so there toolgate reads the rule as if the space were not
 * there; in path, content and parameter rules the space is part of the pattern.
 */
function spaceInParens(text: string, rule: Rule, list: RuleList, push: Push): void {
  const s = text.trim();
  const open = s.indexOf('(');
  if (open === -1 || !s.endsWith(')')) return;
  const inner = s.slice(open + 1, -1);
  const bare = inner.trim();
  if (bare === inner || bare === '') return;
  const where = inner.startsWith(bare) ? 'trailing' : inner.endsWith(bare) ? 'leading' : 'leading and trailing';
  const fixed = `${s.slice(0, open)}(${bare})`;
  if (rule.family === 'bash' || rule.family === 'domain') {
    push(
      'TG_LINT_SPACE_IN_PARENS',
      'warning',
      `${where} space inside the parentheses: toolgate reads this rule as "${fixed}", but a tool that compares the text may not; write "${fixed}"`,
    );
    return;
  }
  const what = list === 'deny' ? 'refuses' : list === 'ask' ? 'asks about' : 'allows';
  push(
    'TG_LINT_SPACE_IN_PARENS',
    list === 'allow' ? 'warning' : 'error',
    `${where} space inside the parentheses is part of the pattern: this ${list} rule ${what} only ${JSON.stringify(inner)}, space included, not ${JSON.stringify(bare)}; write "${fixed}"`,
  );
}

function checkRule(rule: Rule, list: RuleList, env: RuleCheckEnv, push: Push): void {
  const tool = rule.tool;
  if (!rule.toolIsGlob && !isMcpName(tool) && toolInfo(tool) === undefined && !env.tools.has(tool)) {
    // A deny or ask rule that never matches protects nothing: an error. An allow rule that never matches only allows nothing.
    const severity = list === 'allow' ? 'warning' : 'error';
    const consequence = list === 'deny' ? ', so it refuses nothing' : list === 'ask' ? ', so it asks about nothing' : '';
    const near = nearToolNames(tool);
    if (near.length > 0) {
      const fixed = near.map((n) => `"${rule.text.trim().replace(tool, n)}"`).join(' or ');
      const caseOnly = near.some((n) => n.toLowerCase() === tool.toLowerCase());
      push(
        'TG_LINT_TOOL_NEAR_MISS',
        severity,
        `no Claude Code tool is called "${tool}"${caseOnly ? ' (tool names are case-sensitive)' : ''}; did you mean ${fixed}? This ${list} rule never matches${consequence}`,
      );
    } else {
      push(
        'TG_LINT_UNKNOWN_TOOL',
        severity,
        `no Claude Code tool is called "${tool}"; this ${list} rule never matches${consequence}. If the agent has a tool of this name, declare it: toolgate lint --tools ${tool}`,
      );
    }
  }
  const server = mcpServerOf(tool);
  if (server !== undefined && !env.mcpServers.has(server)) {
    push(
      'TG_LINT_MCP_UNKNOWN_SERVER',
      env.mcpConfigSeen ? 'warning' : 'info',
      env.mcpConfigSeen
        ? `no MCP configuration seen defines the server "${server}"; this rule never matches (server names are case-sensitive)`
        : `the MCP server "${server}" is not defined in these settings (no .mcp.json or ~/.claude.json was read to check)`,
    );
  }
  if (rule.family === 'path' && rule.specifier !== undefined) {
    const spec = rule.specifier;
    if (/^[A-Za-z]:[\\/]/.test(spec) || (spec.includes('\\') && !/\\[()*?[\]{}]/.test(spec))) {
      const drive = /^([A-Za-z]):/.exec(spec)?.[1]?.toLowerCase();
      const posix = spec.replace(/^[A-Za-z]:/, '').replace(/\\/g, '/');
      push(
        'TG_LINT_PATH_ANCHOR',
        'warning',
        `a Windows path is read as a relative path in a rule and never matches where meant; write "${tool}(//${drive ?? 'c'}${posix.startsWith('/') ? '' : '/'}${posix})"`,
      );
    } else if (/^\/\/[A-Za-z](\/|$)/.test(spec) && env.platform !== 'windows') {
      push(
        'TG_LINT_PATH_ANCHOR',
        'warning',
        `"${spec.slice(1, 3)}" is a Windows drive (Git Bash form); on ${env.platform} no such directory exists, so this rule never matches here`,
      );
    } else if (/^\/\/Users(\/|$)/.test(spec) && env.platform === 'linux') {
      push('TG_LINT_PATH_ANCHOR', 'info', `/Users is the macOS home root; on linux this rule matches nothing`);
    } else if (!spec.startsWith('//') && ROOT_DIRS.test(spec)) {
      push(
        'TG_LINT_PATH_ANCHOR',
        'warning',
        `a single leading "/" anchors the pattern at the project root (Claude Code: the settings file's root), so this means <project>${spec.split('/').slice(0, 2).join('/')}/...; for the absolute path write "${tool}(/${spec})"`,
      );
    }
  }
}
