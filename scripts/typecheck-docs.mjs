// `npm run typecheck:docs`: type-check every TypeScript block of README.md and docs/*.md against
// the built package (`toolgate`, `toolgate/gate`, … resolve to dist/ through the package's own
// exports) and the real framework types in node_modules.
//
// - Each block is its own module (as if saved as test/docs-snippets/<file>-L<line>.ts: a relative
//   import such as '../support/…' resolves as from a test file), with the project's compiler
//   options.
// - Names a snippet uses without declaring them (`prompt`, `model`, `askThePerson`, …) are
//   declared once, in docs/snippets.d.ts.
// - A block that must not be checked says so in its info string: ```ts skip-typecheck. Skipped
//   blocks are listed in the output.
//
// Usage: node scripts/typecheck-docs.mjs [--counts FILE] [file.md …]
//   --counts FILE  append "passed failed skipped" (blocks) to FILE, as a .ci test step does.
// Exit 0 when every checked block compiles, 1 otherwise, 2 when dist/ is missing.
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { extractSnippets } from './docs-snippets.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
let countsFile;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--counts') countsFile = args[++i];
  else files.push(args[i]);
}
if (files.length === 0) {
  files.push('README.md');
  for (const f of readdirSync(join(root, 'docs')).sort()) if (f.endsWith('.md')) files.push(`docs/${f}`);
}

if (!existsSync(join(root, 'dist/index.d.ts'))) {
  console.error('typecheck:docs: dist/ is missing — run `npm run build` first (the snippets are checked against the built package).');
  if (countsFile) appendFileSync(countsFile, '0 1 0\n');
  process.exit(2);
}
const built = statSync(join(root, 'dist/index.d.ts')).mtimeMs;
const newest = (dir) => readdirSync(dir, { recursive: true }).reduce((m, f) => Math.max(m, statSync(join(dir, String(f))).mtimeMs), 0);
if (newest(join(root, 'src')) > built)
  console.warn('typecheck:docs: warning: src/ changed after the last build; the snippets are checked against the older dist/.');

const snippets = files.flatMap((f) => extractSnippets(f, readFileSync(join(root, f), 'utf8')));
const checked = snippets.filter((s) => !s.skip);
const skipped = snippets.filter((s) => s.skip);
const declarations = join(root, 'docs/snippets.d.ts');
const virtualDir = join(root, 'test/docs-snippets');
const virtual = new Map();
for (const s of checked) {
  const name = `${s.file.replace(/[^A-Za-z0-9]+/g, '-')}-L${s.line}.${s.language === 'tsx' ? 'tsx' : s.language === 'mts' ? 'mts' : s.language === 'cts' ? 'cts' : 'ts'}`;
  virtual.set(join(virtualDir, name), { snippet: s, text: `${s.code}\nexport {};\n` });
}

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, '\n')) },
);
const options = { ...config.options, noEmit: true, declaration: false, jsx: ts.JsxEmit.ReactJSX };
const host = ts.createCompilerHost(options);
const { fileExists, readFile, getSourceFile, directoryExists } = host;
host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
host.readFile = (f) => virtual.get(f)?.text ?? readFile.call(host, f);
host.directoryExists = (d) => d === virtualDir || (directoryExists ? directoryExists.call(host, d) : ts.sys.directoryExists(d));
host.getSourceFile = (f, lang, onError, create) => {
  const v = virtual.get(f);
  return v !== undefined ? ts.createSourceFile(f, v.text, lang) : getSourceFile.call(host, f, lang, onError, create);
};
const program = ts.createProgram({ rootNames: [declarations, ...virtual.keys()], options, host });
const diagnostics = ts.getPreEmitDiagnostics(program);

const failedBlocks = new Set();
let otherErrors = 0;
const reports = [];
for (const d of diagnostics) {
  const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const where = d.file === undefined ? undefined : d.file.getLineAndCharacterOfPosition(d.start ?? 0);
  const v = d.file === undefined ? undefined : virtual.get(d.file.fileName);
  if (v !== undefined && where !== undefined) {
    failedBlocks.add(v.snippet);
    const line = v.snippet.firstLine + where.line;
    reports.push({
      order: [files.indexOf(v.snippet.file), line],
      text: `${v.snippet.file}:${line}:${where.character + 1} - error TS${d.code}: ${text}`,
    });
  } else {
    otherErrors++;
    const at = d.file ? `${relative(root, d.file.fileName)}:${(where?.line ?? 0) + 1}:${(where?.character ?? 0) + 1}` : 'typecheck:docs';
    reports.push({ order: [-1, 0], text: `${at} - error TS${d.code}: ${text}` });
  }
}
reports.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
for (const r of reports) console.log(r.text);

for (const s of skipped) console.log(`skipped (ts skip-typecheck): ${s.file}:${s.line}`);
const passed = checked.length - failedBlocks.size;
const failed = failedBlocks.size + (otherErrors > 0 ? 1 : 0);
console.log(
  `typecheck:docs: ${snippets.length} TypeScript blocks in ${files.length} files — ${passed} passed, ${failedBlocks.size} failed, ${skipped.length} skipped${otherErrors > 0 ? `; ${otherErrors} errors outside the blocks (docs/snippets.d.ts)` : ''}`,
);
if (countsFile) appendFileSync(countsFile, `${passed} ${failed} ${skipped.length}\n`);
process.exit(failed > 0 ? 1 : 0);
