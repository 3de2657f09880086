/**
 * The here-documents of a shell text that are data: the body of one only a program that copies it
 * out reads (`cat >/dev/null <<'EOF'`, `cat <<EOF`, `: <<'EOF'`), which the shell runs nothing of —
 * but, for an unquoted delimiter, the substitutions in it, which the shell runs as it expands the
 * body (bash 5.2 -i and zsh 5.9 -i, check32 and decision 0166). Read with the grammar, and only
 * where nothing may hand the output to a shell: the command is one that copies its input out or
 * reads none (the caller's to tell: a data reader, `:`) with no operand, its output goes to the terminal, standard error or /dev/null, and it stands in no pipe,
 * substitution, function, redirected compound command or grammar error. Without the parser
 * loaded, none (every line is read as commands, as before).
 */
import type { Node } from 'web-tree-sitter';
import { MAX_SYNTAX_DEPTH } from './limits.js';
import { STATEMENT_GROUPS } from './statement-groups.js';
import { loadedParser } from './tree-sitter-loader.js';

/** One data here-document: its body's lines (0-based, `first` to `last`), and how it is read. */
export interface DataHeredoc {
  first: number;
  last: number;
  /** The delimiter has a quoted part: the body is not expanded. */
  quoted: boolean;
  /** The program that reads it, as a start-up reason names it. */
  program: string;
}

/** Output a copier may write where it sends nothing on: /dev/null, or the terminal's other stream. */
const HARMLESS_REDIRECT = /^(?:[12]?>\s*\/dev\/null|[12]?>&[12])$/;

/**
 * Statements between the copier and the text's top that hand its output to nothing but the
 * terminal: the statement groups alone (a pipeline, a negation or a function is none).
 */
const PLAIN_PARENTS: ReadonlySet<string> = new Set(STATEMENT_GROUPS);

/** The parts a here-document's redirection holds when nothing follows it on its line (no `| sh`, `&& …`). */
const HEREDOC_PARTS: ReadonlySet<string> = new Set(['<<', '<<-', 'heredoc_start', 'heredoc_body', 'heredoc_end']);

/**
 * The data here-documents of `text` (see the file's head); `copies` tells a program that only
 * copies its input out or reads none of it (the programs' knowledge: `data-readers.ts`).
 */
export function dataHeredocs(text: string, copies: (name: string) => boolean): DataHeredoc[] {
  const parser = loadedParser();
  if (parser === undefined || !text.includes('<<')) return [];
  const tree = parser.parse(text);
  if (tree === null) return [];
  try {
    if (tree.rootNode.hasError) return [];
    const out: DataHeredoc[] = [];
    const visit = (n: Node, depth: number): void => {
      if (depth > MAX_SYNTAX_DEPTH) return;
      if (n.type === 'heredoc_redirect') {
        const found = dataHeredoc(n, copies);
        if (found !== undefined) out.push(found);
      }
      for (const child of n.children) visit(child, depth + 1);
    };
    visit(tree.rootNode, 0);
    return out;
  } finally {
    tree.delete();
  }
}

/** The here-document `redirect` reads as data, or `undefined`. */
function dataHeredoc(redirect: Node, copies: (name: string) => boolean): DataHeredoc | undefined {
  if (redirect.children.some((c) => !HEREDOC_PARTS.has(c.type))) return undefined;
  const body = redirect.children.find((c) => c.type === 'heredoc_body');
  const start = redirect.children.find((c) => c.type === 'heredoc_start');
  // A delimiter quoted in part only (`<<E"O"F`) is one the grammar may end elsewhere: not read.
  if (body === undefined || start === undefined || !/^(?:'[\w.-]+'|"[\w.-]+"|\\?[\w.-]+)$/.test(start.text)) return undefined;
  // The command the redirection belongs to: `cat <<EOF` (a child of the command) or `cat >/dev/null <<EOF` (a redirected statement's).
  const holder = redirect.parent;
  const statement = holder?.type === 'redirected_statement' ? holder : holder?.type === 'command' ? holder : undefined;
  const command = statement?.type === 'command' ? statement : statement?.childForFieldName('body');
  if (statement === undefined || command?.type !== 'command') return undefined;
  const name = command.childForFieldName('name')?.text;
  if (name === undefined || !copies(name)) return undefined;
  // Nodes are compared by id: the grammar hands out a new object for each access.
  const same = statement.id === command.id;
  const redirects = [...command.children, ...(same ? [] : statement.children)].filter(
    (c) => c.type === 'file_redirect' || c.type === 'heredoc_redirect' || c.type === 'herestring_redirect',
  );
  // No operand, no assignment before the name, one here-document, and every other redirection harmless.
  if (command.children.some((c) => c.type !== 'command_name' && c.type !== 'file_redirect' && c.type !== 'heredoc_redirect'))
    return undefined;
  if (redirects.filter((r) => r.type !== 'file_redirect').length !== 1) return undefined;
  if (redirects.some((r) => r.type === 'file_redirect' && !HARMLESS_REDIRECT.test(r.text))) return undefined;
  if (!same && statement.children.some((c) => c.id !== command.id && c.type !== 'file_redirect' && c.type !== 'heredoc_redirect'))
    return undefined;
  for (let p = statement.parent, guard = 0; p !== null; p = p.parent, guard++)
    if (guard > MAX_SYNTAX_DEPTH || !PLAIN_PARENTS.has(p.type)) return undefined;
  // The body's lines only: never the operator's line (`. ~/x; cat <<'EOF'`) nor the delimiter's.
  const end = redirect.children.find((c) => c.type === 'heredoc_end');
  const first = Math.max(body.startPosition.row, start.endPosition.row + 1);
  const bodyLast = body.endPosition.column === 0 ? body.endPosition.row - 1 : body.endPosition.row;
  const last = end === undefined ? bodyLast : Math.min(bodyLast, end.startPosition.row - 1);
  if (last < first) return undefined;
  return { first, last, quoted: /['"\\]/.test(start.text), program: name };
}

/**
 * The commands the substitutions of one line of an unquoted here-document's body run (`$(…)`, `` `…` ``):
 * quotes are no quotes there, and a backslash takes `$`, `` ` `` and itself literally.
 */
export function bodySubstitutions(line: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '`') {
      let j = i + 1;
      while (j < line.length && line[j] !== '`') j += line[j] === '\\' ? 2 : 1;
      out.push(line.slice(i + 1, j));
      i = j;
      continue;
    }
    if (c !== '$' || line[i + 1] !== '(') continue;
    // `$((…))` is arithmetic: a substitution inside it is found as the scan goes on.
    if (line[i + 2] === '(') continue;
    let depth = 1;
    let j = i + 2;
    for (; j < line.length && depth > 0; j++) {
      if (line[j] === '(') depth++;
      else if (line[j] === ')') depth--;
    }
    out.push(line.slice(i + 2, depth === 0 ? j - 1 : j));
    i = j - 1;
  }
  return out;
}
