/**
 * zsh's `setopt` and `unsetopt`: they turn options on or off by name for the commands after them
 * (replay of red team 18 NEW-5: `setopt cdablevars; c=$PWD/.claude; cd c; echo x > settings.json`
 * wrote `.claude/settings.json`; `setopt cdablevars` was taken as harmless). Many options change
 * how later words and commands are read (GLOB_SUBST, SH_WORD_SPLIT, RC_EXPAND_PARAM, KSH_ARRAYS,
 * MAGIC_EQUAL_SUBST, NULL_GLOB…), so the options are an allowlist: those that change nothing the
 * analysis resolves, and those it already reads as possibly set, whichever way a start-up file set
 * them (EXTENDED_GLOB, BRACE_CCL: `shells/zsh-globs.ts`; CDABLE_VARS: the zsh model's `cdFallback`),
 * may be turned on or off; any other, an option given by a pattern (`-m`) or a letter toolgate
 * does not list, leaves the commands after it unjudged. In bash and dash neither is a builtin (a
 * program looked up along PATH); a command whose shell is not known is judged for zsh too.
 *
 * Names: zsh 5.9 zshoptions(1), "Specifying Options": case and underscores do not matter, and a
 * leading `no` turns the option the other way (`setopt NO_CDABLE_VARS` is `unsetopt cdablevars`).
 * Letters: zshoptions(1), "Single Letter Options" (zsh default set): `-e` ERR_EXIT, `-u` NO_UNSET,
 * `-v` VERBOSE. Checked with zsh 5.9 (Debian 12): `zsh -f -c 'setopt cdablevars; …'`.
 */
import type { ShellModel } from '../shells/index.js';
import { defineProgram, type ProgramModel } from './model.js';

/**
 * Options (names folded: lower case, no underscores) that may be on or off without changing what
 * the analysis resolves: error handling and tracing output, and the options it already reads
 * either way a start-up file may set them.
 */
const UNCHANGING = new Set([
  'errexit',
  'errreturn',
  'unset',
  'pipefail',
  'verbose',
  'printexitvalue',
  'localoptions',
  'localtraps',
  'warncreateglobal',
  'warnnestedvar',
  'cdablevars',
  'extendedglob',
  'braceccl',
]);

/** Single-letter flags that name options of {@link UNCHANGING}: `-e`, `-u`, `-v` (and their `+` forms). */
const UNCHANGING_LETTERS = /^[-+][euv]+$/;

/** Whether the option word `word` is one of {@link UNCHANGING}, either way round (`NO_CDABLE_VARS`). */
function unchanging(word: string): boolean {
  const folded = word.toLowerCase().replace(/_/g, '');
  return UNCHANGING.has(folded) || (folded.startsWith('no') && UNCHANGING.has(folded.slice(2)));
}

/** Why `setopt`/`unsetopt ARGS` leaves the commands after it unjudged, or undefined. */
function optionsHide(name: string, argv: readonly string[]): string | undefined {
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (UNCHANGING_LETTERS.test(a)) continue;
    // `-o NAME` / `+o NAME`, also after letters (`-eo pipefail`).
    if (/^[-+][euv]*o$/.test(a) && i + 1 < args.length && unchanging(args[i + 1]!)) {
      i++;
      continue;
    }
    if (!/^[-+]/.test(a) && unchanging(a)) continue;
    return `${name} ${a} changes how zsh reads the commands after it, which toolgate does not follow`;
  }
  return undefined;
}

/** Whether `setopt` may be the builtin here: a shell that has it, or no shell named (any of them). */
const maySetOptions = (shells: readonly ShellModel[]): boolean => shells.length === 0 || shells.some((s) => s.setsOptionsByName);

/** The setopt model (`unsetopt` too). @internal */
export const setopt: ProgramModel = defineProgram({
  names: ['setopt', 'unsetopt'],
  summary: 'setopt, unsetopt (zsh): turn shell options on or off by name',
  sources: ['zsh 5.9 zshbuiltins(1) (setopt, unsetopt)', 'zsh 5.9 zshoptions(1)'],
  runs: 'nothing',
  files: () => ({ files: [], unresolved: [] }),
  state: {
    hides: (name, cmd, shells) => (maySetOptions(shells) ? optionsHide(name, cmd.argv) : undefined),
  },
  examples: [
    { command: 'setopt cdablevars && ls', hides: false, why: 'cd is judged as if CDABLE_VARS may be on (a start-up file may set it)' },
    { command: 'setopt EXTENDED_GLOB NO_BRACE_CCL; ls', hides: false, why: 'case, underscores and a leading no do not matter' },
    { command: 'setopt -e -o pipefail; ls', hides: false },
    { command: 'setopt globsubst; ls', hides: true, why: 'the value of a parameter becomes a pattern' },
    { command: 'unsetopt shwordsplit; ls', hides: true },
    { command: "setopt -m 'cd*'; ls", hides: true, why: '-m names options by a pattern' },
    { command: 'setopt -F; ls', hides: true, why: 'a letter toolgate does not list (NO_GLOB)' },
  ],
});
