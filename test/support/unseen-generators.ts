/**
 * fast-check generators for commands that split a reader from bash: control characters,
 * Unicode blanks, line continuations, comments, hidden substitutions, arithmetic on variables,
 * programs named by a path, state changes, `cd` forms and brace operands. Used by the property
 * test (test/shell/unseen-property.oracle.test.ts) and the long fuzz run (scripts/fuzz-unseen.ts).
 */
import fc from 'fast-check';

/** Read-only commands toolgate allows on their own with no rules. */
export const READ_ONLY = [
  'ls',
  'ls -la',
  'cat README.md',
  'echo hi',
  'git status',
  'grep -r x src',
  'head -n 1 README.md',
  'wc -l README.md',
  'pwd',
  'git log -1',
  'tree src',
  'cat src/a.ts',
];

/** Separators and blanks, including the ones bash and a grammar read differently. */
const SEPARATORS = [
  ' ',
  ';',
  ' && ',
  ' || ',
  ' | ',
  '\n',
  '\r',
  '\v',
  '\f',
  '\r\n',
  '\\\r\n',
  '\\\n',
  ' \u00a0',
  '\u200b',
  '\u2028',
  '\t',
  ' & ',
];

/** Pieces: hidden code, state changes, paths, constructs. `evil` is a stub that logs its run. */
const PIECES = [
  'evil',
  'rm -rf src',
  '# ; evil',
  '#',
  "'$(evil)'",
  '$(evil)',
  '`evil`',
  '"${x:-\'$(evil)\'}"',
  "${x:-'$(evil)'}",
  "x='a[$(evil)]'",
  '$((x))',
  '$[x]',
  '((x))',
  '${HOME:x}',
  '${a[x]}',
  'let x',
  '[[ x -eq 1 ]]',
  '{a[x]}>/dev/null',
  '${!x}',
  "PS4='$(evil)'",
  'set -x',
  'mapfile -C evil -c 1 arr < README.md',
  "printf -v 'a[x]' %s 1",
  '${x@P}',
  'PATH=sub:$PATH',
  'HOME=sub',
  'HOME=secrets',
  'OLDPWD=$HOME',
  'IFS=/',
  'CDPATH=..',
  'GIT_DIR=x',
  'export PATH=sub',
  'cd',
  'cd -',
  'cd ..',
  'cd ~',
  'cd $HOME',
  'cd /opt/outside',
  'cd src',
  'f() { evil; }',
  'ls() { evil; }',
  'alias ls=evil',
  'shopt -s expand_aliases',
  './cat README.md',
  'sub/ls',
  '/opt/outside/cat',
  '../project/sub/ls',
  './build.sh',
  'ls {.,..}',
  'cat {README.md,$HOME/id_rsa}',
  'cat {README.md,../id_rsa}',
  'cat ~/id_rsa',
  'cat id_rsa',
  'grep -r PRIVATE',
  'ls -la',
  'coproc { evil; }',
  'coproc evil',
  'if',
  'fi',
  '(',
  ')',
  '{',
  '}',
  'echo > a',
  'cat .env',
];

/** One piece, sometimes with a piece of text around it. */
export const piece = fc.constantFrom(...PIECES);
export const separator = fc.constantFrom(...SEPARATORS);

/** A suffix: 1–5 pieces joined by separators, starting with a separator. */
export const suffix = fc
  .array(fc.tuple(separator, piece), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.map(([s, p]) => s + p).join(''));

/** A read-only command followed by a generated suffix. */
export const readOnlyWithSuffix = fc.tuple(fc.constantFrom(...READ_ONLY), suffix).map(([r, s]) => r + s);

/** Setup run in the sandbox first: programs named by a path that run `evil`. */
export const UNSEEN_SETUP = [
  'printf \'#!/bin/sh\\nevil ran-by-path "$0" "$@"\\n\' > sub/ls',
  'chmod +x sub/ls',
  'cp sub/ls cat',
  'cp sub/ls /opt/outside/cat',
].join(' && ');

/** The setup a command needs: the planted programs only when it names one by a path (a setup costs a sandbox run). */
export function setupFor(command: string): string | undefined {
  return /sub\/ls|\bcat\b|\/opt\/outside/.test(command) && /\.\/|\//.test(command) ? UNSEEN_SETUP : undefined;
}
