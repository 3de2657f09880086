/**
 * Programs and builtins whose words never name files they open (text, numbers, names of
 * variables, users, signals or programs), which have no model of their own: their files facet is
 * empty. `[[` is the keyword's word, should a wrapper run it.
 */

/** Programs and builtins whose words name no file. @internal */
export const NO_FILE_WORDS: ReadonlySet<string> = new Set([
  '[[',
  'type',
  'hash',
  'alias',
  'unalias',
  'times',
  'let',
  'who',
  'clear',
  'tput',
  'help',
  'caller',
  'compgen',
  'complete',
  'compopt',
  'enable',
  'suspend',
  'pgrep',
  'pkill',
  'killall',
  'jq-version',
]);
