/**
 * The opaque-code table (toolgate docs, "Kinds of ask › The opaque-code table"): what a command
 * that runs code toolgate cannot read (`node x.js`, `python3 -c …`, `bash x.sh`) is answered,
 * by the person's consent, whether a deny or ask rule names a program, and the mode.
 *
 * | consent  | a program deny/ask rule? | answer                                               |
 * |----------|--------------------------|------------------------------------------------------|
 * | specific | any                      | allow                                                |
 * | wildcard | yes                      | firm ask, whose reason says how to consent by name    |
 * | wildcard | no                       | allow (as Claude Code)                               |
 * | none     | yes                      | plain ask (default, plan, acceptEdits); firm (auto, bypassPermissions) |
 * | none     | no                       | as the mode decides a plain ask                      |
 *
 * Read and Edit deny rules never make opaque code a firm ask by themselves: what the code reads
 * is the person's choice once they allowed the program by name.
 */
import type { SimpleCommand } from '../shell/types.js';
import type { CompiledRule } from '../settings/types.js';
import { patternCoversCommand } from './rule-match.js';
import type { ShellMatching } from './shell-matching.js';
import { opaqueCommands, type OpaqueCommand } from './opaque-commands.js';

export { opaqueCommands, type OpaqueCommand };

/** How a person consented to one opaque command. */
export type Consent = { kind: 'specific'; rule: CompiledRule } | { kind: 'wildcard'; rule: CompiledRule } | { kind: 'none' };

/**
 * Is the allow rule a wildcard for opaque code: bare `Bash`, or a command pattern whose first
 * word holds `*` (`Bash(*)`, `Bash(:*)`, `Bash(* --help)`)? Any other command rule names its
 * program by its first word (`Bash(node *)`, `Bash(npm test *)`, `Bash(make:*)`, `Bash(./x.sh)`).
 */
export function isWildcardConsent(cr: CompiledRule): boolean {
  if (cr.rule.family === 'bare') return true;
  if (cr.rule.family !== 'bash') return false;
  // The legacy prefix form `Bash(make:*)` is `Bash(make *)`: its `:*` is not part of the first word.
  const specifier = (cr.rule.specifier ?? '*').trim();
  const pattern = specifier.endsWith(':*') ? specifier.slice(0, -2) : specifier;
  const first = pattern.split(/\s+/)[0] ?? '';
  return first === '' || first.includes('*');
}

/**
 * The consent the allow rules give one opaque command: `specific` when a rule that names the
 * program by its first word (or the exact command) covers it, else `wildcard` when a wildcard
 * covers it, else `none`. `rules` are the allow rules usable in the mode (auto sets broad ones
 * aside before this, so they are no consent there).
 */
export function consentFor(rules: readonly CompiledRule[], cmd: SimpleCommand): Consent {
  let wildcard: CompiledRule | undefined;
  for (const cr of rules) {
    if (cr.rule.family === 'bare') {
      wildcard ??= cr;
      continue;
    }
    if (cr.rule.family !== 'bash' || !patternCoversCommand(cr.rule.specifier ?? '*', cmd)) continue;
    if (!isWildcardConsent(cr)) return { kind: 'specific', rule: cr };
    wildcard ??= cr;
  }
  return wildcard !== undefined ? { kind: 'wildcard', rule: wildcard } : { kind: 'none' };
}

/** The parts of the command an allow rule must cover that run opaque code. */
export function opaqueParts(matching: ShellMatching): OpaqueCommand[] {
  const analysis = matching.analysis;
  const opaque = matching.analysisExtras().opaqueCommands;
  if (opaque.length === 0) return opaque;
  // The parts to cover are the commands that are no transparent wrapper (`partsToCover`).
  const out: OpaqueCommand[] = [];
  for (const o of opaque) {
    if (!o.cmd.transparentWrapper) {
      out.push(o);
      continue;
    }
    // A wrapper looked through (`timeout 5 node x.js`): the command it runs is what consent must name.
    const i = analysis.commands.indexOf(o.cmd);
    const inner = analysis.commands.find((c) => c.parent === i && !c.transparentWrapper);
    out.push({ ...o, cmd: inner ?? o.cmd });
  }
  return out;
}

/** The program name of a command, as a rule that consents by name would spell it. */
export function programName(cmd: SimpleCommand): string {
  return cmd.argv[0] ?? '';
}

/**
 * Built-in rules (a source marked `builtIn`, such as toolgate serve's self-guard, and toolgate's own answer path)
 * are no user's program rule: they never make opaque code ask (toolgate docs, "Which answer for
 * what cannot be seen", last row).
 */
export function isBuiltInRule(cr: CompiledRule): boolean {
  if (cr.source.builtIn === true) return true;
  return cr.rule.family === 'bash' && /(^|\s)toolgate asks answer(\s|$)/.test(cr.rule.specifier ?? '');
}
