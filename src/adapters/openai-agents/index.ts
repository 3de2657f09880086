/**
 * toolgate for the OpenAI Agents SDK (`@openai/agents`, an optional peer dependency): function
 * tools get `needsApproval` and an input guardrail from a gate; approvals resume through the
 * SDK's run state. Only types are imported from `@openai/agents`.
 * @packageDocumentation
 */
export { gateAgentTools, TOOLGATE_GUARDRAIL_NAME, type GateAgentToolsOptions, type GatedAgentTools } from './tools.js';
export type { RestoreAsksResult } from '../shared/host-asks.js';
