/**
 * The paths a PowerShell command line reads, writes or removes: every path parameter
 * (`-Path`, `-LiteralPath`, `-Destination`, `-FilePath`, ... and the positional ones), redirection
 * targets, and the location as `Set-Location`/`Push-Location`/`Pop-Location` change it.
 *
 * Paths keep their backslashes as separators (on every platform: PowerShell's FileSystem
 * provider reads `\` as `/`); drive paths (`C:\x`), UNC paths (`\\server\share`) and `~` are
 * understood; provider paths (`Env:`, `HKLM:\…`, `Function:`) are not files; anything else
 * (other drives, provider-qualified paths, drive-relative `C:x`, variables) is unresolved.
 */
import type { Platform } from '../core/types.js';
import { hasShortName, normalizePath, resolveWindowsShare } from '../paths/index.js';
import type { PathEffect } from '../shell/types.js';
import type { PowerShellAnalysis, PsCommandAnalysis } from './analyze.js';
import type { ParameterSpec, PathUse } from './cmdlets.js';
import type { PsWord } from './types.js';

/** Where paths resolve. @public */
export interface PowerShellPathContext {
  cwd: string;
  home: string;
  platform: Platform;
}

/** A path toolgate could not work out, with what the command does with it. @public */
export interface UnresolvedPath {
  op: 'read' | 'write' | 'remove';
  /** Index in `PowerShellAnalysis.commands`. */
  command: number;
  why: string;
}

/** A path on a provider that is not the file system (`Env:`, `HKLM:`, `Variable:`, ...). @public */
export interface ProviderPath {
  op: 'read' | 'write' | 'remove';
  command: number;
  raw: string;
  drive: string;
}

/** What {@link powerShellPathEffects} found. @public */
export interface PowerShellPathEffects {
  effects: PathEffect[];
  unresolved: UnresolvedPath[];
  providers: ProviderPath[];
  /** The location after the last command (`undefined` when it is not known). */
  cwdAfter: string | undefined;
  /** Writes that change how later commands are read (`Set-Content Function:gc …`). */
  hidden: string[];
}

/** Drives of providers that are not the file system (about_Providers). */
const PROVIDER_DRIVES = new Set(['env', 'variable', 'function', 'alias', 'cert', 'hklm', 'hkcu', 'wsman']);
/** Providers whose items change how later commands are read. */
const STATE_DRIVES = new Set(['variable', 'function', 'alias', 'env']);

const GLOB = /[*?[]/;

type Target = { kind: 'path'; path: string; glob: boolean } | { kind: 'provider'; drive: string } | { kind: 'unresolved'; why: string };

/** Where a literal path word points, from location `loc`. */
function target(text: string, literalParam: boolean, loc: string | undefined, ctx: PowerShellPathContext): Target {
  let p = text.replace(/\\/g, '/');
  if (/^[A-Za-z0-9_.]+::/.test(p) || /\\?[A-Za-z0-9_.]+::/.test(text))
    return { kind: 'unresolved', why: `the provider-qualified path ${text}` };
  const drive = /^([A-Za-z][A-Za-z0-9_]*):(.*)$/.exec(p);
  if (drive) {
    const name = drive[1]!.toLowerCase();
    if (PROVIDER_DRIVES.has(name)) return { kind: 'provider', drive: drive[1]! };
    if (name.length > 1) return { kind: 'unresolved', why: `the drive ${drive[1]}: is not one toolgate knows` };
    if (!drive[2]!.startsWith('/')) return { kind: 'unresolved', why: `the drive-relative path ${text}` };
  }
  let windowsStyle = drive !== null || p.startsWith('//');
  // On Windows a path rooted without a drive (`\etc\x`) is on the current location's drive.
  if (!windowsStyle && ctx.platform === 'windows' && p.startsWith('/')) {
    const d = /^\/([a-z])(\/|$)/.exec(loc ?? ctx.cwd);
    if (d === null) return { kind: 'unresolved', why: `${text} is on a drive that is not known` };
    p = `${d[1]}:${p}`;
    windowsStyle = true;
  }
  const relative = !windowsStyle && !p.startsWith('/') && p !== '~' && !p.startsWith('~/');
  if (relative && loc === undefined) return { kind: 'unresolved', why: `${text} is relative to a location that is not known` };
  if (/^~[^/]/.test(p)) return { kind: 'unresolved', why: `the path ${text}` };
  const platform: Platform = windowsStyle ? 'windows' : ctx.platform;
  const path = normalizePath(p, { cwd: loc ?? ctx.cwd, home: ctx.home, platform });
  return { kind: 'path', path, glob: !literalParam && GLOB.test(text) };
}

class Collector {
  effects: PathEffect[] = [];
  unresolved: UnresolvedPath[] = [];
  providers: ProviderPath[] = [];
  hidden: string[] = [];

  constructor(readonly ctx: PowerShellPathContext) {}

  add(
    op: PathUse,
    word: PsWord,
    param: Pick<ParameterSpec, 'literal'>,
    loc: string | undefined,
    command: number,
    describe = '',
  ): string | undefined {
    if (op === 'none') return undefined;
    if (!word.literal) {
      this.unresolved.push({ op, command, why: `${describe}${word.raw} is not literal` });
      return undefined;
    }
    if (word.escaped && param.literal !== true) {
      this.unresolved.push({ op, command, why: `${word.raw} has escapes that wildcard matching reads again` });
      return undefined;
    }
    if (word.text === '') return undefined;
    const t = target(word.text, param.literal === true, loc, this.ctx);
    if (t.kind === 'unresolved') {
      this.unresolved.push({ op, command, why: t.why });
      return undefined;
    }
    if (t.kind === 'provider') {
      this.providers.push({ op, command, raw: word.raw, drive: t.drive });
      if (op !== 'read' && STATE_DRIVES.has(t.drive.toLowerCase()))
        this.hidden.push(`${word.raw} changes ${t.drive}: items later commands may use`);
      return undefined;
    }
    this.effects.push({ op, path: t.path, raw: word.raw, literal: !t.glob, command, glob: t.glob });
    // `\\localhost\C$\x` is C:\x; a share on another host may be this machine; `PROJEC~1` may be any long name.
    const share = resolveWindowsShare(t.path);
    if (share.path !== t.path) this.effects.push({ op, path: share.path, raw: word.raw, literal: !t.glob, command, glob: t.glob });
    if (share.unknown !== undefined) this.unresolved.push({ op, command, why: share.unknown });
    if (hasShortName(t.path))
      this.unresolved.push({ op, command, why: `${word.raw} may hold an 8.3 short name that only the file system can resolve` });
    return t.glob ? undefined : t.path;
  }
}

/**
 * How far below a path a cmdlet reaches: a recursive copy reads everything in its source and
 * writes names toolgate cannot see in its destination; archives read a whole tree or write one.
 */
function markTrees(cmdlet: string, command: number, recurse: boolean, effects: PathEffect[]): void {
  for (const e of effects) {
    if (e.command !== command) continue;
    if (cmdlet === 'Copy-Item' && recurse) e.tree = e.op === 'read' ? 'all' : 'some';
    if (cmdlet === 'Compress-Archive' && e.op === 'read') e.tree = 'all';
    if (cmdlet === 'Expand-Archive' && e.op === 'write') e.tree = 'some';
  }
}

function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/**
 * The paths a PowerShell command line reads, writes or removes, resolved against the location
 * as earlier commands change it. Lexical (no symlinks). Never throws.
 * @public
 */
export function powerShellPathEffects(analysis: PowerShellAnalysis, ctx: PowerShellPathContext): PowerShellPathEffects {
  const c = new Collector(ctx);
  let loc: string | undefined = normalizePath(ctx.cwd, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform });
  const stack: (string | undefined)[] = [];
  analysis.commands.forEach((a, i) => {
    const previous = a.command.position > 0 ? analysis.commands[i - 1] : undefined;
    loc = commandEffects(a, i, loc, stack, c, previous);
    for (const r of a.command.redirects) {
      if (r.kind === 'file' && r.target) c.add('write', r.target, { literal: true }, loc, i, 'the redirection target ');
    }
  });
  return { effects: c.effects, unresolved: c.unresolved, providers: c.providers, cwdAfter: loc, hidden: c.hidden };
}

/** Cmdlets whose output is text or lines of files, never items that name paths. */
const TEXT_OUTPUT = new Set(['Get-Content', 'Write-Output', 'Out-String', 'Format-Table', 'Format-List', 'Format-Wide', 'ConvertTo-Json']);

/**
 * Select-String reads files only when the pipe brings file items; after a cmdlet that outputs
 * text it searches that text (PowerShell docs, Select-String › InputObject).
 */
function textInput(cmdlet: string, previous: PsCommandAnalysis | undefined): boolean {
  return (
    cmdlet === 'Select-String' &&
    previous !== undefined &&
    previous.name.kind === 'cmdlet' &&
    TEXT_OUTPUT.has(previous.name.spec?.name ?? '')
  );
}

function commandEffects(
  a: PsCommandAnalysis,
  i: number,
  loc: string | undefined,
  stack: (string | undefined)[],
  c: Collector,
  previous: PsCommandAnalysis | undefined,
): string | undefined {
  const spec = a.name.spec;
  if (a.name.ambiguous !== undefined && a.name.kind === 'cmdlet') c.unresolved.push({ op: 'read', command: i, why: a.name.ambiguous });
  if (!spec) {
    unmodelledEffects(a, i, loc, c);
    return loc;
  }
  if (!a.binding) return loc;
  const { bound, problems } = a.binding;
  const pathParams = spec.params.filter((p) => p.path !== undefined && p.path !== 'none');
  const worst: UnresolvedPath['op'] = pathParams.some((p) => p.path === 'remove')
    ? 'remove'
    : pathParams.some((p) => p.path === 'write')
      ? 'write'
      : 'read';
  if (problems.length > 0 && pathParams.length > 0) c.unresolved.push({ op: worst, command: i, why: problems[0]! });
  let firstPath: string | undefined;
  let anyPath = false;
  for (const b of bound) {
    const use = b.spec.path;
    if (use === undefined || use === 'none' || b.values === true) continue;
    anyPath = true;
    for (const w of b.values) {
      const p = c.add(use, w, b.spec, loc, i);
      firstPath ??= p;
    }
  }
  const value = (name: string) => bound.find((b) => b.spec.name === name);
  markTrees(spec.name, i, value('Recurse') !== undefined, c.effects);
  if (
    !anyPath &&
    spec.pipelinePath !== undefined &&
    spec.pipelinePath !== 'none' &&
    a.command.position > 0 &&
    !textInput(spec.name, previous)
  ) {
    c.unresolved.push({ op: spec.pipelinePath, command: i, why: `${spec.name} takes its path from the pipeline` });
  }
  if (spec.name === 'Rename-Item') {
    const nn = value('NewName');
    if (nn && nn.values !== true) {
      for (const w of nn.values) {
        if (!w.literal || /[/\\:]/.test(w.text) || firstPath === undefined)
          c.unresolved.push({ op: 'write', command: i, why: `the new name ${w.raw}` });
        else
          c.effects.push({
            op: 'write',
            path: `${firstPath === '/' ? '' : parentOf(firstPath)}/${w.text}`,
            raw: w.raw,
            literal: true,
            command: i,
            glob: false,
          });
      }
    }
  }
  if (spec.name === 'New-Item') {
    const nm = value('Name');
    if (nm && nm.values !== true) {
      const base = anyPath ? firstPath : loc;
      for (const w of nm.values) {
        if (!w.literal || base === undefined) c.unresolved.push({ op: 'write', command: i, why: `the name ${w.raw}` });
        else c.add('write', w, { literal: true }, base, i);
      }
    }
  }
  if (spec.name === 'Get-ChildItem' && !anyPath && a.command.position === 0 && loc !== undefined) {
    c.effects.push({ op: 'read', path: loc, raw: '.', literal: true, command: i, glob: false });
  }
  switch (spec.location) {
    case 'set':
    case 'push': {
      if (spec.location === 'push') stack.push(loc);
      if (problems.length > 0) return undefined;
      const arg = bound.find((b) => b.spec.path !== undefined)?.values;
      if (arg !== undefined && arg !== true && arg.some((w) => w.text === '-' || w.text === '+')) return undefined;
      if (!anyPath)
        return spec.location === 'set' ? normalizePath('~', { cwd: c.ctx.cwd, home: c.ctx.home, platform: c.ctx.platform }) : loc;
      return firstPath;
    }
    case 'pop':
      return stack.length > 0 ? stack.pop() : undefined;
    default:
      return loc;
  }
}

const URL_WORD = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * A command toolgate has no parameter table for (`Format-Hex .env`, `Import-Clixml x`, an
 * external program) may read or write any word it is given: each argument that can name a path
 * counts as read and written, as for the shell's unmodelled programs; one written with path
 * characters that cannot be worked out leaves the call unresolved.
 */
function unmodelledEffects(a: PsCommandAnalysis, i: number, loc: string | undefined, c: Collector): void {
  const words: PsWord[] = [];
  for (const e of a.command.elements) {
    if (e.kind === 'argument') words.push(...e.values);
    else if (e.kind === 'parameter' && e.value !== undefined) words.push(...e.value);
  }
  for (const w of words) {
    if (w.literal && (w.text === '' || URL_WORD.test(w.text))) continue;
    const pathLike = !w.literal || /[/\\]/.test(w.text) || /^[.~]/.test(w.text) || /^[A-Za-z][A-Za-z0-9_]*:/.test(w.text);
    if (!pathLike && target(w.text, true, loc, c.ctx).kind !== 'path') continue;
    const why = `the argument of ${a.command.name}, a command toolgate does not model, `;
    c.add('read', w, { literal: true }, loc, i, why);
    c.add('write', w, { literal: true }, loc, i, why);
  }
}
