/** A report as compared: chunk names replaced, each run of consecutive forgotten-export comment lines sorted. */
export function normalizeReport(text: string): string;
/** Whether two reports differ in more than the bundler's chunk names, their order and line endings; a missing one differs. */
export function reportsDiffer(a: string | undefined, b: string | undefined): boolean;
