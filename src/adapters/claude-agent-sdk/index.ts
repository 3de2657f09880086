/**
 * toolgate for the Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`, an optional peer
 * dependency): a gate's `canUseTool` and `hooks` for `query()`, the mappings between toolgate's
 * results and the SDK's `PermissionResult` / hook output, and the reverse — SDK-shaped callbacks
 * run by toolgate. Only types are imported from the SDK.
 * @packageDocumentation
 */
export { toAgentSdkOptions, type AgentSdkOptions, type AgentSdkOptionsInput } from './options.js';
export { fromPermissionResult, toPermissionResult, toPreToolUseOutput } from './map.js';
export { gateOptionsFromAgentSdk, type AgentSdkPermissionOptions, type GateOptionsFromAgentSdk } from './reverse.js';
