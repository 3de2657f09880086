import type { PsCommandAnalysis } from './analyze.js';

/** Why a PowerShell command is, or is not, read-only. @public */
export type PsReadOnlyVerdict = { readOnly: true } | { readOnly: false; reason: string };

/**
 * Is one command read-only by the allowlist: a cmdlet on toolgate's read-only list (Claude Code
 * docs, "Configure permissions › PowerShell": Get-ChildItem, Get-Content, Select-String, ...),
 * every parameter one known safe for it (so `Get-ChildItem -FollowSymlink` and `-Credential`
 * are not), every argument bound, no splatting, no redirection to a file. Aliases count as
 * their cmdlet, except where the word may run a native program (`diff` on Linux). Native
 * programs and cmdlets toolgate has no spec for are not read-only. Where the paths lead is
 * judged separately (they must stay inside the working directories).
 * @public
 */
export function isPowerShellReadOnly(a: PsCommandAnalysis): PsReadOnlyVerdict {
  if (a.unknown !== undefined) return { readOnly: false, reason: a.unknown };
  const spec = a.name.spec;
  if (a.name.kind !== 'cmdlet' || !spec) return { readOnly: false, reason: `${a.command.name} is not a read-only cmdlet` };
  if (spec.readOnly !== true) return { readOnly: false, reason: `${spec.name} is not a read-only cmdlet` };
  if (a.name.ambiguous !== undefined) return { readOnly: false, reason: a.name.ambiguous };
  const binding = a.binding;
  if (!binding) return { readOnly: false, reason: `${spec.name} could not be read` };
  if (binding.problems.length > 0) return { readOnly: false, reason: binding.problems[0]! };
  const unsafe = binding.bound.find((b) => b.spec.safe !== true);
  if (unsafe) return { readOnly: false, reason: `-${unsafe.spec.name} is not known safe for ${spec.name}` };
  const file = a.command.redirects.find((r) => r.kind === 'file');
  if (file) return { readOnly: false, reason: `it redirects to ${file.target?.raw ?? 'a file'}` };
  return { readOnly: true };
}
