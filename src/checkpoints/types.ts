/**
 * Shapes of the checkpoint index and of what recording and rewinding report.
 * @packageDocumentation
 */

/** A file's state before a change, as recorded. @public */
export type RecordedState =
  /** Nothing was at the path: rewinding removes what is there. */
  | { kind: 'absent' }
  /** A regular file: its content's SHA-256 (lowercase hex), size in bytes and POSIX mode bits. */
  | { kind: 'file'; hash: string; size: number; mode: number }
  /** A symbolic link, recorded as a link: its target text as stored in the link. */
  | { kind: 'symlink'; target: string };

/** One file first touched in a prompt, with its state before the change. @public */
export interface RecordedFile {
  /** Normalised absolute path. */
  path: string;
  /** The tool whose call was about to change it (`Edit`, `Write`, `MultiEdit`, `NotebookEdit`). */
  tool: string;
  before: RecordedState;
  /** When it was recorded, milliseconds since the epoch. */
  time: number;
}

/**
 * A cheap fingerprint of a file the index already knew, taken when a prompt began: used to
 * report changes no tracked tool made (a Bash `rm`, an external editor).
 * @public
 */
export type Fingerprint =
  { kind: 'absent' } | { kind: 'file' | 'directory' | 'symlink' | 'other'; size: number; mode: number; mtimeMs: number };

/** One prompt of a session. @public */
export interface PromptRecord {
  /** The host's id for the prompt (for the Agent SDK, the user message's `uuid`). */
  id: string;
  /** The prompt text, put back in the input box by a conversation rewind. */
  text: string;
  /** When the prompt began, milliseconds since the epoch. */
  time: number;
  /** The host's position in its own history where this prompt's message sits, if it gave one. */
  historyPosition?: number;
  /** Files first touched during this prompt, in order, with their state before the change. */
  files: RecordedFile[];
  /** Fingerprints, at the start of this prompt, of files recorded in earlier prompts. */
  known: { path: string; fingerprint: Fingerprint }[];
}

/** The per-session index document (stored as JSON). @public */
export interface CheckpointIndex {
  format: 'toolgate-checkpoints';
  version: 1;
  sessionId: string;
  /** The working directories when the index was created (for reference; rewind uses the host's). */
  workingDirectories: string[];
  prompts: PromptRecord[];
  /** Set while a code rewind runs; left behind when it was interrupted. */
  pendingRewind?: { toBeforePrompt: string; startedAt: number };
}

/** Why a call was not recorded. @public */
export type NotTrackedReason =
  /** Only Edit, Write, MultiEdit and NotebookEdit are tracked; Bash and other tools are not. */
  | 'toolNotTracked'
  /** The input has no string `file_path` / `notebook_path`. */
  | 'noPath'
  /** The path is outside every working directory, so a rewind could not write it back. */
  | 'outsideWorkingDirectories'
  /** A parent directory is a symlink leading outside the working directories. */
  | 'symlinkedParent'
  /** Something other than a file or symlink is at the path (a directory, a device). */
  | 'notAFile';

/** What `recordBeforeEdit` did. @public */
export type RecordResult =
  | {
      kind: 'recorded';
      /** Every entry written (a symlink inside the working directories adds its target's entry). */
      files: RecordedFile[];
      /** Set when the path is a symlink whose target is outside the working directories: the edit will change a file rewind cannot restore. */
      warning?: 'symlinkTargetOutside';
    }
  | { kind: 'alreadyRecorded'; path: string }
  | { kind: 'notTracked'; reason: NotTrackedReason; path?: string }
  | { kind: 'failed'; code: CheckpointErrorCode; message: string; path?: string };

/** Why a recorded path was not written back. @public */
export type NotRestoredReason =
  /** The recorded path is not a normalised absolute path (e.g. it contains `..`). */
  | 'invalidPath'
  /** The path is outside the working directories the host passed in. */
  | 'outsideWorkingDirectories'
  /** A parent directory resolves (through a symlink) outside the working directories. */
  | 'symlinkedParent'
  /** A directory is at the path now; toolgate does not remove or replace directories. */
  | 'isDirectory'
  /** A file the index knew changed since the prompt by something no tracked tool did (e.g. Bash); its content then was never recorded. */
  | 'untrackedChange';

/** Stable codes of failures. @public */
export type CheckpointErrorCode = 'unknownPrompt' | 'duplicatePrompt' | 'indexInvalid' | 'blobMissing' | 'hashMismatch' | 'io';

/** What a code rewind did, path by path. Every path appears in at most one list. @public */
export interface CodeRewindReport {
  toBeforePrompt: string;
  /** Written back to their recorded content (file or symlink), or mode restored. */
  restored: string[];
  /** Did not exist before the prompt and were removed. */
  removed: string[];
  /** Already in their recorded state. */
  unchanged: string[];
  /** Not written, on purpose. */
  notRestored: { path: string; reason: NotRestoredReason; message: string }[];
  /** Could not be written back: the blob is missing or does not match its hash, or I/O failed. */
  errors: { path: string; code: CheckpointErrorCode; message: string }[];
}

/** Where the host's conversation branches for a conversation rewind. @public */
export interface ConversationRewind {
  /**
   * The new branch holds the host's history up to, not including, this prompt's user message.
   * `promptIndex` counts prompts from 0; `historyPosition` is what the host gave `beginPrompt`.
   */
  historyFrom: { promptId: string; promptIndex: number; historyPosition?: number };
  /** The prompt to put back in the input box. */
  prompt: { id: string; text: string; time: number };
}

/** A failure of a whole operation. @public */
export interface CheckpointFailure {
  ok: false;
  code: CheckpointErrorCode;
  message: string;
}

/** One entry of `listRewindPoints()`. @public */
export interface RewindPoint {
  promptId: string;
  text: string;
  time: number;
  /** 0-based position among the session's prompts. */
  index: number;
  /** Paths recorded in this prompt or a later one: what a code rewind to before it would touch. */
  filesChangedSince: string[];
  /** Whether a code rewind has anything to put back (Claude Code shows code options only then). */
  hasCodeChanges: boolean;
}
