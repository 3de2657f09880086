/**
 * Node implementations of toolgate's ports (`toolgate/node`).
 * @packageDocumentation
 */
export { nodeFileSystem, nodeFsView } from './fs.js';
