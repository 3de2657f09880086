import type { Platform } from '../core/types.js';
import { readPowerShell } from './reader.js';
import { bindParameters, resolveCommandName, type Binding, type ResolvedName } from './resolve.js';
import type { PsCommand, PowerShellReading } from './types.js';

/** One command with what it resolves to and how its parameters bind. @public */
export interface PsCommandAnalysis {
  command: PsCommand;
  name: ResolvedName;
  /** Set when the name has a cmdlet spec (also for the implicit `Get-` reading). */
  binding?: Binding;
  /** Why this command is not understood (a script, a nested shell, a cmdlet that runs hidden code). */
  unknown?: string;
}

/** A PowerShell command line, read and resolved. Never thrown. @public */
export interface PowerShellAnalysis {
  command: string;
  reading: PowerShellReading;
  commands: PsCommandAnalysis[];
  /** Why the line is not fully understood; empty when it is. */
  unknown: string[];
  platform: Platform;
}

/** Options for {@link analyzePowerShell}. @public */
export interface PowerShellOptions {
  /** Where PowerShell runs: on Linux and macOS some aliases are native programs instead. Default `windows`. */
  platform?: Platform;
}

/**
 * Read a PowerShell command line and resolve each command: alias to cmdlet, parameters bound by
 * name, unique prefix and position. Scripts, nested shells and cmdlets that run code toolgate
 * cannot see (`Invoke-Expression`, `Start-Process`, `ForEach-Object`, `Set-Alias`, ...) make the
 * line unknown, as does anything the reader does not understand. Never throws.
 *
 * Behaviour: Claude Code docs, "Configure permissions › PowerShell" (aliases canonicalised,
 * case-insensitive, every part of a pipeline or chain); PowerShell docs as cited per module.
 * @public
 */
export function analyzePowerShell(command: string, options: PowerShellOptions = {}): PowerShellAnalysis {
  const platform = options.platform ?? 'windows';
  const reading = readPowerShell(command);
  const unknown = [...reading.unknown];
  const commands = reading.commands.map((cmd): PsCommandAnalysis => {
    const name = resolveCommandName(cmd.name, platform);
    const out: PsCommandAnalysis = { command: cmd, name };
    if (name.kind === 'script') out.unknown = `${cmd.name} runs a script toolgate cannot see`;
    else if (name.kind === 'shell') out.unknown = `${cmd.name} runs a nested shell toolgate does not read`;
    else if (name.spec?.hidden !== undefined) out.unknown = `${name.canonical} ${name.spec.hidden}`;
    if (name.spec && name.spec.hidden === undefined) out.binding = bindParameters(cmd, name.spec);
    if (name.spec?.name === 'New-Item' && out.binding) {
      const type = out.binding.bound.find((b) => b.spec.name === 'ItemType');
      const kind = type && type.values !== true ? type.values.map((v) => (v.literal ? v.text.toLowerCase() : '?')) : [];
      if (kind.some((k) => !['file', 'directory'].includes(k))) out.unknown = 'New-Item creates a link or an item toolgate does not read';
    }
    if (out.unknown !== undefined) unknown.push(out.unknown);
    return out;
  });
  return { command, reading, commands, unknown, platform };
}
