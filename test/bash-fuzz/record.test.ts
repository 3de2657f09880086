import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadKnownFailures } from '../support/known-failures.js';
import { blockHeader, listKnownFailures } from '../support/bash-fuzz/record.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('shell fuzzer: listing what it found', () => {
  it('adds each id to its issue’s block, once, and the list stays readable', () => {
    const file = join(dir, 'known-failures.txt');
    writeFileSync(file, '# header\nRT-a fail-open #13\n');
    listKnownFailures(
      [
        { id: 'fuzz-a', issue: 14 },
        { id: 'fuzz-b', issue: 13 },
        { id: 'fuzz-c', issue: 14 },
        { id: 'RT-a', issue: 13 },
      ],
      file,
    );
    listKnownFailures(
      [
        { id: 'fuzz-d', issue: 13 },
        { id: 'fuzz-a', issue: 14 },
      ],
      file,
    );
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '# header',
        'RT-a fail-open #13',
        '',
        blockHeader(14),
        'fuzz-a fail-open #14',
        'fuzz-c fail-open #14',
        '',
        blockHeader(13),
        'fuzz-b fail-open #13',
        'fuzz-d fail-open #13',
        '',
      ].join('\n'),
    );
    expect([...loadKnownFailures(file).keys()]).toEqual(['RT-a', 'fuzz-a', 'fuzz-c', 'fuzz-b', 'fuzz-d']);
  });
});
