import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchBashPattern } from '../../src/rules/index.js';
import { propertyRuns } from '../support/property-runs.js';

const yes = (p: string, c: string) => expect(matchBashPattern(p, c), `${p} ~ ${c}`).toBe(true);
const no = (p: string, c: string) => expect(matchBashPattern(p, c), `${p} !~ ${c}`).toBe(false);

describe('matchBashPattern', () => {
  it('exact match', () => {
    yes('npm run build', 'npm run build');
    no('npm run build', 'npm run build:prod');
    no('npm run build', 'npm run');
  });
  it('trailing " *" matches the bare prefix with a word boundary', () => {
    yes('ls *', 'ls');
    yes('ls *', 'ls -la');
    no('ls *', 'lsof');
    yes('ls*', 'lsof');
    yes('git stash *', 'git stash');
    yes('git status *', 'git status');
  });
  it('legacy ":*" is the same as " *", only at the end', () => {
    yes('ls:*', 'ls');
    yes('ls:*', 'ls -la');
    no('ls:*', 'lsof');
    yes('npm:*', 'npm install');
    no('git:* push', 'git push');
    yes('git:* push', 'git:x push');
    yes('git -C * show:*', 'git -C /srv/repo show HEAD');
    yes('git -C * show:*', 'git -C /srv/repo show');
  });
  it('"*" anywhere spans spaces', () => {
    yes('git * main', 'git push origin main');
    yes('git * main', 'git merge main');
    yes('git * main', 'git checkout main');
    no('git * main', 'git main');
    no('git * main', 'git push origin main2');
    yes('* install', 'npm install');
    yes('* --version', 'node --version');
    yes('* --help *', 'git --help');
    yes('* --help *', 'git --help commit');
    yes('ssh * uptime *', 'ssh web1 uptime');
    yes('ssh * uptime *', 'ssh web1 uptime -p');
    no('ssh * uptime *', 'ssh web1 uptimex');
  });
  it('quoted arguments are just text', () => {
    yes('msbuild *', 'msbuild "-p:Configuration=Release" app.sln');
    yes('cat *', "cat 'hello()'");
  });
  it('whitespace runs count as one space', () => {
    yes('rm -rf *', 'rm  -rf   /tmp/x');
    yes('rm -rf *', '  rm\t-rf x  ');
    yes('git  status', 'git status');
  });
  it('escapes: \\* is a literal star', () => {
    yes('echo \\*', 'echo *');
    no('echo \\*', 'echo hi');
    yes('find . -name \\*.ts', 'find . -name *.ts');
  });
  it('"*" alone matches anything, even an empty command', () => {
    yes('*', '');
    yes('*', 'rm -rf /');
  });
  it('a match across newlines', () => {
    yes('bash -c *', "bash -c 'a\nb'");
  });
  it('is case-sensitive', () => {
    no('ls *', 'LS -la');
  });
  it('never throws and is consistent with a reference regex', () => {
    const unit = fc.constantFrom('a', 'b', ' ', '*', ':', '\\', '-');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 12 }),
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', ':', '-', '*'), maxLength: 14 }),
        (p, c) => {
          const got = matchBashPattern(p, c);
          // Reference: the documented semantics as a regex, on squeezed inputs, without escapes.
          if (p.includes('\\')) return;
          const sq = (s: string) => s.replace(/[ \t]+/g, ' ').trim();
          let spec = sq(p);
          const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '.*');
          let re: RegExp;
          if (spec.endsWith(':*') && spec.length > 2) spec = `${spec.slice(0, -2).trimEnd()} *`;
          if (spec.endsWith(' *')) re = new RegExp(`^${esc(spec.slice(0, -2))}( .*)?$`, 's');
          else re = new RegExp(`^${esc(spec)}$`, 's');
          expect(got).toBe(re.test(sq(c)));
        },
      ),
      { numRuns: propertyRuns(5000) },
    );
    fc.assert(fc.property(fc.string(), fc.string(), (p, c) => typeof matchBashPattern(p, c) === 'boolean'));
  });
  it('handles hostile patterns quickly (no backtracking blow-up)', () => {
    const p = '*a'.repeat(200) + '*b';
    const c = 'a'.repeat(5000);
    expect(matchBashPattern(p, c)).toBe(false);
  });
});
