import type { FileSystem } from '../../core/ports.js';

/** Longest text passed on as is (Claude Code docs, "Hooks reference": 10,000 characters). @public */
export const MAX_HOOK_TEXT_CHARS = 10_000;
/** Characters kept as a preview when a text is spilled. @public */
export const SPILL_PREVIEW_CHARS = 2_000;

/** Where and how to spill long text. @public */
export interface SpillTarget {
  fs?: FileSystem;
  /** Absolute directory for spilled files. */
  dir?: string;
  /** File name stem, e.g. the handler id; made safe for file names. */
  name: string;
}

/**
 * Keep `text` when it is at most {@link MAX_HOOK_TEXT_CHARS}; otherwise save the whole text to
 * `<dir>/<name>.txt` through the FileSystem port and return a preview with the file's path. Without
 * a file system (or when the write fails) the preview says how many characters were dropped.
 * @public
 */
export async function spillLongText(text: string, target: SpillTarget): Promise<{ text: string; spilledTo?: string }> {
  if (text.length <= MAX_HOOK_TEXT_CHARS) return { text };
  const preview = text.slice(0, SPILL_PREVIEW_CHARS);
  if (target.fs !== undefined && target.dir !== undefined) {
    const path = `${target.dir.replace(/[/\\]+$/, '')}/${target.name.replace(/[^A-Za-z0-9._-]/g, '_')}.txt`;
    try {
      await target.fs.mkdir(target.dir);
      await target.fs.writeFile(path, text);
      return { text: `${preview}\n… [hook output truncated: ${text.length} characters, full text saved to ${path}]`, spilledTo: path };
    } catch {
      // fall through to a plain truncation
    }
  }
  return { text: `${preview}\n… [hook output truncated: ${text.length - SPILL_PREVIEW_CHARS} more characters not shown]` };
}
