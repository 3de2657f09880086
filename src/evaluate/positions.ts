/**
 * Positions in a rule list, kept ascending so that rules picked from several index buckets are
 * tried in list order (the rule a scan in order would name). Shared by the Bash and path rule indexes.
 */

/** The union of two ascending position lists, ascending. */
export function mergedPositions(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) {
      out.push(x);
      i++;
    } else if (y < x) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}
