import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseGnuOptions,
  resolveLongOption,
  describeGnuProblem,
  type GnuArgument,
  type GnuOptionSpec,
} from '../../../src/shell/options/gnu-options.js';
import { propertyRuns } from '../../support/property-runs.js';

const TIMEOUT: GnuOptionSpec = {
  short: '+k:s:v',
  long: {
    'kill-after': 'required',
    signal: 'required',
    'preserve-status': 'none',
    foreground: 'none',
    verbose: 'none',
    help: 'none',
    version: 'none',
  },
};
const WC: GnuOptionSpec = {
  short: 'clLmw',
  long: {
    bytes: 'none',
    chars: 'none',
    lines: 'none',
    'files0-from': 'required',
    'max-line-length': 'none',
    words: 'none',
    total: 'required',
    help: 'none',
    version: 'none',
  },
};
const LS_LIKE: GnuOptionSpec = {
  short: 'alI:w:',
  long: { all: 'none', color: 'optional', colour: { argument: 'optional', same: 'color' }, ignore: 'required', width: 'required' },
};

const ok = (r: ReturnType<typeof parseGnuOptions>) => {
  if (!r.ok) throw new Error(`expected ok, got ${r.problem} at ${r.word}`);
  return r;
};

describe('parseGnuOptions', () => {
  it('finds where a wrapper stops: timeout --k 1 5 rm', () => {
    const r = ok(parseGnuOptions(['timeout', '--k', '1', '5', 'rm', '-rf', 'x'], TIMEOUT));
    expect(r.options).toEqual([{ name: 'kill-after', kind: 'long', value: '1', index: 1, valueIndex: 2, word: '--k' }]);
    expect(r.operands.map((o) => o.text)).toEqual(['5', 'rm', '-rf', 'x']);
  });
  it('a stop-at-operand tool keeps later dashes as operands; a permuting one reads them', () => {
    expect(ok(parseGnuOptions(['timeout', '5', 'ls', '-l'], TIMEOUT)).operands).toHaveLength(3);
    const wc = ok(parseGnuOptions(['wc', 'a', '-l', 'b'], WC));
    expect(wc.options.map((o) => o.name)).toEqual(['l']);
    expect(wc.operands.map((o) => o.text)).toEqual(['a', 'b']);
  });
  it('long values: =, next word, abbreviations, exact names beat longer ones', () => {
    expect(ok(parseGnuOptions(['wc', '--files0=x'], WC)).options[0]).toMatchObject({ name: 'files0-from', value: 'x' });
    expect(ok(parseGnuOptions(['wc', '--files0-from', '-'], WC)).options[0]).toMatchObject({
      name: 'files0-from',
      value: '-',
      valueIndex: 2,
    });
    expect(ok(parseGnuOptions(['wc', '--li'], WC)).options[0]!.name).toBe('lines');
    const exact: GnuOptionSpec = { long: { include: 'required', 'include-from': 'required' } };
    expect(ok(parseGnuOptions(['g', '--include=*.ts'], exact)).options[0]!.name).toBe('include');
    expect(parseGnuOptions(['g', '--incl=x'], exact)).toMatchObject({
      ok: false,
      problem: 'ambiguous',
      candidates: ['include', 'include-from'],
    });
  });
  it('unknown, ambiguous, missing and unexpected values name the word', () => {
    expect(parseGnuOptions(['wc', '--nope'], WC)).toMatchObject({ ok: false, problem: 'unknown', word: '--nope', index: 1 });
    expect(parseGnuOptions(['wc', '-lq'], WC)).toMatchObject({ ok: false, problem: 'unknown', word: '-lq' });
    expect(parseGnuOptions(['wc', '--'], WC)).toMatchObject({ ok: true, endOfOptions: 1 });
    expect(parseGnuOptions(['wc', '--='], WC)).toMatchObject({ ok: false, problem: 'unknown' });
    expect(parseGnuOptions(['wc', '--files0-from'], WC)).toMatchObject({ ok: false, problem: 'missingValue' });
    expect(parseGnuOptions(['wc', '--lines=3'], WC)).toMatchObject({ ok: false, problem: 'unexpectedValue' });
    const amb = parseGnuOptions(['timeout', '--s', 'x'], { long: { signal: 'required', 'signal-all': 'none' } });
    expect(amb.ok).toBe(false);
    if (!amb.ok) expect(describeGnuProblem(amb)).toBe('--s is ambiguous (--signal, --signal-all)');
  });
  it('aliases of one option are not ambiguous (getopt_long compares what they do)', () => {
    expect(ok(parseGnuOptions(['ls', '--col'], LS_LIKE)).options[0]!.name).toBe('color');
  });
  it('short letters: combined, attached values, next-word values, optional values attached only', () => {
    const r = ok(parseGnuOptions(['ls', '-alI*.o', '-w', '--', 'x'], LS_LIKE));
    expect(r.options.map((o) => [o.name, o.value])).toEqual([
      ['a', undefined],
      ['l', undefined],
      ['I', '*.o'],
      ['w', '--'],
    ]);
    expect(r.operands.map((o) => o.text)).toEqual(['x']);
    const sed = ok(parseGnuOptions(['sed', '-i', 's/a/b/', 'f'], { short: 'i::n' }));
    expect(sed.options).toEqual([{ name: 'i', kind: 'short', index: 1, word: '-i' }]);
    expect(sed.operands.map((o) => o.text)).toEqual(['s/a/b/', 'f']);
    expect(ok(parseGnuOptions(['sed', '-i.bak', 'f'], { short: 'i::n' })).options[0]!.value).toBe('.bak');
    expect(ok(parseGnuOptions(['xxd', '-', 'x'], { short: 'p' })).operands).toHaveLength(2);
  });
  it('-NUM only where the tool has it', () => {
    expect(ok(parseGnuOptions(['head', '-20', 'a'], { short: 'n:', numeric: true })).options[0]).toMatchObject({ name: '#', value: '20' });
    expect(parseGnuOptions(['wc', '-20'], WC).ok).toBe(false);
  });
  it('W; reads -W NAME[=VALUE] as --NAME, as getopt_long does for gawk', () => {
    const AWK: GnuOptionSpec = {
      short: '+f:W;',
      long: { source: 'required', 'dump-variables': 'optional', profile: 'optional', version: 'none' },
    };
    const sep = ok(parseGnuOptions(['gawk', '-W', 'source', '{print}', 'in'], AWK));
    expect(sep.options).toEqual([{ name: 'source', kind: 'long', value: '{print}', index: 2, valueIndex: 3, word: 'source' }]);
    expect(sep.operands.map((o) => o.text)).toEqual(['in']);
    expect(ok(parseGnuOptions(['gawk', '-W', 'dump=v.txt', 'BEGIN{}'], AWK)).options[0]).toMatchObject({
      name: 'dump-variables',
      value: 'v.txt',
      index: 2,
    });
    expect(ok(parseGnuOptions(['gawk', '-Wprofile', 'BEGIN{}'], AWK)).options[0]).toMatchObject({ name: 'profile', index: 1 });
    expect(ok(parseGnuOptions(['gawk', '-Wprofile', 'BEGIN{}'], AWK)).operands).toHaveLength(1);
    // A name gawk lacks is mawk's own -W option: the letter with that word as its value.
    expect(ok(parseGnuOptions(['mawk', '-W', 'interactive', 'p'], AWK)).options[0]).toMatchObject({
      name: 'W',
      value: 'interactive',
      valueIndex: 2,
    });
    expect(parseGnuOptions(['gawk', '-W', 'version=1'], AWK)).toMatchObject({ ok: false, problem: 'unexpectedValue' });
    expect(parseGnuOptions(['gawk', '-W', 'source'], AWK)).toMatchObject({ ok: false, problem: 'missingValue' });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: a random spec, random options written in any legal spelling, parse them back.

const letterArb = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
const argArb: fc.Arbitrary<GnuArgument> = fc.constantFrom('none', 'required', 'optional');
const longNameArb = fc.stringMatching(/^[a-z][a-z0-9-]{0,9}$/);

const specArb = fc
  .record({
    short: fc.uniqueArray(fc.tuple(letterArb, argArb), { selector: (t) => t[0], maxLength: 8 }),
    long: fc.uniqueArray(fc.tuple(longNameArb, argArb), { selector: (t) => t[0], minLength: 1, maxLength: 8 }),
  })
  .map(({ short, long }) => ({
    short: short.map(([l, a]) => l + (a === 'required' ? ':' : a === 'optional' ? '::' : '')).join(''),
    shortList: short,
    long: Object.fromEntries(long) as Record<string, GnuArgument>,
  }));

/** Shortest prefix of `name` that getopt_long resolves to it (exact name if none shorter). */
function shortestPrefix(name: string, all: readonly string[]): string {
  for (let n = 1; n < name.length; n++) {
    const p = name.slice(0, n);
    if (!all.includes(p) && all.filter((x) => x.startsWith(p)).length === 1) return p;
  }
  return name;
}

const valueArb = fc.stringMatching(/^[a-z0-9./=-]{1,6}$/);
const operandArb = fc.stringMatching(/^[a-z0-9./][a-z0-9./-]{0,6}$/);

describe('parseGnuOptions properties', () => {
  it('round trip: options written long or short, abbreviated or not, parse back to the same options and operands', () => {
    fc.assert(
      fc.property(
        specArb,
        fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.boolean(), valueArb), { maxLength: 6 }),
        fc.array(operandArb, { maxLength: 3 }),
        (spec, picks, ops) => {
          const longNames = Object.keys(spec.long);
          const argv = ['tool'];
          const expected: Array<[string, string | undefined]> = [];
          for (const [n, useShort, abbreviate, value] of picks) {
            if (useShort && spec.shortList.length > 0) {
              const [letter, arg] = spec.shortList[n % spec.shortList.length]!;
              if (arg === 'none') (argv.push('-' + letter), expected.push([letter, undefined]));
              else if (arg === 'optional' || abbreviate) (argv.push('-' + letter + value), expected.push([letter, value]));
              else (argv.push('-' + letter, value), expected.push([letter, value]));
            } else {
              const name = longNames[n % longNames.length]!;
              const arg = spec.long[name]!;
              const written = '--' + (abbreviate ? shortestPrefix(name, longNames) : name);
              if (arg === 'none') (argv.push(written), expected.push([name, undefined]));
              else if (arg === 'optional' || abbreviate) (argv.push(`${written}=${value}`), expected.push([name, value]));
              else (argv.push(written, value), expected.push([name, value]));
            }
          }
          argv.push('--', ...ops);
          const r = parseGnuOptions(argv, spec);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(r.options.map((o) => [o.name, o.value])).toEqual(expected);
          expect(r.operands.map((o) => o.text)).toEqual(ops);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('abbreviations: a prefix resolves exactly when it is a name or starts only one name', () => {
    fc.assert(
      fc.property(specArb, fc.stringMatching(/^[a-z][a-z0-9-]{0,4}$/), (spec, given) => {
        const names = Object.keys(spec.long);
        const r = resolveLongOption(spec, given);
        const starts = names.filter((n) => n.startsWith(given));
        if (names.includes(given)) expect(r).toMatchObject({ ok: true, name: given });
        else if (starts.length === 1) expect(r).toMatchObject({ ok: true, name: starts[0] });
        else if (starts.length === 0) expect(r).toMatchObject({ ok: false, problem: 'unknown' });
        else expect(r).toMatchObject({ ok: false, problem: 'ambiguous' });
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('combined short letters parse like the letters written apart', () => {
    fc.assert(
      fc.property(specArb, fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), (spec, picks) => {
        const flags = spec.shortList.filter(([, a]) => a === 'none').map(([l]) => l);
        fc.pre(flags.length > 0);
        const letters = picks.map((n) => flags[n % flags.length]!);
        const together = parseGnuOptions(['t', '-' + letters.join(''), 'op'], spec);
        const apart = parseGnuOptions(['t', ...letters.map((l) => '-' + l), 'op'], spec);
        expect(together.ok && apart.ok).toBe(true);
        if (together.ok && apart.ok) {
          expect(together.options.map((o) => o.name)).toEqual(apart.options.map((o) => o.name));
          expect(together.operands.map((o) => o.text)).toEqual(['op']);
        }
      }),
    );
  });

  it('never throws and every word is either an option, a value, an operand or the `--`', () => {
    fc.assert(
      fc.property(
        specArb,
        fc.array(fc.oneof(valueArb, fc.constantFrom('-', '--', '-a', '--x=1')), { maxLength: 8 }),
        fc.boolean(),
        (spec, words, stop) => {
          const argv = ['t', ...words];
          const r = parseGnuOptions(argv, { ...spec, stopAtOperand: stop });
          if (!r.ok) {
            expect(argv[r.index]).toBe(r.word);
            return;
          }
          const seen = new Set<number>();
          for (const o of r.options) {
            seen.add(o.index);
            if (o.valueIndex !== undefined) seen.add(o.valueIndex);
          }
          for (const o of r.operands) seen.add(o.index);
          if (r.endOfOptions !== undefined) seen.add(r.endOfOptions);
          for (let k = 1; k < argv.length; k++) expect(seen.has(k)).toBe(true);
        },
      ),
    );
  });
});

describe('tools with their own option loops', () => {
  it('exact long names only (abbreviations: false)', () => {
    const rg: GnuOptionSpec = { long: { pre: 'required', 'pre-glob': 'required', files: 'none' }, abbreviations: false };
    expect(parseGnuOptions(['rg', '--pr', 'x'], rg)).toMatchObject({ ok: false, problem: 'unknown' });
    expect(parseGnuOptions(['rg', '--files'], rg).ok).toBe(true);
  });
  it('separate values: tree -Lo 2 out takes two next words, so it is unknown here', () => {
    const tree: GnuOptionSpec = { short: 'aL:o:', separateValues: true };
    expect(parseGnuOptions(['tree', '-Lo', '2', 'out'], tree)).toMatchObject({ ok: false, problem: 'unknown', word: '-Lo' });
    expect(parseGnuOptions(['tree', '-L2'], tree)).toMatchObject({ ok: false, problem: 'unknown' });
    expect(parseGnuOptions(['tree', '-aL', '2', 'src'], tree)).toMatchObject({ ok: true, operands: [{ index: 3, text: 'src' }] });
  });
});
