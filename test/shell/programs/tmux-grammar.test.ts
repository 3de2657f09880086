import { describe, expect, it } from 'vitest';
import { TMUX_SHELL_COMMAND_EXAMPLES, tmuxLineCommands, tmuxShellCommand } from '../../../src/shell/programs/tmux-grammar.js';

describe('the shell command a tmux command runs, by the command table', () => {
  it.each(TMUX_SHELL_COMMAND_EXAMPLES)('$line', ({ line, commands }) => {
    expect(tmuxLineCommands(line).map(tmuxShellCommand)).toEqual(commands);
  });
});
