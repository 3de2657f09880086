/** Limits that keep analysis bounded; anything beyond them is reported as unknown. */

/** Longest command analysed (characters). Claude Code docs: commands over 10,000 characters always prompt. */
export const MAX_COMMAND_LENGTH = 10_000;

/** Deepest syntax nesting walked (tree nodes). */
export const MAX_SYNTAX_DEPTH = 200;

/** Deepest nesting of `bash -c '…'` scripts followed. */
export const MAX_NESTED_DEPTH = 5;

/** Most simple commands reported for one command string. */
export const MAX_COMMANDS = 1_000;
