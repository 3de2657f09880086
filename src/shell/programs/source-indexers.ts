/**
 * Source indexers that read lists of files and option files of their own (red team 20 R20-11,
 * R20-12 and the replay's NEW-R5, verified with Universal Ctags 5.9 and cscope 15.9 on Debian 12):
 * - universal-ctags (also as etags) reads option files before its command line from
 *   `$XDG_CONFIG_HOME/ctags/`, `~/.ctags.d/`, `./.ctags.d/` and `./ctags.d/` (each `*.ctags`;
 *   strace shows the four folders for every call, `--version` and `--help` too, none under a
 *   first `--options=NONE`): `-f.git/hooks/post-checkout` there made `ctags -R src` write that
 *   file, `--options=.env` read .env. Such a folder is not read here (its files are many): one
 *   that exists leaves the call's paths unknown. `--options=FILE` and `-L LIST` read more words,
 *   one a line, options among them (`-Llist` in o.ctags made `ctags --options=o.ctags` print
 *   .env's line; `-f.claude/tags` there wrote .claude/tags): `evaluate/response-files.ts` reads
 *   them through the file-system view with this model's reader ({@link ctagsOptions}), nested
 *   ones too. `-L -` and `--filter` read file names from its input (includesFiles).
 * - cscope builds its database from the files `cscope.files` (or `-i LIST`) names, when the
 *   command line names none too (`echo .env > cscope.files; cscope -b` then `cscope -d -L -1
 *   SECRET` printed .env's line), and adds the files its sources' `#include` lines name (`cscope
 *   -b -R` with `#include ".env"` in src/a.c put .env's lines in the database); `-d` uses the
 *   database as it is.
 * What else they do is not modelled (`otherwiseUnknown`): each word is taken as a file.
 */
import { defineProgram, type ProgramConfigFiles, type ResponsePlace } from './model.js';
import { lineWords } from './response-places.js';

/** Words that only print what the program is: it reads no input (cscope's; ctags reads its option folders first). */
const ABOUT_ITSELF = /^(--version|--help|-V|-h)$/;

/** ctags' short options that take a value, in the word's rest or the next word (`isCompoundOption`). */
const CTAGS_VALUED = 'fohiILpdDb';

/** One option ctags reads: its name (`L`, `options`), its value, and the words it spans. */
interface CtagsOption {
  readonly name: string;
  readonly value?: string;
  /** The first and last word it spans (`-L list`: two words). */
  readonly from: number;
  readonly to: number;
}

/**
 * The options of a ctags command as ctags reads them (`parseShortOption`, `parseLongOption`):
 * short letters cluster (`-xLlist` is `-x -L list`), a letter of {@link CTAGS_VALUED} takes the
 * word's rest or the next word as its value, with leading spaces skipped (`-L   list` read `list`,
 * `-L\tlist` a file named `\tlist`); a long option is `--name` or `--name=value`, never
 * abbreviated (`--option=` is unknown) and never with its value in the next word (`--options FILE`
 * is refused). An option file's lines and a `-L` list's lines are read by the same reader.
 * @internal
 */
export function ctagsOptions(argv: readonly string[]): CtagsOption[] {
  const out: CtagsOption[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') break;
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      out.push(eq < 0 ? { name: w.slice(2), from: k, to: k } : { name: w.slice(2, eq), value: w.slice(eq + 1), from: k, to: k });
      continue;
    }
    if (!w.startsWith('-') || w === '-') continue;
    for (let j = 1; j < w.length; j++) {
      const letter = w[j]!;
      if (!CTAGS_VALUED.includes(letter)) {
        out.push({ name: letter, from: k, to: k });
        continue;
      }
      const rest = w.slice(j + 1);
      if (rest !== '') out.push({ name: letter, value: rest.replace(/^ +/, ''), from: k, to: k });
      else if (k + 1 < argv.length) {
        out.push({ name: letter, value: argv[k + 1]!.replace(/^ +/, ''), from: k, to: k + 1 });
        k += 1;
      } else out.push({ name: letter, from: k, to: k });
      break;
    }
  }
  return out;
}

/** ctags reads file names from its input: `-L -`, `--filter` (not `=no`), `--_interactive`. */
function ctagsInput(argv: readonly string[]): string | undefined {
  for (const o of ctagsOptions(argv)) {
    if (o.name === 'L' && o.value === '-') return 'file names on its input (-L -)';
    if (o.name === 'filter' && o.value !== 'no') return 'file names on its input (--filter)';
    if (o.name === '_interactive') return 'requests on its input (--_interactive)';
  }
  return undefined;
}

/**
 * Where ctags reads more words from a file, one a line (`responseFiles: 'lines'`): an option file
 * (`--options=FILE`, `--options-maybe=FILE`; `NONE` is none) and a list of input files (`-L FILE`),
 * whose lines may be options too (`--options=o.ctags` in a list was followed). Each place's words
 * take the place of the option's words.
 * @internal
 */
export function ctagsFilePlaces(argv: readonly string[]): ResponsePlace[] {
  return ctagsOptions(argv).flatMap((o): ResponsePlace[] => {
    const file = o.value;
    if (file === undefined || file === '') return [];
    const named = ((o.name === 'options' || o.name === 'options-maybe') && file !== 'NONE') || (o.name === 'L' && file !== '-');
    if (!named) return [];
    return [
      {
        index: o.to,
        file,
        splice: (words) => ({
          argv: [...argv.slice(0, o.from), ...words, ...argv.slice(o.to + 1)],
          from: o.from,
          to: o.from + words.length,
        }),
      },
    ];
  });
}

/**
 * The option folders a ctags command reads where it runs (`cwd`), or why they cannot be listed;
 * `undefined` under a first `--options=NONE`. Every other call reads them, `--version` and
 * `--help` too (strace, Universal Ctags 5.9): `.ctags.d/x.ctags` holding `--options=.env` made
 * `ctags --version` open .env (replay of red team 20, NEW-R5).
 * @internal
 */
export function ctagsOptionFolders(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
  cwd: string | undefined,
): ProgramConfigFiles | { unknown: string } | undefined {
  if (argv[1] === '--options=NONE') return undefined;
  if (cwd === undefined) return { unknown: 'ctags reads the option files of ./.ctags.d where it runs, which toolgate cannot tell' };
  const h = home.replace(/\/+$/, '');
  const xdg = variable('XDG_CONFIG_HOME');
  const config = xdg !== null && xdg !== undefined && xdg.startsWith('/') ? xdg.replace(/\/+$/, '') : `${h}/.config`;
  const c = cwd.replace(/\/+$/, '');
  // Each folder's `*.ctags` entries are read (strace: a link is followed, `a.conf` and `README`
  // are not opened), in the words of the command line.
  return {
    files: [`${config}/ctags`, `${h}/.ctags.d`, `${c}/.ctags.d`, `${c}/ctags.d`],
    folderEntries: (name) => name.endsWith('.ctags'),
    harmless: inertOptionFile,
  };
}

/**
 * Options that name no file ctags reads or writes and no code it runs: what they select, how
 * tags are written, and regex parsers (`--regex-<LANG>`, `--langdef`); `--options`, `-L`, `-f`,
 * `-o`, `--filter`, `--etags-include`, `--optlib-dir`, `--_interactive`, optscript (`--_prelude-…`)
 * and anything else are not among them.
 */
const INERT_OPTIONS =
  /^(exclude|exclude-exception|languages|language-force|langmap|(map|alias|kinds|fields|extras|roles|regex|mline-regex|kinddef|param)-.+|fields|extras|kinds|langdef|sort|tag-relative|recurse|links|maxdepth|excmd|format|output-format|pattern-length-limit|if0|line-directives|guess-language-eagerly|quiet|verbose|totals|pseudo-tags|put-field-prefix|input-encoding(-.+)?|output-encoding|append|[RaeBFGnNuVxDhI])$/;

/**
 * Whether an option file's lines are only comments, words ctags ignores (no option: "Ignoring
 * non-option") and {@link INERT_OPTIONS} with a value that names no file (`@FILE` reads one) and
 * holds no code.
 * @internal
 */
export function inertOptionFile(text: string): boolean {
  const words = lineWords(text);
  // A regex's `{{…}}` flag holds optscript code: not read here.
  return ctagsOptions(['ctags', ...words]).every(
    (o) => INERT_OPTIONS.test(o.name) && o.value?.startsWith('@') !== true && o.value?.includes('{{') !== true,
  );
}

/** @internal */
export const ctags = defineProgram({
  // Universal Ctags runs in etags mode under any name holding `etags` (`testEtagsInvocation`);
  // Debian's etags is an alternative for ctags-universal.
  names: ['ctags', 'ctags-universal', 'etags'],
  summary: 'universal-ctags: index source files (only its option files, option folders and file lists are modelled)',
  sources: [
    'Universal Ctags 5.9 ctags(1) (-L, --options, --filter), ctags-optlib(7) "Order of loading option files", main/args.c (option file lines); verified on Debian 12 (red team 20 and its replay)',
  ],
  // The files its places name are read; its other words are taken as paths, as for a program
  // toolgate does not model.
  files: (_name, argv) => ({
    files: ctagsFilePlaces(argv).map((p) => ({ op: 'read' as const, index: p.index, value: p.file })),
    unresolved: [],
    modelled: 'partly',
  }),
  configFiles: ctagsOptionFolders,
  configFilesWithoutView: 'absent',
  responseFiles: 'lines',
  responsePlaces: ctagsFilePlaces,
  // An option file toolgate cannot read may say `-f .claude/tags`: a write of any name.
  responseUnseen: 'write',
  includesFiles: ctagsInput,
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [
    { command: 'ctags -R src', effects: ['write ./src (word)'], why: 'what ctags writes is not modelled' },
    {
      command: 'ctags --options=o.ctags -L list',
      effects: ['read ./o.ctags', 'read ./list'],
      why: "o.ctags's and list's lines are read through the view as words of the command line (responsePlaces)",
    },
  ],
});

/** @internal */
export const cscope = defineProgram({
  names: ['cscope'],
  summary: 'cscope: index C sources (only the file lists and #include lines it reads are modelled)',
  sources: ['cscope 15.9 cscope(1) (-i, -d, cscope.files); verified on Debian 12 (red team 20, strace of cscope -b -R)'],
  includesFiles: (argv) =>
    argv.length > 1 && argv.slice(1).every((w) => ABOUT_ITSELF.test(w))
      ? undefined
      : argv.some((w) => /^-[a-zA-Z]*d/.test(w)) && !argv.some((w) => /^-[a-zA-Z]*[bui]/.test(w))
        ? undefined
        : // With no cscope.files it still reads what its sources' #include lines name (strace).
          '#include lines, cscope.files or -i list',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'cscope -b', effects: [], why: 'the files cscope.files and the #include lines name are read (includesFiles)' }],
});
