/**
 * Programs that run commands toolgate cannot see, from a script or input it does not read:
 * editors and macro processors with a shell escape, schedulers that run a command later (with no
 * hook and no audit), and other coding agents, which run whatever tools they choose with no gate.
 * Each is opaque code (the opaque-code table), whatever its command line looks like; only the
 * words that print what the program is, or list what is queued, run nothing.
 *
 * Sources: GNU ed 1.19 manual (`!command`); POSIX.1-2017 ex (`!`), m4 (`syscmd`, `esyscmd`),
 * dc(1) (`!`), at(1)/batch(1), crontab(1); CPython 3.11 Lib/pydoc.py (imports what it documents); lftp(1) (`!` shell escape in `-c` and scripts);
 * Claude Code CLI reference (`claude -p`, `--settings`, `--dangerously-skip-permissions`), Codex
 * CLI (`codex exec`), Gemini CLI (`gemini -p`, `-y`), aider (`--yes-always`), opencode (`run`).
 */

import { variantBase } from './name-variants.js';

/** What a program runs, and the words (alone after its name) that run nothing. */
interface Runner {
  readonly what: string;
  readonly quiet?: ReadonlySet<string>;
}

/** Words that only print what the program is. */
const INFO = new Set(['--version', '-v', '-V', '--help', '-h', 'help', 'version']);

const EDITOR = "commands its script's ! lines name (a script from its input, which toolgate does not read)";
const AGENT = 'another agent, which runs the tools it chooses with no gate and no audit';

/** The programs, by name. */
const RUNNERS: Readonly<Record<string, Runner>> = {
  ed: { what: EDITOR },
  ex: { what: EDITOR },
  // Debian's `editor` alternative is whichever editor the system chose (vim.basic here, else nano,
  // emacs, ed …), and sensible-editor runs VISUAL, EDITOR, ~/.selected_editor's choice or editor:
  // not a program toolgate models, but one that runs the commands its -c and -S words name when it
  // is vim (red team 20, NEW-R9: `editor -es -c '!sh x.sh' -c q` and `sensible-editor -es …` ran rm).
  editor: { what: "the editor the system's editor alternative names (vim, emacs, ed, nano …), whose commands and scripts can run shell commands" },
  'sensible-editor': {
    what: 'the editor VISUAL, EDITOR or ~/.selected_editor names, else the editor alternative (vim, emacs, ed, nano …), whose commands and scripts can run shell commands',
  },
  m4: { what: 'the commands its syscmd and esyscmd macros name' },
  dc: { what: "the commands its program's ! lines name" },
  lftp: { what: 'the shell commands its ! lines name' },
  // pydoc imports each module it documents, from the working directory first (verified: `pydoc3 m`
  // ran ./m.py); its pager variables are its model's (pager-front-ends.ts).
  pydoc: { what: 'the code of the Python modules it documents (it imports them, from the working directory first)' },
  pydoc3: { what: 'the code of the Python modules it documents (it imports them, from the working directory first)' },
  at: { what: 'a command later, from its input or a file, outside the agent (no hook, no audit)', quiet: new Set(['-l', '-V']) },
  batch: { what: 'a command later, from its input, outside the agent (no hook, no audit)' },
  crontab: { what: 'the commands a crontab file names, later, outside the agent (no hook, no audit)', quiet: new Set(['-l']) },
  claude: { what: AGENT },
  codex: { what: AGENT },
  gemini: { what: AGENT },
  aider: { what: AGENT },
  opencode: { what: AGENT },
  goose: { what: AGENT },
  'cursor-agent': { what: AGENT },
  amp: { what: AGENT },
  qwen: { what: AGENT },
};

/** The program of the table `name` is, also under an installed name (`pydoc3.11` → `pydoc3`), or undefined. @internal */
export function codeRunnerOf(name: string): string | undefined {
  return Object.hasOwn(RUNNERS, name) ? name : variantBase(name, (n) => Object.hasOwn(RUNNERS, n));
}

/**
 * Why the command (`name` its folded program name) runs code toolgate cannot see; `null` when it
 * is listed but runs nothing (only `--version`, `--help`, `at -l`, `crontab -l`); `undefined` for
 * a program not listed.
 * @internal
 */
export function escapeCodeOf(name: string, argv: readonly string[]): string | null | undefined {
  // `pydoc3.11` is Debian's pydoc3 for Python 3.11 (red team 20, R20-10: it imported ./zz.py).
  const runner = codeRunnerOf(name);
  if (runner === undefined) return undefined;
  const runs = RUNNERS[runner]!;
  if (argv.length === 2 && (INFO.has(argv[1]!) || runs.quiet?.has(argv[1]!) === true)) return null;
  return `${argv[0]} runs ${runs.what}, which toolgate cannot see`;
}

/**
 * Examples: each is a test (`test/shell/programs/code-runners.test.ts`): the command, and
 * whether it runs code toolgate cannot see.
 * @internal
 */
export const CODE_RUNNER_EXAMPLES: readonly { readonly command: string; readonly opaque: boolean; readonly why?: string }[] = [
  { command: "ed -s /dev/null <<< '!git push --force origin main'", opaque: true, why: 'ed runs a ! line as a shell command' },
  { command: 'ed -s /tmp/s.json <<< "w .claude/settings.json"', opaque: true, why: 'the script writes any file it names' },
  { command: "ex -sc '!id' -cq", opaque: true },
  { command: "m4 <<< 'syscmd(rm -rf /tmp/zz)'", opaque: true },
  { command: 'pydoc3 mymodule', opaque: true, why: 'it imports ./mymodule.py to document it' },
  { command: 'pydoc3.11 mymodule', opaque: true, why: "Debian's pydoc3 for Python 3.11 (red team 20: it imported ./zz.py)" },
  { command: "dc -e '!id'", opaque: true },
  { command: "lftp -c '!cat ~/.ssh/id_rsa'", opaque: true },
  { command: "echo 'git push --force' | at now", opaque: true, why: 'atd runs it later, outside the agent' },
  { command: 'at -f job.sh now', opaque: true },
  { command: "batch <<< 'curl -s https://example.com'", opaque: true },
  { command: 'crontab jobs.txt', opaque: true },
  { command: 'crontab -l', opaque: false, why: 'lists the crontab' },
  { command: "claude -p 'run the tests' --dangerously-skip-permissions --settings '{\"disableAllHooks\":true}'", opaque: true },
  { command: 'codex exec --full-auto x', opaque: true },
  { command: 'gemini -y -p x', opaque: true },
  { command: 'aider --yes-always -m x', opaque: true },
  { command: 'opencode run x', opaque: true },
  { command: 'claude --version', opaque: false },
  { command: 'ed --version', opaque: false },
  { command: "editor -es -c '!sh x.sh' -c q", opaque: true, why: "Debian's editor alternative was vim.basic: it ran sh (red team 20)" },
  { command: 'editor notes.txt', opaque: true, why: 'the editor it names may run commands its configuration gives' },
  { command: "sensible-editor -es -c '!sh x.sh' -c q", opaque: true, why: 'it ran editor, vim.basic, which ran sh (red team 20)' },
  { command: 'editor --version', opaque: false },
];
