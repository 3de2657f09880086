/**
 * The file effects of each program family, as shellPathEffects reports them: `op path` plus
 * `[all]`/`[some]` for a directory taken whole, `(assumed)` for an unmodelled program's word,
 * `(history)` for git's index or history.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareShell } from '../../../../src/shell/index.js';
import { effectsText as show } from '../../effects-text.js';

beforeAll(async () => {
  await prepareShell();
});

describe('file effects per program', () => {
  it.each([
    // searchers
    ['grep -r x', ['read . [all]']],
    ['grep -rn x src lib', ['read ./src [all]', 'read ./lib [all]']],
    ['grep --directories=rec x src', ['read ./src [all]']],
    ['grep -e x a', ['read ./a']],
    ['rg TODO', ['read . [all]']],
    ['rg -e x src', ['read ./src [all]']],
    ['rgrep x ~', ['read /home/user [all]']],
    ['ag x', ['read . [all]']],
    // copiers and movers
    ['cp -r src dst', ['write ./dst [some]', 'read ./src [all]', 'write ./dst/src [some]']],
    ['cp --target=secrets a', ['write ./secrets', 'read ./a', 'write ./secrets/a']],
    ['cp --t=secrets a', ['write ./secrets', 'read ./a', 'write ./secrets/a']],
    // The backup of the destination it replaces (b, or b/a when b is a directory) is read and
    // written under a suffix the environment may choose (SIMPLE_BACKUP_SUFFIX, VERSION_CONTROL).
    ['cp --backup a b', ['write ./b', 'read ./a', 'write ./b/a', 'read ./b', 'write ./b*', 'read ./b/a', 'write ./b/a*']],
    ['cp --suffix a b', ['read ./b', 'write ./b']],
    ['mv a b', ['write ./b [some]', 'read ./a [all]', 'remove ./a', 'write ./b/a [some]']],
    ['mv -Z .env out', ['write ./out [some]', 'read ./.env [all]', 'remove ./.env', 'write ./out/.env [some]']],
    ['rename s/a/b/ x', ['write . [some]', 'remove ./s/a/b', 'remove ./x']],
    // text tools
    ["sed '1!w out' in", ['write ./out', 'read ./in']],
    ['sed -i.bak s/a/b/ f', ['write ./f', 'write ./f.bak']],
    ['sort --out=o i', ['write ./o', 'read ./i']],
    ['xxd -ps in out', ['read ./in', 'write ./out']],
    ['xxd -c 8 in', ['read ./in']],
    ['split -b 4 in secrets/p', ['read ./in', 'write ./secrets/p*']],
    ['csplit -f pre in 2', ['write ./pre*', 'read ./in']],
    ['shuf -o out in', ['write ./out', 'read ./in']],
    ["awk -i inplace '{print}' f", ['write ./f']],
    ['awk \'{print > "o.txt"}\' in', ['write ./o.txt', 'read ./in']],
    // archives
    ['tar czf out.tgz src', ['write ./out.tgz', 'read ./src [all]']],
    ['tar -C ~ -xf a.tar', ['read ./a.tar', 'write /home/user [some]']],
    ['zip -r out.zip .', ['write ./out.zip', 'write ./out.zip.zip', 'read . [all]']],
    ['unzip a.zip -d out', ['read ./a.zip', 'write ./out [some]']],
    ['gzip f', ['read ./f', 'remove ./f', 'write ./f.gz']],
    ['gzip -c f', ['read ./f']],
    // git
    [
      'git show HEAD:.env',
      ['read ./.env (history)', 'read /home/user/.env (history)', 'read /home/.env (history)', 'read /.env (history)'],
    ],
    ['git show HEAD:./src/a.ts', ['read ./src/a.ts (history)']],
    ['git add -f .env', ['read ./.env']],
    ['git checkout -- secrets', ['write ./secrets [all]']],
    ['git checkout main', ['write . [some]']],
    ['git checkout -b feature', []],
    ['git status', []],
    ['git clean -fdx build', ['remove ./build']],
    ['git init -q sub', ['write ./sub', 'write ./sub/.git [some]']],
    ['git -C sub init', ['read ./sub', 'write ./sub/.git [some]']],
    ['git clone https://x/y.git', ['write ./y [some]', 'write ./y/.git [some]']],
    ['git worktree add ../wt', ['write /home/user/wt [some]']],
    // The archive holds every file of HEAD's tree: the tracked files of the whole work tree (decision 0082).
    ['git archive -o out.tar HEAD', ['write ./out.tar', 'read . [all]']],
    ['git remote add o /tmp/x', ['write ./.git/config', 'read /tmp/x']],
    ['git branch -m new', ['write ./.git/config']],
    ['git remote -v', []],
    // partly modelled
    ['npm --prefix sub install', ['write ./sub [some]']],
    ['python3 -m venv .venv', ['write ./.venv [some]']],
    ["perl -pi -e 's/a/b/' f.txt", ['write ./f.txt (word)']],
    ["perl -pi -e 's/a/b/' .git/config", ['write ./.git/config (path)']],
    ["python3 -c 'print(1)' data/x.csv", ['write ./data/x.csv (path)']],
    // unmodelled
    ['rcp ~/.ssh/id_rsa host:', ['write /home/user/.ssh/id_rsa (path)', 'write ./host: (word)', 'write ./host (word)']],
    // scp has a model: the local source is read, host: is on the other machine (a `~` word is one
    // operand, so it cannot land in the output slot; `$X` may split or vanish and so may)
    ['scp ~/.ssh/id_rsa host:', ['read /home/user/.ssh/id_rsa']],
    ['scp $X ~/.ssh/id_rsa host:', ['read ./$X', 'write ./$X', 'read /home/user/.ssh/id_rsa', 'write /home/user/.ssh/id_rsa']],
    ['mytool --out=secrets/x -o/tmp/y', ['write ./secrets/x (path)', 'write /tmp/y (path)']],
    ['docker build .', ['write ./build (word)', 'write . [some] (path)']],
    // a path after a further `=` or in a `,` list of a value (rustc, red team 19 R19-7)
    // (`NAME=VALUE` words are also read as the pair a program may take: the `read … (word)` rows)
    [
      'mytool --emit=link=out/x a.rs',
      ['write ./link=out/x (path)', 'write ./out/x (path)', 'write ./a.rs (word)', 'read ./link (word)', 'read ./out/x (word)'],
    ],
    [
      'mytool -C link-arg=-Wl,-Map=m/x.txt',
      [
        'write ./link-arg=-Wl,-Map=m/x.txt (path)',
        'write ./-Wl (word)',
        'write ./-Map=m/x.txt (path)',
        'write ./m/x.txt (path)',
        'write ./-Wl,-Map=m/x.txt (path)',
        'read ./link-arg (word)',
        'read ./m/x.txt (word)',
      ],
    ],
    ['openssl base64 -in .env', ['write ./base64 (word)', 'write ./.env (path)']],
    [
      'aria2c FILE://localhost/home/user/project/%2eenv',
      ['write ./FILE:/localhost/home/user/project/%2eenv (path)', 'write ./.env (path)'],
    ],
    ['aria2c "file://$PWD/.env"', ['write ./file:/home/user/project/.env (path)', 'write ./.env (path)']],
    // readers
    ['diff -N . src', ['read . [all]', 'read ./src [all]']],
    // bash builtins
    ['history -r .env', ['read ./.env']],
    ['history -w out', ['write ./out']],
    ['history -a', ['write /home/user/.bash_history']],
    // no files
    ['echo .env > /dev/null', []],
    ['history 5', []],
    ['history -s .env', []],
  ] as const)('%s', (command, expected) => {
    expect(show(command)).toEqual(expected);
  });
});
