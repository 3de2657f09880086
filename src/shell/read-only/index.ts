/**
 * Read-only classification of simple commands and whole analyses, driven by the program models'
 * read-only entries (by name, `PROGRAMS.readOnly`). Every "no" carries a reason a person can read that names the word that
 * disqualified the command (`toolgate explain`).
 */
import { commandBasename } from '../commands/emit.js';
import type { ReadOnlyEntry, ReadOnlySpec } from '../programs/read-only-types.js';
import { CLAUDE_CODE_UNMOVED, ROBOTA_UNSAFE_LONG } from './unmodelled.js';
import { expandedWords, type ExpandedWord } from './words.js';
import { matchesLong, parseWithEntry } from '../programs/read-only-parse.js';
import { cdReadOnly, findsRepositoryFromCwd, PROGRAMS } from '../programs/index.js';
import type { ReadOnlyVerdict, ShellAnalysis, SimpleCommand } from '../types.js';
import { decodeWord } from '../syntax/words.js';
import { SideTable } from '../../core/side-table.js';
import { globOptionWord } from '../programs/glob-options.js';

/** Which read-only set to use. @public */
export interface ReadOnlyOptions {
  /** `claudeCode` (default dialect) or `robota` (the stricter set). */
  set: 'claudeCode' | 'robota';
}

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

// ---------------------------------------------------------------------------------------------
// The claudeCode set: an allowlist of options per command.

/** The claudeCode entry for a command name, if it has one. @internal */
export function claudeCodeEntry(name: string): ReadOnlyEntry | undefined {
  return (
    PROGRAMS.readOnly('claudeCode', name) ??
    (Object.prototype.hasOwnProperty.call(CLAUDE_CODE_UNMOVED, name) ? CLAUDE_CODE_UNMOVED[name] : undefined)
  );
}

function checkEntry(name: string, cmd: SimpleCommand, entry: ReadOnlyEntry, globOptionsSettled: boolean): ReadOnlyVerdict {
  const expanded = expandedWords(cmd, 1, entry.check === 'echo');
  if (!expanded.ok) return no(expanded.reason);
  const words = expanded.words;
  const globs = words.filter((w) => w.glob);
  for (const w of words) {
    if (w.brace && w.text.startsWith('-'))
      return no(`the option ${w.text} comes from the brace expansion ${cmd.argv[w.from]}, which toolgate does not take as written`);
  }
  if (globs.length > 0) {
    if (!entry.globs) return no(`unquoted glob ${globs[0]!.text} with ${name}, which can write or run programs`);
    if (entry.maxOperands !== undefined)
      return no(`unquoted glob ${globs[0]!.text} may name more files than ${name} reads (the last one may be written)`);
    const risky = globOptionsSettled ? undefined : globAsOption(name, cmd, words, entry);
    if (risky !== undefined) return no(risky);
    // A text command's glob is no path effect, yet bash lists its directory into the output:
    // only a relative pattern that stays below the current directory is known to read inside.
    if (entry.operands === 'text') {
      const outside = globs.find((g) => !globStaysBelow(g.text));
      if (outside) return no(`unquoted glob ${outside.text} lists a directory that may be outside the working directories`);
    }
  }
  if (entry.check === 'echo') return YES;
  const argv = [cmd.argv[0]!, ...words.map((w) => w.text)];
  const own = PROGRAMS.get(name)?.readOnlyCheck?.claudeCode;
  if (own) return own(name, argv);
  switch (entry.check) {
    case 'version':
      return argv.length === 2 && argv[1] === '--version' ? YES : no(`${name} is read-only only as ${name} --version`);
    default:
      break;
  }
  const p = parseWithEntry(name, argv, entry);
  if (!p.ok) return no(p.reason);
  const ops = p.parse.operands;
  if (entry.operands === 'none' && ops.length > 0) return no(`${name} with an operand (${ops[0]!.text}) is not read-only`);
  if (entry.maxOperands !== undefined && ops.length > entry.maxOperands) {
    return no(
      entry.maxOperands === 0
        ? `${name} with a file operand (${ops[0]!.text}) may write it`
        : `${name} with ${ops.length} operands writes its last operand`,
    );
  }
  const after = PROGRAMS.get(name)?.readOnlyCheck?.claudeCodeAfterOptions;
  return after ? after(name, argv, ops) : YES;
}

/**
 * Why a glob word may name a file the program takes as an option that does more than read its
 * operands (`wc -c [-]*` with a file `--files0-from=.env`; `programs/glob-options.ts`), or
 * `undefined`. The words alone cannot say whether such a file is there: the evaluator asks again
 * with the file-system view's answer (`globOptionsSettled`). A program with no grammar is judged
 * by its entry (`anyOptionHarmless`: echo's options only change what it prints).
 */
function globAsOption(name: string, cmd: SimpleCommand, words: readonly ExpandedWord[], entry: ReadOnlyEntry): string | undefined {
  if (PROGRAMS.get(name)?.grammar !== undefined) {
    const hit = globOptionWord(name, [cmd.argv[0]!, ...words.map((w) => w.text)], [true, ...words.map((w) => !w.glob)]);
    if (hit === undefined) return undefined;
    const does = { reads: 'reads files the command does not name', writes: 'writes', runs: 'runs a program' }[hit.does];
    return `unquoted glob ${words[hit.index - 1]!.text} may name a file that ${name} reads as an option (${hit.option}, which ${does})`;
  }
  const risky = words.find((g) => g.mayBeOption);
  if (risky === undefined || entry.anyOptionHarmless === true || afterEndOfOptions(words, risky)) return undefined;
  return `unquoted glob ${risky.text} may name a file that ${name} reads as an option`;
}

function afterEndOfOptions(words: readonly ExpandedWord[], w: ExpandedWord): boolean {
  const end = words.findIndex((x) => x.text === '--' && !x.glob && !x.brace);
  return end >= 0 && words.indexOf(w) > end;
}

/** A transparent wrapper's own options (the wrapped command is judged on its own). */
function checkWrapper(name: string, cmd: SimpleCommand): ReadOnlyVerdict {
  const entry = PROGRAMS.readOnly('wrapper', name);
  if (!entry) return cmd.argv.length > 1 ? YES : no(`${name} without a command`);
  const expanded = expandedWords(cmd);
  if (!expanded.ok) return no(expanded.reason);
  if (expanded.words.some((w) => w.glob || w.brace)) return no(`${name} with a glob or brace expansion in its words`);
  const argv = [cmd.argv[0]!, ...expanded.words.map((w) => w.text)];
  const p = parseWithEntry(name, argv, entry);
  if (!p.ok) return no(p.reason);
  return p.parse.operands.length > 0 ? YES : no(`${name} without a command`);
}

// ---------------------------------------------------------------------------------------------
// The robota set (seed 003): safe short letters, unsafe long names, and its own word checks.

/** Text of a word outside quotes (robota's character checks apply only there). */
function unquotedText(raw: string): string {
  return raw.replace(/'[^']*'/g, '').replace(/"(?:[^"\\]|\\.)*"/g, '');
}

/** Why a path operand is outside the working directory, judged lexically (robota). */
function pathOutside(arg: string): string | undefined {
  if (arg.startsWith('/')) return `absolute path ${arg}`;
  if (arg.startsWith('~')) return `home path ${arg}`;
  if (/^\\\\|^[A-Za-z][A-Za-z0-9]*:/.test(arg)) return `drive or provider path ${arg}`;
  let depth = 0;
  for (const seg of arg.split('/')) {
    if (seg === '..') depth--;
    else if (seg !== '.' && seg !== '') depth++;
    if (depth < 0) return `path ${arg} climbs out of the working directory`;
  }
  return undefined;
}

function checkRobotaOptions(cmd: SimpleCommand, spec: ReadOnlySpec): ReadOnlyVerdict {
  const name = commandBasename(cmd.argv[0]!);
  const unsafeLong = [...(spec.unsafeLong ?? []), ...ROBOTA_UNSAFE_LONG];
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i]!;
    if (a === '--') break;
    if (a.startsWith('--') && a.length > 2) {
      const hit = matchesLong(a.slice(2).split('=')[0]!, unsafeLong);
      if (hit) return no(`${name} --${hit} is not read-only (it writes, runs a program, or reads a named file)`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1 && !/^-\d+$/.test(a)) {
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        if (spec.safeShort !== undefined && !spec.safeShort.includes(letter)) return no(`${name} -${letter} is not a known-safe option`);
        if (spec.shortArg?.includes(letter)) {
          if (k === a.length - 1) i++;
          break;
        }
      }
    }
  }
  return YES;
}

/** Robota's per-word disqualifiers: globs, variables, escapes, non-ASCII, outside paths. */
function robotaWords(cmd: SimpleCommand): ReadOnlyVerdict {
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(cmd.source)) return no('contains a non-ASCII character');
  if (cmd.assignments.length > 0) return no(`starts with a variable assignment (${cmd.assignments[0]})`);
  if (cmd.argv[0]!.includes('/')) return no(`names a program by path (${cmd.argv[0]})`);
  const raws = cmd.raw ?? cmd.argv;
  for (let i = 0; i < cmd.argv.length; i++) {
    const value = cmd.argv[i]!;
    const d = cmd.literal[i] ? undefined : decodeWord(value);
    const optionGlob = d && d.glob && !d.brace && !d.tilde && !d.expansion && d.substitutions === 0 && /^--[a-z-]+=/.test(value);
    if (d && !optionGlob) {
      if (d.glob) return no(`unquoted glob ${value} expands to names the check never sees`);
      return no(`uses a variable, substitution, brace expansion or ~ (${value})`);
    }
    const raw = raws[i] ?? value;
    const bare = unquotedText(raw);
    if (/[\\$`(){}#%!]/.test(bare)) return no(`uses an escape, grouping or comment character (${raw})`);
    // `@args` splats an array in PowerShell (robota's Shell tool): the words it stands for are never seen.
    if (bare.startsWith('@')) return no(`${raw} is a PowerShell splat: the arguments it stands for are not seen`);
    if (i > 0 && !value.startsWith('-')) {
      const out = pathOutside(value);
      if (out) return no(`names a path outside the working directory: ${out}`);
    } else if (i > 0) {
      const eq = value.indexOf('=');
      if (eq > 0) {
        const out = pathOutside(value.slice(eq + 1));
        if (out && /^[~/]|\.\./.test(value.slice(eq + 1))) return no(`names a path outside the working directory: ${out}`);
      }
    }
  }
  return YES;
}

function checkRobota(cmd: SimpleCommand, name: string): ReadOnlyVerdict {
  if (cmd.argumentsFrom) return no(`${name} gets arguments from ${cmd.argumentsFrom} input, so the paths it reads are not known`);
  if (cmd.transparentWrapper) return no(`${name} is not in the read-only set`);
  const spec = PROGRAMS.readOnly('robota', name);
  if (!spec) return no(`${name} is not a read-only command`);
  const words = robotaWords(cmd);
  if (!words.readOnly) return words;
  const own = PROGRAMS.get(name)?.readOnlyCheck?.robota;
  if (own) return own(name, cmd.argv);
  if (spec.check === 'cd') return cdReadOnly(cmd, 'robota');
  return checkRobotaOptions(cmd, spec);
}

// ---------------------------------------------------------------------------------------------

function checkClaudeCode(cmd: SimpleCommand, name: string, globOptionsSettled: boolean): ReadOnlyVerdict {
  if (cmd.argumentsFrom === 'find -exec') return no(`${name} gets arguments from find -exec, so the paths it reads are not known`);
  const entry = claudeCodeEntry(name);
  // A transparent wrapper is judged by its own options; one with an entry of its own (xargs) by that entry.
  if (cmd.transparentWrapper && !entry) return checkWrapper(name, cmd);
  if (!entry) return no(`${name} is not a read-only command`);
  if (cmd.argumentsFrom !== undefined && !entry.afterXargs) {
    return no(`${name} gets file names from ${cmd.argumentsFrom} input, which toolgate cannot see (only wc and echo are read-only there)`);
  }
  const check = PROGRAMS.get(name)?.readOnlyCheck;
  if (check?.wordsAsWritten && check.claudeCode) {
    for (let i = 1; i < cmd.argv.length; i++) {
      if (!cmd.literal[i]) {
        const d = decodeWord(cmd.argv[i]!);
        if (d.glob || d.brace) return no(`unquoted glob ${cmd.argv[i]} with ${name}, which can write or run programs`);
        return no(`uses a variable, substitution or ~ (${cmd.argv[i]})`);
      }
    }
    return check.claudeCode(name, cmd.argv);
  }
  if (entry.check === 'cd') {
    const expanded = expandedWords(cmd);
    if (!expanded.ok) return no(expanded.reason);
    if (expanded.words.some((w) => w.glob)) return no(`unquoted glob with cd`);
    return cdReadOnly(cmd, 'claudeCode');
  }
  return checkEntry(name, cmd, entry, globOptionsSettled);
}

/**
 * Whether one simple command is read-only in the given set, judged on its own words (the
 * caller checks the paths it touches, redirections and substitutions: see
 * {@link isReadOnlyCommand}). A transparent wrapper (`timeout`, `nice`, …) is read-only when
 * its own options are known safe; what it wraps is listed as a separate command, which is judged
 * on its own.
 * Sources: Claude Code docs, Configure permissions › Bash; robota docs, Read-only commands; the
 * installed manuals named in `read-only-tables.ts`.
 * @public
 */
export function isReadOnly(cmd: SimpleCommand, options: ReadOnlyOptions): ReadOnlyVerdict {
  return readOnlyOf(cmd, options.set, false);
}

/**
 * {@link isReadOnly} of a command whose glob words the file-system view showed to name no option
 * of its program (`effects/glob-option-words.ts`): the same check without that guard. @internal
 */
export function isReadOnlyGlobsSettled(cmd: SimpleCommand, set: ReadOnlyOptions['set']): ReadOnlyVerdict {
  return readOnlyOf(cmd, set, true);
}

function readOnlyOf(cmd: SimpleCommand, set: ReadOnlyOptions['set'], globOptionsSettled: boolean): ReadOnlyVerdict {
  try {
    if (cmd.unknown) return no(`not understood: ${cmd.unknown}`);
    if (cmd.argv.length === 0) return no('empty command');
    if (!cmd.literal[0]) return no(`command name is not literal: ${cmd.argv[0]}`);
    // `./cat`, `sub/ls`, `/opt/x/cat`: whatever file is there, not the utility the table describes.
    if (/[/\\]/.test(cmd.argv[0]!)) return no(`names a program by path (${cmd.argv[0]}), which is not the read-only utility`);
    const name = commandBasename(cmd.argv[0]!);
    return set === 'robota' ? checkRobota(cmd, name) : checkClaudeCode(cmd, name, globOptionsSettled);
  } catch (error) {
    return no(`read-only check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * {@link isReadOnly} of command `i` of an analysis, worked out at most once per command and set
 * and held by the analysis: the evaluator's read-only step and the words of programs toolgate
 * does not know both ask for the same commands'. The verdict is a function of the command's words
 * alone (not of `opaque`, which the evaluator may set in between). @internal
 */
export function isReadOnlyAt(analysis: ShellAnalysis, i: number, set: ReadOnlyOptions['set']): ReadOnlyVerdict {
  let held = VERDICTS.get(analysis);
  if (held === undefined) VERDICTS.set(analysis, (held = { claudeCode: [], robota: [] }));
  return (held[set][i] ??= isReadOnly(analysis.commands[i]!, { set }));
}

const VERDICTS = new SideTable<ShellAnalysis, Record<ReadOnlyOptions['set'], (ReadOnlyVerdict | undefined)[]>>();

/**
 * Whether a whole analysed command is read-only: fully understood, at least one command, no
 * substitution, no redirection to a file, every command read-only ({@link isReadOnly}), and
 * no `git` after a `cd`. robota also refuses here-documents, here-strings and input
 * redirections from outside the working directory. Paths are not checked here: the caller
 * checks `shellPathEffects` against the working directories.
 * @public
 */
export function isReadOnlyCommand(analysis: ShellAnalysis, options: ReadOnlyOptions): ReadOnlyVerdict {
  try {
    if (analysis.unknown.length > 0) return no(`not understood: ${analysis.unknown[0]}`);
    if (analysis.commands.length === 0) return no('no command to run');
    // A `<(…)` word names a pipe its list's commands, checked below, print into.
    if (analysis.hasSubstitution && analysis.onlyProcessInputs !== true) return no('contains a command or process substitution');
    for (const r of analysis.redirects) {
      if (r.kind === 'file') return no(`redirects output to a file (${r.op} ${r.target})`);
      if (options.set === 'robota') {
        if (r.kind === 'heredoc' || r.kind === 'herestring') return no('uses a here-document or here-string');
        if (r.kind === 'read') {
          const out = r.targetLiteral ? pathOutside(r.target) : `non-literal ${r.target}`;
          if (out) return no(`reads from outside the working directory: ${out}`);
        }
      }
    }
    let sawCd = false;
    for (const cmd of analysis.commands) {
      const v = isReadOnly(cmd, options);
      if (!v.readOnly) return no(`${cmd.source}: ${v.reason}`);
      const name = commandBasename(cmd.argv[0]!);
      // A directory change (cd, pushd): a later git runs with the other directory's hooks and config.
      if (PROGRAMS.get(name)?.state?.directory !== undefined) sawCd = true;
      if (findsRepositoryFromCwd(name) && sawCd) return no(`${name} after cd (the other directory's hooks and config could run)`);
    }
    if (analysis.stateChanges.length > 0) return no(analysis.stateChanges[0]!);
    return YES;
  } catch (error) {
    return no(`read-only check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A glob pattern that is relative, has no `..` component and no expansion (quotes and escapes removed). */
function globStaysBelow(text: string): boolean {
  const bare = text.replace(/["'\\]/g, '');
  return (
    !bare.startsWith('/') && !bare.startsWith('~') && !bare.includes('$') && !bare.includes('`') && !bare.split('/').some((c) => c === '..')
  );
}
