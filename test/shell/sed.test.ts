/**
 * The sed script reader against hand-checked scripts and against the installed GNU sed: every
 * `e` command real sed runs must be one the reader found (or the reader must say it cannot see).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sedScriptEffects, sedScripts, sedWrapper } from '../../src/shell/programs/sed/script.js';

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
    try {
      fc.assert(
        fc.property(script, (s) => {
          let out = '';
          try {
            out = execFileSync('sed', ['-n', '-e', s, input], {
              cwd: dir,
              encoding: 'utf8',
              timeout: 2000,
              stdio: ['ignore', 'pipe', 'ignore'],
            });
          } catch (error) {
            out = String((error as { stdout?: string }).stdout ?? '');
          }
          const ran = [...new Set(out.match(/^M\d+$/gm) ?? [])];
          const fx = sedScriptEffects(s);
          const found = fx.runs.join('\n');
          for (const m of ran) {
            if (fx.error !== undefined || fx.unseen.length > 0) continue;
            expect({ script: s, ran: m, found: fx.runs }).toMatchObject({ found: expect.arrayContaining([expect.stringContaining(m)]) });
            expect(found).toContain(m);
          }
        }),
        { numRuns: 400, seed: 15 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // 400 runs of real sed, each starting a shell for its e commands: minutes on a loaded machine.
  }, 180_000);

  it('accepts every script sed accepts (sandbox mode, no commands run)', () => {
    const safe = script.map((s) => s.replace(/e echo M\d+/g, 'p').replace(/[rw] \/dev\/null/g, 'p'));
    fc.assert(
      fc.property(safe, (s) => {
        const r = spawnSync('sed', ['--sandbox', '-n', '-e', s], { input: 'a\n', encoding: 'utf8' });
        if (r.status === 0) expect({ script: s, error: sedScriptEffects(s).error }).toEqual({ script: s, error: undefined });
      }),
      { numRuns: 300, seed: 15 },
    );
  });
});
