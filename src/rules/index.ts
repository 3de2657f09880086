/**
 * Permission rules: parse, format, and match them per tool family. Pure: no I/O.
 * @packageDocumentation
 */
export type { Rule, RuleFamily, ParseRuleResult, PathMatchContext } from './types.js';
export { parseRule } from './parse.js';
export { formatRule } from './format.js';
export { escapeRuleContent, unescapeRuleContent } from './escape.js';
export { RULE_DIAGNOSTICS } from './diagnostics.js';
export type { RuleDiagnosticCode } from './diagnostics.js';
export { ruleForList } from './enforce.js';
export { ruleCoversTool, ruleWarningsForList, toolGlobMatches } from './cover.js';
export { matchBashPattern } from './command.js';
export {
  matchContentRule,
  contentSubject,
  matchParamRule,
  matchDomainRule,
  matchDomainPattern,
  hostOfUrl,
  matchPathRule,
} from './match.js';
export {
  TOOL_INFO,
  LEGACY_TOOL_NAMES,
  PRIMARY_FIELD_NAMES,
  READ_RULE_TOOLS,
  EDIT_RULE_TOOLS,
  READ_DENY_ALSO_COVERS,
  BASH_RULE_TOOLS,
  toolFamily,
  toolInfo,
  primaryField,
  isMcpName,
} from './tools.js';
export type { ToolFamily, ToolInfo, SpecifierKind } from './tools.js';
