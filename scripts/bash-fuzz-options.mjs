#!/usr/bin/env node
// Extract every option of the programs the shell fuzzer calls from the installed manual pages
// (coreutils 9.1, diffutils, findutils, util-linux 2.38, git 2.39, ripgrep, tree, xxd, …) into
// test/support/bash-fuzz/options.json. Run again when the machine's tools change; the file is
// committed so a fixed seed generates the same commands everywhere.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const PAGES = {
  // read-only candidates
  ls: 'ls',
  cat: 'cat',
  head: 'head',
  tail: 'tail',
  wc: 'wc',
  sort: 'sort',
  uniq: 'uniq',
  cut: 'cut',
  date: 'date',
  stat: 'stat',
  du: 'du',
  df: 'df',
  tr: 'tr',
  nl: 'nl',
  od: 'od',
  tac: 'tac',
  comm: 'comm',
  basename: 'basename',
  dirname: 'dirname',
  realpath: 'realpath',
  readlink: 'readlink',
  md5sum: 'md5sum',
  sha256sum: 'sha256sum',
  cksum: 'cksum',
  id: 'id',
  uname: 'uname',
  pwd: 'pwd',
  printenv: 'printenv',
  diff: 'diff',
  cmp: 'cmp',
  grep: 'grep',
  find: 'find',
  rg: 'rg',
  tree: 'tree',
  xxd: 'xxd',
  hexdump: 'hexdump',
  rev: 'rev',
  strings: 'strings',
  sed: 'sed',
  hostname: 'hostname',
  column: 'column',
  fold: 'fold',
  paste: 'paste',
  join: 'join',
  expand: 'expand',
  base64: 'base64',
  numfmt: 'numfmt',
  shuf: 'shuf',
  pr: 'pr',
  fmt: 'fmt',
  split: 'split',
  tee: 'tee',
  // wrappers
  timeout: 'timeout',
  nice: 'nice',
  nohup: 'nohup',
  stdbuf: 'stdbuf',
  env: 'env',
  xargs: 'xargs',
  chrt: 'chrt',
  ionice: 'ionice',
  taskset: 'taskset',
  setsid: 'setsid',
  flock: 'flock',
  script: 'script',
  watch: 'watch',
  // git subcommands
  'git log': 'git-log',
  'git show': 'git-show',
  'git diff': 'git-diff',
  'git status': 'git-status',
  'git branch': 'git-branch',
  'git grep': 'git-grep',
  'git ls-files': 'git-ls-files',
  'git rev-parse': 'git-rev-parse',
  'git blame': 'git-blame',
  'git shortlog': 'git-shortlog',
  'git describe': 'git-describe',
  'git tag': 'git-tag',
  'git remote': 'git-remote',
  'git config': 'git-config',
  'git cat-file': 'git-cat-file',
  'git ls-tree': 'git-ls-tree',
  'git reflog': 'git-reflog',
  'git for-each-ref': 'git-for-each-ref',
  'git stash': 'git-stash',
  git: 'git',
};

function manText(page) {
  try {
    return execFileSync('man', ['-P', 'cat', page], {
      env: { ...process.env, MANWIDTH: '200', LANG: 'C' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).replace(/.\x08/g, '');
  } catch {
    return '';
  }
}

/** Option spellings from the heading lines of a man page (7 spaces, then a dash). */
function options(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    const m = /^ {7}(-\S.*)$/.exec(line);
    if (!m) continue;
    const head = m[1].split(/\s{2,}|\t/)[0];
    // A short spelling shares the value of the long one beside it (`-k, --kill-after=DURATION`).
    const shared = /--[\w-]+\[=/.test(head) ? 'optional' : /--[\w-]+=/.test(head) ? 'required' : undefined;
    for (const part of head.split(/,\s+/)) {
      const o = /^(--?)(\[no-\])?([A-Za-z0-9][\w-]*)(\[=[^\]]*\]|=\S+|\s+\S+)?$/.exec(part.trim());
      if (!o) continue;
      const value =
        o[4] === undefined ? (o[1] === '-' && shared === 'required' ? 'required' : 'none') : o[4].startsWith('[') ? 'optional' : 'required';
      const names = o[2] ? [`${o[1]}${o[3]}`, `${o[1]}no-${o[3]}`] : [`${o[1]}${o[3]}`];
      for (const name of names) if (!out.has(name)) out.set(name, value);
    }
  }
  return [...out].map(([name, value]) => ({ name, value })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

const table = {};
for (const [program, page] of Object.entries(PAGES)) {
  const opts = options(manText(page));
  if (opts.length > 0) table[program] = opts;
  else console.error(`no options found for ${program} (${page})`);
}
const file = new URL('../test/support/bash-fuzz/options.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(table, null, 0).replace(/\],"/g, '],\n"')}\n`);
console.log(`${Object.keys(table).length} programs, ${Object.values(table).reduce((n, o) => n + o.length, 0)} options`);
