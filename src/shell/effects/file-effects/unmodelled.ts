/**
 * Programs whose file effects toolgate does not model are not blind spots: every word that can
 * name a path counts as read and written. A word can name a path when it contains `/`, starts
 * with `.` or `~`, or (checked by the caller against the rules) names a path a deny rule covers;
 * option values count too (`--out=secrets/x`, `-o/tmp/x`, `of=x`, `host:path`, `@file`), and so
 * does the path of a `file:` URL (`file:///home/u/.env`).
 */
import { decodeWord } from '../../syntax/words.js';
import { fileUrlPath, isFileUrl } from '../../programs/curl/urls.js';
import type { FileOperand } from '../../options/file-operands.js';
import { expandBraces } from '../../syntax/brace.js';

const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** Does this text look like it names a path (`/` inside, or a leading `.` or `~`)? */
export function looksLikePath(text: string): boolean {
  return text.includes('/') || text.startsWith('.') || text.startsWith('~');
}

/** A directory that stands for what is inside it: `.`, `..`, `~`, or a path ending in `/`, `/.` or `/..`. */
export function looksLikeDirectory(text: string): boolean {
  if (text === '.' || text === '..' || text === '~' || text === '~/') return true;
  if (/\/\.{1,2}$/.test(text)) return true;
  return text.endsWith('/') && /^(\.{1,2}|~[^/]*)?\//.test(text) && !/\s/.test(text);
}

/**
 * An option's value and the values nested in it: what follows each further `=`, and each
 * `,`-separated item with what follows its `=`s. Programs take paths there (rustc's
 * `--emit=link=PATH`, `--print=cfg=PATH`, `-C link-arg=-Wl,-Map=PATH`, `--emit=asm=PATH,link=x`:
 * red team 19 R19-7 wrote .claude/settings.json and a git hook through them).
 */
function valueParts(value: string): string[] {
  const parts = new Set<string>();
  const tails = (text: string): void => {
    parts.add(text);
    for (let eq = text.indexOf('='); eq >= 0; eq = text.indexOf('=', eq + 1)) parts.add(text.slice(eq + 1));
  };
  // The items first, so a reason names `.git/hooks/pre-push`, not the whole `asm=…,link=x`.
  if (value.includes(',')) for (const item of value.split(',')) tails(item);
  tails(value);
  return [...parts];
}

/** The parts of a literal word that may name a path, with whether the whole word is a bare name. */
function candidates(word: string): { text: string; kind: 'path' | 'word' }[] {
  const out: { text: string; kind: 'path' | 'word' }[] = [];
  const push = (text: string, bare = false): void => {
    if (text === '' || text === '-' || out.some((c) => c.text === text)) return;
    if (looksLikePath(text)) out.push({ text, kind: 'path' });
    else if (bare) out.push({ text, kind: 'word' });
  };
  if (word.startsWith('-')) {
    const eq = word.indexOf('=');
    if (eq > 0) for (const part of valueParts(word.slice(eq + 1))) push(part, true);
    if (!word.startsWith('--') && word.length > 2) {
      // `-o/tmp/x`, `-Ipath`: the value after one or two option letters.
      push(word.slice(2));
      if (/^-[A-Za-z]{2}/.test(word)) push(word.slice(3));
    }
    return out;
  }
  if (looksLikePath(word)) out.push({ text: word, kind: 'path' });
  else out.push({ text: word, kind: 'word' });
  const eq = word.indexOf('=');
  if (eq > 0) for (const part of valueParts(word.slice(eq + 1))) push(part, true);
  if (word.startsWith('@')) push(word.slice(1), true);
  // `file:///home/u/.env`, `FILE://localhost/…`, `file:/…`: the local path the URL names.
  if (isFileUrl(word)) {
    const path = fileUrlPath(word);
    if (path !== undefined && path !== '') push(path, true);
  }
  if (word.includes(':') && !URL.test(word)) for (const part of word.split(':')) push(part, true);
  return out;
}

/**
 * The patterns a word holds if the program matches it itself (the npm `glob` CLI: `glob -c cat
 * '.e?v'` printed .env, red team 15 NEW-15): a word with `*`, `?`, `[` or a brace, each brace
 * alternative on its own (too many: the braces read as `*`). A word with white space is text
 * (`select * from t`), not a path pattern.
 */
function ownPatterns(text: string): string[] {
  if (/\s/.test(text) || !/[*?[{]/.test(text)) return [];
  const alternatives = /[{]/.test(text) ? (expandBraces(text) ?? [text.replace(/\{[^}]*\}?/g, '*')]) : [text];
  return alternatives.filter((a) => /[*?[]/.test(a) || a !== text);
}

/**
 * The assumed file operands of a program toolgate does not model: for each word from `start`
 * (skipping `skip`), the parts that may name a path. A literal part that looks like a path is
 * `assumed: 'path'` (a directory-like one reaches everything inside, `tree: 'some'`); any other
 * literal word is `assumed: 'word'` (it counts only if a deny rule or a protected name covers it);
 * a word that is not literal may be anything, so it counts as a path.
 */
export function assumedOperands(
  argv: readonly string[],
  literal: readonly boolean[],
  start: number,
  skip: ReadonlySet<number>,
): FileOperand[] {
  const out: FileOperand[] = [];
  for (let k = start; k < argv.length; k++) {
    if (skip.has(k)) continue;
    const word = argv[k]!;
    if (literal[k] === false) {
      const d = decodeWord(word);
      // `--out=$X`: the value is what may name a path; a whole word of expansions may be anything.
      const eq = word.indexOf('=');
      const value = eq > 0 && !/[$`]/.test(word.slice(0, eq)) ? word.slice(eq + 1) : word;
      if (word.startsWith('-') && eq < 0 && !d.expansion && d.substitutions === 0) continue;
      out.push({
        op: 'write',
        index: k,
        assumed: 'path',
        ...(value !== word ? { value } : {}),
        ...(looksLikeDirectory(value.replace(/["']/g, '')) ? { tree: 'some' as const } : {}),
      });
      // `file://$PWD/.env`: the URL's path (host dropped) may name a file too.
      const fileUrl = isFileUrl(value.replace(/^["']/, ''));
      if (fileUrl) out.push({ op: 'write', index: k, assumed: 'path', value: value.replace(/file:(?:\/\/[^/"'$`]*)?/i, '') });
      // `-v ~/.ssh:/root/.ssh`, `host:$DIR`: each part may be a path.
      if (value.includes(':') && !URL.test(value) && !fileUrl) {
        for (const part of value.split(':'))
          if (part !== '' && part !== value) out.push({ op: 'write', index: k, assumed: 'path', value: part });
      }
      continue;
    }
    for (const c of candidates(word)) {
      const tree = c.kind === 'path' && looksLikeDirectory(c.text) ? { tree: 'some' as const } : {};
      out.push({ op: 'write', index: k, assumed: c.kind, ...(c.text !== word ? { value: c.text } : {}), ...tree });
      for (const pattern of ownPatterns(c.text)) {
        // What it matches, and all a matched folder holds (`glob -c 'tar cf x.tar' 's?b'`).
        out.push({ op: 'read', index: k, value: pattern, pattern: true });
        out.push({ op: 'read', index: k, value: `${pattern.replace(/\/+$/, '')}/**/*`, pattern: true, shown: pattern });
      }
    }
  }
  return out;
}

/**
 * For programs toolgate does model: option values written `--name=VALUE` that look like paths
 * and that the model did not take up (`hexdump --format-file=.env`, gawk's `--profile=FILE`) are
 * assumed read and written.
 */
export function unclaimedOptionValues(argv: readonly string[], literal: readonly boolean[], claimed: ReadonlySet<number>): FileOperand[] {
  const out: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) {
    if (claimed.has(k)) continue;
    const word = argv[k]!;
    if (!word.startsWith('--')) continue;
    const eq = word.indexOf('=');
    if (eq < 0) continue;
    const value = word.slice(eq + 1);
    if (literal[k] === false ? /[$`]/.test(value) || looksLikePath(value) : looksLikePath(value)) {
      out.push({ op: 'read', index: k, value, assumed: 'path' }, { op: 'write', index: k, value, assumed: 'path' });
    }
  }
  return out;
}
