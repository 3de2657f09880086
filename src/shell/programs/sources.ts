/** Source citations shared by the program models and the read-only tables. */

/** Claude Code's documented read-only commands. @internal */
export const CC_DOCS = 'Claude Code docs, Configure permissions › Bash (built-in read-only commands)';
/** The Claude Code CLI, observed. @internal */
export const CC_CLI = 'Claude Code CLI 2.1.332, observed (allows it with no rules)';
/** A GNU coreutils manual page. @internal */
export const coreutils = (tool: string): string => `GNU coreutils 9.1 ${tool}(1)`;
