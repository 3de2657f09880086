/**
 * The sed script reader against hand-checked scripts and against the installed GNU sed: every
 * `e` command real sed runs must be one the reader found (or the reader must say it cannot see).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sedScriptEffects, sedScripts, sedWrapper } from '../../src/shell/programs/sed/script.js';
import { propertyRuns } from '../support/property-runs.js';

describe('sedScriptEffects', () => {
  it.each([
    ['1!e rm -rf src', ['rm -rf src']],
    ['{e rm x\n}', ['rm x']],
    ['$!{\n/re/I,+2 !e  echo hi\n}', ['echo hi']],
    ['s/[/]e/x/;e ls', ['ls']],
    ['e r\\m -rf src', ['rm -rf src']],
    ['e\\\nrm x', ['rm x']],
    ['e echo a\\\nb', ['echo a\nb']],
    ['p;e rm x;p', ['rm x;p']],
    ['a foo; e rm x', []],
    ['a foo\\\ne rm x', []],
    ['a\\\ne rm x', []],
    ['y/e/f/;p', []],
    ['w out; e rm x', []],
    ['# e rm x\np', []],
    [':e\nb e', []],
    ['s/a/b/w out\ne ls', ['ls']],
    ['\\%e rm%e ls', ['ls']],
    ['0,/x/e id', ['id']],
    ['1~2e id', ['id']],
  ])('%j runs %j', (script, runs) => {
    expect(sedScriptEffects(script).runs).toEqual(runs);
  });

  it('reports the e flag and a bare e as code it cannot see', () => {
    expect(sedScriptEffects('s|.*|rm -rf src|e').unseen).toHaveLength(1);
    expect(sedScriptEffects('s|.*|rm -rf src|e').evalReplacements).toEqual(['rm -rf src']);
    expect(sedScriptEffects('s/x/&y/ge').evalReplacements).toEqual([]);
    expect(sedScriptEffects('1e').unseen).toHaveLength(1);
    expect(sedScriptEffects('1e\np').unseen).toHaveLength(1);
  });

  it('finds the files it writes and reads', () => {
    expect(sedScriptEffects('1!w secrets/x\nr .env').writes).toEqual(['secrets/x']);
    expect(sedScriptEffects('1!w secrets/x\nr .env').reads).toEqual(['.env']);
    expect(sedScriptEffects('s/a/b/gw out; p').writes).toEqual(['out; p']);
    expect(sedScriptEffects('W o1\nR i1').writes).toEqual(['o1']);
  });

  it('says when sed would refuse the script', () => {
    for (const bad of ['1!!p', 'k', 's/a/b', '{p', 'p}', 'p x', ':', 'w', 's/a/b/z'])
      expect([bad, sedScriptEffects(bad).error]).not.toEqual([bad, undefined]);
  });
});

describe('sed command lines', () => {
  it('reads -e, --expression and its abbreviations, and the first operand', () => {
    const pieces = (argv: string[]) => {
      const r = sedScripts(argv, []);
      return 'pieces' in r ? r.pieces.map((p) => p.text) : r.problem;
    };
    expect(pieces(['sed', '-e', '{e rm', '-e', '}', 'f'])).toEqual(['{e rm', '}']);
    expect(pieces(['sed', '--exp=e rm', 'f'])).toEqual(['e rm']);
    expect(pieces(['sed', '-ne', 'p', 'f'])).toEqual(['p']);
    expect(pieces(['sed', '-n', 'e rm', 'f'])).toEqual(['e rm']);
    expect(pieces(['sed', 'f', '-n', '--', '-e'])).toEqual(['f']);
    expect(pieces(['sed', '--s', 'p'])).toMatch(/ambiguous/);
  });

  it('sandbox mode runs nothing; -f and scripts that are not literal are opaque', () => {
    expect(sedWrapper(['sed', '--sandbox', 'e rm'], [])).toBeUndefined();
    expect(sedWrapper(['sed', '-f', 'x.sed', 'f'], [])?.inner[0]?.kind).toBe('opaque');
    expect(sedWrapper(['sed', '"$S"', 'f'], [true, false, true])?.inner[0]?.kind).toBe('opaque');
    expect(sedWrapper(['sed', 's/a/b/', 'f'], [])).toBeUndefined();
  });
});

function realSed(): boolean {
  try {
    return execFileSync('sed', ['--version'], { encoding: 'utf8' }).includes('GNU sed');
  } catch {
    return false;
  }
}

/**
 * Real sed on each script, every run in one bash process: `sed BEFORE... -e SCRIPT AFTER...` in
 * `dir`, standard input from `stdin`, standard error discarded, stopped after 2 s. Starting each
 * sed from this process (a fork of a large one) was most of the file's time; bash forks cheaply.
 * Each run's standard output and exit status, by the script's index.
 */
function sedEach(
  dir: string,
  scripts: readonly string[],
  before: readonly string[],
  after: readonly string[],
  stdin: string,
): { out: string; status: number }[] {
  const loop = `dir=$1 stdin=$2 n=$3; shift 3; before=("\${@:1:n}"); shift "$n"; n=$1; shift; after=("\${@:1:n}"); shift "$n"
i=0
for s in "$@"; do
  timeout 2 sed "\${before[@]}" -e "$s" "\${after[@]}" <"$stdin" >"$dir/out.$i" 2>/dev/null
  echo $? >"$dir/status.$i"
  i=$((i + 1))
done`;
  const r = spawnSync(
    'bash',
    ['-c', loop, 'sed-each', dir, stdin, String(before.length), ...before, String(after.length), ...after, ...scripts],
    { cwd: dir, stdio: 'ignore' },
  );
  if (r.status !== 0) throw new Error(`the sed loop failed: ${String(r.status ?? r.signal)}`);
  return scripts.map((_, i) => ({
    out: readFileSync(join(dir, `out.${i}`), 'utf8'),
    status: Number(readFileSync(join(dir, `status.${i}`), 'utf8')),
  }));
}

describe.skipIf(!realSed())('against GNU sed', () => {
  /** Script pieces that split a reader from sed; `e echo M<n>` commands are what real sed may run. */
  const piece = fc.oneof(
    fc.constantFrom(
      'p',
      'd',
      'n',
      'N',
      'x',
      '=',
      'q',
      'l 3',
      'b end',
      ':end',
      't',
      'T x',
      'y/ab/cd/',
      's/a/b/',
      's|[|]|x|g',
      's/\\//x/',
      's e x e',
    ),
    fc.constantFrom('a text', 'a\\', 'i\\', 'c x', 'a foo\\', '# c', 'r /dev/null', 'w /dev/null', 's/x/y/w /dev/null'),
    fc.constantFrom('{', '}', '1', '$', '1,2', '/a/', '\\%a%', '/[/]/I', '0~1', '!', ' ', '\\', ';', '\n', '\\\n'),
    fc.nat({ max: 99 }).map((n) => `e echo M${n}`),
  );
  const script = fc.array(piece, { minLength: 1, maxLength: 8 }).map((xs) => xs.join(''));

  it('never misses an e command sed runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-sed-'));
    const input = join(dir, 'in');
    writeFileSync(input, 'a\nb\n');
    const params = { numRuns: propertyRuns(400), seed: 15 };
    try {
      // The scripts the property will be given (the same seed draws the same values), run by real
      // sed up front; a script found only while shrinking runs on its own.
      const scripts = fc.sample(script, params);
      const ranUpFront = new Map(sedEach(dir, scripts, ['-n'], [input], '/dev/null').map((r, i) => [scripts[i]!, r.out]));
      const sedOut = (s: string): string => {
        const known = ranUpFront.get(s);
        if (known !== undefined) return known;
        try {
          return execFileSync('sed', ['-n', '-e', s, input], {
            cwd: dir,
            encoding: 'utf8',
            timeout: 2000,
            stdio: ['ignore', 'pipe', 'ignore'],
          });
        } catch (error) {
          return String((error as { stdout?: string }).stdout ?? '');
        }
      };
      fc.assert(
        fc.property(script, (s) => {
          const out = sedOut(s);
          const ran = [...new Set(out.match(/^M\d+$/gm) ?? [])];
          const fx = sedScriptEffects(s);
          const found = fx.runs.join('\n');
          for (const m of ran) {
            if (fx.error !== undefined || fx.unseen.length > 0) continue;
            expect({ script: s, ran: m, found: fx.runs }).toMatchObject({ found: expect.arrayContaining([expect.stringContaining(m)]) });
            expect(found).toContain(m);
          }
        }),
        params,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // 400 runs of real sed, each starting a shell for its e commands: minutes on a loaded machine.
  }, 180_000);

  it('accepts every script sed accepts (sandbox mode, no commands run)', () => {
    const safe = script.map((s) => s.replace(/e echo M\d+/g, 'p').replace(/[rw] \/dev\/null/g, 'p'));
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-sed-'));
    const stdin = join(dir, 'stdin');
    writeFileSync(stdin, 'a\n');
    const params = { numRuns: propertyRuns(300), seed: 15 };
    try {
      const scripts = fc.sample(safe, params);
      const accepted = new Map(sedEach(dir, scripts, ['--sandbox', '-n'], [], stdin).map((r, i) => [scripts[i]!, r.status === 0]));
      const sedAccepts = (s: string): boolean =>
        accepted.get(s) ?? spawnSync('sed', ['--sandbox', '-n', '-e', s], { input: 'a\n', encoding: 'utf8' }).status === 0;
      fc.assert(
        fc.property(safe, (s) => {
          if (sedAccepts(s)) expect({ script: s, error: sedScriptEffects(s).error }).toEqual({ script: s, error: undefined });
        }),
        params,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // 300 runs of real sed: more than the default 30 s on a machine loaded tenfold.
  }, 120_000);
});
