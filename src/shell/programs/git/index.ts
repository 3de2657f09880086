/**
 * git: one model. What it knows of each subcommand is one entry of one table, `subcommands.ts`
 * (how its options take values, what it does to the tree, which read-only sets take it and with
 * which options, the configuration it reads that runs programs, the options whose value git
 * runs); the facets in this folder read that table — `global-options.ts` (the options before the
 * subcommand, read by every facet and by rule matching), `files.ts` (what each subcommand reads
 * and writes), `read-only.ts` and `read-only-walk.ts` (the read-only check), `config-reads.ts`
 * and `world.ts` (whether a read-only command stays read-only where it runs), `formats.ts`
 * (output formats that verify signatures), `runs.ts` (programs its configuration runs).
 */
import { defineProgram } from '../model.js';
import { CC_CLI, CC_DOCS } from '../sources.js';
import { gitHiddenOptions, gitOperands, gitPrintsNoOption } from './files.js';
import { withoutGitGlobalOptions } from './global-options.js';
import { gitReadOnly } from './read-only-walk.js';
import { gitProgramText, gitPrograms } from './runs.js';
import { gitSshTransports } from './transports.js';
import { LESS_VARIABLES } from '../pagers.js';

/** The git model. @internal */
export const git = defineProgram({
  names: ['git'],
  summary: 'git: the version control system',
  sources: ['git 2.39 manual pages (git(1), git-config(1), one page per subcommand)', CC_DOCS, CC_CLI],
  skips: 'git reads what it tracks (and, with some options, what is not ignored), which toolgate cannot see',
  files: (_name, argv, literal, variable) => gitOperands(argv, variable, literal),
  hiddenOptions: gitHiddenOptions,
  printsNoOption: gitPrintsNoOption,
  readOnly: {
    claudeCode: {
      git: {
        source: `${CC_DOCS}; ${CC_CLI}; git 2.39 (read-only subcommands in read-only.ts)`,
        operands: 'text',
        globs: false,
        check: 'git',
      },
    },
    robota: { git: { globs: false, check: 'git' } },
  },
  readOnlyCheck: {
    claudeCode: (_name, argv) => gitReadOnly(argv, 'claudeCode'),
    robota: (_name, argv) => gitReadOnly(argv, 'robota'),
    wordsAsWritten: true,
  },
  runs: 'seen',
  runsConfigured: gitPrograms,
  programText: gitProgramText,
  // ssh, for a repository URL on the line that names it (`git clone host:x`).
  transports: (argv) => gitSshTransports(withoutGitGlobalOptions(argv) ?? argv, 1),
  withoutGlobalOptions: (argv) => withoutGitGlobalOptions(argv),
  touchesFilesAsWrapper: true,
  findsRepositoryFromCwd: true,
  // The working tree and repository it reads and writes (git(1) ENVIRONMENT VARIABLES).
  movedBy: ['GIT_WORK_TREE', 'GIT_DIR', 'GIT_COMMON_DIR', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY'],
  // git's default pager is less (git 2.39 pager.c): less runs LESSOPEN on its input when it begins
  // `|-` (verified: `LESSOPEN='|-rm -rf .claude %s' git log` removed .claude under script(1)), and
  // a key file's #env section may set it. The pager variables themselves are judged as commands
  // (runs.ts). `LESS` holds less's options (git sets `LESS=FRX` when it is unset): display flags are
  // inert (`LESS=FRX git log`), a log file is not (verified: `LESS='-O.claude/settings.json' git -p
  // log` overwrote it under script(1), #37 replay of red team 18 NEW-4).
  readsVariables: Object.fromEntries(
    (['LESSOPEN', 'LESSCLOSE', 'LESSKEY', 'LESSKEYIN', 'LESS'] as const).map((k) => [
      k,
      { may: ['code'], what: `${LESS_VARIABLES[k]!.what} (git's default pager is less)` },
    ]),
  ),
  examples: [
    { command: 'git status', effects: [], readOnly: true },
    { command: 'LESS=FRX git log', effects: [], why: "display flags: git's default pager writes nothing" },
    {
      command: "LESS='-O.claude/settings.json' git -p log",
      effects: ['write . [some]'],
      why: 'less -O writes its input to a log file',
    },
    {
      command: 'git diff --stat',
      effects: [],
      readOnly: true,
      why: 'it prints the names of the changed files and counts of their changed lines, no content (decision 0085)',
    },
    {
      command: 'git diff',
      effects: ['read . [all]'],
      readOnly: true,
      why: 'its patch prints the changes of every tracked file (decision 0082): the tracked files of the whole work tree',
    },
    {
      command: 'git show HEAD:.env',
      effects: ['read ./.env (history)', 'read /home/user/.env (history)', 'read /home/.env (history)', 'read /.env (history)'],
      readOnly: true,
      why: 'HEAD:path is relative to the repository root, which may be the cwd or any parent',
    },
    { command: 'git --no-pager log --oneline -5', effects: [], readOnly: true, why: '--no-pager only keeps git from starting its pager' },
    { command: 'git -P diff --stat', effects: [], readOnly: true },
    { command: 'git -p log', effects: [], readOnly: false, why: '-p (--paginate) starts the pager, a program' },
    { command: 'git --no-optional-locks status', effects: [], readOnly: true, why: 'git status then writes no index' },
    { command: 'git status --ignored', effects: [], readOnly: true },
    { command: 'git diff-tree --no-commit-id --name-only -r HEAD', effects: [], readOnly: true },
    { command: 'git diff-tree --ext-diff -p HEAD', effects: ['read . [all]'], readOnly: false, why: '--ext-diff runs diff.external' },
    { command: 'git show-branch --all', effects: [], readOnly: true },
    { command: 'git count-objects -vH', effects: [], readOnly: true },
    { command: 'git check-ignore -v build/x.log', effects: ['read ./build/x.log (status)'], readOnly: true, why: 'it matches the name against the ignore files, never opening it' },
    { command: 'git log --notes', effects: [], readOnly: true, why: 'notes are commits under refs/notes, shown as text' },
    { command: 'git -C sub log', effects: ['read ./sub'], readOnly: false, why: "another directory's configuration and hooks could run" },
    {
      command: "git log --format='%h %G?'",
      effects: [],
      readOnly: false,
      why: 'a %G placeholder verifies each signed commit, which runs gpg.program',
    },
    { command: 'git clean -fdx', effects: ['remove . [some]'], readOnly: false },
    {
      command: 'git add -A',
      effects: ['read . [all]'],
      readOnly: false,
      why: 'it stages every file in the tree, whose content git diff --cached then prints',
    },
    {
      command: 'git read-tree -u --reset FETCH_HEAD',
      effects: ['write . [some]'],
      readOnly: false,
      why: "it writes the fetched tree's files, any names, into the working tree",
    },
  ],
});
