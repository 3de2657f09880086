/**
 * The simple commands a hook's or git hook's text runs, read by the engine's shell analysis
 * (decision 0136). Each form was run for real (bash 5.2, dash, git 2.39.5 commit, strace).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { assignedEntries, readCommands, withKnownValues } from '../../src/evaluate/command-steps.js';

const P = '/home/user/project';
const world = { cwd: P, home: '/home/user', projectDir: P, top: P, shell: 'bash' as const };

beforeAll(async () => {
  await prepare();
});

describe('withKnownValues', () => {
  it('puts in the project folder, the home folder and a variable the text assigns one plain value', () => {
    expect(withKnownValues('cd "$CLAUDE_PROJECT_DIR/scripts" && sh s.sh', world)).toBe(`cd "${P}/scripts" && sh s.sh`);
    expect(withKnownValues('S=scripts/x.sh\n"${S}" a', world)).toBe('S=scripts/x.sh\n"scripts/x.sh" a');
    expect(withKnownValues('$HOME/bin/s.sh', world)).toBe('/home/user/bin/s.sh');
  });

  it('leaves single quotes, escapes, values it cannot settle and values that are not plain', () => {
    expect(withKnownValues("echo '$HOME' \\$HOME", world)).toBe("echo '$HOME' \\$HOME");
    expect(withKnownValues('S=a; S=b; $S', world)).toBe('S=a; S=b; $S');
    expect(withKnownValues('for S in a b; do $S; done', world)).toBe('for S in a b; do $S; done');
    expect(withKnownValues('S="a b"; $S', world)).toBe('S="a b"; $S');
    expect(withKnownValues('$HOOKS/x.sh', world)).toBe('$HOOKS/x.sh');
  });

  it("puts a script's own folder and the work tree's top in", () => {
    const hook = { ...world, scriptDir: `${P}/.git/hooks` };
    expect(withKnownValues('cd "$(dirname "$0")/../.." && ./x.sh', hook)).toBe(`cd "${P}/.git/hooks/../.." && ./x.sh`);
    expect(withKnownValues('"${0%/*}"/x.sh', hook)).toBe(`"${P}/.git/hooks"/x.sh`);
    expect(withKnownValues('cd "$(git rev-parse --show-toplevel)"', hook)).toBe(`cd "${P}"`);
  });
});

describe('readCommands', () => {
  const steps = (text: string) => readCommands(text, world)!.steps.map((s) => [s.words.join(' '), s.dirs.join(',')]);

  it('gives each command the folder the cd and pushd before it left', () => {
    expect(steps('cd scripts && ./s.sh')).toEqual([
      ['cd scripts', P],
      ['./s.sh', `${P}/scripts`],
    ]);
    expect(steps('cd scripts && cd .. && ./s.sh').at(-1)).toEqual(['./s.sh', P]);
    expect(steps(`cd "$CLAUDE_PROJECT_DIR/scripts" && sh s.sh`).at(-1)).toEqual(['sh s.sh', `${P}/scripts`]);
  });

  it('lists what a runner runs, with the command of the text that holds it', () => {
    const read = readCommands('nice -n 5 timeout 60 scripts/x.sh', world)!;
    expect(read.steps.map((s) => s.words.join(' '))).toEqual(['nice -n 5 timeout 60 scripts/x.sh', 'timeout 60 scripts/x.sh', 'scripts/x.sh']);
    expect(read.steps[2]!.top.join(' ')).toBe('nice -n 5 timeout 60 scripts/x.sh');
  });

  it('a folder it cannot tell is the start, as before', () => {
    expect(steps('cd "$HOOKS" && ./s.sh').at(-1)).toEqual(['./s.sh', P]);
  });
});

describe('assignedEntries', () => {
  it("reads each literal folder of a variable's assignments", () => {
    expect(assignedEntries('PYTHONPATH=lib:scripts python3 -m s', 'PYTHONPATH')).toEqual(['lib', 'scripts']);
    expect(assignedEntries('export PATH="./bin:$PATH"; x', 'PATH')).toEqual(['./bin']);
    expect(assignedEntries('MYPATH=x y', 'PATH')).toEqual([]);
  });
});
