import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ShellAnalysis } from '../../src/shell/index.js';

export interface BatteryCase {
  id: string;
  command: string;
  shell?: 'bash' | 'zsh' | 'sh';
  expect: { commands: string[][]; substitutions: boolean; redirect_to_file: boolean; unknown: boolean };
  why?: string;
}

export function loadBattery(name: string): BatteryCase[] {
  const file = fileURLToPath(new URL(`../fixtures/shell/${name}`, import.meta.url));
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as BatteryCase);
}

export type Score = 'correct' | 'fail-closed' | 'wrong';

/** Scores an analysis the way the battery's conventions say (reference §1 of the library comparison). */
export function score(c: BatteryCase, a: ShellAnalysis): Score {
  const unknown = a.unknown.length > 0;
  if (c.expect.unknown && unknown) return 'correct';
  const got = a.commands.map((x) => JSON.stringify(x.argv)).sort();
  const exp = c.expect.commands.map((x) => JSON.stringify(x)).sort();
  const rtf = a.redirects.some((r) => r.kind === 'file');
  const same =
    JSON.stringify(got) === JSON.stringify(exp) &&
    a.hasSubstitution === c.expect.substitutions &&
    rtf === c.expect.redirect_to_file &&
    unknown === c.expect.unknown;
  if (same) return 'correct';
  return unknown ? 'fail-closed' : 'wrong';
}
