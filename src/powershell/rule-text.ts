/**
 * The texts `PowerShell(...)` rules are matched against: the canonical command line of each
 * command (alias → cmdlet, case folded), plus, for deny and ask rules, every other way the
 * same command can be read (the name as written, parameters written out in full).
 */
import { matchBashPattern } from '../rules/index.js';
import { powerShellAlias } from './aliases.js';
import type { PsCommandAnalysis } from './analyze.js';
import type { PsElement, PsWord } from './types.js';

function wordText(w: PsWord): string {
  return w.literal ? w.text : w.raw;
}

function elementText(el: PsElement): string {
  if (el.kind === 'splat') return el.raw;
  if (el.kind === 'argument') return el.values.map(wordText).join(',');
  return el.value !== undefined ? `-${el.name}:${el.value.map(wordText).join(',')}` : `-${el.name}`;
}

/** The canonical command line allow rules see: the cmdlet for an alias, values unquoted. @public */
export function powerShellAllowText(a: PsCommandAnalysis): string {
  return [a.name.canonical, ...a.command.elements.map(elementText)].join(' ');
}

/** Parameters written out in full (`-r` → `-Recurse`, `-Path:x` → `-Path x`), when they bind. */
function fullParameters(a: PsCommandAnalysis): string[] | undefined {
  const binding = a.binding;
  if (!binding || binding.problems.length > 0) return undefined;
  const out: string[] = [];
  for (const el of a.command.elements) {
    if (el.kind !== 'parameter') {
      out.push(elementText(el));
      continue;
    }
    const b = binding.bound.find((x) => x.raw === el.raw || x.raw.startsWith(`${el.raw} `));
    out.push(`-${b?.spec.name ?? el.name}`);
    if (el.value !== undefined && !b?.spec.switch) out.push(el.value.map(wordText).join(','));
  }
  return out;
}

/** Every text a deny or ask rule is tried against for one command (case folded). @public */
export function powerShellRestrictiveTexts(a: PsCommandAnalysis): string[] {
  const args = a.command.elements.map(elementText);
  const texts = new Set<string>();
  for (const name of [a.name.canonical, ...a.name.readings]) texts.add([name, ...args].join(' ').toLowerCase());
  const full = fullParameters(a);
  if (full) for (const name of [a.name.canonical, ...a.name.readings]) texts.add([name, ...full].join(' ').toLowerCase());
  return [...texts];
}

/**
 * A rule's specifier in the forms it is matched with, case folded: as written and, when its
 * first word is an alias, with the cmdlet instead (`PowerShell(rm *)` also means `Remove-Item *`).
 * @public
 */
export function powerShellRuleForms(specifier: string): string[] {
  const spec = specifier.trim().toLowerCase();
  // `gc:*` is the legacy spelling of `gc *` (Claude Code docs, "Bash" rules; same shape for PowerShell).
  const m = /^([^\s*]+)(.*)$/s.exec(spec.endsWith(':*') ? `${spec.slice(0, -2)} *` : spec);
  const forms = [spec];
  if (m) {
    const alias = powerShellAlias(m[1]!);
    if (alias) forms.push(`${alias.cmdlet.toLowerCase()}${m[2]}`);
  }
  return forms;
}

/** Does a `PowerShell(...)` specifier match a text from {@link powerShellRestrictiveTexts} or {@link powerShellAllowText}? */
export function powerShellPatternMatches(specifier: string, text: string): boolean {
  const t = text.toLowerCase();
  return powerShellRuleForms(specifier).some((f) => matchBashPattern(f, t));
}
