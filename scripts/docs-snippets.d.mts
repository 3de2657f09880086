/** A TypeScript code block of a Markdown file (see docs-snippets.mjs). */
export interface Snippet {
  /** The Markdown file, as given. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** 1-based line of the block's first content line. */
  firstLine: number;
  /** ts, typescript, tsx, mts or cts (lower case). */
  language: string;
  /** Words after the language in the info string. */
  flags: string[];
  /** The block carries `skip-typecheck`. */
  skip: boolean;
  /** The block's text, the fence's indentation removed. */
  code: string;
}
export declare const SKIP_FLAG: 'skip-typecheck';
/** Every TypeScript block of one Markdown text, in order. */
export declare function extractSnippets(file: string, text: string): Snippet[];
