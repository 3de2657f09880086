import type { PipelineStep } from '../../evaluate/index.js';
import { decide, pass } from '../../evaluate/index.js';
import { isInsideAny, normalizePath } from '../../paths/index.js';
import { inputOf } from '../shared/input.js';

/**
 * Refuse bypassPermissions where the host says so (`dialectInput.allowBypass === false`): a
 * server or worker started without `--allow-bypass-permissions` decides as `default`, whatever
 * the request says (toolgate spec, noeta "Permission modes").
 * @public
 */
export const refuseBypass: PipelineStep = {
  name: 'refuseBypass',
  run(state) {
    if (state.mode !== 'bypassPermissions') return pass(state, 'refuseBypass', 'not in bypassPermissions');
    if (inputOf(state, 'allowBypass') !== false) return pass(state, 'refuseBypass', 'bypassPermissions is allowed here');
    state.mode = 'default';
    return pass(state, 'refuseBypass', 'bypassPermissions is refused here (allowBypass: false); deciding as default');
  },
};

/**
 * Reads of noeta's own files are allowed wherever they are: the memory directory
 * (`dialectInput.memoryDir`) and saved tool output (`dialectInput.toolOutputDir`); the plan file
 * is the engine's `planFilePath` (toolgate spec, noeta "How a call is decided").
 * @public
 */
export const noetaOwnReads: PipelineStep = {
  name: 'noetaOwnReads',
  run(state) {
    if (state.pendingAsk) return pass(state, 'noetaOwnReads', 'skipped: an ask is pending');
    const f = state.facts;
    if (f.kind !== 'read') return pass(state, 'noetaOwnReads', 'not a file read');
    const dirs: string[] = [];
    for (const key of ['memoryDir', 'toolOutputDir']) {
      const v = inputOf(state, key);
      if (typeof v === 'string' && v !== '') {
        dirs.push(normalizePath(v, { cwd: state.ctx.cwd, home: state.ctx.home, platform: state.env.platform }));
      }
    }
    const paths = f.realPath !== undefined ? [f.path, f.realPath] : [f.path];
    if (dirs.length > 0 && paths.every((p) => isInsideAny(p, dirs))) {
      return decide(state, 'noetaOwnReads', 'allow', 'workingDirectory', `reads ${f.path}, in noeta's memory or saved tool output`);
    }
    return pass(state, 'noetaOwnReads', 'not a read of the memory directory or saved tool output');
  },
};
