import { describe, expect, it } from 'vitest';
import { changesArgv } from '../../../src/shell/programs/awk-argv.js';
import { awk } from '../../../src/shell/programs/awk.js';

// Each changing form was run with mawk 1.3.4 in a folder holding README.md and .env: it printed
// .env (red team 18 F5 and its addendum); `for (ARGV[1] in a)` is a syntax error there.
describe('an awk program that changes ARGV or ARGC', () => {
  it('is found in every way awk lets a program change them', () => {
    for (const p of [
      'BEGIN{ARGV[1]=".env"} 1',
      'BEGIN{ARGV[1]=".e" "nv"} 1',
      'BEGIN { ARGV [ 1 ] = ".env" } 1',
      'BEGIN{ARGV[ARGC++]=".env"}1',
      'BEGIN{ARGV[2]="/home/user/.ssh/id_rsa";ARGC=3}1',
      'BEGIN{ARGV[1]=ENVIRON["HOME"] "/.ssh/id_rsa"}1',
      '{ARGV[2]=".env"; ARGC=3} 1',
      'BEGIN{ARGV[1]++} 1',
      'BEGIN{ARGC += 1} 1',
      'BEGIN{--ARGC} 1',
      'BEGIN{sub(/README.md/,".env",ARGV[1])} 1',
      'BEGIN{gsub(/R.*/,".env",ARGV[1])} 1',
      'BEGIN{n=split(".env",ARGV); ARGC=2} 1',
      'BEGIN{split(".env", ARGV)} 1',
      'function f(a){a[1]=".env"} BEGIN{f(ARGV)} 1',
      'BEGIN{delete ARGV} 1',
      'BEGIN{delete ARGV[1]} 1',
      'BEGIN{getline ARGV[1] < "n"} 1',
      'BEGIN{a[".env"]; for (ARGC in a) ; ARGV[1]=ARGC; ARGC=2} 1',
      'BEGIN{SYMTAB["ARGC"]=3} 1',
    ])
      expect(changesArgv(p), p).toBeDefined();
  });
  it('is not found where the program only reads them', () => {
    for (const p of [
      '{print $1}',
      'BEGIN{for (i = 1; i < ARGC; i++) print ARGV[i]}',
      'BEGIN{if (ARGC >= 2 && ARGV[1] == "x") print length(ARGV[1])}',
      'BEGIN{for (k in ARGV) n++; print substr(ARGV[1], 2), ARGC != 2}',
      'BEGIN{x = (1 in ARGV) ? toupper(ARGV[1]) : ""}',
      '{ print "ARGV[1]=" $1 }',
    ])
      expect(changesArgv(p), p).toBeUndefined();
  });
  it('leaves the files awk reads unresolved', () => {
    const ops = (line: string[]) =>
      awk.files!(
        'awk',
        line,
        line.map(() => true),
      );
    expect(ops(['awk', 'BEGIN{ARGV[1]=".env"} 1', 'README.md']).unresolved).toEqual([
      'the awk program changes ARGV, so it reads files its words do not name',
    ]);
    expect(ops(['awk', '{print $1}', 'README.md']).unresolved).toEqual([]);
    expect(ops(['awk', '-v', 'n=1', 'NR==n', 'README.md']).unresolved).toEqual([]);
  });
});
