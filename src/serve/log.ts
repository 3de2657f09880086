/** An error as one log line: its name, message and where it was thrown, without the stack. */
export function oneLine(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const at = e.stack
    ?.split('\n')
    .find((l) => l.trimStart().startsWith('at '))
    ?.trim();
  return `${e.name}: ${e.message}${at !== undefined ? ` (${at})` : ''}`;
}
