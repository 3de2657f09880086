import type { Platform } from '../core/types.js';
import {
  analyzePowerShell,
  powerShellPathEffects,
  type PowerShellAnalysis,
  type ProviderPath,
  type UnresolvedPath,
} from '../powershell/index.js';
import type { PathEffect } from '../shell/types.js';

/** What a PowerShell call touches. @public */
export interface PowerShellFacts {
  kind: 'powershell';
  command: string;
  analysis: PowerShellAnalysis;
  effects: PathEffect[];
  unresolved: UnresolvedPath[];
  providers: ProviderPath[];
  /** The location after the last command; `undefined` when it is not known. */
  cwdAfter: string | undefined;
}

/** Work out the facts of a PowerShell call. */
export function powerShellFacts(command: string, ctx: { cwd: string; home: string; platform: Platform }): PowerShellFacts {
  const analysis = analyzePowerShell(command, { platform: ctx.platform });
  const fx = powerShellPathEffects(analysis, ctx);
  if (fx.hidden.length > 0) analysis.unknown.push(...fx.hidden);
  return {
    kind: 'powershell',
    command,
    analysis,
    effects: fx.effects,
    unresolved: fx.unresolved,
    providers: fx.providers,
    cwdAfter: fx.cwdAfter,
  };
}
