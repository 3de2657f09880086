/**
 * `mktemp`: creates a file (or with `-d` a directory) with a name no other file has, and prints the
 * name. The name is its template (`tmp.XXXXXXXXXX` when none is given) with the last run of `X`s
 * replaced by random letters and digits, so what it writes is any name that starts with the text
 * before that run: a name prefix, as split's pieces are. The template is taken from the working
 * directory, or from a directory when `-p DIR`/`--tmpdir[=DIR]` or `-t` is given or the template is
 * left out: DIR, else `$TMPDIR`, else `/tmp`. toolgate reads `/tmp` there: the files facet is not
 * told the environment, and a `TMPDIR` the command line sets is one it follows no further
 * (`movedBy`; set earlier on the line, it hides the commands after it). With `-u` it creates
 * nothing. It runs nothing and is not read-only.
 */
import { parseGnuOptions, type GnuOption, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 mktemp(1) (`mktemp --help`; `-V` is an undocumented `--version`): every option. */
const grammar: GnuOptionSpec = {
  short: 'dp:qtuV',
  long: longOptions(`directory dry-run quiet suffix= tmpdir[=] ${HELP_VERSION}`),
};

/** The template mktemp uses when it is given none (and then it works in the temporary directory). */
const DEFAULT_TEMPLATE = 'tmp.XXXXXXXXXX';

/** The directory `$TMPDIR` names, as toolgate reads it (see the file's comment). */
const TMP = '/tmp';

/** The text before the template's last run of `X`s: every name mktemp makes from it starts with it. */
function namePrefix(template: string): string {
  const run = /X+(?=[^X]*$)/.exec(template);
  return run === null ? template : template.slice(0, run.index);
}

/** The file a mktemp command creates, from its template and the directory options. */
function mktempFiles(argv: readonly string[], literal: readonly boolean[] | undefined): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  // Option values are names and suffixes, never files it opens (`--suffix=.md`).
  const values = parse.options.flatMap((o) => (o.value !== undefined ? [o.valueIndex ?? o.index] : []));
  // `-u` only prints a name.
  if (parse.options.some((o) => o.name === 'u' || o.name === 'dry-run'))
    return { files: [], unresolved: [], notFiles: [...values, ...parse.operands.map((o) => o.index)] };
  // The last -p/--tmpdir counts; a --tmpdir without a value (or an empty DIR) means $TMPDIR or /tmp.
  let dir: GnuOption | undefined;
  for (const o of parse.options) if (o.name === 'p' || o.name === 'tmpdir') dir = o;
  const single = parse.options.some((o) => o.name === 't');
  const inDirectory = dir !== undefined || single;
  const dirText = dir?.value !== undefined && dir.value !== '' ? dir.value : undefined;
  const files: FileOperand[] = [];
  // Two templates are refused ("too many templates"); each is read as one all the same.
  const templates = parse.operands.length > 0 ? parse.operands : [undefined];
  for (const t of templates) {
    const text = t?.text ?? DEFAULT_TEMPLATE;
    if (t !== undefined && literal?.[t.index] === false) {
      // A template from a variable: the path walk judges the word as the shell leaves it.
      files.push({ op: 'write', index: t.index, prefix: true });
      continue;
    }
    const prefix = namePrefix(text);
    if (t !== undefined && !inDirectory) {
      files.push({ op: 'write', index: t.index, value: prefix, prefix: true });
      continue;
    }
    // mktemp refuses an absolute template under --tmpdir and a template with a `/` under -t.
    if (text.startsWith('/') || (single && text.includes('/'))) continue;
    const base = dirText ?? TMP;
    const at = dirText !== undefined ? (dir!.valueIndex ?? dir!.index) : (t?.index ?? 0);
    files.push({ op: 'write', index: at, value: `${base.replace(/\/+$/, '')}/${prefix}`, prefix: true });
  }
  return { files, unresolved: [], notFiles: values };
}

/** The mktemp model. @internal */
export const mktemp = defineProgram({
  names: ['mktemp'],
  summary: 'mktemp: create a file or directory with a new name',
  sources: [coreutils('mktemp')],
  grammar,
  files: (_name, argv, literal) => mktempFiles(argv, literal),
  movedBy: ['TMPDIR'],
  runs: 'nothing',
  examples: [
    {
      command: 'mktemp -d',
      effects: ['write /tmp/tmp.*'],
      readOnly: false,
      why: "it creates a directory named tmp. and ten random characters in the temporary directory; not in Claude Code's read-only set",
    },
    { command: 'mktemp build.XXXXXX', effects: ['write ./build.*'], why: 'a template alone is taken from the working directory' },
    {
      command: 'mktemp -p out report.XXXX.json',
      effects: ['write ./out/report.*'],
      why: '-p takes the next word, the directory; the text after the X run is kept as a suffix',
    },
    {
      command: 'mktemp --tmpdir=.claude/commands --suffix=.md cmd.XXXXXX',
      effects: ['write ./.claude/commands/cmd.*'],
      why: 'the new file lands in the directory --tmpdir names: a protected one here',
    },
    { command: 'mktemp -t ci.XXXXXX', effects: ['write /tmp/ci.*'], why: '-t takes the template from the temporary directory' },
    { command: 'mktemp -u x.XXXXXX', effects: [], why: '-u creates nothing; it only prints a name' },
    { command: 'mktemp -x a', effects: ['write ./a (word)'], why: 'an option mktemp does not have: the words are assumed paths' },
  ],
});
