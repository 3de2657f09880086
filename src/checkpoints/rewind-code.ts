/**
 * Putting recorded files back. Pure over the ports: every path is checked before anything is
 * written, every blob is verified while it streams into a temporary file beside its target, and
 * only a verified temporary file is renamed into place. Running the same rewind again finishes
 * an interrupted one: files already back read as `unchanged`.
 */
import type { CheckpointStorage, WorkspaceFs } from './ports.js';
import { baseName, normalizePath, parentOf, pathKey } from './path.js';
import type { Scope } from './scope.js';
import { BlobMismatchError, hashStream, verified } from './streams.js';
import type { CheckpointIndex, CodeRewindReport, Fingerprint, NotRestoredReason, RecordedState } from './types.js';
import { fingerprintOf, sameFingerprint } from './fingerprint.js';

interface Ports {
  storage: CheckpointStorage;
  workspace: WorkspaceFs;
  scope: Scope;
}

type Outcome =
  | { kind: 'restored' | 'removed' | 'unchanged' }
  | { kind: 'notRestored'; reason: NotRestoredReason; message: string }
  | { kind: 'error'; code: 'blobMissing' | 'hashMismatch' | 'io'; message: string };

/** For each path recorded at or after prompt `from`, its earliest recorded state (first wins). */
export function planRewind(
  index: CheckpointIndex,
  from: number,
  style: Scope['style'],
): Map<string, { path: string; before: RecordedState }> {
  const plan = new Map<string, { path: string; before: RecordedState }>();
  for (const prompt of index.prompts.slice(from)) {
    for (const file of prompt.files) {
      const key = pathKey(file.path, style);
      if (!plan.has(key)) plan.set(key, { path: file.path, before: file.before });
    }
  }
  return plan;
}

/** Carry out a code rewind to before prompt number `from` (0-based). */
export async function rewindCode(ports: Ports, index: CheckpointIndex, from: number): Promise<CodeRewindReport> {
  const prompt = index.prompts[from];
  const report: CodeRewindReport = {
    toBeforePrompt: prompt?.id ?? '',
    restored: [],
    removed: [],
    unchanged: [],
    notRestored: [],
    errors: [],
  };
  const plan = planRewind(index, from, ports.scope.style);
  const entries = [...plan.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const { path, before } of entries) {
    let outcome: Outcome;
    try {
      outcome = await restoreOne(ports, path, before);
    } catch (error) {
      outcome = { kind: 'error', code: 'io', message: describe(error) };
    }
    if (outcome.kind === 'notRestored') report.notRestored.push({ path, reason: outcome.reason, message: outcome.message });
    else if (outcome.kind === 'error') report.errors.push({ path, code: outcome.code, message: outcome.message });
    else report[outcome.kind].push(path);
  }
  for (const known of prompt?.known ?? []) {
    if (plan.has(pathKey(known.path, ports.scope.style))) continue;
    const now = await currentFingerprint(ports.workspace, known.path);
    if (now !== undefined && !sameFingerprint(now, known.fingerprint)) {
      report.notRestored.push({
        path: known.path,
        reason: 'untrackedChange',
        message:
          'changed since the prompt began other than by a tracked edit (a Bash command, another program, a later rewind); its content then was not recorded',
      });
    }
  }
  return report;
}

async function currentFingerprint(workspace: WorkspaceFs, path: string): Promise<Fingerprint | undefined> {
  try {
    return fingerprintOf(await workspace.lstat(path));
  } catch {
    return undefined;
  }
}

async function restoreOne(ports: Ports, path: string, before: RecordedState): Promise<Outcome> {
  const { workspace, scope } = ports;
  if (normalizePath(path, scope.style) !== path) {
    return { kind: 'notRestored', reason: 'invalidPath', message: 'recorded path is not a normalised absolute path' };
  }
  if (!(await scope.contains(path))) {
    return { kind: 'notRestored', reason: 'outsideWorkingDirectories', message: 'recorded path is outside the working directories' };
  }
  if (!(await scope.parentStaysInside(path))) {
    return { kind: 'notRestored', reason: 'symlinkedParent', message: 'a parent directory resolves outside the working directories' };
  }
  const current = await workspace.lstat(path);
  if (current?.kind === 'directory') {
    return { kind: 'notRestored', reason: 'isDirectory', message: 'a directory is at this path now' };
  }
  switch (before.kind) {
    case 'absent':
      if (current === undefined) return { kind: 'unchanged' };
      await workspace.remove(path);
      return { kind: 'removed' };
    case 'symlink': {
      if (current?.kind === 'symlink' && (await workspace.readlink(path)) === before.target) return { kind: 'unchanged' };
      await ensureParent(workspace, path);
      const temp = tempBeside(path, 'link');
      await workspace.remove(temp);
      await workspace.symlink(before.target, temp);
      await workspace.rename(temp, path);
      return { kind: 'restored' };
    }
    case 'file': {
      if (current?.kind === 'file' && current.size === before.size) {
        const { hash } = await hashStream(workspace.readStream(path), ports.storage.sha256());
        if (hash === before.hash) {
          if (before.mode === 0 || (current.mode & 0o7777) === before.mode) return { kind: 'unchanged' };
          await workspace.chmod(path, before.mode);
          return { kind: 'restored' };
        }
      }
      const blob = await ports.storage.readBlob(before.hash);
      if (blob === undefined) return { kind: 'error', code: 'blobMissing', message: `no stored content ${before.hash}` };
      await ensureParent(workspace, path);
      const temp = tempBeside(path, 'file');
      await workspace.remove(temp);
      try {
        await workspace.writeStream(temp, verified(blob, ports.storage.sha256(), before.hash, before.size), { mode: before.mode || 0o644 });
      } catch (error) {
        await workspace.remove(temp).catch(() => undefined);
        if (error instanceof BlobMismatchError) return { kind: 'error', code: 'hashMismatch', message: error.message };
        throw error;
      }
      if (before.mode !== 0) await workspace.chmod(temp, before.mode);
      await workspace.rename(temp, path);
      return { kind: 'restored' };
    }
  }
}

async function ensureParent(workspace: WorkspaceFs, path: string): Promise<void> {
  const parent = parentOf(path);
  if ((await workspace.lstat(parent)) === undefined) await workspace.mkdir(parent);
}

/** A fixed name beside the target, so a rerun after a crash reuses (and replaces) it. */
function tempBeside(path: string, kind: 'file' | 'link'): string {
  return `${parentOf(path).replace(/\/$/, '')}/.${baseName(path).slice(0, 64)}.toolgate-rewind-${kind}`;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
