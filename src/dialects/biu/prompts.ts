/**
 * Matching a plan's `allowedPrompts` entry against a command (biu docs, "The Plan mode
 * lifecycle"): by keywords, not by a model. The prompt's words are lower-cased and stemmed;
 * stop words (`run`, `all`, `the`, …) and numbers are dropped; every remaining keyword must
 * appear among the command's words. A prompt with no keyword left matches nothing.
 * @packageDocumentation
 */

const STOP_WORDS = new Set([
  'run',
  'runs',
  'running',
  'all',
  'the',
  'a',
  'an',
  'and',
  'or',
  'to',
  'of',
  'for',
  'in',
  'on',
  'with',
  'any',
  'some',
  'my',
  'our',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'from',
  'into',
  'using',
  'via',
  'then',
  'please',
]);

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && /(x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** The keywords of an allowed prompt (stemmed, without stop words and numbers). @public */
export function promptKeywords(prompt: string): string[] {
  return words(prompt)
    .filter((w) => !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .map(stem);
}

/**
 * Does a plan-approved prompt cover a command? Every keyword of the prompt must appear among the
 * command's stemmed words; case does not matter; an empty command or a prompt without keywords
 * never matches.
 * @public
 */
export function matchPromptToCommand(prompt: string, command: string): boolean {
  const keys = promptKeywords(prompt);
  if (keys.length === 0) return false;
  const have = new Set(words(command).map(stem));
  if (have.size === 0) return false;
  return keys.every((k) => have.has(k));
}
