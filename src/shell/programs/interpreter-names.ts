/**
 * The interpreters' names, apart from their models (`interpreters.ts`): a table a call of another
 * tool reads too (a write into a file the user's start-up files run with one, evaluate/sourced-files.ts),
 * so it lives in the hook's main bundle, without the option grammars (tsup.config.ts, `outside`).
 */
import { variantBase } from './name-variants.js';

/**
 * Node script runners: each runs the file it is given in node (red team 13 V9: `sucrase-node
 * x.js` and `why-is-node-running x.js` ran the rm an earlier call wrote into x.js).
 */
export const NODE_SCRIPT_RUNNERS = [
  'sucrase-node',
  'why-is-node-running',
  'babel-node',
  'ts-node-esm',
  'ts-node-script',
  'ts-node-dev',
  'node-dev',
  'esno',
  'esr',
  'vite-node',
  'jiti',
  // Replay of red team 13, N22: each runs the script it is given (zx a .mjs whose $`…` runs shell
  // commands; tsm, swc-node and tsimp register a TypeScript loader; electron runs its main script).
  'zx',
  'tsm',
  'swc-node',
  'tsimp',
  'electron',
] as const;

/**
 * Programs that run code they are given (their names without a version suffix).
 * @internal
 */
export const INTERPRETERS: ReadonlySet<string> = new Set([
  'python',
  'python2',
  'python3',
  'pypy',
  'pypy3',
  'node',
  'nodejs',
  'deno',
  'bun',
  'perl',
  'ruby',
  'irb',
  'php',
  'lua',
  'luajit',
  'osascript',
  'pwsh',
  'powershell',
  'rscript',
  'r',
  'tclsh',
  'wish',
  'expect',
  'julia',
  'groovy',
  'jshell',
  // The Java launcher runs the project's code: a source file (`java Main.java`, `--source 17`), a
  // jar (`-jar x.jar`), a class, an argument file's options (`java @args`), and an agent
  // (`-javaagent:`, `-agentpath:`) before it even prints `-version` (red team 19, R19-8: each ran
  // /bin/rm under OpenJDK 17). Only `-version`, `--version`, `-help` … alone run nothing.
  'java',
  'scala',
  'elixir',
  'iex',
  'erl',
  'escript',
  'guile',
  'racket',
  'sbcl',
  'clisp',
  'ocaml',
  'runghc',
  'runhaskell',
  'ghci',
  'swift',
  'kotlin',
  'jrunscript',
  'cscript',
  'wscript',
  'php-cgi',
  'gjs',
  'qjs',
  'tsx',
  'ts-node',
  ...NODE_SCRIPT_RUNNERS,
  // Red team 19's unverified leads (R19-8; not installed here, each runs the code it is given by
  // its manual): GHC's `-e` and Template Haskell splices, Clojure, babashka, Nushell, xonsh, LuaTeX's
  // Lua, GNU Octave, gnuplot's `system()` and `!`, the Groovy shell, Scala CLI, `kotlinc -script`.
  // The LLVM IR interpreter runs the module it is given (red team 20, R20-10: `lli x.ll` called system()).
  'lli',
  'ghc',
  'clojure',
  'clj',
  'bb',
  'nu',
  'xonsh',
  'texlua',
  'octave',
  'octave-cli',
  'gnuplot',
  'groovysh',
  'scala-cli',
  'kotlinc',
  'kotlinc-jvm',
  'vim',
  'nvim',
  'vi',
  'ex',
  'emacs',
  'gdb',
]);

/**
 * The interpreter a command name is (`python3.12` → `python3`, `perl5.36` → `perl`,
 * `perl5.36-x86_64-linux-gnu` → `perl`, `lli-14` → `lli`, `view` → `vim`: name-variants.ts), or undefined.
 */
export function interpreterName(name: string): string | undefined {
  if (INTERPRETERS.has(name)) return name;
  return variantBase(name, (n) => INTERPRETERS.has(n), 'any');
}
