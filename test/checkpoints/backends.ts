import {
  createMemoryCheckpointStorage,
  createMemoryWorkspace,
  createNodeCheckpointStorage,
  createNodeWorkspace,
  type CheckpointStorage,
  type WorkspaceFs,
} from '../../src/checkpoints/index.js';
import { makeTempDir } from './helpers.js';

export interface Backend {
  /** The working directory (exists, empty). */
  root: string;
  storage: CheckpointStorage;
  workspace: WorkspaceFs;
  /** A fresh storage object over the same stored data (a process restart). */
  reopen(): CheckpointStorage;
  cleanup(): Promise<void>;
}

export const backends: { name: string; make(): Promise<Backend> }[] = [
  {
    name: 'memory',
    async make() {
      const storage = createMemoryCheckpointStorage();
      const workspace = createMemoryWorkspace();
      const root = '/home/user/project';
      await workspace.mkdir(root);
      return { root, storage, workspace, reopen: () => storage, cleanup: async () => undefined };
    },
  },
  {
    name: 'node',
    async make() {
      const tmp = await makeTempDir();
      const root = `${tmp.dir}/project`;
      const storeDir = `${tmp.dir}/store`;
      const workspace = createNodeWorkspace();
      await workspace.mkdir(root);
      return {
        root,
        storage: createNodeCheckpointStorage(storeDir),
        workspace,
        reopen: () => createNodeCheckpointStorage(storeDir),
        cleanup: tmp.cleanup,
      };
    },
  },
];
