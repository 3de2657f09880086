/**
 * Two names of one installed program, told by the file-system view: Debian's alternatives
 * (`editor` is vim where vim is the chosen editor, `pager` less), the links a package installs
 * (`vimdiff`, `rview`, `python3.11`), a copy under a second hard link. A deny or ask rule naming a
 * program by one name meets a command that runs the same file by another — the table of
 * `shell/programs/installed-names.ts` knows the names every machine has; the view knows this
 * machine's (the bash differential's `installed-names` family: `editor --version` ran vim under
 * `Bash(vi *)`). It only ever adds a match: a deny or an ask, never an allow.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isChosenName } from '../shell/programs/chosen-names.js';
import { DEFAULT_SEARCH_PATH } from '../paths/search-path.js';

/** A program name as a command or a rule writes it: a bare name, or an absolute path. */
const NAME = /^[A-Za-z0-9_][A-Za-z0-9._+-]*$/;

/**
 * The names looked up in one view for one call, and what each is (its identity): one call's deny
 * and ask rules ask about the same few names. Made per call, so a file changed since is seen.
 */
export class SameFileNames {
  private readonly ids = new Map<string, string | undefined>();

  /** @param key - what the answers belong to (the call's analysis). */
  constructor(
    private readonly view: ReadonlyFsView,
    private readonly key: object,
  ) {}

  /** Whether this memo was made for `view` and `key`. */
  isFor(view: ReadonlyFsView, key: object): boolean {
    return this.view === view && this.key === key;
  }

  /**
   * Whether `command` (a bare name or an absolute path, as the command wrote it) runs the same
   * file as the installed program `program` (a bare name, as a rule names it), where the two differ.
   */
  same(command: string, program: string): boolean {
    if (command === program || command.endsWith('/' + program)) return false;
    if (!isChosenName(program) && !isChosenName(command)) return false;
    const a = this.identity(command);
    return a !== undefined && a === this.identity(program);
  }

  private identity(name: string): string | undefined {
    if (this.ids.has(name)) return this.ids.get(name);
    let id: string | undefined;
    if (name.startsWith('/')) id = this.view.identity?.(name);
    else if (NAME.test(name)) {
      for (const dir of DEFAULT_SEARCH_PATH) {
        id = this.view.identity?.(`${dir}/${name}`);
        if (id !== undefined) break;
      }
    }
    this.ids.set(name, id);
    return id;
  }
}
