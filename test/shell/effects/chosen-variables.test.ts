import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { chosenVariables } from '../../../src/shell/effects/chosen-variables.js';

beforeAll(async () => {
  await prepareShell();
});

const may = (command: string, name = 'f') => chosenVariables(analyzeShell(command)).mayBeOption(name);

describe('chosenVariables: whether the command may make a variable begin with -', () => {
  it.each([
    'read f < list; sort "$f" x',
    'echo -o | { read f; sort "$f"; }',
    'f=$(cat list); sort "$f"',
    'for f in $(cat list); do sort "$f"; done',
    'for f in *; do sort "$f"; done',
    'for f in -o.claude/x src/*.js; do sort "$f"; done',
    'for f; do sort "$f"; done',
    'select f in a b; do sort "$f"; done',
    'printf -vf %s -o; sort "$f"',
    'printf -v f %s -o; sort "$f"',
    'read -af < list; sort "$f"',
    'getopts o: f; sort "$f"',
    'mapfile f < list; sort "$f"',
    'f=-o.claude/x; sort "$f"',
    'export f=-o; sort "$f"',
    'declare -i f; f=0-1; sort "$f"',
    'f=notes.txt; ((f=0-1)); sort "$f"',
    '(( f = -1 )); sort "$f"',
    'let f=-1; sort "$f"',
    'a[f=-1]=x; sort "$f"',
    'x=${a[f=-1]}; sort "$f"',
    '[[ 1 -eq f=-1 ]]; sort "$f"',
    ': ${f:=-o}; sort "$f"',
    ': ${f=-o}; sort "$f"',
    'f=a; f+=-o; sort "$f"',
    'f=(-o x); sort "$f"',
    'f[0]=-o; sort "$f"',
    'g=-o; f=$g; sort "$f"',
    'declare -n r=f; r=-o; sort "$f"',
    'eval "f=-o"; sort "$f"',
    'source ./vars; sort "$f"',
    'unknownprogram f; sort "$f"',
    'bash -c "read f"; sort "$f"',
    'cat <<EOF\n$(read f)\nEOF\nsort "$f"',
  ])('may: %s', (command) => {
    expect(may(command)).toBe(true);
  });

  it.each([
    ['echo -o; sort "$_" x', '_'],
    ['read; sort "$REPLY"', 'REPLY'],
    ['getopts o: x; sort "$OPTARG"', 'OPTARG'],
    ['[[ -o =~ .* ]]; sort "$BASH_REMATCH"', 'BASH_REMATCH'],
    ['[[ -o =~ .* ]]; sort "$MATCH"', 'MATCH'],
    ['set -- -o; sort "$argv"', 'argv'],
    ['mapfile < list; sort "$MAPFILE"', 'MAPFILE'],
  ])('the shell sets it: %s', (command, name) => {
    expect(may(command, name)).toBe(true);
  });

  it.each([
    'sort "$f" notes.txt',
    'f=notes.txt; sort "$f" x; ls f',
    'f=notes.txt; cat <<EOF\nhi f\nEOF\nsort "$f" x',
    'for f in a.txt b.txt; do sort "$f"; done; echo f',
    'for f in src/*.js; do sort "$f"; done',
    'for f in a.txt src/*.js; do sort "$f" -o out; done',
    'f=; sort "$f"',
    'declare f=notes.txt; sort "$f"',
    'local f; sort "$f"',
    'read g; sort "$f"',
    'printf -v g %s -o; sort "$f"',
    'f=notes.txt; [ -f "$f" ] && sort "$f"',
    'f=notes.txt; x=$((n+1)); sort "$f"',
  ])('may not: %s', (command) => {
    expect(may(command)).toBe(false);
  });
});

describe('chosenVariables: the one wildcard word a loop gives its variable in the body', () => {
  const pattern = (command: string, program: string) => {
    const a = analyzeShell(command);
    const i = a.commands.findIndex((c) => c.argv[0] === program);
    return chosenVariables(a).loopPattern('f', i);
  };
  it('is the word in the body of a loop over it alone', () => {
    expect(pattern('for f in src/*.js; do wc -l "$f"; done', 'wc')).toBe('src/*.js');
    expect(pattern('for f in src/*.js; do cat "$f" | wc -l; done', 'cat')).toBe('src/*.js');
  });
  it('is the word in a body that sources it: the loop sets it again at each turn (fix28-b21)', () => {
    expect(pattern('for f in scripts/*.sh; do . "$f"; done', '.')).toBe('scripts/*.sh');
    expect(pattern('for f in scripts/*.sh; do source "$f"; done', 'source')).toBe('scripts/*.sh');
    expect(pattern('. ./env.sh; for f in scripts/*.sh; do wc -l "$f"; done', 'wc')).toBe('scripts/*.sh');
  });
  it.each([
    ['wc -l "$f"; for f in src/*.js; do :; done', 'wc'],
    ['for f in src/*.js; do :; done; wc -l "$f"', 'wc'],
    ['for f in src/*.js lib/*.js; do wc -l "$f"; done', 'wc'],
    ['for f in src/{a,b}*.js; do wc -l "$f"; done', 'wc'],
    ['for f in *; do wc -l "$f"; done', 'wc'],
    ['for f in src/*.js; do f=x; wc -l "$f"; done', 'wc'],
    ['for f in src/*.js; do read f; wc -l "$f"; done', 'wc'],
    ['bash -c \'for f in src/*.js; do wc -l "$f"; done\'', 'wc'],
    ['for f in scripts/*.sh; do . ./env.sh; wc -l "$f"; done', 'wc'],
    ['for f in scripts/*.sh; do eval "$x"; . "$f"; done', '.'],
    ['for f in scripts/*.sh; do setup; . "$f"; done', '.'],
    ['IFS=/; for f in scripts/*.sh; do . $f; done', '.'],
  ])('is none: %s', (command, program) => {
    expect(pattern(command, program)).toBeUndefined();
  });
});

describe('chosenVariables: a loop word that begins with a wildcard, expanded before the body (decision 0161)', () => {
  const wild = (command: string, program: string) => {
    const a = analyzeShell(command);
    const i = a.commands.findIndex((c) => c.argv[0] === program);
    return chosenVariables(a).loopWildPattern('f', i);
  };
  it('is the word, and the body is where the shell had expanded it', () => {
    expect(wild('for f in *.md; do cp "$f" docs/; done', 'cp')).toEqual({ pattern: '*.md', body: 0 });
    expect(wild('touch x; for f in *; do cp "$f" docs/; done', 'cp')).toEqual({ pattern: '*', body: 1 });
  });
  it('leaves the variable one that may be an option', () => {
    expect(may('for f in *.md; do cp "$f" docs/; done')).toBe(true);
  });
  it.each([
    ['for f in *.md; do f=x; cp "$f" docs/; done', 'cp'],
    ['for f in *.md; do read f; cp "$f" docs/; done', 'cp'],
    ['for f in *.md src/*.md; do cp "$f" docs/; done', 'cp'],
    ['for f in *.md; do :; done; for f in *.txt; do cp "$f" docs/; done', 'cp'],
    ['for f in *.md; do :; done; cp "$f" docs/', 'cp'],
    ['for f in src/*.md; do cp "$f" docs/; done', 'cp'],
    ['for f in $(ls); do cp "$f" docs/; done', 'cp'],
    ['for f in [-]*; do cp "$f" docs/; done', 'cp'],
  ])('is none: %s', (command, program) => {
    expect(wild(command, program)).toBeUndefined();
  });
});
