/**
 * Shell code in the words of a program toolgate has no model of (decision 0125): a shell named
 * with `-c` and its text (`torsocks sh -c 'cp x.json .claude/settings.json'`), or an interpreter's
 * inline code holding commands as strings (`proxychains4 python3 -c 'os.system("rm -rf ~")'`). Such
 * a program most often runs the words from there as a command (a wrapper: replay 24 U1), but
 * toolgate cannot tell; the text is read as `SimpleCommand.embeddedShell` is — what it would write
 * to a protected path or remove of a critical one asks, in every mode, and nothing is denied on
 * the strength of a guess. Everything else about the program stays as it was (unmodelled, its
 * words screened by the unknown-program reading).
 */
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { shellName } from '../shell/programs/posix-shells.js';
import { embeddedShellStrings, interpreterName } from '../shell/programs/interpreters.js';
import { shellInvocation } from '../shell/programs/shell-code.js';
import { codePathWords, shownCode } from '../shell/programs/interpreter-code.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import { spelledBraces } from '../shell/syntax/brace.js';

/** Shells outside the POSIX family whose `-c` runs a text too: read as shell text, the nearest reading there is. */
const OTHER_SHELLS: ReadonlySet<string> = new Set(['fish', 'csh', 'tcsh']);

/**
 * A word as the shell would hand it on, its expansions left as written (`"cp a b # $HOME"` → `cp a
 * b # $HOME`): quotes removed, backslash escapes read. The text a program gets differs only where
 * an expansion stands, which the reading then sees as an expansion of the text's own.
 */
export function wordShape(raw: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === "'") {
      const end = raw.indexOf("'", i + 1);
      if (end < 0) return out + raw.slice(i + 1);
      out += raw.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < raw.length && raw[j] !== '"'; j++) {
        if (raw[j] === '\\' && /["\\$`]/.test(raw[j + 1] ?? '')) out += raw[++j];
        else out += raw[j];
      }
      i = j;
    } else if (c === '\\' && i + 1 < raw.length) out += raw[++i];
    else out += c;
  }
  return out;
}

/** What holds a text, in a reason's words. */
type Found = { script: string; holder: string };

/** The parts of a command the reading looks at (`SimpleCommand`'s). */
type Words = Pick<SimpleCommand, 'argv' | 'literal'> & Partial<Pick<SimpleCommand, 'raw' | 'shown'>>;

/**
 * What the shell named at word `k` runs (`sh -e -c TEXT`, `bash --rcfile f -lc TEXT`, `sh -s <<<
 * TEXT`, `sh x.sh` the line wrote), by the one reading of a shell's options (`shellInvocation`).
 */
function shellTexts(cmd: Words, k: number, name: string): Found[] {
  const holder = (how: string) => (k === 0 ? `${name}'s ${how}` : `the ${name} ${how} in ${cmd.argv[0]}'s words`);
  const inv = shellInvocation(cmd.argv.slice(k));
  const out: Found[] = [];
  if (inv.script !== undefined && inv.script >= 0) {
    const at = k + inv.script;
    const text = cmd.literal[at] === true ? cmd.argv[at]! : cmd.raw?.[at] !== undefined ? wordShape(cmd.raw[at]) : undefined;
    if (text !== undefined) out.push({ script: text, holder: holder('-c text') });
    for (const script of cmd.literal[at] === true ? [] : (cmd.shown?.words?.[at] ?? [])) out.push({ script, holder: holder('-c text') });
  } else if (inv.file !== undefined) {
    for (const script of cmd.shown?.words?.[k + inv.file] ?? []) out.push({ script, holder: holder(`script ${cmd.argv[k + inv.file]}, which the line wrote,`) });
  } else if (inv.stdin) for (const script of cmd.shown?.input ?? []) out.push({ script, holder: holder('input') });
  return out;
}

/** The strings and paths an interpreter's code at word `k` holds: inline, on its input, a script the line wrote. */
function interpreterTexts(cmd: Words, k: number, name: string): { found: Found[]; texts: string[] } {
  const words = cmd.shown?.words;
  const files = (path: string) => {
    const at = cmd.argv.indexOf(path, k);
    return at < 0 ? undefined : words?.[at];
  };
  const argv = cmd.argv.slice(k);
  const variants = [argv, ...Object.entries(words ?? {}).flatMap(([at, texts]) => (cmd.literal[Number(at)] === false && Number(at) > k ? texts.map((t) => cmd.argv.map((w, j) => (j === Number(at) ? t : w)).slice(k)) : []))];
  const texts = variants.flatMap((v) => shownCode(name, v, cmd.shown?.input, files).texts);
  const holder = `the ${name} code in ${cmd.argv[0]}'s words`;
  const scripts = [...new Set([...embeddedShellStrings([...argv, ...texts]), ...variants.flatMap((v) => shownCode(name, v, cmd.shown?.input, files).commands)])];
  return { found: scripts.map((script) => ({ script, holder })), texts };
}

/** Shell texts and interpreter strings in a command's words from its second on, each with what holds it. */
export function wordShellCode(cmd: Words, from = 1): Found[] {
  return wordCode(cmd, from).found;
}

/** {@link wordShellCode}, and the interpreter code texts found (for the paths they name). */
function wordCode(cmd: Words, from: number): { found: Found[]; texts: string[] } {
  const found: Found[] = [];
  const texts: string[] = [];
  for (let k = from; k < cmd.argv.length; k++) {
    if (cmd.literal[k] === false) continue;
    const name = foldedCommandName(cmd.argv[k]!);
    if (shellName(name) !== undefined || OTHER_SHELLS.has(name)) found.push(...shellTexts(cmd, k, name));
    else if (interpreterName(name) !== undefined) {
      const r = interpreterTexts(cmd, k, name);
      found.push(...r.found);
      texts.push(...r.texts);
    }
  }
  return { found, texts };
}

/** Whether any word past the first names a shell or an interpreter: the cheap test before the model lookups. */
const namesRunner = (argv: readonly string[]): boolean =>
  argv.some(
    (w, k) =>
      k > 0 &&
      w !== '' &&
      !w.startsWith('-') &&
      (shellName(foldedCommandName(w)) !== undefined ||
        OTHER_SHELLS.has(foldedCommandName(w)) ||
        interpreterName(foldedCommandName(w)) !== undefined),
  );

/** Marks on each command of a fresh analysis with no model the shell code its words hold (see the file's comment). */
export function markWordShellCode(analysis: ShellAnalysis): void {
  const parents = new Set<number>();
  for (const c of analysis.commands) if (c.parent !== undefined) parents.add(c.parent);
  analysis.commands.forEach((cmd, i) => {
    if (cmd.embeddedShell !== undefined || parents.has(i)) return;
    // fish, csh and tcsh have no model: their own `-c` text and input are read the same way.
    const own = OTHER_SHELLS.has(cmd.program) && cmd.literal[0] === true;
    // A modelled program's words are never scanned (its model says what it runs): that test first,
    // before the name lookups of every word (git push paid for them on every call).
    if (!own && !unmodelledProgram(cmd)) return;
    // A brace may build the shell's name (`torsocks {s,}h -c TEXT`): the words as bash and zsh spell them.
    const spelled = spelledBraces(cmd.argv, cmd.literal);
    const words: Words = spelled === undefined ? cmd : { ...spelled, ...(cmd.shown !== undefined ? { shown: cmd.shown } : {}) };
    if (!own && !namesRunner(words.argv)) return;
    const { found, texts } = wordCode(words, own ? 0 : 1);
    if (found.length > 0) {
      cmd.embeddedShell = found.map((f) => f.script);
      cmd.embeddedShellHolder = found[0]!.holder;
    }
    const paths = codePathWords(texts);
    if (paths.length > 0 && cmd.codePaths === undefined) cmd.codePaths = paths;
  });
}
