/**
 * The command layer: turns a syntax-level command into `SimpleCommand`s, deciding what is
 * unknown (dynamic names, code-as-data builtins) and looking through wrappers.
 */
import { addUnknown, type Collector, type RawCommand, type RawWord } from './collector.js';
import { arithmeticRunsCode } from './arithmetic.js';
import { MAX_NESTED_DEPTH } from './limits.js';
import type { SimpleCommand } from './types.js';
import { ARITHMETIC_BUILTINS, CODE_AS_DATA, gitConfigProblem, unwrap } from './wrappers.js';

/** Last path segment of a command name (`/bin/rm` → `rm`). */
export function commandBasename(name: string): string {
  const i = name.lastIndexOf('/');
  return i >= 0 ? name.slice(i + 1) : name;
}

/**
 * The program a name may start on a case-insensitive file system or on Windows: lower case,
 * without `.exe` (`RM`, `rm.exe` → `rm`). argv keeps the name as written; this is for looking
 * through wrappers and finding file operands, where reading too much only fails closed.
 */
export function foldedCommandName(name: string): string {
  return commandBasename(name).toLowerCase().replace(/\.exe$/, '');
}

/** Reserved words that can never start a simple command; the grammar accepts them, bash does not. */
/** Wrappers looked through one inside another before the command counts as unknown. */
const MAX_WRAPPER_DEPTH = 32;

const MISPLACED_RESERVED = new Set(['then', 'else', 'elif', 'fi', 'do', 'done', 'esac', 'in', '}', ']]', ';;']);

function nameProblem(w: RawWord, shell: Collector['shell']): string | undefined {
  const d = w.word;
  if (d.error) return `command name cannot be read (${d.error}): ${w.raw}`;
  if (d.zshEquals) return `zsh '=' expansion in command name: ${w.raw}`;
  if (!d.literal) return `command name is not literal: ${w.raw}`;
  if (d.value === '') return 'empty command name';
  if (MISPLACED_RESERVED.has(w.raw)) return `reserved word '${w.raw}' out of place (a syntax error in bash)`;
  if (shell === 'zsh' && d.value.startsWith('=')) return `zsh '=' expansion in command name: ${w.raw}`;
  return undefined;
}

/**
 * Adds one simple command (and whatever it wraps) to the collector.
 * @returns its index, or undefined when it has no words (assignments or redirects alone).
 */
export function emitCommand(c: Collector, raw: RawCommand): number | undefined {
  if (raw.words.length === 0) return undefined;
  const argv = raw.words.map((w) => w.word.value);
  const cmd: SimpleCommand = {
    argv,
    literal: raw.words.map((w) => w.word.literal),
    raw: raw.words.map((w) => w.raw),
    assignments: raw.assignments,
    redirects: [...raw.redirects, ...raw.inherited],
    source: [...raw.assignments, ...raw.words.map((w) => w.raw)].join(' '),
    context: raw.context,
    transparentWrapper: false,
    exactOnly: false,
    inSubshell: raw.inSubshell,
  };
  if (raw.parent !== undefined) cmd.parent = raw.parent;
  const index = c.commands.push(cmd) - 1;
  for (const r of raw.redirects) c.redirects.push({ ...r, command: index });

  const markUnknown = (reason: string): void => {
    cmd.unknown ??= reason;
    addUnknown(c, reason);
  };
  if (raw.unknown) markUnknown(raw.unknown);
  for (const w of raw.words) if (w.word.error) markUnknown(`word cannot be read (${w.word.error}): ${w.raw}`);

  const problem = nameProblem(raw.words[0]!, c.shell);
  if (problem) {
    markUnknown(problem);
    return index;
  }
  const input = raw.input;
  if (input && (input.appended || (input.placeholder !== undefined && argv.some((a) => a.includes(input.placeholder!))))) {
    cmd.argumentsFrom = input.via === 'xargs' ? 'xargs' : 'find -exec';
  }
  if (input?.placeholder !== undefined && argv[0]!.includes(input.placeholder)) {
    markUnknown(`${input.via} takes the command name from its input: ${raw.words[0]!.raw}`);
    return index;
  }
  const exact = commandBasename(argv[0]!);
  const name = foldedCommandName(exact);
  if (CODE_AS_DATA.has(name)) {
    markUnknown(`'${name}' runs text as shell code`);
    return index;
  }
  if (ARITHMETIC_BUILTINS.has(name) && raw.words.slice(1).some((w) => (name === 'let' ? arithmeticRunsCode(w.raw) : /\[.*(\$\((?!\()|`)/s.test(w.raw)))) {
    markUnknown(`'${name}' may evaluate a substitution inside an array subscript`);
  }

  if (name === 'git') {
    const why = gitConfigProblem(argv);
    if (why) markUnknown(why);
  }
  const info = unwrap(name, argv);
  if (!info) return index;
  // `env env env … rm`: a chain of wrappers past any real use is not looked through further.
  let depth = 0;
  for (let p = cmd.parent; p !== undefined && depth <= MAX_WRAPPER_DEPTH; p = c.commands[p]?.parent) depth++;
  if (depth > MAX_WRAPPER_DEPTH) {
    markUnknown(`wrappers nested deeper than ${MAX_WRAPPER_DEPTH}`);
    return index;
  }
  // Claude Code looks through the wrappers it names; `TIMEOUT` on Linux is some other program.
  cmd.transparentWrapper = info.transparent && exact === name;
  cmd.exactOnly = info.exactOnly;
  if (input?.appended && info.inner.length === 0 && !(name === 'command' && argv.length > 1)) {
    markUnknown(`${input.via} appends its input to ${name}, which runs it as a command`);
  }
  const innerInput = info.input ?? input;
  for (const inner of info.inner) {
    if (inner.kind === 'unknown') {
      markUnknown(inner.reason);
      continue;
    }
    if (inner.kind === 'argv') {
      emitCommand(c, {
        words: raw.words.slice(inner.start, inner.end),
        assignments: inner.assignments ?? [],
        redirects: [],
        inherited: cmd.redirects,
        context: 'exec',
        inSubshell: raw.inSubshell,
        parent: index,
        ...(innerInput ? { input: innerInput } : {}),
      });
      continue;
    }
    const words = raw.words.slice(inner.index, inner.joinFrom === undefined ? inner.index + 1 : raw.words.length);
    const placeholder = innerInput?.placeholder;
    if (placeholder !== undefined && words.some((w) => w.word.value.includes(placeholder))) {
      markUnknown(`${name} runs a script that ${innerInput!.via} fills from its input: ${words.map((w) => w.raw).join(' ')}`);
      continue;
    }
    if (words.some((w) => !w.word.literal)) {
      markUnknown(`${name} runs a script that is not literal: ${words.map((w) => w.raw).join(' ')}`);
      continue;
    }
    const script = words.map((w) => w.word.value).join(' ').slice(inner.offset ?? 0);
    emitNested(c, script, index, name, cmd.redirects);
  }
  return index;
}

function emitNested(c: Collector, script: string, parent: number, name: string, inherited: SimpleCommand['redirects']): void {
  if (c.nestedDepth + 1 > MAX_NESTED_DEPTH) {
    addUnknown(c, `nested scripts deeper than ${MAX_NESTED_DEPTH}`);
    return;
  }
  const inner = c.nested(script, c.nestedDepth + 1);
  const offset = c.commands.length;
  for (const sub of inner.commands) {
    const copy: SimpleCommand = {
      ...sub,
      context: sub.context === 'top' ? 'nested' : sub.context,
      inSubshell: true,
      redirects: [...sub.redirects, ...inherited],
      parent: sub.parent === undefined ? parent : sub.parent + offset,
    };
    c.commands.push(copy);
  }
  for (const r of inner.redirects) c.redirects.push(r.command === undefined ? r : { ...r, command: r.command + offset });
  for (const u of inner.unknown) addUnknown(c, `in ${name} script: ${u}`);
  if (inner.hasSubstitution) c.hasSubstitution = true;
}
