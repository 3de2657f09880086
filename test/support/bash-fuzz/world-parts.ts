/**
 * What the world families share: their settings/mode combinations, the shape of what a family
 * builds, and a program payload that breaks each combination when it runs.
 */
import fc from 'fast-check';
import type { PlacedFile } from '../bash-oracle/index.js';

/** Settings/mode combinations of the world families (presets of the oracle, `preset/mode`). */
export type WorldCombo =
  | 'none/default'
  | 'none/acceptEdits'
  | 'none/bypassPermissions'
  | 'narrow/default'
  | 'denied/default'
  | 'all-but-denied/default'
  | 'red-team/default'
  | 'red-team/acceptEdits'
  | 'red-team-denied/default'
  | 'other-names/default'
  | 'other-names/bypassPermissions'
  | 'other-names-reverse/default';

/** What a world family builds: one command, or a scenario (`calls`), and where the payload went. */
export interface WorldPart {
  command: string;
  calls?: string[];
  variant: string;
  /** Environment variables the part needs (on top of the drawn ones), e.g. an inherited CDPATH. */
  env?: Record<string, string>;
  /** Shell code that makes the world the call meets (files the user's checkout already holds). */
  setup?: string;
  /** Environment facts told to toolgate (the shell gets the same values), e.g. the PATH a hook reads. */
  environment?: Record<string, string>;
  /** Files the world holds before the call, placed by the oracle (no bash run): the user's start-up files. */
  files?: readonly PlacedFile[];
  /** Judge a held call again by the next terminal (the shells a new terminal starts, decision 0169). */
  nextShell?: true;
}

/** One of the values, drawn. */
export const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
/** `template` with every `key` replaced by `value`. */
export const fill = (template: string, key: string, value: string) => template.split(key).join(value);

/** A program payload that breaks each combination when it runs (program only: no redirection). */
export const PROGRAM: Readonly<Record<WorldCombo, readonly string[]>> = {
  'none/default': ['evil x', 'touch planted'],
  'none/acceptEdits': ['evil x'],
  'none/bypassPermissions': ['touch .claude/x', 'touch ~/.bashrc'],
  'narrow/default': ['evil x', 'rm -rf src'],
  'denied/default': ['rm -rf src', 'curl x', 'evil x'],
  'all-but-denied/default': ['rm -rf src', 'curl x'],
  'red-team/default': ['rm -rf src', 'curl x'],
  'red-team/acceptEdits': ['rm -rf src'],
  'red-team-denied/default': ['rm -rf src', 'evil x'],
  'other-names/default': ["dash -c 'touch planted'", "mawk 'BEGIN { print 1 }'"],
  'other-names/bypassPermissions': ["dash -c 'touch planted'", "mawk 'BEGIN { print 1 }'"],
  'other-names-reverse/default': ["sh -c 'touch planted'", "awk 'BEGIN { print 1 }'"],
};
