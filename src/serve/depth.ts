/**
 * Deepest nesting of objects and arrays accepted in a tool call's input. Deeper input is refused
 * at the door (recorded in the audit log, answered deny or `400`): hashing, redacting and
 * deciding all walk the input, and a walk 10,000 levels deep overflows the stack.
 * @public
 */
export const MAX_INPUT_DEPTH = 128;

/** Whether `value` nests objects or arrays more than `max` levels deep (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
