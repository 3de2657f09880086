/**
 * toolgate for MCP clients (`@modelcontextprotocol/sdk`, an optional peer dependency): `callTool`
 * gated under `mcp__<server>__<tool>`. Only types are imported from the MCP SDK.
 * @packageDocumentation
 */
export { gateMcpClient, mcpToolName, type GateMcpClientOptions, type McpCallToolClient } from './client.js';
