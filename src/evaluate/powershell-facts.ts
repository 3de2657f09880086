import type { Platform } from '../core/types.js';
import {
  analyzePowerShell,
  powerShellPathEffects,
  type PowerShellAnalysis,
  type ProviderPath,
  type UnresolvedPath,
} from '../powershell/index.js';
import type { PathEffect } from '../shell/types.js';
import { parentsOf } from '../paths/index.js';
import { realPathOf } from '../paths/real.js';

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

/**
 * Work out the facts of a PowerShell call. With `realpath` (the file-system view's), each path
 * whose real path differs is reported again by it, as a shell command's are: `Get-Content
 * notes/id_rsa` with `notes -> ~/.ssh` reads `~/.ssh/id_rsa`, which a `Read(~/.ssh/**)` deny names
 * (the Bash and Read tools already met it). A removal takes the link itself (`Remove-Item link`
 * removes the link): its folder is resolved, not its last name.
 */
export function powerShellFacts(
  command: string,
  ctx: { cwd: string; home: string; platform: Platform; realpath?: (path: string) => string | undefined },
): PowerShellFacts {
  const analysis = analyzePowerShell(command, { platform: ctx.platform });
  const fx = powerShellPathEffects(analysis, ctx);
  if (fx.hidden.length > 0) analysis.unknown.push(...fx.hidden);
  return {
    kind: 'powershell',
    command,
    analysis,
    effects: ctx.realpath === undefined ? fx.effects : withRealPaths(fx.effects, ctx.realpath, ctx),
    unresolved: fx.unresolved,
    providers: fx.providers,
    cwdAfter: fx.cwdAfter,
  };
}

/** The effects, each followed by the same effect at its real path where a link makes that another. */
function withRealPaths(
  effects: readonly PathEffect[],
  realpath: (path: string) => string | undefined,
  ctx: { home: string; platform: Platform },
): PathEffect[] {
  const out: PathEffect[] = [];
  for (const e of effects) {
    out.push(e);
    if (e.viaSymlink === true) continue;
    const real = e.op === 'remove' ? linkItselfReal(e.path, realpath, ctx) : realPathOf(e.path, realpath, ctx);
    if (real !== undefined && real !== e.path) out.push({ ...e, path: real, viaSymlink: true });
  }
  return out;
}

function linkItselfReal(path: string, realpath: (path: string) => string | undefined, ctx: { home: string; platform: Platform }): string | undefined {
  const parent = parentsOf(path)[0];
  if (parent === undefined || parent === path) return undefined;
  const dir = realPathOf(parent, realpath, ctx);
  return dir === undefined ? undefined : `${dir === '/' ? '' : dir}${path.slice(parent === '/' ? 0 : parent.length)}`;
}
