/**
 * The shell blocks of a Markdown file and the marker each carries on the line before its fence:
 * `<!-- run -->` (CI runs it against the packed tarball, test/readme/readme.pack.test.ts) or
 * `<!-- skip: why -->`.
 */

/** Fence languages that hold shell commands. */
export const SHELL_LANGUAGES: ReadonlySet<string> = new Set(['sh', 'bash', 'shell', 'zsh', 'console']);

export type BlockMarker = { kind: 'run' } | { kind: 'skip'; reason: string };

export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  language: string;
  code: string;
  /** The marker on the last non-empty line before the fence; `undefined` when there is none. */
  marker?: BlockMarker;
}

const RUN = /^<!--\s*run\s*-->$/;
const SKIP = /^<!--\s*skip:\s*(\S[\s\S]*?)\s*-->$/;

/** Every fenced shell block of `markdown`, in order. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const lines = markdown.split('\n');
  const out: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (open === null) continue;
    const fence = open[1]!;
    let end = i + 1;
    while (end < lines.length && !lines[end]!.startsWith(fence)) end++;
    const language = open[2]!;
    if (SHELL_LANGUAGES.has(language)) {
      let before = i - 1;
      while (before >= 0 && lines[before]!.trim() === '') before--;
      const previous = before >= 0 ? lines[before]!.trim() : '';
      const skip = SKIP.exec(previous);
      const marker: BlockMarker | undefined = RUN.test(previous)
        ? { kind: 'run' }
        : skip !== null
          ? { kind: 'skip', reason: skip[1]! }
          : undefined;
      out.push({ line: i + 1, language, code: lines.slice(i + 1, end).join('\n'), ...(marker !== undefined ? { marker } : {}) });
    }
    i = end;
  }
  return out;
}
