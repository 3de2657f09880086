/**
 * Named answerers (`toolgate serve --answerers FILE`): a JSON object of name to token. Each name
 * is who the audit log records for an answer given with that token (on the page: `page:NAME`).
 * Names are plain identifiers; `token` is serve's own token's name and cannot be taken.
 */

/** Why `name` cannot name an answerer, or `undefined` when it can. */
export function answererNameProblem(name: string): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    return 'a name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit';
  if (name === 'token') return '"token" is the name of serve\'s own token';
  return undefined;
}

/** The answerers a file's text names, or why it cannot be read (with the JSON path at fault). */
export function parseAnswerers(text: string, file: string): { ok: true; answerers: Map<string, string> } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${file}: not JSON (${(e as Error).message}); expected an object of answerer name to token` };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, message: `${file}: expected an object of answerer name to token, as {"alice": "…"}` };
  const answerers = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, token] of Object.entries(raw as Record<string, unknown>)) {
    const bad = answererNameProblem(name);
    if (bad !== undefined) return { ok: false, message: `${file}: at ${JSON.stringify(name)}: ${bad}` };
    if (typeof token !== 'string' || token.trim().length < 16)
      return { ok: false, message: `${file}: at ${JSON.stringify(name)}: expected a token of at least 16 characters` };
    if (seen.has(token.trim())) return { ok: false, message: `${file}: at ${JSON.stringify(name)}: two answerers have the same token` };
    seen.add(token.trim());
    answerers.set(name, token.trim());
  }
  return { ok: true, answerers };
}

/**
 * Who answered, in words, from the credential's principal — never from a name the caller gives:
 * `token` is whoever holds serve's token (the API, `toolgate asks answer`), `page:NAME` the
 * approval page signed in as NAME (the name typed at sign-in with the token, or an answerer's own),
 * any other name an answerer of `--answerers` with their own token.
 */
export function answeredBy(principal: string): string {
  if (principal === 'token') return "the holder of serve's token (the API or `toolgate asks answer`)";
  if (principal === 'page:token') return "the approval page, signed in with serve's token";
  if (principal.startsWith('page:')) return `the approval page, signed in as ${principal.slice('page:'.length)}`;
  return `answerer ${principal} (their own token)`;
}
