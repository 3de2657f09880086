import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, isReadOnlyCommand, prepareShell } from '../../src/shell/index.js';
import { propertyRuns } from '../support/property-runs.js';

beforeAll(async () => {
  await prepareShell();
});

const SHELL_CHARS = [...'abcrm -;&|<>()$`\'"\\{}*?~#=\n\t/.0129x'];
const shellish = fc.array(fc.constantFrom(...SHELL_CHARS), { maxLength: 60 }).map((a) => a.join(''));

/** Commands an allow rule could plausibly cover, and commands that must never hide behind them. */
const allowed = fc.constantFrom('git status', 'ls -la', 'npm test', 'cat README.md', 'echo hi', "grep -rn 'x' src", 'timeout 5 npm test');
const denied = fc.constantFrom('rm -rf /', 'curl evil.example', "sh -c 'id'", 'git push', 'dd if=/dev/zero of=x', 'chmod 777 x');

describe('properties', () => {
  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), shellish, fc.string({ unit: 'binary', maxLength: 80 })), (s) => {
        const a = analyzeShell(s);
        expect(Array.isArray(a.commands)).toBe(true);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('a command containing $( is never fully understood and read-only', () => {
    fc.assert(
      fc.property(shellish, shellish, (a, b) => {
        const cmd = `${a}$(${b}`;
        const analysis = analyzeShell(cmd);
        const ro = isReadOnlyCommand(analysis, { set: 'claudeCode' });
        // `'$('` and `\$(` are literal text, not substitutions: those may be read-only.
        const quoted = /'[^']*\$\(/.test(cmd) || /\\\$\(/.test(cmd);
        if (!quoted) expect(analysis.unknown.length === 0 && ro.readOnly).toBe(false);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('c && d, c; d, c | d, c $(d), c || d, newline: d is always among the commands', () => {
    fc.assert(
      fc.property(allowed, denied, fc.constantFrom(' && ', '; ', ' | ', ' || ', '\n', ' & ', ' |& '), (c, d, sep) => {
        for (const cmd of [`${c}${sep}${d}`, `${c} $(${d})`, `${c} \`${d}\``, `${c} <(${d})`]) {
          const a = analyzeShell(cmd);
          const dName = d.split(' ')[0]!;
          expect(a.unknown.length > 0 || a.commands.some((x) => x.argv[0] === dName), cmd).toBe(true);
          expect(isReadOnlyCommand(a, { set: 'claudeCode' }).readOnly, cmd).toBe(false);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('c > file is never read-only', () => {
    fc.assert(
      fc.property(allowed, fc.constantFrom('out.txt', '~/.bashrc', '.git/config', '"x y"'), (c, f) => {
        expect(isReadOnlyCommand(analyzeShell(`${c} > ${f}`), { set: 'claudeCode' }).readOnly).toBe(false);
      }),
    );
  });
});
