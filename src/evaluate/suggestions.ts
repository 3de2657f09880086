import type { PermissionUpdate } from '../core/types.js';
import { partsToCover, allowText, wordForAllow } from './rule-match.js';
import { coveringRule } from './bash-rule-index.js';
import { rulesForTool } from './policy-index.js';
import { hostOfUrl } from '../rules/index.js';
import { shellReadOnly } from './shell-read-only.js';
import type { EvalState } from './types.js';
import { isInsideAny } from '../paths/index.js';
import type { SimpleCommand } from '../shell/types.js';

/** Whether the shell call writes something and every write is literal and inside the working directories. */
function writesInside(state: EvalState): boolean {
  const f = state.facts;
  if (f.kind !== 'shell') return false;
  const writes = f.effects.filter((e) => e.op !== 'read');
  return writes.length > 0 && writes.every((e) => e.literal && !e.glob && e.assumed === undefined && e.tree === undefined && isInsideAny(e.path, state.workingDirectories));
}

/** Read-only-ish first words after which the second word names the sub-command (`git push`, `npm run`). */
const SUBCOMMAND_TOOLS = new Set(['git', 'npm', 'pnpm', 'yarn', 'bun', 'cargo', 'go', 'docker', 'kubectl', 'gh', 'make', 'uv', 'poetry', 'pip', 'dotnet']);

/** The prefix rule Claude Code's dialog would offer for one command: `git push *`, `make build *`. */
function prefixFor(words: string[]): string {
  const first = words[0] ?? '';
  if (words.length === 1) return first;
  const second = words[1] ?? '';
  if (SUBCOMMAND_TOOLS.has(first) && !second.startsWith('-')) {
    if ((first === 'npm' || first === 'pnpm' || first === 'yarn' || first === 'bun') && second === 'run' && words[2]) {
      return `${first} run ${words[2]} *`;
    }
    return `${first} ${second} *`;
  }
  return `${first} *`;
}

/**
 * The rule toolgate suggests to allow one simple command for good: a prefix rule as Claude Code's
 * dialog offers it (`git push *`, `npm run build *`), or the exact command for one only an exact
 * rule covers. Also the example an opaque-code ask gives of consent by name, so that the example
 * is the rule offered to remember.
 */
export function suggestedCommandRule(cmd: SimpleCommand): string {
  // Words as allow rules read them: one holding a space quoted (`make 'CC=rm -rf src' *`), else the rule could never match.
  return cmd.exactOnly ? allowText(cmd) : prefixFor(cmd.argv.map(wordForAllow));
}

/**
 * The allow rule for exactly this shell command (one simple command, every word literal): what
 * answers a guarded read for good, where a prefix rule does not.
 */
export function exactCommandSuggestions(state: EvalState): PermissionUpdate[] {
  const f = state.facts;
  if (f.kind !== 'shell' || f.analysis.unknown.length > 0 || f.analysis.stateChanges.length > 0 || f.analysis.hasSubstitution) return [];
  const parts = partsToCover(f.analysis);
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only === undefined || only.literal.some((l) => !l)) return [];
  const text = allowText(only);
  if (text.includes('*')) return [];
  return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: state.call.tool, ruleContent: text }] }];
}

/**
 * What "Yes, and don't ask again" would add for an ask (Claude Code docs, "Configure permissions":
 * one rule per sub-command needing approval, at most 5; edits offer acceptEdits for the session).
 */
export function suggestionsFor(state: EvalState): PermissionUpdate[] {
  const f = state.facts;
  switch (f.kind) {
    case 'shell': {
      if (f.analysis.unknown.length > 0 || f.analysis.stateChanges.length > 0 || f.analysis.hasSubstitution) return [];
      const rules: string[] = [];
      // Only the parts that need approval: not those an allow rule covers or that are read-only.
      const allow = rulesForTool(state.index, 'allow', state.call.tool);
      const ro = shellReadOnly(state);
      for (const cmd of partsToCover(f.analysis)) {
        if (ro.perCommand.get(cmd) === true || coveringRule(allow, cmd) !== undefined) continue;
        if (cmd.literal.some((l) => !l)) return [];
        const text = suggestedCommandRule(cmd);
        if (!rules.includes(text)) rules.push(text);
      }
      // Every part is read-only or allowed: what asks is a write by redirection. acceptEdits
      // answers it when every write is literal and inside the working directories.
      if (rules.length === 0) return state.mode === 'default' && writesInside(state) ? [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] : [];
      if (rules.length > 5) return [];
      return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: rules.map((r) => ({ toolName: state.call.tool, ruleContent: r })) }];
    }
    case 'edit':
      if (state.mode === 'default') return [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }];
      return [];
    case 'read': {
      const dir = f.path.replace(/\/[^/]*$/, '') || '/';
      return [{ type: 'addDirectories', directories: [dir], destination: 'session' }];
    }
    case 'web': {
      if (state.call.tool !== 'WebFetch') return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: state.call.tool }] }];
      const host = hostOfUrl(f.url);
      return host === undefined ? [] : [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: 'WebFetch', ruleContent: `domain:${host}` }] }];
    }
    case 'mcp':
    case 'other':
      return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: state.call.tool }] }];
    default:
      return [];
  }
}
