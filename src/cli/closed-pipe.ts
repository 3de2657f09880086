/**
 * What the command line does when the reader of its output goes away (`toolgate grants list |
 * head -c 300`): it stops at once, quietly, with the exit status of a program a closed pipe
 * ended (128 + SIGPIPE), as `yes | head` does — never 0, which would say the command finished.
 * Other errors of the stream stay errors.
 */

/** The exit status of a program ended by a closed pipe: 128 + SIGPIPE (13). */
export const CLOSED_PIPE_EXIT = 141;

/** Make `stream` (standard output) end the process quietly when its reader closes. */
export function exitOnClosedPipe(stream: NodeJS.WriteStream, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') return exit(CLOSED_PIPE_EXIT);
    throw e;
  });
}
