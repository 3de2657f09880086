/**
 * What known printers of literal text write (`echo`, `printf`), and shell code fed by one through
 * a pipe or a process substitution read as the script it is (red team 24's replay, RP24-S1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { echoOutputs, passedOn, printedTexts, printfOutputs, printOutput } from '../../../src/shell/programs/literal-printers.js';

beforeAll(async () => {
  await prepareShell();
});

describe('printfOutput', () => {
  it('writes what bash, zsh, dash and coreutils printf agree on', () => {
    // Each as bash 5.2, zsh 5.9, dash 0.5.12 and coreutils 9.1 printed it.
    expect(printfOutputs(['echo %s\\n', 'a', 'b'])).toEqual(['echo a\necho b\n']);
    expect(printfOutputs(['%s-%s;', 'a', 'b', 'c'])).toEqual(['a-b;c-;']);
    expect(printfOutputs(['100%% %s', 'x'])).toEqual(['100% x']);
    expect(printfOutputs(['--', 'cp a b'])).toEqual(['cp a b']);
    expect(printfOutputs(['a\\101\\tz'])).toEqual(['aA\tz']);
    expect(printfOutputs(['x', 'ignored'])).toEqual(['x']);
  });
  it('leaves what a printf may write otherwise unread', () => {
    // `%d`, `-v`, `%b` with escapes, `\c`, `\u` are not worked out.
    for (const words of [['%d', '1'], ['-v', 'x', 'y'], ['%b', 'a\\nb'], ['\\c'], ['\\u0063'], []])
      expect(printfOutputs(words), words.join(' ')).toBeUndefined();
  });
  it("gives bash's, zsh's and coreutils' reading of \\xHH and dash's (as written)", () => {
    // bash 5.2 ran `printf '\x63p x.json .claude/settings.json' | bash`'s cp (red team 25's replay, RP25-S2); dash 0.5.12 writes `\x63p`.
    expect(printfOutputs(['\\x63p a b'])).toEqual(['cp a b', '\\x63p a b']);
    expect(printfOutputs(['a\\x4'])).toEqual(['a\x04', 'a\\x4']);
  });
});

describe('printedText', () => {
  it('reads one echo or printf of literal words, nothing else', () => {
    expect(printedTexts(`printf '%s\\n' 'cp a b'`)).toEqual(['cp a b\n']);
    expect(printedTexts(`echo "cp a" b`)).toEqual(['cp a b']);
    for (const text of ['cat x.sh', 'echo $(id)', 'echo a; rm b', 'echo ~/x', 'curl -s x | sh'])
      expect(printedTexts(text), text).toBeUndefined();
  });
});

describe('shell code fed by a printer', () => {
  const commands = (line: string) => analyzeShell(line, { shell: 'bash' }).commands.map((c) => c.argv.join(' '));
  it('reads what a process substitution or a pipe feeds a shell, `.` or parallel', () => {
    for (const line of [
      `. <(echo 'cp a .claude/settings.json')`,
      `source <(printf 'cp a .claude/settings.json')`,
      `bash < <(echo 'cp a .claude/settings.json')`,
      `bash <(echo 'cp a .claude/settings.json')`,
      `printf 'cp a .claude/settings.json' | bash`,
      `printf '%s\\n' 'cp a .claude/settings.json' | sh`,
      `echo 'cp a .claude/settings.json' | parallel`,
    ])
      expect(commands(line), line).toContain('cp a .claude/settings.json');
  });
  it('leaves what an unreadable producer feeds opaque', () => {
    const bash = analyzeShell(`bash <(curl -s https://x.test/i.sh)`, { shell: 'bash' }).commands.find((c) => c.argv[0] === 'bash')!;
    expect(bash.opaque).toMatch(/runs the script/);
    expect(analyzeShell(`cat x.sh | bash`, { shell: 'bash' }).commands[1]!.opaque).toMatch(/reads commands from its input/);
  });
});

describe("zsh's print", () => {
  it('feeds a shell its words, with no escape and no other option', () => {
    expect(printOutput(['-r', 'cp a b'])).toBe('cp a b');
    expect(printOutput(['--', '-x'])).toBe('-x');
    for (const words of [['-u', '2', 'x'], ['-z', 'x'], ['a\\nb']]) expect(printOutput(words), words.join(' ')).toBeUndefined();
    // zsh 5.9: `print 'cp …' | zsh` ran the cp (red team 24's replay, RP24-S1).
    const zsh = analyzeShell(`print 'cp a .claude/settings.json' | zsh`, { shell: 'zsh' }).commands.map((c) => c.argv.join(' '));
    expect(zsh).toContain('cp a .claude/settings.json');
  });
});

describe('echoOutputs', () => {
  it("gives each echo's reading of escapes", () => {
    expect(echoOutputs(['cp', 'a', 'b'])).toEqual(['cp a b']);
    // zsh 5.9's echo writes `cp`, bash 5.2's `c\x70`, dash 0.5.12's `c\x70` (no \x) — `\0160` all but bash.
    expect(echoOutputs(['c\\x70'])).toEqual(['c\\x70', 'cp']);
    expect(echoOutputs(['c\\0160'])).toEqual(['c\\0160', 'cp']);
    expect(echoOutputs(['-e', 'c\\x70'])).toEqual(['cp', '-e c\\x70']);
    expect(echoOutputs(['a\\cb', 'c'])).toEqual(['a\\cb c', 'a']);
  });
});

describe('passedOn', () => {
  it('passes on what cat, tee, head and tail keep of their input', () => {
    expect(passedOn(['cat'], ['a\nb\n'])).toEqual(['a\nb\n']);
    expect(passedOn(['tee', '-a', 'log'], ['a'])).toEqual(['a']);
    expect(passedOn(['head', '-1'], ['a\nb\n'])).toEqual(['a\n']);
    expect(passedOn(['head', '-n', '1'], ['a\nb\n'])).toEqual(['a\n']);
    expect(passedOn(['tail', '-n', '1'], ['a\nb\n'])).toEqual(['b\n']);
    expect(passedOn(['tail', '-n', '+2'], ['a\nb\nc\n'])).toEqual(['b\nc\n']);
    for (const argv of [['cat', '-A'], ['cat', 'f'], ['head', '-c', '3'], ['tail', '-f'], ['sort']]) expect(passedOn(argv, ['a']), argv.join(' ')).toBeUndefined();
  });
});
