/**
 * Secrets out of what the audit log and the approval views show. The SHA-256 of the unredacted
 * input is kept beside it, so a call can still be matched against a known input.
 */
import { inputSha256 } from './canonical.js';

/** Object keys whose values are replaced whole. @public */
export const SECRET_KEY = /token|secret|pass(word)?|key|auth|cookie/i;

/** Longest string kept in a redacted copy; the rest is cut (the input's SHA-256 covers all of it). @public */
export const MAX_REDACTED_STRING = 8192;

/** What replaces a secret. @public */
export const REDACTED = '[redacted]';

const VALUE_PATTERNS: readonly RegExp[] = [
  // PEM blocks, an unterminated one up to the end of the string.
  /-----BEGIN [A-Z0-9 ]{1,64}-----[\s\S]*?(?:-----END [A-Z0-9 ]{1,64}-----|$)/g,
  // JSON Web Tokens.
  /\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
  // AWS access key ids.
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  // GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained PATs.
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // OpenAI / Anthropic style keys.
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // Slack tokens.
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
];

// `NAME=value` / `NAME: value`, and `--name value` / `--name=value`, where the name says it is a secret.
const ASSIGNMENT = /(?<![A-Za-z0-9_.-])([A-Za-z][A-Za-z0-9_.-]{0,127})(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s"'&|;]+)/g;
const FLAG = /(?<![A-Za-z0-9_.-])(--?[A-Za-z][A-Za-z0-9_.-]{0,127})( +|=)("[^"]*"|'[^']*'|[^\s"'&|;-][^\s"'&|;]*)/g;
const SECRET_NAME =
  /(?:^|[_.-])(?:token|secret|passw(?:or)?d|pass|key|auth|cookie|credentials?)(?:$|[_.-])|(?:token|secret|passw(?:or)?d|key)$/i;
// `Authorization: Bearer …` and friends.
const AUTH_HEADER = /(\b(?:authorization|proxy-authorization|x-api-key|cookie)\s*:\s*(?:(?:bearer|basic|token)\s+)?)[^\s"'\\]+/gi;
// user:password@ in URLs.
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:)[^\s/@]+@/gi;
// Runs of 32 or more hex digits, and base64 runs of 32 or more with a digit and both cases.
const HEX_RUN = /\b[A-Fa-f0-9]{32,}\b/g;
const B64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;

// What some match of a VALUE_PATTERNS entry must contain.
const VALUE_LITERALS = /-----BEGIN |eyJ|AKIA|ASIA|gh[pousr]_|github_pat_|sk-|xox[abposr]-/;
// What a name SECRET_NAME accepts, or a header AUTH_HEADER names, must contain.
const NAMED_WORDS = /token|secret|pass|key|auth|cookie|credential/i;

function looksLikeBase64Secret(run: string): boolean {
  return /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run);
}

/**
 * Replace secrets inside a string: PEM blocks, JWTs, AWS key ids (`AKIA…`), GitHub tokens
 * (`gh[pousr]_…`), `sk-…` keys, Slack tokens, credentials in URLs, `Authorization` headers,
 * `NAME=value` where the name says secret, and runs of 32 or more hex or base64 characters.
 * @public
 */
export function redactString(text: string): string {
  // Each step is skipped when the text lacks what every match of it needs (a replacement only
  // inserts "[redacted]", which supplies none of it): the same result, without ten scans of
  // every short string.
  let out = text;
  if (VALUE_LITERALS.test(out)) for (const p of VALUE_PATTERNS) out = out.replace(p, REDACTED);
  if (out.includes('://')) out = out.replace(URL_USERINFO, `$1${REDACTED}@`);
  if (NAMED_WORDS.test(out)) {
    out = out.replace(AUTH_HEADER, `$1${REDACTED}`);
    const named = (whole: string, name: string, sep: string, value: string) =>
      value === REDACTED || !SECRET_NAME.test(name.replace(/^-+/, '')) ? whole : `${name}${sep}${REDACTED}`;
    out = out.replace(ASSIGNMENT, named);
    out = out.replace(FLAG, named);
  }
  if (out.length >= 32) {
    out = out.replace(HEX_RUN, REDACTED);
    out = out.replace(B64_RUN, (run) => (looksLikeBase64Secret(run) ? REDACTED : run));
  }
  return out;
}

/**
 * Largest redacted copy of an input, in UTF-8 bytes of its JSON, the audit log keeps: the
 * 256 KiB the approval page shows whole. A larger one (many fields or elements; strings are cut
 * already) is kept as its size and the input's SHA-256 only: one event must not put megabytes in
 * the log (red team rt10s F4).
 */
export const MAX_REDACTED_INPUT_BYTES = 256 * 1024;

/**
 * A copy of a tool input with secrets replaced: the value of every key matching
 * {@link SECRET_KEY} (`/token|secret|pass(word)?|key|auth|cookie/i`) whole, and secrets inside
 * every other string (see {@link redactString}). Strings are cut at {@link MAX_REDACTED_STRING}
 * characters and nesting deeper than 64 levels is cut off. A copy larger than
 * {@link MAX_REDACTED_INPUT_BYTES} is replaced whole by a note of its size and the input's SHA-256.
 * @public
 */
export function redactInput(value: unknown, depth = 0): unknown {
  const copy = redactValue(value, depth);
  if (depth !== 0) return copy;
  // Nested at most 64 levels, so this never overflows the stack.
  const text = JSON.stringify(copy) ?? '';
  // A string of n UTF-16 units is at most 3n bytes: most copies need no encoding.
  const bytes = text.length * 3 <= MAX_REDACTED_INPUT_BYTES ? 0 : Buffer.byteLength(text, 'utf8');
  if (bytes <= MAX_REDACTED_INPUT_BYTES) return copy;
  return `[input not kept: ${bytes} bytes redacted, more than ${MAX_REDACTED_INPUT_BYTES / 1024} KiB; SHA-256 ${inputSha256(value)}]`;
}

function redactValue(value: unknown, depth: number): unknown {
  if (depth > 64) return REDACTED;
  if (typeof value === 'string') {
    if (value.length <= MAX_REDACTED_STRING) return redactString(value);
    return `${redactString(value.slice(0, MAX_REDACTED_STRING))}…[${value.length - MAX_REDACTED_STRING} more characters]`;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    // Defined, not assigned: a field named `__proto__` stays a field of the copy (assigning it would set the copy's prototype).
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? REDACTED : redactValue(v, depth + 1)]));
  }
  return value;
}
