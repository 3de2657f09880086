/**
 * Every program has one home: the name of a program that has a model in `src/shell/programs/`
 * appears in no table outside that folder. A quoted name elsewhere is allowed only where it is
 * listed below, with why (a word that is not the program there, or a place still to move).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRAM_MODELS } from '../../../src/shell/programs/index.js';

const ROOT = join(__dirname, '../../..');
const SRC = join(ROOT, 'src');

/** `file:name` → why the quoted name may appear there. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/powershell/aliases.ts:cp': 'a PowerShell alias (`cp` is Copy-Item there), not the POSIX program',
  'src/powershell/aliases.ts:cd': 'a PowerShell alias (`cd` is Set-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:pushd': 'a PowerShell alias (`pushd` is Push-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:popd': 'a PowerShell alias (`popd` is Pop-Location there), not the POSIX builtin',
  'src/shell/read-only-types.ts:cd': 'a kind of the public `ReadOnlyCheck` type; the check itself is cdReadOnly in programs/cd.ts',
  'src/shell/read-only.ts:cd': 'the dispatch of the `cd` check kind to programs/cd.ts',
  'src/shell/path-effects.ts:tree': 'the `tree` field of a path effect, not the program',
  'src/shell/read-only-checks.ts:strings': "jq's `strings` builtin, not the program",
  'src/shell/read-only-types.ts:strings': 'a kind of the public `ReadOnlyCheck` type; the check is still in read-only.ts',
  'src/shell/read-only.ts:strings': 'the `strings` read-only check (an @FILE operand), still in read-only.ts',
  'src/shell/read-only.ts:grep': "git's `grep -O` check, still in read-only.ts's git walk",
  'src/shell/read-only.ts:git': "the git read-only walk and `git after cd`, still in read-only.ts",
  'src/shell/read-only-types.ts:git': 'a kind of the public `ReadOnlyCheck` type',
  'src/cli/test-command.ts:test': 'the `toolgate test` subcommand, not the program',
  'src/lint/locate.ts:[': 'a bracket of a JSON path, not the program',
  'src/paths/gitignore-match.ts:[': 'a bracket expression of a pattern, not the program',
  'src/paths/glob.ts:[': 'a bracket expression of a glob, not the program',
  'src/powershell/reader.ts:[': 'a character of PowerShell syntax, not the program',
  'src/shell/file-effects/archives.ts:test': "an archiver's `--test` option, not the program",
  'src/shell/file-effects/programs.ts:test': 'the `npm test` subcommand, not the program',
  'src/shell/parser.ts:[': 'the syntax node of `[ … ]` and a subscript bracket (the command it emits is read by the test model)',
  'src/shell/read-only-checks.ts:test': "jq's `test` builtin, not the program",
  'src/shell/read-only-types.ts:test': 'a kind of the public `ReadOnlyCheck` type (the check is the model\'s own)',
  'src/shell/sed.ts:[': 'a bracket expression of a sed regex, not the program',
  'src/shell/words.ts:[': 'a glob bracket, not the program',
  'src/shell/read-only-types.ts:find': 'a kind of the public `ReadOnlyCheck` type (the check is the model\'s own)',
  'src/evaluate/rule-match.ts:git': 'rule matching strips git\'s global options (the table is in programs/git/global-options.ts)',
  'src/evaluate/shell-read-only.ts:git': 'git after a cd that left the project (to move: a model facet)',
  'src/evaluate/suggestions.ts:git': 'programs whose suggestions keep their subcommand (to move: a model facet)',
  'src/shell/commands.ts:git': "the call to git's runs facet (to move: the registry's runs facet)",
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return p.endsWith(join('shell', 'programs')) ? [] : files(p);
    return p.endsWith('.ts') ? [p] : [];
  });
}

/** The source without comments (a name in a comment is no table). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const names = PROGRAM_MODELS.flatMap((m) => m.names);
const quoted = (name: string) => new RegExp(`['"\`]${name.replace(/[[\]\\^$.|?*+()]/g, '\\$&')}['"\`]`);

describe('every program has one home', () => {
  it('finds the moved names only in programs/ (or where allowed)', () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const text = code(readFileSync(file, 'utf8'));
      const rel = relative(ROOT, file).split('\\').join('/');
      for (const name of names) if (quoted(name).test(text) && !ALLOWED[`${rel}:${name}`]) found.push(`${rel}:${name}`);
    }
    expect(found).toEqual([]);
  });

  it('lists no allowance that is no longer needed', () => {
    for (const key of Object.keys(ALLOWED)) {
      const [file, name] = [key.slice(0, key.lastIndexOf(':')), key.slice(key.lastIndexOf(':') + 1)];
      expect(quoted(name).test(code(readFileSync(join(ROOT, file), 'utf8'))), key).toBe(true);
    }
  });
});
