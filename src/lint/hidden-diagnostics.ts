import { hiddenChars, showHidden } from './hidden-chars.js';
import type { LintDiagnostic } from './types.js';

/** A value quoted for a message: JSON, with hidden characters (bidi controls among them) as `<U+XXXX>`. */
export function quoteForMessage(text: string): string {
  const hidden = hiddenChars(text);
  return hidden.length === 0 ? JSON.stringify(text) : JSON.stringify(showHidden(text, hidden));
}

/**
 * `TG_LINT_HIDDEN_CHAR` / `TG_LINT_CONFUSABLE_CHAR` for each character of `text` that does not
 * show as what it is: the code point, its name, its 1-based position in the value and a `range`
 * (for the line and column in the file). `what` names the value (`this deny rule`); `consequence`
 * ends the message (`, so it refuses nothing`).
 */
export function hiddenCharDiagnostics(
  text: string,
  path: (string | number)[],
  file: string | undefined,
  what: string,
  consequence = '',
): LintDiagnostic[] {
  const hidden = hiddenChars(text);
  if (hidden.length === 0) return [];
  const shown = JSON.stringify(showHidden(text, hidden));
  return hidden.map((c) => {
    const seen =
      c.kind === 'bidi'
        ? 'a bidirectional control: it can reorder what is displayed'
        : c.kind === 'invisible'
          ? 'an invisible character'
          : c.kind === 'space'
            ? 'a space that is not U+0020'
            : c.kind === 'compatibility'
              ? 'not the ASCII letter it looks like'
              : 'not an ASCII letter';
    return {
      code: c.kind === 'compatibility' || c.kind === 'confusable' ? 'TG_LINT_CONFUSABLE_CHAR' : 'TG_LINT_HIDDEN_CHAR',
      severity: 'error',
      message: `${shown}: ${c.codePoint} ${c.name} at position ${c.index + 1} is ${seen}; ${what} is compared as written and does not match what it appears to say${consequence}`,
      path,
      range: { start: c.index, end: c.index + c.length },
      ...(file !== undefined ? { file } : {}),
    } satisfies LintDiagnostic;
  });
}
