/**
 * Read-only classification of simple commands and whole analyses, driven by the tables in
 * `read-only-tables.ts`. Every "no" carries a reason a person can read (`toolgate explain`).
 */
import { commandBasename } from './commands.js';
import {
  CLAUDE_CODE_READ_ONLY, FIND_UNSAFE, GIT_READ_ONLY, GIT_UNSAFE_LONG, ROBOTA_READ_ONLY, ROBOTA_UNSAFE_LONG, type ReadOnlySpec,
} from './read-only-tables.js';
import type { ReadOnlyVerdict, ShellAnalysis, SimpleCommand } from './types.js';
import { operands } from './options.js';
import { decodeWord } from './words.js';

/** Which read-only set to use. @public */
export interface ReadOnlyOptions {
  /** `claudeCode` (default dialect) or `robota` (the stricter set). */
  set: 'claudeCode' | 'robota';
}

/** Real long options that are also prefixes of unsafe ones (`--include` vs `--include-from`): an exact name is never an abbreviation. */
const EXACT_LONG = new Set(['include', 'exclude', 'exclude-dir', 'file-type', 'files-with-matches', 'files-without-match']);

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

/** Is `given` (a long option name, maybe abbreviated) one of `names`? */
function matchesLong(given: string, names: readonly string[]): string | undefined {
  if (EXACT_LONG.has(given)) return names.find((n) => n === given);
  return names.find((n) => n === given || (given.length > 0 && n.startsWith(given)));
}

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

function checkOptions(cmd: SimpleCommand, spec: ReadOnlySpec, set: ReadOnlyOptions['set'], start: number): ReadOnlyVerdict {
  const name = commandBasename(cmd.argv[0]!);
  let operands = 0;
  const unsafeLong = set === 'robota' ? [...(spec.unsafeLong ?? []), ...ROBOTA_UNSAFE_LONG] : spec.unsafeLong ?? [];
  for (let i = start; i < cmd.argv.length; i++) {
    const a = cmd.argv[i]!;
    if (a === '--') {
      operands += cmd.argv.length - i - 1;
      break;
    }
    if (a.startsWith('--') && a.length > 2) {
      const given = a.slice(2).split('=')[0]!;
      const hit = matchesLong(given, unsafeLong);
      if (hit) return no(`${name} --${hit} is not read-only (it writes, runs a program, or reads a named file)`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1 && !/^-\d+$/.test(a)) {
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        if (spec.unsafeShort?.includes(letter)) return no(`${name} -${letter} is not read-only`);
        if (spec.safeShort !== undefined && !spec.safeShort.includes(letter)) return no(`${name} -${letter} is not a known-safe option`);
        if (spec.shortArg?.includes(letter)) {
          if (k === a.length - 1) i++;
          break;
        }
      }
      continue;
    }
    operands++;
  }
  if (spec.maxOperands !== undefined && operands > spec.maxOperands) return no(`${name} with ${operands} operands writes its last operand`);
  return YES;
}

function checkGit(cmd: SimpleCommand, set: ReadOnlyOptions['set']): ReadOnlyVerdict {
  const argv = cmd.argv;
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) break;
    if (a === '--no-pager' || a === '-P' || a === '--no-optional-locks' || a === '--literal-pathspecs' || a === '--no-replace-objects') continue;
    return no(`git global option ${a} is not read-only (it can change configuration, directory or pager)`);
  }
  const sub = argv[i];
  if (sub === undefined) return no('git without a subcommand');
  if (!GIT_READ_ONLY[set].has(sub)) return no(`git ${sub} is not a read-only git command`);
  const rest = argv.slice(i + 1);
  for (const a of rest) {
    if (a.startsWith('--')) {
      const hit = matchesLong(a.slice(2).split('=')[0]!, GIT_UNSAFE_LONG);
      if (hit) return no(`git --${hit} is not read-only`);
    }
    if (sub === 'grep' && /^-[A-Za-z]*O/.test(a)) return no('git grep -O opens files in a program');
  }
  const positional = rest.filter((a) => !a.startsWith('-'));
  const flags = rest.filter((a) => a.startsWith('-'));
  switch (sub) {
    case 'branch': {
      // `--abbrev`, `--color` and `--column` take a value only with `=`: `git branch --abbrev 7` creates branch 7.
      const listing = new Set([
        '-a', '-r', '-v', '-vv', '-l', '--list', '--all', '--remotes', '--verbose', '--show-current', '-q', '--quiet', '--color', '--no-color',
        '--column', '--no-column', '-i', '--ignore-case', '--omit-empty', '--abbrev', '--no-abbrev',
      ]);
      const withValue = ['--contains', '--no-contains', '--merged', '--no-merged', '--points-at', '--sort', '--format'];
      let values = 0;
      for (let k = 0; k < rest.length; k++) {
        const a = rest[k]!;
        if (!a.startsWith('-')) continue;
        const base = a.split('=')[0]!;
        if (withValue.includes(base)) {
          if (!a.includes('=')) values++;
          continue;
        }
        if (!listing.has(base) && !/^--(color|column|abbrev)=/.test(a)) return no(`git branch ${a} changes branches`);
      }
      const isList = flags.some((f) => f === '-l' || f === '--list');
      if (positional.length > values && !isList) return no('git branch with a name creates a branch');
      return YES;
    }
    case 'help':
      return flags.some((f) => /^-[a-z]*[wim]|^--(web|info|man)$/.test(f)) ? no('git help with -w/-i/-m opens a browser, info or man program') : YES;
    case 'remote':
      if (rest.every((a) => a === '-v' || a === '--verbose')) return YES;
      if (set === 'claudeCode' && rest[0] === 'get-url') return YES;
      return no(`git remote ${rest.join(' ')} is not a listing form`);
    case 'tag':
      if (positional.length === 0 && flags.every((f) => ['-l', '--list', '-n', '--contains', '--sort', '--points-at'].includes(f.split('=')[0]!))) return YES;
      if (flags.some((f) => f === '-l' || f === '--list') && flags.every((f) => ['-l', '--list', '-n'].includes(f))) return YES;
      return no('git tag with a name creates a tag');
    case 'stash':
      return rest[0] === 'list' || rest[0] === 'show' ? YES : no(`git stash ${rest[0] ?? ''} changes the stash`);
    case 'worktree':
      return rest[0] === 'list' ? YES : no(`git worktree ${rest[0] ?? ''} changes worktrees`);
    case 'reflog':
      return rest.length === 0 || rest[0] === 'show' || rest[0]!.startsWith('-') ? YES : no(`git reflog ${rest[0]} changes the reflog`);
    case 'config':
      return flags.some((f) => ['--get', '--get-all', '--get-regexp', '--list', '-l'].includes(f)) && !flags.some((f) => /^--(add|unset|replace|rename|remove|edit)|^-e$/.test(f))
        ? YES
        : no('git config without --get/--list changes configuration');
    default:
      return YES;
  }
}

function checkFind(cmd: SimpleCommand, set: ReadOnlyOptions['set']): ReadOnlyVerdict {
  for (const a of cmd.argv.slice(1)) {
    if (FIND_UNSAFE.has(a)) return no(`find ${a} runs, deletes or writes`);
    if (set === 'robota' && (a === '-L' || a === '-H' || a === '-follow')) return no(`find ${a} follows symlinks`);
  }
  return YES;
}

function checkCd(cmd: SimpleCommand, set: ReadOnlyOptions['set']): ReadOnlyVerdict {
  const ops = cmd.argv.slice(1).filter((a) => a !== '--' && !(a.startsWith('-') && a.length > 1));
  if (set === 'robota') {
    if (ops.length === 0) return no('cd without a directory goes to the home directory');
    if (ops[0] === '-') return no('cd - goes to the previous directory');
  }
  if (ops.length > 1) return no('cd with more than one directory');
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

/**
 * Whether one simple command is read-only in the given set, judged on its own words (the
 * caller checks the paths it touches, redirections and substitutions: see
 * {@link isReadOnlyCommand}). A transparent wrapper (`timeout`, `nice`, …) is read-only when
 * what it wraps is listed as a separate command, which is judged on its own.
 * Sources: Claude Code docs, Configure permissions › Bash; robota docs, Read-only commands.
 * @public
 */
export function isReadOnly(cmd: SimpleCommand, options: ReadOnlyOptions): ReadOnlyVerdict {
  try {
    if (cmd.unknown) return no(`not understood: ${cmd.unknown}`);
    if (cmd.argv.length === 0) return no('empty command');
    if (!cmd.literal[0]) return no(`command name is not literal: ${cmd.argv[0]}`);
    const name = commandBasename(cmd.argv[0]!);
    if (cmd.argumentsFrom) return no(`${name} gets arguments from ${cmd.argumentsFrom} input, so the paths it reads are not known`);
    if (cmd.transparentWrapper) {
      if (options.set === 'robota') return no(`${name} is not in the read-only set`);
      return cmd.argv.length > 1 ? YES : no(`${name} without a command`);
    }
    const table = options.set === 'robota' ? ROBOTA_READ_ONLY : CLAUDE_CODE_READ_ONLY;
    const spec = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
    if (!spec) return no(`${name} is not a read-only command`);
    if (options.set === 'robota') {
      const words = robotaWords(cmd);
      if (!words.readOnly) return words;
    } else {
      for (let i = 1; i < cmd.argv.length; i++) {
        if (cmd.literal[i]) continue;
        const d = decodeWord(cmd.argv[i]!);
        const globOnly = (d.glob || d.brace) && !d.expansion && d.substitutions === 0 && !d.tilde && !d.error;
        if (!globOnly) return no(`uses a variable, substitution or ~ (${cmd.argv[i]})`);
        if (!spec.globs) return no(`unquoted glob ${cmd.argv[i]} with ${name}, which can write or run programs`);
      }
    }
    if (spec.check === 'git') {
      const g = checkGit(cmd, options.set);
      if (!g.readOnly) return g;
    }
    if (spec.check === 'find') {
      const f = checkFind(cmd, options.set);
      if (!f.readOnly) return f;
    }
    if (spec.check === 'cd') {
      const c = checkCd(cmd, options.set);
      if (!c.readOnly) return c;
    }
    if (spec.check === 'noOperands' && cmd.argv.slice(1).some((a) => !a.startsWith('-'))) return no(`${name} with an operand changes settings`);
    if (spec.check === 'date') {
      const dateOps = operands(cmd.argv, 1, { shortArg: 'fdrI', longArg: ['file', 'date', 'reference'] }).operands;
      if (dateOps.some((k) => !cmd.argv[k]!.startsWith('+'))) return no('date with an operand sets the clock');
    }
    if (spec.check === 'git' || spec.check === 'find') return YES;
    return checkOptions(cmd, spec, options.set, 1);
  } catch (error) {
    return no(`read-only check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

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
    if (analysis.hasSubstitution) return no('contains a command or process substitution');
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
      if (name === 'cd' || name === 'pushd') sawCd = true;
      if (name === 'git' && sawCd) return no('git after cd (the other directory\'s hooks and config could run)');
    }
    return YES;
  } catch (error) {
    return no(`read-only check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
