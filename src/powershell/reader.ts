/**
 * A reader for the PowerShell command lines agents write: statements (`;`, newlines),
 * pipeline chains (`&&`, `||`), pipelines (`|`), commands in argument mode with parameters
 * (`-P v`, `-P:v`, switches), positional arguments, comma lists, splatting (`@x`), quoting
 * (`'…'`, `"…"` with `$var` expansion, backtick escapes) and redirections.
 *
 * Anything else is not guessed at: script blocks, the call and dot-source operators (`&`, `.`),
 * subexpressions (`$(…)`, `(…)`, `@(…)`), expressions and assignments as statements, keywords,
 * here-strings, comments, stop-parsing (`--%`), background jobs, control-character escapes and
 * any character outside printable ASCII make the line (or the part) unknown.
 *
 * Behaviour: PowerShell docs, about_Parsing, about_Quoting_Rules, about_Special_Characters,
 * about_Pipeline_Chain_Operators, about_Redirection, about_Splatting.
 */
import type { PsCommand, PsElement, PsRedirect, PowerShellReading, PsWord } from './types.js';

/** Longest command line read; longer ones are unknown (as for Bash). */
export const MAX_POWERSHELL_LENGTH = 10_000;

/** Language keywords: a statement starting with one is not a command. */
const KEYWORDS = new Set([
  'begin',
  'break',
  'catch',
  'class',
  'clean',
  'continue',
  'data',
  'define',
  'do',
  'dynamicparam',
  'else',
  'elseif',
  'end',
  'enum',
  'exit',
  'filter',
  'finally',
  'for',
  'foreach',
  'from',
  'function',
  'hidden',
  'if',
  'in',
  'inlinescript',
  'parallel',
  'param',
  'process',
  'return',
  'sequence',
  'static',
  'switch',
  'throw',
  'trap',
  'try',
  'until',
  'using',
  'var',
  'while',
  'workflow',
  'configuration',
]);

/** Escapes that stand for control characters (`` `n ``, `` `0 ``, ...) or a code point (`` `u{…} ``). */
const CONTROL_ESCAPES = new Set(['0', 'a', 'b', 'e', 'f', 'n', 'r', 't', 'v', 'u']);

/** Characters that end a bare word in argument mode. */
const WORD_END = new Set([' ', '\t', '\n', '\r', ';', '|', '&', ')', '}', ',', '>', '<']);

class Unknown extends Error {}

function unknown(why: string): never {
  throw new Unknown(why);
}

class Reader {
  pos = 0;
  statement = 0;
  commands: PsCommand[] = [];

  constructor(readonly s: string) {}

  peek(offset = 0): string {
    return this.s[this.pos + offset] ?? '';
  }

  /** Skip blanks and line continuations (a backtick before a newline). */
  blanks(): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '`' && (this.peek(1) === '\n' || (this.peek(1) === '\r' && this.peek(2) === '\n')))
        this.pos += this.peek(1) === '\r' ? 3 : 2;
      else return;
    }
  }

  read(): void {
    for (;;) {
      this.blanks();
      const c = this.peek();
      if (c === '') return;
      if (c === ';' || c === '\n' || c === '\r') {
        this.pos++;
        continue;
      }
      this.chain();
      this.blanks();
      const end = this.peek();
      if (end === '') return;
      if (end === ';' || end === '\n' || end === '\r') continue;
      unknown(`unexpected "${end}" after a command`);
    }
  }

  /** pipeline (`&&` | `||` pipeline)* */
  chain(): void {
    for (;;) {
      this.pipeline();
      this.blanks();
      if ((this.peek() === '&' && this.peek(1) === '&') || (this.peek() === '|' && this.peek(1) === '|')) {
        this.pos += 2;
        this.statement++;
        this.skipNewlines();
        continue;
      }
      this.statement++;
      return;
    }
  }

  skipNewlines(): void {
    for (;;) {
      this.blanks();
      if (this.peek() === '\n' || this.peek() === '\r') this.pos++;
      else return;
    }
  }

  pipeline(): void {
    let position = 0;
    for (;;) {
      this.blanks();
      this.command(position++);
      this.blanks();
      if (this.peek() === '|' && this.peek(1) !== '|') {
        this.pos++;
        this.skipNewlines();
        continue;
      }
      if (this.peek() === '&' && this.peek(1) !== '&') unknown('a background job (&)');
      return;
    }
  }

  command(position: number): void {
    const start = this.pos;
    const c = this.peek();
    if (c === '') unknown('a pipe or chain operator with no command after it');
    if (c === '&') unknown('the call operator &');
    if (c === '.' && (this.peek(1) === ' ' || this.peek(1) === '\t' || this.peek(1) === '')) unknown('dot-sourcing (.)');
    if (c === '$') unknown('an expression or assignment as a statement');
    if (c === '@') unknown('an array, hash table or here-string as a statement');
    if (c === '(' || c === '[' || c === '{' || c === "'" || c === '"') unknown('an expression or script block as a statement');
    if (c === '#' || (c === '<' && this.peek(1) === '#')) unknown('a comment');
    if (c === '-' || c === ',' || c === '!' || /[0-9]/.test(c)) unknown('an expression as a statement');
    const nameWord = this.bareWord();
    if (!nameWord.literal) unknown('a command name that is not literal');
    const name = nameWord.text;
    if (name === '') unknown(`unexpected "${this.peek()}"`);
    if (KEYWORDS.has(name.toLowerCase())) unknown(`the keyword ${name}`);
    if (this.peek() === '=' || /[=]/.test(name)) unknown('an assignment');
    const elements: PsElement[] = [];
    const redirects: PsRedirect[] = [];
    let endOfParameters = false;
    let sourceEnd = this.pos;
    for (;;) {
      this.blanks();
      const ch = this.peek();
      if (ch === '' || ch === ';' || ch === '\n' || ch === '\r' || ch === '|' || ch === '&') break;
      if (ch === ')' || ch === '}') unknown(`an unbalanced "${ch}"`);
      const redirect = this.redirect();
      if (redirect) {
        redirects.push(redirect);
        continue;
      }
      elements.push(this.element(endOfParameters));
      const last = elements[elements.length - 1];
      if (last?.kind === 'argument' && last.raw === '--' && !endOfParameters) endOfParameters = true;
      sourceEnd = this.pos;
    }
    this.commands.push({ name, elements, redirects, source: this.s.slice(start, sourceEnd), statement: this.statement, position });
  }

  /** A redirection at the current position, or undefined. */
  redirect(): PsRedirect | undefined {
    const m = /^([1-6*]?)(>>?)(&[12])?/.exec(this.s.slice(this.pos, this.pos + 5));
    if (this.peek() === '<') unknown('input redirection (<) is not PowerShell');
    if (!m || (m[1] === '' && this.peek() !== '>')) return undefined;
    const op = m[0];
    this.pos += op.length;
    if (m[3] !== undefined) {
      if (m[2] === '>>') unknown(`the redirection ${op}`);
      return { op, kind: 'merge' };
    }
    this.blanks();
    const target = this.value();
    if (target.length !== 1) unknown('a redirection to a list');
    const word = target[0]!;
    if (word.raw.toLowerCase() === '$null') return { op, kind: 'null', target: word };
    return { op, kind: 'file', target: word };
  }

  element(endOfParameters: boolean): PsElement {
    const c = this.peek();
    if (c === '@') {
      const m = /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(this.s.slice(this.pos));
      if (!m) unknown('an array, hash table or here-string argument');
      this.pos += m[0].length;
      if (!this.atWordEnd()) unknown('a splat joined to other text');
      return { kind: 'splat', raw: m[0] };
    }
    if (c === '-' && !endOfParameters) {
      const m = /^-([A-Za-z_?][A-Za-z0-9_?]*)(:?)/.exec(this.s.slice(this.pos));
      if (m) {
        const after = this.s[this.pos + m[0].length] ?? '';
        const ends = m[2] === ':' || after === '' || WORD_END.has(after);
        if (ends) {
          const start = this.pos;
          this.pos += m[0].length;
          if (m[2] === ':') {
            this.blanks();
            const value = this.value();
            return { kind: 'parameter', name: m[1]!, raw: this.s.slice(start, this.pos), value };
          }
          return { kind: 'parameter', name: m[1]!, raw: m[0] };
        }
      }
      if (this.s.startsWith('--%', this.pos)) unknown('the stop-parsing token --%');
    }
    const start = this.pos;
    const values = this.value();
    return { kind: 'argument', values, raw: this.s.slice(start, this.pos) };
  }

  atWordEnd(): boolean {
    const c = this.peek();
    return c === '' || WORD_END.has(c);
  }

  /** One argument value: a word, or a comma list of words. */
  value(): PsWord[] {
    const out: PsWord[] = [this.word()];
    for (;;) {
      if (this.peek() !== ',') return out;
      this.pos++;
      this.blanks();
      if (this.peek() === '\n' || this.peek() === '\r') this.skipNewlines();
      out.push(this.word());
    }
  }

  word(): PsWord {
    const c = this.peek();
    if (c === '') unknown('a value is missing');
    if (c === "'") return this.closed(this.singleQuoted());
    if (c === '"') return this.closed(this.doubleQuoted());
    if (c === '@' || c === '(' || c === '{' || c === '[' || c === '#' || c === ',' || c === '<') {
      unknown(c === '#' ? 'a comment' : c === '{' ? 'a script block' : `an expression argument starting with "${c}"`);
    }
    const w = this.bareWord();
    if (w.raw === '') unknown(`unexpected "${c}"`);
    return w;
  }

  /** A quoted string must stand alone: PowerShell reads `'a'b` in ways toolgate does not guess. */
  closed(w: PsWord): PsWord {
    if (!this.atWordEnd() && this.peek() !== ',') unknown('a quoted string joined to other text');
    return w;
  }

  singleQuoted(): PsWord {
    const start = this.pos;
    this.pos++;
    let text = '';
    for (;;) {
      const c = this.peek();
      if (c === '') unknown('an unterminated single-quoted string');
      this.pos++;
      if (c === "'") {
        if (this.peek() === "'") {
          text += "'";
          this.pos++;
          continue;
        }
        return { text, raw: this.s.slice(start, this.pos), literal: true, escaped: false };
      }
      text += c;
    }
  }

  doubleQuoted(): PsWord {
    const start = this.pos;
    this.pos++;
    let text = '';
    let literal = true;
    let escaped = false;
    for (;;) {
      const c = this.peek();
      if (c === '') unknown('an unterminated double-quoted string');
      this.pos++;
      if (c === '"') {
        if (this.peek() === '"') {
          text += '"';
          this.pos++;
          continue;
        }
        return { text: literal ? text : this.s.slice(start, this.pos), raw: this.s.slice(start, this.pos), literal, escaped };
      }
      if (c === '`') {
        text += this.escape();
        escaped = true;
        continue;
      }
      if (c === '$') {
        if (this.variable()) literal = false;
        else text += '$';
        continue;
      }
      text += c;
    }
  }

  /** After a backtick: the escaped character (control escapes are unknown). */
  escape(): string {
    const c = this.peek();
    if (c === '') unknown('a backtick at the end of the line');
    if (CONTROL_ESCAPES.has(c)) unknown(`the escape \`${c}`);
    if (c === '\n' || c === '\r') unknown('a line continuation inside a word');
    this.pos++;
    return c;
  }

  /**
   * After a `$`: read a variable reference and return true, or return false when the `$` is
   * literal (followed by nothing a variable can start with). `$(…)` is unknown.
   */
  variable(): boolean {
    const c = this.peek();
    if (c === '(') unknown('a subexpression $(…)');
    if (c === '{') {
      const close = this.s.indexOf('}', this.pos);
      if (close < 0) unknown('an unterminated ${…} variable');
      checkNamespace(this.s.slice(this.pos + 1, close));
      this.pos = close + 1;
      return true;
    }
    const m = /^(?:[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z0-9_]+)?|\$|\^|\?)/.exec(this.s.slice(this.pos));
    if (!m) return false;
    checkNamespace(m[0]);
    this.pos += m[0].length;
    return true;
  }

  /** A bare word in argument mode (also used for command names). */
  bareWord(): PsWord {
    const start = this.pos;
    let text = '';
    let literal = true;
    let escaped = false;
    for (;;) {
      const c = this.peek();
      if (c === '' || WORD_END.has(c)) break;
      if (c === '`') {
        if (this.peek(1) === '\n' || this.peek(1) === '\r') break;
        this.pos++;
        text += this.escape();
        escaped = true;
        continue;
      }
      if (c === "'" || c === '"') unknown('a quote inside a bare word');
      if (c === '(' || c === '{' || (c === '@' && this.pos === start)) unknown(`"${c}" inside a bare word`);
      if (c === '$') {
        this.pos++;
        if (this.variable()) literal = false;
        else text += '$';
        continue;
      }
      if (c === '#' && this.pos === start) unknown('a comment');
      if (c === '=' && this.pos === start) unknown('an assignment');
      text += c;
      this.pos++;
    }
    const raw = this.s.slice(start, this.pos);
    return { text: literal ? text : raw, raw, literal, escaped };
  }
}

/**
 * Read a PowerShell command line into its commands. Never throws: anything not understood is
 * reported in `unknown` (and then `commands` holds what was read before it).
 *
 * Fails closed: control characters, NUL, characters outside printable ASCII (PowerShell reads
 * typographic quotes and dashes as quotes and parameter dashes), over 10,000 characters, and
 * every construct listed in this module's description are unknown.
 * @param command - The PowerShell tool's `command` input.
 * @public
 */
export function readPowerShell(command: string): PowerShellReading {
  if (typeof command !== 'string') return { command: String(command), commands: [], unknown: ['command is not a string'] };
  if (command.length > MAX_POWERSHELL_LENGTH)
    return { command, commands: [], unknown: [`command longer than ${MAX_POWERSHELL_LENGTH} characters`] };
  // eslint-disable-next-line no-control-regex
  const odd = /[^\x20-\x7e\t\n\r]/.exec(command);
  if (odd) {
    const code = odd[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return {
      command,
      commands: [],
      unknown: [`the character U+${code} (PowerShell reads some non-ASCII characters as quotes, dashes or blanks)`],
    };
  }
  const r = new Reader(command);
  try {
    r.read();
    return { command, commands: r.commands, unknown: [] };
  } catch (error) {
    if (error instanceof Unknown) return { command, commands: r.commands, unknown: [error.message] };
    return { command, commands: r.commands, unknown: [`reading failed: ${error instanceof Error ? error.message : String(error)}`] };
  }
}

/** Variable scopes and the two providers whose items are plain values; any other `ns:` is a provider read. */
const VALUE_NAMESPACES = new Set(['env', 'variable', 'global', 'script', 'local', 'private', 'using']);

/**
 * `$C:file`, `${C:\path\file}`, `${function:f}`: a variable name with another provider's drive
 * reads that item — a file's content for a file-system drive — which no path rule would see.
 */
function checkNamespace(name: string): void {
  const colon = name.indexOf(':');
  if (colon < 0) return;
  const ns = name.slice(0, colon).toLowerCase();
  if (!VALUE_NAMESPACES.has(ns)) unknown(`the variable \${${name}} reads the provider item ${name} (a file, for a drive)`);
}
