import { readdirSync, readFileSync } from 'node:fs';

/**
 * The ids of a process and of its threads, as `/proc/PID/task` lists them now: each thread's id
 * reaches the process's memory through `/proc/ID/` and ptrace as the process id does; and its
 * process group as `-PGID` (`kill -ABRT -PGID` signals every process of the group). Where there
 * is no `/proc` (macOS), the process id alone.
 */
export function processIds(pid: number = process.pid): () => ReadonlySet<string> {
  return () => {
    const ids = new Set([String(pid)]);
    try {
      for (const t of readdirSync(`/proc/${pid}/task`)) ids.add(t);
      // Field 5 of /proc/PID/stat, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const pgid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];
      if (pgid !== undefined && /^\d+$/.test(pgid)) ids.add(`-${pgid}`);
    } catch {
      // No /proc: threads cannot be reached by their own ids there either.
    }
    return ids;
  };
}
