/**
 * `createCheckpoints`: record files before tracked tools change them, list rewind points, and
 * rewind code and conversation (toolgate spec, "Checkpoints and rewind"; Claude Code docs,
 * Checkpointing).
 * @packageDocumentation
 */
import type { Clock } from '../core/ports.js';
import type { ToolCall } from '../core/types.js';
import { indexLines, parseIndex } from './index-document.js';
import { pathKey, pathStyleOf, type PathStyle } from './path.js';
import type { CheckpointStorage, WorkspaceFs, WorkspaceStat } from './ports.js';
import { planRewind, rewindCode as runRewindCode } from './rewind-code.js';
import { createScope } from './scope.js';
import { fingerprintOf } from './fingerprint.js';
import type {
  CheckpointErrorCode,
  CheckpointFailure,
  CheckpointIndex,
  CodeRewindReport,
  ConversationRewind,
  PromptRecord,
  RecordedFile,
  RecordedState,
  RecordResult,
  RewindPoint,
} from './types.js';

/**
 * The tools whose changes are recorded, with the input field holding the path. Changes made by
 * Bash (or any other tool) are not tracked, as in Claude Code.
 * @public
 */
export const TRACKED_TOOLS: Readonly<Record<string, 'file_path' | 'notebook_path'>> = {
  Edit: 'file_path',
  Write: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

/** Options of {@link createCheckpoints}. @public */
export interface CheckpointsOptions {
  /** Where recorded contents and the index live (`createNodeCheckpointStorage`, `createMemoryCheckpointStorage`). */
  storage: CheckpointStorage;
  /** The files being edited (`createNodeWorkspace`, `createMemoryWorkspace`). */
  workspace: WorkspaceFs;
  /** The session (conversation) the index belongs to; the same id resumes it. */
  sessionId: string;
  /**
   * Absolute working directories (cwd first, then additional ones). Only paths inside them are
   * recorded, and a rewind writes nowhere else, whatever the index says. Relative tool paths are
   * taken against the first.
   */
  workingDirectories: readonly string[];
  /** Time source, milliseconds since the epoch. Default: `Date.now`. */
  clock?: Clock;
  /** Path conventions. Default: `windows` when the first working directory has a drive letter. */
  pathStyle?: PathStyle;
}

/** A successful operation carries `ok: true`; failures are {@link CheckpointFailure} values. @public */
export type CheckpointResult<T> = ({ ok: true } & T) | CheckpointFailure;

/** What {@link createCheckpoints} returns. No method throws; failures are values. @public */
export interface Checkpoints {
  /**
   * Start a prompt (a user message). Call it before the prompt's tool calls. `historyPosition`
   * is the host's own position for the message, returned by conversation rewinds. Takes a
   * fingerprint of each file recorded earlier, so a later rewind can report changes made by
   * tools toolgate does not track. Fails with `duplicatePrompt` for an id already used.
   */
  beginPrompt(promptId: string, text: string, options?: { historyPosition?: number }): Promise<CheckpointResult<{ index: number }>>;
  /**
   * Record the file a tool call is about to change, before it runs: Edit, Write, MultiEdit
   * (`input.file_path`) and NotebookEdit (`input.notebook_path`), once per file per prompt; the
   * index is durable when the promise resolves. Other tools give `notTracked` — changes made by
   * Bash are not tracked (as in Claude Code) and a rewind cannot undo them. A symlink is
   * recorded as a link; its target is recorded too when it is inside the working directories.
   * A host that must not lose edits should not run a call whose result is `failed`.
   */
  recordBeforeEdit(call: ToolCall, promptId: string): Promise<RecordResult>;
  /** The session's prompts in order, each with the files changed since it began. */
  listRewindPoints(): Promise<CheckpointResult<{ points: RewindPoint[] }>>;
  /**
   * Put every file recorded in this prompt or later back to its state before this prompt;
   * a file that did not exist then is removed. Only recorded paths inside the working
   * directories are written, each blob is verified against its SHA-256 before it replaces a
   * file, and running it again completes an interrupted run. Directories are never removed.
   */
  rewindCode(toBeforePrompt: string): Promise<CheckpointResult<CodeRewindReport>>;
  /**
   * Where the host's conversation branches to go back to before a prompt, and the prompt text to
   * put back in the input box. Nothing is cut or changed: the host starts a new branch from
   * `historyFrom` and keeps the old one.
   */
  rewindConversation(toBeforePrompt: string): Promise<CheckpointResult<ConversationRewind>>;
  /** Both rewinds, as chosen ("Restore code and conversation", "Restore code", "Restore conversation"). */
  rewind(
    choice: { code: boolean; conversation: boolean },
    toBeforePrompt: string,
  ): Promise<CheckpointResult<{ code?: CodeRewindReport; conversation?: ConversationRewind }>>;
  /** The prompt a code rewind was rewinding to when it was interrupted, if one was; run it again to finish. */
  pendingRewind(): Promise<string | undefined>;
}

/**
 * Create the checkpoints of one session. The index is read from `storage` on first use, so a
 * new process with the same `sessionId` resumes where the last one stopped.
 * @public
 */
export function createCheckpoints(options: CheckpointsOptions): Checkpoints {
  const { storage, workspace, sessionId } = options;
  const clock = options.clock ?? { now: () => Date.now() };
  const style = options.pathStyle ?? pathStyleOf(options.workingDirectories[0] ?? '/');
  const scope = createScope(workspace, options.workingDirectories, style);
  let index: CheckpointIndex | undefined;
  let broken: string | undefined;
  let stored = false;
  let chain: Promise<unknown> = Promise.resolve();

  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const fail = (code: CheckpointErrorCode, message: string): CheckpointFailure => ({ ok: false, code, message });

  async function load(): Promise<CheckpointIndex | CheckpointFailure> {
    if (index !== undefined) return index;
    if (broken !== undefined) return fail('indexInvalid', broken);
    let text: string | undefined;
    try {
      text = await storage.readIndex(sessionId);
    } catch (error) {
      return fail('io', `cannot read the index: ${(error as Error).message}`);
    }
    if (text === undefined) {
      index = { format: 'toolgate-checkpoints', version: 1, sessionId, workingDirectories: [...scope.directories], prompts: [] };
      return index;
    }
    const parsed = parseIndex(text);
    if (!parsed.ok) {
      broken = parsed.message;
      return fail('indexInvalid', parsed.message);
    }
    index = parsed.index;
    stored = true;
    return index;
  }

  /** Append journal lines, writing the header first for a new index. */
  const append = async (idx: CheckpointIndex, lines: string): Promise<void> => {
    await storage.appendIndex(sessionId, stored ? lines : indexLines.header(idx) + lines);
    stored = true;
  };
  const isFailure = (x: CheckpointIndex | CheckpointFailure): x is CheckpointFailure => 'ok' in x;
  const findPrompt = (idx: CheckpointIndex, id: string): number => idx.prompts.findIndex((p) => p.id === id);
  /** Path keys of a prompt's recorded files, kept in step with `prompt.files` (which only grows, or drops a failed append). */
  const keysOf = new WeakMap<PromptRecord, { count: number; keys: Set<string> }>();
  const recordedKeys = (prompt: PromptRecord): Set<string> => {
    let entry = keysOf.get(prompt);
    if (entry === undefined || entry.count > prompt.files.length) {
      entry = { count: 0, keys: new Set() };
      keysOf.set(prompt, entry);
    }
    for (; entry.count < prompt.files.length; entry.count++) entry.keys.add(pathKey(prompt.files[entry.count]!.path, style));
    return entry.keys;
  };

  async function beginPrompt(promptId: string, text: string, opts?: { historyPosition?: number }) {
    const idx = await load();
    if (isFailure(idx)) return idx;
    if (findPrompt(idx, promptId) >= 0) return fail('duplicatePrompt', `prompt ${promptId} was already begun`);
    const known: PromptRecord['known'] = [];
    const seen = new Set<string>();
    for (const prompt of idx.prompts) {
      for (const file of prompt.files) {
        const key = pathKey(file.path, style);
        if (seen.has(key)) continue;
        seen.add(key);
        try {
          known.push({ path: file.path, fingerprint: fingerprintOf(await workspace.lstat(file.path)) });
        } catch {
          // A path that cannot be inspected gets no fingerprint; rewind then reports nothing for it.
        }
      }
    }
    const record: PromptRecord = { id: promptId, text, time: clock.now(), files: [], known };
    if (opts?.historyPosition !== undefined) record.historyPosition = opts.historyPosition;
    idx.prompts.push(record);
    try {
      await append(idx, indexLines.prompt(record));
    } catch (error) {
      idx.prompts.pop();
      return fail('io', `cannot write the index: ${(error as Error).message}`);
    }
    return { ok: true as const, index: idx.prompts.length - 1 };
  }

  async function capture(path: string, known?: WorkspaceStat): Promise<RecordedState | 'notAFile'> {
    const stat = known ?? (await workspace.lstat(path));
    if (stat === undefined) return { kind: 'absent' };
    if (stat.kind === 'symlink') return { kind: 'symlink', target: await workspace.readlink(path) };
    if (stat.kind !== 'file') return 'notAFile';
    const blob = await storage.putBlob(workspace.readStream(path, { size: stat.size }));
    return { kind: 'file', hash: blob.hash, size: blob.size, mode: stat.mode & 0o7777 };
  }

  async function recordBeforeEdit(call: ToolCall, promptId: string): Promise<RecordResult> {
    const field = Object.hasOwn(TRACKED_TOOLS, call.tool) ? TRACKED_TOOLS[call.tool] : undefined;
    if (field === undefined) return { kind: 'notTracked', reason: 'toolNotTracked' };
    const raw = call.input[field];
    const path = typeof raw === 'string' ? scope.normalize(raw) : undefined;
    if (path === undefined) return { kind: 'notTracked', reason: 'noPath' };
    const idx = await load();
    if (isFailure(idx)) return { kind: 'failed', code: idx.code, message: idx.message, path };
    const at = findPrompt(idx, promptId);
    const prompt = idx.prompts[at];
    if (prompt === undefined)
      return { kind: 'failed', code: 'unknownPrompt', message: `no prompt ${promptId}; call beginPrompt first`, path };
    const already = (p: string) => recordedKeys(prompt).has(pathKey(p, style));
    if (already(path)) return { kind: 'alreadyRecorded', path };
    try {
      if (!(await scope.contains(path))) return { kind: 'notTracked', reason: 'outsideWorkingDirectories', path };
      // Both are needed in the usual case; asked together, they cost one wait instead of two.
      const statOrError = workspace.lstat(path).then(
        (stat) => ({ stat }),
        (error: unknown) => ({ error }),
      );
      const [inside, looked] = await Promise.all([scope.parentStaysInside(path), statOrError]);
      if (!inside) return { kind: 'notTracked', reason: 'symlinkedParent', path };
      if ('error' in looked) throw looked.error;
      const before = await capture(path, looked.stat);
      if (before === 'notAFile') return { kind: 'notTracked', reason: 'notAFile', path };
      const files: RecordedFile[] = [{ path, tool: call.tool, before, time: clock.now() }];
      let warning: 'symlinkTargetOutside' | undefined;
      if (before.kind === 'symlink') {
        const target = await linkTarget(path, before.target);
        if (target === undefined) warning = 'symlinkTargetOutside';
        else if (!already(target)) {
          const state = await capture(target);
          if (state !== 'notAFile') files.push({ path: target, tool: call.tool, before: state, time: clock.now() });
        }
      }
      prompt.files.push(...files);
      try {
        await append(idx, files.map((f) => indexLines.file(prompt.id, f)).join(''));
      } catch (error) {
        prompt.files.splice(prompt.files.length - files.length, files.length);
        throw error;
      }
      return warning === undefined ? { kind: 'recorded', files } : { kind: 'recorded', files, warning };
    } catch (error) {
      return { kind: 'failed', code: 'io', message: (error as Error).message, path };
    }
  }

  /** Where an edit through the link at `path` lands, when that is inside the working directories. */
  async function linkTarget(path: string, target: string): Promise<string | undefined> {
    const real = await workspace.realpath(path);
    if (real !== undefined) {
      const n = scope.normalize(real);
      return n !== undefined && (await scope.realInside(n)) ? n : undefined;
    }
    // A dangling link: an edit through it creates its target.
    const lexical = scope.normalize(target.startsWith('/') || /^[A-Za-z]:/.test(target) ? target : `${path}/../${target}`);
    if (lexical === undefined || !(await scope.contains(lexical))) return undefined;
    return (await scope.parentStaysInside(lexical)) ? lexical : undefined;
  }

  async function listRewindPoints() {
    const idx = await load();
    if (isFailure(idx)) return idx;
    const points: RewindPoint[] = idx.prompts.map((p, i) => {
      const files = [...planRewind(idx, i, style).values()].map((e) => e.path);
      return { promptId: p.id, text: p.text, time: p.time, index: i, filesChangedSince: files, hasCodeChanges: files.length > 0 };
    });
    return { ok: true as const, points };
  }

  async function rewindCode(toBeforePrompt: string): Promise<CheckpointResult<CodeRewindReport>> {
    const idx = await load();
    if (isFailure(idx)) return idx;
    const at = findPrompt(idx, toBeforePrompt);
    if (at < 0) return fail('unknownPrompt', `no prompt ${toBeforePrompt}`);
    const startedAt = clock.now();
    try {
      await append(idx, indexLines.rewindStarted(toBeforePrompt, startedAt));
    } catch (error) {
      return fail('io', `cannot write the index: ${(error as Error).message}`);
    }
    idx.pendingRewind = { toBeforePrompt, startedAt };
    const report = await runRewindCode({ storage, workspace, scope }, idx, at);
    try {
      await append(idx, indexLines.rewindFinished());
      delete idx.pendingRewind;
    } catch {
      // The rewind is done; the marker stays and a rerun finds every file unchanged.
    }
    return { ok: true, ...report };
  }

  async function rewindConversation(toBeforePrompt: string): Promise<CheckpointResult<ConversationRewind>> {
    const idx = await load();
    if (isFailure(idx)) return idx;
    const at = findPrompt(idx, toBeforePrompt);
    const prompt = idx.prompts[at];
    if (prompt === undefined) return fail('unknownPrompt', `no prompt ${toBeforePrompt}`);
    const historyFrom: ConversationRewind['historyFrom'] = { promptId: prompt.id, promptIndex: at };
    if (prompt.historyPosition !== undefined) historyFrom.historyPosition = prompt.historyPosition;
    return { ok: true, historyFrom, prompt: { id: prompt.id, text: prompt.text, time: prompt.time } };
  }

  async function rewind(choice: { code: boolean; conversation: boolean }, toBeforePrompt: string) {
    const result: { ok: true; code?: CodeRewindReport; conversation?: ConversationRewind } = { ok: true };
    if (choice.conversation) {
      const conversation = await rewindConversation(toBeforePrompt);
      if (!conversation.ok) return conversation;
      const { ok: _ok, ...rest } = conversation;
      result.conversation = rest;
    }
    if (choice.code) {
      const code = await rewindCode(toBeforePrompt);
      if (!code.ok) return code;
      const { ok: _ok, ...rest } = code;
      result.code = rest;
    }
    return result;
  }

  return {
    beginPrompt: (id, text, opts) => serial(() => beginPrompt(id, text, opts)),
    recordBeforeEdit: (call, promptId) => serial(() => recordBeforeEdit(call, promptId)),
    listRewindPoints: () => serial(listRewindPoints),
    rewindCode: (id) => serial(() => rewindCode(id)),
    rewindConversation: (id) => serial(() => rewindConversation(id)),
    rewind: (choice, id) => serial(() => rewind(choice, id)),
    pendingRewind: () =>
      serial(async () => {
        const idx = await load();
        return isFailure(idx) ? undefined : idx.pendingRewind?.toBeforePrompt;
      }),
  };
}
