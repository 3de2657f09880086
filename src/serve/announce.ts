/** A parked ask as announced. */
export interface Announced {
  id: string;
  tool: string;
}

/** What {@link announcer} is given. */
export interface AnnouncerOptions {
  /** The caller's own announce (`ServeOptions.announce`): given every line with its code. */
  announce?: (line: string) => void;
  /** Whether standard error is a terminal (`process.stderr.isTTY`). */
  terminal: boolean;
  /** Print the codes even when standard error is not a terminal (`--print-answer-codes`). */
  printCodes: boolean;
  /** Standard error, one line at a time. */
  write: (line: string) => void;
}

/**
 * How serve announces each parked ask. The one-time answer code goes to standard error only when
 * that is a terminal — a person's, which the agent does not see. Redirected to a file or a journal
 * (`serve 2>serve.err`, systemd), it is a log the agent's user may read (`cat serve.err`,
 * `journalctl`): the line then says the code is on the approval page, unless the person asks for
 * the codes there anyway. A caller's own announce gets every code (it chose where they go).
 */
export function announcer(o: AnnouncerOptions): (ask: Announced, code: string) => void {
  const own = o.announce;
  if (own !== undefined) return (ask, code) => own(`toolgate serve: ask ${ask.id} waits (${ask.tool}); its answer code is ${code}`);
  if (o.terminal || o.printCodes)
    return (ask, code) => o.write(`toolgate serve: ask ${ask.id} waits (${ask.tool}); its answer code is ${code}`);
  return (ask) =>
    o.write(
      `toolgate serve: ask ${ask.id} waits (${ask.tool}); its answer code is on the approval page (standard error is not a terminal)`,
    );
}
