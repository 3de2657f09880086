import { RE2JS } from 're2js';
import type { CompiledMatcher } from '../types.js';

const PLAIN = /^[A-Za-z0-9_\- ,|]*$/;

/**
 * Compile a matcher string (Claude Code docs, "Hooks reference › Matcher patterns"):
 * `*`, empty or omitted matches every subject; a string of only letters, digits, `_`, `-`, space,
 * `,` and `|` is an exact name list split on `|` or `,`; anything else is an unanchored regular
 * expression searched in the subject. Regexes run on re2js (RE2 semantics, linear time), so a
 * hostile pattern like `(a+)+$` cannot hang the agent; a pattern RE2 rejects (look-around,
 * back-references) gives `{ kind: 'invalid' }`.
 * @public
 */
export function compileMatcher(matcher: string | undefined): CompiledMatcher {
  const text = matcher ?? '';
  if (text.trim() === '' || text.trim() === '*') return { kind: 'all', text };
  if (PLAIN.test(text)) {
    const names = text
      .split(/[|,]/)
      .map((n) => n.trim())
      .filter((n) => n !== '');
    return { kind: 'names', text, names };
  }
  try {
    const re = RE2JS.compile(text);
    return { kind: 'regex', text, test: (subject) => re.test(subject) };
  } catch (e) {
    return { kind: 'invalid', text, error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Does a compiled matcher select `subject`? `undefined` subject (the event takes no matcher) always
 * matches. An `invalid` matcher matches only when `runBroken` (events that can block: a broken
 * guard must not switch itself off).
 * @public
 */
export function matcherSelects(m: CompiledMatcher, subject: string | undefined, runBroken: boolean): boolean {
  if (subject === undefined) return true;
  switch (m.kind) {
    case 'all':
      return true;
    case 'names':
      return m.names.includes(subject);
    case 'regex':
      return m.test(subject);
    case 'invalid':
      return runBroken;
  }
}
