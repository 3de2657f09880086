/**
 * The tree-sitter-bash node types that group statements and hand what they hold nothing but the
 * shell's own order: the text's top, lists, compound commands, loops, `if`/`case` and their
 * branches, and subshells. Shared by the parser (`parser.ts`, whose containers add negation,
 * function definitions and pipelines) and the reader of data here-documents (`data-heredocs.ts`,
 * for which a pipeline or a function is no plain parent).
 */

/** Statement groups that pass their statements' output on as the shell does, to the terminal. @internal */
export const STATEMENT_GROUPS: readonly string[] = [
  'program',
  'list',
  'compound_statement',
  'do_group',
  'if_statement',
  'elif_clause',
  'else_clause',
  'while_statement',
  'for_statement',
  'c_style_for_statement',
  'case_statement',
  'case_item',
  'subshell',
];
