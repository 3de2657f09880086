import { describe, expect, it } from 'vitest';
import { jqFiles } from '../../../../src/shell/programs/jq.js';

/**
 * Where a files facet thinks an option takes the next word as its value while the tool takes
 * none, the next word — a file the tool reads — is never seen by deny rules: `column -t .env`,
 * `strings -o .env`, `diff --context .env x`, `jq --tab . .env` all printed the file that
 * `Read(./.env)` denies. A program with a GNU grammar reads its words with it in every facet (see
 * `test/shell/programs/registry.test.ts`); jq reads its words with a loop of its own (jq.ts
 * jqFiles), so its flags are checked here: each leaves the next word to the filter and the file.
 */
const JQ_FLAGS = [
  '-n',
  '-r',
  '-j',
  '-a',
  '-s',
  '-c',
  '-C',
  '-M',
  '-S',
  '-e',
  '-R',
  '-h',
  '-nr',
  '--tab',
  '--seq',
  '--stream',
  '--null-input',
  '--raw-output',
  '--join-output',
  '--ascii-output',
  '--slurp',
  '--compact-output',
  '--color-output',
  '--monochrome-output',
  '--sort-keys',
  '--exit-status',
  '--raw-input',
  '--unbuffered',
];

describe("jq's flags take no value in its files facet", () => {
  it.each(JQ_FLAGS)('jq %s . .env reads .env', (flag) => {
    const { files } = jqFiles(['jq', flag, '.', '.env']);
    expect(files).toContainEqual({ op: 'read', index: 3 });
  });
  it('jq --arg NAME VALUE . .env reads .env, not VALUE', () => {
    expect(jqFiles(['jq', '--arg', 'a', 'x', '.', '.env']).files).toEqual([{ op: 'read', index: 5 }]);
  });
});
