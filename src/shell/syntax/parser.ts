/**
 * The full-parser front end: walks a tree-sitter-bash syntax tree over a whitelist of node
 * types. Any node type not on the whitelist, any ERROR or missing node, and any disagreement
 * between the grammar and toolgate's own word decoder makes the analysis unknown.
 */
import type { Node, Parser } from 'web-tree-sitter';
import { addStateChange, addUnseen, makeRedirect, type Collector, type RawWord } from './collector.js';
import { MAX_SYNTAX_DEPTH } from './limits.js';
import { STATEMENT_GROUPS } from './statement-groups.js';
import { splitWords } from './split.js';
import type { Redirect, SimpleCommand } from '../types.js';
import type { ShellModel } from '../shells/index.js';
import { decodeWord } from './words.js';
import { extractSubstitutions, substitutionStarts } from './substitutions.js';
import { arithmeticRunsCode, hidesCode } from './arithmetic.js';
import { arithmeticAssignments, hiddenArithmetic } from './arithmetic-operands.js';
import { variableStateChange } from './variables.js';
import { loopValues } from './loop-values.js';
import { substituteVariables } from './known-variables.js';
import { SEQUENTIAL, assignedValues } from './assigned-values.js';
import { respellQuotedDelimiters } from './heredoc-delimiters.js';
import { catMayBeOther, literalHeredocText } from './literal-heredoc.js';
import { bangSpots, respellSpots } from './bang-operators.js';
import { numericGlobSpots } from './numeric-globs.js';
import { mergeVariableFacts, type LoopFact } from './variable-facts.js';
import { joined, sequence, type Flow } from './flow.js';

interface Env {
  context: SimpleCommand['context'];
  inSubshell: boolean;
  inherited: Redirect[];
  depth: number;
  /**
   * Variables whose value is known here: loop variables in this iteration of an unrolled `for`
   * (see {@link loopValues}) and straight-line assignments before this statement (see {@link assignedValues}).
   */
  values?: Readonly<Record<string, string>>;
}

/** Node types that contain statements: the statement groups, negation, function definitions and pipelines. */
const CONTAINERS = new Set([...STATEMENT_GROUPS, 'negated_command', 'function_definition', 'pipeline']);
const STATEMENTS = new Set([
  ...CONTAINERS,
  'command',
  'declaration_command',
  'unset_command',
  'test_command',
  'variable_assignment',
  'variable_assignments',
  'redirected_statement',
]);
/** Node types allowed inside words and expressions. */
const WORDISH = new Set([
  'word',
  'number',
  'string',
  'string_content',
  'raw_string',
  'ansi_c_string',
  'translated_string',
  'simple_expansion',
  'expansion',
  'variable_name',
  'special_variable_name',
  'arithmetic_expansion',
  'binary_expression',
  'unary_expression',
  'ternary_expression',
  'parenthesized_expression',
  'postfix_expression',
  'concatenation',
  'array',
  'subscript',
  'test_operator',
  'extglob_pattern',
  'regex',
  'brace_expression',
  'command_substitution',
  'process_substitution',
  'variable_assignment',
  'variable_assignments',
  'heredoc_content',
  'command_name',
]);
const EXPANSIONS = new Set(['simple_expansion', 'expansion', 'arithmetic_expansion', 'command_substitution', 'process_substitution']);
const REDIRECTS = new Set(['file_redirect', 'heredoc_redirect', 'herestring_redirect']);
/** `[[ … ]]` operators whose operands bash evaluates arithmetically (or as a variable name, `-v`). */
const ARITHMETIC_TEST_OPS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);
const NAME_TEST_OPS = new Set(['-v', '-R']);

/** A walker bound to one source text and collector. */
class Walker {
  /** The straight-line assignments whose values are known (computed on the first assignment met). */
  private assigned: Map<number, { name: string; value: string }> | undefined;
  /**
   * The statements the grammar puts inside a here-document's redirection (`cat <<EOF && cd ..`),
   * with the operator before each: walked after the command the here-document is written on, as
   * bash runs them (see {@link afterHeredocs}).
   */
  private heredocTails: { at: Node; scope: Env; op: string }[] | undefined;
  /** `"$(cat <<'EOF' … EOF)"` substitutions of the word being read, by start: `[end, text]` (`literal-heredoc.ts`). */
  private literalHeredocs: ReadonlyMap<number, [number, string]> | undefined;
  /** The start of the word being read when it is one `<(…)` and nothing else (see `ShellAnalysis.onlyProcessInputs`). */
  private wholeInput: number | undefined;

  constructor(
    private readonly src: string,
    private readonly c: Collector,
  ) {}

  /** Every reason the walker gives is input it cannot read or code it cannot see: a firm ask. */
  private fail(reason: string): void {
    addUnseen(this.c, reason);
  }

  private tooDeep(env: Env): boolean {
    if (env.depth > MAX_SYNTAX_DEPTH) {
      this.fail(`nesting deeper than ${MAX_SYNTAX_DEPTH}`);
      return true;
    }
    return false;
  }

  /** The commands emitted so far, as the leaf of a flow. */
  private ran(): Flow {
    return { kind: 'run', to: this.c.commands.length };
  }

  /** Walks one statement; its flow (see `flow.ts`). */
  statement(node: Node, env: Env): Flow {
    if (!this.tooDeep(env) && node.type !== 'ERROR' && !node.isMissing) {
      const next = { ...env, depth: env.depth + 1 };
      if (CONTAINERS.has(node.type)) return this.container(node, next);
      if (node.type === 'redirected_statement') return this.afterHeredocs(() => this.redirected(node, next));
    }
    return this.afterHeredocs(() => {
      this.simpleStatement(node, env);
      return this.ran();
    });
  }

  /**
   * Walks a statement, then the statements its here-documents' redirections hold, joined by their
   * operators: `false <<EOF && cd ..` runs the cd only when false succeeds.
   */
  private afterHeredocs(walk: () => Flow): Flow {
    const outer = this.heredocTails;
    this.heredocTails = [];
    let flow: Flow;
    let tails: { at: Node; scope: Env; op: string }[];
    try {
      flow = walk();
    } finally {
      tails = this.heredocTails;
      this.heredocTails = outer;
    }
    for (const t of tails) flow = joined([flow, this.statement(t.at, t.scope)], [t.op]);
    return flow;
  }

  private simpleStatement(node: Node, env: Env): void {
    if (this.tooDeep(env)) return;
    const next = { ...env, depth: env.depth + 1 };
    if (node.type === 'ERROR' || node.isMissing) return this.fail(`parse error near: ${node.text.slice(0, 40)}`);
    switch (node.type) {
      case 'command':
        return this.command(node, next, []);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node, next);
      case 'test_command':
        return this.test(node, next);
      case 'variable_assignment':
      case 'variable_assignments':
        this.wordish(node, next);
        this.c.emitWordless(node.type === 'variable_assignment' ? [node.text] : node.namedChildren.map((n) => n.text), []);
        return;
      case 'redirected_statement':
        return void this.redirected(node, next);
      case 'comment':
        return;
      default:
        return this.fail(`unsupported syntax: ${node.type}`);
    }
  }

  private container(node: Node, env: Env): Flow {
    if (node.type === 'compound_statement' && node.firstChild?.type === '((') this.arithmetic(node.text.slice(2), '((…))');
    if (node.type === 'c_style_for_statement') {
      const body = node.childForFieldName('body');
      this.arithmetic(this.src.slice(node.startIndex, body ? body.startIndex : node.endIndex), 'for ((…))');
    }
    const subshell = env.inSubshell || node.type === 'subshell' || node.type === 'pipeline';
    const loop = node.type === 'for_statement' ? loopValues(node, this.src, this.c.shells) : undefined;
    const children = node.children;
    // An assignment in a sequence, or left of `&&`, holds for the statements after it (not in the background).
    const sequential = SEQUENTIAL.has(node.type) || (node.type === 'list' && children.some((c) => c.type === '&&'));
    let values = env.values;
    let bodyFrom: number | undefined;
    const from = this.c.commands.length;
    // Each statement's flow, with its field, and the operator before it (`&&`, `||`, `then`, …).
    const parts: { flow: Flow; field: string | null; type: string; after: string }[] = [];
    let after = ';';
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'ERROR' || child.isMissing) {
        this.fail(`parse error near: ${child.text.slice(0, 40) || node.text.slice(0, 40)}`);
        continue;
      }
      if (!child.isNamed) {
        if (child.type !== ';' && child.type !== '\n') after = child.type;
        continue;
      }
      const field = node.fieldNameForChild(i);
      if (node.type === 'function_definition' && field === 'name') continue;
      if (node.type === 'for_statement' && field === 'variable') continue;
      const background = children[i + 1]?.type === '&';
      const childEnv: Env = { ...env, ...(values !== undefined ? { values } : {}), inSubshell: subshell || background };
      const assigned = sequential && !background ? this.definitelyAssigned(child) : undefined;
      if (assigned !== undefined) values = { ...values, ...assigned };
      if (node.type === 'for_statement' && field === 'body') bodyFrom = this.c.commands.length;
      if (loop !== undefined && field === 'body') {
        // The body is judged once per value the loop gives its variable, in order.
        for (const value of loop.values)
          parts.push({
            flow: this.statement(child, { ...childEnv, values: { ...env.values, [loop.name]: value } }),
            field,
            type: child.type,
            after,
          });
      } else if (STATEMENTS.has(child.type)) parts.push({ flow: this.statement(child, childEnv), field, type: child.type, after });
      else if (child.type === 'comment') continue;
      else if (WORDISH.has(child.type)) this.wordish(child, childEnv);
      else this.fail(`unsupported syntax: ${child.type}`);
    }
    if (node.type === 'function_definition') {
      addStateChange(this.c, `defining the function ${node.childForFieldName('name')?.text ?? ''} changes what later commands run`);
    }
    if (node.type === 'for_statement') {
      const v = node.childForFieldName('variable')?.text ?? '';
      addStateChange(this.c, variableStateChange(v, false, this.c.shells), 0);
      const fact = loopFact(node, v);
      if (bodyFrom !== undefined) fact.body = [bodyFrom, this.c.commands.length];
      this.c.variables?.loops.push(fact);
    }
    return this.flowOf(node, parts, from, loop !== undefined);
  }

  /**
   * How a container's statements run (see `flow.ts`): the branches of `&&`/`||`, `if`, `case`, a
   * loop's body any number of times (a `for` over words it unrolled: each, in order, unless the
   * body may leave it early), a function's body when called; the rest one after the other.
   */
  private flowOf(
    node: Node,
    parts: readonly { flow: Flow; field: string | null; type: string; after: string }[],
    from: number,
    unrolled: boolean,
  ): Flow {
    const to = this.c.commands.length;
    const all = (p: readonly { flow: Flow }[]) => sequence(p.map((x) => x.flow));
    const empty = sequence([]);
    switch (node.type) {
      case 'if_statement':
      case 'elif_clause': {
        const own = parts.filter((p) => p.type !== 'elif_clause' && p.type !== 'else_clause');
        // The condition is what comes before `then` (an if's fields say so too).
        const at = own.findIndex((p) => p.after === 'then');
        const cond = at < 0 ? own : own.slice(0, at);
        const body = at < 0 ? [] : own.slice(at);
        const clauses = [{ cond: all(cond), body: all(body) }];
        let otherwise: Flow | undefined;
        for (const p of parts) {
          if (p.type === 'elif_clause' && p.flow.kind === 'if') clauses.push(...p.flow.clauses);
          else if (p.type === 'else_clause') otherwise = p.flow;
        }
        return otherwise === undefined ? { kind: 'if', clauses } : { kind: 'if', clauses, otherwise };
      }
      case 'while_statement':
        return {
          kind: 'loop',
          head: all(parts.filter((p) => p.field === 'condition')),
          body: all(parts.filter((p) => p.field !== 'condition')),
          from,
          to,
          of: 'loop',
        };
      case 'for_statement':
        if (unrolled && !this.leavesEarly(from, to)) return all(parts);
        return { kind: 'loop', head: empty, body: all(parts), from, to, of: 'loop' };
      case 'c_style_for_statement':
        return { kind: 'loop', head: empty, body: all(parts), from, to, of: 'loop' };
      case 'function_definition':
        return { kind: 'loop', head: empty, body: all(parts), from, to, of: 'function' };
      case 'case_statement':
        return {
          kind: 'case',
          head: all(parts.filter((p) => p.type !== 'case_item')),
          arms: parts.filter((p) => p.type === 'case_item').map((p) => p.flow),
        };
      case 'negated_command':
        return { kind: 'not', part: all(parts) };
      default:
        return joined(
          parts.map((p) => p.flow),
          parts.slice(1).map((p) => p.after),
        );
    }
  }

  /** Whether a loop body's commands `[from, to)` hold a `break` or `continue`, which end its runs early. */
  private leavesEarly(from: number, to: number): boolean {
    return this.c.commands.slice(from, to).some((cmd) => cmd.argv[0] === 'break' || cmd.argv[0] === 'continue');
  }

  /**
   * The known values a statement always assigns when it runs to its end: a literal assignment
   * {@link assignedValues} accepts, `a=1 b=2`, or a `&&` list of those; otherwise undefined.
   */
  private definitelyAssigned(node: Node): Record<string, string> | undefined {
    if (node.type === 'variable_assignment') {
      this.assigned ??= assignedValues(node.tree.rootNode, this.src, this.c.shells);
      const known = this.assigned.get(node.startIndex);
      return known === undefined ? undefined : { [known.name]: known.value };
    }
    if (node.type !== 'variable_assignments' && !(node.type === 'list' && node.children.some((c) => c.type === '&&'))) return undefined;
    let out: Record<string, string> = {};
    for (const child of node.namedChildren) {
      const part = this.definitelyAssigned(child);
      if (part === undefined) return undefined;
      out = { ...out, ...part };
    }
    return out;
  }

  /** An arithmetic context whose text holds a substitution may run a command bash never shows as one. */
  private arithmetic(text: string, what: string): void {
    if (arithmeticRunsCode(text))
      this.fail(`${what} evaluates a substitution or backtick arithmetically (an array subscript runs it even inside quotes)`);
  }

  /** Scans a word or expression for substitutions and walks them. */
  private wordish(node: Node, env: Env): { expansion: boolean } {
    const acc = { expansion: false };
    const visit = (n: Node, depth: number): void => {
      if (depth > MAX_SYNTAX_DEPTH) return this.fail(`nesting deeper than ${MAX_SYNTAX_DEPTH}`);
      if (n.type === 'ERROR' || n.isMissing) return this.fail(`parse error near: ${n.text.slice(0, 40)}`);
      if (!n.isNamed) return;
      if (!WORDISH.has(n.type)) return this.fail(`unsupported syntax in a word: ${n.type}`);
      // A commit message's `"$(cat <<'EOF' … EOF)"`: the word is literal text; the `cat` inside
      // still runs and is read as a command (a deny rule naming cat sees it).
      const literal = n.type === 'command_substitution' && this.literalHeredocs?.has(n.startIndex) === true;
      if (EXPANSIONS.has(n.type) && !literal) acc.expansion = true;
      // `$(( $(cmd) ))` is read as an ordinary substitution (shell battery); only code hidden in quotes is unknown.
      if (n.type === 'arithmetic_expansion' && hidesCode(n.text.slice(3))) this.arithmetic('$(', '$((…))');
      if (n.type === 'subscript') this.arithmetic(n.childForFieldName('index')?.text ?? n.text, 'an array subscript');
      if (n.type === 'array') {
        for (const el of n.namedChildren) {
          const key = /^\[(.*?)\]\+?=/s.exec(el.text);
          if (key) this.arithmetic(key[1]!, 'an array subscript');
          else if (el.text.startsWith('[') && arithmeticRunsCode(el.text)) this.arithmetic(el.text, 'an array subscript');
        }
      }
      if (n.type === 'command_substitution' && n.text.startsWith('`')) {
        // The grammar does not read escaped backticks inside backticks (`` `a \`b\`` ``); bash
        // removes one level of `\` before `$`, `` ` `` and `\` and runs the rest as a script.
        this.c.hasSubstitution = true;
        this.c.otherSubstitution = true;
        if (!n.text.endsWith('`') || n.text.length < 2) return this.fail(`unterminated backtick: ${n.text.slice(0, 40)}`);
        this.substitutionScript(n.text.slice(1, -1).replace(/\\([$`\\])/g, '$1'), env);
        return;
      }
      if (n.type === 'command_substitution' || n.type === 'process_substitution') {
        if (!literal) this.c.hasSubstitution = true;
        // A word that is one `<(…)` and nothing else names a pipe (ShellAnalysis.onlyProcessInputs).
        if (!literal && !(n.type === 'process_substitution' && n.startIndex === this.wholeInput)) this.c.otherSubstitution = true;
        const inner: Env = { context: 'substitution', inSubshell: true, inherited: [], depth: depth + 1 };
        for (const child of n.namedChildren) {
          if (STATEMENTS.has(child.type)) this.statement(child, inner);
          else if (child.type !== 'comment') visit(child, depth + 1);
        }
        return;
      }
      for (const child of n.children) visit(child, depth + 1);
    };
    visit(node, env.depth);
    return acc;
  }

  /** Groups adjacent nodes (no whitespace between) into shell words and decodes them. */
  private words(nodes: Node[], env: Env): RawWord[] {
    const groups: Node[][] = [];
    for (const n of nodes) {
      const last = groups[groups.length - 1];
      if (last && last[last.length - 1]!.endIndex === n.startIndex) last.push(n);
      else groups.push([n]);
    }
    return groups.map((g) => {
      const start = g[0]!.startIndex;
      let written = this.src.slice(start, g[g.length - 1]!.endIndex);
      const literal = this.literalHeredocsOf(g);
      let heredocs = 0;
      for (const [at, [end, text]] of [...literal].reverse()) {
        written = `${written.slice(0, at - start)}${text.replace(/([$`"\\])/g, '\\$1')}${written.slice(end - start)}`;
        heredocs++;
      }
      this.literalHeredocs = literal.size > 0 ? literal : undefined;
      const viaHeredoc = heredocs > 0 ? written : undefined;
      const known = (env.values !== undefined ? substituteVariables(written, env.values) : undefined) ?? viaHeredoc;
      const raw = known ?? written;
      const word = decodeWord(raw, this.c.shell, this.c.ansiC);
      let subs = 0;
      let expansion = false;
      const only = g.length === 1 ? g[0]! : undefined;
      this.wholeInput = only?.type === 'process_substitution' && only.text.startsWith('<(') ? only.startIndex : undefined;
      for (const n of g) {
        // Every node is walked: `||=` would skip the rest once one is an expansion (`$${x:=`cmd`}`).
        if (this.wordish(n, env).expansion) expansion = true;
        subs += countSubstitutionNodes(n);
      }
      this.literalHeredocs = undefined;
      this.wholeInput = undefined;
      if (word.substitutions > subs - heredocs) this.fail(`the parser missed a substitution in: ${raw}`);
      if (word.literal && expansion && known === undefined) this.fail(`word decoding disagrees with the parser: ${raw}`);
      return { raw, word };
    });
  }

  /**
   * The `"$(cat <<'EOF' … EOF)"` substitutions among a word's nodes (each directly inside a
   * double-quoted string), by start: `[end, text]`. None when the command may make `cat` another
   * program or the shell is not known to read them so.
   */
  private literalHeredocsOf(g: readonly Node[]): Map<number, [number, string]> {
    const found = new Map<number, [number, string]>();
    if (!this.src.includes('<<') || catMayBeOther(this.src)) return found;
    for (const n of g) {
      if (n.type !== 'string') continue;
      for (const child of n.namedChildren) {
        if (child.type !== 'command_substitution') continue;
        const text = literalHeredocText(child.text);
        if (text !== undefined) found.set(child.startIndex, [child.endIndex, text]);
      }
    }
    return found;
  }

  private command(node: Node, env: Env, outer: Redirect[], spill: Node[] = []): void {
    const assignments: string[] = [];
    const redirects: Redirect[] = [];
    const wordNodes: Node[] = [...spill];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const field = node.fieldNameForChild(i);
      if (child.type === 'ERROR' || child.isMissing) {
        this.fail(`parse error near: ${child.text.slice(0, 40)}`);
        continue;
      }
      if (child.type === 'variable_assignment' && wordNodes.length === spill.length) {
        this.wordish(child, env);
        assignments.push(child.text);
      } else if (REDIRECTS.has(child.type)) redirects.push(...this.redirect(child, env));
      else if (child.type === 'command_name' || field === 'argument') wordNodes.push(child);
      else if (child.type === 'comment') continue;
      else this.fail(`unsupported syntax in a command: ${child.type}`);
    }
    wordNodes.sort((a, b) => a.startIndex - b.startIndex);
    this.checkWordGaps(node, wordNodes);
    this.checkDescriptorWords(wordNodes);
    const words = this.words(wordNodes, env);
    const own = [...redirects, ...outer];
    if (words.length === 0) {
      this.c.emitWordless(assignments, own);
      return;
    }
    this.c.emit({ words, assignments, redirects: own, inherited: env.inherited, context: env.context, inSubshell: env.inSubshell });
  }

  /**
   * The grammar takes a descriptor number right before a redirection for a word of the command in
   * some forms (`rm -rf src 0<&-`, `git push 0<&3`: the argument `0`), where bash reads it as the
   * redirection's descriptor: the words would then hold one bash does not give, and an exact rule
   * (`Bash(rm -rf src)`) would miss the command. Such a command is not read.
   */
  private checkDescriptorWords(wordNodes: readonly Node[]): void {
    for (const n of wordNodes) {
      if (/^\d+$/.test(n.text) && /[<>]/.test(this.src.charAt(n.endIndex))) {
        this.fail(`a descriptor number the parser takes for a word: ${this.src.slice(n.startIndex, n.endIndex + 3)}`);
      }
    }
  }

  /**
   * The grammar drops an escaped blank between two nodes that bash keeps in one word: `'a'\ b` (the
   * word "a b"), `a\<TAB>b`, `ls \  x`. (Adjacent nodes are joined by {@link words}.)
   */
  private checkWordGaps(node: Node, wordNodes: readonly Node[]): void {
    for (let k = 1; k < wordNodes.length; k++) {
      const prev = wordNodes[k - 1]!;
      const cur = wordNodes[k]!;
      if (prev.endIndex >= cur.startIndex) continue;
      const gap = this.src.slice(prev.endIndex, cur.startIndex);
      if (/^[\s\\]*$/.test(gap) && /\\[^\n]/.test(gap)) {
        this.fail(`the parser splits one word where bash does not: ${this.src.slice(prev.startIndex, cur.endIndex).slice(0, 40)}`);
      }
    }
  }

  private declaration(node: Node, env: Env): void {
    const nodes: Node[] = [];
    for (const child of node.children) {
      if (child.type === 'ERROR' || child.isMissing) return this.fail(`parse error near: ${child.text.slice(0, 40)}`);
      if (child.type === 'comment') continue;
      nodes.push(child);
    }
    const wordNodes = nodes.filter((n) => n.isNamed || /^[a-z]+$/.test(n.type));
    this.checkWordGaps(node, wordNodes);
    const words = this.words(wordNodes, env);
    this.c.emit({ words, assignments: [], redirects: [], inherited: env.inherited, context: env.context, inSubshell: env.inSubshell });
  }

  private test(node: Node, env: Env): void {
    for (const child of node.namedChildren) this.wordish(child, env);
    if (node.firstChild?.type === '[[') {
      for (const child of node.namedChildren) this.testOperands(child);
      return;
    }
    if (node.firstChild?.type !== '[') return;
    const split = splitWords(node.text);
    if (!split) return this.fail(`cannot split test command: ${node.text.slice(0, 40)}`);
    const words = split.map((raw) => ({ raw, word: decodeWord(raw, this.c.shell, this.c.ansiC) }));
    const subs = words.reduce((n, w) => n + w.word.substitutions, 0);
    const tsSubs = countSubstitutionNodes(node);
    if (subs > tsSubs) this.fail(`the parser missed a substitution in: ${node.text.slice(0, 40)}`);
    this.c.emit({ words, assignments: [], redirects: [], inherited: env.inherited, context: env.context, inSubshell: env.inSubshell });
  }

  /** `[[ x -eq y ]]` evaluates x and y arithmetically, `[[ -v x ]]` evaluates x's subscript. */
  private testOperands(node: Node): void {
    if (
      node.type === 'parenthesized_expression' ||
      (node.type === 'binary_expression' && ['&&', '||'].includes(node.childForFieldName('operator')?.text ?? node.child(1)?.type ?? ''))
    ) {
      for (const child of node.namedChildren) this.testOperands(child);
      return;
    }
    const op = node.childForFieldName('operator')?.text ?? '';
    if (node.type === 'binary_expression' && ARITHMETIC_TEST_OPS.has(op)) {
      for (const side of ['left', 'right']) this.arithmetic(node.childForFieldName(side)?.text ?? '', `[[ ${op} ]]`);
      return;
    }
    if (node.type === 'unary_expression') {
      if (NAME_TEST_OPS.has(op)) this.arithmetic(node.text, `[[ ${op} ]]`);
      for (const child of node.namedChildren)
        if (child.type === 'unary_expression' || child.type === 'parenthesized_expression' || child.type === 'binary_expression')
          this.testOperands(child);
    }
  }

  /**
   * The grammar attaches a redirection written after `a && b` or `a | b` to the whole list;
   * bash attaches it to the last command only. `tail` carries it down to that command.
   */
  private redirected(node: Node, env: Env, tail: Redirect[] = [], spill: Node[] = []): Flow {
    const redirects: Redirect[] = [];
    let body: Node | null = null;
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'ERROR' || child.isMissing) {
        this.fail(`parse error near: ${child.text.slice(0, 40)}`);
        continue;
      }
      if (node.fieldNameForChild(i) === 'body') body = child;
      else if (REDIRECTS.has(child.type)) redirects.push(...this.redirect(child, env, spill));
      else if (child.isNamed && child.type !== 'comment') this.fail(`unsupported syntax: ${child.type}`);
    }
    redirects.push(...tail);
    if (!body) {
      this.c.emitWordless([], redirects);
      return this.ran();
    }
    return this.withTail(body, env, redirects, spill);
  }

  private withTail(node: Node, env: Env, tail: Redirect[], spill: Node[] = []): Flow {
    if (tail.length === 0 && spill.length === 0) return this.statement(node, env);
    if (this.tooDeep(env)) return this.ran();
    const next = { ...env, depth: env.depth + 1 };
    if (node.type === 'command') {
      this.command(node, next, tail, spill);
      return this.ran();
    }
    if (node.type === 'redirected_statement') return this.redirected(node, next, tail, spill);
    if (node.type === 'list' || node.type === 'pipeline') {
      const children = node.children;
      let last = -1;
      for (let i = 0; i < children.length; i++) if (STATEMENTS.has(children[i]!.type)) last = i;
      const inner = { ...next, inSubshell: next.inSubshell || node.type === 'pipeline' };
      const parts: Flow[] = [];
      const operators: string[] = [];
      let after = ';';
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'ERROR' || child.isMissing) this.fail(`parse error near: ${child.text.slice(0, 40)}`);
        else if (!child.isNamed) after = child.type;
        else if (child.type === 'comment') continue;
        else if (i === last || STATEMENTS.has(child.type)) {
          if (parts.length > 0) operators.push(after);
          parts.push(i === last ? this.withTail(child, inner, tail, spill) : this.statement(child, inner));
        } else this.fail(`unsupported syntax: ${child.type}`);
      }
      return joined(parts, operators);
    }
    if (spill.length > 0) this.fail(`words after a redirection of a compound command: ${spill.map((n) => n.text).join(' ')}`);
    for (const r of tail) this.c.redirects.push(r);
    return this.statement(node, { ...env, inherited: [...env.inherited, ...tail] });
  }

  /**
   * The target word of a redirection. The grammar also swallows later arguments into the
   * target (`echo a > f b`); bash gives them to the command, so they go to `spill`.
   */
  private target(nodes: Node[], env: Env, spill: Node[] | undefined): RawWord | undefined {
    if (nodes.length === 0) return undefined;
    let end = 1;
    while (end < nodes.length && nodes[end - 1]!.endIndex === nodes[end]!.startIndex) end++;
    if (end < nodes.length) {
      if (spill) spill.push(...nodes.slice(end));
      else this.fail(`redirection target is not one word: ${nodes.map((n) => n.text).join(' ')}`);
    }
    return this.words(nodes.slice(0, end), env)[0];
  }

  private redirect(node: Node, env: Env, spill?: Node[]): Redirect[] {
    if (node.type === 'file_redirect') {
      let fd = '';
      let op = '';
      const dest: Node[] = [];
      for (const child of node.children) {
        if (child.type === 'ERROR' || child.isMissing) this.fail(`parse error in redirection: ${node.text.slice(0, 40)}`);
        else if (child.type === 'file_descriptor') fd = child.text;
        else if (!child.isNamed) op += child.type;
        else dest.push(child);
      }
      const r = makeRedirect(fd + op, this.target(dest, env, spill));
      if (!op) this.fail(`unsupported redirection: ${node.text.slice(0, 40)}`);
      return [r];
    }
    if (node.type === 'herestring_redirect') {
      const dest = node.namedChildren.filter((n) => n.type !== 'file_descriptor');
      const fd = node.namedChildren.find((n) => n.type === 'file_descriptor')?.text ?? '';
      return [makeRedirect(fd + '<<<', this.target(dest, env, spill))];
    }
    return this.heredoc(node, env);
  }

  private heredoc(node: Node, env: Env): Redirect[] {
    let op = '<<';
    let start: Node | undefined;
    let body: Node | undefined;
    let end: Node | undefined;
    const extra: Redirect[] = [];
    let joiner = ';';
    for (const child of node.children) {
      if (child.type === 'ERROR' || child.isMissing) this.fail(`parse error in here-document: ${node.text.slice(0, 40)}`);
      else if (child.type === '<<' || child.type === '<<-') op = child.type;
      else if (child.type === 'heredoc_start') start = child;
      else if (child.type === 'heredoc_body') body = child;
      else if (child.type === 'heredoc_end') end = child;
      else if (REDIRECTS.has(child.type)) extra.push(...this.redirect(child, env));
      else if (STATEMENTS.has(child.type)) {
        const inner = { ...env, inSubshell: env.inSubshell || child.type === 'pipeline' };
        if (this.heredocTails !== undefined) this.heredocTails.push({ at: child, scope: inner, op: joiner });
        else this.statement(child, inner);
      } else if (!child.isNamed) joiner = child.type;
      else if (child.type !== 'comment') this.fail(`unsupported syntax in here-document: ${child.type}`);
    }
    if (!start) {
      this.fail('here-document without a delimiter');
      return extra;
    }
    const quoted = /['"\\]/.test(start.text);
    const delimiter = decodeWord(start.text).value;
    let text: string | undefined;
    if (!end) this.fail(`unterminated here-document ${delimiter}`);
    else {
      const lineStart = this.src.lastIndexOf('\n', end.startIndex - 1) + 1;
      const bodyStart = body ? this.src.lastIndexOf('\n', body.startIndex - 1) + 1 : lineStart;
      text = this.src.slice(Math.min(bodyStart, lineStart), lineStart);
      if (op === '<<-') text = text.replace(/^\t+/gm, '');
      const nl = this.src.indexOf('\n', end.endIndex);
      let line = this.src.slice(lineStart, nl < 0 ? this.src.length : nl);
      if (op === '<<-') line = line.replace(/^\t+/, '');
      if (line !== delimiter) this.fail(`here-document terminator line does not match ${JSON.stringify(delimiter)} exactly`);
    }
    if (body && !quoted) {
      // The grammar misses substitutions on tab-indented body lines; read the body ourselves.
      const found = extractSubstitutions(body.text, 'heredoc');
      if (found.error) this.fail(`cannot read here-document body: ${found.error}`);
      for (const script of found.scripts) this.substitutionScript(script, env);
      if (found.scripts.length > 0) {
        this.c.hasSubstitution = true;
        this.c.otherSubstitution = true;
      }
    }
    return [{ op, target: delimiter, targetLiteral: true, kind: 'heredoc', ...(text !== undefined ? { body: text } : {}) }, ...extra];
  }

  /** Analyses the text of a substitution found outside the grammar (here-document bodies). */
  private substitutionScript(script: string, env: Env): void {
    const inner = this.c.nested(script, this.c.nestedDepth + 1);
    const offset = this.c.commands.length;
    for (const sub of inner.commands) {
      const copy: SimpleCommand = { ...sub, context: sub.context === 'top' ? 'substitution' : sub.context, inSubshell: true };
      if (sub.parent !== undefined) copy.parent = sub.parent + offset;
      this.c.commands.push(copy);
    }
    for (const r of inner.redirects) this.c.redirects.push(r.command === undefined ? r : { ...r, command: r.command + offset });
    if (this.c.variables !== undefined) mergeVariableFacts(this.c.variables, inner);
    for (const u of inner.unknown) {
      if (inner.unseen.includes(u)) this.fail(`in a substitution: ${u}`);
      else if (!this.c.unknown.includes(`in a substitution: ${u}`)) this.c.unknown.push(`in a substitution: ${u}`);
    }
    void env;
  }
}

/**
 * A `for NAME in WORDS` loop's words as written; none for `select` (a person's answer) and for
 * `for NAME; do` (the positional parameters).
 */
function loopFact(node: Node, name: string): LoopFact {
  if (node.firstChild?.type !== 'for') return { name };
  const words: string[] = [];
  let sawIn = false;
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i)!;
    if (child.type === 'in') sawIn = true;
    if (node.fieldNameForChild(i) === 'value') words.push(child.text);
  }
  return sawIn ? { name, words } : { name };
}

function countSubstitutionNodes(node: Node): number {
  let n = node.type === 'command_substitution' || node.type === 'process_substitution' ? 1 : 0;
  for (const child of node.namedChildren) n += countSubstitutionNodes(child);
  return n;
}

/**
 * The second reading: every place bash would start a substitution (read without the grammar)
 * must be one the grammar saw; otherwise the grammar hid it (`[[ x =~ \`cmd\` ]]`,
 * `"\${x:-'\$(cmd)'}"`) and the command is unknown.
 */
function checkSubstitutions(root: Node, src: string, c: Collector): void {
  if (!/[`(]/.test(src)) return;
  const seen = new Set<number>();
  const skip: [number, number][] = [];
  const visit = (n: Node, depth: number): void => {
    if (depth > MAX_SYNTAX_DEPTH) return;
    if (n.type === 'command_substitution' || n.type === 'process_substitution') seen.add(n.startIndex);
    if (n.type === 'heredoc_body') skip.push([n.startIndex, n.endIndex]);
    for (const child of n.namedChildren) visit(child, depth + 1);
  };
  visit(root, 0);
  for (const at of substitutionStarts(src, skip)) {
    if (!seen.has(at)) return addUnseen(c, `the parser missed a substitution at: ${src.slice(at, at + 40)}`);
  }
}

/**
 * Parses `src` with tree-sitter and fills the collector. Never throws for syntax; the caller
 * still wraps it for safety.
 */
export function walkTree(parser: Parser, given: string, c: Collector): void {
  let src = given;
  let tree = parser.parse(src);
  if (!tree) {
    addUnseen(c, 'the parser returned no tree');
    return;
  }
  // A here-document delimiter with a quoted part (`<<"E"OF`): read again, spelled as the grammar reads it.
  if (src.includes('<<')) {
    const respelled = respellQuotedDelimiters(tree.rootNode, src);
    if (respelled !== src) {
      tree.delete();
      src = respelled;
      tree = parser.parse(src);
      if (!tree) {
        addUnseen(c, 'the parser returned no tree');
        return;
      }
    }
  }
  try {
    const bangs = bangSpots(tree.rootNode, src);
    const ranges = numericGlobSpots(tree.rootNode, src);
    // A `>` of a range glob (`k<->!x`) is the glob's, not an operator `!` joins.
    const spots = bangs.filter((b) => !ranges.some((r) => b.start < r.end && r.start < b.end));
    const readsBang = (s: ShellModel): boolean => spots.length > 0 && s.bangJoinsOperator;
    const readsRange = (s: ShellModel): boolean => ranges.length > 0 && s.numericRangeGlob;
    const joining = c.shells.filter((s) => readsBang(s) || readsRange(s));
    // Every shell reads the bash meaning (or there is nothing zsh reads otherwise): one walk.
    if (joining.length === 0) return walkOne(tree.rootNode, src, c);
    if (joining.some((s) => readsBang(s) !== readsBang(joining[0]!) || readsRange(s) !== readsRange(joining[0]!)))
      return addUnseen(c, 'the shells this command may run in read its operators three ways');
    const differing = spots.find((s) => s.differs);
    const differs = joining.length < c.shells.length && (ranges.length > 0 || differing !== undefined);
    // Both meanings when the shells disagree on what runs or is written: each is walked, its
    // commands and effects judged as any others, so the call is decided as the stricter of the
    // two — a firm ask only where a reading is (decision 0124; DESIGN, "a construct whose meaning
    // … differs", kept for what toolgate reads one way only).
    // The readings are alternatives: each starts where the line starts (a `cd` of one does not
    // move the other), so their flows are the two branches of an `if` with an empty condition.
    const before = c.flow;
    let first: Flow | undefined;
    if (differs) {
      delete c.flow;
      walkOne(tree.rootNode, src, c);
      first = c.flow;
      delete c.flow;
    }
    const joinedSrc = respellSpots(src, [...(readsBang(joining[0]!) ? spots : []), ...(readsRange(joining[0]!) ? ranges : [])]);
    const joinedTree = parser.parse(joinedSrc);
    if (!joinedTree) return addUnseen(c, 'the parser returned no tree');
    try {
      walkOne(joinedTree.rootNode, joinedSrc, c);
    } finally {
      joinedTree.delete();
    }
    if (differs) {
      if (first === undefined || c.flow === undefined) return addUnseen(c, 'the two readings of this command could not be followed');
      const readings: Flow = { kind: 'if', clauses: [{ cond: sequence([]), body: first }], otherwise: c.flow };
      c.flow = before === undefined ? readings : sequence([before, readings]);
    }
  } finally {
    tree.delete();
  }
}

/** Walks one parse of `src` into the collector, then the checks that need the whole tree. */
function walkOne(root: Node, src: string, c: Collector): void {
  const flow = new Walker(src, c).statement(root, { context: 'top', inSubshell: false, inherited: [], depth: 0 });
  c.flow = c.flow === undefined ? flow : sequence([c.flow, flow]);
  if (root.hasError && c.unseen.length === 0) addUnseen(c, 'parse error');
  if (c.unseen.length === 0) checkSubstitutions(root, src, c);
  if (c.unseen.length === 0) {
    const hidden = hiddenArithmetic(root, src, c.numericOutput);
    if (hidden) addUnseen(c, hidden);
  }
  // `((PATH=0)); ls` sets PATH as `PATH=0; ls` does; where in the script is not tracked, so from the start.
  for (const name of arithmeticAssignments(root, src)) addStateChange(c, variableStateChange(name, false, c.shells), 0);
}
