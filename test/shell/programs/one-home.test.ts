/**
 * Every program has one home: the name of a program that has a model in `src/shell/programs/`, or
 * that toolgate knows there only as an opaque name (the interpreters, the project and package
 * runners), appears in no table outside that folder. A quoted name elsewhere is allowed only where
 * it is listed below, with why (a word that is not the program there, or a place still to move).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NO_FILE_WORDS } from '../../../src/shell/effects/file-effects/index.js';
import { allProgramModels } from '../../../src/shell/programs/index.js';
import { CLAUDE_CODE_READ_ONLY, ROBOTA_READ_ONLY, WRAPPERS_READ_ONLY } from '../../../src/shell/read-only/tables.js';
import { SHELLS } from '../../../src/shell/programs/posix-shells.js';
import { INTERPRETERS } from '../../../src/shell/programs/interpreters.js';
import { PROJECT_RUNNERS } from '../../../src/shell/programs/project-runners.js';
import { PACKAGE_RUNNERS } from '../../../src/shell/programs/package-runners.js';
import { PROGRAM_VARIABLES } from '../../../src/shell/programs/program-variables.js';

const ROOT = join(__dirname, '../../..');
const SRC = join(ROOT, 'src');

/** `file:name` → why the quoted name may appear there. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/evaluate/code-below.ts:[': "a glob pattern's bracket expression read character by character, not the test program",
  'src/evaluate/given-values-zsh.ts:[': 'the bracket a zsh delimiter pair opens (`(e[…])`), not the test program',
  'src/evaluate/code-writes.ts:git': "the start of a reason's words (`git's core.hooksPath names …`), not a program table",
  'src/powershell/cmdlets.ts:ar': "Get-ChildItem's -ar (-Attributes ReadOnly) switch alias, not the archiver",
  'src/powershell/cmdlets.ts:as': "Get-ChildItem's -as (-Attributes System) switch alias, not the assembler",
  'src/powershell/aliases.ts:chdir': 'a PowerShell alias (`chdir` is Set-Location there), not the zsh builtin',
  'src/powershell/aliases.ts:cp': 'a PowerShell alias (`cp` is Copy-Item there), not the POSIX program',
  'src/powershell/aliases.ts:man': 'a PowerShell alias (`man` is help there), not the manual page reader',
  'src/powershell/aliases.ts:mv': 'a PowerShell alias (`mv` is Move-Item there), not the POSIX program',
  'src/powershell/aliases.ts:cd': 'a PowerShell alias (`cd` is Set-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:pushd': 'a PowerShell alias (`pushd` is Push-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:popd': 'a PowerShell alias (`popd` is Pop-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:pwd': 'a PowerShell alias (`pwd` is Get-Location there), not the POSIX builtin',
  'src/powershell/aliases.ts:sleep': 'a PowerShell alias (`sleep` is Start-Sleep there), not the POSIX program',
  'src/powershell/aliases.ts:sort': 'a PowerShell alias (`sort` is Sort-Object there), not the POSIX program',
  'src/powershell/aliases.ts:ps': 'a PowerShell alias (`ps` is Get-Process there), not the POSIX program',
  'src/powershell/reader.ts:private': "PowerShell's `private:` variable scope, not zsh's private builtin",
  'src/lint/schema-check.ts:integer': "a JSON Schema type (`integer`), not zsh's integer builtin",
  'src/powershell/aliases.ts:cpp': 'a PowerShell alias (`cpp` is Copy-ItemProperty there), not the C preprocessor',
  'src/serve/page/cards.ts:more': 'a CSS class of the serve page\'s card (`class="more"`), not the pager',
  'src/store/sqlite/rows.ts:seq': 'a column of the store, not the program',
  'src/powershell/aliases.ts:cat': 'a PowerShell alias (`cat` is Get-Content there), not the POSIX program',
  'src/testing/memory-fs.ts:readlink': 'the name of a file-system call in an error, not the program',
  'src/testing/memory-fs.ts:rename': 'the name of a file-system call in an error, not the program',
  'src/testing/memory-fs.ts:realpath': 'the name of a file-system call in an error, not the program',
  'src/testing/memory-fs.ts:stat': 'the name of a file-system call in an error, not the program',
  'src/dialects/biu/rules.ts:task': "biu's `task` rule kind (its agent tool), not the Task runner",
  'src/evaluate/hook-runner-keys.ts:pre-commit': 'a package.json key that holds git hooks, not the pre-commit program',
  'src/evaluate/hook-runner-keys.ts:lint-staged': "a package.json key that holds lint-staged's configuration, not the program",
  'src/evaluate/hook-runner-keys.ts:husky': "a package.json key that holds husky 4's hooks, not the program",
  'src/cli/asks.ts:tail': 'the `toolgate asks tail` subcommand, not the program',
  'src/cli/asks.ts:export': 'the `toolgate asks export` subcommand, not the builtin',
  'src/cli/program.ts:ls': 'an example call in the help text of `toolgate check`, not a table of the program',
  'src/lint/samples.ts:ls': 'a sample Bash call the lint tries rules on, not a table of the program',
  'src/shell/effects/chosen-variables.ts:mapfile':
    "zsh's mapfile parameter (a file's text, zsh/mapfile), a variable the shell sets, not the builtin",
  'src/evaluate/sourced-files.ts:autoload':
    "a start-up file's `autoload -Uz ~/path` line, read for the file it loads (red team 25 RT25-B), not a table of the builtin",
  'src/evaluate/sourced-files.ts:trap':
    "a start-up file's `trap 'TEXT' EXIT` line, read for the text it runs (replay 25 RP25-B2), not a table of the builtin",
  'src/cli/diff.ts:diff': 'the `toolgate diff` subcommand, not the program',
  'src/cli/diff.ts:git': 'the CLI running git to read a policy file at a revision, not a table of the program',
  'src/diff/generate.ts:ls': 'a sample Bash call `toolgate diff` decides, not a table of the program',
  'src/powershell/aliases.ts:diff': 'a PowerShell alias (`diff` is Compare-Object there), not the POSIX program',
  'src/powershell/aliases.ts:ls': 'a PowerShell alias (`ls` is Get-ChildItem there), not the POSIX program',
  'src/shell/options/file-operands.ts:diff': "the kind of content (a patch's diff) that names files toolgate does not see, not the program",
  'src/shell/types.ts:diff': "the kind of content (a patch's diff) that names files toolgate does not see, not the program",
  'src/shell/read-only/index.ts:cd': 'the dispatch of the `cd` check kind to programs/cd.ts',
  'src/shell/effects/path-effects.ts:tree': 'the `tree` field of a path effect, not the program',
  'src/cli/test-command.ts:test': 'the `toolgate test` subcommand, not the program',
  'src/paths/gitignore-match.ts:[': 'a bracket expression of a pattern, not the program',
  'src/paths/glob.ts:[': 'a bracket expression of a glob, not the program',
  'src/paths/glob-bracket.ts:[': 'a bracket expression of a glob, not the program',
  'src/paths/reach.ts:[': 'a bracket expression of a pattern, not the program',
  'src/shell/shells/zsh-globs.ts:[': 'a bracket expression of a glob (zsh repeats it with #), not the program',
  'src/paths/glob-bracket.ts:yes': 'the answer of a bracket member (`yes`, `maybe`, `no`), not the program',
  'src/powershell/reader.ts:[': 'a character of PowerShell syntax, not the program',
  'src/shell/syntax/parser.ts:[': 'the syntax node of `[ … ]` and a subscript bracket (the command it emits is read by the test model)',
  'src/shell/programs/sed/script.ts:[': 'a bracket expression of a sed regex, not the program',
  'src/shell/syntax/words.ts:[': 'a glob bracket, not the program',
  'src/serve/self-guard.ts:[': 'a glob bracket in the answer-command matcher, not the program [',
  'src/store/verify.ts:seq': "the audit anchor's sequence number, not the program seq",
  'src/shell/types.ts:xargs': "where a command's arguments come from at run time (`argumentsFrom`), not a table",
  'src/shell/types.ts:parallel': "where a command's arguments come from at run time (`argumentsFrom`), not a table",
  'src/shell/types.ts:xe': "where a command's arguments come from at run time (`argumentsFrom`), not a table",
  'src/shell/types.ts:entr': "where a command's arguments come from at run time (`argumentsFrom`), not a table",
  'src/powershell/reader.ts:parallel': "PowerShell's `parallel` keyword, not the program",
  'src/powershell/reader.ts:trap': "PowerShell's `trap` keyword, not the bash builtin",
  'src/shell/commands/emit.ts:coproc': "the `coproc` reserved word opening a compound command (the simple-command form is the model's)",
  'src/shell/syntax/lexer.ts:coproc': "bash's reserved word `coproc`, syntax rather than the model",
  'src/shell/shells/zsh.ts:mapfile': "zsh's special `mapfile` array (zsh/mapfile), not the builtin",
  'src/powershell/aliases.ts:echo': 'a PowerShell alias (`echo` is Write-Output there), not the builtin',
  'src/powershell/aliases.ts:kill': 'a PowerShell alias (`kill` is Stop-Process there), not the builtin',
  'src/powershell/reader.ts:exit': "PowerShell's `exit` keyword, not the builtin",
  'src/powershell/reader.ts:return': "PowerShell's `return` keyword, not the builtin",
  'src/shell/read-only/index.ts:echo': 'the `echo` check kind (every word is text) and its word expansion, in read-only/index.ts',
  'src/powershell/aliases.ts:rm': 'a PowerShell alias (`rm` is Remove-Item there), not the POSIX program',
  'src/powershell/aliases.ts:rmdir': 'a PowerShell alias (`rmdir` is Remove-Item there), not the POSIX program',
  'src/powershell/aliases.ts:mkdir': 'a PowerShell alias (`mkdir` is New-Item -ItemType Directory there), not the POSIX program',
  'src/powershell/aliases.ts:history': 'a PowerShell alias (`history` is Get-History there), not the bash builtin',
  'src/powershell/aliases.ts:tee': 'a PowerShell alias (`tee` is Tee-Object there), not the POSIX program',
  'src/testing/memory-fs.ts:rm': 'the name of a file-system call in an error, not the program',
  'src/testing/memory-fs.ts:mkdir': 'the name of a file-system call in an error, not the program',
  'src/testing/memory-fs.ts:chmod': 'the name of a file-system call in an error, not the program',
  'src/shell/shells/zsh.ts:watch': "zsh's tied `watch` array, not the program",
  'src/lint/codes.ts:curl': 'the meaning of a lint code, in prose (`a deny on `curl` but not `wget``), not a table of the program',
  'src/lint/codes.ts:wget': 'the meaning of a lint code, in prose (`a deny on `curl` but not `wget``), not a table of the program',
  'src/powershell/aliases.ts:curl': 'a PowerShell alias (`curl` is Invoke-WebRequest in Windows PowerShell), not the program',
  'src/powershell/aliases.ts:wget': 'a PowerShell alias (`wget` is Invoke-WebRequest in Windows PowerShell), not the program',
  'src/powershell/aliases.ts:iex': 'a PowerShell alias (`iex` is Invoke-Expression there), not the Elixir shell',
  'src/lint/samples.ts:make': 'a sample Bash call the lint tries rules on, not a table of the program',
  'src/hooks/transports/command.ts:pwsh': 'the program a PowerShell command hook runs in, not a table of it',
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

/** The names of the programs toolgate knows in `programs/` only as opaque (no model yet). */
const OPAQUE_NAMES: readonly string[] = [...INTERPRETERS, ...PROJECT_RUNNERS, ...PACKAGE_RUNNERS];
const names = [...new Set([...allProgramModels().flatMap((m) => m.names), ...OPAQUE_NAMES])];
/**
 * Program names that are also ordinary words of toolgate's own vocabulary (a path effect's kind
 * `'file'`, a field named `'id'`, the settings layer `'local'`, a call's or hook's `'timeout'`, a
 * command's context `'exec'`, bash's reserved word `'time'`, a file's open flag `'r'`, the PowerShell tool
 * `'powershell'`, a policy test's `'expect'`, an unwrapped `'script'`, the settings'
 * `'env'`, a hook's `'command'`, a path
 * effect's `'read'`, a `'set'` of values, JSON's `'true'`/`'false'`, serve's `'wait'`, a `':'`
 * separator, the English past-tense ending `'ed'` a stemmer strips, a hook's `'continue'` and PowerShell's
 * `'break'`/`'continue'` keywords, JSON Schema's and a script flow's `'not'`, LLVM's test helper's name):
 * quoted, they name the word far more
 * often than the program, so only the tables check (below) looks for them.
 */
const VOCABULARY_WORDS: ReadonlySet<string> = new Set([
  'file',
  'id',
  'local',
  'timeout',
  'exec',
  'time',
  'script',
  'env',
  'command',
  ':',
  'read',
  'set',
  'true',
  'false',
  'wait',
  'r',
  'powershell',
  'expect',
  'ed',
  'continue',
  'break',
  'not',
  // A symbolic link's kind (checkpoints), a case note, an HTML <link>: coreutils' link got a model.
  'link',
  // A time stamp's field (`at` in the audit store), at(1) got a model.
  'at',
]);
const quoted = (name: string) => new RegExp(`['"\`]${name.replace(/[[\]\\^$.|?*+()]/g, '\\$&')}['"\`]`);

describe('every program has one home', () => {
  it('finds the moved names only in programs/ (or where allowed)', () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      const text = code(readFileSync(file, 'utf8'));
      const rel = relative(ROOT, file).split('\\').join('/');
      for (const name of names)
        if (!VOCABULARY_WORDS.has(name) && quoted(name).test(text) && !ALLOWED[`${rel}:${name}`]) found.push(`${rel}:${name}`);
    }
    expect(found).toEqual([]);
  });

  it('lists no allowance that is no longer needed', () => {
    for (const key of Object.keys(ALLOWED)) {
      const [file, name] = [key.slice(0, key.lastIndexOf(':')), key.slice(key.lastIndexOf(':') + 1)];
      const used =
        quoted(name).test(code(readFileSync(join(ROOT, file), 'utf8'))) || tableNames(join(ROOT, file), programNames()).has(name);
      expect(used, key).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Tables of programs anywhere in src/ outside programs/. A table is a switch, an array, an
// object literal or a regex naming two or more programs (as case labels, elements, keys or
// alternatives); a program name is
// a name any of toolgate's program tables knows (the read-only sets, the wrappers and runners it
// looks through, the shells, the words that name no file, the models). Every such table has moved
// into programs/ (the last, the lint's, is programs/rule-facts.ts); the files below hold words
// that are program names but name something else there, and a file that no longer needs its
// place fails the test.

/** Files whose tables hold words that are program names but name something else there. */
const OTHER_VOCABULARY: Readonly<Record<string, string>> = {
  'src/shell/syntax/literal-heredoc.ts':
    'the builtins that can make `cat` another command (`alias`, `enable`, `hash`): a command naming any of them is not read as literal here-document text — words that make the reading fail closed, not a table of programs',
  'src/evaluate/sourced-files.ts':
    "the words before a sourcing command in the user's start-up files (`builtin`, `time`, `export`, `typeset`) and which shell's start-up file is read (`sh`, `zsh`): text read from a file, not commands judged",
  'src/evaluate/sourced-text.ts':
    "the words before a command's name in the user's start-up files (`builtin`, `exec`, `time`, `noglob`) and the builtins whose lines fill a variable from a file (`mapfile`, `readarray`, `local`, `typeset`): text read from a file, not commands judged; which word is a shell or a quoting printer comes from programs/",
  'src/paths/glob-bracket.ts':
    'the shells (`bash`, `zsh`, `dash`) whose reading of a bracket expression a glob is matched with, not the programs',
  'src/evaluate/hook-runner-keys.ts': 'package.json keys that hold git hooks (`lint-staged`, `husky`, `pre-commit`), not the programs',
  'src/shell/syntax/lexer.ts': "bash's reserved words (`time`, `[[`), syntax rather than programs",
  'src/cli/hook-loader.ts':
    "bash's reserved words (`for`, `case`, `[[`) in the hook's test for syntax that needs the shell parser, not programs",
  'src/checkpoints/checkpoints.ts': 'fields of a checkpoint (`id`, `time`)',
  'src/checkpoints/index-document.ts': 'fields of a checkpoint index (`id`, `time`)',
  'src/checkpoints/node.ts': 'the file-system calls of a checkpoint store (`readlink`, `chmod`)',
  'src/node/file-in-place.ts': 'the file-system calls of a file-system view (`stat`, `readlink`, `mkdir`, `chmod`)',
  'src/diff/generate.ts': '`cat` and `touch` as sample calls `toolgate diff` decides for a path, not a table of what they do',
  'src/powershell/effects.ts': "PowerShell's provider drives (`env:`, `alias:`)",
  'src/lint/rules.ts': 'top-level directories of a root path (`/opt`, `/private`), not programs',
  'src/powershell/reader.ts': "PowerShell's keywords (`exit`, `return`, `trap`, `parallel`) and scopes (`script:`, `local:`)",
  'src/serve/anchor.ts': 'fields of the audit anchor (`seq`, `hash`)',
  'src/store/memory.ts': 'columns of the store (`seq`, `hash`)',
  'src/store/postgres/store.ts': 'columns of the store (`seq`, `hash`)',
  'src/store/sqlite/rows.ts': 'columns of the store (`hash`)',
  'src/store/sqlite/store.ts': 'columns of the store (`seq`, `hash`)',
  'src/store/verify.ts': 'fields of the audit chain (`seq`, `hash`)',
  'src/evaluate/path-rule-index.ts': 'fields of a trie node (`next`, `at`), not programs',
  'src/lint/samples.ts': 'sample Bash calls the lint tries rules on (`ls`, `make`), not a table of what they do',
  'src/evaluate/own-files.ts': 'file extensions of scripts (`.sh`, `.bash`, `.zsh`), not the shells',
  'src/settings/schema.ts': "a command hook's `shell` setting (`bash`, `powershell`), the kinds Claude Code names",
};

/**
 * Files that still hold a table of programs, to move into programs/ (found since the tables check
 * reads regexes and the names toolgate knows only as opaque): a file that no longer holds one
 * fails the test.
 */
const STILL_TO_MOVE: Readonly<Record<string, string>> = {};

/** The program names toolgate's tables know. */
function programNames(): Set<string> {
  const set = new Set<string>([
    ...names,
    ...Object.keys(CLAUDE_CODE_READ_ONLY),
    ...Object.keys(ROBOTA_READ_ONLY),
    ...Object.keys(WRAPPERS_READ_ONLY),
    ...SHELLS,
    ...NO_FILE_WORDS,
  ]);
  // Builtins whose names are also words of toolgate's own vocabulary (an effect's op, a syntax node).
  for (const word of ['read', 'set', 'type', 'help', 'command', ':', 'true', 'false']) set.delete(word);
  return set;
}

/** Each module of src/ parsed once for this file's tests: three of them walk every module. */
const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (source === undefined)
    parsed.set(file, (source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)));
  return source;
}

/** The program names a file's tables hold. */
function tableNames(file: string, known: ReadonlySet<string>): Set<string> {
  return tableNamesIn(sourceOf(file), known);
}

/** The words `text.split(SEP)` or `text.match(/RE/g)` gives, when `call` is that call with a literal argument. */
function ownWords(text: string, call: ts.Node): string[] {
  if (!ts.isCallExpression(call) || call.arguments.length === 0) return [];
  const arg = call.arguments[0]!;
  const method = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : '';
  let separator: string | RegExp | undefined;
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) separator = arg.text;
  else if (ts.isRegularExpressionLiteral(arg)) {
    const end = arg.text.lastIndexOf('/');
    separator = new RegExp(arg.text.slice(1, end), arg.text.slice(end + 1));
  }
  if (separator === undefined) return [];
  if (method === 'split') return text.split(separator);
  return separator instanceof RegExp && separator.global ? (text.match(separator) ?? []) : [];
}

/** The program names the tables of a module's source text hold. */
function tableNamesIn(source: ts.SourceFile, known: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const text = (n: ts.Node): string | undefined =>
    ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isIdentifier(n) ? n.text : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isSwitchStatement(node)) {
      const hits = node.caseBlock.clauses.flatMap((c) =>
        ts.isCaseClause(c) && text(c.expression) !== undefined && known.has(text(c.expression)!) ? [text(c.expression)!] : [],
      );
      if (hits.length >= 2) for (const t of hits) out.add(t);
    } else if (ts.isArrayLiteralExpression(node)) {
      const hits = node.elements.flatMap((e) => (ts.isStringLiteral(e) && known.has(e.text) ? [e.text] : []));
      if (hits.length >= 2) for (const t of hits) out.add(t);
    } else if (ts.isRegularExpressionLiteral(node)) {
      // A regex of alternatives (`/^(npm run|yarn|make)\b/`): the program names its branches start with.
      const branches = node.text.slice(1, node.text.lastIndexOf('/')).split('|');
      const hits = branches.flatMap((b) => {
        const word = b.replace(/^(?:\^|\(\?:|\(|\\b)+/, '').split(/[\s)$\\]/)[0] ?? '';
        return known.has(word) ? [word] : [];
      });
      if (hits.length >= 2) for (const t of hits) out.add(t);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      ts.isPropertyAccessExpression(node.parent) &&
      node.parent.expression === node &&
      (node.parent.name.text === 'split' || node.parent.name.text === 'match')
    ) {
      // A word list split into a table (`'grep sed awk'.split(' ')`, `'ptx:tsort'.split(':')`,
      // `'grep sed'.match(/\S+/g)`): the words the call itself gives, and those between any usual separator.
      const hits = [...new Set([...ownWords(node.text, node.parent.parent), ...node.text.split(/[\s,|:;]+/)])].filter((w) => known.has(w));
      if (hits.length >= 2) for (const t of hits) out.add(t);
    } else if (ts.isObjectLiteralExpression(node)) {
      const hits = node.properties.flatMap((p) =>
        ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && known.has(p.name.text)
          ? [p.name.text]
          : [],
      );
      if (hits.length >= 2) for (const t of hits) out.add(t);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('tables of programs outside programs/', () => {
  const known = programNames();
  const held = new Map<string, Set<string>>();
  for (const file of files(SRC)) {
    const found = tableNames(file, known);
    if (found.size > 0) held.set(relative(ROOT, file).split('\\').join('/'), found);
  }

  it('are none: only words that name something else there', () => {
    const unlisted = [...held.keys()]
      .filter((f) => OTHER_VOCABULARY[f] === undefined && STILL_TO_MOVE[f] === undefined)
      .map((f) => `${f}: ${[...held.get(f)!].join(' ')}`);
    expect(unlisted).toEqual([]);
  });

  it('are seen in every form: switch, array, object, regex, a split or matched word list', () => {
    const found = (text: string) => [...tableNamesIn(ts.createSourceFile('t.ts', text, ts.ScriptTarget.Latest, true), known)].sort();
    expect(found("const T = 'grep sed awk'.split(' ');")).toEqual(['awk', 'grep', 'sed']);
    expect(found('const T = `grep  sed`.split(/\\s+/);')).toEqual(['grep', 'sed']);
    expect(found("const T = 'ptx:tsort:grep'.split(':');")).toEqual(['grep', 'ptx', 'tsort']);
    expect(found("const T = 'grep;sed'.split(';');")).toEqual(['grep', 'sed']);
    expect(found("const T = 'grep sed awk'.match(/\\S+/g);")).toEqual(['awk', 'grep', 'sed']);
    expect(found("const T = ['grep', 'sed'];")).toEqual(['grep', 'sed']);
    expect(found('const T = { grep: 1, sed: 2 };')).toEqual(['grep', 'sed']);
    expect(found('const T = /^(grep|sed)\\b/;')).toEqual(['grep', 'sed']);
    expect(found("const sample = 'git grep TODO';")).toEqual([]);
  });

  it('list no file that no longer holds one', () => {
    expect(Object.keys({ ...OTHER_VOCABULARY, ...STILL_TO_MOVE }).filter((f) => !held.has(f))).toEqual([]);
  });

  it('name no program that has a model', () => {
    const moved = new Set(names);
    const stray = [...held].flatMap(([f, found]) =>
      [...found]
        .filter((n) => moved.has(n) && !ALLOWED[`${f}:${n}`] && OTHER_VOCABULARY[f] === undefined && STILL_TO_MOVE[f] === undefined)
        .map((n) => `${f}:${n}`),
    );
    expect(stray).toEqual([]);
  });
});

/** The regular-expression literals of a file (where a private reader of a grammar would hide). */
function regexLiterals(file: string): string[] {
  const source = sourceOf(file);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('ssh_config lines have one reader', () => {
  it('no regex outside programs/ssh-options.ts reads a keyword whose value ssh runs or includes', () => {
    // `sshConfigLines` reads them as ssh does (quotes, `#` comments, Match criteria); a second
    // reader drifts (sourced-files.ts had its own, which missed `Match host exec exec FILE`).
    const stray = files(SRC).flatMap((f) =>
      regexLiterals(f)
        .filter((r) => /proxycommand|localcommand|knownhostscommand|match\\s.*exec|\^\\s\*include/i.test(r))
        .map((r) => `${relative(ROOT, f)}: ${r}`),
    );
    expect(stray).toEqual([]);
  });
});

/** Every `.ts` file under `dir`, the program models' folder too. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? allFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * Files that list variables of the one table for another question, with why (not what a program
 * does with the value: which variables a front end passes on, which move git's repository).
 */
const OTHER_VARIABLE_LISTS: Readonly<Record<string, string>> = {
  'src/evaluate/door/environment.ts': 'which variables a front end passes on to the engine, not what a program does with them',
  'src/shell/programs/git/environment-variables.ts':
    "the variables git's read-only model reads, for the front ends that pass them on (a Read loads no git model)",
};

/** The facets that read the table for every program: they list none of its names themselves. */
const FACET_FILES: readonly string[] = [
  'src/shell/programs/loader-variables.ts',
  'src/shell/programs/environment-values.ts',
  'src/shell/programs/git/runs.ts',
  'src/shell/programs/git/world.ts',
];

describe('variables that name programs have one table', () => {
  // One facet's names: git runs the value, git reads configuration there, a pager, an editor, JVM options.
  const facets = new Map<string, Set<string>>();
  for (const [name, v] of PROGRAM_VARIABLES)
    for (const facet of [v.git && `git:${v.git}`, v.value && `value:${v.value}`, v.loader && 'loader'])
      if (facet) facets.set(facet, (facets.get(facet) ?? new Set()).add(name));

  it('no list outside programs/program-variables.ts holds two names of one facet', () => {
    const stray: string[] = [];
    for (const file of allFiles(SRC)) {
      const rel = relative(ROOT, file).split('\\').join('/');
      if (rel === 'src/shell/programs/program-variables.ts' || OTHER_VARIABLE_LISTS[rel] !== undefined) continue;
      // A program's model lists the variables it reads in its own order (sudo's SUDO_EDITOR, VISUAL,
      // EDITOR; curl's CURL_HOME, XDG_CONFIG_HOME, HOME): its own knowledge, in its one home.
      if (rel.startsWith('src/shell/programs/') && !FACET_FILES.includes(rel)) continue;
      const source = sourceOf(file);
      const visit = (node: ts.Node): void => {
        if (ts.isArrayLiteralExpression(node)) {
          const names = node.elements.flatMap((e) => (ts.isStringLiteral(e) ? [e.text] : []));
          for (const [facet, members] of facets) {
            const hits = names.filter((n) => members.has(n));
            if (hits.length >= 2) stray.push(`${rel}: ${facet} ${hits.join(' ')}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(stray).toEqual([]);
  });

  it('lists no file that no longer lists them', () => {
    for (const f of Object.keys(OTHER_VARIABLE_LISTS)) expect(readFileSync(join(ROOT, f), 'utf8')).toMatch(/'GIT_[A-Z_]+',\s*\n?\s*'GIT_/);
  });
});
