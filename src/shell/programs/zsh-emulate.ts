/**
 * zsh's `emulate [-lLR] [{+|-}o OPT…] [zsh|sh|ksh|csh [FLAGS…] [-c TEXT]]`: with `-c` it evaluates
 * TEXT in this shell, in the emulation given, as `eval` does (replay of red team 13, N9: `emulate sh
 * -c 'x=r; ${x}m -f notes.txt'` ran rm under a `Bash(rm *)` deny rule, and `emulate zsh -c
 * 'zmodload zsh/files'; zf_rm -f notes.txt` loaded the module for the commands after it). TEXT is
 * read as a script; since it runs in this shell (what it defines, loads or sets stays) and
 * `emulate` without `-c` changes the options the commands after it are read with (word splitting,
 * globbing), the commands after it cannot be judged in zsh. In bash and dash `emulate` is no
 * builtin (a program looked up along PATH); a command whose shell is not known is judged for zsh too.
 *
 * Grammar: zsh 5.9 zshbuiltins(1) (emulate), checked with zsh 5.9 (Debian 12): FLAGS are the
 * invocation flags, letters that may be bundled (`-xc TEXT`), `o` taking the next word.
 */
import type { ShellModel } from '../shells/index.js';
import { defineProgram, type ProgramModel } from './model.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/** The words of `-c` options (each the index of its TEXT), or `undefined` when a word cannot be read. */
function texts(argv: readonly string[]): number[] | undefined {
  const out: number[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    if (!/^[-+]/.test(word) || word === '-' || word === '+') continue;
    if (!/^[-+][a-zA-Z]+$/.test(word)) return undefined;
    let takes = 0;
    for (const letter of word.slice(1)) {
      if (letter === 'o') takes++;
      if (letter === 'c') out.push(i + takes + 1);
    }
    i += takes + (word.includes('c') ? 1 : 0);
  }
  return out;
}

function unwrap(argv: readonly string[]): WrapperInfo {
  const found = texts(argv);
  if (found === undefined) return wrapInfo([{ kind: 'unknown', reason: 'emulate is given words toolgate cannot read' }]);
  const inner: Unwrapped[] = found.filter((k) => k < argv.length).map((index) => ({ kind: 'script', index }));
  return wrapInfo(inner);
}

/** Whether `emulate` may be the builtin here: a shell that has it, or no shell named (any of them). */
const mayEmulate = (shells: readonly ShellModel[]): boolean => shells.length === 0 || shells.some((s) => s.emulatesShells);

/** The emulate model. @internal */
export const emulate: ProgramModel = defineProgram({
  names: ['emulate'],
  summary: 'emulate (zsh): set the options of another shell, or evaluate text (-c) with them',
  sources: ['zsh 5.9 zshbuiltins(1) (emulate)'],
  runs: 'seen',
  files: () => ({ files: [], unresolved: [] }),
  unwrap,
  state: {
    hides: (_name, cmd, shells) =>
      mayEmulate(shells) && cmd.argv.length > 1
        ? 'emulate evaluates text or sets options in this zsh, which may define functions, load modules or change how the commands after it are read, so they cannot be judged'
        : undefined,
  },
  examples: [
    { command: "emulate sh -c 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: '-c evaluates its text, as eval does' },
    { command: "emulate -R zsh -xc 'rm a.txt'", effects: ['remove ./a.txt'], readOnly: false, why: 'c in a bundle takes the next word' },
    { command: "emulate zsh -c 'zmodload zsh/files' && zf_rm -f a.txt", hides: true, why: 'the module stays loaded for zf_rm' },
  ],
});
