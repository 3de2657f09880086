/**
 * What a command name runs: a cmdlet (through an alias, a module-qualified name, or
 * PowerShell's implicit `Get-` prefix), a native program, a script, or a nested shell; and how
 * its parameters bind.
 */
import type { Platform } from '../core/types.js';
import { programsOfRole } from '../shell/programs/index.js';
import { POWERSHELL_CONSOLES } from '../shell/programs/unmodelled-programs.js';
import { powerShellAlias } from './aliases.js';
import { cmdletSpec, type CmdletSpec, type ParameterSpec } from './cmdlets.js';
import type { PsCommand, PsWord } from './types.js';

/** How a command name was resolved. @public */
export interface ResolvedName {
  /**
   * - `cmdlet`: a cmdlet toolgate has a spec for;
   * - `command`: a cmdlet or function toolgate has no spec for (`Verb-Noun`), or a native program;
   * - `script`: a script file (`.\build.ps1`, `x.cmd`): code toolgate cannot see;
   * - `shell`: a nested shell (`pwsh`, `powershell`, `cmd`, `bash`, ...): code toolgate cannot see.
   */
  kind: 'cmdlet' | 'command' | 'script' | 'shell';
  /** The name `PowerShell(...)` rules are matched with: the cmdlet for an alias, else as written. */
  canonical: string;
  /** Every name the command may run as; deny and ask rules try them all. */
  readings: string[];
  spec?: CmdletSpec;
  /**
   * Set when, on this platform or edition, the word may run a native program that does more
   * than the cmdlet reading shows (`diff a b` reads files a and b on Linux), or when the name may
   * be a native program rather than a cmdlet (PowerShell's implicit `Get-` prefix).
   */
  ambiguous?: string;
}

/** Shells and consoles a command can start: the POSIX shells the program models know, and PowerShell's. */
const isShell = (name: string): boolean => programsOfRole('shell').has(name) || POWERSHELL_CONSOLES.includes(name);
const MODULES = /^microsoft\.powershell\.(management|utility|core|security|archive)\\(.+)$/i;

function stripExe(name: string): string {
  return name.replace(/\.(exe|com)$/i, '');
}

/**
 * Resolve a command name as PowerShell would in a session without a profile (Claude Code's
 * PowerShell tool loads none): built-in aliases (see `POWERSHELL_ALIASES`), module-qualified cmdlet
 * names, cmdlets, then native programs, with the implicit `Get-` prefix as a second reading.
 * @public
 */
export function resolveCommandName(name: string, platform: Platform): ResolvedName {
  const lower = name.toLowerCase();
  const qualified = MODULES.exec(name);
  if (qualified) {
    const spec = cmdletSpec(qualified[2]!);
    if (spec) return { kind: 'cmdlet', canonical: spec.name, readings: [spec.name, name], spec };
    return { kind: 'command', canonical: qualified[2]!, readings: [qualified[2]!, name] };
  }
  if (name.includes('/') || name.includes('\\')) {
    const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
    if (/\.(ps1|psm1|psd1|bat|cmd|vbs|js|wsf)$/i.test(base)) return { kind: 'script', canonical: name, readings: [name, base] };
    if (isShell(stripExe(base).toLowerCase())) return { kind: 'shell', canonical: name, readings: [name, base, stripExe(base)] };
    return { kind: 'command', canonical: name, readings: [name, base, stripExe(base)] };
  }
  if (/\.(ps1|psm1|bat|cmd)$/i.test(name)) return { kind: 'script', canonical: name, readings: [name] };
  if (isShell(stripExe(lower))) return { kind: 'shell', canonical: name, readings: [name, stripExe(name)] };
  const alias = powerShellAlias(lower);
  if (alias) {
    const spec = cmdletSpec(alias.cmdlet);
    const nativeRuns = alias.native === 'ps7' || (alias.native === 'unix' && platform !== 'windows');
    const ambiguous =
      nativeRuns && alias.nativeDiffers ? `${name} may run a native program that does more than ${alias.cmdlet}` : undefined;
    const base: ResolvedName = spec
      ? { kind: 'cmdlet', canonical: alias.cmdlet, readings: [alias.cmdlet, name], spec }
      : { kind: 'command', canonical: alias.cmdlet, readings: [alias.cmdlet, name] };
    return ambiguous !== undefined ? { ...base, ambiguous } : base;
  }
  const spec = cmdletSpec(lower);
  if (spec) return { kind: 'cmdlet', canonical: spec.name, readings: [spec.name], spec };
  if (!lower.includes('-')) {
    // PowerShell runs `Get-<name>` when no command is called <name> (about_Command_Precedence).
    const implicit = cmdletSpec(`get-${lower}`);
    if (implicit) {
      return {
        kind: 'command',
        canonical: name,
        readings: [name, implicit.name],
        spec: implicit,
        ambiguous: `${name} runs ${implicit.name} unless a program called ${name} exists`,
      };
    }
  }
  const bare = stripExe(name);
  return { kind: 'command', canonical: name, readings: bare !== name ? [name, bare] : [name] };
}

/** A parameter bound to its values (`true` for a switch). */
export interface BoundParameter {
  spec: ParameterSpec;
  values: PsWord[] | true;
  /** As written (`-r`, `-Path:x`). */
  raw: string;
}

/** Parameters bound by name and position, and what could not be bound. @public */
export interface Binding {
  bound: BoundParameter[];
  /** Why binding is incomplete (unknown or ambiguous parameter, extra argument, splat, ...). */
  problems: string[];
}

/** The parameter a written name means: exact name or alias, else the one it is a unique prefix of. */
export function resolveParameter(spec: CmdletSpec, written: string): ParameterSpec | string {
  const w = written.toLowerCase();
  for (const p of spec.params) {
    if (p.name.toLowerCase() === w || p.aliases?.some((a) => a.toLowerCase() === w)) return p;
  }
  const hits = spec.params.filter((p) => p.name.toLowerCase().startsWith(w) || p.aliases?.some((a) => a.toLowerCase().startsWith(w)));
  if (hits.length === 1) return hits[0]!;
  if (hits.length === 0) return `-${written} is not a parameter of ${spec.name} toolgate knows`;
  return `-${written} is ambiguous for ${spec.name} (${hits.map((h) => h.name).join(', ')})`;
}

/**
 * Bind a command's elements to a cmdlet's parameters the way PowerShell does: named
 * parameters first (names may be shortened to a unique prefix), then positional arguments in
 * position order. What cannot be bound is reported, never guessed.
 * @public
 */
export function bindParameters(cmd: PsCommand, spec: CmdletSpec): Binding {
  const bound: BoundParameter[] = [];
  const problems: string[] = [];
  const positional: { values: PsWord[]; raw: string }[] = [];
  const els = cmd.elements;
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!;
    if (el.kind === 'splat') {
      problems.push(`parameters splatted from ${el.raw}`);
      continue;
    }
    if (el.kind === 'argument') {
      positional.push({ values: el.values, raw: el.raw });
      continue;
    }
    const p = resolveParameter(spec, el.name);
    if (typeof p === 'string') {
      problems.push(p);
      continue;
    }
    if (bound.some((b) => b.spec === p)) {
      problems.push(`-${p.name} is given twice`);
      continue;
    }
    if (p.switch) {
      bound.push({ spec: p, values: el.value ?? true, raw: el.raw });
      continue;
    }
    if (el.value !== undefined) {
      bound.push({ spec: p, values: el.value, raw: el.raw });
      continue;
    }
    const next = els[i + 1];
    if (next?.kind !== 'argument') {
      problems.push(`-${p.name} has no value`);
      continue;
    }
    bound.push({ spec: p, values: next.values, raw: `${el.raw} ${next.raw}` });
    i++;
  }
  const open = spec.params
    .filter((p) => p.position !== undefined && !bound.some((b) => b.spec === p))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  for (const arg of positional) {
    const p = open[0];
    if (p === undefined) {
      problems.push(`the argument ${arg.raw} binds to no parameter toolgate knows`);
      continue;
    }
    const existing = bound.find((b) => b.spec === p);
    if (existing && p.remaining && existing.values !== true) existing.values = [...existing.values, ...arg.values];
    else bound.push({ spec: p, values: arg.values, raw: arg.raw });
    if (!p.remaining) open.shift();
  }
  return { bound, problems };
}
