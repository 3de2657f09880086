/**
 * The shell's default search path when `PATH` is unset (dash(1); bash adds `.` last, after the
 * system's directories): where installed programs live, in the order a shell looks.
 */
export const DEFAULT_SEARCH_PATH: readonly string[] = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
