// Copy of src/rules/parse.ts's parseRule before its fast paths (only the imports, the name and the doc comment changed).
import type { Diagnostic } from '../../../src/core/types.js';
import { diag } from '../../../src/rules/diagnostics.js';
import { firstUnescaped, lastUnescaped, unescapeRuleContent } from '../../../src/rules/escape.js';
import { isMcpName, legacyToolName, PRIMARY_FIELD_NAMES, toolInfo } from '../../../src/rules/tools.js';
import type { ParseRuleResult, Rule } from '../../../src/rules/types.js';

const TOOL_NAME_CHAR = /[A-Za-z0-9_.*-]/;
const PARAM = /^([A-Za-z_-][A-Za-z0-9_-]*)\s*:\s*([\s\S]*)$/;
const HOST_BAD = /[\s/?#@\\()]/;

function fail(first: Diagnostic, ...rest: Diagnostic[]): ParseRuleResult {
  return { ok: false, issues: [first, ...rest] };
}

/**
 * The general path of `parseRule` as it stood before its fast paths (plain index searches when the
 * rule holds no backslash, char-code tool-name checks, no object spreads): the oracle the
 * property tests compare `parseRule` with. Not to be changed with `parseRule`.
 */
export function parseRuleReference(text: string): ParseRuleResult {
  if (typeof text !== 'string') return fail(diag('TG_RULE_EMPTY', 'A rule must be a string.', 0, 0));
  const warnings: Diagnostic[] = [];
  const s = text.trim();
  if (s === '') return fail(diag('TG_RULE_EMPTY', 'The rule is empty.', 0, text.length));
  const offset = text.indexOf(s);
  if (s.length !== text.length) {
    warnings.push(diag('TG_RULE_WHITESPACE', 'Whitespace around the rule was removed.', 0, text.length));
  }

  const open = firstUnescaped(s, '(');
  let name: string;
  let raw: string | undefined;
  if (open === -1) {
    const stray = firstUnescaped(s, ')');
    if (stray !== -1) {
      return fail(diag('TG_RULE_UNBALANCED_PAREN', 'A `)` without a matching `(`.', offset + stray, offset + stray + 1));
    }
    name = s;
  } else {
    name = s.slice(0, open);
    const close = lastUnescaped(s, ')');
    if (close === -1 || close < open) {
      return fail(
        diag('TG_RULE_UNBALANCED_PAREN', 'This `(` is never closed: the rule must end with `)`.', offset + open, offset + open + 1),
      );
    }
    if (close !== s.length - 1) {
      return fail(
        diag(
          'TG_RULE_TRAILING_TEXT',
          `Unexpected text after the closing \`)\`: "${s.slice(close + 1)}".`,
          offset + close + 1,
          offset + s.length,
        ),
      );
    }
    raw = s.slice(open + 1, close);
  }

  if (name === '') return fail(diag('TG_RULE_EMPTY_TOOL', 'The rule has no tool name before `(`.', offset, offset + 1));
  for (let i = 0; i < name.length; i++) {
    if (!TOOL_NAME_CHAR.test(name[i]!)) {
      return fail(diag('TG_RULE_INVALID_TOOL_NAME', `Tool names cannot contain "${name[i]}" (in "${name}").`, offset + i, offset + i + 1));
    }
  }
  let tool = name;
  const legacy = legacyToolName(name);
  if (legacy !== undefined) {
    tool = legacy;
    warnings.push(diag('TG_RULE_LEGACY_TOOL_NAME', `"${name}" is now called "${legacy}".`, offset, offset + name.length));
  }
  const toolIsGlob = tool.includes('*');
  const bare = (): ParseRuleResult => ({ ok: true, rule: { text, tool, toolIsGlob, family: 'bare' }, warnings });

  if (raw === undefined) return bare();
  const specStart = offset + open + 1;
  const specEnd = offset + s.length - 1;
  if (raw === '') {
    warnings.push(diag('TG_RULE_EMPTY_PARENS', `Empty parentheses mean every call: write "${tool}".`, specStart - 1, specEnd + 1));
    return bare();
  }
  const content = unescapeRuleContent(raw);
  if (content === '*') return bare();
  if (toolIsGlob) {
    return fail(diag('TG_RULE_GLOB_SPECIFIER', 'A tool-name glob cannot take a specifier.', specStart, specEnd));
  }
  if (isMcpName(tool)) {
    return fail(
      diag('TG_RULE_MCP_SPECIFIER', `MCP tools take no specifier: write "${tool}" (or "mcp__server__*").`, specStart - 1, specEnd + 1),
    );
  }

  const info = toolInfo(tool);
  const base = { text, tool, toolIsGlob: false };
  const param = PARAM.exec(content);
  if (info !== undefined && param !== null) {
    const field = param[1]!;
    const value = param[2]!;
    const isPrimary = field === info.primaryField && PRIMARY_FIELD_NAMES.includes(field);
    if (isPrimary || info.params.includes(field) || (field === info.primaryField && info.specifier === 'content')) {
      const rule: Rule = { ...base, family: 'param', specifier: `${field}:${value}`, param: { name: field, value } };
      if (isPrimary) {
        rule.ignored = true;
        warnings.push(
          diag(
            'TG_RULE_PARAM_PRIMARY',
            `"${field}" is ${tool}'s primary field: write "${tool}(${value})"; this rule is ignored.`,
            specStart,
            specEnd,
          ),
        );
      } else if (info.specifier === 'bash' && value === '*') {
        warnings.push(
          diag(
            'TG_RULE_PARAM_AMBIGUOUS',
            `Read as "any call that sets ${field}"; for the \`${field}\` command write "${tool}(${field} *)".`,
            specStart,
            specEnd,
          ),
        );
      }
      return { ok: true, rule, warnings };
    }
  }

  const kind = info?.specifier ?? 'content';
  switch (kind) {
    case 'bash':
    case 'content': {
      if (content.trim() === ':*') return fail(diag('TG_RULE_EMPTY_PREFIX', '`:*` needs a prefix before it.', specStart, specEnd));
      if (content.endsWith(':*')) {
        const prefix = content.slice(0, -2);
        warnings.push(diag('TG_RULE_LEGACY_PREFIX', `Legacy ":*" suffix: write "${tool}(${prefix} *)".`, specEnd - 2, specEnd));
      }
      const rule: Rule = { ...base, family: kind === 'bash' ? 'bash' : 'content', specifier: content };
      return { ok: true, rule, warnings };
    }
    case 'path':
      return { ok: true, rule: { ...base, family: 'path', specifier: content }, warnings };
    case 'pathIgnored': {
      const cover = tool === 'Glob' || tool === 'Grep' || tool === 'LSP' || tool === 'NotebookRead' ? 'Read' : 'Edit';
      warnings.push(
        diag(
          'TG_RULE_PATH_IGNORED',
          `${tool}(...) path rules are never consulted: write "${cover}(${raw})", which covers ${tool}.`,
          specStart,
          specEnd,
        ),
      );
      return { ok: true, rule: { ...base, family: 'path', specifier: content, ignored: true }, warnings };
    }
    case 'domain': {
      const m = /^domain:([\s\S]*)$/.exec(content);
      if (m === null) {
        return fail(
          diag('TG_RULE_DOMAIN', `WebFetch rules take "domain:<host>", e.g. "WebFetch(domain:example.com)".`, specStart, specEnd),
        );
      }
      const host = m[1]!.trim().toLowerCase().replace(/\.+$/, '');
      if (host === '*') return bare();
      if (host === '' || HOST_BAD.test(host) || host.includes('..')) {
        return fail(diag('TG_RULE_DOMAIN', `"${m[1]!}" is not a host name or host pattern.`, specStart + 7, specEnd));
      }
      return { ok: true, rule: { ...base, family: 'domain', specifier: `domain:${host}`, domain: host }, warnings };
    }
    case 'none':
      warnings.push(
        diag('TG_RULE_SPECIFIER_IGNORED', `${tool} takes no specifier: write "${tool}"; this rule is ignored.`, specStart, specEnd),
      );
      return { ok: true, rule: { ...base, family: 'content', specifier: content, ignored: true }, warnings };
  }
}
