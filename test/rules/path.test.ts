import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ignore from 'ignore';
import { matchPathRule, parseRule } from '../../src/rules/index.js';
import type { PathMatchContext, Rule } from '../../src/rules/index.js';
import type { RuleList } from '../../src/core/types.js';
import { propertyRuns } from '../support/property-runs.js';

const rule = (text: string): Rule => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(text);
  return r.rule;
};
const linux = (list: RuleList, extra: Partial<PathMatchContext> = {}): PathMatchContext => ({
  cwd: '/home/user/project',
  home: '/home/user',
  slashAnchor: '/home/user/project',
  platform: 'linux',
  list,
  ...extra,
});
const m = (text: string, path: string, list: RuleList = 'deny', extra: Partial<PathMatchContext> = {}) =>
  matchPathRule(rule(text), path, linux(list, extra));

describe('matchPathRule: anchors', () => {
  it('bare file names match at any depth under cwd, never above it', () => {
    expect(m('Read(.env)', '/home/user/project/.env')).toBe(true);
    expect(m('Read(.env)', '/home/user/project/sub/dir/.env')).toBe(true);
    expect(m('Read(.env)', '/home/user/.env')).toBe(false);
    expect(m('Read(.env)', '../.env')).toBe(false);
    expect(m('Read(.env)', 'sub/dir/.env')).toBe(true);
    expect(m('Read(.env)', '/home/user/project/.env.local')).toBe(false);
  });
  it('./p, p and /p (slash anchor = project) name the project-root file', () => {
    expect(m('Read(./.env)', '/home/user/project/.env')).toBe(true);
    expect(m('Read(/.env)', '/home/user/project/.env')).toBe(true);
    expect(m('Read(/.env)', '/home/user/project/sub/.env')).toBe(false);
  });
  it('//abs is absolute', () => {
    expect(m('Read(//etc/passwd)', '/etc/passwd')).toBe(true);
    expect(m('Read(//etc/passwd)', '/home/user/project/etc/passwd')).toBe(false);
    expect(m('Read(//**/.env)', '/srv/x/.env')).toBe(true);
    expect(m('Read(//**/.env)', '/.env')).toBe(true);
    expect(m('Read(//tmp)', '/tmp/a/b')).toBe(true);
    expect(m('Read(//tmp)', '/var/tmp')).toBe(false);
  });
  it('~/p is under home', () => {
    expect(m('Read(~/.ssh/**)', '/home/user/.ssh/id_rsa')).toBe(true);
    expect(m('Read(~/.ssh/**)', '~/.ssh/id_rsa')).toBe(true);
    expect(m('Read(~/.ssh/**)', '/home/user/project/.ssh/id_rsa')).toBe(false);
    expect(m('Read(~/.ssh/**)', '/home/other/.ssh/id_rsa')).toBe(false);
    expect(m('Read(~/Documents/*.pdf)', '/home/user/Documents/a.pdf')).toBe(true);
  });
  it('~/** and //** cover everything under their anchor', () => {
    expect(m('Read(~/**)', '/home/user/notes/todo.txt')).toBe(true);
    expect(m('Read(~/**)', '/home/user')).toBe(true);
    expect(m('Read(~/**)', '/home/userx/a')).toBe(false);
    expect(m('Read(//**)', '/anything/at/all')).toBe(true);
    expect(m('Read(~)', '/home/user/a/b')).toBe(true);
  });
  it('/p anchors at slashAnchor (settings file root)', () => {
    const ctx = { slashAnchor: '/home/user/.claude' };
    expect(m('Read(/secrets/**)', '/home/user/project/secrets/a', 'deny', ctx)).toBe(false);
    expect(m('Read(/secrets/**)', '/home/user/.claude/secrets/a', 'deny', ctx)).toBe(true);
    expect(m('Read(/secrets/**)', '/home/user/project/secrets/a')).toBe(true);
  });
  it('../ climbs from the cwd', () => {
    expect(m('Read(../shared/**)', '/home/user/shared/x')).toBe(true);
    expect(m('Read(../shared/**)', '/home/user/project/shared/x')).toBe(false);
  });
  it('an unnormalised path is normalised first', () => {
    expect(m('Read(./.env)', '/home/user/project/sub/../.env')).toBe(true);
    expect(m('Read(//etc/passwd)', '/tmp/../etc//passwd')).toBe(true);
  });
});

describe('matchPathRule: globs', () => {
  it('* stays in one segment, ** crosses them', () => {
    expect(m('Edit(/src/*.ts)', '/home/user/project/src/a.ts')).toBe(true);
    expect(m('Edit(/src/*.ts)', '/home/user/project/src/x/a.ts')).toBe(false);
    expect(m('Edit(/src/**/*.ts)', '/home/user/project/src/x/y/a.ts')).toBe(true);
    expect(m('Edit(/src/**/*.ts)', '/home/user/project/src/a.ts')).toBe(true);
    expect(m('Read(**/.env*)', '/home/user/project/server/.env')).toBe(true);
    expect(m('Read(**/.env*)', '/home/user/project/.env.production')).toBe(true);
  });
  it('**/dir/* and **/dir/** deny writes inside the directory', () => {
    expect(m('Edit(**/.claude/*)', '/home/user/project/.claude/rules/test.txt')).toBe(true);
    expect(m('Edit(**/.claude/**)', '/home/user/project/.claude/rules/test.txt')).toBe(true);
  });
  it('/src/* : gitignore (covers contents) in deny, one segment in allow', () => {
    expect(m('Edit(/src/*)', '/home/user/project/src/sub/a.ts', 'deny')).toBe(true);
    expect(m('Edit(/src/*)', '/home/user/project/src/sub/a.ts', 'ask')).toBe(true);
    expect(m('Edit(/src/*)', '/home/user/project/src/sub/a.ts', 'allow')).toBe(false);
    expect(m('Edit(/src/*)', '/home/user/project/src/a.ts', 'allow')).toBe(true);
  });
  it('a named directory covers its contents in every list', () => {
    expect(m('Edit(/docs)', '/home/user/project/docs/a/b.md', 'allow')).toBe(true);
    expect(m('Read(secrets)', '/home/user/project/x/secrets/key', 'deny')).toBe(true);
  });
  it('trailing / means a directory; deny also treats the path itself as one', () => {
    expect(m('Read(secrets/)', '/home/user/project/secrets/a', 'deny')).toBe(true);
    expect(m('Read(secrets/)', '/home/user/project/secrets', 'deny')).toBe(true);
    expect(m('Read(secrets/)', '/home/user/project/secrets', 'allow')).toBe(false);
  });
  it('in deny/ask, dir/** covers the directory itself (a Grep over it reads its contents)', () => {
    expect(m('Read(./secrets/**)', '/home/user/project/secrets', 'deny')).toBe(true);
    expect(m('Read(./secrets/**)', '/home/user/project/a/secrets', 'ask')).toBe(true);
    expect(m('Read(/secrets/**)', '/home/user/project/secrets', 'deny')).toBe(true);
    expect(m('Read(/secrets/**)', '/home/user/project/secrets', 'allow')).toBe(false);
    expect(m('Read(/secrets/**)', '/home/user/project/secretsx', 'deny')).toBe(false);
  });
  it('?, [abc] and dotfiles', () => {
    expect(m('Read(/a?.txt)', '/home/user/project/ab.txt')).toBe(true);
    expect(m('Read(/[ab].txt)', '/home/user/project/b.txt')).toBe(true);
    expect(m('Read(/[ab].txt)', '/home/user/project/c.txt')).toBe(false);
    expect(m('Read(*)', '/home/user/project/.hidden')).toBe(false); // Read(*) is the bare Read rule
    expect(m('Read(/*)', '/home/user/project/.hidden')).toBe(true);
  });
  it('# and ! are names, not gitignore syntax', () => {
    expect(m('Read(#notes)', '/home/user/project/#notes')).toBe(true);
    expect(m('Read(!x)', '/home/user/project/!x')).toBe(true);
  });
});

describe('matchPathRule: single-segment directory patterns by list', () => {
  it('Edit(src/**) allow = <cwd>/src/** only; deny/ask = any depth under cwd', () => {
    expect(m('Edit(src/**)', '/home/user/project/src/a.js', 'allow')).toBe(true);
    expect(m('Edit(src/**)', '/home/user/project/vendor/pkg/src/lib.js', 'allow')).toBe(false);
    expect(m('Edit(src/**)', '/home/user/project/vendor/pkg/src/lib.js', 'deny')).toBe(true);
    expect(m('Read(secrets/**)', '/home/user/project/a/b/secrets/x', 'ask')).toBe(true);
    expect(m('Read(secrets/**)', '/home/user/secrets/x', 'deny')).toBe(false);
  });
  it('/src/**, src/components/** and **/src/** are the same in every list', () => {
    for (const list of ['allow', 'deny'] as const) {
      expect(m('Edit(/src/**)', '/home/user/project/vendor/src/a', list)).toBe(false);
      expect(m('Edit(src/components/**)', '/home/user/project/x/src/components/a', list)).toBe(false);
      expect(m('Edit(src/components/**)', '/home/user/project/src/components/a', list)).toBe(true);
      expect(m('Edit(**/src/**)', '/home/user/project/vendor/src/a', list)).toBe(true);
    }
  });
  it('./src/** behaves like src/**', () => {
    expect(m('Edit(./src/**)', '/home/user/project/vendor/src/a', 'allow')).toBe(false);
    expect(m('Read(./secrets/**)', '/home/user/project/docs/secrets/key.txt', 'deny')).toBe(true);
  });
});

describe('matchPathRule: case and platforms', () => {
  it('linux is case-sensitive', () => {
    expect(m('Read(./Secret.txt)', '/home/user/project/SECRET.TXT', 'deny')).toBe(false);
  });
  it('macOS: deny/ask fold case, allow does not', () => {
    const mac = { platform: 'macos' as const, cwd: '/Users/user/project', home: '/Users/user', slashAnchor: '/Users/user/project' };
    expect(m('Read(./Secret.txt)', '/Users/user/project/SECRET.TXT', 'deny', mac)).toBe(true);
    expect(m('Read(./Secret.txt)', '/users/USER/project/secret.txt', 'deny', mac)).toBe(true);
    expect(m('Read(./Secret.txt)', '/Users/user/project/SECRET.TXT', 'allow', mac)).toBe(false);
  });
  it('windows: paths normalised to /c/..., case-insensitive', () => {
    const win = {
      platform: 'windows' as const,
      cwd: 'C:\\Users\\user\\project',
      home: 'C:\\Users\\user',
      slashAnchor: 'C:\\Users\\user\\project',
    };
    expect(m('Read(//c/Users/user/Contacts/**)', 'C:\\Users\\user\\Contacts\\list.vcf', 'deny', win)).toBe(true);
    expect(m('Read(//c/Users/user/Contacts/**)', 'c:/users/USER/contacts/list.vcf', 'deny', win)).toBe(true);
    expect(m('Read(//c/**/.env)', 'C:\\work\\app\\.env', 'deny', win)).toBe(true);
    expect(m('Read(//c/**/.env)', 'D:\\work\\app\\.env', 'deny', win)).toBe(false);
    expect(m('Read(//**/.env)', 'D:\\work\\app\\.env', 'deny', win)).toBe(true);
    expect(m('Read(.env)', 'C:\\Users\\user\\project\\sub\\.ENV', 'deny', win)).toBe(true);
    expect(m('Read(~/.ssh/**)', 'C:\\Users\\user\\.ssh\\id_rsa', 'deny', win)).toBe(true);
    expect(m('Edit(src/**)', 'C:\\Users\\user\\project\\src\\a.ts', 'allow', win)).toBe(true);
    expect(m('Read(C:\\Users\\user\\Secrets\\**)', 'C:\\Users\\user\\Secrets\\k', 'deny', win)).toBe(true);
  });
  it('windows: an 8.3 alias is a different spelling lexically (realpath needed)', () => {
    const win = {
      platform: 'windows' as const,
      cwd: 'C:\\Users\\user\\project',
      home: 'C:\\Users\\user',
      slashAnchor: 'C:\\Users\\user\\project',
    };
    expect(m('Read(//c/Users/user/Secrets/**)', 'C:\\Users\\user\\SECRET~1\\key.txt', 'deny', win)).toBe(false);
  });
});

describe('matchPathRule: inert rules', () => {
  it('ignored and non-path rules never match', () => {
    expect(m('Write(**)', '/home/user/project/a')).toBe(false);
    expect(matchPathRule(rule('Bash(ls)'), '/home/user/project/a', linux('deny'))).toBe(false);
  });
});

describe('matchPathRule agrees with ignore (deny lists, property)', () => {
  const seg = fc.constantFrom('a', 'b', '.env', 'src', 'x.ts', '*', '**', '*.ts', 'a?');
  const pathSeg = fc.constantFrom('a', 'b', '.env', 'src', 'x.ts', 'y.ts', 'ab');
  it('for anchored /patterns, deny matching equals ignore().ignores()', () => {
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), fc.array(pathSeg, { minLength: 1, maxLength: 5 }), (ps, xs) => {
        const pattern = `/${ps.join('/')}`;
        const rel = xs.join('/');
        const ig = ignore({ ignorecase: false }).add(pattern);
        // The documented deny extensions: the path as a directory, and a dir whose contents `/**` names.
        const expected = ig.ignores(rel) || ig.ignores(`${rel}/`) || (pattern.endsWith('/**') && ig.ignores(`${rel}/x`));
        expect(m(`Read(${pattern})`, `/home/user/project/${rel}`, 'deny')).toBe(expected);
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
  it('allow never matches more than deny', () => {
    fc.assert(
      fc.property(
        fc.array(seg, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.array(pathSeg, { minLength: 1, maxLength: 5 }),
        (ps, anchored, xs) => {
          const pattern = `${anchored ? '/' : ''}${ps.join('/')}`;
          if (pattern === '*') return;
          const path = `/home/user/project/${xs.join('/')}`;
          if (m(`Read(${pattern})`, path, 'allow')) expect(m(`Read(${pattern})`, path, 'deny')).toBe(true);
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe('matchPathRule never throws', () => {
  it('on random patterns and paths, every platform and list', () => {
    const unit = fc.constantFrom('a', '/', '\\', '*', '?', '[', ']', '!', '#', ' ', '.', '~', ':', 'C');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 12 }),
        fc.string({ unit, maxLength: 16 }),
        fc.constantFrom('linux', 'macos', 'windows') as fc.Arbitrary<'linux' | 'macos' | 'windows'>,
        fc.constantFrom('allow', 'ask', 'deny') as fc.Arbitrary<RuleList>,
        (pattern, p, platform, list) => {
          const r: Rule = { text: '', tool: 'Read', toolIsGlob: false, family: 'path', specifier: pattern };
          const got = matchPathRule(r, p, { ...linux(list), platform });
          expect(typeof got).toBe('boolean');
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });
});
