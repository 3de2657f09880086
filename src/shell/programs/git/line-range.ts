/**
 * The file `git log -L` reads (git-log(1) `-L<start>,<end>:<file>`, `-L:<funcname>:<file>`; also
 * `git show` and `git whatchanged`, which share log's options): the lines of that file in each
 * commit that changed them, read from history as `git blame FILE` reads it. Git 2.39 line-range.c
 * (`skip_range_arg`) finds the file after the range: a number, `+N`/`-N`, a `/regex/` (with `\`
 * escapes) or `^/regex/`, or a `:funcname` ending at the next unescaped `:`.
 */

/** After a `/regex/` that starts at `at`, or `undefined` when it does not close. */
function afterRegex(v: string, at: number): number | undefined {
  let k = at + 1;
  while (k < v.length && v[k] !== '/') k += v[k] === '\\' ? 2 : 1;
  return k < v.length ? k + 1 : undefined;
}

/** After one end of a range (git's `parse_loc` without a file): a number or a regex; `at` when neither. */
function afterLocation(v: string, at: number, first: boolean): number | undefined {
  const num = /^\s*[+-]?\d+/.exec(v.slice(at));
  if (num !== null) return at + num[0].length;
  const start = first && v[at] === '^' ? at + 1 : at;
  return v[start] === '/' ? afterRegex(v, start) : at;
}

/** Where the range of a `-L` value ends (at the `:` before its file), or `undefined` when git would not read it. */
function rangeEnd(v: string): number | undefined {
  if (v.startsWith(':') || v.startsWith('^:')) {
    let k = v.indexOf(':') + 1;
    const from = k;
    while (k < v.length && v[k] !== ':') k += v[k] === '\\' && k + 1 < v.length ? 2 : 1;
    return k === from ? undefined : k;
  }
  const end = afterLocation(v, 0, true);
  if (end === undefined) return undefined;
  return v[end] === ',' ? afterLocation(v, end + 1, false) : end;
}

/**
 * The file a `-L` value names, or `undefined` when toolgate cannot tell it: the text after the
 * range as git parses it, taken only when it is also the text after the last `:` (a file name
 * holding a `:`, or a range toolgate parses otherwise than git, is left unknown).
 */
export function lineRangeFile(value: string): string | undefined {
  const end = rangeEnd(value);
  if (end === undefined || value[end] !== ':') return undefined;
  const file = value.slice(end + 1);
  const last = value.slice(value.lastIndexOf(':') + 1);
  return file !== '' && file === last ? file : undefined;
}
