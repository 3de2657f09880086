/**
 * `sed` (GNU sed 4.9) and `gsed`: the stream editor. Its script may read and write files (`r`,
 * `w`) and run commands (`e`, `s///e`); `-i` edits the files in place. The script reader is in
 * `script.ts`; the check of a plain edit acceptEdits may allow is in `plain-edit.ts`.
 */
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../../options/file-operands.js';
import { readBy, readWords, valueNotLiteral, withHiddenOptions, type ReadWords } from '../parse.js';
import type { ReadOnlyEntry } from '../read-only-types.js';
import { defineProgram, type ProgramExample, type ProgramModel, type ProgramText } from '../model.js';
import { optionTextWord, programTextFrom } from '../program-text.js';
import { CC_CLI } from '../sources.js';
import { SED_OPTIONS, sedScriptEffects as readSedScript, sedWrapper } from './script.js';
import { sedReadOnly } from './read-only.js';

import { isPlainSedEdit } from './plain-edit.js';

export { isPlainSedEdit };

/**
 * The files a sed script reads (`r`, `R`) and writes (`w`, `W`, `s///w`), and what toolgate cannot
 * follow: code it cannot see (`e` alone, `s///e`) or a script sed would refuse. The commands `e`
 * runs are commands of the analysis of their own (see `script.ts`), with their own effects.
 * @internal
 */
export function sedFileEffects(script: string): { reads: string[]; writes: string[]; unresolved: string[] } {
  const fx = readSedScript(script);
  return {
    reads: fx.reads,
    writes: fx.writes,
    unresolved: [...fx.unseen, ...(fx.error !== undefined ? [`sed script not understood (${fx.error})`] : [])],
  };
}

/**
 * A sed command line, its words read with sed's grammar (`words`): its options, its script (the
 * `-e` parts or the first operand) and its file operands.
 * @internal
 */
export function sedParts(argv: readonly string[], { options, operands: ops }: ReadWords, literal?: readonly boolean[]) {
  const scriptOpts = options.filter((o) => is(o, '-e', '--expression'));
  const fileScripts = options.filter((o) => is(o, '-f', '--file'));
  const hasScriptOption = scriptOpts.length > 0 || fileScripts.length > 0;
  const scriptAt = hasScriptOption ? undefined : ops[0];
  const pieces = scriptOpts.map((o) => ({ text: o.value ?? '', at: o.index, word: o.valueIndex ?? o.index }));
  if (scriptAt !== undefined) pieces.push({ text: argv[scriptAt]!, at: scriptAt, word: scriptAt });
  // A piece that is not literal (`sed -n "$x"`) may hold any command: only the literal ones are read.
  const hidden = pieces.filter((p) => literal?.[p.word] === false);
  const read = sedFileEffects(
    pieces
      .filter((p) => literal?.[p.word] !== false)
      .map((p) => p.text)
      .join('\n'),
  );
  return {
    options,
    fileScripts,
    pieces,
    hidden,
    fileOps: hasScriptOption ? ops : ops.slice(1),
    // With a hidden piece, an error in the literal ones may be the hidden piece's to close (`{`).
    script: hidden.length > 0 ? { ...read, unresolved: read.unresolved.filter((u) => !u.startsWith('sed script not understood')) } : read,
  };
}

/** `sed [-n] [-i[SUF]] [-e S]… [-f F]… [S] FILE…`: reads or edits the files; `r`/`w` in the script. */
function files(argv: readonly string[], words: ReadWords, literal: readonly boolean[] | undefined): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const unseen: UnseenNames[] = [];
  const { options, fileScripts, pieces, hidden, fileOps, script } = sedParts(argv, words, literal);
  const inPlace = options.filter((o) => is(o, '-i', '--in-place'));
  for (const o of fileScripts) pushOpt(files, optionFile(o, 'read', argv));
  if (fileScripts.length > 0) unresolved.push('sed -f: a script file may write files or run commands');
  if (hidden.length > 0) unresolved.push(`the sed script ${argv[hidden[0]!.word]!} is not literal: it may read and write any file`);
  // A script toolgate does not read writes the files its w commands name (`printf 'w .npmrc' > s.ed;
  // sed -nf s.ed f`, `sed -n "$x" f` wrote .npmrc, red team 14 NEW-8): names toolgate cannot work
  // out (decision 0092). --sandbox makes sed refuse w, r and e.
  if ((fileScripts.length > 0 || hidden.length > 0) && !has(options, '--sandbox'))
    unseen.push({
      op: 'write',
      why:
        fileScripts.length > 0
          ? 'the sed script file writes the files its w commands name'
          : 'the sed script is not literal: its w commands may name any file',
    });
  const at = pieces[0]?.at ?? 0;
  for (const f of script.reads) files.push({ op: 'read', index: at, value: f });
  for (const f of script.writes) if (!/^\/dev\/std(out|err)$/.test(f)) files.push({ op: 'write', index: at, value: f });
  unresolved.push(...script.unresolved);
  files.push(...all(fileOps, inPlace.length > 0 ? 'write' : 'read'));
  // `-i.bak` keeps a backup next to each file; `-i 'bak/*'` puts it where the `*` says.
  for (const o of inPlace) {
    const suffix = o.value;
    if (suffix === undefined || suffix === '') continue;
    // A suffix that is not literal (`s=rc; sed -i$s …`) names a backup anywhere (`*`, `/`): its word, not literal, is the target.
    if (valueNotLiteral(o, literal)) {
      const k = o.valueIndex ?? o.index;
      const because = `the backup suffix of sed's ${argv[k]!} is not literal, so sed may write its backups under any name, a protected one included`;
      if (fileOps.length > 0) files.push({ op: 'write', index: k, because });
      continue;
    }
    for (const k of fileOps) {
      const file = argv[k]!;
      const slash = file.lastIndexOf('/');
      const base = file.slice(slash + 1);
      const backup = suffix.includes('*')
        ? suffix.includes('/')
          ? suffix.replaceAll('*', base)
          : `${file.slice(0, slash + 1)}${suffix.replaceAll('*', base)}`
        : `${file}${suffix}`;
      files.push({ op: 'write', index: k, value: backup });
    }
  }
  return { files, unresolved, unseen, notFiles: pieces.map((p) => p.at) };
}

/** Claude Code's read-only entry (its check, `sedReadOnly`, reads the script). */
const claudeCode: ReadOnlyEntry = {
  source: `${CC_CLI}; GNU sed 4.9 sed(1) (only -n with p and line-number addresses; the CLI asks about regex addresses and s)`,
  short: 'nEr',
  long: 'quiet silent regexp-extended posix',
  operands: 'read',
  globs: false,
  check: 'sed',
};

/**
 * The files sed reads its script from: each `-f FILE` (`--file=FILE`, `-fFILE`, `-nf FILE`), `-f -`
 * its input. Verified (GNU sed 4.9): a `1e touch M` line in x.sed ran for `sed -f x.sed R`, `-n -f`,
 * `-nf`, `--file=`, `-fx.sed`, `-e p -f x.sed`, `-i.bak -f x.sed` and `sed -f - R < x.sed`.
 */
function sedProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readWords(argv, SED_OPTIONS);
  if (words === undefined) return undefined;
  const text = programTextFrom(
    argv,
    words.options.filter((o) => is(o, '-f', '--file')).map((o) => optionTextWord(o, argv)),
  );
  // A script whose `e` or `s///e` runs the lines it reads (GNU sed 4.9: `sed -n 's/.*/&/ep' F` and
  // `sed -n e F` ran F's lines, `sed 's/^//e' < F` its input's; fix33-text): its input files hold code.
  const { pieces, fileOps } = sedParts(argv, words);
  if (!readSedScript(pieces.map((p) => p.text).join('\n')).runsLines) return text;
  const inputs = fileOps.filter((k) => argv[k] !== '-');
  return {
    files: [],
    ...text,
    dataRuns: { files: inputs.map((index) => ({ index })), input: inputs.length < fileOps.length || fileOps.length === 0 },
  };
}

const facts = (): Omit<ProgramModel, 'names' | 'summary' | 'examples' | 'readOnly'> => ({
  sources: ['GNU sed 4.9 sed(1)', CC_CLI],
  grammar: SED_OPTIONS,
  runs: 'seen',
  unwrap: (argv, literal) => sedWrapper(argv, literal),
  // A word sed refuses (an unknown or ambiguous option, a missing value): its wrapper facet judges the command not understood.
  // A word that is not literal may be -i with a backup suffix (`sed "-i$s" 1p .npm`).
  files: (_name, argv, literal) =>
    withHiddenOptions(argv, literal, ['--in-place='], (argv, literal) => readBy(argv, SED_OPTIONS, (words) => files(argv, words, literal))),
  touchesFilesAsWrapper: true,
  programText: sedProgramText,
});

/**
 * Whether acceptEdits may run this sed command on its own: only edits of the named files — no
 * script file, a script that reads, writes or runs nothing else, and only plain substitutions.
 */
function acceptEdits(argv: readonly string[]): boolean {
  const words = readWords(argv, SED_OPTIONS);
  // A command sed refuses is no edit of the named files.
  if (words === undefined) return false;
  const { fileScripts, script } = sedParts(argv, words);
  if (fileScripts.length > 0 || script.reads.length + script.writes.length + script.unresolved.length > 0) return false;
  return isPlainSedEdit(argv);
}

const examples = (name: string): readonly ProgramExample[] => [
  { command: `${name} -n 1p a.txt`, effects: ['read ./a.txt'], readOnly: name === 'sed' },
  {
    command: `${name} -i.bak s/a/b/ a.txt`,
    effects: ['write ./a.txt', 'write ./a.txt.bak'],
    readOnly: false,
    why: '-i edits in place, keeping a backup with the suffix',
  },
];

/** The sed model. @internal */
export const sed = defineProgram({
  names: ['sed'],
  summary: 'sed: edit text as a stream',
  ...facts(),
  readOnly: { claudeCode: { sed: claudeCode } },
  readOnlyCheck: { claudeCode: (name, argv) => sedReadOnly(name, argv, claudeCode) },
  acceptEdits,
  examples: examples('sed'),
});
/** The gsed model (GNU sed by that name, as on BSD and macOS): no read-only entry. @internal */
export const gsed = defineProgram({ names: ['gsed'], summary: 'gsed: GNU sed by another name', ...facts(), examples: examples('gsed') });
