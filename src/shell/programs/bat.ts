/**
 * `bat` (Debian installs it as `batcat`): prints its files with syntax highlighting.
 * `--generate-config-file` writes its configuration file; `bat cache --build` and `--clear`
 * write and remove its cache (`--target DIR`), built from `--source DIR`.
 */
import type { FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords } from './parse.js';
import { readerEffects } from './readers.js';

/**
 * bat 0.22 bat(1), `bat --help`: every option (clap: long names matched exactly, a value attached
 * with `=` or the next word). `-L` lists the languages and takes no value.
 */
const grammar: GnuOptionSpec = {
  short: 'ApdnfuhVLl:H:m:r:',
  long: longOptions(
    'show-all plain language= highlight-line= file-name= diff diff-context= tabs= wrap= terminal-width= number color= italic-text= decorations= force-colorization paging= pager= map-syntax= ignored-suffix= theme= list-themes style= line-range= list-languages unbuffered diagnostic acknowledgements help version config-file generate-config-file config-dir cache-dir no-config no-custom-assets',
  ),
  abbreviations: false,
};

/** `bat cache` (a first word `cache`): its own options. */
const cacheGrammar: GnuOptionSpec = {
  short: 'bch',
  long: longOptions('build clear source= target= blank acknowledgements help'),
  abbreviations: false,
};

/** The configuration file `--generate-config-file` writes below the home (`$BAT_CONFIG_PATH` may move it). */
const CONFIG = '.config/bat/config';
/** The cache below the home `bat cache --build` writes and `--clear` empties, unless `--target`. */
const CACHE = '.cache/bat';

function batFiles(name: string, argv: readonly string[]): FileOperands {
  if (argv[1] === 'cache') {
    const words = readWords(argv.slice(1), cacheGrammar);
    if (!words) return { files: [], unresolved: [], modelled: 'partly' };
    const target = words.options.find((o) => o.name === '--target');
    const source = words.options.find((o) => o.name === '--source');
    const build = words.options.some((o) => o.name === '-b' || o.name === '--build');
    const clear = words.options.some((o) => o.name === '-c' || o.name === '--clear');
    const files: FileOperands['files'] = [];
    // Indices of the words read from argv[1] on: one more in the command.
    const at = (o: { index: number; valueIndex?: number; value?: string }) =>
      o.valueIndex !== undefined ? { index: o.valueIndex + 1 } : { index: o.index + 1, value: o.value ?? '' };
    if (source?.value !== undefined) files.push({ op: 'read', ...at(source), tree: 'all' });
    if (build || clear) {
      const op = build ? 'write' : 'remove';
      if (target?.value !== undefined) files.push({ op, ...at(target), tree: 'some' });
      else files.push({ op, index: 1, value: CACHE, inHome: true, tree: 'some' });
    }
    return { files, unresolved: [] };
  }
  const out = readerEffects(name, argv, grammar);
  if (argv.includes('--generate-config-file'))
    out.files.push({ op: 'write', index: argv.indexOf('--generate-config-file'), value: CONFIG, inHome: true });
  return out;
}

/** The bat model. @internal */
export const bat = defineProgram({
  names: ['bat', 'batcat'],
  summary: 'bat: print files with syntax highlighting',
  sources: ['bat 0.22 bat(1)'],
  grammar: grammar,
  files: (name, argv) => batFiles(name, argv),
  runs: 'unseen',
  examples: [
    { command: 'bat -l rust main.rs', effects: ['read ./main.rs'], readOnly: false, why: '-l takes the language' },
    { command: 'batcat --style plain a.txt', effects: ['read ./a.txt'], why: '--style takes the next word' },
    { command: 'bat -L', effects: [], why: '-L lists the languages: it takes no value' },
    { command: 'bat --generate-config-file', effects: ['write /home/user/.config/bat/config'], why: 'it writes its configuration file' },
    { command: 'bat cache --build', effects: ['write /home/user/.cache/bat [some]'], why: 'it writes its cache' },
    { command: 'bat cache --build --source s --target t', effects: ['read ./s [all]', 'write ./t [some]'] },
  ],
});
