/**
 * What git reads and writes in the working tree: staging and stashing read it whole, plumbing
 * that checks out a tree writes it whole, and everyday subcommands keep their narrow effects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell, shellPathEffects } from '../../../../src/shell/index.js';
import { gitOperands } from '../../../../src/shell/programs/git/files.js';
import { effectsText as show } from '../../effects-text.js';

beforeAll(async () => {
  await prepareShell();
});

describe('git reads the working tree it stages', () => {
  it.each([
    ['git add -A', ['read . [all]']],
    ['git add --all', ['read . [all]']],
    ['git add -u', ['read . [all]']],
    ['git add .', ['read . [all]']],
    ['git add src', ['read ./src [all]']],
    ['git add src/', ['read ./src [all]']],
    ['git -C /tmp/st add -A', ['read /tmp/st', 'read /tmp/st [all]']],
    ['git -C /tmp/st add .', ['read /tmp/st', 'read /tmp/st [all]']],
    ['git commit -am x', ['read . [all]']],
    ['git commit --all -m x', ['read . [all]']],
    ['git commit -m x src', ['read ./src [all]']],
    ['git stash', ['write . [some]', 'read . [all]']],
    ['git stash push -u', ['write . [some]', 'read . [all]']],
  ])('%s', (command, effects) => {
    expect(show(command)).toEqual(effects);
  });

  it.each([
    // A word that looks like a file is read as one (a regular file holds only itself).
    ['git add src/a.js', ['read ./src/a.js']],
    ['git add -f .env', ['read ./.env']],
    // Listing names stages nothing.
    ['git add -n .', ['read .']],
    ['git add -n -A', ['read .']],
    ['git add', []],
    ['git commit -m x', []],
    ['git status', []],
    ['git log --oneline', []],
    ['git stash pop', ['write . [some]']],
    ['git stash list', []],
  ])('%s stays narrow', (command, effects) => {
    expect(show(command)).toEqual(effects);
  });
});

describe('GIT_ICASE_PATHSPECS in the environment git inherits (#37)', () => {
  const effects = (command: string, environment?: { values: Record<string, string | null>; complete: true }) =>
    shellPathEffects(analyzeShell(command), {
      cwd: '/p',
      home: '/h',
      platform: 'linux',
      cdPath: null,
      ...(environment ? { environment } : {}),
    }).effects.map((e) => `${e.op} ${e.path}${e.tree ? ` [${e.tree}]` : ''}`);

  it('set, or not known to be unset: a pathspec may name any file of the tree in another case', () => {
    expect(effects('git add .ENV')).toEqual(['read /p/.ENV', 'read /p [all]']);
    expect(effects('git add .ENV', { values: { GIT_ICASE_PATHSPECS: '1' }, complete: true })).toEqual(['read /p/.ENV', 'read /p [all]']);
    expect(effects('git add .ENV', { values: { GIT_ICASE_PATHSPECS: 'bogus' }, complete: true })).toEqual([
      'read /p/.ENV',
      'read /p [all]',
    ]);
  });

  it('known unset or false (git reads it as a boolean): the pathspec by its case only', () => {
    for (const v of [null, '0', 'false', 'no', 'off'])
      expect(effects('git add .ENV', { values: { GIT_ICASE_PATHSPECS: v }, complete: true })).toEqual(['read /p/.ENV']);
    expect(effects('git add .ENV', { values: {}, complete: true })).toEqual(['read /p/.ENV']);
  });

  it("the command's own assignment wins over the inherited value", () => {
    expect(effects('GIT_ICASE_PATHSPECS=0 git add .ENV')).toEqual(['read /p/.ENV']);
    expect(effects('GIT_ICASE_PATHSPECS=1 git add .ENV', { values: {}, complete: true })).toEqual(['read /p/.ENV', 'read /p [all]']);
  });

  it('a subcommand that takes no pathspecs is unchanged', () => {
    expect(effects('git push origin feature/x')).toEqual(effects('git push origin feature/x', { values: {}, complete: true }));
  });
});

describe('git writes the working tree it checks a tree out into', () => {
  it.each([
    ['git read-tree -u --reset FETCH_HEAD', ['write . [some]']],
    ['git read-tree -m -u HEAD FETCH_HEAD', ['write . [some]']],
    ['git -C /tmp/st read-tree -u --reset FETCH_HEAD', ['read /tmp/st', 'write /tmp/st [some]']],
    ['git checkout-index -a -f', ['write . [some]']],
    ['git checkout-index --all', ['write . [some]']],
    ['git checkout-index -f -- src/a.js', ['write ./src/a.js']],
    ['git checkout-index -a --prefix=out/', ['read . [all]', 'write ./out [some]']],
  ])('%s', (command, effects) => {
    expect(show(command)).toEqual(effects);
  });

  it('git checkout-index --temp and git unpack-file write a new .merge_file_XXXXXX at the top of the work tree', () => {
    // The top is the cwd or a folder above it (git 2.39; inside .git, the folder it runs in).
    const top = ['write ./.merge_file_??????', 'write /home/user/.merge_file_??????'];
    const writes = (command: string) => show(command).filter((e) => e.startsWith('write'));
    expect(writes('git checkout-index --temp -a').slice(0, 2)).toEqual(top);
    // --temp is checkout-index's own option (not --template): the entries' own paths are not written.
    expect(writes('git checkout-index --temp .claude/settings.json').slice(0, 2)).toEqual(top);
    // What it copies there is read: the entries named, or with -a/--stdin every tracked file (red team 13 V2).
    expect(show('git checkout-index --temp .env')).toContain('read ./.env [all]');
    expect(show('git checkout-index --temp -a')).toContain('read . [all]');
    expect(show('git checkout-index --temp --stdin')).toContain('read . [all]');
    expect(
      show('git unpack-file 0123abcd')
        .filter((e) => e.startsWith('write'))
        .slice(0, 2),
    ).toEqual(top);
    // What it copies there is read as git show reads it: the blob by its path, an id as any tracked file.
    expect(show('git unpack-file HEAD:.env')).toContain('read ./.env (history)');
    expect(show('git unpack-file 0123abcd').filter((e) => e.startsWith('read'))).toHaveLength(1);
    expect(show('git -C .git/hooks unpack-file 0123abcd')).toContain('write ./.git/hooks/.merge_file_??????');
    expect(show('git checkout-index -a --prefix .claude/')).toEqual(['read . [all]', 'write ./.claude [some]']);
  });

  it('git read-tree without -u changes only the index', () => {
    expect(show('git read-tree FETCH_HEAD')).toEqual([]);
    expect(show('git read-tree --empty')).toEqual([]);
  });

  it('names the whole-tree writes as coming from a tree toolgate does not read', () => {
    for (const argv of [
      ['git', 'read-tree', '-u', '--reset', 'X'],
      ['git', 'checkout-index', '-a', '-f'],
    ]) {
      const tree = gitOperands(argv).files.find((f) => f.op === 'write');
      expect(tree?.names).toEqual({ kind: 'unseen', what: 'git-tree' });
      expect(gitOperands(argv).modelled).toBeUndefined();
    }
  });
});

describe('variables that move the tree git works on', () => {
  const unresolved = (command: string) =>
    shellPathEffects(analyzeShell(command), { cwd: '/home/user/project', home: '/home/user', platform: 'linux', cdPath: null }).unresolved;
  it.each([
    'GIT_WORK_TREE=/tmp/st git add -A',
    'GIT_DIR=/tmp/g/.git git checkout-index -a -f',
    'GIT_INDEX_FILE=/tmp/i git read-tree -u HEAD',
    'env GIT_WORK_TREE=/tmp/st git add .',
  ])('%s leaves its files unresolved', (command) => {
    expect(unresolved(command).some((w) => / moves the tree or repository git works on/.test(w))).toBe(true);
  });
  it.each(['git add -A', 'GIT_PAGER=cat git log', 'GIT_WORK_TREE=/tmp/st ls'])('%s does not', (command) => {
    expect(unresolved(command).filter((w) => / moves the tree or repository/.test(w))).toEqual([]);
  });
});

describe("a subcommand's words are read with its grammar", () => {
  it('a word git refuses against the full option list leaves the command partly modelled', () => {
    // git 2.39: `git log --oneline#` fails (unrecognized argument); another git may take it.
    expect(gitOperands(['git', 'log', '--oneline#']).modelled).toBe('partly');
    expect(gitOperands(['git', 'log', '--oneline']).modelled).toBeUndefined();
    // `git mv --v` is `--verbose`, an abbreviation of mv's own options.
    expect(gitOperands(['git', 'mv', '--v', 'a', 'b']).modelled).toBeUndefined();
  });

  it('a subcommand with no list of its own reads an option it lacks as a flag', () => {
    // `gc` lists no long options: the shared ones are not all of its, so nothing is refused.
    expect(gitOperands(['git', 'gc', '--aggressive']).modelled).toBe(gitOperands(['git', 'gc']).modelled);
  });

  it('letters an entry does not list are flags, after the subcommand as before it', () => {
    expect(show('git commit -am x')).toEqual(['read . [all]']);
    expect(show('git diff -M90% -- a.txt')).toEqual(show('git diff -M -- a.txt'));
  });
});

describe("git grep's -O takes its program only joined, spaces and all (replay 23 RP23-V7)", () => {
  it.each([
    ["git grep -O'sh x.sh' hello", ['write . [some]', 'read . [all]']],
    ["git grep -iO'xargs rm -f' hello", ['write . [some]', 'read . [all]']],
    ['git grep -O hello', ['write . [some]', 'read . [all]']],
    // Without -O nothing is opened; `-O hello` is -O then the pattern.
    ['git grep -n hello', ['read . [all]']],
  ])('%s', (command, effects) => {
    expect(show(command)).toEqual(effects);
  });
});
