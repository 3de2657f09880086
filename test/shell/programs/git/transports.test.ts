/**
 * The arguments git-remote-ext gives an `ext::` address's command (builtin/remote-ext.c), and the
 * helpers other `<transport>::` URLs run.
 */
import { describe, expect, it } from 'vitest';
import { extArguments, transportPrograms, urlPrograms } from '../../../../src/shell/programs/git/transports.js';

describe('git ext:: addresses', () => {
  it('splits at unescaped spaces and decodes the placeholders git knows', () => {
    expect(extArguments('sh -c rm% -rf% .claude', 'git-upload-pack')).toEqual(['sh', '-c', 'rm -rf .claude']);
    expect(extArguments('a%%b %s %S', 'git-receive-pack')).toEqual(['a%b', 'receive-pack', 'git-receive-pack']);
    // Two spaces make an empty argument; a trailing one makes none.
    expect(extArguments('a  b ', 'git-upload-pack')).toEqual(['a', '', 'b']);
    // %G and %V at an argument's start are sent in the request, not passed.
    expect(extArguments('nc host 9418 %G/repo %Vhost', 'git-upload-pack')).toEqual(['nc', 'host', '9418']);
  });

  it('reads nothing from a placeholder git refuses', () => {
    expect(extArguments('sh -c %x', 'git-upload-pack')).toBeUndefined();
    expect(extArguments('sh a%G', 'git-upload-pack')).toBeUndefined();
    expect(extArguments('sh %', 'git-upload-pack')).toBeUndefined();
  });

  it('judges the command as its quoted arguments, without a shell', () => {
    expect(urlPrograms('ext::sh -c rm% -rf% x', 'fetch', 'git fetch')).toEqual([
      { kind: 'text', script: "'sh' '-c' 'rm -rf x'", what: 'git fetch (ext:: runs its address)' },
    ]);
    expect(urlPrograms('ext::sh %q', 'fetch', 'git fetch')[0]?.kind).toBe('opaque');
  });

  it('runs git-remote-<transport> for another helper, nothing for a plain URL or the http helpers', () => {
    expect(urlPrograms('foo::bar', 'fetch', 'git fetch')).toEqual([
      { kind: 'text', script: "git-remote-foo 'foo::bar' 'bar'", what: 'git fetch' },
    ]);
    expect(urlPrograms('https::example.com/x', 'fetch', 'git fetch')).toEqual([]);
    expect(urlPrograms('https://example.com/x.git', 'fetch', 'git fetch')).toEqual([]);
    expect(urlPrograms('git@host:x.git', 'fetch', 'git fetch')).toEqual([]);
  });

  it('takes a repository word that is not literal for a hidden ext:: URL, not a refspec after a literal one', () => {
    const firm = (argv: string[], literal: boolean[]): boolean =>
      transportPrograms(argv, literal, 1).some((u) => u.kind === 'unknown' && u.unseen === true);
    expect(firm(['git', 'fetch', '"$u"'], [true, true, false])).toBe(true);
    expect(firm(['git', 'fetch', '--depth', '1', '"$u"'], [true, true, true, true, false])).toBe(true);
    expect(firm(['git', 'fetch', '--multiple', 'origin', '"$u"'], [true, true, true, true, false])).toBe(true);
    expect(firm(['git', 'archive', '--remote="$u"', 'HEAD'], [true, true, false, true])).toBe(true);
    expect(firm(['git', 'remote', 'add', 'x', '"$u"'], [true, true, true, true, false])).toBe(true);
    expect(firm(['git', 'config', 'remote.x.url', '"$u"'], [true, true, true, false])).toBe(true);
    expect(firm(['git', 'push', 'origin', '"$b"'], [true, true, true, false])).toBe(false);
    expect(firm(['git', 'fetch', 'origin', '"$b"'], [true, true, true, false])).toBe(false);
    expect(firm(['git', 'config', 'user.name', '"$n"'], [true, true, true, false])).toBe(false);
  });

  it("takes an option's value for no repository, and an option word whose name is not literal for any option", () => {
    const firm = (argv: string[]): boolean =>
      transportPrograms(
        argv,
        argv.map((w) => !/[$`]/.test(w)),
        1,
      ).some((u) => u.kind === 'unknown' && u.unseen === true);
    expect(firm(['git', 'push', '-o', '"$x"', 'origin'])).toBe(false);
    expect(firm(['git', 'push', '--push-option', '"$x"', 'origin'])).toBe(false);
    expect(firm(['git', 'push', '--push-option="$x"', 'origin'])).toBe(false);
    expect(firm(['git', 'push', '-o"$x"', 'origin'])).toBe(false);
    expect(firm(['git', 'fetch', '-j', '"$n"', 'origin'])).toBe(false);
    expect(firm(['git', 'fetch', '--depth', '"$n"', 'origin'])).toBe(false);
    expect(firm(['git', 'ls-remote', '-o', '"$x"', 'origin'])).toBe(false);
    expect(firm(['git', 'push', '-$x', 'origin'])).toBe(true);
    expect(firm(['git', 'push', '--signed', '"$x"'])).toBe(true);
    expect(firm(['git', 'push', '-o', '"$x"', '"$r"'])).toBe(true);
    expect(firm(['git', 'fetch', '--', '"$r"'])).toBe(true);
  });
});
