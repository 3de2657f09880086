/**
 * Names a command takes from a list file, one a line (`tar --remove-files -T list`, `git rm -r
 * --pathspec-from-file=list`; `-`: its input), and removes whole: the command line does not show
 * them (red team 13: `echo .claude > list; tar --remove-files -cf x.tar -T list` removed
 * .claude/settings.json). The file is read through the file-system view (the input when a
 * here-string or here-document gives it); each line becomes a removal of that path relative to the
 * command's directory, with the entries it holds, judged by deny rules and protected paths like a
 * name on the command line. A list the view cannot read, one whose lines may be more than plain
 * names (a wildcard or git's pathspec magic, an option for tar, a quoted name), or input toolgate
 * cannot see: a removal of names toolgate cannot see — a protected ask.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { Platform } from '../core/types.js';
import { normalizePath } from '../paths/index.js';
import type { PathEffect, ShellAnalysis } from '../shell/index.js';
import { inputTextsOf } from '../shell/programs/unmodelled-text.js';
import { baseOf } from './response-files.js';

/** What the world shows of a call's list files. */
export interface ListWorld {
  view?: ReadonlyFsView | undefined;
  cwd: string;
  home: string;
  platform: Platform;
}

/** More lines than this: what the list names is not followed one by one. */
const MAX_LINES = 1000;

/** The removals the line's list files add. */
export function listNamedRemovals(analysis: ShellAnalysis, effects: readonly PathEffect[], world: ListWorld): PathEffect[] {
  const out: PathEffect[] = [];
  for (const e of effects) {
    if (e.listsNames !== 'remove' || e.viaSymlink === true) continue;
    const stdin = e.raw === '-';
    const base = stdin ? dirOf(e.path) : baseOf(e.path, e.raw, world);
    const unseen = (at: string): void => {
      out.push({
        op: 'remove',
        path: at,
        raw: `the names in ${stdin ? 'its input' : e.raw}`,
        literal: true,
        command: e.command,
        glob: false,
        tree: 'some',
        names: { kind: 'unseen', what: 'list' },
      });
    };
    const inputs = stdin ? inputTextsOf(analysis, e.command) : [];
    const text = stdin ? (inputs.length === 1 ? inputs[0] : undefined) : world.view?.readText?.(e.path);
    if (text === undefined || base === undefined || e.literal !== true) {
      unseen(base ?? world.cwd);
      continue;
    }
    const lines = text.split('\n').filter((l) => l !== '');
    if (lines.length > MAX_LINES || lines.some((l) => /^[-:"]|[*?[\\\r]/.test(l))) {
      unseen(base);
      continue;
    }
    for (const line of lines) {
      const path = normalizePath(line, { cwd: base, home: world.home, platform: world.platform });
      out.push({
        op: 'remove',
        path,
        raw: `${line} (named in ${stdin ? 'its input' : e.raw})`,
        literal: true,
        command: e.command,
        glob: false,
        names: { kind: 'entries', of: [path] },
      });
    }
  }
  return out;
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}
