/**
 * Paths a shell command reads, writes or removes, resolved against the working directory as
 * earlier `cd` parts changed it (`cd sub && cat x` reads `<cwd>/sub/x`).
 */
import { expandBraces as expandBraceWord } from './brace.js';
import type { Platform } from '../core/types.js';
import { isCriticalRemovalTarget, normalizePath } from '../paths/index.js';
import { foldedCommandName } from './commands.js';
import { fileOperands } from './file-operands.js';
import { scanOptions } from './options.js';
import type { PathEffect, ShellAnalysis, SimpleCommand } from './types.js';
import { decodeWord } from './words.js';

/** Wrappers that also touch files of their own (the others' words are the wrapped command). */
const FILE_TOUCHING_WRAPPERS = new Set(['time', 'flock', 'xargs', 'find', 'tar', 'gtar', 'bsdtar']);

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
  return collectEffects(analysis, ctx, false);
}

/** Most alternatives a brace expansion is spelled out into before it is judged as one glob. */
const MAX_BRACE_ALTERNATIVES = 64;

/** The word's brace alternatives (`/home/{a,b}` → two words), or undefined when it has none or too many. */
function braceAlternatives(value: string, literal: boolean): string[] | undefined {
  if (literal || !decodeWord(value).brace) return undefined;
  const alts = expandBraceWord(value, MAX_BRACE_ALTERNATIVES);
  if (alts === undefined || alts.length < 2) return undefined;
  return alts;
}

/** `shellPathEffects`, optionally with brace expansions spelled out (one effect per alternative). */
function collectEffects(analysis: ShellAnalysis, ctx: ShellPathContext, expandBraces: boolean): ShellPathEffects {
  const start = normalizePath(ctx.cwd, { cwd: '/', home: ctx.home, platform: ctx.platform });
  const effects: PathEffect[] = [];
  const unresolved: string[] = [];
  try {
    let cwds = [start];
    const seen = new Set([start]);
    const wrappers = wrapperIndexes(analysis);
    const add = (cmdIndex: number, op: PathEffect['op'], raw: string, value: string, literal: boolean, bases: string[], intoName?: string): void => {
      const alternatives = expandBraces ? braceAlternatives(value, literal) : undefined;
      const words = alternatives ? alternatives.map((alt) => ({ alt, lit: decodeWord(alt).literal })) : [{ alt: value, lit: literal }];
      for (const base of bases) {
        for (const { alt, lit } of words) {
          const r = resolveWord(lit ? decodeWord(alt).value : alt, lit, base, ctx);
          let path = r.path;
          if (intoName !== undefined) path = `${path === '/' ? '' : path}/${intoName}`;
          const glob = alternatives ? r.glob || alternatives.length > 1 : r.glob;
          if (!effects.some((e) => e.op === op && e.path === path && e.command === cmdIndex)) {
            effects.push({ op, path, raw: alternatives ? `${raw} (${alt})` : raw, literal: r.literal, command: cmdIndex, glob });
          }
          if (!r.known && !unresolved.includes(`${op} ${raw}`)) unresolved.push(`${op} ${raw}`);
        }
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
      const name = foldedCommandName(cmd.argv[0]!);
      if (cmd.argumentsFrom) unresolved.push(`${cmd.source}: ${name} gets paths from ${cmd.argumentsFrom} input`);
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
      if (wrappers.has(i) && !FILE_TOUCHING_WRAPPERS.has(name)) return;
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
 * removal: `/`, a top-level directory, the home directory (or another user's, `~user`), a drive
 * root, the cwd or a parent of it, a glob directly under a working directory (`rm -rf dir/*`),
 * or a glob or trailing slash under a variable (`rm -rf "$DIR"/*`, `rm -rf $DIR/`), and targets
 * that may be any of these: a bare variable (`rm -rf $DIR`), a substitution (`rm -rf $(pwd)`,
 * `` rm -rf `pwd` ``), operands `xargs` reads from input (`pwd | xargs rm -rf`). Brace
 * expansions are spelled out (`rm -rf ~/{,x}` removes `~/`), and `find DIR -exec rm -rf {} +`
 * is judged on find's start paths. Returns descriptions (`"<target>: <why>"`); empty when none.
 * No allow rule and no hook `allow` approves these.
 * Behaviour: Claude Code docs, Permission modes › Critical-path removals.
 * @public
 */
export function criticalRemovals(analysis: ShellAnalysis, ctx: CriticalRemovalShellContext): string[] {
  const out: string[] = [];
  const push = (text: string): void => {
    if (!out.includes(text)) out.push(text);
  };
  try {
    const { effects } = collectEffects(analysis, ctx, true);
    const norm = (p: string): string => normalizePath(p, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform });
    analysis.commands.forEach((cmd, i) => {
      if (cmd.unknown || !REMOVERS.has(foldedCommandName(cmd.argv[0]!))) return;
      const via = inputSource(analysis, i);
      if (via === 'xargs') push(`${cmd.source}: operands read from xargs input may name any directory`);
      if (via === 'find' && cmd.argv.some((a) => a.includes('{}'))) {
        const finder = ancestor(analysis, i, 'find');
        for (const e of effects) {
          if (e.command !== finder || e.op !== 'read') continue;
          const why = isCriticalRemovalTarget(e.path, { ...ctx });
          if (why !== undefined) push(`{} (find start ${e.raw}): ${why}`);
        }
      }
    });
    for (const e of effects) {
      if (e.op !== 'remove' || e.command < 0) continue;
      const cmd = analysis.commands[e.command];
      const name = cmd ? foldedCommandName(cmd.argv[0]!) : '';
      if (!REMOVERS.has(name) && name !== 'find') continue;
      const word = e.raw.replace(/ \(.*\)$/s, '');
      const why =
        variableWhy(word) ?? tildeWhy(word, ctx, norm) ?? (e.literal || e.glob || word.startsWith('~') ? isCriticalRemovalTarget(e.path, { ...ctx }) : undefined);
      if (why !== undefined) push(`${e.raw}: ${why}`);
      if (e.glob && why === undefined) {
        const dir = e.path.slice(0, e.path.lastIndexOf('/')) || '/';
        const under = ctx.workingDirectories.some((w) => norm(w) === dir);
        if (under && /\/[*?.]*[*?][*?.]*$/.test(e.path)) push(`${e.raw}: a glob directly under a working directory`);
      }
    }
  } catch (error) {
    out.push(`critical-removal check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return out;
}

/** Commands whose operands are removed. */
const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'shred']);

/** Index of the nearest wrapper named `name` that runs command `i`, or -1. */
function ancestor(analysis: ShellAnalysis, i: number, name: string): number {
  let p = analysis.commands[i]?.parent;
  for (let guard = 0; p !== undefined && guard < 64; guard++) {
    const parent = analysis.commands[p];
    if (!parent) return -1;
    if (foldedCommandName(parent.argv[0] ?? '') === name) return p;
    p = parent.parent;
  }
  return -1;
}

/** Whether command `i` gets operands from input at run time (`xargs CMD`, `find -exec CMD {}`). */
function inputSource(analysis: ShellAnalysis, i: number): 'xargs' | 'find' | undefined {
  if (ancestor(analysis, i, 'xargs') >= 0) return 'xargs';
  if (ancestor(analysis, i, 'find') >= 0) return 'find';
  return undefined;
}

/** `~user` (another user's home), `~+` (the cwd) and `~-` (the previous directory). */
function tildeWhy(raw: string, ctx: CriticalRemovalShellContext, norm: (p: string) => string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  const m = /^~([^/]*)\/*$/.exec(bare);
  if (!m || m[1] === '') return undefined;
  if (m[1] === '+') return isCriticalRemovalTarget(norm(ctx.cwd), { ...ctx }) ?? 'the working directory';
  if (m[1] === '-') return 'the previous directory, which may be any directory';
  return "another user's home directory";
}

/** A removal target built on a variable or substitution: bare, with a trailing slash, or with a glob. */
function variableWhy(raw: string): string | undefined {
  const bare = raw.replace(/["']/g, '');
  if (/^(\$\(|`)/.test(bare) || /(^|\/)(\$\([^/]*\)|`[^/`]*`)(\/|$)/.test(bare)) return 'a substitution that may name any directory';
  if (!/\$/.test(bare)) return undefined;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(bare) || /^\$\{[^}]*\}$/.test(bare)) return 'a variable that may name any directory';
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/+$/.test(bare)) return 'a trailing slash under a variable';
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\/[*?.]*[*?][*?.]*$/.test(bare)) return 'a glob under a variable';
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
