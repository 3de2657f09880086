/**
 * The names Claude Code's Grep tool leaves out for the user's Read deny rules. Its Grep hands rg,
 * after every other glob, `--glob '!**\/P'` for each Read deny rule whose pattern is relative
 * (`./P`, `P`, `**\/P`) and `--glob '!/P'` for one rooted inside its working folder
 * (`GrepTool.ts`, `getFileReadIgnorePatterns` — deny rules only — and `normalizePatternsToPath`);
 * rg takes the last override that matches, before ignore files and types. Decision 0155.
 *
 * Only a pattern that is one base name counts: rg matches `!**\/NAME` against every file and
 * folder name at any depth, wherever rg itself runs (strace: rg 13 with that glob never opened
 * `credentials.json` nor `sub/deep/credentials.json`, from the project, a folder below it or
 * `/tmp`). A pattern with a `/` is matched against the path left after rg strips its own working
 * folder, which toolgate does not know (`!**\/secrets/**` from inside `secrets` left `key.pem`
 * read); a rooted one is anchored there as well: neither is counted.
 */
import type { Rule } from '../rules/types.js';

/**
 * The base-name glob Claude Code's Grep leaves out at every depth for this rule, or `undefined`
 * (not a Read deny pattern, rooted, or with a `/` or a character rg and the rule read apart).
 */
export function claudeCodeGrepLeavesOut(rule: Rule): string | undefined {
  if (rule.family !== 'path' || rule.tool !== 'Read' || rule.writtenAs !== undefined || rule.ignored === true) return undefined;
  let p = rule.specifier;
  if (p === undefined || p.startsWith('/') || p.startsWith('~/')) return undefined;
  if (p.startsWith('./')) p = p.slice(2);
  while (p.startsWith('**/')) p = p.slice(3);
  // Braces are alternatives to rg and literal to the rule's reader; a backslash escapes differently.
  if (p === '' || p.includes('/') || /[{}\\]/.test(p)) return undefined;
  return p;
}
