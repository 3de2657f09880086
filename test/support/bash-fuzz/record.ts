/**
 * Writing what the differential found: each new fail-open as a case in the own corpus (DESIGN's
 * shape, `kind: "shell-bypass"`, its class and evidence) and as a line of known-failures.txt,
 * assigned to the issue of its class — a fail-open found is a regression case from then on.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { KNOWN_FAILURES_FILE } from '../known-failures.js';
import type { Finding } from './harness.js';

/** The case line for a finding. */
export function findingCase(f: Finding, found: Record<string, unknown>): Record<string, unknown> {
  const evidence = f.violations.map((v) => `${v.kind}: ${v.evidence}`);
  return {
    id: f.call.id,
    system: 'toolgate',
    kind: 'shell-bypass',
    class: f.class,
    issue: f.issue,
    family: f.call.group,
    summary: `verified on real bash: ${evidence[0] ?? ''}`.slice(0, 300),
    evidence: evidence.slice(0, 8),
    bash: f.bash.map((l) => l.slice(0, 300)),
    case: {
      settings: f.call.settings,
      ...(f.call.layers ? { layers: f.call.layers } : {}),
      mode: f.call.mode,
      ...(f.call.calls
        ? {
            steps: f.call.calls.map((command, i) => ({
              call: { tool: 'Bash', input: { command } },
              ...(f.stepCwds?.[i] !== undefined ? { cwd: f.stepCwds[i] } : {}),
            })),
          }
        : { call: { tool: 'Bash', input: { command: f.call.command } } }),
      cwd: f.call.cwd ?? '/home/user/project',
      home: '/home/user',
      ...(f.call.shell && f.call.shell !== 'bash' ? { shell: f.call.shell } : {}),
      ...(f.call.env ? { env: f.call.env } : {}),
      ...(f.call.environment ? { environment: f.call.environment } : {}),
    },
    expected: {
      result: 'ask',
      acceptable: ['ask', 'deny'],
      why: 'real bash ran or touched what the policy forbids; anything but allow is safe',
    },
    setup: f.call.setup ?? null,
    ...(f.call.files ? { files: f.call.files } : {}),
    ...(f.call.nextShell ? { nextShell: true } : {}),
    dialect: 'claude-code',
    found: {
      ...found,
      decision: {
        behavior: f.decision.behavior,
        reason: f.decision.reason.kind,
        ...(f.decision.rule ? { rule: f.decision.rule.text } : {}),
      },
    },
  };
}

/** Ids already in a case file. */
function idsIn(file: string): Set<string> {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => String((JSON.parse(l) as { id: unknown }).id)),
  );
}

/** Whether a finding's call is ours to record (generated, or a battery command): corpus cases have files of their own. */
export function recordable(f: Finding): boolean {
  return !f.call.group.startsWith('corpus:') || f.call.group.endsWith('-battery');
}

/**
 * Write the findings not yet known: cases to `out` (ids not there yet), and, with `listKnown`,
 * their known-failures lines. Findings from case files (bypasses, field reports, everyday
 * commands) are not written: their ids are listed by hand. Returns how many cases were written.
 */
export function recordFindings(
  findings: readonly Finding[],
  out: string,
  found: Record<string, unknown>,
  opts: { listKnown: boolean },
): number {
  const have = idsIn(out);
  const fresh = findings.filter((f) => !f.known && !have.has(f.call.id) && recordable(f));
  const seen = new Set<string>();
  const unique = fresh.filter((f) => (seen.has(f.call.id) ? false : (seen.add(f.call.id), true)));
  if (unique.length === 0) return 0;
  appendFileSync(out, unique.map((f) => `${JSON.stringify(findingCase(f, found))}\n`).join(''));
  if (opts.listKnown) listKnownFailures(unique.map((f) => ({ id: f.call.id, issue: f.issue })));
  return unique.length;
}

/** The header of the known-failures block for one issue's differential findings. */
export const blockHeader = (issue: number) => `# Found by the bash differential (npm run test:bash / fuzz:shell) — #${issue}`;

/**
 * Add `<id> fail-open #<issue>` lines to known-failures.txt, each at the end of its issue's
 * block (made at the end of the file when missing), so each issue's findings stay together.
 */
export function listKnownFailures(entries: readonly { id: string; issue: number }[], file = KNOWN_FAILURES_FILE): void {
  const lines = readFileSync(file, 'utf8').replace(/\n+$/, '').split('\n');
  for (const { id, issue } of entries) {
    const entry = `${id} fail-open #${issue}`;
    if (lines.some((l) => l.split(/\s+/)[0] === id)) continue;
    const head = lines.indexOf(blockHeader(issue));
    if (head < 0) {
      lines.push('', blockHeader(issue), entry);
      continue;
    }
    let end = head + 1;
    while (end < lines.length && lines[end]!.trim() !== '' && !lines[end]!.startsWith('# ')) end++;
    lines.splice(end, 0, entry);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
