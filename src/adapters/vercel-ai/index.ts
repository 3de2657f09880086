/**
 * toolgate for the Vercel AI SDK (`ai` v6, an optional peer dependency): gated tool sets whose
 * asks are the SDK's tool approvals and whose denials reach the model as tool errors. Only types
 * are imported from `ai`.
 * @packageDocumentation
 */
export { gateTools, ToolCallDeniedError, type GateToolsOptions, type GatedTools } from './tools.js';
export type { RestoreAsksResult, ToolDenial } from '../shared/host-asks.js';
