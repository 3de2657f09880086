// How `npm run api:check` compares an API report with the one in etc/ (scripts/api-report.mjs).
// What the bundler decides between builds does not count: the declaration chunks' file names
// (`dist/types-AbC123.d.cts:70:5` in the forgotten-export warnings carry a content hash) and so the
// order of the closing warning list, which api-extractor sorts by those names. Line endings do not
// count either (api-extractor writes CRLF; a checkout or an editor may turn them into LF).

const CHUNK = /dist\/[\w.-]+\.d\.[cm]?ts:\d+:\d+/g;
const FORGOTTEN = /^\s*\/\/.*\(ae-forgotten-export\)/;

/** A report as compared: chunk names replaced, each run of consecutive forgotten-export comment lines sorted. */
export function normalizeReport(text) {
  const lines = text.replace(/\r\n/g, '\n').replace(CHUNK, 'dist/CHUNK').split('\n');
  const out = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && FORGOTTEN.test(lines[j])) j += 1;
    if (j > i) {
      out.push(...lines.slice(i, j).sort());
      i = j;
    } else out.push(lines[i++]);
  }
  return out.join('\n');
}

/** Whether two reports differ in more than the bundler's chunk names, their order and line endings; a missing one differs. */
export function reportsDiffer(a, b) {
  return a === undefined || b === undefined || normalizeReport(a) !== normalizeReport(b);
}
