/**
 * zsh's builtins that give the shell code toolgate cannot see: `autoload` makes names functions
 * whose bodies zsh loads from files on its `fpath` when they are first run (`autoload -U zmv;
 * zmv -C '(.e*)' 'x$1'` copied `.env` with zmv's own patterns), and `zmodload` loads modules that
 * add builtins (`zmodload zsh/files; zf_rm -f x` removes with zsh's own rm) and special
 * parameters. After either, a later command's name may be code toolgate has no model of, so the
 * commands after it cannot be judged (red team 13, V14). In bash and dash neither is a builtin
 * (the name is looked up along PATH); a command whose shell is not known is judged for zsh too.
 * Behaviour: zsh 5.9 zshbuiltins(1) (autoload, zmodload), zshmodules(1) (zsh/files), zshcontrib(1) (zmv).
 */
import type { ShellModel } from '../shells/index.js';
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram, type ProgramModel } from './model.js';

/** What sets one hiding builtin apart: the shells' property that makes it a builtin, and why it hides. */
interface Hiding extends Pick<ProgramModel, 'names' | 'summary' | 'sources' | 'examples'> {
  /** Whether `autoload`, `zmodload`… is a builtin of this shell. */
  readonly builtinIn: (shell: ShellModel) => boolean;
  /** Why the commands after it cannot be judged. */
  readonly why: string;
}

/**
 * A builtin after which later commands may be code toolgate cannot see, in a shell that has it
 * (no shell named: any of them may).
 */
function hidingBuiltin({ builtinIn, why, ...facts }: Hiding): ProgramModel {
  return defineProgram({
    ...facts,
    runs: 'nothing',
    files: () => ({ files: [], unresolved: [] }),
    state: { hides: (_name, _cmd, shells) => (shells.length === 0 || shells.some(builtinIn) ? why : undefined) },
  });
}

/** The autoload model. @internal */
export const autoload: ProgramModel = hidingBuiltin({
  names: ['autoload'],
  summary: 'autoload (zsh): make names functions loaded from fpath when first run',
  sources: ['zsh 5.9 zshbuiltins(1) (autoload, functions -u)', 'zsh 5.9 zshcontrib(1) (zmv)'],
  builtinIn: (s) => s.autoloadsFunctions,
  why: 'autoload makes names functions that zsh loads from files on its fpath, code toolgate cannot see, so the commands after it cannot be judged',
  examples: [
    { command: 'autoload -U zmv && zmv -C "(.e*)" "x$1"', hides: true, why: 'zmv is then a function zsh loads from its fpath' },
    { command: 'autoload -U zmv', effects: [] },
  ],
});

/** The zmodload model. @internal */
export const zmodload: ProgramModel = hidingBuiltin({
  names: ['zmodload'],
  summary: 'zmodload (zsh): load a module, adding builtins and parameters',
  sources: ['zsh 5.9 zshbuiltins(1) (zmodload)', 'zsh 5.9 zshmodules(1) (zsh/files, zsh/mapfile)'],
  builtinIn: (s) => s.loadsModules,
  why: 'zmodload loads a zsh module, which adds builtins and parameters toolgate has no model of, so the commands after it cannot be judged',
  examples: [
    { command: 'zmodload zsh/files && zf_rm -f notes.txt', hides: true, why: 'zf_rm is then a builtin of zsh/files' },
    { command: 'zmodload', effects: [], why: 'lists the loaded modules' },
  ],
});

/**
 * `zcompile [-U] [-z|-k] [-R|-M] FILE [NAME…]`, `zcompile -c|-a [-m] … FILE [NAME…]`, `zcompile -t
 * FILE [NAME…]`: the first operand is the wordcode file it writes, `.zwc` appended unless it ends so
 * (with no NAME, always appended: `zcompile a.zwc` writes a.zwc.zwc) — and zsh reads `~/.zshrc.zwc`
 * in place of `~/.zshrc` (red team 22, NEW-T3). The NAMEs are files it reads, function names with
 * `-c`/`-a`; `-t` only lists FILE. Options are words of their own up to the first operand or `--`.
 */
function zcompileFiles(argv: readonly string[]): FileOperands {
  let k = 1;
  let letters = '';
  for (; k < argv.length && argv[k]!.startsWith('-') && argv[k] !== '-'; k++) {
    if (argv[k] === '--') {
      k++;
      break;
    }
    letters += argv[k]!.slice(1);
  }
  if (k >= argv.length) return { files: [], unresolved: [] };
  const names = argv.slice(k + 1).map((_, i) => k + 1 + i);
  if (letters.includes('t')) return { files: [{ op: 'read', index: k }], unresolved: [] };
  const exact = names.length > 0 && argv[k]!.endsWith('.zwc');
  const out: FileOperand = exact ? { op: 'write', index: k } : { op: 'write', index: k, value: `${argv[k]!}.zwc` };
  const reads: FileOperand[] = names.length === 0 ? [{ op: 'read', index: k }] : /[ca]/.test(letters) ? [] : names.map((i) => ({ op: 'read' as const, index: i }));
  return { files: [out, ...reads], unresolved: [] };
}

/** The zcompile model. @internal */
export const zcompile: ProgramModel = defineProgram({
  names: ['zcompile'],
  summary: 'zcompile (zsh): compile scripts or functions into a wordcode (.zwc) file',
  sources: ['zsh 5.9 zshbuiltins(1) (zcompile)', 'zsh 5.9 zshmisc(1) (Autoloading Functions: FILE.zwc read in place of FILE)'],
  runs: 'nothing',
  files: (_name, argv) => zcompileFiles(argv),
  examples: [
    { command: 'zcompile ~/.zshrc', effects: ['write /home/user/.zshrc.zwc', 'read /home/user/.zshrc'], readOnly: false, why: 'writes ~/.zshrc.zwc, which zsh reads in place of ~/.zshrc' },
    { command: 'zcompile ~/.zshenv.zwc x.sh', effects: ['write /home/user/.zshenv.zwc', 'read ./x.sh'], why: 'the first operand is the file written' },
    { command: 'zcompile -U -R ~/.zprofile x.sh', effects: ['write /home/user/.zprofile.zwc', 'read ./x.sh'], why: '.zwc is appended' },
    { command: 'zcompile -c ~/.zlogin.zwc f', effects: ['write /home/user/.zlogin.zwc'], why: '-c: f is a function' },
    { command: 'zcompile -t out.zwc', effects: ['read ./out.zwc'], why: '-t lists the file' },
  ],
});
