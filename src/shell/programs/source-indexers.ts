/**
 * Source indexers that read lists of files and option files of their own (red team 20 R20-11,
 * R20-12, verified with Universal Ctags 5.9 and cscope 15.9 on Debian 12):
 * - universal-ctags reads option files before its command line from `$XDG_CONFIG_HOME/ctags/`,
 *   `~/.ctags.d/`, `./.ctags.d/` and `./ctags.d/` (each `*.ctags`; strace shows the four folders,
 *   none under a first `--options=NONE`): `-f.git/hooks/post-checkout` there made `ctags -R src`
 *   write that file, `--options=.env` read .env. Such a folder is not read here (its files are
 *   many): one that exists leaves the call's paths unknown. `-L LIST` reads the files LIST names
 *   (`ctags -L list --language-force=Make -x` printed .env's line).
 * - cscope builds its database from the files `cscope.files` (or `-i LIST`) names, when the
 *   command line names none too (`echo .env > cscope.files; cscope -b` then `cscope -d -L -1
 *   SECRET` printed .env's line); `-d` uses the database as it is.
 * What else they do is not modelled (`otherwiseUnknown`): each word is taken as a file.
 */
import { defineProgram, type ProgramConfigFiles } from './model.js';

/** Words that only print what the program is: it reads no input. */
const ABOUT_ITSELF = /^(--version|--help|-V|-h)$/;

/**
 * The option folders a ctags command reads where it runs (`cwd`), or why they cannot be listed;
 * `undefined` under a first `--options=NONE`.
 * @internal
 */
export function ctagsOptionFolders(
  argv: readonly string[],
  variable: (name: string) => string | null | undefined,
  home: string,
  cwd: string | undefined,
): ProgramConfigFiles | { unknown: string } | undefined {
  if (argv[1] === '--options=NONE' || (argv.length > 1 && argv.slice(1).every((w) => ABOUT_ITSELF.test(w)))) return undefined;
  if (cwd === undefined) return { unknown: 'ctags reads the option files of ./.ctags.d where it runs, which toolgate cannot tell' };
  const h = home.replace(/\/+$/, '');
  const xdg = variable('XDG_CONFIG_HOME');
  const config = xdg !== null && xdg !== undefined && xdg.startsWith('/') ? xdg.replace(/\/+$/, '') : `${h}/.config`;
  const c = cwd.replace(/\/+$/, '');
  // A folder of option files cannot be read as one file: one that exists is never harmless.
  return { files: [`${config}/ctags`, `${h}/.ctags.d`, `${c}/.ctags.d`, `${c}/ctags.d`], harmless: () => false };
}

/** @internal */
export const ctags = defineProgram({
  names: ['ctags', 'ctags-universal'],
  summary: 'universal-ctags: index source files (only its option folders and its -L list are modelled)',
  sources: [
    'Universal Ctags 5.9 ctags(1) (-L, --options), ctags-optlib(7) "Order of loading option files"; verified on Debian 12 (red team 20)',
  ],
  configFiles: ctagsOptionFolders,
  configFilesWithoutView: 'absent',
  includesFiles: (argv) => (argv.some((w, k) => k > 0 && /^-[A-Za-z]*L/.test(w)) ? '-L list' : undefined),
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'ctags -R src', effects: ['write ./src (word)'], why: 'what ctags writes is not modelled' }],
});

/** @internal */
export const cscope = defineProgram({
  names: ['cscope'],
  summary: 'cscope: index C sources (only the file lists it reads are modelled)',
  sources: ['cscope 15.9 cscope(1) (-i, -d, cscope.files); verified on Debian 12 (red team 20)'],
  includesFiles: (argv) =>
    argv.length > 1 && argv.slice(1).every((w) => ABOUT_ITSELF.test(w))
      ? undefined
      : argv.some((w) => /^-[a-zA-Z]*d/.test(w)) && !argv.some((w) => /^-[a-zA-Z]*[bui]/.test(w))
        ? undefined
        : 'cscope.files or -i list',
  otherwiseUnknown: true,
  runs: 'unseen',
  examples: [{ command: 'cscope -b', effects: [], why: 'the files cscope.files names are read (includesFiles)' }],
});
