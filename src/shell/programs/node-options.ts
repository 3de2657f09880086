/**
 * node's options that load a file before the program (Node 20 node(1)): `--require`/`-r`
 * (CommonJS), `--import` and `--loader`/`--experimental-loader` (ES modules), each as `--opt VALUE`
 * or `--opt=VALUE`. One home for what `NODE_OPTIONS` (and npm's `node-options`) makes every node
 * load: the write side protects the files they name (`loader-variables.ts`), the run side judges
 * any such value as code (`environment-values.ts`: only runtime tuning is inert).
 */

/** The options whose value node loads as a module before the program. */
export const NODE_LOAD_OPTIONS: readonly string[] = ['-r', '--require', '--import', '--loader', '--experimental-loader'];

/**
 * The words of an options value as node splits `NODE_OPTIONS`: on white space, a double-quoted
 * part kept whole with `\"` and `\\` taken as the character (node's `ParseNodeOptionsEnvVar`).
 */
export function nodeOptionWords(value: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quoted && c === '\\' && i + 1 < value.length) {
      word = (word ?? '') + value[++i]!;
      continue;
    }
    if (c === '"') {
      quoted = !quoted;
      word ??= '';
      continue;
    }
    if (!quoted && /\s/.test(c)) {
      if (word !== undefined) out.push(word);
      word = undefined;
      continue;
    }
    word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

/**
 * The files a node options value makes node load, as written: a path (`./x.js`, `/p/x.js`,
 * `file:///p/x.mjs`) as itself, a bare specifier (`dotenv/config`, `@scope/pkg`) as its package's
 * folder under `node_modules` (node resolves it from the working directory: any file there may be
 * what it loads). `data:` and `node:` specifiers name no file.
 */
export function nodeLoadedFiles(value: string): string[] {
  const words = nodeOptionWords(value);
  const out: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    const eq = w.indexOf('=');
    const name = eq > 0 && w.startsWith('--') ? w.slice(0, eq) : w;
    if (!NODE_LOAD_OPTIONS.includes(name)) continue;
    const spec = eq > 0 && w.startsWith('--') ? w.slice(eq + 1) : words[++k];
    if (spec === undefined || spec === '' || /^(?:data|node):/.test(spec)) continue;
    const file = spec.replace(/^file:\/\//, '');
    if (file.startsWith('/') || file.startsWith('.') || file.startsWith('~')) out.push(file);
    else {
      const parts = file.split('/');
      const pkg = file.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      out.push(`node_modules/${pkg}`);
    }
  }
  return out;
}

/** Examples of {@link nodeLoadedFiles}, each a test (`test/shell/programs/node-options.test.ts`). @internal */
export const NODE_LOADED_EXAMPLES: readonly { readonly value: string; readonly files: readonly string[] }[] = [
  { value: '--require /p/tools/pre.js', files: ['/p/tools/pre.js'] },
  { value: '-r ./tools/pre.js', files: ['./tools/pre.js'] },
  { value: '--import ./tools/pre.mjs', files: ['./tools/pre.mjs'] },
  { value: '--import=file:///p/x.mjs --max-old-space-size=4096', files: ['/p/x.mjs'] },
  { value: '-r dotenv/config', files: ['node_modules/dotenv'] },
  { value: '--loader @scope/hooks/esm', files: ['node_modules/@scope/hooks'] },
  { value: '--require "./a b.js"', files: ['./a b.js'] },
  { value: '--import=data:text/javascript,1', files: [] },
  { value: '--max-old-space-size=4096', files: [] },
];
