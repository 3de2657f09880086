/**
 * PowerShell analysis for the PowerShell tool: read a command line, resolve aliases to
 * cmdlets, bind parameters, find the paths it reads, writes or removes, and classify read-only
 * cmdlets by an allowlist of known-safe parameters. Independent of the Bash analyser.
 * @packageDocumentation
 */
export type { PsCommand, PsElement, PsRedirect, PsWord, PowerShellReading } from './types.js';
export { readPowerShell, MAX_POWERSHELL_LENGTH } from './reader.js';
export { POWERSHELL_ALIASES, powerShellAlias, type PowerShellAlias } from './aliases.js';
export { POWERSHELL_CMDLETS, cmdletSpec, type CmdletSpec, type ParameterSpec, type PathUse } from './cmdlets.js';
export { resolveCommandName, bindParameters, type ResolvedName, type Binding, type BoundParameter } from './resolve.js';
export { analyzePowerShell, type PowerShellAnalysis, type PsCommandAnalysis, type PowerShellOptions } from './analyze.js';
export {
  powerShellPathEffects,
  type PowerShellPathContext,
  type PowerShellPathEffects,
  type UnresolvedPath,
  type ProviderPath,
} from './effects.js';
export { isPowerShellReadOnly, type PsReadOnlyVerdict } from './read-only.js';
export { powerShellAllowText, powerShellRestrictiveTexts, powerShellRuleForms, powerShellPatternMatches } from './rule-text.js';
