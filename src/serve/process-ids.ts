import { readdirSync } from 'node:fs';

/**
 * The ids of a process and of its threads, as `/proc/PID/task` lists them now: each thread's id
 * reaches the process's memory through `/proc/ID/` and ptrace as the process id does. Where there
 * is no `/proc` (macOS), the process id alone.
 */
export function processIds(pid: number = process.pid): () => ReadonlySet<string> {
  return () => {
    const ids = new Set([String(pid)]);
    try {
      for (const t of readdirSync(`/proc/${pid}/task`)) ids.add(t);
    } catch {
      // No /proc: threads cannot be reached by their own ids there either.
    }
    return ids;
  };
}
