/**
 * The program text an interpreter's command shows (inline code, a here-document, here-string or
 * echoed text on its input) and what it is read for: the commands it appears to hold, the paths
 * it names (red team 24's replay, RP24-I1/I2).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { codePathWords, shownCode } from '../../../src/shell/programs/interpreter-code.js';
import { embeddedShellStrings } from '../../../src/shell/programs/interpreters.js';

beforeAll(async () => {
  await prepareShell();
});

const first = (command: string) => analyzeShell(command, { shell: 'bash' }).commands[0]!;

describe('shownCode', () => {
  it('takes the words of each interpreter’s inline-code options', () => {
    expect(shownCode('perl', ['perl', '-ne', 'print', 'f'], undefined).texts).toEqual(['print']);
    expect(shownCode('perl', ['perl', "-pe's/a/b/'"], undefined).texts).toEqual(["'s/a/b/'"]);
    expect(shownCode('expect', ['expect', '-c', 'spawn cp a b'], undefined)).toEqual({ texts: ['spawn cp a b'], commands: ['cp a b'] });
    expect(shownCode('rscript', ['Rscript', '-e', 'x'], undefined).texts).toEqual(['x']);
    expect(shownCode('node', ['node', '--eval=x()'], undefined).texts).toEqual(['x()']);
    expect(shownCode('python3.12', ['python3.12', '-c', 'x'], undefined).texts).toEqual(['x']);
    expect(shownCode('mawk', ['mawk', '-F:', 'BEGIN{x}'], undefined).texts).toEqual(['BEGIN{x}']);
    expect(shownCode('ls', ['ls', '-e', 'x'], undefined).texts).toEqual([]);
  });
  it('takes its input as the program only where it reads its program from there', () => {
    // Each ran the here-string as its program (Debian 12: perl 5.36, CPython 3.11, Node 20, ruby 3.1, tclsh 8.6, R 4.2).
    for (const argv of [
      ['python3'],
      ['python3', '-'],
      ['python3', '-W', 'ignore'],
      ['perl'],
      ['node', '-'],
      ['ruby'],
      ['tclsh'],
      ['expect', '-f', '-'],
      ['Rscript', '-'],
    ])
      expect(shownCode(argv[0]!.toLowerCase(), argv, ['CODE']).texts, argv.join(' ')).toEqual(['CODE']);
    // A script, a module or inline code is the program; Rscript with no operand runs nothing.
    for (const argv of [
      ['python3', 'x.py'],
      ['python3', '-m', 'http.server'],
      ['perl', '-e', 'x'],
      ['Rscript'],
      ['awk', '{print}'],
      ['expect', '-f', 'x.exp'],
    ])
      expect(shownCode(argv[0]!.toLowerCase(), argv, ['CODE']).texts, argv.join(' ')).not.toContain('CODE');
  });
});

describe('codePathWords', () => {
  it('lists the words that look like paths, not URLs or bare punctuation', () => {
    expect(codePathWords([`copy(q(x.json), q(.claude/settings.json))`])).toEqual(['.claude/settings.json']);
    expect(codePathWords([`open("~/.bashrc"); os.path.join(".git", "config")`])).toEqual(['~/.bashrc', '.git']);
    expect(codePathWords([`fetch("https://x.test/a"); print(1 / 2); x = a.b`])).toEqual([]);
  });
});

describe('what the analysis records', () => {
  it('reads perl’s quote operators and Tcl’s exec for the commands they hold', () => {
    expect(embeddedShellStrings(['perl', '-e', 'system(q(cp a .claude/settings.json))'])).toEqual(['cp a .claude/settings.json']);
    expect(embeddedShellStrings(['perl', '-e', 'system(qq[rm -rf x])'])).toEqual(['rm -rf x']);
    expect(first(`tclsh <<< 'exec rm -rf ~'`).embeddedShell).toEqual(['rm -rf ~']);
  });
  it('reads the text on an interpreter’s input: here-document, here-string, echo before it', () => {
    expect(first(`python3 <<'EOF'\nimport shutil; shutil.copy('x', '.claude/settings.json')\nEOF`).codePaths).toEqual([
      '.claude/settings.json',
    ]);
    expect(first(`node - <<< 'require("fs").copyFileSync("x", ".claude/settings.json")'`).codePaths).toEqual(['.claude/settings.json']);
    const perl = analyzeShell(`echo 'system(q(cp a .claude/settings.json))' | perl`, { shell: 'bash' }).commands.find(
      (c) => c.argv[0] === 'perl',
    )!;
    expect(perl.embeddedShell).toEqual(['cp a .claude/settings.json']);
    // A script's input is its data, not its program; code that names no path records none.
    expect(first(`python3 x.py <<< '.claude/settings.json'`).codePaths).toBeUndefined();
    expect(first(`python3 -c 'print(1)'`).codePaths).toBeUndefined();
  });
});

describe('inline code that runs its input', () => {
  it('reads the input as code too', () => {
    expect(shownCode('python3', ['python3', '-c', 'import sys; exec(sys.stdin.read())'], ['CODE']).texts).toContain('CODE');
    expect(shownCode('perl', ['perl', '-e', 'eval join "", <STDIN>'], ['CODE']).texts).toContain('CODE');
    // Code that only reads its input as data does not make the data code.
    expect(shownCode('python3', ['python3', '-c', 'import sys, json; print(json.load(sys.stdin))'], ['CODE']).texts).not.toContain('CODE');
  });
});
