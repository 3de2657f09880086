import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeReport, reportsDiffer } from '../../scripts/api-report-compare.mjs';

const warn = (chunk: string, at: string, symbol: string) =>
  `// dist/types-${chunk}.d.cts:${at} - (ae-forgotten-export) The symbol "${symbol}" needs to be exported by the entry point gate.d.ts`;
const report = (...closing: string[]) =>
  ['```ts', 'export type X = Y;', '', '// Warnings were encountered during analysis:', '//', ...closing, '', '```', ''].join('\n');

describe('reportsDiffer (npm run api:check)', () => {
  it('ignores the chunk hashes and the order they give the closing warning list', () => {
    // Two builds of the gate report: the chunks renamed, so api-extractor lists the two warnings the other way round.
    const a = report(warn('BkDVFStG', '98:9', 'ReasonKind'), warn('Bl35AI5P', '91:5', 'PermissionMode'));
    const b = report(warn('zz9Q', '91:5', 'PermissionMode'), warn('Aa01', '98:9', 'ReasonKind'));
    expect(reportsDiffer(a, b)).toBe(false);
    expect(reportsDiffer(a, b.replace(/\n/g, '\r\n'))).toBe(false);
  });

  it('still sees a symbol added, removed or renamed, and any other change', () => {
    const a = report(warn('A', '98:9', 'ReasonKind'), warn('B', '91:5', 'PermissionMode'));
    expect(reportsDiffer(a, report(warn('A', '98:9', 'ReasonKind')))).toBe(true);
    expect(reportsDiffer(a, report(warn('A', '98:9', 'ReasonKind'), warn('B', '91:5', 'Mode')))).toBe(true);
    expect(reportsDiffer(a, report(warn('A', '98:9', 'ReasonKind'), warn('B', '91:5', 'PermissionMode'), warn('C', '1:1', 'X')))).toBe(
      true,
    );
    expect(reportsDiffer(a, a.replace('export type X = Y;', 'export type X = Z;'))).toBe(true);
    expect(reportsDiffer(undefined, a)).toBe(true);
    expect(reportsDiffer(a, undefined)).toBe(true);
  });

  it('sorts only within a run of consecutive warning lines: lines elsewhere keep their place', () => {
    const text = ['// Warning: (ae-forgotten-export) The symbol "B"', '//', 'x', '// Warning: (ae-forgotten-export) The symbol "A"'].join(
      '\n',
    );
    expect(normalizeReport(text)).toBe(text);
    const swapped = [
      '// Warning: (ae-forgotten-export) The symbol "A"',
      '//',
      'x',
      '// Warning: (ae-forgotten-export) The symbol "B"',
    ].join('\n');
    expect(reportsDiffer(text, swapped)).toBe(true);
  });

  it('finds the reports in etc/ equal to themselves with their closing lists reversed', () => {
    const gate = readFileSync('etc/toolgate-gate.api.md', 'utf8');
    const closing = gate.match(/(?:^\/\/ dist\/.*\n)+/m)?.[0] ?? '';
    expect(closing.split('\n').length).toBeGreaterThan(2);
    const reversed = closing.trimEnd().split('\n').reverse().join('\n') + '\n';
    expect(reportsDiffer(gate, gate.replace(closing, reversed))).toBe(false);
  });
});
