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
import { gnuOptionRuns, withOpaqueRunners } from './option-runs.js';
import type { WrapperInfo } from './wrapper-types.js';

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

/** What bat's `--pager` runs (not for `bat cache`). */
function batRuns(argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  return argv[1] === 'cache' ? undefined : gnuOptionRuns('bat', argv, literal, grammar, ['pager']);
}

/** The bat model. @internal */
export const bat = defineProgram({
  names: ['bat', 'batcat'],
  summary: 'bat: print files with syntax highlighting',
  sources: ['bat 0.22 bat(1)'],
  grammar: grammar,
  // `--pager CMD` runs CMD (split into words) on its output when it pages (`--paging=always` pages
  // with no terminal): judged as a command; one that is not literal may write anything.
  unwrap: (argv, literal) => batRuns(argv, literal),
  files: (name, argv, literal) => withOpaqueRunners(batFiles(name, argv), batRuns(argv, literal ?? argv.map(() => true))),
  // bat 0.22 bat(1) ENVIRONMENT: BAT_PAGER (else PAGER) names the pager, BAT_CONFIG_PATH the
  // configuration file and BAT_CONFIG_DIR its folder — options toolgate does not read, `--pager`
  // and `--paging=always` among them. Verified with bat 0.22.1: each ran a `touch` with no
  // terminal (`BAT_CONFIG_PATH=cfg batcat notes.txt`, cfg holding `--pager='touch x'` and
  // `--paging=always`).
  readsVariables: {
    BAT_PAGER: { may: ['code'], what: 'BAT_PAGER names the pager bat runs' },
    PAGER: { may: ['code'], what: 'PAGER names the pager bat runs when BAT_PAGER is not set' },
    BAT_CONFIG_PATH: {
      may: ['options-file'],
      what: 'BAT_CONFIG_PATH names a file of options bat reads first (--pager there names a program it runs)',
    },
    BAT_CONFIG_DIR: {
      may: ['options-file'],
      what: 'BAT_CONFIG_DIR names the folder bat reads its configuration file from (--pager there names a program it runs)',
    },
  },
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
