/**
 * The text the command line itself shows flowing between its commands (issue #37, red team 25's
 * replay RP25-S2/I4/U2): what a command writes to its output (a printer of literal words, and
 * what cat, tee, head or tail pass on of that), what a wrapper hands the command it runs on its
 * input (`echo … | env bash`: bash reads what echo writes; xargs's command reads nothing of it),
 * and what an earlier command wrote to a file by a redirection (`printf … > x.sh && bash x.sh`).
 * Held per analysis (`Collector.shown`), filled as the commands are emitted in order, so a file
 * counts only once a command before has written it.
 */
import type { Collector } from '../syntax/collector.js';
import type { SimpleCommand } from '../types.js';
import { commandOutput, shownInput, type ShownTexts, type WrittenFiles } from '../programs/shell-code.js';
import { copiesTo } from '../programs/literal-printers.js';

/**
 * What one analysis has seen of the text its commands pass on: each command's output (by index),
 * what a wrapper hands the command it runs on its input (`null`: nothing the pipe carries), the
 * texts written to each file (by {@link fileKey}) so far. @internal
 */
export type ShownText = NonNullable<Collector['shown']>;

/** The collector's record, made on first use. */
export function shownText(c: Collector): ShownText {
  return (c.shown ??= { outputs: new Map(), handed: new Map(), files: new Map(), batches: new Map() });
}

/** A path as written, folded so `./x.sh`, `x.sh` and `.//x.sh` meet; `..` and links are left as written. */
export function fileKey(path: string): string {
  return path.replace(/\/+/g, '/').replace(/(^|\/)(\.\/)+/g, '$1').replace(/\/\.$/, '') || path;
}

/** The files the line wrote before, as {@link WrittenFiles} reads them. */
export function writtenFiles(c: Collector): WrittenFiles {
  const files = shownText(c).files;
  return (path) => {
    const texts = files.get(fileKey(path));
    return texts === undefined || texts.length === 0 ? undefined : texts;
  };
}

/**
 * What command `index` gets on its input with no redirection of its own: what a wrapper hands it,
 * or what the command before it (`previous`) writes.
 */
export function fedTexts(c: Collector, index: number, previous: SimpleCommand | undefined): ShownTexts | undefined {
  const shown = shownText(c);
  if (shown.handed.has(index)) return shown.handed.get(index) ?? undefined;
  return previous === undefined ? undefined : shown.outputs.get(index - 1);
}

/** Redirections that put a command's output in a file (`>`, `>|`, `1>`, `&>`); appending ones are `>>`, `&>>`. */
const OUTPUT_TO_FILE = /^(?:1?>\|?|&>)$/;
const APPEND_TO_FILE = /^(?:1?>>|&>>)$/;

/**
 * Records what command `index` writes: its output (for the command after it), and the texts it
 * puts in files — by an output redirection, or as `tee FILE` — where the line shows them. An
 * append (`>>`) adds to what the line wrote there before; to a file the line did not write, the
 * text alone (it runs after what was there: `printf 'cp …' >> x.sh && bash x.sh`, bash 5.2).
 */
export function recordOutput(c: Collector, cmd: SimpleCommand, index: number, fed: ShownTexts | undefined): void {
  const shown = shownText(c);
  const out = commandOutput(cmd, fed, writtenFiles(c));
  if (out === undefined) return;
  shown.outputs.set(index, out);
  const put = (path: string, append: boolean) => {
    const key = fileKey(path);
    const before = shown.files.get(key);
    const texts = append && before !== undefined ? before.flatMap((b) => out.map((t) => b + t)) : out;
    shown.files.set(key, [...(before ?? []), ...texts].slice(0, 8));
  };
  for (const r of cmd.redirects) {
    if (r.kind !== 'file' || !r.targetLiteral) continue;
    if (OUTPUT_TO_FILE.test(r.op)) put(r.target, false);
    else if (APPEND_TO_FILE.test(r.op)) put(r.target, true);
  }
  const copies = copiesTo(cmd.argv);
  for (const path of copies?.files ?? []) put(path, copies!.append);
}

/** What command `cmd` (a wrapper, fed `fed`) gets on its input, handed on to the command it runs. */
export function handOn(c: Collector, child: number, texts: ShownTexts | undefined): void {
  shownText(c).handed.set(child, texts ?? null);
}

export { shownInput };
