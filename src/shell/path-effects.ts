/**
 * Paths a shell command reads, writes or removes, resolved against the working directory as
 * earlier `cd` parts changed it (`cd sub && cat x` reads `<cwd>/sub/x`).
 */
import type { Platform } from '../core/types.js';
import { isCriticalRemovalTarget, normalizePath } from '../paths/index.js';
import { commandBasename } from './commands.js';
import { fileOperands } from './file-operands.js';
import { scanOptions } from './options.js';
import type { PathEffect, ShellAnalysis, SimpleCommand } from './types.js';
import { decodeWord } from './words.js';

/** Where a command's relative paths resolve. @public */
export interface ShellPathContext {
  /** Absolute working directory the command starts in. */
  cwd: string;
  /** Absolute home directory (`~`). */
  home: string;
  platform: Platform;
}

/** Result of {@link shellPathEffects}. @public */
export interface ShellPathEffects {
  effects: PathEffect[];
  /** The working directory after the command, as far as it can be told (the start one when unknown). */
  cwdAfter: string;
  /** Why some effects could not be resolved (non-literal paths, `cd $X`, commands with hidden writes). */
  unresolved: string[];
}

interface Resolved {
  path: string;
  literal: boolean;
  glob: boolean;
  /** False when the path cannot even be guessed (`$X`, `~user`). */
  known: boolean;
}

/** Resolves one path word against a directory. */
function resolveWord(value: string, literal: boolean, base: string, ctx: ShellPathContext): Resolved {
  const opts = { cwd: base, home: ctx.home, platform: ctx.platform };
  if (literal) return { path: normalizePath(value, opts), literal: true, glob: false, known: true };
  const d = decodeWord(value);
  const onlyGlob = !d.expansion && d.substitutions === 0 && !d.error && !d.zshEquals;
  const tildeOk = !value.startsWith('~') || value === '~' || value.startsWith('~/');
  // Best guess: drop quotes; keep glob characters and `$NAME` text as written.
  const guess = value.replace(/["']/g, '');
  return {
    path: normalizePath(guess, opts),
    literal: false,
    glob: d.glob || d.brace,
    known: onlyGlob && tildeOk,
  };
}

/** Index of the commands each wrapper runs, so a wrapper's own words are not taken as files. */
function wrapperIndexes(analysis: ShellAnalysis): Set<number> {
  const s = new Set<number>();
  for (const c of analysis.commands) if (c.parent !== undefined) s.add(c.parent);
  return s;
}

function cdTarget(cmd: SimpleCommand): { index: number } | { home: true } | { unknown: string } {
  const { operand } = scanOptions(cmd.argv, 1, { posix: true });
  if (operand >= cmd.argv.length) return { home: true };
  if (cmd.argv[operand] === '-') return { unknown: 'cd - goes to the previous directory' };
  return { index: operand };
}

/**
 * The paths a command reads, writes or removes: redirections (`>`, `>>`, `<`, …), and the
 * file operands of the commands toolgate knows (`cat`, `head`, `grep`, `sed -i`, `tee`, `cp`,
 * `mv`, `rm`, `mkdir`, `touch`, `ln`, `chmod`, `truncate`, `dd of=`, `find -delete`, …). A
 * relative path resolves against the directory earlier `cd` parts moved to; a `cd` inside a
 * subshell or pipeline may or may not apply, so later paths are reported against both
 * directories. Paths are absolute and normalised (Windows drives as `/c/...`, like toolgate's
 * path rules). Never throws; what cannot be resolved is listed in `unresolved`, and callers
 * must not treat a command with unresolved effects as touching nothing.
 * Behaviour: Claude Code docs, Configure permissions › Bash (redirections, file commands).
 * @public
 */
export function shellPathEffects(analysis: ShellAnalysis, ctx: ShellPathContext): ShellPathEffects {
  const start = normalizePath(ctx.cwd, { cwd: '/', home: ctx.home, platform: ctx.platform });
  const effects: PathEffect[] = [];
  const unresolved: string[] = [];
  try {
    let cwds = [start];
    const seen = new Set([start]);
    const wrappers = wrapperIndexes(analysis);
    const add = (cmdIndex: number, op: PathEffect['op'], raw: string, value: string, literal: boolean, bases: string[], intoName?: string): void => {
      for (const base of bases) {
        const r = resolveWord(value, literal, base, ctx);
        let path = r.path;
        if (intoName !== undefined) path = `${path === '/' ? '' : path}/${intoName}`;
        if (!effects.some((e) => e.op === op && e.path === path && e.command === cmdIndex)) {
          effects.push({ op, path, raw, literal: r.literal, command: cmdIndex, glob: r.glob });
        }
        if (!r.known && !unresolved.includes(`${op} ${raw}`)) unresolved.push(`${op} ${raw}`);
      }
    };
    analysis.commands.forEach((cmd, i) => {
      const bases = [...cwds];
      for (const r of analysis.redirects) {
        if (r.command !== i || (r.kind !== 'file' && r.kind !== 'read')) continue;
        add(i, r.kind === 'file' ? 'write' : 'read', r.target, r.target, r.targetLiteral, bases);
      }
      if (cmd.unknown) {
        unresolved.push(`not understood: ${cmd.source}`);
        return;
      }
      const name = commandBasename(cmd.argv[0]!);
      if (name === 'cd' || name === 'pushd') {
        const t = cdTarget(cmd);
        let next: string[];
        if ('unknown' in t) {
          unresolved.push(t.unknown);
          next = cwds;
        } else if ('home' in t) {
          next = [normalizePath('~', { cwd: start, home: ctx.home, platform: ctx.platform })];
        } else {
          const value = cmd.argv[t.index]!;
          add(i, 'read', cmd.raw?.[t.index] ?? value, value, cmd.literal[t.index] ?? false, bases);
          const rs = bases.map((b) => resolveWord(value, cmd.literal[t.index] ?? false, b, ctx));
          if (rs.some((r) => !r.literal)) unresolved.push(`cd to a directory that is not literal: ${value}`);
          next = rs.map((r) => r.path);
        }
        cwds = cmd.inSubshell ? [...new Set([...cwds, ...next])] : [...new Set(next)];
        for (const c of cwds) seen.add(c);
        return;
      }
      if (name === 'popd') {
        unresolved.push('popd returns to a directory toolgate does not track');
        return;
      }
      if (wrappers.has(i) && name !== 'time' && name !== 'flock' && name !== 'xargs' && name !== 'find') return;
      const { files, unresolved: why } = fileOperands(name, cmd.argv);
      for (const w of why) unresolved.push(`${cmd.source}: ${w}`);
      for (const f of files) {
        const word = cmd.argv[f.index];
        if (word === undefined) continue;
        const literal = cmd.literal[f.index] ?? false;
        const value = f.value ?? word;
        const raw = f.value ?? cmd.raw?.[f.index] ?? word;
        if (f.intoDir !== undefined) {
          const dir = cmd.argv[f.intoDir]!;
          const base = value.replace(/\/+$/, '').split('/').pop() ?? value;
          if (!base || base === '.' || base === '..') continue;
          add(i, f.op, raw, dir, (cmd.literal[f.intoDir] ?? false) && literal, bases, base);
          continue;
        }
        add(i, f.op, raw, value, literal, bases);
      }
    });
    // Redirections on compound commands or on nothing: resolve against every directory seen.
    for (const r of analysis.redirects) {
      if (r.command !== undefined || (r.kind !== 'file' && r.kind !== 'read')) continue;
      add(-1, r.kind === 'file' ? 'write' : 'read', r.target, r.target, r.targetLiteral, [...seen]);
    }
    return { effects, cwdAfter: cwds.length === 1 ? cwds[0]! : start, unresolved: cwds.length === 1 ? unresolved : [...unresolved, 'the working directory after the command depends on a subshell'] };
  } catch (error) {
    unresolved.push(`path analysis failed: ${error instanceof Error ? error.message : String(error)}`);
    return { effects, cwdAfter: start, unresolved };
  }
}

/** Where a removal is judged. @public */
export interface CriticalRemovalShellContext extends ShellPathContext {
  /** The working directories (cwd and additional directories). */
  workingDirectories: string[];
}

/**
 * Targets of `rm`/`rmdir` (anywhere, substitutions included) whose removal is a critical-path
 * removal: `/`, a top-level directory, the home directory, a drive root, the cwd or a parent
 * of it, a glob directly under a working directory (`rm -rf dir/*`), or a glob or trailing
 * slash under a variable (`rm -rf "$DIR"/*`, `rm -rf $DIR/`), and a bare variable (`rm -rf
 * $DIR`, which may be any of these). Returns descriptions (`"<target>: <why>"`); empty when
 * none. No allow rule and no hook `allow` approves these.
 * Behaviour: Claude Code docs, Permission modes › Critical-path removals.
 * @public
 */
export function criticalRemovals(analysis: ShellAnalysis, ctx: CriticalRemovalShellContext): string[] {
  const out: string[] = [];
  try {
    const { effects } = shellPathEffects(analysis, ctx);
    for (const e of effects) {
      if (e.op !== 'remove' || e.command < 0) continue;
      const cmd = analysis.commands[e.command];
      const name = cmd ? commandBasename(cmd.argv[0]!) : '';
      if (name !== 'rm' && name !== 'rmdir' && name !== 'unlink' && name !== 'find') continue;
      const why = variableWhy(e.raw) ?? (e.literal || e.glob || e.raw.startsWith('~') ? isCriticalRemovalTarget(e.path, { ...ctx }) : undefined);
      if (why !== undefined) {
        const text = `${e.raw}: ${why}`;
        if (!out.includes(text)) out.push(text);
      }
      if (e.glob && why === undefined) {
        const dir = e.path.slice(0, e.path.lastIndexOf('/')) || '/';
        const under = ctx.workingDirectories.some((w) => normalizePath(w, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform }) === dir);
        if (under && /\/[*?.]*[*?][*?.]*$/.test(e.path)) out.push(`${e.raw}: a glob directly under a working directory`);
      }
    }
  } catch (error) {
    out.push(`critical-removal check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return out;
}

/** A removal target built on a variable: bare, with a trailing slash, or with a glob. */
function variableWhy(raw: string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  if (!/\$/.test(bare)) return undefined;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(bare) || /^\$\{[^}]*\}$/.test(bare)) return 'a variable that may name any directory';
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/+$/.test(bare)) return 'a trailing slash under a variable';
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/[*?.]*[*?][*?.]*$/.test(bare)) return 'a glob under a variable';
  if (/^\$\(|^`/.test(bare)) return 'a substitution that may name any directory';
  return undefined;
}

/** The filesystem commands acceptEdits auto-approves (the caller checks their paths). */
const ACCEPT_EDITS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

/**
 * Whether acceptEdits mode may auto-approve this command: one of the filesystem commands
 * Claude Code documents (mkdir, touch, rm, rmdir, mv, cp, sed), understood, named literally,
 * with no variable or substitution in its words (globs are allowed: the caller checks the
 * paths from {@link shellPathEffects} against the working directories).
 * Behaviour: Claude Code docs, Permission modes › acceptEdits.
 * @public
 */
export function acceptEditsCommand(cmd: SimpleCommand): boolean {
  if (cmd.unknown || cmd.argv.length === 0 || !cmd.literal[0]) return false;
  if (!ACCEPT_EDITS.has(cmd.argv[0]!)) return false;
  for (let i = 1; i < cmd.argv.length; i++) {
    if (cmd.literal[i]) continue;
    const d = decodeWord(cmd.argv[i]!);
    if (d.expansion || d.substitutions > 0 || d.tilde || d.error || d.zshEquals) return false;
  }
  if (cmd.argv[0] === 'sed') {
    const { unresolved } = fileOperands('sed', cmd.argv);
    if (unresolved.length > 0) return false;
  }
  return true;
}
