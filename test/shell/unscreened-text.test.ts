/**
 * Shell text in an unmodelled program's arguments that the literal word screen cannot read
 * (decision 0098): a command name or word the text computes, or a command line named by a pattern.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, isShellPrepared, prepareShell } from '../../src/shell/index.js';
import { argumentsToParse, unscreenedArguments, unscreenedShellText } from '../../src/shell/unscreened-text.js';
import { needsShellParser } from '../../src/evaluate/prepare.js';
import type { EvaluationContext } from '../../src/evaluate/context.js';

/** The command of `text` whose program is `name`. */
const commandOf = (text: string, name: string) => analyzeShell(text).commands.find((c) => c.argv[0] === name)!;

describe('before the shell parser is loaded', () => {
  // Test files may share a worker whose parser another file loaded: then nothing is left to load.
  it('a command whose arguments must be parsed asks for the parser, others do not', () => {
    const ctx = { cwd: '/p' } as unknown as EvaluationContext;
    const call = (command: string) => ({ tool: 'Bash', input: { command } });
    expect(needsShellParser(call("foo 'x=r; ${x}m -f notes.txt'"), ctx)).toBe(!isShellPrepared());
    expect(needsShellParser(call("foo --name 'x y'"), ctx)).toBe(false);
    expect(needsShellParser(call("echo '$HOME'"), ctx)).toBe(false);
  });
});

describe('unscreenedShellText', () => {
  beforeAll(async () => {
    await prepareShell();
  });

  it.each([
    ['x=r; ${x}m -f notes.txt', 'command name is not literal'],
    ['$(printf r)m -f x', 'command name is not literal'],
    ['env ${x}m -f n', 'command name is not literal'],
    ['eval "$y"', 'eval'],
    ['a=.e; cat ${a}nv', 'worked out only when it runs'],
    ['/bin/r? -f notes.txt', 'is a pattern'],
  ])('%s cannot be screened (%s)', (text, why) => {
    expect(unscreenedShellText(text)).toContain(why);
  });

  it.each(['x y', 'build', '*.js', '--include=*.js', '.a | .b', '%s: %d', 'a=$1'])('%s runs nothing computed', (text) => {
    expect(unscreenedShellText(text)).toBeUndefined();
  });

  it('reads each literal argument and all of them joined', () => {
    expect(unscreenedArguments(commandOf("mispipe true 'a=.e; cat ${a}nv'", 'mispipe'))).toContain("its argument 'a=.e; cat ${a}nv'");
    expect(unscreenedArguments(commandOf("foo '/bin/r?' -f notes.txt", 'foo'))).toContain('its arguments joined');
    expect(unscreenedArguments(commandOf("foo --name 'x y' src", 'foo'))).toBeUndefined();
    // A word the command line itself works out is the command's own word, judged as its paths.
    expect(unscreenedArguments(commandOf('foo $X -f notes.txt', 'foo'))).toBeUndefined();
    expect(argumentsToParse(commandOf("foo 'x=r; ${x}m'", 'foo'))).toBe(true);
    expect(argumentsToParse(commandOf('foo build src', 'foo'))).toBe(false);
  });
});
