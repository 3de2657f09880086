import { describe, expect, it } from 'vitest';
import { sqliteCodeFiles, sqliteScript } from '../../../src/shell/programs/sqlite3-code.js';

const understood = (code: string): boolean => {
  const named = sqliteCodeFiles(code);
  return named.unseen.length === 0 && named.hiddenReads.length === 0;
};

// The run and write forms were run with sqlite3 3.40.1 (Debian 12) in a throw-away project: each
// removed or wrote .claude (replay 18 of red team 18, NEW-8).
describe('sqlite3 code read by allowlist', () => {
  it('understands everyday dot-commands and SQL', () => {
    for (const code of [
      '.tables',
      '.schema',
      '.schema t',
      '.ta',
      '.mode column',
      '.headers on',
      '.dump',
      '.indexes',
      '.print hello',
      'select * from t',
      'select count(*), max(id), group_concat(name) from t where id in (1, 2) group by name',
      'create table if not exists t(id integer primary key, name varchar(20) default(1), check(id > 0))',
      'create table u(a, foreign key(a) references t(id))',
      'create unique index i on t(name)',
      "insert into t(name) values('a'); update t set name = upper(name); delete from t where id = 1",
      'insert into main.t(name) values(1)',
      'select * from a join b using(id)',
      'with x(n) as (select 1) select n from x',
      'pragma table_info(t)',
      'pragma foreign_keys = on',
      "select json_extract(j, '$.a'), datetime('now') from t",
      'create virtual table f using fts5(a, b)',
      'select cast(a as varchar(10)) from t',
    ])
      expect([code, understood(code)]).toEqual([code, true]);
  });

  it('does not understand dot-commands or SQL off the allowlist', () => {
    for (const code of [
      '.load ./x.so',
      '.excel',
      '.selftest',
      '.session open main x',
      '.testcase x',
      '.xyz',
      '.s x',
      "select load_extension('./x.so')",
      "select sha3_query('select 1')",
      "select fts3_tokenizer('x')",
      "pragma temp_store_directory = '.claude'",
      'create virtual table z using unknownmod(a)',
      "select * from fsdir where path = '.claude'",
      'select * from a join b on foo(1)',
      'frobnicate t',
      "vacuum into 'a' || 'b'",
      '.output -e',
    ])
      expect([code, understood(code)]).toEqual([code, false]);
  });

  it('reads the shell command .shell and .system hand sh -c, as shell.c joins it', () => {
    expect(sqliteCodeFiles('.shell rm -rf .claude').runs).toEqual(['rm -rf .claude']);
    expect(sqliteCodeFiles('.system rm -rf .claude').runs).toEqual(['rm -rf .claude']);
    expect(sqliteCodeFiles('.sh rm -rf .claude').runs).toEqual(['rm -rf .claude']);
    // Verified: `.shell 'a b' c` ran `sh -c '"a b" c'`.
    expect(sqliteCodeFiles(".shell 'a b' c").runs).toEqual(['"a b" c']);
    expect(sqliteCodeFiles(".shell 'echo $(rm -rf .claude)'").runs).toEqual(['"echo $(rm -rf .claude)"']);
    expect(understood('.shell "r\\x6d -rf .claude"')).toBe(false);
  });

  it('reads a |cmd name as the command it runs', () => {
    expect(sqliteCodeFiles('.output "|rm -rf .claude"').runs).toEqual(['rm -rf .claude']);
    expect(sqliteCodeFiles(".once '|rm -rf .claude'").runs).toEqual(['rm -rf .claude']);
    // Verified: `.output |r""m -f notes.txt` ran `sh -c 'r""m -f notes.txt'` (the words after the pipe join it).
    expect(sqliteCodeFiles('.output |r""m -f notes.txt')).toMatchObject({ runs: ['r""m -f notes.txt'], writes: [] });
    expect(sqliteCodeFiles('.o |rm x').runs).toEqual(['rm x']);
    expect(sqliteCodeFiles(".import '|rm -rf .claude' t").runs).toEqual(['rm -rf .claude']);
    const read = sqliteCodeFiles(".read '|cat x.sql'");
    expect(read.runs).toEqual(['cat x.sql']);
    expect(read.unseen.length).toBeGreaterThan(0);
  });

  it("reads edit()'s editor as a command run on a temporary file", () => {
    expect(sqliteCodeFiles('select edit(1, "rm -rf .claude")').runs).toEqual(['rm -rf .claude "temp0000000000000000"']);
    expect(sqliteCodeFiles("select [edit](1, 'rm -rf .claude')").runs).toHaveLength(1);
    // One argument: $VISUAL or $EDITOR (the model's variables).
    expect(sqliteCodeFiles('select edit(name) from t')).toEqual({ reads: [], writes: [], runs: [], unseen: [], hiddenReads: [] });
    expect(understood("select edit(1, 'vi' || 'm')")).toBe(false);
  });

  it('names the files a quoted function name writes', () => {
    expect(sqliteCodeFiles(`select "writefile"('.claude/x', 'x')`).writes).toEqual(['.claude/x']);
    expect(sqliteCodeFiles("select `writefile`('.claude/x', 'x')").writes).toEqual(['.claude/x']);
    expect(sqliteCodeFiles("select WriteFile('.claude/x', 'x')").writes).toEqual(['.claude/x']);
  });

  it('reads a script written on its input as shell.c reads it: dot lines, comments, SQL', () => {
    expect(sqliteScript('.headers on\n# a comment\nselect count(*) from t;\n')).toEqual({
      reads: [],
      writes: [],
      runs: [],
      unseen: [],
      hiddenReads: [],
    });
    expect(sqliteScript('.output .claude/settings.json\nselect 1;\n').writes).toEqual(['.claude/settings.json']);
    // A command it runs from its input is not judged as a script here: a write toolgate cannot see.
    expect(sqliteScript('.shell rm -rf .claude\n').unseen).toHaveLength(1);
    // Verified: with SQL pending a `.` line is SQL (`select t` + `.tables, writefile(…)` wrote .claude/x).
    expect(sqliteScript("select t\n.tables, writefile('.claude/x','y') from t;\n").writes).toEqual(['.claude/x']);
  });
});
