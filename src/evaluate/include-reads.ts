/**
 * Include languages (decision 0096): a program whose input names more files for it to read —
 * cpp's `#include`, groff's `.so`, as's `.include`, rustc's `include_str!`, an import a bundler
 * follows — reads files the command line does not show. The names are in its text and may be
 * computed there (`#define S(x) #x`, groff's string registers, a line splice), so reading the
 * text for names cannot list them, and a file the same line or an earlier call wrote is as good
 * as any: the program reads some path (`/**`), as a response file toolgate cannot see does. Where
 * a Read deny rule could match, that is a guarded-read ask (a person or an exact-command grant
 * answers it); with no Read deny rule a read is harmless and nothing changes. Which programs, and
 * for which command lines, is each model's `includesFiles`.
 */
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { PROGRAMS } from '../shell/programs/index.js';

/** The reads of some path that the line's commands in an include language add. */
export function includedFileReads(analysis: ShellAnalysis): PathEffect[] {
  const out: PathEffect[] = [];
  analysis.commands.forEach((cmd, i) => {
    if (cmd.literal[0] !== true) return;
    const name = cmd.program;
    const includes = PROGRAMS.get(name)?.includesFiles;
    const what = typeof includes === 'function' ? includes(cmd.argv) : includes;
    if (what === undefined) return;
    out.push(includedRead(name, what, i));
  });
  return out;
}

/** A read of some path by command `command`'s program `name`, whose input names files through its `what`. */
export function includedRead(name: string, what: string, command: number): PathEffect {
  return { op: 'read', path: '/**', raw: `/** (files ${name}'s input may name through its ${what})`, literal: false, command, glob: true };
}

/** The raw text of such a read: the program and what names the files. */
const RAW = /^\/\*\* \(files (.+?)'s input may name through its (.+)\)$/;

/**
 * Why a read is one of {@link includedFileReads}, as a person reads it (`gcc may read files its
 * input names (through its #include lines), which toolgate cannot list`), or undefined. Such a
 * read is of any path: no look through the file-system view can settle it, so a Read deny rule
 * with a path makes it a guarded read at once.
 */
export function includedReadWhy(e: Pick<PathEffect, 'op' | 'path' | 'raw' | 'literal'>): string | undefined {
  if (e.op !== 'read' || e.path !== '/**' || e.literal) return undefined;
  const m = RAW.exec(e.raw);
  return m === null ? undefined : `${m[1]} may read files its input names through its ${m[2]}; toolgate cannot list them`;
}
