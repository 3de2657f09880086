// Extract the TypeScript code blocks of Markdown files, for `npm run typecheck:docs`.
//
// A block is a fenced code block (``` or ~~~, any indentation) whose info string starts with
// ts, typescript, tsx, mts or cts. The words after the language are flags; `skip-typecheck`
// marks a block that is not checked (and is listed as skipped).

const TS_LANGUAGES = new Set(['ts', 'typescript', 'tsx', 'mts', 'cts']);
export const SKIP_FLAG = 'skip-typecheck';

/**
 * @typedef {object} Snippet
 * @property {string} file      the Markdown file, as given
 * @property {number} line      1-based line of the opening fence
 * @property {number} firstLine 1-based line of the block's first content line
 * @property {string} language  ts, tsx, …
 * @property {string[]} flags   words after the language in the info string
 * @property {boolean} skip     carries `skip-typecheck`
 * @property {string} code      the block's text, the fence's indentation removed
 */

/**
 * Every TypeScript block of one Markdown text, in order. An unclosed fence runs to the end of the
 * file (as CommonMark reads it).
 * @param {string} file
 * @param {string} text
 * @returns {Snippet[]}
 */
export function extractSnippets(file, text) {
  const lines = text.split(/\r?\n/);
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*(.*)$/.exec(lines[i]);
    if (open === null || (open[2][0] === '`' && open[3].includes('`'))) continue;
    const [, indent, fence, info] = open;
    const words = info.trim().split(/\s+/).filter(Boolean);
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end])) end++;
    const language = (words[0] ?? '').toLowerCase();
    if (TS_LANGUAGES.has(language)) {
      const body = lines.slice(i + 1, end).map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l.trimStart()));
      out.push({
        file,
        line: i + 1,
        firstLine: i + 2,
        language,
        flags: words.slice(1),
        skip: words.slice(1).includes(SKIP_FLAG),
        code: body.join('\n'),
      });
    }
    i = end;
  }
  return out;
}
