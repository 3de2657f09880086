/**
 * Checkpoints: record file contents before Edit, Write, MultiEdit and NotebookEdit change them,
 * and rewind code and conversation to before any prompt (toolgate spec, "Checkpoints and
 * rewind"; Claude Code docs, Checkpointing). Changes made by Bash are not tracked.
 * @packageDocumentation
 */
export { createCheckpoints, TRACKED_TOOLS } from './checkpoints.js';
export type { Checkpoints, CheckpointsOptions, CheckpointResult } from './checkpoints.js';
export type { ByteStream, CheckpointStorage, Sha256, StoredBlob, WorkspaceFs, WorkspaceStat } from './ports.js';
export type * from './types.js';
export { parseIndex, serializeIndex } from './index-document.js';
export type { ParseIndexResult } from './index-document.js';
export { normalizePath, pathStyleOf } from './path.js';
export type { PathStyle } from './path.js';
export { createMemoryCheckpointStorage, createMemoryWorkspace, webCryptoSha256 } from './memory.js';
export type { MemoryCheckpointStorage, MemoryNode, MemoryWorkspace } from './memory.js';
export { createNodeCheckpointStorage, createNodeWorkspace, nodeSha256 } from './node.js';
export type { NodeCheckpointStorageOptions } from './node.js';
