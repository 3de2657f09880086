import type { PermissionUpdate } from '../core/types.js';
import { partsToCover, allowText, wordForAllow } from './rule-match.js';
import { coveringRule } from './bash-rule-index.js';
import { rulesForTool } from './policy-index.js';
import { hostOfUrl } from '../rules/index.js';
import { changesDirectoryTwice, shellReadOnly } from './shell-read-only.js';
import { partsReadAfterCd } from './cd-relative-reads.js';
import { readRuleSuggestions } from './read-rules.js';
import type { SimpleCommand } from '../shell/types.js';
import type { EvalState } from './types.js';
import { isInsideAny } from '../paths/index.js';
import { findsRepositoryFromCwd } from '../shell/programs/index.js';
import { namingWords } from '../shell/programs/subcommands.js';

/** Whether the shell call writes something and every write is literal and inside the working directories. */
function writesInside(state: EvalState): boolean {
  const f = state.facts;
  if (f.kind !== 'shell') return false;
  const writes = f.effects.filter((e) => e.op !== 'read');
  return (
    writes.length > 0 &&
    writes.every(
      (e) => e.literal && !e.glob && e.assumed === undefined && e.tree === undefined && isInsideAny(e.path, state.workingDirectories),
    )
  );
}

/**
 * Whether reads outside the working directories are all that keeps the command from running: no
 * write, no unknown part, one `cd` at most, no git after it (what else `shellReadOnly` asks about).
 */
function outsideOnly(state: EvalState): boolean {
  const f = state.facts;
  if (f.kind !== 'shell' || state.dialect.readOnlySet !== 'claudeCode' || changesDirectoryTwice(state)) return false;
  if (f.effects.some((e) => e.op !== 'read')) return false;
  return !(f.cwdAfter !== state.ctx.cwd && f.analysis.commands.some((c) => findsRepositoryFromCwd(c.argv[0] ?? '')));
}

/** The exact allow rule text of each part, or `undefined` when one cannot be spelled (a word not literal, a `*`). */
function exactTexts(parts: readonly SimpleCommand[]): string[] | undefined {
  const out: string[] = [];
  for (const cmd of parts) {
    const text = allowText(cmd);
    if (cmd.literal.some((l) => !l) || text.includes('*')) return undefined;
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/**
 * Whether a prefix rule can be offered for the command: the words it spells out are literal, and
 * every other word is literal or a glob (a variable or substitution may make the command another
 * one than the person sees; a glob only names files, and a rule `rm *` covers them all).
 */
function prefixOfferable(cmd: { argv: readonly string[]; literal: readonly boolean[] }): boolean {
  const spelled = namingWords(cmd.argv);
  return cmd.literal.every((l, k) => l || (k >= spelled && tameGlob(cmd.argv[k] ?? '')));
}

/**
 * A glob that names only files below the directory it starts in: relative, nothing but plain
 * characters around its wildcards, and no segment that may climb (`..`, `.[.]`, `.*`) — so a
 * prefix rule covers the command once saved (it approves reads inside the working directories only).
 */
function tameGlob(word: string): boolean {
  if (!/[*?[]/.test(word) || /[$`'"\\\s~{}()!@+^#=<>|&;]/.test(word)) return false;
  return word.split('/').every((seg) => seg !== '' && !/^[.[]/.test(seg));
}

/** The prefix rule Claude Code's dialog would offer for one command: `git push *`, `make build *`. */
function prefixFor(words: string[]): string {
  if (words.length === 1) return words[0] ?? '';
  return `${words.slice(0, namingWords(words)).join(' ')} *`;
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
        if (cmd.exactOnly ? cmd.literal.some((l) => !l) : !prefixOfferable(cmd)) return [];
        const text = suggestedCommandRule(cmd);
        if (!rules.includes(text)) rules.push(text);
      }
      // Every part is read-only or allowed: what asks is a write by redirection (acceptEdits
      // answers it when every write is literal and inside the working directories), or reads
      // outside the working directories (Read allow rules for those directories answer them).
      if (rules.length === 0) {
        if (state.mode === 'default' && writesInside(state)) return [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }];
        return outsideOnly(state) ? readRuleSuggestions(state, exactTexts(partsReadAfterCd(state))) : [];
      }
      if (rules.length > 5) return [];
      return [
        {
          type: 'addRules',
          behavior: 'allow',
          destination: 'localSettings',
          rules: rules.map((r) => ({ toolName: state.call.tool, ruleContent: r })),
        },
      ];
    }
    case 'edit':
      if (state.mode === 'default') return [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }];
      return [];
    case 'read': {
      const dir = f.path.replace(/\/[^/]*$/, '') || '/';
      return [{ type: 'addDirectories', directories: [dir], destination: 'session' }];
    }
    case 'web': {
      if (state.call.tool !== 'WebFetch')
        return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: state.call.tool }] }];
      const host = hostOfUrl(f.url);
      return host === undefined
        ? []
        : [
            {
              type: 'addRules',
              behavior: 'allow',
              destination: 'localSettings',
              rules: [{ toolName: 'WebFetch', ruleContent: `domain:${host}` }],
            },
          ];
    }
    case 'mcp':
    case 'other':
      return [{ type: 'addRules', behavior: 'allow', destination: 'localSettings', rules: [{ toolName: state.call.tool }] }];
    default:
      return [];
  }
}
