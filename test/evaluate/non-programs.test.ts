/**
 * A path given to a program with no model is the command it starts only where it could run:
 * with a real file system, a directory, a file with no execute bit or a path that is not there
 * (and that the line does not write) is data (`yamllint ./x.yml`), an executable file is a
 * program named by its path (`cpulimit -l 50 ./x.sh`), as are files the line writes or chmods.
 */
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-non-programs-')));
  P = join(root, 'project');
  mkdirSync(join(P, 'src'), { recursive: true });
  writeFileSync(join(P, 'x.yml'), 'a: 1\n');
  writeFileSync(join(P, 'plain.sh'), 'rm -rf src\n');
  writeFileSync(join(P, 'run.sh'), '#!/bin/sh\nrm -rf src\n');
  chmodSync(join(P, 'run.sh'), 0o755);
  chmodSync(join(P, 'plain.sh'), 0o644);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const policy = () =>
  policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Bash(*)'], deny: ['Bash(rm *)'] } } }]);
const decide = (command: string, fs = nodeFsView()) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    { mode: 'default', policy: policy(), cwd: P, home: join(root, 'home'), fs, environment: { values: {}, complete: true } },
  );

describe('a path given to a program with no model', () => {
  for (const c of [
    'mytool ./x.yml',
    'mytool ./src',
    'mytool ./plain.sh',
    'mytool ./missing.sh',
    'mytool --config=./x.yml build',
    'mytool build --out=dist/a.js',
    'mytool -I./src -c./x.yml',
    // A word that expands through $PWD, $HOME or ~ is the path it becomes (replay 22, NEW-U3).
    'mytool $PWD/x.yml',
    'mytool --config="$PWD"/x.yml build',
    'mytool --diff-program=${PWD}/plain.sh',
    'mytool --config=~/missing.sh',
    's6-envdir d ./x.yml',
    's6-envdir d $PWD/src',
    // A pattern naming a path is the files it matches in the view.
    'mytool ./x.y?l',
    'mytool ./x.* build',
  ])
    it(`${c}: the view shows it cannot run, so it is data`, () => {
      expect(decide(c).behavior).toBe('allow');
    });

  for (const c of [
    'mytool ./run.sh',
    'chmod +x plain.sh; mytool ./plain.sh',
    "printf 'rm -rf src' > new.sh; mytool ./new.sh",
    // An option's value names the program the same way (red team 22, NEW-T2).
    'mytool build --diff-program=./run.sh',
    'mytool -c./run.sh',
    // Expanding through $PWD and $HOME, joined or as the option's next word (replay 22, NEW-U3).
    'mytool build --diff-program=$PWD/run.sh',
    'mytool --diff-program "$PWD/run.sh" a b',
    'mytool --diff-program="$PWD"/run.sh',
    'cd src && mytool --diff-program=$PWD/../run.sh',
    // Past the first operand, an executable file the view shows (envdir d ./x.sh).
    's6-envdir d ./run.sh',
    's6-envdir d $PWD/run.sh',
    's6-setlock f ${PWD}/run.sh',
    'mytool --diff-program ./run.s? a b',
    's6-envdir d ./run.*',
  ])
    it(`${c}: a program named by its path, opaque code under a deny rule naming a program`, () => {
      const d = decide(c);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    });

  it('a word that expands to what toolgate cannot tell is read as a path where a program may be named', () => {
    for (const c of [
      'mytool --diff-program=$D/run.sh a b',
      'mytool --diff-program="$(pwd)"/run.sh',
      'mytool $X',
      // A pattern the line may make match a file it writes is not matched against the view.
      "printf 'rm -rf src' > new.sh; chmod +x new.sh; mytool ./new.*",
    ]) {
      const d = decide(c);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    }
    // Past the first operand a bare variable is data, as a literal one the view cannot settle is;
    // a word shaped as a path or worked out by a substitution may name the program (leads24).
    expect(decide('mytool build $X').behavior).toBe('allow');
    for (const c of ['s6-envdir d "$(pwd)"/run.sh', 's6-envdir d `echo run.sh`', 'mytool build $D/run.sh']) {
      const d = decide(c);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
    }
  });

  it('without a view nothing is settled', () => {
    const d = evaluate(
      { tool: 'Bash', input: { command: 'mytool ./x.yml' } },
      { mode: 'default', policy: policy(), cwd: P, home: join(root, 'home'), environment: { values: {}, complete: true } },
    );
    expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
  });
});
