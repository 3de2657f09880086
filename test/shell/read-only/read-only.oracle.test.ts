/**
 * The read-only allowlist against real bash (the bash oracle; needs root and namespaces, skipped
 * elsewhere, a failure under CI=true): every option of every table entry, spelled exactly,
 * abbreviated, with attached and separate values, brace-made and glob-named; the tools' other
 * long options abbreviated; and the everyday commands observed on the CLI — decided with no rules
 * and with narrow allow rules. Every `allow` is run; none may break the invariant.
 *
 * By default a fixed sample of the generated commands runs (every 8th, about 400 with the hand
 * and everyday lists); `TOOLGATE_ORACLE_FULL=1` runs all of them (about 3,100: minutes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLAUDE_CODE_READ_ONLY, WRAPPERS_READ_ONLY, type ReadOnlyEntry } from '../../../src/shell/read-only/tables.js';
import { describeWithOracle, judge, presetNamed, type Verdict } from '../../support/bash-oracle/index.js';

/** `'a b= c[=]'` → [name, takes value?]. */
function longs(text: string | undefined): Array<[string, 'none' | 'required' | 'optional']> {
  return (text ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const m = /^([^=[]+)(\[=\]|=)?$/.exec(t)!;
      return [m[1]!, m[2] === '=' ? 'required' : m[2] === '[=]' ? 'optional' : 'none'];
    });
}

function shorts(optstring: string | undefined): Array<[string, 'none' | 'required' | 'optional']> {
  const out: Array<[string, 'none' | 'required' | 'optional']> = [];
  const s = (optstring ?? '').replace(/^\+/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === ':') continue;
    out.push([c, s[i + 1] === ':' ? (s[i + 2] === ':' ? 'optional' : 'required') : 'none']);
  }
  return out;
}

function shortestPrefix(name: string, all: readonly string[]): string {
  for (let n = 2; n < name.length; n++) {
    const p = name.slice(0, n);
    if (!all.includes(p) && all.filter((x) => x.startsWith(p)).length === 1) return p;
  }
  return name;
}

const OPERANDS: Record<ReadOnlyEntry['operands'], string> = { read: 'README.md', patternThenRead: 'TODO README.md', text: 'x', none: '' };

/** Commands built from one table entry. */
function generated(name: string, e: ReadOnlyEntry): string[] {
  if (e.check && !['date', 'strings'].includes(e.check)) return [];
  const base = name === 'tr' ? 'a-z A-Z < README.md' : name === 'date' ? '+%F' : OPERANDS[e.operands];
  const value = (opt: string) => ((e.reads ?? []).includes(opt) ? 'README.md' : name === 'date' && /^(d|date)$/.test(opt) ? 'now' : '1');
  const out: string[] = [];
  for (const [c, arg] of shorts(e.short)) {
    if (name === 'tail' && (c === 'f' || c === 'F')) continue; // follows for ever
    if (arg === 'none') out.push(`${name} -${c} ${base}`);
    else {
      out.push(`${name} -${c}${value(c)} ${base}`);
      if (arg === 'required') out.push(`${name} -${c} ${value(c)} ${base}`);
    }
  }
  const safe = longs(e.long);
  const all = [...safe, ...longs(e.otherLong)].map(([n]) => n);
  for (const [n, arg] of safe) {
    if (name === 'tail' && /^(follow|retry|pid|sleep-interval|max-unchanged-stats)$/.test(n)) continue;
    for (const spelled of new Set([n, e.exactLong ? n : shortestPrefix(n, all)])) {
      if (arg === 'none') out.push(`${name} --${spelled} ${base}`);
      else {
        out.push(`${name} --${spelled}=${value(n)} ${base}`);
        if (arg === 'required') out.push(`${name} --${spelled} ${value(n)} ${base}`);
      }
    }
  }
  for (const [n] of longs(e.otherLong)) {
    out.push(`${name} --${e.exactLong ? n : shortestPrefix(n, all)}=README.md ${base}`);
    out.push(`${name} {--${n}=README.md,} ${base}`);
  }
  if (e.globs) out.push(`${name} * ${name === 'grep' ? '' : ''}`.trim(), `${name} -- *`);
  return out;
}

function wrapperCommands(): string[] {
  const out: string[] = [];
  for (const [name, e] of Object.entries(WRAPPERS_READ_ONLY)) {
    const lead = name === 'timeout' ? ' 5' : '';
    for (const [c, arg] of shorts(e.short)) out.push(`${name} -${c}${arg === 'none' ? '' : ' 1'}${lead} ls`);
    for (const [n, arg] of [...longs(e.long), ...longs(e.otherLong)])
      out.push(`${name} --${n}${arg === 'none' ? '' : '=README.md'}${lead} ls`);
  }
  return out;
}

const HAND = [
  // sed, jq, xargs, ps, find, git: their own checks.
  "sed -n '1,3p' README.md",
  "sed -n '1p;3p' README.md",
  "sed -n '1w x' README.md",
  "sed -n '1r .env' README.md",
  'sed -n 1e README.md',
  'jq .name package.json',
  "jq -r '.scripts | keys' package.json",
  'jq env package.json',
  "jq '$ENV' package.json",
  'jq input_filename package.json',
  'jq --rawfile x .env . package.json',
  'jq -L . . package.json',
  "jq '.[] | length' package.json",
  'find . -name "*.md" | xargs wc -l',
  'find . | xargs -0 wc -l',
  'find . | xargs echo',
  'find . | xargs cat',
  'ls | xargs -I{} cat {}',
  'ps aux',
  'ps -ef',
  'ps e',
  'ps eww',
  'ps -o pid,cmd',
  'ps --forest',
  'find . -name "*.md"',
  'find . -newer README.md',
  'find . -fprint x',
  'find . -delete',
  'find . -exec cat {} +',
  'find . -files0-from .env',
  'git status',
  'git log --oneline -3',
  'git diff',
  'git show HEAD',
  'git branch -a',
  'git tag',
  'git config --get user.name',
  'git help -a',
  'git help --i log',
  'git -c core.pager=evil log',
  'git log --output=x',
  'git branch newname',
  'echo ~',
  'echo *',
  'echo {a,b}',
  'test -f README.md',
  '[ -d src ]',
  'node --version',
  'lsof -i',
  'cd src && ls',
];

function everyday(): string[] {
  const files = ['../../cases/shared/cc-benign.jsonl', '../../cases/own/cc-benign-holdout.jsonl', '../../cases/own/cc-benign-check.jsonl'];
  return files.flatMap((f) =>
    readFileSync(join(__dirname, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { case: { call: { input: { command: string } } } }).case.call.input.command),
  );
}

describeWithOracle('read-only allowlist against real bash', (oracle) => {
  const full = process.env['TOOLGATE_ORACLE_FULL'] === '1';
  const table = [...Object.entries(CLAUDE_CODE_READ_ONLY).flatMap(([name, e]) => generated(name, e)), ...wrapperCommands()].filter(
    (_, i) => full || i % 8 === 0,
  );
  const sets: Array<[string, string, string[]]> = [
    ['no rules', 'none', [...new Set([...table, ...HAND, ...everyday()])]],
    ['narrow allow rules', 'narrow', [...new Set([...HAND, ...everyday()])]],
  ];
  it.each(sets)('%s: no fail-open', { timeout: 900_000 }, (label, preset, commands) => {
    const settings = presetNamed(preset)!.settings;
    const counts = { 'not-allowed': 0, held: 0, consented: 0, 'fail-open': 0, 'not-run': 0 };
    const failures: string[] = [];
    for (const command of commands) {
      const v: Verdict = judge(oracle(), { settings, mode: 'default', command });
      counts[v.outcome]++;
      if (v.outcome === 'fail-open') failures.push(`${command}: ${v.violations.map((x) => `${x.kind}: ${x.evidence}`).join('; ')}`);
      if (v.outcome === 'not-run') failures.push(`${command}: not run (${v.reason})`);
    }
    console.log(
      `read-only oracle, ${label}: ${commands.length} commands — ${counts.held} allowed and held, ${counts['fail-open']} fail-open, ${counts['not-allowed']} not allowed, ${counts['not-run']} not run`,
    );
    expect(failures).toEqual([]);
  });
});
