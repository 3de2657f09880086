/**
 * The gate as Node loads it (the `node` export condition of `toolgate/gate`): the same API, and
 * `createGate` sees the file system through {@link nodeFsView} unless the host passes its own
 * `fsView`, so symbolic links are followed. Other runtimes get `./index.ts`, which judges paths
 * lexically and says so in each decision's trace.
 * @packageDocumentation
 */
import { nodeFsView } from '../node/fs-view.js';
import { createGate as createLexicalGate, type Gate } from './gate.js';
import type { GateOptions } from './types.js';

export * from './index.js';

/**
 * {@link createLexicalGate | createGate} with the Node file system's view as the default
 * `fsView` (symbolic links resolved through `realpathSync`).
 * @public
 */
export function createGate(options: GateOptions): Gate {
  return createLexicalGate(options.fsView !== undefined ? options : { ...options, fsView: nodeFsView() });
}
