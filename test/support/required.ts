/**
 * Parts some tests need from the machine: a Chromium, the Claude Code binary, a network namespace.
 * Where one is missing the tests that need it skip with the reason — unless the part is listed in
 * `TOOLGATE_REQUIRE` (comma-separated; `.ci/run` lists all three), where they run and fail, so CI
 * never passes by skipping them.
 */
export type RequiredPart = 'chromium' | 'claude-cli' | 'netns';

/** Whether `TOOLGATE_REQUIRE` lists the part. */
export function isRequired(part: RequiredPart): boolean {
  return (process.env['TOOLGATE_REQUIRE'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(part);
}

/**
 * How a suite that needs some parts runs: `skip` with the reason when one is missing and none of
 * the missing ones is required; otherwise `run` (a missing required part is then a failure the
 * suite reports, with `missing` as its message).
 */
export function requirement(missing: { part: RequiredPart; why: string }[]): { skip: string | undefined; missing: string | undefined } {
  const why = missing.map((m) => m.why).join('; ');
  if (missing.length === 0) return { skip: undefined, missing: undefined };
  return { skip: missing.some((m) => isRequired(m.part)) ? undefined : why, missing: why };
}
