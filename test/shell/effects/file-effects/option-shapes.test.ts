import { describe, expect, it } from 'vitest';
import type { OptionShape } from '../../../../src/shell/options/options.js';
import { JQ_SHAPE } from '../../../../src/shell/programs/jq.js';
import { CLAUDE_CODE_READ_ONLY } from '../../../../src/shell/read-only/tables.js';

/**
 * The read-only table and the path-effect table describe the same tools' options. Where the
 * path-effect table thinks an option takes the next word as its value while the tool (and the
 * read-only table) takes none, the next word — a file the tool reads — is never seen by deny
 * rules: `column -t .env`, `strings -o .env`, `diff --context .env x`, `jq --tab . .env` all
 * printed the file that `Read(./.env)` denies. A program with a model in `src/shell/programs/` has
 * one grammar for both (see `test/shell/programs/registry.test.ts`); this covers the models that
 * still read their options with an option shape of their own.
 */
function shortLetters(optstring: string): { flags: Set<string>; withValue: Set<string> } {
  const flags = new Set<string>();
  const withValue = new Set<string>();
  for (let i = 0; i < optstring.length; i++) {
    const c = optstring[i]!;
    if (c === ':') continue;
    (optstring[i + 1] === ':' ? withValue : flags).add(c);
  }
  return { flags, withValue };
}

/** The option shapes still written by hand, by program name. */
const SHAPES: Readonly<Record<string, OptionShape>> = { jq: JQ_SHAPE };

const shared = Object.keys(CLAUDE_CODE_READ_ONLY).filter((name) => Object.prototype.hasOwnProperty.call(SHAPES, name));

describe('read-only and path-effect option tables agree on which options take the next word', () => {
  it('has commands in both tables', () => {
    expect(shared.length).toBeGreaterThan(0);
  });
  it.each(shared)('%s: no short flag of the read-only table takes a value in the path-effect table', (name) => {
    const entry = CLAUDE_CODE_READ_ONLY[name]!;
    const { flags } = shortLetters(entry.short ?? '');
    const shape = SHAPES[name]!;
    const swallowing = [...flags].filter((l) => (shape.shortArg ?? '').includes(l));
    expect(swallowing).toEqual([]);
  });
  it.each(shared)('%s: no long flag (or optional value) of the read-only table takes the next word in the path-effect table', (name) => {
    const entry = CLAUDE_CODE_READ_ONLY[name]!;
    const noNextWord = (entry.long ?? '')
      .split(/\s+/)
      .filter((o) => o !== '' && !/[^[]=$/.test(o))
      .map((o) => o.replace('[=]', ''));
    const shape = SHAPES[name]!;
    const swallowing = noNextWord.filter((o) => (shape.longArg ?? []).includes(o));
    expect(swallowing).toEqual([]);
  });
});
