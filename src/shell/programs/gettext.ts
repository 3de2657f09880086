/**
 * GNU gettext's tools that take a list of input files (`-f LIST`, `--files-from=LIST`): msgcat,
 * msgcomm and xgettext read each file LIST names, by names toolgate does not see. Red team 21
 * (R21-7): with `.env` in l, `msgcat -P -f l`, `msgcat --properties-input --files-from=l` and
 * `xgettext -L JavaProperties -f l -o -` printed .env's text under `Bash(*)` with `Read(./.env)`
 * denied. A list is read through the view as ctags' `-L` list is, one name a line, and its names
 * judged as the words on the line are ({@link gettextListPlaces}); a list toolgate cannot read, on
 * standard input, or with `-D DIR` folders to look its names up in is a read of some path (a
 * guarded read where a Read deny rule applies). Their other words — the files on the line, `-D
 * DIR`, `-o FILE`, `-p DIR`, `-x FILE` — keep the treatment of a program toolgate does not model
 * (each assumed a path read and written), so `-o .claude/settings.json` is a protected write as
 * before.
 *
 * The rest of the family was checked (gettext 0.21 `--help`): msgattrib, msgcmp, msgconv, msgen,
 * msgfmt, msggrep (its `-f FILE` is a pattern file, named on the line), msginit, msgmerge,
 * msgunfmt and msguniq take no list of names; msgfilter and msgexec run programs and stay programs
 * toolgate does not model.
 */
import type { FileOperands } from '../options/file-operands.js';
import { defineProgram, type ResponsePlace } from './model.js';

/**
 * The short options of msgcat, msgcomm and xgettext whose value is the rest of the word (or the
 * next word): after one of these, an `f` in the same word is part of the value (`-ofr.po`).
 */
const VALUE_LETTERS = 'DdopxLkcmMwt';

/** One `--files-from` list on the command line: the words `from`..`to` name FILE. */
interface ListOption {
  readonly from: number;
  readonly to: number;
  readonly file: string;
}

/** The lists the words name (`-f LIST`, `-Pf LIST`, `-fLIST`, `--files-from[=]LIST`, a unique start of it). */
export function fileLists(argv: readonly string[]): ListOption[] {
  const out: ListOption[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    if (w === '--') break;
    // Long options may be shortened to a unique start: `--fi` is --files-from (no other begins so).
    const long = /^--(fi[a-z-]*)(=(.*))?$/s.exec(w);
    if (long !== null && 'files-from'.startsWith(long[1]!)) {
      const file = long[2] === undefined ? argv[k + 1] : long[3];
      out.push({ from: k, to: long[2] === undefined ? k + 1 : k, file: file ?? '' });
      if (long[2] === undefined) k++;
      continue;
    }
    if (!/^-[^-]/.test(w)) continue;
    for (let c = 1; c < w.length; c++) {
      const letter = w[c]!;
      if (letter !== 'f' && !VALUE_LETTERS.includes(letter)) continue;
      const attached = c + 1 < w.length;
      if (letter === 'f') out.push({ from: k, to: attached ? k : k + 1, file: attached ? w.slice(c + 1) : (argv[k + 1] ?? '') });
      if (!attached) k++;
      break;
    }
  }
  return out;
}

/**
 * Where the tools read names from a file, one a line (`responseFiles: 'lines'`): each list's
 * names take the place of the option's words, and are read as the words on the line are. gettext
 * skips `#` lines and the blanks that end a line, as ctags does; it keeps the blanks that begin
 * one (`  .env` opened "  .env"), which the reading takes off — a stricter name, never a missed one. A list
 * from standard input (`-f -`) is no place: its names are unseen ({@link listIncludes}).
 * @internal
 */
export function gettextListPlaces(argv: readonly string[]): ResponsePlace[] {
  return fileLists(argv)
    .filter((o) => o.file !== '' && o.file !== '-')
    .map((o) => ({
      index: o.to,
      file: o.file,
      splice: (words: readonly string[]) => ({
        argv: [...argv.slice(0, o.from), ...words, ...argv.slice(o.to + 1)],
        from: o.from,
        to: o.from + words.length,
      }),
    }));
}

/**
 * Names the command reads that neither the line nor the view shows: a list on standard input, or
 * any list where `-D DIR` adds folders its names are looked up in.
 */
function listIncludes(argv: readonly string[]): string | undefined {
  const lists = fileLists(argv);
  if (lists.length === 0) return undefined;
  const directories = argv.some((w, k) => k > 0 && (/^--di/.test(w) || /^-[^-]*D/.test(w)));
  return directories || lists.some((o) => o.file === '-' || o.file === '') ? '--files-from list' : undefined;
}

/** Every word assumed, as for a program toolgate does not model. */
const assumed = (): FileOperands => ({ files: [], unresolved: [], modelled: 'partly' });

/** msgcat, msgcomm, xgettext: only the files their `--files-from` list names are modelled. @internal */
export const gettextLists = defineProgram({
  names: ['msgcat', 'msgcomm', 'xgettext'],
  summary: 'msgcat, msgcomm, xgettext: GNU gettext tools (only the files a --files-from list names are modelled)',
  sources: [
    'GNU gettext 0.21 msgcat(1), msgcomm(1), xgettext(1) (-f, --files-from=FILE "get list of input files from FILE")',
    'verified on Debian 12 (red team 21, R21-7): msgcat -P -f l and xgettext -L JavaProperties -f l -o - printed the .env l names',
  ],
  files: (_name, argv) => ({
    ...assumed(),
    files: gettextListPlaces(argv).map((p) => ({ op: 'read' as const, index: p.index, value: p.file })),
  }),
  responseFiles: 'lines',
  responsePlaces: gettextListPlaces,
  includesFiles: listIncludes,
  runs: 'unseen',
  examples: [
    {
      command: 'msgcat -o all.po a.po b.po',
      effects: ['write ./all.po (word)', 'write ./a.po (word)', 'write ./b.po (word)'],
      why: 'the words are assumed paths, as for a program toolgate does not model; it reads no list',
    },
  ],
});
